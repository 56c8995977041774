"""Endpoints about the service itself rather than about the game."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, send_from_directory
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]

import service

bp = Blueprint("meta", __name__)

#: The Swagger UI files, as installed by the swagger-ui-bundle package (no CDN).
SWAGGER_UI = str(swagger_ui_path)


@bp.get("/healthz")
def healthz() -> dict[str, str]:
    """Report that the service is up, with its version.
    ---
    get:
      tags: [meta]
      responses:
        200:
          description: The service is up.
          content:
            application/json:
              schema: HealthSchema
        500: InternalError
    """
    return {"status": "ok", "version": service.__version__}


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    """This document: the OpenAPI description of the service.
    ---
    get:
      tags: [meta]
      responses:
        200:
          description: The OpenAPI document, as committed in the repository's openapi.yaml.
          content:
            application/yaml:
              schema:
                type: string
        500: InternalError
    """
    # Imported here, not at the top: `python -m service.api.spec` imports this package
    # first and must not find the spec module loaded already.
    from service.api.spec import spec_yaml

    return Response(spec_yaml(current_app), mimetype="application/yaml")


@bp.get("/docs")
def docs() -> str:
    """Interactive documentation of the API (Swagger UI, served by the service itself).
    ---
    get:
      tags: [meta]
      responses:
        200:
          description: An HTML page that loads /openapi.yaml.
          content:
            text/html:
              schema:
                type: string
        500: InternalError
    """
    return render_template("docs.html")


@bp.get("/docs/<path:filename>")
def docs_asset(filename: str) -> Response:
    """A file of the Swagger UI bundle (script, style sheet, icon)."""
    return send_from_directory(SWAGGER_UI, filename, max_age=86400)
