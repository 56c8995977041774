"""Spiel der Türme's JSON shapes, each described once as a marshmallow schema.

A request's shapes (``…Input`` where a member may be left out) load into the engine's
frozen values; the answers' dump them. The HTTP layer documents the contract with the
same classes (a class's name is its component's: ``Sdt…`` keeps them apart from the
other games'), and the codec (:mod:`service.spiel_der_tuerme.wire.codec`) reads and writes
with them. An answer's schema of an input is the input's
subclass whose optional members are :func:`~service.common.schema_shapes.answered`
(required, as an answer writes them all).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from service.common import InvalidPositionError
from service.common.budget import search_fields
from service.common.grid import A_SQUARE, board_order, square_doc
from service.common.outcome import Outcome
from service.common.refusal import N_
from service.common.schema import Choice, Fixed, Flag, Integer, List, Nested, Schema, Square, String, Word
from service.common.schema_shapes import (
    Illegal,
    Keyed,
    LegalAnswer,
    Null,
    OneOf,
    SquareMap,
    Verdicts,
    answered,
    readings,
)
from service.common.shapes import token
from service.spiel_der_tuerme.actions import Event, EventType, TurnPlan, Violation
from service.spiel_der_tuerme.board import FILE_NAMES, GRID, QUARTERS, RANKS, Colour, Symbol
from service.spiel_der_tuerme.goal import QuarterScore, Score, SeatScore
from service.spiel_der_tuerme.moves import LegalMove, Move
from service.spiel_der_tuerme.position import (
    FRESH_TURN,
    MAX_HEIGHT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    EndReason,
    Over,
    Position,
    Rules,
    Stack,
    TurnState,
)

SQUARE_WORDS: Final = A_SQUARE(last=GRID.last)
SQUARE_DOC: Final = square_doc(GRID.last)
OFF_BOARD: Final = N_("{name} is not a square of the board ({squares})")


def _doc(text: str) -> dict[str, Any]:
    return {"description": text}


def square(doc: str = SQUARE_DOC, **kwargs: Any) -> Square:
    """A square of the 14 × 8 board by its name."""
    return Square(GRID, SQUARE_WORDS, metadata=_doc(doc) | kwargs.pop("metadata", {}), **kwargs)


def colour(doc: str, **kwargs: Any) -> Choice:
    return Choice(Colour, metadata=_doc(doc) | kwargs.pop("metadata", {}), **kwargs)


def quarter(doc: str, **kwargs: Any) -> Integer:
    return Integer(QUARTERS[0], QUARTERS[-1], metadata=_doc(doc) | kwargs.pop("metadata", {}), **kwargs)


# --------------------------------------------------------------------- the position


class SdtStack(Schema):
    """One stack: its symbol and its stones, bottom to top; it belongs to its top stone's colour."""

    build = Stack
    symbol = Choice(Symbol, required=True, metadata=_doc("The symbol of every stone of the stack (TM6)."))
    stones = List(colour("A stone."), 1, required=True, metadata=_doc("The stones' colours, bottom to top."))


_SYMBOLS: Final = {symbol.value: symbol for symbol in Symbol}
_COLOURS: Final = {colour.value: colour for colour in Colour}


def _stack(raw: Any) -> Stack | None:
    """A well-formed stack (``None``: it has a mistake, which :class:`SdtStack` names)."""
    if type(raw) is not dict or len(raw) != 2:
        return None
    stones = raw.get("stones")
    try:
        symbol = _SYMBOLS[raw["symbol"]]
        if type(stones) is not list or not stones:
            return None
        return Stack(symbol, tuple(map(_COLOURS.__getitem__, stones)))
    except (KeyError, TypeError):
        return None


class Stacks(SquareMap):
    """Every stack by the name of its square (the document's map of :class:`SdtStack`):
    the usual map is read and written in one pass over its stacks; a map with a mistake
    (or a key that names no square) is read stack by stack by :class:`SdtStack`, which
    names every problem."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(GRID, Nested(SdtStack), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is dict:
            board: list[Stack | None] = [None] * len(self.names)
            by_name = self.by_name
            for key, raw in value.items():
                square, stack = by_name.get(key), _stack(raw)
                if square is None or stack is None:
                    break
                board[square] = stack
            else:
                return tuple(board)
        return super()._deserialize(value, attr, data, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        names = self.names
        return {names[square]: {"symbol": stack.symbol.value,
                                "stones": [stone.value for stone in stack.stones]}
                for square, stack in enumerate(value) if stack is not None}


class SdtRulesInput(Schema):
    """The rule options."""

    build = Rules
    max_height = Fixed(MAX_HEIGHT, load_default=MAX_HEIGHT,
                       metadata=_doc("TM6: 5, or null for no limit (TV1). Default 5."))


class SdtTurnStateInput(Schema):
    """The turn in progress of `to_move`."""

    build = TurnState
    moves = Integer(0, load_default=0, metadata=_doc("Moves made so far in this turn. Default 0."))
    may_continue = Flag(load_default=False, metadata=_doc(
        "The last move ended on a symbol square and the seat may move again (TM7). Default false."))


def _over(reason: str, **members: Any) -> Over:
    return Over(EndReason(reason), **members)


_ALWAYS_NULL = "Always null here."
_MISSING = N_("is required when reason is '{reason}'")
_QUARTER_MISSING = N_("is required when reason is 'quarter'")
_QUARTER_NOT_NULL = N_("must be null unless reason is 'quarter'")
_SEAT_NOT_NULL = N_("must be null when reason is 'streets_empty'")


def _wanted(field: Any, missing: Any) -> Any:
    """A member a variant of the end requires, ``missing`` its mistake when it is not given."""
    field.error_messages["required"] = field.error_messages["null"] = missing
    return field


class SdtQuarterOver(Schema):
    """The game ended because a seat completed a quarter (TE1)."""

    build = _over
    reason = Word([EndReason.QUARTER.value], required=True, metadata=_doc("TE1."))
    quarter = _wanted(quarter("The completed quarter.", required=True), _QUARTER_MISSING())
    seat = _wanted(colour("The seat that completed it.", required=True),
                   _MISSING(reason=EndReason.QUARTER.value))


class SdtStreetsEmptyOver(Schema):
    """The game ended because no stack was left on a street (TE2)."""

    build = _over
    reason = Word([EndReason.STREETS_EMPTY.value], required=True, metadata=_doc("TE2."))
    quarter = Null(_QUARTER_NOT_NULL(), metadata=_doc(_ALWAYS_NULL))
    seat = Null(_SEAT_NOT_NULL(), metadata=_doc(_ALWAYS_NULL))


class SdtStuckOver(Schema):
    """The game ended because a seat had no stack on a street, or nobody could move (TE3)."""

    build = _over
    reason = Word([EndReason.STUCK.value], required=True, metadata=_doc("TE3."))
    quarter = Null(_QUARTER_NOT_NULL(), metadata=_doc(_ALWAYS_NULL))
    seat = _wanted(colour("The seat that is stuck.", required=True), _MISSING(reason=EndReason.STUCK.value))


class OffBoard(NamedTuple):
    """A position whose shape is right but which has a stack on a square off the board
    (TB1): its schema answers this instead of the position, and the reader raises it
    (the HTTP layer once the whole request is well-formed, as every structural rule)."""

    error: InvalidPositionError


def _position(**members: Any) -> Position | OffBoard:
    stacks = members["stacks"]
    if isinstance(stacks, SquareMap.WithUnknownKeys):
        # The contract's schema cannot restrict an object's keys, so a key that is no
        # square is a position off the board (TB1), not a malformed request.
        name = stacks.keys[0]
        return OffBoard(InvalidPositionError(
            "TB1", OFF_BOARD(name=repr(name), squares=SQUARE_WORDS), f"/stacks/{token(name)}"
        ))
    return Position(**members)


class SdtPositionInput(Schema):
    """A whole Spiel der Türme position: every stack, the seats, who is to move, the option, the turn in
    progress, blocked neutral stones and whether the game is over."""

    build = _position
    stacks = Stacks(required=True, metadata=_doc("Every stack, by the name of its square."))
    seats = List(colour("A seat."), MIN_PLAYERS, MAX_PLAYERS, required=True,
                 metadata=_doc("2–4 colours in clockwise turn order (TN1)."))
    to_move = colour("The seat to move.", required=True)
    rules = Nested(SdtRulesInput, load_default=Rules())
    turn = Nested(SdtTurnStateInput, load_default=FRESH_TURN)
    blocked = List(square(), make=board_order, load_default=(),
                   metadata=_doc("Squares of neutral stones `to_move` may not move (TN4). Default none."))
    over = OneOf("reason", {
        EndReason.QUARTER.value: SdtQuarterOver,
        EndReason.STREETS_EMPTY.value: SdtStreetsEmptyOver,
        EndReason.STUCK.value: SdtStuckOver,
    }, "SdtOver", allow_none=True, load_default=None,
        metadata=_doc("How the game ended; null while it goes on."))


# ------------------------------------------------------------------------- the turn


class SdtMove(Schema):
    """One move: a stack from `from` to `to` along a rank or a file."""

    build = Move
    frm = square("The stack's square.", data_key="from", required=True)
    to = square("Where it lands.", required=True)


class SdtTurn(Schema):
    """The moves of (the rest of) a turn, in order; `{"moves": []}` passes, or stops after a move that
    allows another."""

    build = TurnPlan
    moves = List(Nested(SdtMove), required=True, metadata=_doc("The moves, in order (TM1, TM7)."))
    end_turn = Flag(load_default=True, metadata=_doc(
        "With false, the turn stays open after a last move that allows another (TM7). Default true."))


class SdtRules(SdtRulesInput):
    __doc__ = SdtRulesInput.__doc__
    max_height = answered(SdtRulesInput, "max_height")


class SdtTurnState(SdtTurnStateInput):
    __doc__ = SdtTurnStateInput.__doc__
    moves = answered(SdtTurnStateInput, "moves")
    may_continue = answered(SdtTurnStateInput, "may_continue")


class SdtPosition(SdtPositionInput):
    __doc__ = SdtPositionInput.__doc__
    rules = answered(SdtPositionInput, "rules", SdtRules)
    turn = answered(SdtPositionInput, "turn", SdtTurnState)
    blocked = answered(SdtPositionInput, "blocked")
    over = answered(SdtPositionInput, "over")


class SdtSuggestedTurn(SdtTurn):
    """The (rest of the) turn, every move listed."""

    end_turn = answered(SdtTurn, "end_turn")

# ---------------------------------------------------------------------- the answers

SdtSuggestAnswer = Schema.from_dict(
    {"turn": Nested(SdtSuggestedTurn, required=True), **search_fields()}, name="SdtSuggestAnswer"
)
SdtSuggestAnswer.__doc__ = "A legal (rest of a) turn for the seat to move, and how it was found."


class SdtLegalMove(Schema):
    """A legal move now, and what it would do."""

    frm = square("The moving stack's square.", data_key="from", required=True)
    to = square("Where it lands.", required=True)
    height = Integer(1, required=True, metadata=_doc("The height of the stack on `to` after the move."))
    covers = List(colour("A colour."), required=True,
                  metadata=_doc("The colours the moving stack lands on, bottom to top."))
    symbol_square = Flag(required=True, metadata=_doc("It ends on a symbol square."))
    may_continue = Flag(required=True, metadata=_doc("The seat may move again after it (TM7)."))
    neutral = Flag(required=True, metadata=_doc("A neutral stone moves (TN2)."))
    ends_game = Flag(required=True, metadata=_doc("The move ends the game (TE1–TE3)."))


class MovesAnswer(NamedTuple):
    """The moves answer's value: every legal move."""

    moves: tuple[LegalMove, ...]


class LegalMoves(List):
    """The legal moves (the document's array of :class:`SdtLegalMove`), written in one pass:
    a position has dozens."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Nested(SdtLegalMove), **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        names = GRID.names
        return [{"from": names[move.frm], "to": names[move.to], "height": move.height,
                 "covers": [stone.value for stone in move.covers], "symbol_square": move.symbol_square,
                 "may_continue": move.may_continue, "neutral": move.neutral, "ends_game": move.ends_game}
                for move in value]


class SdtMovesAnswer(Schema):
    """Every legal move now, by `from` then `to` in board order."""

    moves = LegalMoves(required=True)


class SdtViolation(Schema):
    """The first illegal part of a turn."""

    rule = String(required=True, metadata=_doc("The rule id it breaks."))
    index = Integer(0, required=True, metadata=_doc("The index of the offending move in `moves`."))
    detail = String(required=True, metadata=_doc("A sentence a player understands."))
    interpretations = readings()


class SdtIllegalAnswer(Illegal):
    """The turn is illegal: its first illegal part."""

    violation = Nested(SdtViolation, required=True)


class SdtLegalAnswer(LegalAnswer):
    """The whole turn is legal."""


class SdtValidateAnswer(Verdicts):
    """Whether the turn is legal; if not, its first illegal part."""

    variants = (SdtIllegalAnswer, SdtLegalAnswer)


class SdtQuarterPoints(Schema):
    """A seat's points in one quarter."""

    quarter = quarter("The quarter.", required=True)
    points = Integer(0, required=True, metadata=_doc("Its points there (TS1)."))
    doubled = Flag(required=True, metadata=_doc("Counted double: the quarter it completed (TS2)."))


class SdtSeatScore(Schema):
    """One seat's points."""

    seat = colour("The seat.", data_key="id", required=True)
    points = Integer(0, required=True, metadata=_doc("Its points (TS1, TS2)."))
    quarters = List(Nested(SdtQuarterPoints), required=True,
                    metadata=_doc("Every quarter where it has a stack on a symbol square."))


class SdtScoreAnswer(Schema):
    """Every seat's points, and the winners once the game is over (TS1–TS3)."""

    seats = List(Nested(SdtSeatScore), required=True)
    game_over = Flag(required=True, metadata=_doc("The game is over (TE1–TE3)."))
    winners = List(colour("A winner."), required=True, metadata=_doc("Empty until the game is over."))


def _tag(value: EventType) -> Word:
    return Word([value.value], required=True, metadata=_doc("What happened."))


class SdtMoveEvent(Schema):
    """A stack moved."""

    type = _tag(EventType.MOVE)
    seat = colour("Whose turn.", required=True)
    frm = square("From.", data_key="from", required=True)
    to = square("To.", required=True)
    colour = colour("The moved stack's colour.", required=True)
    height = Integer(1, required=True, metadata=_doc("The moved stack's height."))


class SdtTowerEvent(Schema):
    """A tower was built (TM6)."""

    type = _tag(EventType.TOWER)
    seat = colour("Whose turn.", required=True)
    square = square(required=True)
    height = Integer(2, required=True, metadata=_doc("The tower's height."))
    covers = List(colour("A colour."), required=True)


class SdtSymbolSquareEvent(Schema):
    """A stack reached a symbol square (TM2, TM7)."""

    type = _tag(EventType.SYMBOL_SQUARE)
    seat = colour("Whose turn.", required=True)
    square = square(required=True)
    symbol = Choice(Symbol, required=True, metadata=_doc("Its symbol."))
    quarter = quarter("Its quarter.", required=True)


class SdtPassEvent(Schema):
    """The seat had no legal move (TM8)."""

    type = _tag(EventType.PASS)
    seat = colour("Who passed.", required=True)


class SdtGameOverEvent(Schema):
    """The game ended (TE1–TE3)."""

    left_out = frozenset({"seat", "quarter"})
    type = _tag(EventType.GAME_OVER)
    seat = colour("The seat that completed the quarter or is stuck.")
    quarter = quarter("TE1: the completed quarter.")
    reason = Choice(EndReason, required=True, metadata=_doc("Why."))
    scores = List(Nested(SdtSeatScore), required=True)
    winners = List(colour("A winner."), required=True)
    interpretations = readings()


EVENTS: Final[Mapping[str, type[Schema]]] = {
    EventType.MOVE.value: SdtMoveEvent,
    EventType.TOWER.value: SdtTowerEvent,
    EventType.SYMBOL_SQUARE.value: SdtSymbolSquareEvent,
    EventType.PASS.value: SdtPassEvent,
    EventType.GAME_OVER.value: SdtGameOverEvent,
}


class SdtApplyAnswer(Schema):
    """The position after the turn and what happened in it, in order."""

    position = Nested(SdtPosition, required=True)
    events = List(OneOf("type", EVENTS), required=True)


class SdtBoardSquare(Schema):
    """One square of the 14 × 8 board."""

    square = square(required=True)
    kind = Word(["street", "symbol"], required=True, metadata=_doc("TB2."))
    quarter = quarter("Its quarter, for a symbol square.", required=True, allow_none=True)
    symbol = Choice(Symbol, required=True, allow_none=True,
                    metadata=_doc("Its symbol, for a symbol square (TB3)."))


class SdtQuarterSquares(Keyed):
    """A quarter's symbol squares, by symbol (TB3)."""

    keyed_by = Symbol
    A, B, C, D = square(required=True), square(required=True), square(required=True), square(required=True)


class SdtQuarter(Schema):
    """One quarter: its four symbol squares by symbol."""

    quarter = quarter("The quarter.", required=True)
    squares = Nested(SdtQuarterSquares, required=True)


class SdtBoardAnswer(Schema):
    """The board: every square (board order) and every quarter (TB1–TB3)."""

    files = List(Word(FILE_NAMES, metadata=_doc("A file.")), required=True)
    ranks = Integer(RANKS, RANKS, required=True, metadata=_doc("The number of ranks."))
    squares = List(Nested(SdtBoardSquare), required=True)
    quarters = List(Nested(SdtQuarter), required=True)


__all__ = [
    "EVENTS",
    "GRID",
    "SdtSuggestAnswer",
    "MovesAnswer",
    "OffBoard",
    "Outcome",
    "QuarterScore",
    "Score",
    "SeatScore",
    "SdtApplyAnswer",
    "SdtBoardAnswer",
    "SdtMovesAnswer",
    "SdtPosition",
    "SdtPositionInput",
    "SdtScoreAnswer",
    "SdtStack",
    "SdtSuggestedTurn",
    "SdtTurn",
    "SdtValidateAnswer",
    "Violation",
    "Event",
    "LegalMove",
]
