"""Terra Turrium rules oracle.

Importing this package (or the rules engine in ``service.terra_turrium``) must stay free of
the web stack: the engine is also used as a plain library. The Flask application is
built only when :func:`create_app` is called.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import metadata
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["__version__", "create_app"]


def _read_version() -> str:
    try:
        return metadata.version("terra-turrium-oracle")
    except metadata.PackageNotFoundError:
        # Running from a source tree that was never installed.
        return "0.1.0"


__version__ = _read_version()


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the WSGI application (imports Flask on first use)."""
    from service.api import create_app as _create_app

    return _create_app(config)
