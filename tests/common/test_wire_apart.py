"""The rules of every game (take, place, move, turn, goal, combat …) know nothing of the
wire: no rules module imports its game's ``wire`` package (schemas, requests, fields,
codec), nor marshmallow. An illegal
turn carries its ``Violation`` value, which the HTTP layer writes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parents[2] / "service"
GAMES = ("terra_turrium", "spiel_der_tuerme", "turm_und_leute")
#: Beside the rules, the modules that gather a package (its ``__init__``) or read and write
#: a text form of their own (the notation, a game record).
TEXTS = {"__init__", "notation", "record", "interpretations"}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


RULES = [path for game in GAMES for path in sorted((SERVICE / game).glob("*.py")) if path.stem not in TEXTS]


@pytest.mark.parametrize("path", RULES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_rules_module_imports_neither_the_wire_nor_marshmallow(path: Path) -> None:
    found = _imports(path)
    wires = tuple(f"service.{game}.wire" for game in GAMES)
    assert not [name for name in found if name in wires or name.startswith(tuple(f"{w}." for w in wires))]
    assert not any(name == "marshmallow" or name.startswith(("marshmallow.", "service.common.schema"))
                   for name in found)


def test_each_games_wire_is_usable_without_flask() -> None:
    """A program that uses an engine as a library reads and writes its JSON, requests
    included, with marshmallow alone: no module of a game's wire imports Flask."""
    import subprocess
    import sys

    wires = [f"service.{game}.wire.{name}" for game in GAMES for name in ("schemas", "queries", "codec")]
    web = ("flask", "flask_smorest", "webargs")
    program = (f"import sys\nfor name in {wires!r}:\n    __import__(name)\n"
               f"print(sorted(m for m in sys.modules if m.split('.')[0] in {web!r}))")
    found = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                           cwd=SERVICE.parent)
    assert found.stdout.strip() == "[]"
