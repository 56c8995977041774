"""Endpoints about the service itself rather than about a game."""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from flask import Blueprint as FlaskBlueprint
from flask import Response, abort, current_app, redirect, request, send_from_directory
from marshmallow import fields
from swagger_ui_bundle import swagger_ui_path  # type: ignore[import-untyped]
from werkzeug.wrappers import Response as BaseResponse

import service
from service.api import metrics
from service.api.declare import DRAWING, OCTETS, PICTURE, SVG, Blueprint, negotiate
from service.api.errors import PROBLEM_MEDIA_TYPE
from service.api.localized import Words, page_language, render_page
from service.api.problems import ProblemSchema
from service.api.rulebooks import MAIN_GAME, RULEBOOKS, page_body
from service.build import ENGINE_BUILDS, engine
from service.common.refusal import N_
from service.common.schema import Schema, String, Word

SHUTTING_DOWN = N_("The service is shutting down; send requests to another instance.")

bp = Blueprint("meta", __name__, description="The service itself.")
assets = FlaskBlueprint("docs_assets", __name__, static_folder="static", static_url_path="/docs/static")

#: The Swagger UI files, as installed by the swagger-ui-bundle package (no CDN): only
#: those the page loads are served.
SWAGGER_UI = str(swagger_ui_path)
SWAGGER_UI_FILES = frozenset(
    {"swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"}
)

YAML = "application/yaml"
JSON = "application/json"


def _said(description: str) -> dict[str, str]:
    return {"description": description}


class Status(NamedTuple):
    """What ``/healthz`` and ``/readyz`` answer."""

    status: str
    version: str
    engine: str = ""


class Health(Schema):
    """The service is up."""

    status = Word(["ok"], required=True, metadata=_said("Always `ok`."))
    version = String(required=True, metadata=_said("The service's version."))
    engine = Word(list(ENGINE_BUILDS), required=True, metadata=_said(
        "Which build of the rules engines answers: `compiled` (by mypyc, as the image builds them where it "
        "has a C compiler) or `pure` (Python)."))


class Document(Schema):
    """An OpenAPI 3.0 document."""

    class Meta:
        unknown = "include"

    openapi = String(required=True, metadata=_said("The OpenAPI version."))
    info = fields.Dict(required=True, metadata={"description": "Title, version, description, licence."})
    paths = fields.Dict(required=True, metadata={"description": "The operations."})


@bp.get("/healthz")
@bp.response(200, Health, description="The service is up.")
def healthz() -> Status:
    """Report that the service is up, with its version and the build of its engines.

    Answers as soon as a worker can answer anything, without reading a position: the
    probe for load balancers and the deployment's startup and readiness checks.
    """
    return Status("ok", service.__version__, engine())


#: The file whose presence says that the server is draining: it keeps answering what
#: reaches it, but should get nothing new. Kubernetes' preStop hook creates it in the
#: server's own directory (deploy/kubernetes/deployment.yaml, docs/deploying.md).
DRAINING = "draining"


class Readiness(Schema):
    """The service takes requests."""

    status = Word(["ready"], required=True, metadata=_said("Always `ready`."))
    version = String(required=True, metadata=_said("The service's version."))


@bp.get("/readyz")
@bp.response(200, Readiness, description="The service takes requests.")
@bp.alt_response(503, schema=ProblemSchema, content_type=PROBLEM_MEDIA_TYPE,
                 description="The service is shutting down: it answers what it has, but send it nothing new.")
def readyz() -> Status:
    """Report whether the service should get requests (a readiness probe).

    Unlike `/healthz` it answers 503 once the server has been told to stop (Kubernetes'
    preStop hook, or gunicorn's SIGTERM): it still answers what reaches it, so a load
    balancer that polls this takes the instance out before its listener closes.
    """
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
    if directory and os.path.exists(os.path.join(directory, DRAINING)):
        abort(503, SHUTTING_DOWN())
    return Status("ready", service.__version__)


@bp.get("/metrics")
@bp.response(200, {"type": "string"}, content_type=metrics.MEDIA_TYPE,
             description="Prometheus's text format: requests, errors and a latency histogram per endpoint.")
def prometheus_metrics() -> Response:
    """The service's metrics for Prometheus, added up over every worker process.

    `oracle_http_requests_total` and `oracle_http_errors_total` (status 400 or more) count
    answers by `endpoint` (the route, `unmatched` for paths no route serves), `method`
    (`other` for a method the service does not know) and `status`; \
`oracle_http_request_duration_seconds` is a histogram of the time each
    answer took, by `endpoint` and `method`.
    """
    return Response(metrics.exposition(), content_type=metrics.MEDIA_TYPE)


@bp.get("/openapi.yaml")
@bp.response(200, Document, content_type=YAML, description="The document, as committed in openapi.yaml.")
@bp.alt_response(200, schema=Document, content_type=JSON, success=True,
                 description="The same document as JSON, for `Accept: application/json`.")
def openapi_yaml() -> Any:
    """This document: the OpenAPI description of the service.

    The text committed as openapi.yaml, generated from the operations' declarations; as
    JSON for `Accept: application/json`. Its `servers` entry is `/`, the service that
    serves it, so a client or /docs asks the host and port it was fetched from.
    """
    from service.api.spec import document, spec_yaml

    if negotiate([YAML, JSON]) == JSON:
        response = Response(current_app.json.dumps(document(current_app)), mimetype=JSON)
    else:
        response = Response(spec_yaml(current_app), mimetype=YAML)
    # It changes only with the service: revalidated (304 while a client's copy is current).
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    return response.make_conditional(request)


@bp.get("/docs")
@bp.response(
    200, {"type": "string"}, content_type="text/html", description="A page that loads /openapi.yaml."
)
def docs() -> Response:
    """Interactive documentation of the API (Swagger UI, served by the service itself).

    Swagger UI reads /openapi.yaml; "Try it out" sends each operation's examples to the
    same origin the page came from. Its files are served from the installed bundle, no CDN.
    """
    return render_page("docs.html")


HTML = "text/html"


def _rules_page(game: str) -> Response:
    """The page of ``game``'s rules in the reader's language (the English rules where
    they are not yet translated); it changes only with a new version of the service, so
    a client revalidates it (304 while its copy is current)."""
    language = page_language()
    body, body_language = page_body(game, language)
    title = Words(language)(RULEBOOKS[game].title)
    return render_page("rules.html", title=title, body=body, body_lang=body_language)


@bp.get("/rules")
@bp.response(200, {"type": "string"}, content_type=HTML,
             description="The rules of Terra Turrium, with an anchor per rule id (`/rules#R4`).")
def rules() -> Response:
    """The rules every answer cites: each rule id (`R4`) is an anchor of this page.

    The game's rules, as the repository's docs/rules.md has them: the game in one minute,
    then every rule with its id, the readings the oracle adopts and its decisions. The
    `rule` of a problem or a violation is an anchor here: `/rules#R4` is rule R4.
    """
    return _rules_page(MAIN_GAME)


GAMES = ", ".join(f'"{game}"' for game in RULEBOOKS)


@bp.get(f"/rules/<any({GAMES}):game>")
@bp.alt_response(404, schema=ProblemSchema, content_type=PROBLEM_MEDIA_TYPE,
                 description="No game of that name has rules here.")
@bp.response(200, {"type": "string"}, content_type=HTML,
             description="The game's rules, an anchor per rule id.")
def game_rules(game: str) -> Response:
    """The rules of one game, by its name: an anchor per rule id its answers cite.

    `/rules/terra-turrium` is the page `/rules` serves.
    """
    return _rules_page(game)


@bp.get("/rules/spiel-der-tuerme.svg")
@bp.response(200, DRAWING, content_type=SVG,
             description="The picture docs/spiel-der-tuerme.svg, as `make spec` draws it.")
@bp.alt_response(200, schema=PICTURE, content_type=OCTETS,
                 success=True, description="The same picture, for `Accept: application/octet-stream`.")
def sdt_rules_picture() -> Response:
    """The example picture of Spiel der Türme's rules page.

    The document shows it beside itself (`spiel-der-tuerme.svg`), so the page at
    `/rules/spiel-der-tuerme` finds it here: the same position and highlights, drawn by
    the service.
    """
    from service.render.spiel_der_tuerme_example import example_svg

    response = Response(example_svg(), mimetype=negotiate([SVG, OCTETS]))
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)
    return response


@assets.get("/docs/")
def docs_slash() -> BaseResponse:
    """``/docs/``, as a reader may type it: the documentation at ``/docs``, with the
    same query (its language)."""
    query = request.query_string.decode("latin-1")
    return redirect("/docs" + (f"?{query}" if query else ""), code=301)


@assets.get("/docs/<path:filename>")
def docs_asset(filename: str) -> Response:
    """A file of the Swagger UI bundle that the page loads."""
    if filename not in SWAGGER_UI_FILES:
        abort(404)
    return send_from_directory(SWAGGER_UI, filename, max_age=86400)
