"""Every game's request examples, by operation id.

They are the request examples of openapi.yaml and, written out to docs/examples by
``make spec`` (tools/spec.py), the bodies of the README's curl commands (the first
example of each operation); a test checks that both committed copies are current.
"""

from __future__ import annotations

import json
import re
from functools import cache
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

