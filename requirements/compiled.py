"""The engines compiled by mypyc (setup.py), built beside the pure package and tested.

    python requirements/compiled.py build     # make compile: build/compiled/, if stale
    python requirements/compiled.py test      # make test-compiled: build, then the tests
    python requirements/compiled.py install PREFIX   # the image's build: into a venv

``build`` copies the package to ``build/compiled/`` and compiles there the modules that
setup.py's ``compiled_modules`` lists (``ORACLE_COMPILE=1 setup.py build_ext``); the
working tree stays pure Python, so the doctests and ``make test`` read the sources.
``test`` runs ``COMPILED_TESTS`` with ``ORACLE_COMPILED_BUILD`` set (conftest.py puts the
compiled copy first on the path; tests/test_compiled.py checks that it is in use).
``install`` builds, then copies the extension modules into the site-packages of the venv
at PREFIX, where the package is installed pure: each goes beside its ``.py`` file, which
Python then imports no more (the Dockerfile's build stage). Where no C compiler or no
Python headers are found, all three say so and succeed: the compiled build is an option,
the pure package is the one every machine has.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import os
import runpy
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"
STAMP = BUILD / ".build.stamp"

# The engines' tests, and the HTTP tests of their operations (reading, the questions, writing).
COMPILED_TESTS = (
    "tests/test_compiled.py", "tests/terra_turrium", "tests/api/test_queries.py",
    "tests/api/test_turns.py", "tests/api/test_handover.py", "tests/api/test_notation.py",
    "tests/api/test_marshmallow_runs.py", "tests/spiel_der_tuerme", "tests/api/test_spiel_der_tuerme.py",
    "tests/turm_und_leute", "tests/api/test_turm_und_leute.py",
)


def missing() -> str | None:
    """What the compiled build lacks on this machine, or None."""
    if importlib.util.find_spec("mypyc") is None:
        return "no mypyc (mypy, installed by make install-test)"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.exists():
        return f"no Python headers ({include})"
    return None


def stale() -> bool:
    if not STAMP.exists():
        return True
    built = STAMP.stat().st_mtime
    sources = [ROOT / "setup.py", *(ROOT / "service").rglob("*.py")]
    return any(path.stat().st_mtime > built for path in sources)


def build() -> bool:
    """Builds build/compiled/ when a source is newer; False when it cannot be built here."""
    lack = missing()
    if lack:
        if stale():  # a build of older sources is not measured nor tested
            shutil.rmtree(BUILD, ignore_errors=True)
        print(f"compiled engines: NOT BUILT, {lack}; the package stays pure Python")
        return False
    if not stale():
        return True
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.copytree(ROOT / "service", BUILD / "service", ignore=shutil.ignore_patterns("__pycache__"))
    # mypy's cache of its own, apart from the one make test's mypy run writes meanwhile.
    env = dict(os.environ, ORACLE_COMPILE="1", MYPY_CACHE_DIR=str(ROOT / "build" / "mypy-cache"))
    result = subprocess.run(
        [sys.executable, "setup.py", "--quiet", "build_ext", "--build-lib", str(BUILD),
         "--build-temp", str(ROOT / "build" / "temp-compiled")],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )
    if result.returncode:
        raise SystemExit(
            f"compiled engines: the build FAILED\n{result.stdout[-10000:]}{result.stderr[-10000:]}"
        )
    modules = runpy.run_path(str(ROOT / "setup.py"), run_name="compiled")["compiled_modules"]()
    print(f"compiled engines: {len(modules)} modules compiled into {BUILD.relative_to(ROOT)}")
    STAMP.touch()
    return True


def test(pytest_args: list[str]) -> int:
    if not build():
        return 0
    env = dict(os.environ, ORACLE_COMPILED_BUILD=str(BUILD))
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *COMPILED_TESTS, *pytest_args]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    lines = result.stdout.rstrip().splitlines()
    if result.returncode:
        print("compiled engines: tests FAILED")
        print(result.stdout[-20000:], result.stderr[-5000:])
    else:
        print(f"compiled engines: {lines[-1].strip('= ') if lines else 'no output'}")
    return result.returncode


def install(prefix: Path) -> int:
    """Builds, then copies every extension module of the build into the site-packages
    of the venv at `prefix`, whose package is the pure one; 0 files where none is built."""
    if not build():
        return 0
    (site,) = prefix.glob("lib/python*/site-packages")
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    built = [path for path in BUILD.rglob("*") if path.name.endswith(suffixes)]
    for path in built:
        target = site / path.relative_to(BUILD)
        if not target.parent.is_dir():
            raise SystemExit(f"compiled engines: {target.parent} is not in {site}: install the package first")
        shutil.copy2(path, target)
    print(f"compiled engines: {len(built)} extension modules installed into {site}")
    return len(built)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("build", "test", "install"))
    args, rest = parser.parse_known_args()
    if args.command == "build":
        build()
        return 0
    if args.command == "install":
        (prefix,) = rest
        install(Path(prefix))
        return 0
    return test(rest)


if __name__ == "__main__":
    sys.exit(main())
