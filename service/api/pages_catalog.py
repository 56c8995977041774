"""The pages' catalog template: ``python -m service.api.pages_catalog`` (``make pages-messages``).

Every message of the pages (:mod:`service.api.localized`) is extracted with Babel from
where it is written: the Python that names the pages and writes the readings' list
(``N_``), the templates (``_``, Jinja) and the pages' scripts (``_`` and ``ngettext``,
Babel's JavaScript extractor), into service/locale/pages.pot, which the translators
update their ``pages.po`` from (``pybabel update -D pages``). A test fails while the
template is stale.

A comment starting ``TRANSLATORS:`` just above a message is kept for its translator.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from service.api.localized import DOMAIN, TEMPLATE

ROOT: Final = Path(__file__).resolve().parents[2]

#: Where the pages' messages are written, and how to read each file.
SOURCES: Final = (
    ("python", ("service/api/rulebooks.py", "service/api/readings.py", "service/api/localized.py")),
    ("jinja2", ("service/api/templates/*.html", "service/render/static/*/*.html")),
    ("javascript", ("service/render/static/*/*.js",)),
)
KEYWORDS: Final = {"_": None, "N_": None, "ngettext": (1, 2), "ntext": (1, 2)}
COMMENT_TAGS: Final = ("TRANSLATORS:",)


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    for method, patterns in SOURCES:
        for pattern in patterns:
            for path in sorted(root.glob(pattern)):
                yield method, path


def template(root: Path = ROOT) -> Catalog:
    """The catalog template of every page's messages, in the order they are written."""
    catalog = Catalog(project="tower games rules oracle", domain=DOMAIN, fuzzy=False)
    for method, path in _files(root):
        for line, message, comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True,
            options={"encoding": "utf-8"} if method != "javascript" else {"parse_template_string": False},
        ):
            if not message or not (message if isinstance(message, str) else message[0]):
                continue
            catalog.add(message, None, [(path.relative_to(root).as_posix(), line)],
                        auto_comments=comments, context=context)
    return catalog


def write_template(root: Path = ROOT) -> None:
    """Write service/locale/pages.pot from the pages below ``root``."""
    path = root / TEMPLATE.relative_to(ROOT)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, template(root), width=88, omit_header=False, include_lineno=False)


if __name__ == "__main__":
    if len(sys.argv) != 1:
        sys.exit("usage: python -m service.api.pages_catalog")
    write_template()
