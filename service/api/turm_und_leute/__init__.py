"""Turm und Leute over HTTP: the combat resolver, its unit tables, the turn ledger, the
goals and their pages, through the shared declaration, error and document machinery
(:func:`register`)."""

from __future__ import annotations

from flask import Flask

from service.api.spec import Api
from service.api.turm_und_leute import board, views


def register(app: Flask, api: Api) -> None:
    """Add Turm und Leute's operations to ``app`` and its document."""
    api.register_blueprint(views.bp)
    api.register_blueprint(board.bp)
    api.register_blueprint(board.pictures)
    api.register_blueprint(views.pages)
    app.register_blueprint(views.assets)
