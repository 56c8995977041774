"""Questions about a position: removals, placements, reach, captures, goal.

Each view reads its body through a schema, converts it for the engine, asks the engine
and writes the answer; errors are answered by :mod:`service.api.errors`. The YAML under
each docstring's ``---`` is the operation as it appears in openapi.yaml.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from service.api.convert import (
    dump_capture,
    dump_goal_status,
    dump_reach,
    dump_removal,
    load_origin,
    load_position,
)
from service.api.schemas import (
    CapturesRequestSchema,
    PositionRequestSchema,
    ReachRequestSchema,
    json_body,
)
from service.rules import (
    goal_status,
    legal_captures,
    legal_placements,
    legal_removals,
    reachable,
    square_name,
    winners,
)

bp = Blueprint("queries", __name__)


@bp.post("/v1/removals")
def removals() -> dict[str, Any]:
    """Squares whose top stone the player to move may take next (R1–R7).
    ---
    post:
      tags: [queries]
      description: >-
        Every square whose top stone `to_move` may take next in this turn, with the
        square's height before taking and why it is allowed: `own` territory (R3) or
        `outside` (R5, R6). Removals are judged on the board as it stands (R7), with
        the per-territory limits (R4) counted from `turn.taken`. Empty outside the take
        phase, after three stones, or once the game is over.
      requestBody:
        required: true
        content:
          application/json:
            schema: PositionRequestSchema
      responses:
        200:
          description: The legal removals, in board order.
          content:
            application/json:
              schema: RemovalsResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422: InvalidPosition
        500: InternalError
    """
    position = load_position(json_body(PositionRequestSchema)["position"])
    return {"removals": [dump_removal(r) for r in legal_removals(position)]}


@bp.post("/v1/placements")
def placements() -> dict[str, Any]:
    """Squares a stone may be placed on (P2).
    ---
    post:
      tags: [queries]
      description: >-
        Every in-play square without a turrian, at any height and in any territory
        (P2, B4). The same answer in the take phase (for planning) and in the place
        phase; empty in the move phase and once the game is over.
      requestBody:
        required: true
        content:
          application/json:
            schema: PositionRequestSchema
      responses:
        200:
          description: The squares, in board order.
          content:
            application/json:
              schema: PlacementsResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422: InvalidPosition
        500: InternalError
    """
    position = load_position(json_body(PositionRequestSchema)["position"])
    return {"squares": [square_name(s) for s in legal_placements(position)]}


@bp.post("/v1/reach")
def reach() -> dict[str, Any]:
    """Squares one turrian of the player to move can end on, with cost and path (M1–M10).
    ---
    post:
      tags: [queries]
      description: >-
        Every square the turrian on `from` (or a reserve turrian, `from: reserve`) can
        end on with at most `points` movement points, each with its cheapest cost
        (steps M2, capture surcharges M7, re-entry M9), one cheapest path (starting
        after `from`; for `reserve` with the entry square) and the squares captured on
        it. Other turrians stay where they are; `from` itself is not listed.
      requestBody:
        required: true
        content:
          application/json:
            schema: ReachRequestSchema
      responses:
        200:
          description: The reachable squares, in board order.
          content:
            application/json:
              schema: ReachResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422:
          description: >-
            The position breaks a structural rule, or no turrian of `to_move` stands on
            `from` (S2) / it has none in reserve (M9); `rule` and `field` say which.
          content:
            application/problem+json:
              schema: ProblemSchema
        500: InternalError
    """
    body = json_body(ReachRequestSchema)
    position = load_position(body["position"])
    answers = reachable(position, load_origin(body["from"]), body.get("points"))
    return {"reachable": [dump_reach(r) for r in answers]}


@bp.post("/v1/captures")
def captures() -> dict[str, Any]:
    """Foreign turrians the player to move can capture, the cheapest way for each turrian (M6–M9).
    ---
    post:
      tags: [queries]
      description: >-
        For each turrian of `to_move` (and `reserve`, if it has turrians in reserve) and
        each foreign turrian it can capture within `points`, the cheapest way: cost,
        path and whether it is an `attack` (foreign territory) or a `defence` (own
        territory, M8). Partners in team play cannot be captured; with 5 attacks used
        at the start of the turn only defences are listed.
      requestBody:
        required: true
        content:
          application/json:
            schema: CapturesRequestSchema
      responses:
        200:
          description: The captures, by turrian in board order (reserve last), then by target.
          content:
            application/json:
              schema: CapturesResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422: InvalidPosition
        500: InternalError
    """
    body = json_body(CapturesRequestSchema)
    position = load_position(body["position"])
    return {"captures": [dump_capture(c) for c in legal_captures(position, body.get("points"))]}


@bp.post("/v1/goal")
def goal() -> dict[str, Any]:
    """Which seats meet the goal now, and whether the game is over (G1–G4).
    ---
    post:
      tags: [queries]
      description: >-
        Per seat whether its six turrians stand on the goal heights now (G1; G2 with
        goal `pro`), the heights they stand on (sorted) and the goal heights it lacks;
        `game_over` and `winners` per G3 and G4.
      requestBody:
        required: true
        content:
          application/json:
            schema: PositionRequestSchema
      responses:
        200:
          description: The goal status of every seat, in seat order.
          content:
            application/json:
              schema: GoalResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422: InvalidPosition
        500: InternalError
    """
    position = load_position(json_body(PositionRequestSchema)["position"])
    return {
        "seats": [dump_goal_status(goal_status(position, seat)) for seat in position.seats],
        "game_over": position.is_game_over,
        "winners": list(winners(position)),
    }
