"""Pictures: a Terra Turrium position drawn as SVG.

``POST /v1/render`` draws the position of the body with :mod:`service.render`,
highlighting the answer to one question (the query endpoints' answers) and squares the
client chooses. The playground that shows these pictures is :mod:`service.api.playground`.
"""

from __future__ import annotations

from typing import Any

from service.api.declare import Blueprint
from service.api.language import request_language
from service.api.turns import declare_render
from service.common import InvalidQueryError
from service.render import Highlights, HighlightStyle, highlights_for, render_svg
from service.terra_turrium import Position, parse_square
from service.terra_turrium.wire.codec import parse_origin
from service.terra_turrium.wire.queries import RenderQuery

bp = Blueprint("pictures", __name__, description="Terra Turrium positions drawn as SVG.")


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


def _draw(query: dict[str, Any]) -> str:
    position = query["position"]
    question = _question(position, query["highlight"]) if "highlight" in query else Highlights()
    marks = _marks(query.get("squares", []))
    highlights = Highlights(
        squares={**question.squares, **marks.squares},
        labels={**question.labels, **marks.labels},
        origin=question.origin,
    )
    return render_svg(position, highlights, language=request_language())


render = declare_render(
    bp, "/v1/render", "render", RenderQuery, _draw,
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
    """,
)
