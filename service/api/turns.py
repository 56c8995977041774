"""Whole turns: judge one, or play it and get the next position (T1 with R, P, M, G)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from service.api.convert import dump_position, dump_violation, load_position, load_turn
from service.api.schemas import TurnRequestSchema, json_body
from service.rules import Position, Turn, apply_turn, validate_turn

bp = Blueprint("turns", __name__)


def _load() -> tuple[Position, Turn]:
    body = json_body(TurnRequestSchema)
    return load_position(body["position"]), load_turn(body["turn"])


@bp.post("/v1/turns/validate")
def validate() -> dict[str, Any]:
    """Whether a turn is legal, and if not its first illegal action.
    ---
    post:
      tags: [turns]
      description: >-
        Plays the turn on a copy from the position's `turn` context, action by action,
        and reports the first illegal one: the rule it breaks, its phase, its index in
        that phase's list, a sentence a player understands and, for a step of a move
        segment, the index of the offending square in `path` (`step`). An illegal turn
        is an answer here (200), not an error.
      requestBody:
        required: true
        content:
          application/json:
            schema: TurnRequestSchema
      responses:
        200:
          description: The verdict.
          content:
            application/json:
              schema: ValidateResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422: InvalidPosition
        500: InternalError
    """
    violation = validate_turn(*_load())
    if violation is None:
        return {"legal": True}
    return {"legal": False, "violation": dump_violation(violation)}


@bp.post("/v1/turns/apply")
def apply() -> dict[str, Any]:
    """Play a turn: the position after it and what happened, in order.
    ---
    post:
      tags: [turns]
      description: >-
        The position after the turn, with `to_move` advanced, `turn` reset and
        `attacks`, `finishers` and `pro_hold` updated, and the events in the order they
        happened: stones taken and placed, turrians entering and moving, captures,
        the attack counter rising, holds (G2), finishes and game over.
      requestBody:
        required: true
        content:
          application/json:
            schema: TurnRequestSchema
      responses:
        200:
          description: The next position and the events.
          content:
            application/json:
              schema: ApplyResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422:
          description: >-
            The position breaks a structural rule (`rule`, `field`), or the turn is
            illegal: then `violation` is the same object /v1/turns/validate answers and
            `field` is `/turn`.
          content:
            application/problem+json:
              schema: ProblemSchema
        500: InternalError
    """
    position, events = apply_turn(*_load())
    return {"position": dump_position(position), "events": [e.to_dict() for e in events]}
