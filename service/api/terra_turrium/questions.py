"""Questions about a position: removals, placements, reach, captures, goal."""

from __future__ import annotations

from typing import Any

from service.api.declare import Blueprint
from service.terra_turrium import (
    goal_status,
    legal_captures,
    legal_placements,
    legal_removals,
    reachable,
    winners,
)
from service.terra_turrium.wire import schemas
from service.terra_turrium.wire.codec import (
    CapturesAnswer,
    GoalAnswer,
    PlacementsAnswer,
    ReachAnswer,
    RemovalsAnswer,
)
from service.terra_turrium.wire.queries import CapturesQuery, PositionQuery, ReachQuery

bp = Blueprint("queries", __name__, description="Questions about a Terra Turrium position.")


@bp.post("/v1/removals")
@bp.arguments(PositionQuery)
@bp.response(200, schemas.RemovalsAnswerSchema, description="The legal removals, in board order.")
def removals(query: dict[str, Any]) -> Any:
    """Squares whose top stone the player to move may take next (R1–R7).

    Every square whose top stone `to_move` may take next in this turn, with the square's
    height before taking and why it is allowed: `own` territory (R3) or `outside` (R5,
    R6). Removals are judged on the board as it stands (R7), with the per-territory
    limits (R4) counted from `turn.taken`. Empty outside the take phase, after three
    stones, or once the game is over. (The take phase's answers are called removals.)
    """
    return RemovalsAnswer(legal_removals(query["position"]))


@bp.post("/v1/placements")
@bp.arguments(PositionQuery)
@bp.response(200, schemas.PlacementsAnswerSchema, description="The squares, in board order.")
def placements(query: dict[str, Any]) -> Any:
    """Squares a stone may be placed on (P2).

    Every in-play square without a turrian, at any height and in any territory (P2, B4).
    The same answer in the take phase (for planning) and in the place phase; empty in
    the move phase and once the game is over.
    """
    return PlacementsAnswer(legal_placements(query["position"]))


@bp.post("/v1/reach")
@bp.arguments(ReachQuery)
@bp.response(200, schemas.ReachAnswerSchema, description="The reachable squares, in board order.")
def reach(query: dict[str, Any]) -> Any:
    """Squares one turrian of the player to move can end on, with cost and path (M1–M10).

    Every square the turrian on `from` (or a reserve turrian, `from: reserve`) can end on
    with at most `points` movement points, each with its cheapest cost (steps M2, capture
    surcharges M7, re-entry M9), one cheapest path (starting after `from`; for `reserve`
    with the entry square) and the squares captured on it. Other turrians stay where they
    are; `from` itself is not listed. A `from` with no turrian of `to_move` (S2), or
    `reserve` with none in reserve (M9), is 422.
    """
    answers = reachable(query["position"], query["origin"], query.get("points"))
    return ReachAnswer(answers)


@bp.post("/v1/captures")
@bp.arguments(CapturesQuery)
@bp.response(
    200, schemas.CapturesAnswerSchema, description="The captures, by turrian in board order (reserve last)."
)
def captures(query: dict[str, Any]) -> Any:
    """Foreign turrians the player to move can capture, the cheapest way for each turrian (M6–M9).

    For each turrian of `to_move` (and `reserve`, if it has turrians in reserve) and each
    foreign turrian it can capture within `points`, the cheapest way: cost, path and
    whether it is an `attack` (foreign territory) or a `defence` (own territory, M8).
    Partners in team play cannot be captured; with 5 attacks used at the start of the
    turn only defences are listed.
    """
    return CapturesAnswer(legal_captures(query["position"], query.get("points")))


@bp.post("/v1/goal")
@bp.arguments(PositionQuery)
@bp.response(200, schemas.GoalAnswerSchema, description="The goal status of every seat, in seat order.")
def goal(query: dict[str, Any]) -> Any:
    """Which seats meet the goal now, and whether the game is over (G1–G4).

    Per seat whether its six turrians stand on the goal heights now (G1; G2 with goal
    `pro`), the heights they stand on (sorted) and the goal heights it lacks; `game_over`
    and `winners` per G3 and G4.
    """
    position = query["position"]
    seats = tuple(goal_status(position, seat) for seat in position.seats)
    return GoalAnswer(seats, position.is_game_over, winners(position))
