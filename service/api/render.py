"""Pictures: a position drawn as SVG, and the playground page that shows them.

``POST /v1/render`` draws the position of the body with :mod:`service.render`,
highlighting the answer to one question (the query endpoints' answers) and squares the
client chooses. ``GET /playground`` (and ``GET /``) is the page, whose script and style
sheet are served from the installed package under ``/playground/…`` (no CDN).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint, Response, send_from_directory

import service.render
from service.api.convert import load_marks, load_origin, load_position
from service.api.schemas import RenderRequestSchema, json_body
from service.render import Highlights, highlights_for, render_svg
from service.rules import InvalidQueryError, Position

bp = Blueprint("render", __name__)

SVG_MEDIA_TYPE = "image/svg+xml"

#: The playground's files, as installed with the service.render package.
PLAYGROUND = str(Path(service.render.__file__).resolve().parent / "static" / "playground")


def _question(position: Position, highlight: dict[str, Any]) -> Highlights:
    """The highlights of the ``highlight`` member; ``from`` errors point into the body."""
    origin = load_origin(highlight["from"]) if "from" in highlight else None
    try:
        return highlights_for(position, highlight["kind"], origin)
    except InvalidQueryError as exc:
        raise InvalidQueryError(exc.rule, exc.detail, "/highlight" + exc.field) from exc


@bp.post("/v1/render")
def render() -> Response:
    """The position drawn as SVG, with the answer to a question or chosen squares highlighted.
    ---
    post:
      tags: [pictures]
      description: >-
        The 10 × 10 board seen from above (rank 1 at the bottom): territories tinted in
        their owners' colours, out-of-play squares hatched (B4), each pile drawn darker
        with its height and numbered (B5), turrians as discs in seat colours, and a
        panel with each seat's territories, attacks, reserve and bonus stones and who
        is to move. `highlight` marks the answer of `/v1/removals`, `/v1/placements`,
        `/v1/reach` (from `from`, labelled with the costs) or `/v1/captures`; `squares`
        marks squares of the client's choice on top. Every square is a `<g>` with
        `data-square` and a `class` naming its highlight, for scripts. The same request
        gives the same bytes.
      requestBody:
        required: true
        content:
          application/json:
            schema: RenderRequestSchema
      responses:
        200:
          description: The picture, a complete SVG document.
          content:
            image/svg+xml:
              schema:
                type: string
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422:
          description: >-
            The position breaks a structural rule, or with `highlight` `reach` no turrian
            of `to_move` stands on `from` (S2) / it has none in reserve (M9), as
            `/v1/reach` answers it; `rule` and `field` say which.
          content:
            application/problem+json:
              schema: ProblemSchema
        500: InternalError
    """
    body = json_body(RenderRequestSchema)
    position = load_position(body["position"])
    question = _question(position, body["highlight"]) if "highlight" in body else Highlights()
    marks = load_marks(body.get("squares", ()))
    highlights = Highlights(
        squares={**question.squares, **marks.squares},
        labels={**question.labels, **marks.labels},
        origin=question.origin,
    )
    return Response(render_svg(position, highlights), mimetype=SVG_MEDIA_TYPE)


@bp.get("/playground")
def playground() -> Response:
    """The playground: a page that shows positions and asks the API about them.
    ---
    get:
      tags: [pictures]
      description: >-
        Set up or paste a position, see it drawn by `/v1/render`, click a turrian to
        see its reach, list removals, placements and captures, and build a turn to
        validate or apply. The page's script calls this service's API; it keeps no
        state on the server.
      responses:
        200:
          description: An HTML page that loads /playground/playground.js and playground.css.
          content:
            text/html:
              schema:
                type: string
        500: InternalError
    """
    return send_from_directory(PLAYGROUND, "index.html")


@bp.get("/")
def index() -> Response:
    """The playground page, at the service's root.
    ---
    get:
      tags: [pictures]
      responses:
        200:
          description: The same page as /playground.
          content:
            text/html:
              schema:
                type: string
        500: InternalError
    """
    return send_from_directory(PLAYGROUND, "index.html")


@bp.get("/playground/<path:name>")
def playground_asset(name: str) -> Response:
    """A file of the playground (script, style sheet)."""
    return send_from_directory(PLAYGROUND, name)
