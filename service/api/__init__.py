"""HTTP layer of the oracle: the Flask application factory.

One blueprint per group of endpoints (:mod:`~service.api.queries`,
:mod:`~service.api.turns`, :mod:`~service.api.game`, :mod:`~service.api.notation`,
:mod:`~service.api.render`, :mod:`~service.api.meta`); errors
are answered in :mod:`~service.api.errors`, JSON is read and written by
:mod:`~service.api.json_provider`, and :mod:`~service.api.spec` builds openapi.yaml
from the schemas and views.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from flask import Flask, Response

from service.api import floor
from service.api.errors import register_error_handlers
from service.api.game import bp as game_bp
from service.api.json_provider import OrjsonProvider
from service.api.meta import bp as meta_bp
from service.api.notation import bp as notation_bp
from service.api.queries import bp as queries_bp
from service.api.render import bp as render_bp
from service.api.turns import bp as turns_bp
from service.rules import RULES_VERSION

#: Largest accepted request body (API.md: bodies over 64 KiB are 413).
MAX_CONTENT_LENGTH = 64 * 1024


def _add_rules_version(response: Response) -> Response:
    response.headers["X-Rules-Version"] = RULES_VERSION
    return response


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the application; ``config`` overrides the defaults."""
    app = Flask(__name__)
    app.json = OrjsonProvider(app)
    app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    # Only the HTTP load benchmark sets this (see service/api/floor.py).
    app.config["BENCH_FLOOR"] = os.environ.get(floor.ENV) == "1"
    if config is not None:
        app.config.from_mapping(config)

    # The order here is the order of openapi.yaml.
    app.register_blueprint(queries_bp)
    app.register_blueprint(turns_bp)
    app.register_blueprint(game_bp)
    app.register_blueprint(notation_bp)
    app.register_blueprint(render_bp)
    app.register_blueprint(meta_bp)
    if app.config["BENCH_FLOOR"]:
        app.register_blueprint(floor.bp)
    register_error_handlers(app)
    app.after_request(_add_rules_version)
    return app
