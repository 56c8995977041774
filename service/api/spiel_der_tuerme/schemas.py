"""Spiel der Türme's requests and answers, as the document describes them.

Component names start with ``Sdt`` so that they never clash with the first game's. A
request's ``position`` and ``turn`` are read by the engine's own parsers
(:class:`~service.api.declare.Parsed`); their schemas, and the position's in answers,
are made from the codec's statement of their members
(:data:`~service.spiel_der_tuerme.codec.POSITION`, :data:`~service.spiel_der_tuerme.codec.TURN`)
by :mod:`service.api.declare.wire`, so that nothing here states them a second time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from service.api.declare import (
    Parsed,
    Query,
    QueryInt,
    Request,
    one_of,
    range_of,
    square_pattern,
    wire,
)
from service.common import InvalidPositionError
from service.common.wire import outcome_statement, verdict_statement
from service.spiel_der_tuerme import check_position
from service.spiel_der_tuerme.codec import (
    BOARD_ANSWER,
    EVENT,
    MOVES_ANSWER,
    POSITION,
    SCORE_ANSWER,
    SQUARE,
    TURN,
    VIOLATION,
    parse_square_field,
    parse_turn_plan,
    read_position,
)
from service.spiel_der_tuerme.position import MAX_PLAYERS, MIN_PLAYERS

# ------------------------------------------------- the position and the turn (the codec's)

SdtPositionInput = wire.request_schema(POSITION, "Sdt")
SdtPosition = wire.answer_schema(POSITION, "Sdt")
SdtTurn = wire.request_schema(TURN, "Sdt", name="SdtTurn")

COMPONENTS: dict[str, Any] = {
    "SdtPositionInput": SdtPositionInput,
    "SdtTurn": SdtTurn,
    # The `from` of a question, read by the codec's SQUARE.
    "SdtSquare": {"type": "string", "pattern": square_pattern(SQUARE.grid),
                  "description": f"{SQUARE.what[0].upper()}{SQUARE.what[1:]}."},
}


# --------------------------------------------------------------------------- requests


@dataclass(frozen=True)
class OffBoard:
    """A position whose shape is right but which has a stack on a square off the board
    (TB1): the reader refuses it at once, and the refusal waits here until the whole
    request is well-formed, to be answered like every structural rule (422, under the
    member that holds the position)."""

    error: InvalidPositionError


def _read(value: Any) -> Any:
    try:
        return read_position(value)
    except InvalidPositionError as exc:
        return OffBoard(exc)


def _check(position: Any, where: str) -> None:
    if isinstance(position, OffBoard):
        raise position.error.under(where)
    try:
        check_position(position)
    except InvalidPositionError as exc:
        raise exc.under(where) from None


class SdtPositionQuery(Request):
    """A question about a Spiel der Türme position."""

    problems: ClassVar = {422: "InvalidPosition"}
    position = Parsed(_read, "SdtPositionInput", _check, required=True)


class SdtMovesQuery(SdtPositionQuery):
    """Which moves may the seat to move make, perhaps only from one square?"""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    origin = Parsed(lambda value: parse_square_field(value, ""), "SdtSquare", data_key="from")


class SdtRenderQuery(SdtPositionQuery):
    """A position to draw, perhaps with the moves from one square highlighted."""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    origin = Parsed(lambda value: parse_square_field(value, ""), "SdtSquare", data_key="from")


class SdtValidateQuery(SdtPositionQuery):
    """A turn to judge."""

    turn = Parsed(parse_turn_plan, "SdtTurn", required=True)


class SdtApplyQuery(SdtValidateQuery):
    """A turn to play."""

    problems: ClassVar = {422: "InvalidPositionOrTurn"}


SdtSetupQuery: Any = Query.from_dict(
    {
        "players": QueryInt(required=True, validate=range_of(MIN_PLAYERS, MAX_PLAYERS),
                            metadata={"description": "Player count (TN1)."}),
        "seed": QueryInt(required=True, validate=range_of(0, 999_999),
                         metadata={"description": "The deal's seed (TB5): the same seed gives the same board."}),
        "max_height": one_of(["5", "none"], "TM6 / TV1: 5, or none for no limit.", load_default="5"),
    },
    name="SdtSetupQuery",
)


# ---------------------------------------------------------------------------- answers
#
# Each made from the codec's statement of what its writer writes.

SdtMovesAnswer = wire.answer_schema(MOVES_ANSWER, "Sdt")
SdtViolation = wire.answer_schema(VIOLATION, "Sdt")
VERDICT = verdict_statement(VIOLATION, "part")
SdtValidateAnswer = wire.answer_schema(VERDICT, "Sdt")
SdtScoreAnswer = wire.answer_schema(SCORE_ANSWER, "Sdt")
OUTCOME = outcome_statement("ApplyAnswer", "The position after the turn and what happened in it, in order.",
                            POSITION, EVENT)
SdtApplyAnswer = wire.answer_schema(OUTCOME, "Sdt")
SdtBoardAnswer = wire.answer_schema(BOARD_ANSWER, "Sdt")
