"""HTTP layer of the oracle: the Flask application factory.

One thin layer for every game: each operation is declared once on flask-smorest's
blueprint (:mod:`~service.api.declare`: the declaration loads the request with its
schema, dumps the answer with its schema and documents both), :mod:`~service.api.errors`
answers every error as problem details, :mod:`~service.api.spec` builds openapi.yaml,
:mod:`~service.api.json_provider` reads and writes JSON, :mod:`~service.api.envelope` adds
what every answer carries (request id, hardening headers, CORS) and
:mod:`~service.api.metrics` counts and times every answer for ``/metrics``. Each game is a
package of its own (:mod:`~service.api.terra_turrium`) with its schemas and views,
registered here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from service.api import (
    compression,
    envelope,
    meta,
    metrics,
    paths,
    playground,
    spiel_der_tuerme,
    terra_turrium,
    turm_und_leute,
)
from service.api.declare import MAX_BODY
from service.api.errors import register_error_handlers
from service.api.examples import examples
from service.api.json_provider import OrjsonProvider
from service.api.spec import Api
from service.spiel_der_tuerme import RULES_VERSION as SPIEL_DER_TUERME_VERSION
from service.terra_turrium import RULES_VERSION
from service.turm_und_leute import RULES_VERSION as TURM_UND_LEUTE_VERSION

#: Each game's answers and pages carry its own rules version; an answer about no game
#: (health, the document, the playground of both board games) Terra Turrium's.
GAME_PATHS: dict[str, str] = {
    "/v1/spiel-der-tuerme/": SPIEL_DER_TUERME_VERSION,
    "/rules/spiel-der-tuerme": SPIEL_DER_TUERME_VERSION,
    "/v1/turm-und-leute/": TURM_UND_LEUTE_VERSION,
    "/turm-und-leute": TURM_UND_LEUTE_VERSION,
    "/rules/turm-und-leute": TURM_UND_LEUTE_VERSION,
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the application; ``config`` overrides the defaults.

    ``CHECK_ANSWERS``: check every answer against its schema (the tests set it).
    ``CORS_ORIGINS``: the origins whose pages may call the service, ``"*"`` or a list
    (default: ``ORACLE_CORS_ORIGINS``, see :mod:`~service.api.envelope`).
    """
    app = Flask(__name__, static_folder=None)
    # A path with doubled slashes is no address of the service (404), rather than a
    # redirect to the merged path, which werkzeug writes with the request's Host header:
    # a client could be sent to any name it put there (docs/api.md).
    app.url_map.merge_slashes = False
    app.json = OrjsonProvider(app)
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    if config is not None:
        app.config.from_mapping(config)
    envelope.register(
        app,
        {"X-Rules-Version": RULES_VERSION},
        {path: {"X-Rules-Version": version} for path, version in GAME_PATHS.items()},
    )
    paths.register(app)
    metrics.register(app)
    compression.register(app)
    api = Api(app, examples)
    app.extensions["oracle.api"] = api
    terra_turrium.register(app, api)
    api.register_blueprint(playground.bp)
    app.register_blueprint(playground.assets)
    spiel_der_tuerme.register(app, api)
    turm_und_leute.register(app, api)
    api.register_blueprint(meta.bp)
    app.register_blueprint(meta.assets)
    register_error_handlers(app)
    return app
