"""The Terra Turrium engine's former name, kept so that existing imports go on working.

The engine is :mod:`service.terra_turrium`, named after its game like the other two.
Importing ``service.rules`` (or any ``service.rules.<module>``) warns once and answers
the same module objects, so values, classes and exceptions are identical under both
names.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import warnings

import service.terra_turrium as _engine
from service.terra_turrium import *  # noqa: F403  (the alias re-exports the whole engine)
from service.terra_turrium import __all__ as __all__

warnings.warn(
    "service.rules is now service.terra_turrium; import from there",
    DeprecationWarning,
    stacklevel=2,
)

for _module in pkgutil.iter_modules(_engine.__path__):
    sys.modules[f"{__name__}.{_module.name}"] = importlib.import_module(f"{_engine.__name__}.{_module.name}")
