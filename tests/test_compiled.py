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
