"""Every game's request examples, by operation id.

They are the request examples of openapi.yaml and, written out by
``python -m service.api.examples docs/examples`` (part of ``make spec``), the bodies of
the README's curl commands (the first example of each operation); a test checks that
both committed copies are current.
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

from service.api.spiel_der_tuerme.examples import examples as spiel_der_tuerme
from service.api.terra_turrium.examples import examples as terra_turrium
from service.api.turm_und_leute.examples import examples as turm_und_leute


@cache
def examples() -> dict[str, dict[str, dict[str, Any]]]:
    """Per operation id, its named examples (``{"summary", "value"}``), every game's."""
    return {**terra_turrium(), **spiel_der_tuerme(), **turm_und_leute()}


def to_json(value: Any) -> str:
    """Indented JSON with every list of plain values on one line (heights rows, squares)."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return (
        re.sub(
            r"\[\n\s+([^\[\]{}]*?)\n\s*\]",
            lambda m: "[" + ", ".join(item.strip() for item in m.group(1).split(",\n")) + "]",
            text,
        )
        + "\n"
    )


def write(directory: Path) -> list[Path]:
    """Write the first example of each operation to ``directory/<operation>.json``."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for operation, named in examples().items():
        path = directory / f"{operation}.json"
        path.write_text(to_json(next(iter(named.values()))["value"]), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/examples")):
        print(path)
