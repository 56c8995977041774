"""The pages' catalog template: ``python -m tools.pages_catalog`` (``make pages-messages``).

Every message of the pages (:mod:`service.api.localized`) is extracted with Babel from
where it is written: the Python that names the pages and writes the readings' list
(``P_``: not the JSON API's ``N_``, whose messages are extracted from every module into
the ``messages`` domain), the templates (``_``, Jinja) and the pages' scripts (``_`` and ``ngettext``,
Babel's JavaScript extractor), into service/locale/pages.pot, which the translators
update their ``pages.po`` from (``pybabel update -D pages``). A test fails while the
template is stale.

A comment starting ``TRANSLATORS:`` just above a message is kept for its translator.

The pages also show values of the API to players: a seat's colour, a unit's kind, a
position, a side … and the set-up options with their descriptions. Those are listed
here from where they are defined (the engines' enums, the OpenAPI document), each under
a context naming what it is (``unit``, ``position``, ``option`` …; :data:`NAMES`): the
id is the value itself, which a script looks up with ``nameOf(context, value)``. The
values sent to the API stay the values; only what a player reads is translated.
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

ROOT: Final = Path(__file__).resolve().parents[1]

#: Where the pages' messages are written, and how to read each file.
SOURCES: Final = (
    ("python", ("service/api/rulebooks.py", "service/api/localized.py", "tools/readings.py")),
    ("jinja2", ("service/api/templates/*.html", "service/render/static/*/*.html")),
    ("javascript", ("service/render/static/*/*.js",)),
)
#: ``N_`` marks a message in the scripts only; in Python the pages mark theirs ``P_``.
KEYWORDS: Final = {"_": None, "N_": None, "P_": None, "ngettext": (1, 2), "ntext": (1, 2)}
COMMENT_TAGS: Final = ("TRANSLATORS:",)


def _enum_values(module: str, name: str) -> tuple[str, ...]:
    import importlib

    return tuple(member.value for member in getattr(importlib.import_module(module), name))


def _names() -> Iterator[tuple[str, str, str, str]]:
    """(context, value, where it is defined, a comment for the translator) of every value
    of the API a page shows to players."""
    from service.terra_turrium.board import Territory
    from service.terra_turrium.position import Phase
    from service.terra_turrium.setup import SEAT_IDS
    from service.turm_und_leute.wire.schemas import ACTIONS

    yield from (("seat", seat, "service/terra_turrium/setup.py",
                 "A seat's colour (Terra Turrium, Spiel der Türme), as a player's name: "
                 "\"Yellow to move\"") for seat in SEAT_IDS)
    yield from (("territory", territory.value, "service/terra_turrium/board.py",
                 "A territory of Terra Turrium, by its corner of the board (the JSON's NW, NE, SW, "
                 "SE), as the language abbreviates the compass: German NO for NE") for territory in Territory)
    yield from (("phase", phase.value, "service/terra_turrium/position.py",
                 "A phase of a Terra Turrium turn (T1), as the rulebook names it") for phase in Phase)
    # An action of a Turm und Leute group, as its refusals name it ("may only move or work").
    yield from (("action", action, "service/turm_und_leute/wire/schemas.py",
                 "An action of a Turm und Leute group or side") for action in (*ACTIONS, "defend"))
    # (context, module and enum of Turm und Leute, comment): the values are the enum's, the
    # place named is the module's file.
    enums = (
        ("unit", "units", "Kind",
         "A unit of Turm und Leute or Stahl und Sterne (the English page writes the German name)"),
        ("position", "units", "Placement", "Where a group stands in a fight (L6, LS1)"),
        ("side", "peoples", "Side", "A side of Turm und Leute: the count (graf, imperator) or a people"),
        ("resource", "position", "Resource", "A column of a side's supply (L9 … L30)"),
        ("building", "position", "Building", "A kind of building a side has"),
        ("project", "position", "Project", "What a side may build"),
        ("site", "position", "Site", "Where a group works"),
        ("aim", "goal", "Aim", "What a side plays for (L31)"),
    )
    #: The supply's columns that are counts of the ledger, not members of its enum.
    more = {"resource": ("markers", "fluids", "stacks")}
    for context, module, enum, comment in enums:
        where = f"service/turm_und_leute/{module}.py"
        for value in (*_enum_values(f"service.turm_und_leute.{module}", enum), *more.get(context, ())):
            yield context, value, where, comment
    yield from _options()


#: The set-up operations whose query parameters the playground's form offers.
SETUP_PATHS: Final = ("/v1/setup", "/v1/spiel-der-tuerme/setup")


def _options() -> Iterator[tuple[str, str, str, str]]:
    """Each set-up option's name (``option``) and description (``option-hint``), as the
    committed OpenAPI document states them and the playground's form shows them."""
    import yaml

    document = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    for path in SETUP_PATHS:
        for parameter in document["paths"][path]["get"].get("parameters", []):
            if parameter.get("in") != "query":
                continue
            name = parameter["name"]
            yield ("option", name, "openapi.yaml",
                   f"The set-up option `{name}` of {path}: its name as the form shows it")
            description = parameter.get("description", "").removesuffix(".")
            if description:
                yield ("option-hint", description, "openapi.yaml",
                       f"The description of the set-up option `{name}`")


def _files(root: Path) -> Iterator[tuple[str, Path]]:
    for method, patterns in SOURCES:
        for pattern in patterns:
            for path in sorted(root.glob(pattern)):
                yield method, path


def template(root: Path = ROOT) -> Catalog:
    """The catalog template of every page's messages, in the order they are written,
    then the values of the API the pages show (:func:`_names`)."""
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
    for context, value, where, comment in _names():
        known = catalog.get(value, context)
        if known is None:
            catalog.add(value, None, [(where, 0)], auto_comments=[comment], context=context)
        elif (where, 0) not in known.locations:
            known.locations.append((where, 0))
    return catalog


def messages(catalog: Catalog) -> list[tuple[object, str | None, list[str]]]:
    """Each message of ``catalog``, its context and the files it is used in."""
    return [(m.id, m.context, sorted({where for where, _ in m.locations})) for m in catalog if m.id]


def write_template(root: Path = ROOT) -> None:
    """Write service/locale/pages.pot from the pages below ``root``, unless it already
    holds the same messages (its date would be all that changes)."""
    from babel.messages.pofile import read_po

    path = root / TEMPLATE.relative_to(ROOT)
    fresh = template(root)
    if path.is_file():
        with path.open("rb") as file:
            if messages(read_po(file)) == messages(fresh):
                return
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, fresh, width=88, omit_header=False, include_lineno=False)


if __name__ == "__main__":
    if len(sys.argv) != 1:
        sys.exit("usage: python -m tools.pages_catalog")
    write_template()
