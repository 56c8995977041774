"""The position: immutable value objects and the rule options.

A :class:`Position` is everything the rules need to answer a question: the heights,
the seats with their turrians and counters, who is to move, the final-round
bookkeeping, the rule options and the state of the turn in progress. It is read from
JSON by :func:`service.terra_turrium.wire.codec.parse_position` and from the one-line notation by
:func:`service.terra_turrium.notation.parse_notation`; both end in
:func:`~service.terra_turrium.check.check_position`, the structural rules every position obeys.

The rule options (:class:`Rules`, one field per option) stand beside the state an
option keeps. The JSON form of each type is its schema beside it
(:mod:`service.terra_turrium.wire.schemas`: ``PositionInput``, ``SeatInput``,
``TurnStateInput``, and ``RulesInput``, made from :data:`OPTIONS`), which the codec, the
notation and the HTTP document read and write with. An option with state is a field of
:class:`Rules`, a field of :class:`Seat` (or :class:`Position`) and its member in the
schema, and its check in :mod:`~service.terra_turrium.check`.

>>> from service.terra_turrium.wire.codec import parse_position
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
import re
from dataclasses import Field, dataclass, field, fields
from typing import Any, Final

from service.common.cache import cached_property
from service.common.frozen import quick_init
from service.common.grid import A_SQUARE, square_doc
from service.common.refusal import N_, Nn_
from service.terra_turrium.board import (
    CLOCKWISE,
    RING,
    SQUARE_NAMES,
    SQUARES,
    Square,
    Territory,
    outermost_ring,
)

# ------------------------------------------------------------------ the wire's words
#
# What a seat id and a square are, in the words of a mistake; the schemas
# (service.terra_turrium.wire.schemas) describe each member of the JSON form.

SEAT_ID_WORD: Final = "[a-z][a-z0-9_-]{0,15}"
"""A seat id: a lower-case letter, then up to 15 lower-case letters, digits, ``_`` or ``-``."""
SEAT_ID_PATTERN: Final = f"^{SEAT_ID_WORD}$"
SEAT_ID_MISMATCH: Final = N_("must be a seat id matching {pattern}")
_SEAT_ID: Final = re.compile(SEAT_ID_WORD)

SQUARE_WORDS: Final = A_SQUARE(last=SQUARE_NAMES[-1])
SQUARE_TEXT: Final = str(SQUARE_WORDS)
SQUARE_DOC: Final = square_doc(SQUARE_NAMES[-1])


def is_seat_id(value: object) -> bool:
    """Whether ``value`` matches :data:`SEAT_ID_PATTERN` (ASCII letters and digits only).

    >>> is_seat_id("yellow"), is_seat_id("y٣"), is_seat_id("Yellow")
    (True, False, False)
    """
    return type(value) is str and _SEAT_ID.fullmatch(value) is not None


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

    id: str
    territories: tuple[Territory, ...]
    turrians: tuple[Square, ...] = ()
    attacks: int = 0
    bonus_stones: int = 0
    pro_hold: tuple[Square, ...] | None = None
    captures: int = 0

    @property
    def reserve(self) -> int:
        """Turrians not on the board (S2)."""
        return TURRIANS_PER_SEAT - len(self.turrians)

    @property
    def origins(self) -> tuple[Square | None, ...]:
        """Where a walk of this seat can start (M10, M9): each turrian's square in
        board order, then ``None`` for the reserve if a turrian waits there."""
        return (*self.turrians, None) if self.reserve else self.turrians


@quick_init
@dataclass(frozen=True)
class TurnState:
    """How far the turn of ``to_move`` has come (the position's ``turn``).

    ``taken``: squares taken from in this turn, in order (only the take phase reads
    them, for R4); ``in_hand``: stones taken and not yet placed; ``points``: movement
    points left; ``attacked``: an attack was registered in this turn (M8).
    """

    phase: Phase = Phase.TAKE
    taken: tuple[Square, ...] = ()
    in_hand: int = 0
    points: int = MOVEMENT_POINTS
    attacked: bool = False


START_OF_TURN: Final = TurnState()


@quick_init
@dataclass(frozen=True)
class Position:
    """A complete, immutable game position.

    Build it with :func:`~service.terra_turrium.wire.codec.parse_position` (which checks it) or,
    inside the engine, from another position with :func:`dataclasses.replace`.
    """

    heights: tuple[int, ...]
    seats: tuple[Seat, ...]
    to_move: str
    round_start: str
    finishers: tuple[str, ...] = ()
    rules: Rules = field(default_factory=Rules)
    turn: TurnState = START_OF_TURN
    captures_open: bool = False
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


SEAT_DERIVED: Final = ("seat_index", "mover_index", "occupant", "owner", "outermost_ring")
"""The cached properties of a :class:`Position` that depend on its seats, ``to_move`` and
``rules`` only, never on the heights or the turn state: a position that differs from
another only there may take them over (a turn's phases do)."""
