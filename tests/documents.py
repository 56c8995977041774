"""The repository's documents as the tests read them: their links, anchors and mentions of
other documents, and the rule ids the engine can cite.

Markdown is read by the same markdown-it-py set-up that renders the rules pages
(:func:`tools.pages.markdown`), so an anchor is what the page, and GitHub, give
an id: a heading's slug or an explicit ``<a id="R4">``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

from service.terra_turrium import OPTIONS, Reason
from tools.pages import markdown

ROOT = Path(__file__).resolve().parents[1]

#: Where the documents a reader is sent to live: the README and docs/.
MARKDOWN = (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))

#: Text that may name a document: the Markdown above, the OpenAPI document, and every
#: text file of the service (docstrings, strings, pages, scripts, style sheets).
SERVICE_TEXT = (".py", ".html", ".js", ".css", ".yaml", ".md", ".txt")

#: A mention of a Markdown file, with the anchor it may name: ``docs/rules.md#R4``,
#: ``notation.md``. A URL (``https://…/README.md``) is never one.
MENTION = re.compile(r"(?<![\w/.:~-])((?:\.{1,2}/|[\w-]+/)*[\w.-]*\w\.md)(?:#([\w-]+))?\b")

#: The exceptions whose first argument (or ``rule=``) is a rule id.
RULE_ERRORS = frozenset({"RuleError", "InvalidPositionError", "InvalidQueryError", "IllegalTurnError"})

#: Terra Turrium's rules document and the code that cites its ids.
RULES_DOCUMENT = ROOT / "docs" / "rules.md"
CITING_CODE = (ROOT / "service" / "terra_turrium", ROOT / "service" / "api" / "terra_turrium")


@dataclass(frozen=True)
class Problem:
    """A reference that leads nowhere: in ``where``, ``what`` is wrong."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.ids.update(value for name, value in attrs if name == "id" and value)


def html_ids(html: str) -> set[str]:
    """Every ``id`` attribute of an HTML text."""
    parser = _Ids()
    parser.feed(html)
    return parser.ids


@cache
def anchors(path: Path) -> frozenset[str]:
    """The anchors of a Markdown file: the ids of its rendered HTML."""
    return frozenset(html_ids(markdown().render(path.read_text(encoding="utf-8"))))


def links(text: str) -> Iterator[str]:
    """The target of every link and image of a Markdown text, in order."""
    for token in markdown().parse(text):
        for child in token.children or ():
            if child.type == "link_open":
                yield str(child.attrGet("href"))
            elif child.type == "image":
                yield str(child.attrGet("src"))


def relative(path: Path) -> str:
    """``path`` as the repository names it (as given, if outside the repository)."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _resolve(name: str, origin: Path, root: Path) -> Path | None:
    """The repository file ``name`` means in ``origin``: relative to ``origin``'s
    directory, or else to the repository's top level (``/…`` only to the top level)."""
    candidates = [root / name.lstrip("/")] if name.startswith("/") else [origin.parent / name, root / name]
    for candidate in candidates:
        resolved = candidate.resolve()
        if resolved.is_relative_to(root) and resolved.is_file():
            return resolved
    return None


def _check_anchor(target: Path, anchor: str, where: str, reference: str) -> list[Problem]:
    if target.suffix != ".md" or anchor in anchors(target):
        return []
    return [Problem(where, f"{reference}: {relative(target)} has no anchor #{anchor}")]


def broken_links(path: Path, root: Path = ROOT) -> list[Problem]:
    """The links of the Markdown file ``path`` that lead to no file of the repository, or
    to an anchor its target does not have."""
    where = relative(path)
    found: list[Problem] = []
    for href in links(path.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", href):
            continue  # https:, mailto: …
        name, _, anchor = href.partition("#")
        target = path if not name else _resolve(name, path, root)
        if target is None:
            found.append(Problem(where, f"link {href}: no such file in the repository"))
        elif anchor:
            found += _check_anchor(target, anchor, where, f"link {href}")
    return found


def broken_mentions(path: Path, root: Path = ROOT) -> list[Problem]:
    """The ``*.md`` names in ``path`` that are no file of the repository (or name an
    anchor their file does not have)."""
    where = relative(path)
    found: list[Problem] = []
    for match in MENTION.finditer(path.read_text(encoding="utf-8")):
        name, anchor = match.groups()
        target = _resolve(name, path, root)
        if target is None:
            found.append(Problem(where, f"names {name}, which is no file of the repository"))
        elif anchor:
            found += _check_anchor(target, anchor, where, match.group(0))
    return found


def naming_files() -> list[Path]:
    """Every file whose text may name a document (see :data:`SERVICE_TEXT`)."""
    service = sorted(
        p for p in (ROOT / "service").rglob("*") if p.suffix in SERVICE_TEXT and "__pycache__" not in p.parts
    )
    return [*MARKDOWN, ROOT / "openapi.yaml", *service]


def literal_rule_ids(directory: Path) -> dict[str, str]:
    """Every rule id written as a literal where a rule error is raised in the modules of
    ``directory``: id → where (``position.py:215``)."""
    found: dict[str, str] = {}
    for path in sorted(directory.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in RULE_ERRORS:
                continue
            keyword = next((k.value for k in node.keywords if k.arg == "rule"), None)
            rule = node.args[0] if node.args else keyword
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                found.setdefault(rule.value, f"{relative(path)}:{node.lineno}")
    return found


def cited_rule_ids() -> dict[str, str]:
    """Every rule id an answer of the engine can cite: id → where it comes from.

    The refusals (``Reason.X.rule``), the ids raised as literals with a rule error, and
    the rules the options name (``metadata["rule"]``, e.g. ``"G1, G2"``).
    """
    cited = {reason.rule: f"Reason.{reason.name}" for reason in Reason}
    for directory in CITING_CODE:
        for rule, where in literal_rule_ids(directory).items():
            cited.setdefault(rule, where)
    for option in OPTIONS:
        for rule in option.metadata["rule"].split(","):
            cited.setdefault(rule.strip(), f"option {option.name}")
    return cited
