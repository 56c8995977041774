"""The computer opponent of Terra Turrium: a suggested rest of the turn."""

from __future__ import annotations

from typing import Any

from service.api.declare import Blueprint
from service.common.budget import options_of
from service.terra_turrium.opponent import Suggestion, suggest_turn
from service.terra_turrium.wire.queries import SuggestQuery
from service.terra_turrium.wire.schemas import SuggestAnswer

bp = Blueprint("opponent", __name__, description="The computer opponent of Terra Turrium.")


@bp.post("/v1/turns/suggest")
@bp.arguments(SuggestQuery)
@bp.response(200, SuggestAnswer, description="The suggested turn.")
def suggest(query: dict[str, Any]) -> Suggestion:
    """A legal rest of the turn for the seat to move, played by the service's own player.

    From the position's `turn` state, at `level` 1 (a beginner), 2 (greedy over the
    turn's actions) or 3 (a search over whole turns that uses the budget), within
    `budget_ms` milliseconds and `budget_nodes` positions judged. The same request with
    the same `seed` answers the same turn unless the clock stopped the search
    (`stopped: "time"`). A position still in set-up (the set-up heights, nothing played,
    a seat with turrians to place) is set up first and the answer lists those turrians
    in `setup`. A game that is over is 422 (G3).
    """
    return suggest_turn(query["position"], *options_of(query))
