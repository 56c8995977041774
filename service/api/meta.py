"""Endpoints about the service itself rather than about the game."""

from __future__ import annotations

from flask import Blueprint

import service

bp = Blueprint("meta", __name__)


@bp.get("/healthz")
def healthz() -> dict[str, str]:
    """Report that the service is up, with its version."""
    return {"status": "ok", "version": service.__version__}
