"""Pictures of positions: a server-side SVG board, pure Python, no web framework.

::

    from service.render import Highlights, render_svg
    from service.terra_turrium import parse_position, parse_square, reachable

    position = parse_position(json_dict)
    origin = parse_square("c7")
    svg = render_svg(position, Highlights.from_reach(origin, reachable(position, origin)))

``static/playground/`` holds the browser playground that shows these pictures and
drives the JSON API; the HTTP layer serves it.

Spiel der Türme has its own picture, :mod:`service.render.spiel_der_tuerme` (imported
from there, as its names are those of this one)::

    from service.render.spiel_der_tuerme import highlights_for_moves, render_svg

    svg = render_svg(position, highlights_for_moves(position, parse_square("g3")))
"""

from service.render.terra_turrium import (
    HIGHLIGHT_KINDS,
    Highlights,
    HighlightStyle,
    highlights_for,
    render_svg,
    seat_colours,
)

__all__ = [
    "HIGHLIGHT_KINDS",
    "HighlightStyle",
    "Highlights",
    "highlights_for",
    "render_svg",
    "seat_colours",
]
