"""HTTP layer of the oracle: the Flask application factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from service.api.meta import bp as meta_bp

#: Largest accepted request body (API.md: bodies over 64 KiB are 413).
MAX_CONTENT_LENGTH = 64 * 1024


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the application; ``config`` overrides the defaults."""
    app = Flask(__name__)
    app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    if config is not None:
        app.config.from_mapping(config)

    app.register_blueprint(meta_bp)
    return app
