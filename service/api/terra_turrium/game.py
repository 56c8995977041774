"""The game's fixed facts: a new game's position and the board's geometry."""

from __future__ import annotations

from functools import cache
from typing import Any

from service.api.declare import Blueprint
from service.common import InvalidQueryError
from service.terra_turrium import (
    OPTIONS,
    Handover,
    Position,
    Rules,
    apply_handover,
    parse_square,
    setup_position,
)
from service.terra_turrium.position import option_values
from service.terra_turrium.wire.codec import Board, Handed
from service.terra_turrium.wire.codec import board as geometry
from service.terra_turrium.wire.queries import HandoverQuery, SetupQuery
from service.terra_turrium.wire.schemas import BoardAnswer, HandoverAnswer, PositionAnswer

bp = Blueprint(
    "game", __name__, description="A new Terra Turrium game, its handicap and the board's geometry."
)


def _rules(query: dict[str, Any]) -> Rules:
    """The options of the query as a :class:`Rules` value."""
    chosen = {}
    for option in OPTIONS:
        wanted = query[option.name]
        chosen[option.name] = next(
            v for v in option_values(option) if (v if isinstance(v, bool) else v.value) == wanted
        )
    return Rules(**chosen)


@bp.get("/v1/setup")
@bp.arguments(SetupQuery, location="query")
@bp.response(200, PositionAnswer, description="The new game's position.")
def setup(query: dict[str, Any]) -> Position:
    """The position of a new game, before the turrians are placed (B6, S1).

    The set-up heights for the player count (B6), seats `yellow`, `red`, `blue`, `green`
    (as many as there are players) in clockwise order with their default territories
    (4 players: NW, NE, SE, SW; 3 players: NW, NE, SE, SW neutral; 2 players: NW+NE and
    SE+SW), no turrians on the board, `yellow` to move, phase `take`. The players then put
    their turrians on the board (S3). With `handicap` the stronger seat has handed the
    stones named to the weaker seat's `bonus_stones` (P3, as `POST /v1/handover`); a stone
    that may not be handed over is 422 naming its rule, `field` `handicap`. An option the
    player count does not have (team play without 4 players, the 6x6 board without 2) is
    422, `field` pointing at it in the position's `rules`.
    """
    handicap = query.get("handicap")
    if handicap is None:
        return _new_game(query["players"], _rules(query))
    giver, receiver, names = handicap.split(":")
    handover = Handover(giver, receiver, tuple(parse_square(name) for name in names.split(",")))
    try:
        return apply_handover(setup_position(query["players"], _rules(query)), handover)
    except InvalidQueryError as error:
        # The parameter is the handover's whole request member.
        raise InvalidQueryError(error.rule, error.detail, "handicap") from None


@bp.post("/v1/handover")
@bp.arguments(HandoverQuery)
@bp.response(200, HandoverAnswer, description="The position after the handover.")
def handover(query: dict[str, Any]) -> Handed:
    """The handicap (P3): the stronger seat hands stones of its own territory to the weaker.

    Before the first turn or between two turns (not during one, T1; not once the game is
    over, G3) the stronger seat `from` hands the top stone of each of `squares` to the
    weaker seat `to`, whose `bonus_stones` grow by as many: it places them in phase 2 of
    any later turn. Each square must be in play (B4), in a territory of `from` (P3), hold
    a stone and no turrian (R2); a square named twice gives its top two stones (R7). The
    stones on the board and in hand stay the same in number. A stone that may not be
    handed over is 422 naming its rule and `/handover/squares/i`.
    """
    member = query["handover"]
    plan = Handover(member["giver"], member["receiver"], tuple(parse_square(s) for s in member["squares"]))
    return Handed(apply_handover(query["position"], plan))


@cache
def _new_game(players: int, rules: Rules) -> Position:
    # The answer depends on the options alone. Options that contradict the player count
    # raise and are not cached.
    return setup_position(players, rules)


@bp.get("/v1/board")
@bp.response(200, BoardAnswer, description="The geometry.")
def board() -> Board:
    """The board's geometry: squares, territories, rings, play areas and entry rows (B1–B4, M9).

    Every square with its file, rank, territory (B3) and ring (B2), the territories in
    clockwise order, and per player count (and 2-player board) the squares in play (B4)
    and each territory's entry row (M9). The same answer every time.
    """
    return geometry()
