"""The package's build: pure Python, unless ORACLE_COMPILE=1 asks for the engines compiled.

With ``ORACLE_COMPILE=1`` (and mypy, a C compiler and Python's headers at hand) the
engines' modules, ``COMPILED`` below, are compiled by mypyc into C extension modules that
sit beside their ``.py`` files and are imported in their place. Without it, or where no
compiler is found, the package is pure Python and behaves the same: both builds pass
the same tests (``make test-compiled``). The project's metadata is in pyproject.toml;
this file only adds the extension modules. ``make compile`` builds them into
``build/compiled/`` for the tests and benchmarks, leaving the working tree pure
(requirements/compiled.py); ``ORACLE_COMPILE=1 pip install --no-build-isolation .`` into
an environment that has mypy installs the package compiled.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent

# The three games' engines and what they share; every module in them is compiled but those
# of SKIPPED (service/build.py finds them in the installed package, GET /healthz says so).
COMPILED = ("service/common", "service/terra_turrium", "service/spiel_der_tuerme", "service/turm_und_leute")
SKIPPED = frozenset({
    # Package __init__ modules only re-export: compiled, they would gain nothing.
    "__init__.py",
    # Each engine's refusals: an enum whose members are instances of a dataclass (each
    # reason a Refusal) is beyond mypyc; the module holds the sentences and no loop.
    "refusals.py",
    # The errors copy an exception's __dict__ (RuleError.under), which a native class has
    # not; they are raised once per answer at most.
    "service/common/errors.py",
    # A sentence is a str subclass that remembers its message (Text), and mypyc cannot
    # compile a class that inherits from str; sentences are written once per answer at most.
    "service/common/refusal.py",
    # So is a value's word that knows its grammatical forms (Word), for the same reason.
    "service/common/language.py",
    # marshmallow's fields and validators given the catalogs' words: declarations of
    # marshmallow's classes, made once.
    "service/common/worded.py",
    # marshmallow's schemas and the readers and writers made from their fields, once per
    # schema: ordinary classes either way, and mypyc stops with an internal error on the
    # closure of a method of one (Schema._writer).
    "service/common/schema.py",
    # Its fields of shapes of their own, made of the same and built the same way.
    "service/common/schema_shapes.py",
    # Each game's schemas: declarations of marshmallow's classes, ordinary classes either
    # way, made once.
    "schemas.py",
    # Each game's own fields and schema bases beside its schemas: the same kind of
    # declarations, subclasses of marshmallow's and of the common ones.
    "fields.py",
    # The requests (each game's and their common base): marshmallow's schemas again.
    "queries.py",
    # Stahl und Sterne's map on the wire: marshmallow's fields and schemas again, which
    # marshmallow copies (a compiled field cannot be copied the way marshmallow does it).
    "map_schemas.py",
    # Stahl und Sterne's map keeps the tables it derives (fields, sectors, who stands
    # where) in its instance's __dict__ once asked, which a native class has not.
    "service/turm_und_leute/board.py",
})


def compiled_modules(root: Path = ROOT) -> list[str]:
    """The paths, relative to `root`, of the modules mypyc compiles."""
    return sorted(
        str(path.relative_to(root))
        for package in COMPILED
        for path in (root / package).rglob("*.py")
        if path.name not in SKIPPED and str(path.relative_to(root)) not in SKIPPED
    )


def extensions() -> list[object]:
    if os.environ.get("ORACLE_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # only the compiled build needs mypy

    # The generated C goes to build/mypyc, out of the way of the modules.
    return list(mypycify(compiled_modules(), opt_level="3", debug_level="0", target_dir="build/mypyc"))


if __name__ == "__main__":  # as setuptools runs it; requirements/compiled.py reads the list only
    setup(ext_modules=extensions())
