"""Spiel der Türme over HTTP: every operation under ``/v1/spiel-der-tuerme``."""

from __future__ import annotations

from typing import Any

from service.api.declare import Blueprint
from service.api.language import request_language
from service.api.turns import TurnGame, declare_apply, declare_render, declare_validate
from service.render.spiel_der_tuerme import highlights_for_moves, render_svg
from service.spiel_der_tuerme import apply_turn, legal_moves, score, setup_position, validate_turn
from service.spiel_der_tuerme.goal import Score
from service.spiel_der_tuerme.position import MAX_HEIGHT, Position
from service.spiel_der_tuerme.wire.codec import BOARD, Board
from service.spiel_der_tuerme.wire.queries import (
    SdtApplyAnswer,
    SdtApplyQuery,
    SdtBoardAnswer,
    SdtMovesAnswer,
    SdtMovesQuery,
    SdtPosition,
    SdtPositionQuery,
    SdtRenderQuery,
    SdtScoreAnswer,
    SdtSetupQuery,
    SdtValidateAnswer,
    SdtValidateQuery,
)
from service.spiel_der_tuerme.wire.schemas import MovesAnswer

PREFIX = "/v1/spiel-der-tuerme"
bp = Blueprint(
    "spiel-der-tuerme",
    __name__,
    url_prefix=PREFIX,
    description="Spiel der Türme (Rudi Hoffmann, 1993), the second game: rules in docs/spiel-der-tuerme.md.",
)

GAME = TurnGame(validate_turn, apply_turn)
"""Spiel der Türme's turns, as the operations every board game shares answer them."""


@bp.get("/setup")
@bp.arguments(SdtSetupQuery, location="query")
@bp.response(200, SdtPosition, description="The dealt position.")
def sdt_setup(query: dict[str, Any]) -> Position:
    """A new game of Spiel der Türme, dealt from a seed (TB5, TN1).

    The 80 stones shuffled with the seed and laid one on each street square; seats
    yellow, red, blue, green (as many as there are players) in that turn order; the first
    to move. The same seed gives the same board.
    """
    limit = MAX_HEIGHT if query["max_height"] == "5" else None
    return setup_position(query["players"], query["seed"], max_height=limit)


@bp.get("/board")
@bp.response(200, SdtBoardAnswer, description="The board.")
def sdt_board() -> Board:
    """The board of Spiel der Türme: streets, quarters and symbols (TB1–TB3).

    Every square in board order with its kind (street or symbol square) and, for a
    symbol square, its quarter and symbol; every quarter with its four symbol squares:
    what a client needs to draw the board. It is the same for every game.
    """
    return BOARD


@bp.post("/moves")
@bp.arguments(SdtMovesQuery)
@bp.response(200, SdtMovesAnswer, description="The legal moves, by `from` then `to` in board order.")
def sdt_moves(query: dict[str, Any]) -> MovesAnswer:
    """Every legal move of the seat to move, perhaps only from one square (TM1–TM8, TN2–TN5).

    Each move with the height of the stack it makes, the colours it lands on, whether it
    ends on a symbol square and lets the seat move again (TM7), whether a neutral stone
    moves (TN2) and whether it ends the game. A `from` with nothing the seat may move is
    422 naming the rule (TM1, TM2, TN4). Empty once the game is over.
    """
    return MovesAnswer(tuple(legal_moves(query["position"], query.get("origin"))))


sdt_validate = declare_validate(
    bp, "/turns/validate", "sdt_validate", GAME, SdtValidateQuery, SdtValidateAnswer,
    """Whether a turn of Spiel der Türme is legal, and if not its first illegal move.

    An illegal turn is an answer here (200), not an error: the rule it breaks, the index
    of the offending move and a sentence a player understands.
    """,
)


sdt_apply = declare_apply(
    bp, "/turns/apply", "sdt_apply", GAME, SdtApplyQuery, SdtApplyAnswer,
    """Play a turn of Spiel der Türme: the position after it and what happened, in order.

    Events: moves, towers, symbol squares, a pass, the end of the game with its reason,
    the scores and the winners. An illegal turn is 422, with the same `violation` the
    validation answers.
    """,
)


@bp.post("/score")
@bp.arguments(SdtPositionQuery)
@bp.response(200, SdtScoreAnswer, description="The scores.")
def sdt_score(query: dict[str, Any]) -> Score:
    """The seats' points as the board stands, and the winners once the game is over (TS1–TS3).

    Each seat's points, with the quarters where it has a stack on a symbol square,
    counted on the position as sent; `winners` stays empty while the game goes on
    (`over` is null).
    """
    return score(query["position"])


def _draw(query: dict[str, Any]) -> str:
    position = query["position"]
    frm = query.get("origin")
    highlights = None if frm is None else highlights_for_moves(position, frm)
    return render_svg(position, highlights, language=request_language())


sdt_render = declare_render(
    bp, "/render", "sdt_render", SdtRenderQuery, _draw,
    """A Spiel der Türme position drawn as SVG, perhaps with the moves from one square.

    The 14 × 8 board from above (rank 1 at the bottom): streets and symbol squares,
    quarters outlined and numbered, each stack with its height and its stones' colours
    (neutral colours pale), blocked neutral stones marked, and a panel with each seat's
    points and who is to move. With `from`, the moves from that square are highlighted
    as `/v1/spiel-der-tuerme/moves` answers them, labelled with the height they make
    (`+` where the seat may move again). Every square is a `<g>` with `data-square`;
    the same request gives the same bytes. A `from` with nothing to move is the same
    422 as for the moves.
    """,
)
