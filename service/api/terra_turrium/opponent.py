"""The computer opponent of Terra Turrium: a suggested rest of the turn."""

from __future__ import annotations

from typing import Any

from service.api.declare import Answer, Blueprint, List, Nested, wire
from service.api.suggest import answer_members, options_of, request_members, search_answer
from service.api.terra_turrium.schemas import PositionQuery, seat_id, squares
from service.terra_turrium import square_name, turn_plan_to_dict
from service.terra_turrium.codec import TURN
from service.terra_turrium.opponent import suggest_turn

SuggestQuery: Any = PositionQuery.from_dict(request_members(), name="SuggestQuery")
SuggestQuery.__doc__ = "A position whose seat to move the computer plays for."
SuggestQuery.problems = {422: "InvalidPositionOrQuery"}


#: The turn as the codec writes it: every phase listed (empty where nothing is left to do).
SuggestedTurn = wire.answer_schema(TURN, "", name="SuggestedTurn")
SuggestedTurn.__doc__ = "The rest of the turn, every phase listed (empty where nothing is left to do)."


class SetupPlacement(Answer):
    """The turrians one seat puts on the board at set-up (S3)."""

    seat = seat_id("The seat.", required=True)
    turrians = squares("Its squares, in board order.", required=True)


SuggestAnswer: Any = Answer.from_dict(
    {
        "turn": Nested(SuggestedTurn, required=True),
        **answer_members(),
        "setup": List(Nested(SetupPlacement), metadata={
            "description": "Only when the position was still in set-up: the turrians put on the board first "
                           "(S3), per seat; the turn is played from the position with them."}),
    },
    name="SuggestAnswer",
)
SuggestAnswer.__doc__ = "A legal rest of the turn for the seat to move, and how it was found."

bp = Blueprint("opponent", __name__, description="The computer opponent of Terra Turrium.")


@bp.post("/v1/turns/suggest")
@bp.arguments(SuggestQuery)
@bp.response(200, SuggestAnswer, description="The suggested turn.")
def suggest(query: dict[str, Any]) -> dict[str, Any]:
    """A legal rest of the turn for the seat to move, played by the service's own player.

    From the position's `turn` state, at `level` 1 (a beginner), 2 (greedy over the
    turn's actions) or 3 (a search over whole turns that uses the budget), within
    `budget_ms` milliseconds and `budget_nodes` positions judged. The same request with
    the same `seed` answers the same turn unless the clock stopped the search
    (`stopped: "time"`). A position still in set-up (the set-up heights, nothing played,
    a seat with turrians to place) is set up first and the answer lists those turrians
    in `setup`. A game that is over is 422 (G3).
    """
    answer = suggest_turn(query["position"], *options_of(query))
    body = search_answer(turn_plan_to_dict(answer.turn), answer)
    if answer.setup:
        body["setup"] = [
            {"seat": seat, "turrians": [square_name(s) for s in squares_]} for seat, squares_ in answer.setup.items()
        ]
    return body
