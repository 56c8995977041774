"""Pictures: a position drawn as SVG, and the playground page that shows them.

``POST /v1/render`` draws the position of the body with :mod:`service.render`,
highlighting the answer to one question (the query endpoints' answers) and squares the
client chooses. ``GET /playground`` (and ``GET /``) is the page; its script and style
sheet are served from the installed package under ``/playground/…`` (no CDN), its icon at
``/favicon.ico`` too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import Response, abort, send_from_directory

import service.render
from service.api.declare import DRAWING, OCTETS, PICTURE, SVG, Blueprint, negotiate
from service.api.localized import render_page
from service.api.terra_turrium.schemas import RenderQuery
from service.common import InvalidQueryError
from service.render import Highlights, HighlightStyle, highlights_for, render_svg
from service.terra_turrium import Position, parse_square
from service.terra_turrium.codec import parse_origin

bp = Blueprint("pictures", __name__, description="Terra Turrium positions drawn as SVG, and the playground.")
#: The pages of service/render/static are templates (their words in the reader's
#: language, service/api/localized.py), named by their folder: ``playground/index.html``.
STATIC = Path(service.render.__file__).resolve().parent / "static"
assets = FlaskBlueprint("playground_assets", __name__, template_folder=str(STATIC))

PAGE = {"type": "string"}

#: The playground's files, as installed with the service.render package.
PLAYGROUND = str(Path(service.render.__file__).resolve().parent / "static" / "playground")


def _question(position: Position, highlight: dict[str, Any]) -> Highlights:
    """The highlights of the ``highlight`` member; ``from`` errors point into the body."""
    origin = parse_origin(highlight["origin"]) if "origin" in highlight else None
    try:
        return highlights_for(position, highlight["kind"], origin)
    except InvalidQueryError as exc:
        raise exc.under("/highlight") from None


def _marks(marks: list[dict[str, Any]]) -> Highlights:
    """The ``squares`` member: a style per square and the labels given; a later entry wins."""
    styles: dict[int, HighlightStyle] = {}
    labels: dict[int, str] = {}
    for mark in marks:
        square = parse_square(mark["square"])
        styles[square] = HighlightStyle(mark.get("style", HighlightStyle.MARK.value))
        if "label" in mark:
            labels[square] = mark["label"]
    return Highlights(squares=styles, labels=labels)


@bp.post("/v1/render")
@bp.arguments(RenderQuery)
@bp.response(200, DRAWING, content_type=SVG, description="The picture, a complete SVG document.")
@bp.alt_response(200, schema=PICTURE, content_type=OCTETS, success=True,
                 description="The same document, for `Accept: application/octet-stream`.")
def render(query: dict[str, Any]) -> Response:
    """The position drawn as SVG, with the answer to a question or chosen squares highlighted.

    The 10 × 10 board seen from above (rank 1 at the bottom): territories tinted in their
    owners' colours, out-of-play squares hatched (B4), each pile drawn darker with its
    height and numbered (B5), turrians as discs in seat colours, and a panel with each
    seat's territories, attacks, reserve and bonus stones and who is to move. `highlight`
    marks the answer of `/v1/removals`, `/v1/placements`, `/v1/reach` (from `from`,
    labelled with the costs) or `/v1/captures`; `squares` marks squares of the client's
    choice on top. Every square is a `<g>` with `data-square` and a `class` naming its
    highlight, for scripts. The same request gives the same bytes. A `from` with no
    turrian of `to_move` is the same 422 as from `/v1/reach`, pointing at
    `/highlight/from`.
    """
    position = query["position"]
    question = _question(position, query["highlight"]) if "highlight" in query else Highlights()
    marks = _marks(query.get("squares", []))
    highlights = Highlights(
        squares={**question.squares, **marks.squares},
        labels={**question.labels, **marks.labels},
        origin=question.origin,
    )
    return Response(render_svg(position, highlights), mimetype=negotiate([SVG, OCTETS]))


@bp.get("/playground")
@bp.response(200, PAGE, content_type="text/html", description="The page; it loads its script and style sheet.")
def playground() -> Response:
    """The playground: learn the game and play it in the browser.

    A page that sets up games, draws positions with `/v1/render` and builds turns by
    clicking, asking this service's API at every step; it keeps no state on the server.
    In the language of `?lang=` or else of `Accept-Language`.
    """
    return render_page("playground/index.html", cache_control=None)


@bp.get("/")
@bp.response(200, PAGE, content_type="text/html", description="The same page as /playground.")
def index() -> Response:
    """The playground page, at the service's root.

    The same page as /playground, so that the service's address alone opens it.
    """
    return render_page("playground/index.html", cache_control=None)


@assets.get("/playground/<path:name>")
@assets.get("/favicon.ico", defaults={"name": "favicon.ico"})
def playground_asset(name: str) -> Response:
    """A file of the playground (script, style sheet, icon); the icon also where browsers
    look for it unasked, so that no page of the service draws a 404. The page itself is
    a template, served only rendered."""
    if name.endswith(".html"):
        abort(404)
    return send_from_directory(PLAYGROUND, name)
