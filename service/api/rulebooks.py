"""The games' rules as web pages (``GET /rules``), one anchor per rule id.

Each game's rules are a Markdown document of the repository (:data:`RULEBOOKS`):
Terra Turrium's is docs/rules.md, and every rule id an answer cites (``R4``) is an
anchor of it, so ``/rules#R4`` leads to the rule. ``python -m service.api.rules_html
service/api/pages`` (``make spec``) renders each document with markdown-it-py into the
HTML that is committed inside the package, so an installed service serves the pages
without the repository or the Markdown library; a test fails while a page is stale.

Headings get the ids GitHub gives them, rule ids their own ``<a id>``, so a link into a
document works alike on GitHub and on the served page. Links from one document to
another are rewritten to where the service serves it (:data:`SERVED`); a link to a file
the service does not serve is refused when the page is made.

Each document may have translations, ``docs/<lang>/<name>`` (German, Dutch, French):
each is rendered into ``pages/<lang>/``, and the service shows it for that language
(``?lang=de`` or ``Accept-Language``); a language without the translation is shown the
English page under its own language's frame. A translation's link to a document it does
not have (docs/api.md) leads to the English one.

A game is added by adding its document here: ``GET /rules/<game>`` serves every game's
rules, ``GET /rules`` those of :data:`MAIN_GAME`.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Final

from service.api.readings import link_marks, translated_source
from service.common.language import DEFAULT_LANGUAGE, LANGUAGES


def P_(message: str) -> str:  # noqa: N802 - the name the pages' extraction looks for
    """A message of the pages' catalog, marked where it is defined, translated where shown."""
    return message

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@dataclass(frozen=True)
class Rulebook:
    """One game's rules: its Markdown ``source`` (a repository path) and the page's title."""

    game: str
    title: str
    source: str

    @property
    def page(self) -> str:
        """The file name of the rendered page inside the package."""
        return f"{self.game}.html"

    def source_in(self, language: str) -> str:
        """The repository path of the document in ``language`` (it may not exist)."""
        return translated_source(self.source, language)

    def page_in(self, language: str) -> str:
        """The rendered page of ``language`` inside the package directory."""
        return self.page if language == DEFAULT_LANGUAGE else f"{language}/{self.page}"

    @property
    def url(self) -> str:
        """Where the service serves the page."""
        return "/rules" if self.game == MAIN_GAME else f"/rules/{self.game}"


MAIN_GAME: Final = "terra-turrium"
"""The game whose rules ``GET /rules`` serves: the rule ids of the answers are its ids."""

RULEBOOKS: Final = {
    book.game: book
    for book in (
        Rulebook("terra-turrium", P_("Terra Turrium — the rules"), "docs/rules.md"),
        Rulebook("spiel-der-tuerme", P_("Spiel der Türme — the rules"), "docs/spiel-der-tuerme.md"),
        Rulebook("turm-und-leute", P_("Turm und Leute — the combat rules"), "docs/turm-und-leute.md"),
        # Not a game: every ruling of the three that rests on a reading (service/api/readings.py).
        Rulebook("interpretations", P_("The readings — rulings the rulebooks leave open"), "docs/interpretations.md"),
    )
}
"""Every game with rules the service serves, by its name in ``/rules/<game>``."""

SERVED: Final = {
    **{book.source: book.url for book in RULEBOOKS.values()},
    "docs/api.md": "/docs",
}
"""Repository documents a rules page may link to, and where the service shows each."""

PICTURES: Final = {"docs/spiel-der-tuerme.svg": "/rules/spiel-der-tuerme.svg"}
"""Pictures of the documents the service serves, and where (``GET /rules/spiel-der-tuerme.svg``)."""

PACKAGE_DIRECTORY: Final = "pages"
"""The pages' directory inside :mod:`service.api`."""


def markdown() -> MarkdownIt:
    """The Markdown reader of the documents: CommonMark with tables and raw HTML (the
    rule ids' anchors), and GitHub's ids for headings."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.anchors import anchors_plugin

    reader = MarkdownIt("commonmark", {"html": True}).enable("table")
    reader.use(anchors_plugin, min_level=1, max_level=6)
    return reader


def render(book: Rulebook, text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The page body of ``book`` from its Markdown ``text`` (the document in ``language``).

    Raises :class:`ValueError` for a link to a repository file the service does not
    serve.
    """
    source = book.source_in(language)
    reader = markdown()
    tokens = reader.parse(text)
    for token in tokens:
        for child in token.children or ():
            if child.type == "link_open":
                child.attrSet("href", _served_link(source, str(child.attrGet("href"))))
            elif child.type == "image" and language != DEFAULT_LANGUAGE:
                # A translation's picture is the English document's (``../name.svg``
                # from its folder): shown where the service serves it.
                src = str(child.attrGet("src"))
                path = posixpath.normpath(posixpath.join(posixpath.dirname(source), src))
                if path in PICTURES:
                    child.attrSet("src", PICTURES[path])
    body = link_marks(book.source, text, reader.renderer.render(tokens, reader.options, {}))
    return f"<!-- {source} rendered by `make spec`: edit that document, not this file. -->\n{body}"


def _served_link(source: str, href: str) -> str:
    """Where ``href`` (a link of the document ``source``) leads on the served page."""
    if href.startswith("#") or "://" in href or href.startswith("mailto:"):
        return href
    target, _, fragment = href.partition("#")
    path = posixpath.normpath(posixpath.join(posixpath.dirname(source), target))
    for language in LANGUAGES:
        # A translation's link to a document: the same document, whose page the reader
        # then sees in the language they chose.
        prefix = f"docs/{language}/"
        if path.startswith(prefix) and path not in SERVED:
            path = "docs/" + path.removeprefix(prefix)
    if path not in SERVED:
        raise ValueError(f"{source} links to {href}, which the service does not serve")
    return SERVED[path] + (f"#{fragment}" if fragment else "")


@cache
def page_body(game: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, str]:
    """The committed page body of ``game`` in ``language``, as installed with the
    package, and the language it is written in: English where it has no translation."""
    directory = resources.files("service.api").joinpath(PACKAGE_DIRECTORY)
    page = directory.joinpath(RULEBOOKS[game].page_in(language))
    if not page.is_file():
        page, language = directory.joinpath(RULEBOOKS[game].page), DEFAULT_LANGUAGE
    return page.read_text(encoding="utf-8"), language


def pages(root: Path = Path()) -> dict[str, str]:
    """Every page :func:`write_pages` writes, by its path inside the pages' directory:
    each document, and each of its translations there is below ``root``."""
    out: dict[str, str] = {}
    for book in RULEBOOKS.values():
        for language in LANGUAGES:
            source = root / book.source_in(language)
            if source.is_file():
                out[book.page_in(language)] = render(book, source.read_text(encoding="utf-8"), language)
    return out


def write_pages(directory: Path, root: Path = Path()) -> None:
    """Render every game's document and its translations (read below ``root``) into
    ``directory``."""
    for name, body in pages(root).items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(body, encoding="utf-8")

