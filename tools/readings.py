"""The readings: every ruling of the rules documents that rests on an interpretation.

A rules document marks such a ruling in bold, ``**[interpretation R6]**``, followed by
the rulebook section it reads, the other reading and why this one. The id is the rule
id, with a letter where a rule has several (``TE3a``). A mark without an id
(``**[interpretation]**``) takes the id of the rule it stands under (the nearest
``<a id>`` above it), with a letter if that id is taken, so a mark written without one
is still listed.

From the marks of the three documents ``make spec`` writes (:func:`write_readings`):

- docs/interpretations.md, every mark per game, each linked to its rule; the service
  serves it as ``/rules/interpretations``, and each mark of a rules page links back
  to it (:func:`link_marks`);
- each engine's ``interpretations.py``, the table rule id → the ids of its readings,
  with which the engine's refusals, problems and events name the readings they rest on.

A test fails while either is stale.

A language with translated rules documents (in ``docs/<lang>/``) gets its own list there,
``docs/<lang>/interpretations.md``: the marks of its translations (of the English document
where one is missing), its sentences from the pages' catalog (service/locale).

>>> text = '- <a id="R6"></a>**R6 Outside.** A rule. **[interpretation R6]** *Reads:* x.\\n'
>>> [(m.id, m.rule, m.text) for m in find_marks(text)]
[('R6', 'R6', '*Reads:* x.')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

MARK_WORDS: Final = {"en": "interpretation", "de": "Auslegung", "nl": "lezing", "fr": "lecture"}
"""The word of a mark in each language's documents (the glossary's *reading*):
``**[Auslegung R6]**`` in German, ``**[lecture R6]**`` in French."""
_WORD: Final = "(?:" + "|".join(MARK_WORDS.values()) + ")"
MARK: Final = re.compile(rf"\*\*\[{_WORD}(?: ([A-Z]+[0-9]+[a-z]?))?\](?:\*\*|( [^*]*)\*\*)")
"""A mark in a document: ``**[interpretation R6]**`` (in a translation, the language's
word: ``**[Auslegung R6]**``) or, without its id, ``**[interpretation]**``; a mark
without an id may carry a bold title, ``**[interpretation] Whose height (L6).**``."""


def english_marks(text: str) -> str:
    """``text`` with every mark's word the English one (``[Auslegung R6]`` →
    ``[interpretation R6]``): what a translation's marks and code spans are compared as.

    >>> english_marks("mit `[Auslegung L6]` gekennzeichnet")
    'mit `[interpretation L6]` gekennzeichnet'
    """
    return re.sub(rf"\[{_WORD}(?=[ \]])", "[interpretation", text)

ANCHOR: Final = re.compile(r'<a id="([A-Z]+[0-9]+)"></a>')
RULE_OF: Final = re.compile(r"[A-Z]+[0-9]+")
# Where a mark's text ends inside its block: the next mark, decision or option.
# What ends a reading's text: the next mark, or a decision or option, as each language's
# document names them.
_NEXT: Final = re.compile(rf"\*\*\[{_WORD}|\*\*(?:Decision|Entscheidung|Beslissing|Décision|Option|Optie)\b")
# A line that starts a new block: a list item, an anchor, a heading, a table, a fence.
_BLOCK_START: Final = re.compile(r"\s*(?:- |<a id=|#|\||```)")


@dataclass(frozen=True)
class Mark:
    """One reading: its ``id``, the ``rule`` it belongs to and its Markdown ``text``."""

    id: str
    rule: str
    text: str


@dataclass(frozen=True)
class Game:
    """A game's rules document, its engine package and its heading on the page."""

    name: str
    title: str
    source: str
    engine: str


GAMES: Final = (
    Game("terra-turrium", "Terra Turrium", "docs/rules.md", "service/terra_turrium"),
    Game("spiel-der-tuerme", "Spiel der Türme", "docs/spiel-der-tuerme.md", "service/spiel_der_tuerme"),
    Game("turm-und-leute", "Turm und Leute", "docs/turm-und-leute.md", "service/turm_und_leute"),
)

DOCUMENT: Final = "docs/interpretations.md"
PAGE_URL: Final = "/rules/interpretations"
API_DOCUMENT: Final = "docs/api.md"
ENGINE_MODULE: Final = "interpretations.py"


def _block_end(text: str, start: int) -> int:
    """The end of the paragraph or list item that continues at ``start``."""
    position = text.find("\n", start)
    while position != -1:
        rest = text[position + 1 :]
        line = rest.split("\n", 1)[0]
        if not line.strip() or _BLOCK_START.match(line):
            return position
        position = text.find("\n", position + 1)
    return len(text)


def find_marks(text: str) -> list[Mark]:
    """Every mark of a document, in its order, with ids made unique."""
    marks: list[Mark] = []
    taken: set[str] = set()
    for match in MARK.finditer(text):
        ident = match.group(1)
        title = match.group(2) or ""
        if ident is None:
            anchors = ANCHOR.findall(text, 0, match.start())
            named = re.search(r"\(([A-Z]+[0-9]+)\b", title)  # the first rule a title names
            base = named.group(1) if named else anchors[-1] if anchors else "X0"
            ident = base
            suffix = ord("a")
            while ident in taken:
                suffix += 1
                ident = base + chr(suffix)
        taken.add(ident)
        rule_match = RULE_OF.match(ident)
        assert rule_match is not None
        end = _block_end(text, match.end())
        following = _NEXT.search(text, match.end(), end)
        body = text[match.end() : following.start() if following else end]
        marks.append(Mark(ident, rule_match.group(0), " ".join((title + body).split())))
    return marks


def translated_source(source: str, language: str) -> str:
    """The path of the document ``source`` (``docs/rules.md``) in ``language``.

    >>> translated_source("docs/rules.md", "nl").split("/")[:2]
    ['docs', 'nl']
    >>> translated_source("docs/rules.md", "en")
    'docs/rules.md'
    """
    if language == "en":
        return source
    path = Path(source)
    return str(path.parent / language / path.name)


def translated_languages(root: Path = Path()) -> tuple[str, ...]:
    """The languages with at least one translated rules document below ``root``."""
    from service.common.language import LANGUAGES

    return tuple(
        language for language in LANGUAGES[1:]
        if any((root / translated_source(game.source, language)).is_file() for game in GAMES)
    )


def game_marks(root: Path = Path(), language: str = "en") -> dict[Game, list[Mark]]:
    """Every game's marks, read from its document in ``language`` (else the English one)
    below ``root``."""
    found = {}
    for game in GAMES:
        source = root / translated_source(game.source, language)
        if not source.is_file():
            source = root / game.source
        found[game] = find_marks(source.read_text(encoding="utf-8"))
    return found


def table(marks: list[Mark]) -> dict[str, tuple[str, ...]]:
    """Rule id → the ids of its readings, in document order."""
    out: dict[str, list[str]] = {}
    for mark in marks:
        out.setdefault(mark.rule, []).append(mark.id)
    return {rule: tuple(ids) for rule, ids in out.items()}


def P_(message: str) -> str:  # the name the pages' extraction looks for
    """A message of the pages' catalog, marked here, translated when the list is written."""
    return message


#: The list's heading and introduction, a message per paragraph.
TITLE: Final = P_("The readings: rulings the rulebooks leave open")
INTRODUCTION: Final = (
    P_(
        "The oracle follows the German rulebooks. Where a ruling rests on a reading of them "
        "rather than on an explicit sentence, the rules documents mark it **[interpretation]** "
        "with an id, the rulebook section it reads, the other reading and why this one. This "
        "page lists every mark, per game; each id leads to its rule. An answer whose ruling "
        'rests on a reading names it: `"interpretations": ["R6"]` in a violation, a problem '
        "or an event (see [the HTTP API]({api}))."
    ),
    P_(
        "**Other readings as options.** Where players may want the reading the oracle does not "
        'take, an option offers it: `outside_rule: "path"` for R6, the French board and '
        "variants for B4 and V1–V4. No option was added for the other readings: each is "
        "either the narrower text's opposite with no source behind it (B3, TB1–TB3, G3, G4, "
        "M6, M8) or, like TE3a, says why in its mark. No default was changed."
    ),
    P_("*Written by `make spec` from the rules documents: edit those, not this file.*"),
)


def _wrapped(paragraph: str, width: int = 88) -> list[str]:
    """A paragraph as Markdown lines of at most about ``width`` characters."""
    import textwrap

    return textwrap.wrap(paragraph, width, break_long_words=False, break_on_hyphens=False)


def document(marks: dict[Game, list[Mark]], language: str = "en", root: Path = Path()) -> str:
    """docs/interpretations.md (or its translation): every reading, per game, linked to
    its rule."""
    from service.api.localized import Words

    words = Words(language)
    # From docs/<lang>/ a document it has no translation of is the English one, above it.
    up = "" if language == "en" else "../"
    lines = [f"# {words.text(TITLE)}", ""]
    for i, paragraph in enumerate(INTRODUCTION):
        lines += [*_wrapped(words.text(paragraph, api=up + Path(API_DOCUMENT).name)), ""]
        if i == 0:
            lines.append("")
    lines.pop()
    for game, found in marks.items():
        name = Path(game.source).name
        translated = root / translated_source(game.source, language)
        if translated.is_file():
            source, link = translated_source(game.source, language), name
        else:
            source, link = game.source, up + name
        count = words.ntext(
            "From [{source}]({link}), {n} reading.", "From [{source}]({link}), {n} readings.",
            len(found), source=source, link=link,
        )
        lines += ["", f"## {game.title}", "", count, ""]
        for mark in found:
            text = mark.text.replace("](#", f"]({link}#")
            lines.append(f'- <a id="{mark.id}"></a>**[{mark.id}]({link}#{mark.rule})** {text}')
    return "\n".join(lines) + "\n"


def engine_module(game: Game, marks: list[Mark]) -> str:
    """An engine's ``interpretations.py``: the table of its document's readings
    (:mod:`service.common.readings`)."""
    rows = "".join(f"    {rule!r}: {ids!r},\n" for rule, ids in table(marks).items())
    example = marks[0].rule if marks else "X0"
    expected = table(marks).get(example, ())
    return f'''"""{game.title}: the readings of {game.source} per rule id, written by
``make spec`` from that document: edit the document, not this file.

>>> interpretations_of({example!r})
{expected!r}
"""

from __future__ import annotations

from typing import Final

from service.common.readings import Readings, readings_of

INTERPRETATIONS: Final[Readings] = {{
{rows}}}

interpretations_of: Final = readings_of(INTERPRETATIONS)
"""The ids of the readings a ruling under a rule rests on, or ``()``."""
'''


def link_marks(source: str, text: str, html: str) -> str:
    """The page of ``source`` with each mark an anchor (``i-R6``) linking to its reading."""
    if source == DOCUMENT:
        return html
    marks = iter(find_marks(text))

    def linked(match: re.Match[str]) -> str:
        mark = next(marks)
        return (
            f'<strong class="interpretation" id="i-{mark.id}">'
            f'<a href="{PAGE_URL}#{mark.id}">[{match.group(1)} {mark.id}]</a>{match.group(2)}</strong>'
        )

    return re.sub(rf"<strong>\[({_WORD})(?: [A-Z]+[0-9]+[a-z]?)?\]([^<]*)</strong>", linked, html)


def outputs(root: Path = Path()) -> dict[Path, str]:
    """Every file :func:`write_readings` writes, relative to the top level, and its text."""
    marks = game_marks(root)
    files = {Path(DOCUMENT): document(marks)}
    for game, found in marks.items():
        files[Path(game.engine) / ENGINE_MODULE] = engine_module(game, found)
    for language in translated_languages(root):
        path = Path(translated_source(DOCUMENT, language))
        files[path] = document(game_marks(root, language), language, root)
    return files


def write_readings(root: Path = Path()) -> None:
    """Write docs/interpretations.md and the engines' tables from the rules documents."""
    for path, text in outputs(root).items():
        (root / path).write_text(text, encoding="utf-8")
