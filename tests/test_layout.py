"""The code's shape that docs/engine.md promises: no code made from strings, one refusal
type, the HTTP layer's own part of declaring small, modules of a readable size, and the
three engines cut by the same roles."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
ENGINES = ("terra_turrium", "spiel_der_tuerme", "turm_und_leute")


def _modules(folder: Path = SERVICE) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def test_no_module_of_the_service_runs_code_made_from_a_string():
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in _modules()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"eval", "exec"}
    ]
    assert found == []


def test_no_module_of_the_service_makes_a_class_with_type():
    """A schema is a class statement a reader finds by its name, not ``type(name, bases,
    members)`` run at import."""
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for path in _modules()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type"
        and len(node.args) == 3
    ]
    assert found == []


def test_there_is_one_refusal_class():
    found = [
        f"{path.relative_to(ROOT)}"
        for path in _modules()
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef) and node.name == "Refusal"
    ]
    assert found == ["service/common/refusal.py"]


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_http_layers_own_declaring_is_under_600_lines():
    assert sum(_lines(path) for path in _modules(SERVICE / "api" / "declare")) < 600


def test_no_module_of_the_service_its_tools_or_benchmarks_is_over_700_lines():
    modules = _modules() + _modules(ROOT / "tools") + _modules(ROOT / "bench")
    assert [str(path.relative_to(ROOT)) for path in modules if _lines(path) > 700] == []


def test_the_three_engines_share_at_least_seven_module_names_by_role():
    names = [{str(path.relative_to(SERVICE / engine).with_suffix(""))
              for path in (SERVICE / engine).rglob("*.py")} for engine in ENGINES]
    shared = set.intersection(*names)
    assert {"position", "check", "actions", "turn", "goal", "setup"} <= shared
    assert {"wire/schemas", "wire/queries", "wire/codec"} <= shared


def test_each_game_is_on_the_wire_in_one_package_of_its_own():
    """Requests and answers of a game in its ``wire`` package, none in the HTTP layer."""
    schemas = [str(path.relative_to(ROOT)) for path in SERVICE.rglob("*.py")
               if path.stem in {"schemas", "map_schemas", "fields", "codec"}
               or path.stem == "queries"]
    assert sorted(schemas) == sorted(
        [f"service/{engine}/wire/{name}.py" for engine in ENGINES for name in ("schemas", "queries", "codec")]
        + ["service/terra_turrium/wire/fields.py", "service/turm_und_leute/wire/fields.py",
           "service/turm_und_leute/wire/map_schemas.py", "service/common/queries.py"]
    )
