"""Write every generated file the repository carries (``make spec``): the OpenAPI
document, the README's example bodies, the lists of readings, the notation document's
seat grammar and tables, the rules pages the service
serves and the Spiel der Türme example picture; the tests fail while any of them is out
of date.

    python -m tools.spec            # all of them, at their places in the repository
    python -m tools.spec openapi    # only the document, to stdout

The installed package only serves these files; nothing here ships with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def openapi() -> str:
    """The OpenAPI document as the service describes itself."""
    from service import create_app
    from service.api.spec import spec_yaml

    return spec_yaml(create_app())


def write_examples(directory: Path) -> list[Path]:
    """The first example of each operation, as ``directory/<operation>.json``."""
    from service.api.examples import examples, to_json

    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for operation, named in examples().items():
        path = directory / f"{operation}.json"
        path.write_text(to_json(next(iter(named.values()))["value"]), encoding="utf-8")
        written.append(path)
    return written


def write_rules_pages(directory: Path) -> None:
    """The lists of readings (docs/interpretations.md, each engine's table) first, as one
    of the pages, then every rules page from its Markdown document."""
    from tools.pages import write_pages
    from tools.readings import write_readings

    write_readings()
    write_pages(directory)


def write_sdt_picture(path: Path) -> None:
    """docs/spiel-der-tuerme.svg: what the example position of Spiel der Türme looks like."""
    from service.render.spiel_der_tuerme_example import example_svg

    path.write_text(example_svg(), encoding="utf-8")


def write_map_picture(path: Path) -> None:
    """docs/turm-und-leute-map.svg: the example map of Stahl und Sterne, with the reach of
    a Daemonenreiter drawn on it."""
    from service.render.turm_und_leute_map import example_svg

    path.write_text(example_svg(), encoding="utf-8")


def main(argv: list[str]) -> None:
    if argv == ["openapi"]:
        sys.stdout.write(openapi())
        return
    if argv:
        sys.exit("usage: python -m tools.spec [openapi]")
    (ROOT / "openapi.yaml").write_text(openapi(), encoding="utf-8")
    for path in write_examples(ROOT / "docs" / "examples"):
        print(path.relative_to(ROOT))
    from tools import notation_doc

    notation_doc.write()  # before the pages: the notation's document is one of them
    write_rules_pages(ROOT / "service" / "api" / "pages")
    write_sdt_picture(ROOT / "docs" / "spiel-der-tuerme.svg")
    write_map_picture(ROOT / "docs" / "turm-und-leute-map.svg")


if __name__ == "__main__":
    main(sys.argv[1:])
