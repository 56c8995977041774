"""Spiel der Türme over HTTP: its operations, schemas and request examples.

Added to the service exactly like the first game (:func:`register`): its components,
then its blueprint; the declaration, error and document machinery is the shared one.
"""

from __future__ import annotations

from flask import Flask

from service.api.spec import Api
from service.api.spiel_der_tuerme import opponent, views
from service.spiel_der_tuerme.wire.queries import COMPONENTS


def register(app: Flask, api: Api) -> None:
    """Add Spiel der Türme's operations to ``app`` and its document."""
    api.components(COMPONENTS)
    api.register_blueprint(views.bp)
    api.register_blueprint(opponent.bp)
