"""Between the contract's JSON and the engine's values.

``parse_*`` read JSON (as decoded by :func:`json.loads`) into engine values, checking its
shape on the way: a :class:`~service.common.MalformedError` names every problem it
found (up to :data:`~service.common.MAX_PROBLEMS`) with a JSON pointer relative to the
value read. :func:`parse_position` then checks the structural rules
(:func:`~service.terra_turrium.check.check_position`, an
:class:`~service.common.InvalidPositionError` naming the rule). The ``*_to_dict``
functions write engine values in the contract's terms: square names, enum values,
every member of a position written out.

The position's one-line notation is the other codec, beside this one
(:mod:`service.terra_turrium.notation`).

>>> plan = parse_turn_plan({"take": ["c10"], "move": [{"from": "reserve", "path": ["a6", "a7"]}]})
>>> plan.take, plan.move[0].origin
((92,), None)
>>> turn_plan_to_dict(plan)["move"]
[{'from': 'reserve', 'path': ['a6', 'a7']}]
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final, NamedTuple

from marshmallow import ValidationError

from service.common import MalformedError
from service.common.grid import board_order
from service.common.schema import load, problems
from service.common.schema_shapes import dumper
from service.terra_turrium.actions import Event, TurnPlan
from service.terra_turrium.board import (
    CLOCKWISE,
    RING,
    SQUARE_NAMES,
    SQUARES,
    TERRITORY,
    Square,
    Territory,
    entry_row,
    play_area,
    square_name,
)
from service.terra_turrium.check import check_position
from service.terra_turrium.goal import GoalStatus
from service.terra_turrium.move import Capture, Reach
from service.terra_turrium.position import SEAT_ID_PATTERN, Position, Rules, TwoPlayerBoard, is_seat_id
from service.terra_turrium.take import Removal
from service.terra_turrium.wire import schemas
from service.terra_turrium.wire.schemas import RESERVE, VIOLATION_TURN

_POSITION_INPUT: Final = schemas.PositionInput()
_TURN: Final = schemas.Turn()
# Any, not Origin: a square field is a marshmallow String for the document, but loads a
# square's number, and the compiled engine would check that what it loads is a str.
_ORIGIN: Final[Any] = schemas.Origin("")


# ------------------------------------------------------------------ the answers' values


class RemovalsAnswer(NamedTuple):
    removals: tuple[Removal, ...]


class PlacementsAnswer(NamedTuple):
    squares: tuple[Square, ...]


class ReachAnswer(NamedTuple):
    reachable: tuple[Reach, ...]


class CapturesAnswer(NamedTuple):
    captures: tuple[Capture, ...]


class GoalAnswer(NamedTuple):
    seats: tuple[GoalStatus, ...]
    game_over: bool
    winners: tuple[str, ...]


class Handed(NamedTuple):
    """The handover answer's value: the position after it."""

    position: Position


class BoardSquare(NamedTuple):
    """One square of the board, as the board answer lists it."""

    square: Square
    file: str
    rank: int
    territory: Territory
    ring: int


class Layout(NamedTuple):
    """The play area and entry rows of one player count."""

    players: int
    board: str
    play_area: tuple[Square, ...]
    entry_rows: Mapping[Territory, tuple[Square, ...]]


class Board(NamedTuple):
    """The board answer's value (B1–B4, M9)."""

    squares: tuple[BoardSquare, ...]
    clockwise: tuple[Territory, ...]
    layouts: tuple[Layout, ...]


LAYOUTS: Final = (
    (2, "8x8", Rules()),
    (2, "6x6", Rules(two_player_board=TwoPlayerBoard.SIX)),
    (3, "8x8", Rules()),
    (4, "10x10", Rules()),
)
"""(players, size of the play area, the rules that shape it), in the order the board answer lists them."""

@cache
def board() -> Board:
    """The board as :class:`~service.terra_turrium.wire.schemas.BoardAnswer` dumps it: the same
    for every game."""
    return Board(
        tuple(BoardSquare(s, name[0], int(name[1:]), TERRITORY[s], RING[s])
              for s, name in zip(SQUARES, SQUARE_NAMES, strict=True)),
        CLOCKWISE,
        tuple(
            Layout(players, size, board_order(play_area(players, rules)),
                   {t: entry_row(t, players, rules) for t in CLOCKWISE})
            for players, size, rules in LAYOUTS
        ),
    )


# ---------------------------------------------------------------------------- reading


def read_position(data: object) -> Position:
    """A :class:`Position` from its JSON form (:class:`~service.terra_turrium.wire.schemas.PositionInput`),
    its shape checked but not its structure.

    Raises :class:`~service.common.MalformedError` naming every problem found.
    Turrians are stored in board order, territories in clockwise order.
    """
    position: Position = load(_POSITION_INPUT, data)
    return position


def parse_position(data: object) -> Position:
    """A :class:`Position` from its JSON form (the contract's ``Position``), checked.

    Raises :class:`~service.common.MalformedError` when the data does not have the
    contract's shape and :class:`~service.common.InvalidPositionError` when it breaks a
    structural rule (:func:`~service.terra_turrium.check.check_position`).
    """
    position = read_position(data)
    check_position(position)
    return position


def parse_origin(value: object) -> Square | None:
    """Where a walk starts (a ``from`` member): a square, or ``None`` for ``"reserve"``.

    >>> parse_origin("c7"), parse_origin("reserve")
    (62, None)
    """
    try:
        found: Any = _ORIGIN.deserialize(value)
    except ValidationError as error:
        raise MalformedError(problems=problems(error.messages, value)) from None
    origin: Square | None = found
    return origin


def parse_turn_plan(data: object) -> TurnPlan:
    """A :class:`~service.terra_turrium.actions.TurnPlan` from its JSON form (the contract's ``Turn``,
    :class:`~service.terra_turrium.wire.schemas.Turn`); every list is optional. Raises
    :class:`~service.common.MalformedError`."""
    plan: TurnPlan = load(_TURN, data)
    return plan


# ---------------------------------------------------------------------------- writing


def origin_name(origin: Square | None) -> str:
    """A walk's start in the contract's terms: a square name or ``"reserve"``."""
    return RESERVE if origin is None else square_name(origin)


rules_to_dict: Final = dumper(schemas.RulesSchema, "Every option with its value.")
position_to_dict: Final = dumper(
    schemas.PositionAnswer,
    "The JSON form of a position (the contract's ``Position``), every member written out.",
)
turn_plan_to_dict: Final = dumper(
    schemas.SuggestedTurn, "The JSON form of a :class:`~service.terra_turrium.actions.TurnPlan`."
)
_EVENT: Any = schemas.ApplyAnswer._declared_fields["events"].inner  # type: ignore[attr-defined]


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event: ``type`` and ``seat``, then only the members its type has."""
    written: dict[str, Any] = _EVENT._serialize(event, None, None)
    return written


violation_to_dict: Final = dumper(
    schemas.ViolationSchema,
    "The ``violation`` member; ``step`` only where the violation is one step of a path.",
)
removal_to_dict: Final = dumper(schemas.RemovalSchema)
reach_to_dict: Final = dumper(schemas.ReachSchema)
capture_to_dict: Final = dumper(schemas.CaptureSchema)
goal_status_to_dict: Final = dumper(schemas.GoalSeat)
_BOARD: Final = dumper(schemas.BoardAnswer)


def board_to_dict() -> dict[str, Any]:
    """The geometry (B1–B4, M9): every square with its file, rank, territory and ring,
    the territories clockwise, and each player count's play area and entry rows.

    >>> b = board_to_dict()
    >>> b["squares"][11], b["layouts"][0]["entry_rows"]["NW"][:4]
    ({'square': 'b2', 'file': 'b', 'rank': 2, 'territory': 'SW', 'ring': 1}, ['b6', 'b7', 'b8', 'b9'])
    """
    written: dict[str, Any] = _BOARD(board())
    return written


__all__ = [
    "RESERVE",
    "SEAT_ID_PATTERN",
    "VIOLATION_TURN",
    "board_to_dict",
    "capture_to_dict",
    "event_to_dict",
    "goal_status_to_dict",
    "is_seat_id",
    "origin_name",
    "parse_origin",
    "parse_position",
    "parse_turn_plan",
    "position_to_dict",
    "reach_to_dict",
    "read_position",
    "removal_to_dict",
    "rules_to_dict",
    "turn_plan_to_dict",
    "violation_to_dict",
]
