"""The games' rules as web pages (``GET /rules``), one anchor per rule id.

Each game's rules are a Markdown document of the repository (:data:`RULEBOOKS`):
Terra Turrium's is docs/rules.md, and every rule id an answer cites (``R4``) is an
anchor of it, so ``/rules#R4`` leads to the rule. ``make spec`` (tools/spec.py) renders
each document with markdown-it-py into the HTML that is committed inside the package, so an installed service serves the pages
without the repository or the Markdown library; a test fails while a page is stale.

Headings get the ids GitHub gives them, rule ids their own ``<a id>``, so a link into a
document works alike on GitHub and on the served page. Links from one document to
another are rewritten to where the service serves it (:data:`SERVED`); a link to a file
the service does not serve is refused when the page is made.

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

from service.api.readings import link_marks

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

    @property
    def url(self) -> str:
        """Where the service serves the page."""
        return "/rules" if self.game == MAIN_GAME else f"/rules/{self.game}"


MAIN_GAME: Final = "terra-turrium"
"""The game whose rules ``GET /rules`` serves: the rule ids of the answers are its ids."""

RULEBOOKS: Final = {
    book.game: book
    for book in (
        Rulebook("terra-turrium", "Terra Turrium — the rules", "docs/rules.md"),
        Rulebook("spiel-der-tuerme", "Spiel der Türme — the rules", "docs/spiel-der-tuerme.md"),
        Rulebook("turm-und-leute", "Turm und Leute — the combat rules", "docs/turm-und-leute.md"),
        # Not a game: every ruling of the three that rests on a reading (service/api/readings.py).
        Rulebook("interpretations", "The readings — rulings the rulebooks leave open", "docs/interpretations.md"),
    )
}
"""Every game with rules the service serves, by its name in ``/rules/<game>``."""

SERVED: Final = {
    **{book.source: book.url for book in RULEBOOKS.values()},
    "docs/api.md": "/docs",
}
"""Repository documents a rules page may link to, and where the service shows each."""

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


def render(book: Rulebook, text: str) -> str:
    """The page body of ``book`` from its Markdown ``text``.

    Raises :class:`ValueError` for a link to a repository file the service does not
    serve.
    """
    reader = markdown()
    tokens = reader.parse(text)
    for token in tokens:
        for child in token.children or ():
            if child.type == "link_open":
                child.attrSet("href", _served_link(book, str(child.attrGet("href"))))
    body = link_marks(book.source, text, reader.renderer.render(tokens, reader.options, {}))
    return f"<!-- {book.source} rendered by `make spec`: edit that document, not this file. -->\n{body}"


def _served_link(book: Rulebook, href: str) -> str:
    """Where ``href`` (a link of ``book``'s document) leads on the served page."""
    if href.startswith("#") or "://" in href or href.startswith("mailto:"):
        return href
    target, _, fragment = href.partition("#")
    path = posixpath.normpath(posixpath.join(posixpath.dirname(book.source), target))
    if path not in SERVED:
        raise ValueError(f"{book.source} links to {href}, which the service does not serve")
    return SERVED[path] + (f"#{fragment}" if fragment else "")


@cache
def page_body(game: str) -> str:
    """The committed page body of ``game``, as installed with the package."""
    directory = resources.files("service.api").joinpath(PACKAGE_DIRECTORY)
    return directory.joinpath(RULEBOOKS[game].page).read_text(encoding="utf-8")


def write_pages(directory: Path, root: Path = Path()) -> None:
    """Render every game's document (read below ``root``) into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for book in RULEBOOKS.values():
        text = (root / book.source).read_text(encoding="utf-8")
        (directory / book.page).write_text(render(book, text), encoding="utf-8")

