"""A picture of a Stahl und Sterne map (:mod:`service.turm_und_leute.board`) as SVG.

Each world is a grid of its fields, one tint per sector, the sector's letter and printed
number in its first field; a group is a disc in its side's colour with its kind's
initials, a tower a dark block (``T`` the big one, ``t`` a small one), fluids a blue tile
with the height of their stack. Beside the worlds the solar system: its orbits, each
world on its field, the bridges dashed. A group's reach (LS16, LS17) can be drawn on it:
its field ringed, each field it reaches outlined with the markers it costs.

Every field is a ``<rect>`` with ``data-field`` (and a group's disc ``data-side`` and
``data-group``), so a page can tell which field was clicked.

>>> from service.turm_und_leute.board import example_map
>>> svg = render_map(example_map())
>>> svg.startswith("<svg") and 'data-field="techno:3:0"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from service.render.drawing import attrs, rect, svg_document, text_element
from service.turm_und_leute.board import Field, Map, Piece, Tower, TowerTile
from service.turm_und_leute.map_rules import Reach
from service.turm_und_leute.peoples import Side

CELL: Final = 34
MARGIN: Final = 16
TITLE: Final = 22
GAP: Final = 18
SUN: Final = 150
"""The radius of the solar system's drawing."""
SIDE_COLOURS: Final = {
    Side.IMPERATOR: "#7a1f1f",
    Side.GRAF: "#7a1f1f",
    Side.ZWERGE: "#6b4f1d",
    Side.ENGEL: "#d9c36a",
    Side.FLUID: "#2a6fb0",
}
SECTOR_TINTS: Final = ("#e8e3d6", "#d6e2d3", "#d9dcea", "#eadad3", "#e3e8d0", "#dbe6e6", "#e6dcea", "#ece6cc")
WORLD_COLOURS: Final = {"green": "#3f8f4a", "blue": "#3a64b0", "red": "#b0413a"}
FLUID: Final = "#4aa3df"
REACH: Final = "#1b7f3b"


def _initials(kind: str) -> str:
    return kind[:2].capitalize()


def _world_parts(board: Map, top: int, reach: Sequence[Reach], origin: Field | None) -> tuple[list[str], int]:
    parts: list[str] = []
    costs = {r.field: r.markers for r in reach}
    y = top
    for world in board.worlds:
        parts.append(
            text_element(MARGIN, y + 15, world.name, font_size=14, font_weight="bold", fill="#1a1a1a")
        )
        y += TITLE
        letters = [s.id for s in world.sectors]
        labelled: set[str] = set()
        for place in world.fields():
            x0, y0 = MARGIN + place.column * CELL, y + place.row * CELL
            sector = world.sector_of(place)
            tint = SECTOR_TINTS[letters.index(sector) % len(SECTOR_TINTS)]
            parts.append(
                rect(
                    x=x0,
                    y=y0,
                    width=CELL,
                    height=CELL,
                    fill=tint,
                    stroke="#b8b2a4",
                    stroke_width=1,
                    data_field=str(place),
                )
            )
            if sector not in labelled:
                labelled.add(sector)
                parts.append(
                    text_element(
                        x0 + 2, y0 + 9, f"{sector}{world.capacity(sector)}", font_size=8, fill="#5a5548"
                    )
                )
            fluid = board.fluid_at.get(place)
            if fluid is not None:
                parts.append(
                    rect(
                        x=x0 + 6,
                        y=y0 + 6,
                        width=CELL - 12,
                        height=CELL - 12,
                        rx=5,
                        fill=FLUID,
                        data_field=str(place),
                    )
                )
                parts.append(
                    text_element(
                        x0 + CELL / 2,
                        y0 + CELL / 2 + 4,
                        str(fluid.height),
                        font_size=11,
                        fill="#ffffff",
                        text_anchor="middle",
                    )
                )
            tile = board.tiles.get(place)
            if isinstance(tile, TowerTile):
                size = tile.size
                parts.append(
                    rect(
                        x=x0 + 7,
                        y=y0 + 5,
                        width=CELL - 14,
                        height=CELL - 10,
                        fill="#3b3a36",
                        data_field=str(place),
                    )
                )
                parts.append(
                    text_element(
                        x0 + CELL / 2,
                        y0 + CELL / 2 + 4,
                        "T" if size is Tower.BIG else "t",
                        font_size=12,
                        fill="#ffffff",
                        text_anchor="middle",
                    )
                )
            elif isinstance(tile, Piece):
                colour = SIDE_COLOURS[tile.side]
                ink = "#1a1a1a" if tile.side is Side.ENGEL else "#ffffff"
                disc = attrs(
                    cx=float(x0 + CELL / 2),
                    cy=float(y0 + CELL / 2),
                    r=12,
                    fill=colour,
                    data_field=str(place),
                    data_side=tile.side.value,
                    data_group=tile.id,
                )
                parts.append("<circle" + disc + "/>")
                parts.append(
                    text_element(
                        x0 + CELL / 2,
                        y0 + CELL / 2 + 4,
                        _initials(tile.kind.value),
                        font_size=10,
                        fill=ink,
                        text_anchor="middle",
                        # A click on the letters is a click on the group's disc.
                        pointer_events="none",
                    )
                )
            if place == origin:
                parts.append(
                    rect(
                        x=x0 + 1.5,
                        y=y0 + 1.5,
                        width=CELL - 3,
                        height=CELL - 3,
                        fill="none",
                        stroke="#1a1a1a",
                        stroke_width=3,
                    )
                )
            if place in costs:
                parts.append(
                    rect(
                        x=x0 + 1.5,
                        y=y0 + 1.5,
                        width=CELL - 3,
                        height=CELL - 3,
                        fill="none",
                        stroke=REACH,
                        stroke_width=3,
                        class_="reach",
                        data_field=str(place),
                    )
                )
                parts.append(
                    text_element(
                        x0 + CELL - 3,
                        y0 + CELL - 3,
                        str(costs[place]),
                        font_size=9,
                        font_weight="bold",
                        fill=REACH,
                        text_anchor="end",
                        class_="cost",
                        data_field=str(place),
                    )
                )
        y += world.rows * CELL + GAP
    return parts, y


def _system_parts(board: Map, left: int, top: int) -> list[str]:
    cx, cy = left + SUN, top + SUN
    parts: list[str] = []
    rings = len(board.orbits)
    radius = [SUN * (i + 1) / (rings + 0.5) for i in range(rings)]
    parts.append("<circle" + attrs(cx=float(cx), cy=float(cy), r=8, fill="#e0b43a") + "/>")
    for r, size in zip(radius, board.orbits, strict=True):
        parts.append(
            "<circle" + attrs(cx=float(cx), cy=float(cy), r=float(r), fill="none", stroke="#c8c2b4") + "/>"
        )
        for k in range(size):
            angle = 2 * math.pi * k / size - math.pi / 2
            x1, y1 = cx + (r - 6) * math.cos(angle), cy + (r - 6) * math.sin(angle)
            x2, y2 = cx + (r + 6) * math.cos(angle), cy + (r + 6) * math.sin(angle)
            parts.append("<line" + attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke="#c8c2b4") + "/>")
    spots: dict[str, tuple[float, float]] = {}
    for world in board.worlds:
        size = board.orbits[world.orbit]
        angle = 2 * math.pi * (world.orbit_field + 0.5) / size - math.pi / 2
        r = radius[world.orbit]
        spots[world.name] = (cx + r * math.cos(angle), cy + r * math.sin(angle))
    for one, other in board.bridges:
        (x1, y1), (x2, y2) = spots[one], spots[other]
        parts.append(
            "<line"
            + attrs(x1=x1, y1=y1, x2=x2, y2=y2, stroke="#5a5548", stroke_width=2, stroke_dasharray="4 3")
            + "/>"
        )
    for world in board.worlds:
        x, y = spots[world.name]
        colour = WORLD_COLOURS.get(world.name, "#6d6a60")
        planet = attrs(
            cx=x, cy=y, r=9, fill=colour, stroke="#1a1a1a",
            data_world=world.name, data_orbit_field=str(world.orbit_field),
        )
        parts.append("<circle" + planet + "/>")
        parts.append(text_element(x + 11, y + 4, world.name, font_size=11, fill="#1a1a1a"))
    return parts


def render_map(board: Map, reach: Sequence[Reach] = (), origin: Field | None = None, title: str = "") -> str:
    """The map as a complete SVG document; ``reach`` (a group's, from ``origin``) drawn on it."""
    widest = max(w.columns for w in board.worlds)
    worlds, bottom = _world_parts(board, MARGIN, reach, origin)
    left = MARGIN + widest * CELL + 2 * GAP
    system = _system_parts(board, left, MARGIN + 20)
    width = left + 2 * SUN + 90
    height = max(bottom, MARGIN + 40 + 2 * SUN)
    return svg_document(width, height, "tul-map", title or "Stahl und Sterne", [*worlds, *system])


EXAMPLE_GROUP: Final = (Side.IMPERATOR, "daemonenreiter-1")
"""The group whose reach the example picture shows."""


def example_svg() -> str:
    """``docs/turm-und-leute-map.svg``: the example map (the project's own design), with
    the reach of :data:`EXAMPLE_GROUP`; ``make spec`` writes it."""
    from service.turm_und_leute.board import example_map
    from service.turm_und_leute.map_rules import piece_of, reach

    board = example_map()
    side, group = EXAMPLE_GROUP
    return render_map(
        board,
        reach(board, side, group),
        piece_of(board, side, group).field,
        "Stahl und Sterne: the example map",
    )
