"""The position (API.md "Position"): immutable value objects, parsing and checking.

A :class:`Position` is everything the rules need to answer a question: the heights,
the seats with their turrians and counters, who is to move, the final-round
bookkeeping, the rule options and the context of the turn in progress.

>>> from service.rules.board import parse_square
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
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Final

from service.rules.board import (
    CLOCKWISE,
    RING,
    SIZE,
    SQUARES,
    Square,
    Territory,
    are_adjacent,
    lowest_in_play_ring,
    square_name,
)
from service.rules.errors import InvalidPositionError, MalformedError
from service.rules.shapes import (
    SEAT_ID_PATTERN,
    expect_enum,
    expect_int,
    expect_list,
    expect_object,
    expect_square,
    is_seat_id,
)

TURRIANS_PER_SEAT: Final = 6
"""S2."""
MAX_ATTACKS: Final = 5
"""S4: the aggressor stone's five spaces."""
STONES_PER_TURN: Final = 3
"""R1."""
MOVEMENT_POINTS: Final = 5
"""M1."""
NOBODY: Final = -1
"""The occupant of a square without a turrian, and the owner of the neutral territory."""


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


class Phase(str, enum.Enum):
    """T1: the three phases of a turn."""

    TAKE = "take"
    PLACE = "place"
    MOVE = "move"


@dataclass(frozen=True)
class Rules:
    """The rule options (RULES.md, Options)."""

    goal: Goal = Goal.STANDARD
    team_play: bool = False
    outside_rule: OutsideRule = OutsideRule.LINE
    two_player_board: TwoPlayerBoard = TwoPlayerBoard.EIGHT


@dataclass(frozen=True)
class Seat:
    """A player: its territories, its turrians on the board, its counters.

    ``turrians`` is kept in board order: turrians of one seat are interchangeable.
    ``pro_hold`` holds the squares of the 5-, 6- and 7-towers recorded by G2.
    """

    id: str
    territories: tuple[Territory, ...]
    turrians: tuple[Square, ...] = ()
    attacks: int = 0
    bonus_stones: int = 0
    pro_hold: tuple[Square, ...] | None = None

    @property
    def reserve(self) -> int:
        """Turrians not on the board (S2)."""
        return TURRIANS_PER_SEAT - len(self.turrians)

    @property
    def origins(self) -> tuple[Square | None, ...]:
        """Where a walk of this seat can start (M10, M9): each turrian's square in
        board order, then ``None`` for the reserve if a turrian waits there."""
        return (*self.turrians, None) if self.reserve else self.turrians


@dataclass(frozen=True)
class TurnState:
    """The context of the turn in progress (API.md ``turn``)."""

    phase: Phase = Phase.TAKE
    taken: tuple[Square, ...] = ()
    in_hand: int = 0
    points: int = MOVEMENT_POINTS
    attacked: bool = False


START_OF_TURN: Final = TurnState()


@dataclass(frozen=True)
class Position:
    """A complete, immutable game position.

    Construct it with :func:`parse_position` (which checks it) or, inside the engine,
    from another position with :func:`dataclasses.replace`.
    """

    heights: tuple[int, ...]
    seats: tuple[Seat, ...]
    to_move: str
    round_start: str
    finishers: tuple[str, ...] = ()
    rules: Rules = field(default_factory=Rules)
    turn: TurnState = START_OF_TURN

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
    def lowest_ring(self) -> int:
        """B4: the outermost ring in play."""
        return lowest_in_play_ring(self.players, self.rules.two_player_board is TwoPlayerBoard.SIX)

    def is_in_play(self, square: Square) -> bool:
        """B4: whether ``square`` belongs to the play area."""
        return RING[square] >= self.lowest_ring

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


# --------------------------------------------------------------------------- parsing


def _parse_heights(value: object) -> tuple[int, ...]:
    rows = expect_list(value, "/heights")
    if len(rows) != SIZE:
        raise MalformedError("must have 10 rows", "/heights")
    heights: list[int] = []
    for r, row in enumerate(rows):
        # The common, well-formed row is checked in one pass without building a
        # pointer string per cell (parse_position 138 -> ~105 µs).
        if type(row) is list and len(row) == SIZE and all(type(h) is int and h >= 0 for h in row):
            heights.extend(row)
            continue
        cells = expect_list(row, f"/heights/{r}")
        if len(cells) != SIZE:
            raise MalformedError("must have 10 entries", f"/heights/{r}")
        heights.extend(expect_int(h, f"/heights/{r}/{f}") for f, h in enumerate(cells))
    return tuple(heights)


def _parse_seat(value: object, where: str) -> Seat:
    data = expect_object(
        value,
        where,
        required={"id", "territories", "turrians", "attacks"},
        allowed={"id", "territories", "turrians", "attacks", "bonus_stones", "pro_hold"},
    )
    if not is_seat_id(data["id"]):
        raise MalformedError(f"must match {SEAT_ID_PATTERN}", f"{where}/id")
    territories = [
        expect_enum(Territory, t, f"{where}/territories/{i}")
        for i, t in enumerate(expect_list(data["territories"], f"{where}/territories"))
    ]
    turrians = [
        expect_square(s, f"{where}/turrians/{i}")
        for i, s in enumerate(expect_list(data["turrians"], f"{where}/turrians"))
    ]
    hold = data.get("pro_hold")
    pro_hold = None
    if hold is not None:
        pro_hold = tuple(
            expect_square(s, f"{where}/pro_hold/{i}")
            for i, s in enumerate(expect_list(hold, f"{where}/pro_hold"))
        )
    return Seat(
        id=data["id"],
        territories=tuple(sorted(territories, key=CLOCKWISE.index)),
        turrians=tuple(turrians),
        attacks=expect_int(data["attacks"], f"{where}/attacks", 0, MAX_ATTACKS),
        bonus_stones=expect_int(data.get("bonus_stones", 0), f"{where}/bonus_stones"),
        pro_hold=pro_hold,
    )


def _parse_rules(value: object) -> Rules:
    data = expect_object(value, "/rules", set(), {"goal", "team_play", "outside_rule", "two_player_board"})
    team_play = data.get("team_play", False)
    if not isinstance(team_play, bool):
        raise MalformedError("must be a boolean", "/rules/team_play")
    return Rules(
        goal=expect_enum(Goal, data.get("goal", "standard"), "/rules/goal"),
        team_play=team_play,
        outside_rule=expect_enum(OutsideRule, data.get("outside_rule", "line"), "/rules/outside_rule"),
        two_player_board=expect_enum(
            TwoPlayerBoard, data.get("two_player_board", "8x8"), "/rules/two_player_board"
        ),
    )


def _parse_turn(value: object) -> TurnState:
    data = expect_object(value, "/turn", set(), {"phase", "taken", "in_hand", "points", "attacked"})
    attacked = data.get("attacked", False)
    if not isinstance(attacked, bool):
        raise MalformedError("must be a boolean", "/turn/attacked")
    return TurnState(
        phase=expect_enum(Phase, data.get("phase", "take"), "/turn/phase"),
        taken=tuple(
            expect_square(s, f"/turn/taken/{i}")
            for i, s in enumerate(expect_list(data.get("taken", []), "/turn/taken"))
        ),
        in_hand=expect_int(data.get("in_hand", 0), "/turn/in_hand", 0, STONES_PER_TURN),
        points=expect_int(data.get("points", MOVEMENT_POINTS), "/turn/points", 0, MOVEMENT_POINTS),
        attacked=attacked,
    )


def _seat_ref(position_ids: Mapping[str, int], value: object, where: str) -> str:
    if not isinstance(value, str):
        raise MalformedError("must be a seat id", where)
    if value not in position_ids:
        raise InvalidPositionError("S1", f"{value!r} is not the id of a seat", where)
    return value


def parse_position(data: object) -> Position:
    """Build a :class:`Position` from its JSON form and check it (:func:`check_position`).

    Raises :class:`MalformedError` when the data does not have the contract's shape
    and :class:`InvalidPositionError` when it breaks a structural rule.
    Turrian squares are stored in board order; territories in clockwise order.
    """
    obj = expect_object(
        data,
        "",
        required={"heights", "seats", "to_move"},
        allowed={"heights", "seats", "to_move", "round_start", "finishers", "rules", "turn"},
    )
    heights = _parse_heights(obj["heights"])
    raw_seats = expect_list(obj["seats"], "/seats")
    if not 2 <= len(raw_seats) <= 4:
        raise MalformedError("must list 2 to 4 seats", "/seats")
    seats = [_parse_seat(s, f"/seats/{i}") for i, s in enumerate(raw_seats)]
    ids: dict[str, int] = {}
    for i, seat in enumerate(seats):
        if seat.id in ids:
            raise InvalidPositionError("S1", f"seat id {seat.id!r} is used twice", f"/seats/{i}/id")
        ids[seat.id] = i
    to_move = _seat_ref(ids, obj["to_move"], "/to_move")
    round_start = _seat_ref(ids, obj.get("round_start", seats[0].id), "/round_start")
    finishers = tuple(
        _seat_ref(ids, s, f"/finishers/{i}")
        for i, s in enumerate(expect_list(obj.get("finishers", []), "/finishers"))
    )
    position = Position(
        heights=heights,
        seats=tuple(seats),
        to_move=to_move,
        round_start=round_start,
        finishers=finishers,
        rules=_parse_rules(obj.get("rules", {})),
        turn=_parse_turn(obj.get("turn", {})),
    )
    check_position(position)
    return _canonical(position)


def _canonical(position: Position) -> Position:
    if all(list(s.turrians) == sorted(s.turrians) for s in position.seats):
        return position
    seats = tuple(replace(s, turrians=tuple(sorted(s.turrians))) for s in position.seats)
    return replace(position, seats=seats)


# --------------------------------------------------------------------------- checking


def _check_territories(position: Position) -> None:
    players = position.players
    per_seat = 2 if players == 2 else 1
    seen: dict[Territory, int] = {}
    for i, seat in enumerate(position.seats):
        where = f"/seats/{i}/territories"
        if len(seat.territories) != per_seat:
            raise InvalidPositionError(
                "S1",
                f"with {players} players every seat owns {per_seat} "
                f"territor{'ies' if per_seat == 2 else 'y'}, "
                f"seat {seat.id!r} owns {len(seat.territories)}",
                where,
            )
        for territory in seat.territories:
            if territory in seen:
                raise InvalidPositionError(
                    "S1",
                    f"territory {territory.value} is owned by two seats",
                    where,
                )
            seen[territory] = i
    if position.rules.team_play:
        if players != 4:
            raise InvalidPositionError("S1", "team play needs 4 players", "/rules/team_play")
        for first in (0, 2):
            a, b = position.seats[first], position.seats[first + 1]
            if not are_adjacent(a.territories[0], b.territories[0]):
                raise InvalidPositionError(
                    "S1",
                    f"partners {a.id!r} and {b.id!r} must hold adjacent territories",
                    f"/seats/{first + 1}/territories",
                )


def _check_board(position: Position) -> None:
    low = position.lowest_ring
    for square, height in enumerate(position.heights):
        if height and RING[square] < low:
            raise InvalidPositionError(
                "B4",
                f"{square_name(square)} is out of play with {position.players} players and must stay empty",
                f"/heights/{square // SIZE}/{square % SIZE}",
            )
    where_is: dict[Square, str] = {}
    for i, seat in enumerate(position.seats):
        where = f"/seats/{i}/turrians"
        if len(seat.turrians) > TURRIANS_PER_SEAT:
            raise InvalidPositionError(
                "S2", f"seat {seat.id!r} has more than {TURRIANS_PER_SEAT} turrians", where
            )
        for j, square in enumerate(seat.turrians):
            if square not in where_is and RING[square] >= low and position.heights[square] >= 1:
                where_is[square] = seat.id  # the common case: no sentence to write
                continue
            name = square_name(square)
            if square in where_is:
                raise InvalidPositionError(
                    "S2",
                    f"two turrians stand on {name} ({where_is[square]} and {seat.id})",
                    f"{where}/{j}",
                )
            where_is[square] = seat.id
            if not position.is_in_play(square):
                raise InvalidPositionError("B4", f"turrian on {name}, which is out of play", f"{where}/{j}")
            if position.heights[square] < 1:
                raise InvalidPositionError("S2", f"turrian on {name}, which has no stone", f"{where}/{j}")
        if seat.pro_hold is not None:
            hold_where = f"/seats/{i}/pro_hold"
            if position.rules.goal is not Goal.PRO:
                raise InvalidPositionError("G2", "pro_hold is only kept with goal 'pro'", hold_where)
            if len(seat.pro_hold) != 3 or len(set(seat.pro_hold)) != 3:
                raise InvalidPositionError(
                    "G2", "pro_hold lists the three distinct squares of the 5-, 6- and 7-towers", hold_where
                )


def _check_turn(position: Position) -> None:
    turn, rules = position.turn, position.rules
    if rules.two_player_board is TwoPlayerBoard.SIX and position.players != 2:
        raise InvalidPositionError(
            "B4", "the 6x6 board is an option of the 2-player game", "/rules/two_player_board"
        )
    if len(set(position.finishers)) != len(position.finishers):
        raise InvalidPositionError("G3", "a seat is listed twice among the finishers", "/finishers")
    if len(turn.taken) > STONES_PER_TURN:
        raise InvalidPositionError("R1", "at most 3 stones are taken in a turn", "/turn/taken")
    for i, square in enumerate(turn.taken):
        if not position.is_in_play(square):
            raise InvalidPositionError(
                "B4", f"{square_name(square)} is out of play: nothing was taken there", f"/turn/taken/{i}"
            )
    if turn.phase is Phase.TAKE and turn.in_hand != len(turn.taken):
        raise InvalidPositionError(
            "T1", "in the take phase every stone taken is still in hand", "/turn/in_hand"
        )
    if turn.phase is not Phase.MOVE:
        if turn.points != MOVEMENT_POINTS:
            raise InvalidPositionError("T1", "points are spent only in the move phase", "/turn/points")
        if turn.attacked:
            raise InvalidPositionError("T1", "attacks happen only in the move phase", "/turn/attacked")
    if turn.phase is Phase.PLACE and turn.taken and turn.in_hand > len(turn.taken):
        raise InvalidPositionError("P1", "more stones in hand than were taken in this turn", "/turn/in_hand")
    if turn.phase is Phase.MOVE:
        if turn.in_hand:
            raise InvalidPositionError(
                "P1", "every stone taken is placed before the move phase", "/turn/in_hand"
            )
        if turn.attacked and position.mover.attacks < 1:
            raise InvalidPositionError(
                "M8", "an attack this turn would have raised the attack counter", "/turn/attacked"
            )


def check_position(position: Position) -> None:
    """Raise :class:`InvalidPositionError` if ``position`` breaks a structural rule.

    Checked: S1 (territories partition the board as the player count requires,
    team partners adjacent), B4 (nothing out of play), S2 (at most 6 turrians, one per
    square, each on a stone), G2 (``pro_hold``), and that the ``turn`` context is
    consistent with its phase (T1, R1, P1, M8).
    """
    _check_territories(position)
    _check_board(position)
    _check_turn(position)


# ----------------------------------------------------------------------- serialising


def seat_to_dict(seat: Seat) -> dict[str, Any]:
    """The JSON form of a seat, every field present."""
    return {
        "id": seat.id,
        "territories": [t.value for t in seat.territories],
        "turrians": [square_name(s) for s in seat.turrians],
        "attacks": seat.attacks,
        "bonus_stones": seat.bonus_stones,
        "pro_hold": None if seat.pro_hold is None else [square_name(s) for s in seat.pro_hold],
    }


def position_to_dict(position: Position) -> dict[str, Any]:
    """The JSON form of a position (API.md), every optional field written out."""
    heights = position.heights
    turn, rules = position.turn, position.rules
    return {
        "heights": [list(heights[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)],
        "seats": [seat_to_dict(s) for s in position.seats],
        "to_move": position.to_move,
        "round_start": position.round_start,
        "finishers": list(position.finishers),
        "rules": {
            "goal": rules.goal.value,
            "team_play": rules.team_play,
            "outside_rule": rules.outside_rule.value,
            "two_player_board": rules.two_player_board.value,
        },
        "turn": {
            "phase": turn.phase.value,
            "taken": [square_name(s) for s in turn.taken],
            "in_hand": turn.in_hand,
            "points": turn.points,
            "attacked": turn.attacked,
        },
    }
