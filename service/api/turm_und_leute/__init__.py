"""Turm und Leute over HTTP: the combat resolver, its unit tables and its page,
through the shared declaration, error and document machinery (:func:`register`)."""

from __future__ import annotations

from flask import Flask

from service.api.spec import Api
from service.api.turm_und_leute import ledger_views, views


def register(app: Flask, api: Api) -> None:
    """Add Turm und Leute's operations to ``app`` and its document."""
    # Importing ledger_views declared the set-up, turn and goal operations on views.bp.
    assert ledger_views.tul_setup.__module__ == ledger_views.__name__
    api.register_blueprint(views.bp)
    api.register_blueprint(views.pages)
    app.register_blueprint(views.assets)
