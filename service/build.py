"""Which build of the engines this process runs: compiled by mypyc, or pure Python.

setup.py compiles the engines' modules into C extension modules when the package is
built with ``ORACLE_COMPILE=1`` (the image's build does, where it finds a compiler); an
extension module beside a ``.py`` file is imported in its place. ``GET /healthz`` says
which build answers, so that a deployment can tell.

>>> engine() in ENGINE_BUILDS
True
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import pkgutil
from typing import Final

#: The packages setup.py compiles, with their subpackages: the three games' engines and
#: what they share.
ENGINE_PACKAGES: Final = ("service.common", "service.terra_turrium", "service.spiel_der_tuerme",
                          "service.turm_und_leute")
#: ``compiled``: the engines' modules are mypyc's extension modules (those setup.py
#: leaves out stay Python); ``pure``: every one is Python.
ENGINE_BUILDS: Final = ("compiled", "pure")


def compiled_modules() -> list[str]:
    """The engines' modules that are loaded from extension modules, found from the
    packages' contents rather than from a list of names."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = []
    for name in ENGINE_PACKAGES:
        package = importlib.import_module(name)
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{name}."):
            spec = importlib.util.find_spec(module.name)
            if spec is not None and str(spec.origin).endswith(suffixes):
                found.append(module.name)
    return found


@functools.cache
def engine() -> str:
    """``compiled`` or ``pure`` (ENGINE_BUILDS), found once per process."""
    return "compiled" if compiled_modules() else "pure"
