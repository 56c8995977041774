"""The build the tests run against is the one asked for: the engines compiled by mypyc
under ``make test-compiled`` (requirements/compiled.py), their sources otherwise."""

import importlib
import os
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_modules_are_those_of_the_build_asked_for():
    modules = runpy.run_path(str(ROOT / "setup.py"), run_name="compiled")["compiled_modules"]()
    assert "service/terra_turrium/move.py" in modules
    compiled = bool(os.environ.get("ORACLE_COMPILED_BUILD"))
    for path in modules:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert str(module.__file__).endswith(".so") == compiled, module.__file__


def test_healthz_names_the_engine_build_it_finds_from_the_packages():
    """service.build finds the compiled modules from the packages' contents: they are
    exactly those setup.py compiles, and GET /healthz names the build."""
    from service import create_app
    from service.build import compiled_modules, engine

    modules = runpy.run_path(str(ROOT / "setup.py"), run_name="compiled")["compiled_modules"]()
    compiled = bool(os.environ.get("ORACLE_COMPILED_BUILD"))
    names = sorted(path.removesuffix(".py").replace("/", ".") for path in modules)
    assert sorted(compiled_modules()) == (names if compiled else [])
    assert {"service.terra_turrium", "service.spiel_der_tuerme", "service.turm_und_leute"} <= {
        name.rsplit(".", 1)[0] for name in names}  # the three games' engines
    assert engine() == ("compiled" if compiled else "pure")
    assert create_app().test_client().get("/healthz").get_json()["engine"] == engine()
