"""Terra Turrium over HTTP: its operations, schemas and request examples.

:func:`register` adds the game to an :class:`~service.api.spec.Api`: its named
components, then its blueprints in the order the document lists them.
"""

from __future__ import annotations

from flask import Flask

from service.api.spec import Api
from service.api.terra_turrium import game, games, notation, opponent, questions, render, turns
from service.terra_turrium.wire.queries import COMPONENTS


def register(app: Flask, api: Api) -> None:
    """Add Terra Turrium's operations to ``app`` and its document."""
    api.components(COMPONENTS)
    for module in (questions, turns, opponent, games, game, notation, render):
        api.register_blueprint(module.bp)
