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

from service.common import wire
from service.common.grid import board_order
from service.common.refusal import N_
from service.common.wire import (
    Choice,
    Flag,
    Integer,
    Keyed,
    ListOf,
    Member,
    Obj,
    OrNone,
    Readings,
    Tag,
    Text,
    Variants,
    Word,
)
from service.terra_turrium.actions import CaptureKind, Event, EventType, Segment, TurnPlan, Violation
from service.terra_turrium.board import (
    CLOCKWISE,
    FILE_NAMES,
    GRID,
    RING,
    SIZE,
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
from service.terra_turrium.goal import GOAL_HEIGHTS, GoalStatus
from service.terra_turrium.move import Capture, Reach
from service.terra_turrium.position import (
    MAX_ATTACKS,
    MAX_HEIGHT,
    MOVEMENT_POINTS,
    POSITION,
    RULES,
    SEAT_ID,
    SEAT_ID_PATTERN,
    SQUARE,
    SQUARE_DOC,
    SQUARES_IN_ORDER,
    TERRITORY_KIND,
    Phase,
    Position,
    Rules,
    TwoPlayerBoard,
    is_seat_id,
)
from service.terra_turrium.take import Removal, RemovalRule

RESERVE: Final = "reserve"
"""How the contract names the reserve as the start of a walk (M9)."""

_ORIGIN_WORDS: Final = N_("a square a1 … {last} or 'reserve'")(last=SQUARE_NAMES[-1])

VIOLATION_TURN: Final = "turn"
"""The ``phase`` of a violation of the turn as a whole."""


# --------------------------------------------------------------------------- the statement
#
# Each shape's members, stated once: the readers and writers below walk these tables,
# and the HTTP layer turns them into the document's schemas (service/api/terra_turrium).
# A position's own members are stated on its types' fields (the position module's
# SEAT, RULES, TURN_STATE and POSITION); the turn's and the answers' here.

ORIGIN: Final = OrNone(wire.Square(GRID, _ORIGIN_WORDS), RESERVE)


SEGMENT: Final = Obj("Segment", "One turrian's walk along adjacent squares.", (
    Member("from", ORIGIN, f"The turrian's square, or `{RESERVE}` (then `path[0]` is the entry square, M9).",
           attribute="origin"),
    Member("path", ListOf(SQUARE, SQUARE_DOC, low=1), "The squares stepped on, in order."),
), Segment)

TURN: Final = Obj("Turn", "The actions of the rest of a turn, per phase and in order; every list is optional.", (
    Member("take", SQUARES_IN_ORDER, "Squares whose top stone is taken, in order (R).", default=()),
    Member("place", SQUARES_IN_ORDER, "Squares a stone is placed on, in order (P).", default=()),
    Member("move", ListOf(SEGMENT), "Walks, in order (M).", default=()),
), TurnPlan)

# ------------------------------------------------------------ the answers' statement


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


REMOVAL: Final = Obj("Removal", "A square whose top stone may be taken next.", (
    Member("square", SQUARE, SQUARE_DOC),
    Member("territory", TERRITORY_KIND, "Its territory (B3)."),
    Member("height", Integer(1, MAX_HEIGHT), "The square's height before taking."),
    Member("rule", Choice(RemovalRule), "Own territory (R3) or outside (R5)."),
), Removal)

REMOVALS_ANSWER: Final = Obj("RemovalsAnswer", "Every square whose top stone `to_move` may take next (R1–R7), "
                             "in board order.", (Member("removals", ListOf(REMOVAL)),), RemovalsAnswer)

PLACEMENTS_ANSWER: Final = Obj("PlacementsAnswer", "Every square a stone may be placed on (P2), in board order.", (
    Member("squares", SQUARES_IN_ORDER, "Squares, in board order."),
), PlacementsAnswer)

REACH: Final = Obj("Reach", "A square the turrian can end on, with its cheapest cost and one cheapest path.", (
    Member("square", SQUARE, SQUARE_DOC),
    Member("cost", Integer(1, MOVEMENT_POINTS), "Points: steps, capture surcharges (M7) and re-entry (M9)."),
    Member("path", SQUARES_IN_ORDER, f"The squares after `from` (for `{RESERVE}`, the entry square first)."),
    Member("captures", SQUARES_IN_ORDER, "Squares on the path where a foreign turrian is captured."),
), Reach)

REACH_ANSWER: Final = Obj("ReachAnswer", "Every square the turrian can end on within the points, in board order.",
                          (Member("reachable", ListOf(REACH)),), ReachAnswer)

CAPTURE: Final = Obj("Capture", "The cheapest way for one turrian to capture one foreign turrian.", (
    Member("from", ORIGIN, f"The capturing turrian's square, or `{RESERVE}`.", attribute="origin"),
    Member("target", SQUARE, SQUARE_DOC),
    Member("victim", SEAT_ID, "The seat whose turrian is captured."),
    Member("cost", Integer(1, MOVEMENT_POINTS), "Points the capture costs, steps included."),
    Member("path", SQUARES_IN_ORDER, "The squares after `from`, ending on `target`."),
    Member("kind", Choice(CaptureKind), "Foreign territory: attack; own: defence (M8)."),
), Capture)

CAPTURES_ANSWER: Final = Obj("CapturesAnswer", "Every capture within the points, by turrian (board order, reserve "
                             "last), then target.", (Member("captures", ListOf(CAPTURE)),), CapturesAnswer)

GOAL_SEAT: Final = Obj("GoalSeat", "One seat's progress towards the goal.", (
    Member("id", SEAT_ID, "The seat.", attribute="seat"),
    Member("goal_met", Flag(), "The seat meets the goal now (G1 / G2)."),
    Member("heights", ListOf(Integer(0, MAX_HEIGHT), "A height."), "Heights its turrians stand on, sorted."),
    Member("missing", ListOf(Integer(min(min(h) for h in GOAL_HEIGHTS.values())), "A goal height."),
           "Goal heights it lacks."),
), GoalStatus)

GOAL_ANSWER: Final = Obj("GoalAnswer", "Per seat whether it meets the goal, and whether the game is over (G1–G4).", (
    Member("seats", ListOf(GOAL_SEAT)),
    Member("game_over", Flag(), "The final round is complete (G3)."),
    Member("winners", ListOf(SEAT_ID, "A winner."), "The seats that finished, once the game is over."),
), GoalAnswer)

VIOLATION: Final = Obj("Violation", "The first illegal action of a turn.", (
    Member("rule", Text(), "The rule id it breaks, an anchor of /rules (`/rules#R4`)."),
    Member("phase", OrNone(Choice(Phase), VIOLATION_TURN), f"Its phase (`{VIOLATION_TURN}`: the turn as a whole)."),
    Member("index", Integer(0), "Its position in its phase's list."),
    Member("detail", Text(), "A sentence a player understands."),
    Member("step", Integer(0), "For a walk: the index in `path` of the offending square (absent otherwise).",
           omit=True),
    Member("interpretations", Readings(), omit=True),
), Violation)


def _event(type_: EventType, doc: str, *members: Member) -> Obj:
    name = "".join(part.title() for part in type_.value.split("_")) + "Event"
    return Obj(name, doc, (
        Member("type", Tag(type_), "What happened."),
        Member("seat", SEAT_ID, "The seat it happened to or by."),
        *members,
        # Stated for every type: which types name readings depends on the options.
        Member("interpretations", Readings(), omit=True),
    ), Event)


EVENT: Final = Variants("Event", "type", {
    EventType.TAKE: _event(EventType.TAKE, "A stone was taken (R).", Member("square", SQUARE, SQUARE_DOC)),
    EventType.PLACE: _event(EventType.PLACE, "A stone was placed (P).", Member("square", SQUARE, SQUARE_DOC),
                            Member("bonus", Flag(), "A handicap stone (P3).")),
    EventType.ENTER: _event(EventType.ENTER, "A reserve turrian re-entered (M9).", Member("square", SQUARE, SQUARE_DOC)),
    EventType.MOVE: _event(EventType.MOVE, "A walk ended (M).",
                           Member("square", SQUARE, "Where it ended."),
                           Member("origin", ORIGIN, f"Its start square, or `{RESERVE}`."),
                           Member("cost", Integer(1, MOVEMENT_POINTS), "Points spent on the walk.")),
    EventType.CAPTURE: _event(EventType.CAPTURE, "A foreign turrian was captured (M6).",
                              Member("square", SQUARE, SQUARE_DOC),
                              Member("victim", SEAT_ID, "The seat whose turrian was captured."),
                              Member("kind", Choice(CaptureKind), "M8.")),
    EventType.ATTACK: _event(EventType.ATTACK, "The attack counter rose (M8).",
                             Member("attacks", Integer(1, MAX_ATTACKS), "The new counter.")),
    EventType.HOLD: _event(EventType.HOLD, "The pro goal was met and its towers recorded (G2).",
                           Member("squares", SQUARES_IN_ORDER, "The recorded `pro_hold`.")),
    EventType.HOLD_LOST: _event(EventType.HOLD_LOST, "A recorded hold was lost (G2)."),
    EventType.CAPTURES_USED: _event(EventType.CAPTURES_USED, "The seat made its last capture (V3)."),
    EventType.CAPTURES_OPEN: _event(EventType.CAPTURES_OPEN, "The seat opened the capture phase (V2)."),
    EventType.FINISH: _event(EventType.FINISH, "The seat finished (G3, G4)."),
    EventType.GAME_OVER: _event(EventType.GAME_OVER, "The game is over (G3).",
                                Member("winners", ListOf(SEAT_ID, "A winner."))),
})


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

BOARD_ANSWER: Final = Obj("BoardAnswer", "The geometry of the board (B1–B4, M9).", (
    Member("squares", ListOf(Obj("BoardSquare", f"One square of the {SIZE} × {SIZE} grid.", (
        Member("square", SQUARE, SQUARE_DOC),
        Member("file", Word(tuple(FILE_NAMES)), "West to east."),
        Member("rank", Integer(1, SIZE), "South to north."),
        Member("territory", TERRITORY_KIND, "B3."),
        Member("ring", Integer(0, SIZE // 2 - 1), "Distance to the nearest edge (B2)."),
    ), BoardSquare)), "In board order."),
    Member("clockwise", ListOf(TERRITORY_KIND, "A territory."), "Territories in clockwise order."),
    Member("layouts", ListOf(Obj("Layout", "The play area and entry rows of one player count (B4, M9).", (
        Member("players", Integer(2, 4), "Player count."),
        Member("board", Word(("10x10", "8x8", "6x6")), "Size of the play area."),
        Member("play_area", SQUARES_IN_ORDER, "The squares in play, in board order."),
        Member("entry_rows", Keyed("EntryRows", "Per territory, the squares where a reserve turrian re-enters (M9).",
                                   Territory, SQUARES_IN_ORDER, "A territory's entry row.")),
    ), Layout))),
), Board)


@cache
def board() -> Board:
    """The board as :data:`BOARD_ANSWER` writes it: the same for every game."""
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
    """A :class:`Position` from its JSON form (:data:`POSITION`), its shape checked but
    not its structure.

    Raises :class:`~service.common.MalformedError` naming every problem found.
    Turrians are stored in board order, territories in clockwise order.
    """
    position: Position = wire.read(POSITION, data)
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
    origin: Square | None = wire.read(ORIGIN, value)
    return origin


def parse_turn_plan(data: object) -> TurnPlan:
    """A :class:`~service.terra_turrium.actions.TurnPlan` from its JSON form (the contract's ``Turn``,
    :data:`TURN`); every list is optional. Raises :class:`~service.common.MalformedError`."""
    plan: TurnPlan = wire.read(TURN, data)
    return plan


# ---------------------------------------------------------------------------- writing


def origin_name(origin: Square | None) -> str:
    """A walk's start in the contract's terms: a square name or ``"reserve"``."""
    return RESERVE if origin is None else square_name(origin)


rules_to_dict: Final = wire.writer(RULES, Rules, 'Every option with its value.')
position_to_dict: Final = wire.writer(
    POSITION, Position, "The JSON form of a position (the contract's ``Position``), every member written out."
)
turn_plan_to_dict: Final = wire.writer(
    TURN, TurnPlan, 'The JSON form of a :class:`~service.terra_turrium.actions.TurnPlan`.'
)
event_to_dict: Final = wire.writer(
    EVENT, Event, 'An event: ``type`` and ``seat``, then only the members its type has.'
)
violation_to_dict: Final = wire.writer(
    VIOLATION, Violation, 'The ``violation`` member; ``step`` only where the violation is one step of a path.'
)
removal_to_dict: Final = wire.writer(REMOVAL, Removal)
reach_to_dict: Final = wire.writer(REACH, Reach)
capture_to_dict: Final = wire.writer(CAPTURE, Capture)
goal_status_to_dict: Final = wire.writer(GOAL_SEAT, GoalStatus)


def board_to_dict() -> dict[str, Any]:
    """The geometry (B1–B4, M9): every square with its file, rank, territory and ring,
    the territories clockwise, and each player count's play area and entry rows.

    >>> b = board_to_dict()
    >>> b["squares"][11], b["layouts"][0]["entry_rows"]["NW"][:4]
    ({'square': 'b2', 'file': 'b', 'rank': 2, 'territory': 'SW', 'ring': 1}, ['b6', 'b7', 'b8', 'b9'])
    """
    written: dict[str, Any] = BOARD_ANSWER.write(board())
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
