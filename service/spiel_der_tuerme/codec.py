"""The JSON form of every object of the engine (the HTTP contract), in both directions.

Readers check the shape first and collect up to 20 problems with their JSON pointers
(:class:`~service.common.Shape`, :class:`MalformedError`), then the structural rules
(:func:`~service.spiel_der_tuerme.check.check_position`, :class:`InvalidPositionError`).
Writers write every member of the contract, ``null`` where a value does not apply,
except events, which leave out what does not apply. Squares are listed in board order.

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
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from service.common import InvalidPositionError, MalformedError, Shape, wire  # noqa: F401 (the doctests use it)
from service.common.grid import A_SQUARE, board_order
from service.common.refusal import N_
from service.common.wire import (
    Choice,
    Fixed,
    Flag,
    Integer,
    Keyed,
    ListOf,
    Member,
    NameMap,
    Obj,
    Readings,
    Tag,
    Tagged,
    Text,
    Variant,
    Variants,
    Word,
)
from service.spiel_der_tuerme.board import (
    FILE_NAMES,
    GRID,
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    QUARTERS,
    RANKS,
    SQUARES,
    SYMBOL,
    Colour,
    Square,
    Symbol,
)
from service.spiel_der_tuerme.check import check_position
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
from service.spiel_der_tuerme.records import Event, EventType, TurnPlan, Violation
from service.spiel_der_tuerme.score import QuarterScore, Score, SeatScore

SQUARE_WORDS: Final = A_SQUARE(last=GRID.last)
SQUARE_DOC: Final = f"A square, {SQUARE_WORDS[9:]}."

# --------------------------------------------------------------------------- the statement
#
# Each shape's members, stated once: the readers and writers below walk these tables,
# and the HTTP layer turns them into the document's schemas (service/api/spiel_der_tuerme).

SQUARE: Final = wire.Square(GRID, SQUARE_WORDS)
COLOUR: Final = Choice(Colour)

STACK: Final = Obj("Stack", "One stack: its symbol and its stones, bottom to top; it belongs to its top stone's colour.", (
    Member("symbol", Choice(Symbol), "The symbol of every stone of the stack (TM6)."),
    Member("stones", ListOf(COLOUR, "A stone.", 1), "The stones' colours, bottom to top."),
), Stack)

RULES: Final = Obj("Rules", "The rule options.", (
    Member("max_height", Fixed(MAX_HEIGHT), "TM6: 5, or null for no limit (TV1). Default 5.", default=MAX_HEIGHT,
           nullable=True),
), Rules)

TURN_STATE: Final = Obj("TurnState", "The turn in progress of `to_move`.", (
    Member("moves", Integer(0), "Moves made so far in this turn. Default 0.", default=0),
    Member("may_continue", Flag(), "The last move ended on a symbol square and the seat may move again (TM7). "
           "Default false.", default=False),
), TurnState)

OVER: Final = Tagged(
    "Over",
    Member("reason", Choice(EndReason), "Why."),
    (
        Member("quarter", Integer(QUARTERS[0], QUARTERS[-1]), default=None, nullable=True),
        Member("seat", COLOUR, default=None, nullable=True),
    ),
    (
        Variant(EndReason.QUARTER, "QuarterOver", "The game ended because a seat completed a quarter (TE1).", "TE1.",
                {"quarter": "The completed quarter.", "seat": "The seat that completed it."}),
        Variant(EndReason.STREETS_EMPTY, "StreetsEmptyOver",
                "The game ended because no stack was left on a street (TE2).", "TE2.", {}),
        Variant(EndReason.STUCK, "StuckOver",
                "The game ended because a seat had no stack on a street, or nobody could move (TE3).", "TE3.",
                {"seat": "The seat that is stuck."}),
    ),
    {
        "quarter": (N_("is required when reason is 'quarter'"), N_("must be null unless reason is 'quarter'")),
        "seat": (N_("is required when reason is '{reason}'"), N_("must be null when reason is 'streets_empty'")),
    },
    Over,
)


POSITION: Final = Obj(
    "Position",
    "A whole Spiel der Türme position: every stack, the seats, who is to move, the option, the turn in progress, "
    "blocked neutral stones and whether the game is over.",
    (
        Member("stacks", NameMap(GRID, STACK), "Every stack, by the name of its square."),
        Member("seats", ListOf(COLOUR, "A seat.", MIN_PLAYERS, MAX_PLAYERS), "2–4 colours in clockwise turn order (TN1)."),
        Member("to_move", COLOUR, "The seat to move."),
        Member("rules", RULES, default=Rules()),
        Member("turn", TURN_STATE, default=FRESH_TURN),
        Member("blocked", ListOf(SQUARE, SQUARE_DOC, make=board_order),
               "Squares of neutral stones `to_move` may not move (TN4). Default none.", default=()),
        Member("over", OVER, "How the game ended; null while it goes on.", default=None, nullable=True),
    ),
    Position,
)

MOVE: Final = Obj("Move", "One move: a stack from `from` to `to` along a rank or a file.", (
    Member("from", SQUARE, "The stack's square.", attribute="frm"),
    Member("to", SQUARE, "Where it lands."),
), Move, whole=True)

TURN: Final = Obj(
    "Turn",
    'The moves of (the rest of) a turn, in order; `{"moves": []}` passes, or stops after a move that allows another.',
    (
        Member("moves", ListOf(MOVE), "The moves, in order (TM1, TM7)."),
        Member("end_turn", Flag(), "With false, the turn stays open after a last move that allows another (TM7). "
               "Default true.", default=True),
    ),
    TurnPlan,
)

POSITION_MEMBERS: Final = POSITION.names

# ------------------------------------------------------------ the answers' statement

QUARTER_NUMBER: Final = Integer(QUARTERS[0], QUARTERS[-1])

LEGAL_MOVE: Final = Obj("LegalMove", "A legal move now, and what it would do.", (
    Member("from", SQUARE, "The moving stack's square.", attribute="frm"),
    Member("to", SQUARE, "Where it lands."),
    Member("height", Integer(1), "The height of the stack on `to` after the move."),
    Member("covers", ListOf(COLOUR, "A colour."), "The colours the moving stack lands on, bottom to top."),
    Member("symbol_square", Flag(), "It ends on a symbol square."),
    Member("may_continue", Flag(), "The seat may move again after it (TM7)."),
    Member("neutral", Flag(), "A neutral stone moves (TN2)."),
    Member("ends_game", Flag(), "The move ends the game (TE1–TE3)."),
), LegalMove)


@dataclass(frozen=True)
class MovesAnswer:
    """The moves answer's value: every legal move."""

    moves: tuple[LegalMove, ...]


MOVES_ANSWER: Final = Obj("MovesAnswer", "Every legal move now, by `from` then `to` in board order.", (
    Member("moves", ListOf(LEGAL_MOVE)),
), MovesAnswer)

VIOLATION: Final = Obj("Violation", "The first illegal part of a turn.", (
    Member("rule", Text(), "The rule id it breaks."),
    Member("index", Integer(0), "The index of the offending move in `moves`."),
    Member("detail", Text(), "A sentence a player understands."),
    Member("interpretations", Readings(), omit=True),
), Violation)

QUARTER_POINTS: Final = Obj("QuarterPoints", "A seat's points in one quarter.", (
    Member("quarter", QUARTER_NUMBER, "The quarter."),
    Member("points", Integer(0), "Its points there (TS1)."),
    Member("doubled", Flag(), "Counted double: the quarter it completed (TS2)."),
), QuarterScore)

SEAT_SCORE: Final = Obj("SeatScore", "One seat's points.", (
    Member("id", COLOUR, "The seat.", attribute="seat"),
    Member("points", Integer(0), "Its points (TS1, TS2)."),
    Member("quarters", ListOf(QUARTER_POINTS), "Every quarter where it has a stack on a symbol square."),
), SeatScore)

SCORE_ANSWER: Final = Obj("ScoreAnswer", "Every seat's points, and the winners once the game is over (TS1–TS3).", (
    Member("seats", ListOf(SEAT_SCORE)),
    Member("game_over", Flag(), "The game is over (TE1–TE3)."),
    Member("winners", ListOf(COLOUR, "A winner."), "Empty until the game is over."),
), Score)


def _event(type_: EventType, doc: str, *members: Member) -> Obj:
    name = "".join(part.title() for part in type_.value.split("_")) + "Event"
    return Obj(name, doc, (Member("type", Tag(type_), "What happened."), *members), Event)


EVENT: Final = Variants("Event", "type", {
    EventType.MOVE: _event(
        EventType.MOVE, "A stack moved.",
        Member("seat", COLOUR, "Whose turn."),
        Member("from", SQUARE, "From.", attribute="frm"),
        Member("to", SQUARE, "To."),
        Member("colour", COLOUR, "The moved stack's colour."),
        Member("height", Integer(1), "The moved stack's height."),
    ),
    EventType.TOWER: _event(
        EventType.TOWER, "A tower was built (TM6).",
        Member("seat", COLOUR, "Whose turn."),
        Member("square", SQUARE, SQUARE_DOC),
        Member("height", Integer(2), "The tower's height."),
        Member("covers", ListOf(COLOUR, "A colour.")),
    ),
    EventType.SYMBOL_SQUARE: _event(
        EventType.SYMBOL_SQUARE, "A stack reached a symbol square (TM2, TM7).",
        Member("seat", COLOUR, "Whose turn."),
        Member("square", SQUARE, SQUARE_DOC),
        Member("symbol", Choice(Symbol), "Its symbol."),
        Member("quarter", QUARTER_NUMBER, "Its quarter."),
    ),
    EventType.PASS: _event(EventType.PASS, "The seat had no legal move (TM8).", Member("seat", COLOUR, "Who passed.")),
    EventType.GAME_OVER: _event(
        EventType.GAME_OVER, "The game ended (TE1–TE3).",
        Member("seat", COLOUR, "The seat that completed the quarter or is stuck.", omit=True),
        Member("quarter", QUARTER_NUMBER, "TE1: the completed quarter.", omit=True),
        Member("reason", Choice(EndReason), "Why."),
        Member("scores", ListOf(SEAT_SCORE)),
        Member("winners", ListOf(COLOUR, "A winner.")),
        Member("interpretations", Readings(), omit=True),
    ),
})


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


BOARD_ANSWER: Final = Obj("BoardAnswer", "The board: every square (board order) and every quarter (TB1–TB3).", (
    Member("files", ListOf(Word(tuple(FILE_NAMES)), "A file.")),
    Member("ranks", Integer(RANKS, RANKS), "The number of ranks."),
    Member("squares", ListOf(Obj("BoardSquare", "One square of the 14 × 8 board.", (
        Member("square", SQUARE, SQUARE_DOC),
        Member("kind", Word(("street", "symbol")), "TB2."),
        Member("quarter", QUARTER_NUMBER, "Its quarter, for a symbol square.", nullable=True),
        Member("symbol", Choice(Symbol), "Its symbol, for a symbol square (TB3).", nullable=True),
    ), BoardSquare))),
    Member("quarters", ListOf(Obj("Quarter", "One quarter: its four symbol squares by symbol.", (
        Member("quarter", QUARTER_NUMBER, "The quarter."),
        Member("squares", Keyed("QuarterSquares", "A quarter's symbol squares, by symbol (TB3).", Symbol, SQUARE,
                                SQUARE_DOC)),
    ), BoardQuarter))),
), Board)


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
"""The board as :data:`BOARD_ANSWER` writes it: the same for every game."""

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
    """A :class:`Position` from its JSON form (:data:`POSITION`), its shape checked but
    not its structure."""
    reading = wire.Reading()
    position: Position = wire.read(POSITION, data, reading)
    if reading.strays:
        # The contract's schema cannot restrict an object's keys, so a key that is no
        # square is a position off the board (TB1), not a malformed request.
        name, pointer = reading.strays[0]
        raise InvalidPositionError(
            "TB1", N_("{name} is not a square of the board ({squares})")(name=repr(name), squares=SQUARE_WORDS), pointer
        )
    return position


def parse_square_field(value: object, where: str = "/from") -> Square:
    """A square name of a request (the ``from`` filter of the moves question).

    >>> parse_square_field("c1")
    2
    """
    reading = wire.Reading()
    square: Square | None = SQUARE.read(reading, value, where)
    reading.shape.done()
    assert square is not None
    return square


def parse_turn_plan(data: object) -> TurnPlan:
    """A :class:`TurnPlan` from ``{"moves": [{"from", "to"}…], "end_turn": true}``
    (:data:`TURN`); ``end_turn`` is optional. ``{"moves": []}`` is a pass (or, after a
    move that allows another, stopping there).

    >>> parse_turn_plan({"moves": [{"from": "a1", "to": "a4"}]})
    TurnPlan(moves=(Move(frm=0, to=42),), end_turn=True)
    """
    plan: TurnPlan = wire.read(TURN, data)
    return plan


# --------------------------------------------------------------------------- writing




def over_to_dict(over: Over | None) -> dict[str, Any] | None:
    """``null``, or ``{"reason", "quarter", "seat"}`` with ``null`` where they do not apply."""
    written: dict[str, Any] | None = None if over is None else OVER.write(over)
    return written


position_to_dict: Final = wire.writer(
    POSITION, Position, 'The JSON form of a position, every member written, stacks in board order.'
)
move_to_dict: Final = wire.writer(MOVE, Move, '``{"from", "to"}``.')
turn_plan_to_dict: Final = wire.writer(
    TURN, TurnPlan, 'The JSON form of a :class:`TurnPlan`; a pass is ``{"moves": [], "end_turn": true}``.'
)
legal_move_to_dict: Final = wire.writer(LEGAL_MOVE, LegalMove, 'One entry of the moves answer.')


def moves_to_dict(moves: Iterable[LegalMove]) -> dict[str, Any]:
    """The moves answer: ``{"moves": [...]}``."""
    written: dict[str, Any] = MOVES_ANSWER.write(MovesAnswer(tuple(moves)))
    return written


score_to_dict: Final = wire.writer(
    SCORE_ANSWER, Score, 'The score answer: ``{"seats", "game_over", "winners"}``.'
)
event_to_dict: Final = wire.writer(
    EVENT, Event, 'The JSON form of an event: ``type`` and only the members that apply.'
)
violation_to_dict: Final = wire.writer(
    VIOLATION, Violation, '``{"rule", "index", "detail"}``, and ``interpretations`` where the rule rests on a reading.'
)


def board_to_dict() -> dict[str, Any]:
    """The geometry (TB1–TB3): every square, board order, with its kind, quarter and
    symbol; every quarter with its squares by symbol.

    >>> b = board_to_dict()
    >>> b["squares"][15], b["quarters"][0]
    ({'square': 'b2', 'kind': 'symbol', 'quarter': 1, 'symbol': 'C'}, \
{'quarter': 1, 'squares': {'A': 'b3', 'B': 'c3', 'C': 'b2', 'D': 'c2'}})
    """
    written: dict[str, Any] = BOARD_ANSWER.write(BOARD)
    return written
