"""The JSON form of every object of the engine (the HTTP contract), in both directions.

Readers load the shape first with its schema and name up to 20 problems with their JSON
pointers (:class:`MalformedError`), then check the structural rules
(:func:`~service.spiel_der_tuerme.check.check_position`, :class:`InvalidPositionError`).
Writers write every member of the contract, ``null`` where a value does not apply,
except events, which leave out what does not apply. Squares are listed in board order.
Both read and write with the shapes' schemas (:mod:`service.spiel_der_tuerme.wire.schemas`).

>>> from service.spiel_der_tuerme.setup import setup_position
>>> data = position_to_dict(setup_position(2, seed=1))
>>> list(data)
['stacks', 'seats', 'to_move', 'rules', 'turn', 'blocked', 'over']
>>> data["stacks"]["a1"], data["over"]
({'symbol': 'B', 'stones': ['green']}, None)
>>> parse_position(data) == setup_position(2, seed=1)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, NamedTuple

from marshmallow import ValidationError

from service.common import InvalidPositionError, MalformedError  # noqa: F401 (the doctests use it)
from service.common.schema import load, problems
from service.common.schema_shapes import dumper
from service.spiel_der_tuerme.actions import Event, TurnPlan
from service.spiel_der_tuerme.board import (
    FILE_NAMES,
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    QUARTERS,
    RANKS,
    SQUARES,
    SYMBOL,
    Square,
    Symbol,
)
from service.spiel_der_tuerme.check import check_position
from service.spiel_der_tuerme.moves import LegalMove
from service.spiel_der_tuerme.position import Over, Position
from service.spiel_der_tuerme.wire import schemas
from service.spiel_der_tuerme.wire.schemas import SQUARE_DOC, SQUARE_WORDS, MovesAnswer, OffBoard

__all__ = ["SQUARE_DOC", "SQUARE_WORDS", "MovesAnswer"]

_POSITION_INPUT: Final = schemas.SdtPositionInput()
_TURN: Final = schemas.SdtTurn()
# Any, not Square: a square field is a marshmallow String for the document, but loads a
# square's number, and the compiled engine would check that what it loads is a str.
_SQUARE: Final[Any] = schemas.square()


class BoardSquare(NamedTuple):
    """One square of the board, as the board answer lists it."""

    square: Square
    kind: str
    quarter: int | None
    symbol: Symbol | None


class BoardQuarter(NamedTuple):
    """One quarter, with its symbol squares by symbol."""

    quarter: int
    squares: Mapping[Symbol, Square]


class Board(NamedTuple):
    """The board answer's value (TB1–TB3)."""

    files: tuple[str, ...]
    ranks: int
    squares: tuple[BoardSquare, ...]
    quarters: tuple[BoardQuarter, ...]


def _quarter_squares(quarter: int) -> dict[Symbol, Square]:
    by_symbol: dict[Symbol, Square] = {}
    for square in QUARTER_SQUARES[quarter]:
        symbol = SYMBOL[square]
        assert symbol is not None
        by_symbol[symbol] = square
    return by_symbol


BOARD: Final = Board(
    tuple(FILE_NAMES),
    RANKS,
    tuple(BoardSquare(s, "street" if IS_STREET[s] else "symbol", QUARTER[s], SYMBOL[s]) for s in SQUARES),
    tuple(BoardQuarter(q, _quarter_squares(q)) for q in QUARTERS),
)
"""The board as :class:`~service.spiel_der_tuerme.wire.schemas.SdtBoardAnswer` dumps it: the same
for every game."""

# --------------------------------------------------------------------------- reading


def parse_position(data: object) -> Position:
    """Build a :class:`Position` from its JSON form and check it (:func:`read_position`,
    then :func:`~service.spiel_der_tuerme.check.check_position`).

    Raises :class:`MalformedError` (every shape problem, up to 20) when ``data`` does not
    have the contract's shape, and :class:`InvalidPositionError` (rule and field) when it
    breaks a structural rule (:func:`~service.spiel_der_tuerme.check.check_position`).
    ``rules``, ``turn``, ``blocked`` and ``over`` are optional.

    >>> try:
    ...     parse_position({"stacks": {"z9": {}}, "seats": ["yellow"], "to_move": "purple"})
    ... except MalformedError as err:
    ...     [(p.pointer, p.detail) for p in err.problems]
    [('/stacks/z9/symbol', 'is required'), ('/stacks/z9/stones', 'is required'), \
('/seats', 'must have 2 to 4 entries'), ('/to_move', "must be one of 'yellow', 'red', 'blue', 'green'")]
    """
    position = read_position(data)
    check_position(position)
    return position


def read_position(data: object) -> Position:
    """A :class:`Position` from its JSON form
    (:class:`~service.spiel_der_tuerme.wire.schemas.SdtPositionInput`),
    its shape checked but not its structure; a stack on a key that is no square is
    :class:`InvalidPositionError` (TB1)."""
    position: Position | OffBoard = load(_POSITION_INPUT, data)
    if isinstance(position, OffBoard):
        raise position.error
    return position


def parse_square_field(value: object, where: str = "/from") -> Square:
    """A square name of a request (the ``from`` filter of the moves question).

    >>> parse_square_field("c1")
    2
    """
    try:
        found: Square = _SQUARE.deserialize(value)
    except ValidationError as error:
        raise MalformedError(problems=problems(error.messages, value)).under(where) from None
    return found


def parse_turn_plan(data: object) -> TurnPlan:
    """A :class:`TurnPlan` from ``{"moves": [{"from", "to"}…], "end_turn": true}``
    (:class:`~service.spiel_der_tuerme.wire.schemas.SdtTurn`); ``end_turn`` is optional.
    ``{"moves": []}`` is a pass (or, after a move that allows another, stopping there).

    >>> parse_turn_plan({"moves": [{"from": "a1", "to": "a4"}]})
    TurnPlan(moves=(Move(frm=0, to=42),), end_turn=True)
    """
    plan: TurnPlan = load(_TURN, data)
    return plan


# --------------------------------------------------------------------------- writing


def over_to_dict(over: Over | None) -> dict[str, Any] | None:
    """``null``, or ``{"reason", "quarter", "seat"}`` with ``null`` where they do not apply."""
    field = schemas.SdtPositionInput._declared_fields["over"]
    written: dict[str, Any] | None = field._serialize(over, None, None)
    return written


position_to_dict: Final = dumper(
    schemas.SdtPosition, "The JSON form of a position, every member written, stacks in board order."
)
move_to_dict: Final = dumper(schemas.SdtMove, '``{"from", "to"}``.')
turn_plan_to_dict: Final = dumper(
    schemas.SdtTurn, 'The JSON form of a :class:`TurnPlan`; a pass is ``{"moves": [], "end_turn": true}``.'
)
legal_move_to_dict: Final = dumper(schemas.SdtLegalMove, "One entry of the moves answer.")
_MOVES: Final = dumper(schemas.SdtMovesAnswer, "")


def moves_to_dict(moves: Iterable[LegalMove]) -> dict[str, Any]:
    """The moves answer: ``{"moves": [...]}``."""
    written: dict[str, Any] = _MOVES(MovesAnswer(tuple(moves)))
    return written


score_to_dict: Final = dumper(
    schemas.SdtScoreAnswer, 'The score answer: ``{"seats", "game_over", "winners"}``.'
)
_EVENT: Final = schemas.SdtApplyAnswer._declared_fields["events"].inner  # type: ignore[attr-defined]


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON form of an event: ``type`` and only the members that apply."""
    written: dict[str, Any] = _EVENT._serialize(event, None, None)
    return written


violation_to_dict: Final = dumper(
    schemas.SdtViolation,
    '``{"rule", "index", "detail"}``, and ``interpretations`` where the rule rests on a reading.',
)
_BOARD: Final = dumper(schemas.SdtBoardAnswer, "")


def board_to_dict() -> dict[str, Any]:
    """The geometry (TB1–TB3): every square, board order, with its kind, quarter and
    symbol; every quarter with its squares by symbol.

    >>> b = board_to_dict()
    >>> b["squares"][15], b["quarters"][0]
    ({'square': 'b2', 'kind': 'symbol', 'quarter': 1, 'symbol': 'C'}, \
{'quarter': 1, 'squares': {'A': 'b3', 'B': 'c3', 'C': 'b2', 'D': 'c2'}})
    """
    written: dict[str, Any] = _BOARD(BOARD)
    return written
