"""Whole turns: judge one, or play it and get the next position (T1 with R, P, M, G)."""

from __future__ import annotations

from service.api.declare import Blueprint
from service.api.turns import TurnGame, declare_apply, declare_validate
from service.terra_turrium import apply_turn, progress_turn, validate_turn
from service.terra_turrium.wire.queries import ApplyQuery, ValidateQuery
from service.terra_turrium.wire.schemas import (
    ApplyAnswer,
    ProgressAnswer,
    ValidateAnswer,
)

bp = Blueprint("turns", __name__, description="Judging and playing whole Terra Turrium turns.")

GAME = TurnGame(validate_turn, apply_turn)
"""Terra Turrium's turns, as the operations every board game shares answer them."""

validate = declare_validate(
    bp, "/v1/turns/validate", "validate", GAME, ValidateQuery, ValidateAnswer,
    """Whether a turn is legal, and if not its first illegal action.

    Plays the turn on a copy from the position's `turn` state, action by action, and
    reports the first illegal one: the rule it breaks, its phase, its index in that
    phase's list, a sentence a player understands and, for a step of a walk, the index
    of the offending square in `path` (`step`). An illegal turn is an answer here (200),
    not an error.
    """,
)

apply = declare_apply(
    bp, "/v1/turns/apply", "apply", GAME, ApplyQuery, ApplyAnswer,
    """Play a turn: the position after it and what happened, in order.

    The position after the turn, with `to_move` advanced, `turn` reset and `attacks`,
    `finishers` and `pro_hold` updated, and the events in the order they happened:
    stones taken and placed, turrians entering and moving, captures, the attack counter
    rising, holds (G2), finishes and game over. An illegal turn is 422, with the same
    `violation` the validation answers.
    """,
)

progress = declare_apply(
    bp, "/v1/turns/progress", "progress", GAME, ApplyQuery, ProgressAnswer,
    """Play the first part of a turn: the position part-way through it.

    Plays the actions like `/v1/turns/apply` but does not end the turn: the answer's
    position has the same player to move and its `turn` state says how far the turn has
    come. A phase is closed once the actions go on to the next one (R1 and P1 checked as
    for a whole turn), or when nothing is left to do in it. A front end building a turn
    asks this after each action, then `/v1/removals`, `/v1/placements` or `/v1/reach` on
    the answer. An illegal action is 422, with the same `violation` the validation
    answers.
    """,
    play=progress_turn,
    description="The position so far and the events.",
)
