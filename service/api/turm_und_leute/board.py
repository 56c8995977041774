"""Stahl und Sterne's map over HTTP (LS2, LS3, LS6, LS11, LS12, LS14–LS22): the example
map, and the questions on a map a client sends — where a group goes and at what cost,
which fields it may attack and who may help defend, where a tile may be placed, a
fight's sector facts, the map after the worlds' move and after the Fluid's move of a
planet.

Each body carries its ``map``: a map that breaks its schema is 400 naming each member;
once the body is well-formed the map's structure is judged
(:func:`~service.turm_und_leute.board.check_map`), and one the rules make impossible is
422 with the rule and the member. A question that does not fit the map (a group that is
not on it) is 422 too.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from flask import Response, request

from service.api.declare import DRAWING, OCTETS, PICTURE, SVG, Blueprint, negotiate
from service.api.localized import render_page
from service.api.turns import declare_render
from service.common.errors import InvalidQueryError
from service.common.refusal import N_
from service.render.turm_und_leute_map import render_map
from service.turm_und_leute.board import Field, Map, Piece, example_map
from service.turm_und_leute.map_rules import (
    PLACING_RULES,
    Placing,
    Reach,
    SectorFacts,
    Target,
    attack_targets,
    helpers,
    piece_of,
    placements,
    planet_moved,
    planet_refusal,
    reach,
    sector_facts,
    worlds_moved,
)
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.wire.map_schemas import (
    TulHelpersAnswer,
    TulMap,
    TulMapAnswer,
    TulMapFieldQuery,
    TulMapFightQuery,
    TulMapGroupQuery,
    TulMapPlacementQuery,
    TulMapPlanetQuery,
    TulMapQuery,
    TulMapRenderQuery,
    TulPlacementsAnswer,
    TulReachAnswer,
    TulSectorFacts,
    TulTargetsAnswer,
)

bp = Blueprint(
    "turm-und-leute-map",
    __name__,
    url_prefix="/v1/turm-und-leute/map",
    description="Stahl und Sterne on its map: where groups go, fight and stand "
    "(docs/turm-und-leute.md, LS14–LS22).",
)


pictures = Blueprint("turm-und-leute-map-picture", __name__,
                     description="The example map's picture on the rules page.")


class _Reach(NamedTuple):
    field: Field
    markers: int
    path: tuple[Field, ...]
    long: bool
    bridge: int | None
    rules: tuple[str, ...]


class ReachAnswer(NamedTuple):
    side: Side
    group: str
    origin: Field
    reach: tuple[_Reach, ...]


class TargetsAnswer(NamedTuple):
    side: Side
    group: str
    targets: tuple[Target, ...]


class HelpersAnswer(NamedTuple):
    field: Field
    helpers: tuple[Piece, ...]


class PlacementsAnswer(NamedTuple):
    placing: Placing
    fields: tuple[Field, ...]
    rules: tuple[str, ...]


class MapAnswer(NamedTuple):
    map: Map
    rules: tuple[str, ...]


def _rules(found: Reach) -> tuple[str, ...]:
    if found.path[0].world == found.field.world:
        return ("L14", "LS16", "LS15")
    return ("L14", "LS17", "LS7", "LS15", "LS20")


@bp.get("/example")
@bp.response(200, TulMap, description="The example map.")
def tul_map_example() -> Map:
    """The project's own example map (the supplement prints none; LS14–LS22).

    Four worlds on three orbits: the TechnoWelt with the big tower in its 7-sector at the
    bottom, the green, blue and red worlds; the imperator's forces against the dwarves
    and the Fluid, the dwarves, two fluids.
    """
    return example_map()


@bp.post("/reach")
@bp.arguments(TulMapGroupQuery)
@bp.response(200, TulReachAnswer, description="The fields it reaches, with cost and path.")
def tul_map_reach(query: dict[str, Any]) -> Any:
    """Every field a group reaches in one move, with its marker cost and path (LS15–LS17, LS20).

    A short move to a neighbouring field, a long move (riders and angels) over at most
    two fields, over whatever stands on them, ending on a free field of a sector with
    room (LS14–LS16); a move to another world onto any free field outside a tower's
    sector, for its marker and, without a bridge, 2 markers per field of the solar system
    between the worlds (LS7, LS17). A group that is not on the map is 422 (L14).
    """
    board, side, group = query["map"], query["side"], query["group"]
    found = reach(board, side, group)
    listed = tuple(_Reach(r.field, r.markers, r.path, r.long, r.bridge, _rules(r)) for r in found)
    return ReachAnswer(side, group, piece_of(board, side, group).field, listed)


@bp.post("/attacks")
@bp.arguments(TulMapGroupQuery)
@bp.response(200, TulTargetsAnswer, description="The fields it may attack.")
def tul_map_attacks(query: dict[str, Any]) -> Any:
    """Every field a group may attack (L3, LS18, LS20, LS22).

    A neighbouring field, or one up to three steps away for Strahlenwerfer and angels;
    any field of a world joined to the group's (side by side, in a chain of worlds side
    by side, or by a bridge), save a tower's sector; groups of other sides, and fluids
    only from a tower's sector (destroyed, LS22).
    """
    board, side, group = query["map"], query["side"], query["group"]
    return TargetsAnswer(side, group, attack_targets(board, side, group))


@bp.post("/helpers")
@bp.arguments(TulMapFieldQuery)
@bp.response(200, TulHelpersAnswer, description="The groups that may help defend.")
def tul_map_helpers(query: dict[str, Any]) -> Any:
    """Every group in range to help defend the group on a field (L4, LS18).

    Groups of the target's side but workers: on its world in fighting range, on a
    joined world any group of fighters. No group on the field is 422 (LS18).
    """
    return HelpersAnswer(query["field"], helpers(query["map"], query["field"]))


@bp.post("/placements")
@bp.arguments(TulMapPlacementQuery)
@bp.response(200, TulPlacementsAnswer, description="The fields it may be placed on.")
def tul_map_placements(query: dict[str, Any]) -> Any:
    """Every field a new tile may be placed on (LS11, LS15, LS19, LS20, L30).

    A new group on any free field with room in its sector, a tower's sector too; an angel
    entering the board anew not in a tower's sector; a small tower in a 2-sector, the big
    tower in the TechnoWelt's 7-sector at the bottom; a fluid on any free field.
    """
    what = query["placing"]
    return PlacementsAnswer(what, placements(query["map"], what), PLACING_RULES[what])


@bp.post("/worlds-moved")
@bp.arguments(TulMapQuery)
@bp.response(200, TulMapAnswer, description="The map after the worlds' move.")
def tul_map_worlds_moved(query: dict[str, Any]) -> Any:
    """The map after the imperator moves every world one field clockwise (LS6).

    Each world stands one field further on its orbit (an orbit's fields are counted
    clockwise, its last followed by its first); every bridge ends (LS7).
    """
    return MapAnswer(worlds_moved(query["map"]), ("LS6", "LS7"))


@bp.post("/planet-moved")
@bp.arguments(TulMapPlanetQuery)
@bp.response(200, TulMapAnswer, description="The map after the Fluid's move of a planet.")
def tul_map_planet_moved(query: dict[str, Any]) -> Any:
    """The map after the Fluid sets a planet on another free field of its orbit (LS12).

    The planet's bridges end. A field beyond its orbit, its own or another world's is 422 (LS12).
    """
    board, world, where = query["map"], query["world"], query["orbit_field"]
    refused = planet_refusal(board, world, where)
    if refused is not None:
        raise InvalidQueryError(
            refused.rule, refused.text, "/world" if world not in board.by_name else "/orbit_field"
        )
    return MapAnswer(planet_moved(board, world, where), ("LS12",))


@bp.post("/sector-facts")
@bp.arguments(TulMapFightQuery)
@bp.response(200, TulSectorFacts, description="The fight's sector facts.")
def tul_map_sector_facts(query: dict[str, Any]) -> SectorFacts:
    """A fight's tower facts from where its groups stand (LS2), for `POST /v1/turm-und-leute/combat`.

    Each defender's position is the tower of its sector; the attack comes from outside
    when no attacker stands in the target's sector, from a tower when one stands in
    another sector with a tower. A field without a group is 422 (LS18).
    """
    board: Map = query["map"]
    named = [
        ("/target", query["target"]),
        *((f"/attackers/{i}", f) for i, f in enumerate(query["attackers"])),
        *((f"/helpers/{i}", f) for i, f in enumerate(query["helpers"])),
    ]
    for where, place in named:
        if not isinstance(board.tiles.get(place), Piece):
            raise InvalidQueryError("LS18", N_("there is no group on {field}")(field=str(place)), where)
    return sector_facts(board, query["attackers"], query["target"], query["helpers"])


def _draw(query: dict[str, Any]) -> str:
    board, side, group = query["map"], query.get("side"), query.get("group")
    if (side is None) != (group is None):
        raise InvalidQueryError("L14", N_("a reach is drawn for a side and a group, both named")(),
                                "/group" if group is None else "/side")
    if side is None or group is None:
        return render_map(board)
    return render_map(board, reach(board, side, group), piece_of(board, side, group).field)


tul_map_render = declare_render(
    bp, "/render", "tul_map_render", TulMapRenderQuery, _draw,
    """The map drawn as SVG, with one group's reach if `side` and `group` are named (LS14–LS17).

    Each world's fields tinted by sector, with the sector's letter and number; groups,
    towers and fluids; the solar system with its orbits, the worlds and the bridges. A
    group's field is ringed and each field it reaches outlined with its marker cost. Every
    field carries `data-field`, a group's disc `data-side` and `data-group`.
    """,
)


@pictures.get("/rules/turm-und-leute-map.svg")
@pictures.response(200, DRAWING, content_type=SVG,
                   description="The picture docs/turm-und-leute-map.svg, as `make spec` draws it.")
@pictures.alt_response(200, schema=PICTURE, content_type=OCTETS, success=True,
                       description="The same picture, for `Accept: application/octet-stream`.")
def tul_map_picture() -> Response:
    """The example map of Stahl und Sterne, a Daemonenreiter's reach drawn on it.

    The rules page of Turm und Leute shows it (`turm-und-leute-map.svg`), drawn by the
    service: the project's own map, since the supplement prints none.
    """
    from service.render.turm_und_leute_map import example_svg

    response = Response(example_svg(), mimetype=negotiate([SVG, OCTETS]))
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)
    return response


@pictures.get("/turm-und-leute/map")
@pictures.response(200, {"type": "string"}, content_type="text/html", description="The page.")
def tul_map_page() -> Response:
    """A page where a player moves a group on Stahl und Sterne's example map and sees where it may go.

    It asks `/v1/turm-und-leute/map/example` for the map, `…/map/reach` for the fields a
    group reaches, `…/map/render` for the picture and `…/map/worlds-moved` for the
    imperator's move of the worlds; it keeps no state on the server. In the language of
    `?lang=` or else of `Accept-Language`.
    """
    return render_page("turm-und-leute/map.html", cache_control=None)
