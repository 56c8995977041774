"""The rules pages the service serves (``GET /rules``): each game's Markdown document,
and each of its translations, rendered by ``make spec`` into the package's pages
(:data:`service.api.rulebooks.PACKAGE_DIRECTORY`).

Headings get the ids GitHub gives them, rule ids their own ``<a id>``, so a link into a
document works alike on GitHub and on the served page. Links from one document to
another are rewritten to where the service serves it (:data:`SERVED`); a link to a file
the service does not serve is refused when the page is made. A translation's link to a
document it does not have (docs/api.md) leads to the English one.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import TYPE_CHECKING, Final

from service.api.rulebooks import RULEBOOKS, Rulebook
from service.common.language import DEFAULT_LANGUAGE, LANGUAGES
from tools.readings import link_marks, translated_source

if TYPE_CHECKING:
    from markdown_it import MarkdownIt

SERVED: Final = {
    **{book.source: book.url for book in RULEBOOKS.values()},
    "docs/api.md": "/docs",
}
"""Repository documents a rules page may link to, and where the service shows each."""

PICTURES: Final = {
    "docs/spiel-der-tuerme.svg": "/rules/spiel-der-tuerme.svg",
    "docs/turm-und-leute-map.svg": "/rules/turm-und-leute-map.svg",
}
"""Pictures of the documents the service serves, and where (``GET /rules/spiel-der-tuerme.svg``)."""

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
    source = translated_source(book.source, language)
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


def pages(root: Path = Path()) -> dict[str, str]:
    """Every page :func:`write_pages` writes, by its path inside the pages' directory:
    each document, and each of its translations there is below ``root``."""
    out: dict[str, str] = {}
    for book in RULEBOOKS.values():
        for language in LANGUAGES:
            source = root / translated_source(book.source, language)
            if source.is_file():
                out[book.page_in(language)] = render(book, source.read_text(encoding="utf-8"), language)
    return out


def write_pages(directory: Path, root: Path = Path()) -> None:
    """Render every game's document and its translations (read below ``root``) into
    ``directory``."""
    for name, body in pages(root).items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(body, encoding="utf-8")

