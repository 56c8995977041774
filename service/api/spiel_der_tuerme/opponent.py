"""The computer opponent of Spiel der Türme: a suggested (rest of a) turn."""

from __future__ import annotations

from typing import Any

from service.api.declare import Blueprint
from service.common.budget import options_of
from service.spiel_der_tuerme.opponent import Suggestion, suggest_turn
from service.spiel_der_tuerme.wire.queries import SdtSuggestAnswer, SdtSuggestQuery

PREFIX = "/v1/spiel-der-tuerme"

bp = Blueprint("spiel-der-tuerme-opponent", __name__, url_prefix=PREFIX,
               description="The computer opponent of Spiel der Türme.")


@bp.post("/turns/suggest")
@bp.arguments(SdtSuggestQuery)
@bp.response(200, SdtSuggestAnswer, description="The suggested turn.")
def sdt_suggest(query: dict[str, Any]) -> Suggestion:
    """A legal (rest of a) turn of Spiel der Türme for the seat to move, by the service's own player.

    At `level` 1 (a beginner: one scoring move at a time), 2 (every whole turn, chains
    of TM7 included, judged by the position it leaves) or 3 (the best of those answered
    by the next seat's best reply), within `budget_ms` milliseconds and `budget_nodes`
    positions judged. A seat that cannot move is answered a pass (no moves, TM8). The
    same request with the same `seed` answers the same turn unless the clock stopped
    the search (`stopped: "time"`). A game that is over is 422 (TE4).
    """
    return suggest_turn(query["position"], *options_of(query))
