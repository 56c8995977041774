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
    Answer,
    List,
    Nested,
    Parsed,
    Query,
    QueryInt,
    Request,
    Union,
    flag,
    grid_square,
    integer,
    one_of,
    range_of,
    square_pattern,
    text,
    wire,
)
from service.api.problems import readings
from service.api.turns import outcome_answer, verdict_answer
from service.common import InvalidPositionError
from service.spiel_der_tuerme import EndReason, EventType, Symbol, check_position
from service.spiel_der_tuerme.board import FILE_NAMES, GRID, QUARTERS, RANKS
from service.spiel_der_tuerme.codec import (
    COLOUR,
    POSITION,
    SQUARE_WORDS,
    TURN,
    parse_square_field,
    parse_turn_plan,
    read_position,
)
from service.spiel_der_tuerme.position import MAX_PLAYERS, MIN_PLAYERS

SQUARE_PATTERN = square_pattern(GRID)
SQUARE_TEXT = SQUARE_WORDS.text
COLOURS = COLOUR.values
SYMBOLS = [s.value for s in Symbol]


def square(description: str = f"A square, {SQUARE_TEXT[9:]}.", **kwargs: Any) -> Any:
    return grid_square(GRID, SQUARE_WORDS, description, **kwargs)


def colour(description: str, **kwargs: Any) -> Any:
    return one_of(COLOURS, description, **kwargs)


# ------------------------------------------------- the position and the turn (the codec's)

SdtPositionInput = wire.request_schema(POSITION, "Sdt")
SdtPosition = wire.answer_schema(POSITION, "Sdt")
SdtTurn = wire.request_schema(TURN, "Sdt", name="SdtTurn")

COMPONENTS: dict[str, Any] = {
    "SdtPositionInput": SdtPositionInput,
    "SdtTurn": SdtTurn,
    "SdtSquare": {"type": "string", "pattern": SQUARE_PATTERN, "description": f"{SQUARE_TEXT[0].upper()}{SQUARE_TEXT[1:]}."},
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


class SdtLegalMove(Answer):
    """A legal move now, and what it would do."""

    origin = square("The moving stack's square.", data_key="from", required=True)
    to = square("Where it lands.", required=True)
    height = integer("The height of the stack on `to` after the move.", 1, required=True)
    covers = List(colour("A colour."), required=True,
                  metadata={"description": "The colours the moving stack lands on, bottom to top."})
    symbol_square = flag("It ends on a symbol square.", required=True)
    may_continue = flag("The seat may move again after it (TM7).", required=True)
    neutral = flag("A neutral stone moves (TN2).", required=True)
    ends_game = flag("The move ends the game (TE1–TE3).", required=True)


class SdtMovesAnswer(Answer):
    """Every legal move now, by `from` then `to` in board order."""

    moves = List(Nested(SdtLegalMove), required=True)


class SdtViolation(Answer):
    """The first illegal part of a turn."""

    rule = text("The rule id it breaks.", required=True)
    index = integer("The index of the offending move in `moves`.", required=True)
    detail = text("A sentence a player understands.", required=True)
    interpretations = readings()


SdtValidateAnswer = verdict_answer("Sdt", SdtViolation, "part")


class SdtQuarterPoints(Answer):
    """A seat's points in one quarter."""

    quarter = integer("The quarter.", QUARTERS[0], QUARTERS[-1], required=True)
    points = integer("Its points there (TS1).", 0, required=True)
    doubled = flag("Counted double: the quarter it completed (TS2).", required=True)


class SdtSeatScore(Answer):
    """One seat's points."""

    id = colour("The seat.", required=True)
    points = integer("Its points (TS1, TS2).", 0, required=True)
    quarters = List(Nested(SdtQuarterPoints), required=True,
                    metadata={"description": "Every quarter where it has a stack on a symbol square."})


class SdtScoreAnswer(Answer):
    """Every seat's points, and the winners once the game is over (TS1–TS3)."""

    seats = List(Nested(SdtSeatScore), required=True)
    game_over = flag("The game is over (TE1–TE3).", required=True)
    winners = List(colour("A winner."), required=True, metadata={"description": "Empty until the game is over."})


def _event(type_: EventType, doc: str, **members: Any) -> Any:
    cls = Answer.from_dict(
        {"type": one_of([type_.value], "What happened.", required=True), **members},
        name="Sdt" + "".join(part.title() for part in type_.value.split("_")) + "Event",
    )
    cls.__doc__ = doc
    return cls


EVENTS = {
    EventType.MOVE: _event(EventType.MOVE, "A stack moved.", seat=colour("Whose turn.", required=True),
                           origin=square("From.", data_key="from", required=True), to=square("To.", required=True),
                           colour=colour("The moved stack's colour.", required=True),
                           height=integer("The moved stack's height.", 1, required=True)),
    EventType.TOWER: _event(EventType.TOWER, "A tower was built (TM6).", seat=colour("Whose turn.", required=True),
                            square=square(required=True), height=integer("The tower's height.", 2, required=True),
                            covers=List(colour("A colour."), required=True)),
    EventType.SYMBOL_SQUARE: _event(EventType.SYMBOL_SQUARE, "A stack reached a symbol square (TM2, TM7).",
                                    seat=colour("Whose turn.", required=True), square=square(required=True),
                                    symbol=one_of(SYMBOLS, "Its symbol.", required=True),
                                    quarter=integer("Its quarter.", QUARTERS[0], QUARTERS[-1], required=True)),
    EventType.PASS: _event(EventType.PASS, "The seat had no legal move (TM8).", seat=colour("Who passed.",
                                                                                            required=True)),
    EventType.GAME_OVER: _event(EventType.GAME_OVER, "The game ended (TE1–TE3).",
                                reason=one_of([r.value for r in EndReason], "Why.", required=True),
                                quarter=integer("TE1: the completed quarter.", QUARTERS[0], QUARTERS[-1]),
                                seat=colour("The seat that completed the quarter or is stuck."),
                                scores=List(Nested(SdtSeatScore), required=True),
                                winners=List(colour("A winner."), required=True),
                                interpretations=readings()),
}


SdtApplyAnswer = outcome_answer(
    "SdtApplyAnswer", SdtPosition, Union("type", {t.value: cls for t, cls in EVENTS.items()}),
    "The position after the turn and what happened in it, in order.",
)


class SdtBoardSquare(Answer):
    """One square of the 14 × 8 board."""

    square = square(required=True)
    kind = one_of(["street", "symbol"], "TB2.", required=True)
    quarter = integer("Its quarter, for a symbol square.", QUARTERS[0], QUARTERS[-1], allow_none=True,
                      required=True)
    symbol = one_of([*SYMBOLS, None], "Its symbol, for a symbol square (TB3).", allow_none=True, required=True)


QUARTER_SQUARES: Any = Answer.from_dict({s: square(required=True) for s in SYMBOLS}, name="SdtQuarterSquares")
QUARTER_SQUARES.__doc__ = "A quarter's symbol squares, by symbol (TB3)."


class SdtQuarter(Answer):
    """One quarter: its four symbol squares by symbol."""

    quarter = integer("The quarter.", QUARTERS[0], QUARTERS[-1], required=True)
    squares = Nested(lambda: QUARTER_SQUARES, required=True)


class SdtBoardAnswer(Answer):
    """The board: every square (board order) and every quarter (TB1–TB3)."""

    files = List(one_of(list(FILE_NAMES), "A file."), required=True)
    ranks = integer("The number of ranks.", RANKS, RANKS, required=True)
    squares = List(Nested(SdtBoardSquare), required=True)
    quarters = List(Nested(SdtQuarter), required=True)
