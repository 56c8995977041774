"""The position: immutable value objects, the rule options and the position's one description.

A :class:`Position` is everything the rules need to answer a question: the heights,
the seats with their turrians and counters, who is to move, the final-round
bookkeeping, the rule options and the state of the turn in progress. It is read from
JSON by :func:`service.terra_turrium.codec.parse_position` and from the one-line notation by
:func:`service.terra_turrium.notation.parse_notation`; both end in
:func:`~service.terra_turrium.check.check_position`, the structural rules every position obeys.

This module is the position's one description. The rule options (:class:`Rules`, one
field per option) stand beside the state an option keeps, and every member of the JSON
form is stated on its field (``metadata=stated(kind, doc)``): :data:`POSITION`,
:data:`SEAT`, :data:`TURN_STATE` and :data:`RULES` are made from the fields, and the
codec, the notation and the HTTP document from them. An option with state is a field of
:class:`Rules`, a field of :class:`Seat` (or :class:`Position`) and its check in
:mod:`~service.terra_turrium.check`.

>>> captures = next(m for m in SEAT.members if m.name == "captures")
>>> captures.default, captures.kind.high, captures.doc.startswith("With captures `burgenland`")
(0, 2, True)

>>> from service.terra_turrium.codec import parse_position
>>> from service.terra_turrium.board import parse_square
>>> p = parse_position({
...     "heights": [[1] * 10] * 10,
...     "seats": [{"id": "yellow", "territories": ["NW"], "turrians": ["a10"], "attacks": 0},
...               {"id": "red", "territories": ["NE"], "turrians": [], "attacks": 0},
...               {"id": "blue", "territories": ["SE"], "turrians": [], "attacks": 0},
...               {"id": "green", "territories": ["SW"], "turrians": [], "attacks": 0}],
...     "to_move": "yellow"})
>>> p.players, p.mover.id, p.height(parse_square("a10")), p.occupant[parse_square("a10")]
(4, 'yellow', 1, 0)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import Field, dataclass, field, fields
from typing import Any, Final

from service.common import wire
from service.common.cache import cached_property
from service.common.frozen import quick_init
from service.common.grid import A_SQUARE, board_order
from service.common.refusal import N_, Nn_
from service.common.wire import Choice, Flag, Integer, ListOf, Matching, Member, Obj, Rows, json_value, stated
from service.terra_turrium.board import (
    CLOCKWISE,
    GRID,
    RING,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    Square,
    Territory,
    outermost_ring,
)

# ------------------------------------------------------------------ the wire's words
#
# The position is the one description of its wire shape: each member is stated on its
# type's field (``metadata=stated(...)``), the kinds below naming what a member holds;
# the JSON codec, the notation and the HTTP document are made from these statements.

SEAT_ID_WORD: Final = "[a-z][a-z0-9_-]{0,15}"
"""A seat id: a lower-case letter, then up to 15 lower-case letters, digits, ``_`` or ``-``."""
SEAT_ID_PATTERN: Final = f"^{SEAT_ID_WORD}$"
SEAT_ID_MISMATCH: Final = N_("must be a seat id matching {pattern}")
SEAT_ID: Final = Matching(SEAT_ID_WORD, SEAT_ID_MISMATCH(pattern=SEAT_ID_PATTERN))

SQUARE_WORDS: Final = A_SQUARE(last=SQUARE_NAMES[-1])
SQUARE_TEXT: Final = str(SQUARE_WORDS)
SQUARE_DOC: Final = f"A square, {SQUARE_WORDS[9:]}."
SQUARE: Final = wire.Square(GRID, SQUARE_WORDS)
SQUARES_IN_ORDER: Final = ListOf(SQUARE, SQUARE_DOC)
TERRITORY_KIND: Final = Choice(Territory)


def is_seat_id(value: object) -> bool:
    """Whether ``value`` matches :data:`SEAT_ID_PATTERN` (ASCII letters and digits only).

    >>> is_seat_id("yellow"), is_seat_id("y٣"), is_seat_id("Yellow")
    (True, False, False)
    """
    return type(value) is str and SEAT_ID.pattern.fullmatch(value) is not None


def _clockwise(territories: Iterable[Territory]) -> tuple[Territory, ...]:
    return tuple(sorted(territories, key=CLOCKWISE.index))


# --------------------------------------------------------------------------- the options


class Goal(str, enum.Enum):
    """G1 / G2."""

    STANDARD = "standard"
    PRO = "pro"


class OutsideRule(str, enum.Enum):
    """R6: a straight empty line to the edge, or any chain of empty squares."""

    LINE = "line"
    PATH = "path"


class TwoPlayerBoard(str, enum.Enum):
    """B4: the 2-player play area."""

    EIGHT = "8x8"
    SIX = "6x6"


class Captures(str, enum.Enum):
    """M6, or the Burgenland variant V1–V3: no captures until the capture phase opens,
    then two per seat."""

    STANDARD = "standard"
    BURGENLAND = "burgenland"


class Reentry(str, enum.Enum):
    """M9, or V4: a reserve turrian re-enters on any outside square."""

    ENTRY_ROW = "entry_row"
    OUTSIDE = "outside"


@quick_init
@dataclass(frozen=True)
class Rules:
    """The rule options of a game; every field has the rules' default."""

    goal: Goal = field(default=Goal.STANDARD, metadata={"rule": "G1, G2"})
    team_play: bool = field(default=False, metadata={"rule": "S1", "flag": "team", "players": (4,)})
    outside_rule: OutsideRule = field(default=OutsideRule.LINE, metadata={"rule": "R6"})
    two_player_board: TwoPlayerBoard = field(
        default=TwoPlayerBoard.EIGHT, metadata={"rule": "B4", "players": (2,)}
    )
    captures: Captures = field(default=Captures.STANDARD, metadata={"rule": "V1, V2, V3"})
    reentry: Reentry = field(default=Reentry.ENTRY_ROW, metadata={"rule": "V4"})

    @property
    def six_by_six(self) -> bool:
        """B4: the 2-player game on the 6 × 6 board."""
        return self.two_player_board is TwoPlayerBoard.SIX

    @property
    def burgenland(self) -> bool:
        """V1–V3: captures wait for the capture phase and are limited."""
        return self.captures is Captures.BURGENLAND


OPTIONS: Final[tuple[Field[Any], ...]] = fields(Rules)
"""The options in their canonical order (JSON, notation, set-up query)."""


def option_values(option: Field[Any]) -> tuple[Any, ...]:
    """Every value of ``option``, its default first.

    >>> option_values(OPTIONS[1]), [g.value for g in option_values(OPTIONS[0])]
    ((False, True), ['standard', 'pro'])
    """
    default: Any = option.default
    if isinstance(default, bool):
        return (False, True)
    kind: type[enum.Enum] = type(default)
    return (default, *(v for v in kind if v is not default))


def option_flags() -> dict[str, tuple[str, Any]]:
    """The notation's rule flags: flag → (option name, the non-default value it selects).

    A ``bool`` option's flag is its ``metadata["flag"]``; an enum option's flags are the
    values of its other members.

    >>> option_flags()["pro"], option_flags()["team"]
    (('goal', <Goal.PRO: 'pro'>), ('team_play', True))
    """
    flags: dict[str, tuple[str, Any]] = {}
    for option in OPTIONS:
        for value in option_values(option)[1:]:
            flag = option.metadata["flag"] if isinstance(value, bool) else value.value
            flags[flag] = (option.name, value)
    return flags


def _option(option: Field[Any]) -> Member:
    """An option's member: a flag, or one of its enum's values; its default the option's."""
    default: Any = option.default
    kind = Flag() if isinstance(default, bool) else Choice(type(default))
    shown = json_value(default) if isinstance(default, bool) else f"`{json_value(default)}`"
    return Member(option.name, kind, f"{option.metadata['rule']}. Default {shown}.", default=default)


RULES: Final = Obj("Rules", "The rule options; each has its default.", tuple(_option(o) for o in OPTIONS), Rules)


# --------------------------------------------------------------------------- the position

#: S1: the territories each seat owns for the number of players, a number the catalogs
#: decline (one territory, two territories).
TERRITORIES_PER_SEAT = Nn_(
    "with {players} players every seat owns {per_seat} territory, seat {seat} owns {count_territories}",
    "with {players} players every seat owns {per_seat} territories, seat {seat} owns {count_territories}",
    "per_seat",
)

TURRIANS_PER_SEAT: Final = 6
"""S2."""
MAX_ATTACKS: Final = 5
"""S4: the aggressor stone's five spaces."""
STONES_PER_TURN: Final = 3
"""R1."""
MOVEMENT_POINTS: Final = 5
"""M1."""
MAX_HEIGHT: Final = 9999
"""B5 sets no bound; the oracle counts up to this many stones on a square (far above the
116 stones of a game), so that every number it reads and writes stays small."""
CAPTURES_PER_SEAT: Final = 2
"""V3: the captures each seat has once the Burgenland capture phase is open."""
MAX_BONUS_STONES: Final = 999
"""P3 sets no bound either; the oracle's bound on a seat's handicap stones."""
NOBODY: Final = -1
"""The occupant of a square without a turrian, and the owner of the neutral territory."""

OUTSIDE_RINGS: Final = {ring: tuple(s for s in SQUARES if RING[s] < ring) for ring in (1, 2)}
"""The squares out of play (B4) when the play area starts at ring 1 or 2."""


class Phase(str, enum.Enum):
    """T1: the three phases of a turn, in order."""

    TAKE = "take"
    PLACE = "place"
    MOVE = "move"


@quick_init
@dataclass(frozen=True)
class Seat:
    """A player: its territories, its turrians on the board, its counters.

    ``turrians`` is kept in board order: turrians of one seat are interchangeable.
    ``pro_hold`` holds the squares of the 5-, 6- and 7-towers recorded by G2;
    ``captures`` the turrians captured since the Burgenland capture phase opened (V3).
    """

    id: str = field(metadata=stated(SEAT_ID, "The seat's id."))
    territories: tuple[Territory, ...] = field(metadata=stated(
        ListOf(TERRITORY_KIND, "A territory (B3).", make=_clockwise),
        "Own territories: one each with 3 or 4 players, two each with 2 (S1)."))
    turrians: tuple[Square, ...] = field(default=(), metadata=stated(
        ListOf(SQUARE, SQUARE_DOC, make=board_order),
        "Squares of the seat's turrians on the board, in board order; the rest are in reserve (S2).", required=True))
    attacks: int = field(default=0, metadata=stated(Integer(0, MAX_ATTACKS), "Attacks used so far (S4).",
                                                    required=True))
    bonus_stones: int = field(default=0, metadata=stated(
        Integer(0, MAX_BONUS_STONES), "Handicap stones left to place (P3). Default 0."))
    pro_hold: tuple[Square, ...] | None = field(default=None, metadata=stated(
        SQUARES_IN_ORDER, "With goal `pro`: the squares of the 5-, 6- and 7-towers recorded (G2). Default null.",
        nullable=True))
    captures: int = field(default=0, metadata=stated(
        Integer(0, CAPTURES_PER_SEAT), "With captures `burgenland`: turrians captured since the capture phase "
        "opened (V3). Default 0."))

    @property
    def reserve(self) -> int:
        """Turrians not on the board (S2)."""
        return TURRIANS_PER_SEAT - len(self.turrians)

    @property
    def origins(self) -> tuple[Square | None, ...]:
        """Where a walk of this seat can start (M10, M9): each turrian's square in
        board order, then ``None`` for the reserve if a turrian waits there."""
        return (*self.turrians, None) if self.reserve else self.turrians


SEAT: Final = Obj("Seat", "A seat: its territories, turrians on the board and counters (S1–S4).",
                  wire.stated_members(Seat), Seat)


@quick_init
@dataclass(frozen=True)
class TurnState:
    """How far the turn of ``to_move`` has come (the position's ``turn``).

    ``taken``: squares taken from in this turn, in order (only the take phase reads
    them, for R4); ``in_hand``: stones taken and not yet placed; ``points``: movement
    points left; ``attacked``: an attack was registered in this turn (M8).
    """

    phase: Phase = field(default=Phase.TAKE, metadata=stated(Choice(Phase), "T1. Default `take`."))
    taken: tuple[Square, ...] = field(default=(), metadata=stated(
        SQUARES_IN_ORDER, "Squares taken from in this turn, in order (read in the take phase only, R4). "
        "Default none."))
    in_hand: int = field(default=0, metadata=stated(
        Integer(0, STONES_PER_TURN), "Stones taken and not yet placed. Default 0."))
    points: int = field(default=MOVEMENT_POINTS, metadata=stated(
        Integer(0, MOVEMENT_POINTS), f"Movement points left (M1). Default {MOVEMENT_POINTS}."))
    attacked: bool = field(default=False, metadata=stated(
        Flag(), "An attack was registered in this turn (M8). Default false."))


START_OF_TURN: Final = TurnState()
TURN_STATE: Final = Obj("TurnState", "How far the turn of `to_move` has come; default the start of a turn.",
                        wire.stated_members(TurnState), TurnState)


@quick_init
@dataclass(frozen=True)
class Position:
    """A complete, immutable game position.

    Build it with :func:`~service.terra_turrium.codec.parse_position` (which checks it) or,
    inside the engine, from another position with :func:`dataclasses.replace`.
    """

    heights: tuple[int, ...] = field(metadata=stated(
        Rows(Integer(0, MAX_HEIGHT), SIZE, "Stones on the square (B5).", "One rank, file a first."),
        "`heights[r][f]`: rank r + 1, file f (0 = a); `heights[0]` is a1 … j1."))
    seats: tuple[Seat, ...] = field(metadata=stated(
        ListOf(SEAT, low=2, high=4), "2–4 seats in clockwise turn order; their number is the player count."))
    to_move: str = field(metadata=stated(SEAT_ID, "The seat whose turn it is."))
    round_start: str = field(metadata=stated(
        SEAT_ID, "The seat that began the round (G3). Default the first seat.", default=None))
    finishers: tuple[str, ...] = field(default=(), metadata=stated(
        ListOf(SEAT_ID, "A seat."), "Seats that have finished (G3), in order. Default none."))
    rules: Rules = field(default_factory=Rules, metadata=stated(RULES))
    turn: TurnState = field(default=START_OF_TURN, metadata=stated(TURN_STATE))
    captures_open: bool = field(default=False, metadata=stated(
        Flag(), "With captures `burgenland`: the capture phase has opened (V2). Default false."))
    """V2: the Burgenland capture phase has opened."""

    def height(self, square: Square) -> int:
        """B5: the number of stones on ``square``."""
        return self.heights[square]

    @property
    def players(self) -> int:
        """The player count, set by the number of seats."""
        return len(self.seats)

    @cached_property
    def seat_index(self) -> dict[str, int]:
        """Seat id → index in turn order."""
        return {seat.id: i for i, seat in enumerate(self.seats)}

    @cached_property
    def mover_index(self) -> int:
        """Index of ``to_move``."""
        return self.seat_index[self.to_move]

    @property
    def mover(self) -> Seat:
        """The seat to move."""
        return self.seats[self.mover_index]

    @cached_property
    def occupant(self) -> tuple[int, ...]:
        """Per square, the index of the seat whose turrian stands there, or :data:`NOBODY`."""
        board = [NOBODY] * len(SQUARES)
        for i, seat in enumerate(self.seats):
            for square in seat.turrians:
                board[square] = i
        return tuple(board)

    @cached_property
    def owner(self) -> dict[Territory, int]:
        """Territory → index of the seat owning it; :data:`NOBODY` for the neutral one (S1)."""
        owners = dict.fromkeys(CLOCKWISE, NOBODY)  # iterating an Enum class is slow on 3.11
        for i, seat in enumerate(self.seats):
            for territory in seat.territories:
                owners[territory] = i
        return owners

    @cached_property
    def outermost_ring(self) -> int:
        """B4: the outermost ring in play."""
        return outermost_ring(self.players, self.rules)

    def is_in_play(self, square: Square) -> bool:
        """B4: whether ``square`` belongs to the play area."""
        return RING[square] >= self.outermost_ring

    def partner(self, seat: int) -> int:
        """S1: the team partner of seat index ``seat`` in team play, else :data:`NOBODY`.

        Seats 1 and 2 form a team, seats 3 and 4 the other.
        """
        if not self.rules.team_play:
            return NOBODY
        return seat ^ 1

    def is_same_side(self, a: int, b: int) -> bool:
        """Whether seat indices ``a`` and ``b`` are one seat or partners (M5, M6)."""
        return a == b or (self.rules.team_play and a ^ 1 == b)

    def is_own_territory(self, seat: int, territory: Territory) -> bool:
        """S5: own means owned by the seat itself; the partner's territory is foreign."""
        return self.owner[territory] == seat

    @property
    def is_game_over(self) -> bool:
        """G3: a seat has finished and the round has come back to ``round_start``."""
        return bool(self.finishers) and self.to_move == self.round_start


def _position(round_start: str | None, seats: tuple[Seat, ...], **members: Any) -> Position:
    # G3: a round begins with the first seat unless the position says otherwise.
    return Position(round_start=seats[0].id if round_start is None else round_start, seats=seats, **members)


POSITION: Final = Obj(
    "Position",
    "A whole game position: heights, seats, who is to move, the rule options and the turn in progress. "
    "Members left out take their defaults.",
    wire.stated_members(Position),
    _position,
)


SEAT_DERIVED: Final = ("seat_index", "mover_index", "occupant", "owner", "outermost_ring")
"""The cached properties of a :class:`Position` that depend on its seats, ``to_move`` and
``rules`` only, never on the heights or the turn state: a position that differs from
another only there may take them over (a turn's phases do)."""
