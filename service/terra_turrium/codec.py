"""Between the contract's JSON and the engine's values.

``parse_*`` read JSON (as decoded by :func:`json.loads`) into engine values, checking its
shape on the way: a :class:`~service.common.MalformedError` names every problem it
found (up to :data:`~service.common.MAX_PROBLEMS`) with a JSON pointer relative to the
value read. :func:`parse_position` then checks the structural rules
(:func:`~service.terra_turrium.position.check_position`, an
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

import re
from collections.abc import Sequence
from itertools import chain
from typing import Any, Final

from service.common import Shape
from service.common.grid import A_SQUARE
from service.common.refusal import N_
from service.common.shapes import MUST_BE, MUST_BE_ONE_OF
from service.terra_turrium.actions import Event, EventType, Segment, TurnPlan, Violation
from service.terra_turrium.board import (
    CLOCKWISE,
    SIZE,
    SQUARE_BY_NAME,
    SQUARE_NAMES,
    Square,
    Territory,
    square_name,
)
from service.terra_turrium.goal import GoalStatus
from service.terra_turrium.move import Capture, Reach
from service.terra_turrium.options import OPTIONS, Rules, option_values
from service.terra_turrium.position import (
    CAPTURES_PER_SEAT,
    MAX_ATTACKS,
    MAX_BONUS_STONES,
    MAX_HEIGHT,
    MOVEMENT_POINTS,
    STONES_PER_TURN,
    Phase,
    Position,
    Seat,
    TurnState,
    check_position,
)
from service.terra_turrium.take import Removal

RESERVE: Final = "reserve"
"""How the contract names the reserve as the start of a walk (M9)."""

SEAT_ID_WORD: Final = "[a-z][a-z0-9_-]{0,15}"
"""A seat id: a lower-case letter, then up to 15 lower-case letters, digits, ``_`` or ``-``."""
SEAT_ID_PATTERN: Final = f"^{SEAT_ID_WORD}$"
_SEAT_ID: Final = re.compile(SEAT_ID_WORD)
"""A seat id (ASCII only)."""

SQUARE_WORDS: Final = A_SQUARE(last=SQUARE_NAMES[-1])
SQUARE_TEXT: Final = str(SQUARE_WORDS)
_ORIGIN_WORDS: Final = N_("a square a1 … {last} or 'reserve'")(last=SQUARE_NAMES[-1])
SEAT_ID_MISMATCH: Final = N_("must be a seat id matching {pattern}")
_TERRITORY_BY_NAME: Final = {t.value: t for t in CLOCKWISE}

_POSITION_REQUIRED: Final = ("heights", "seats", "to_move")
_POSITION_MEMBERS: Final = frozenset(
    {"heights", "seats", "to_move", "round_start", "finishers", "rules", "turn", "captures_open"}
)
_SEAT_REQUIRED: Final = ("id", "territories", "turrians", "attacks")
_SEAT_MEMBERS: Final = frozenset({*_SEAT_REQUIRED, "bonus_stones", "pro_hold", "captures"})
_TURN_MEMBERS: Final = frozenset({"phase", "taken", "in_hand", "points", "attacked"})
_PLAN_MEMBERS: Final = frozenset({"take", "place", "move"})
_SEGMENT_MEMBERS: Final = ("from", "path")
_RULE_MEMBERS: Final = frozenset(option.name for option in OPTIONS)


def is_seat_id(value: object) -> bool:
    """Whether ``value`` matches :data:`SEAT_ID_PATTERN` (ASCII letters and digits only).

    >>> is_seat_id("yellow"), is_seat_id("y٣"), is_seat_id("Yellow")
    (True, False, False)
    """
    return type(value) is str and _SEAT_ID.fullmatch(value) is not None


# ---------------------------------------------------------------------------- reading


def _square(shape: Shape, value: object, where: str) -> Square | None:
    return shape.lookup(SQUARE_BY_NAME, value, where, SQUARE_WORDS)


def _squares(shape: Shape, value: object, where: str, low: int = 0) -> tuple[Square, ...] | None:
    items = shape.array(value, where, low)
    if items is None:
        return None
    found = [SQUARE_BY_NAME.get(s) if type(s) is str else None for s in items]
    if None not in found:
        return tuple(found)  # type: ignore[arg-type]
    for i, square in enumerate(found):
        if square is None:
            shape.fail(f"{where}/{i}", MUST_BE(what=SQUARE_WORDS))
    return None


def _seat_id(shape: Shape, value: object, where: str) -> str | None:
    if is_seat_id(value):
        return value  # type: ignore[return-value]
    shape.fail(where, SEAT_ID_MISMATCH(pattern=SEAT_ID_PATTERN))
    return None


def _plain_heights(value: object) -> tuple[int, ...] | None:
    """The usual, well-formed grid, checked in a few C-level passes; ``None`` if anything
    is off (the full reading then names every problem)."""
    if type(value) is not list or len(value) != SIZE:
        return None
    if set(map(type, value)) != {list} or set(map(len, value)) != {SIZE}:
        return None
    flat = list(chain.from_iterable(value))
    if set(map(type, flat)) != {int}:
        return None
    try:
        bytes(flat)  # every height within 0 … 255, in one C-level pass without comparisons
    except ValueError:
        if min(flat) < 0 or max(flat) > MAX_HEIGHT:
            return None
    return tuple(flat)


def _heights(shape: Shape, value: object) -> tuple[int, ...] | None:
    plain = _plain_heights(value)
    if plain is not None:
        return plain
    found = len(shape.problems)
    rows = shape.array(value, "/heights", SIZE, SIZE)
    flat = []
    for r, row in enumerate(rows or ()):
        cells = shape.array(row, f"/heights/{r}", SIZE, SIZE)
        for f, height in enumerate(cells or ()):
            flat.append(shape.integer(height, f"/heights/{r}/{f}", 0, MAX_HEIGHT))
    return tuple(flat) if rows is not None and len(shape.problems) == found else None  # type: ignore[arg-type]


def _territories(shape: Shape, value: object, where: str) -> tuple[Territory, ...] | None:
    items = shape.array(value, where)
    if items is None:
        return None
    found = [_TERRITORY_BY_NAME.get(t) if type(t) is str else None for t in items]
    if None in found:
        for i, t in enumerate(found):
            if t is None:
                shape.fail(f"{where}/{i}", MUST_BE_ONE_OF(allowed="NW, NE, SE, SW"))
        return None
    if len(found) > 1:
        found.sort(key=CLOCKWISE.index)
    return tuple(found)  # type: ignore[arg-type]


def _plain_squares(value: object) -> tuple[Square, ...] | None:
    """A list of square names, if it is one; ``None`` for anything else."""
    if type(value) is not list:
        return None
    try:
        # One C-level pass: a name that is not a square is a KeyError, a list or an
        # object a TypeError (1.0 and true are no keys either).
        return tuple(map(SQUARE_BY_NAME.__getitem__, value))
    except (KeyError, TypeError):
        return None


def _plain_seat(data: object) -> Seat | None:
    """The usual, well-formed seat, read without writing a pointer; ``None`` if anything is
    off (the full reading then names every problem)."""
    if type(data) is not dict or not _SEAT_MEMBERS.issuperset(data) or len(data) < len(_SEAT_REQUIRED):
        return None
    get = data.get
    seat_id, attacks = get("id"), get("attacks")
    bonus, captures = get("bonus_stones", 0), get("captures", 0)
    if (
        not is_seat_id(seat_id)
        or type(attacks) is not int
        or not 0 <= attacks <= MAX_ATTACKS
        or type(bonus) is not int
        or not 0 <= bonus <= MAX_BONUS_STONES
        or type(captures) is not int
        or not 0 <= captures <= CAPTURES_PER_SEAT
    ):
        return None
    territories, turrians, hold = get("territories"), get("turrians"), get("pro_hold")
    if type(territories) is not list or type(turrians) is not list:
        return None
    try:
        owned = tuple(map(_TERRITORY_BY_NAME.__getitem__, territories))
        standing = tuple(sorted(map(SQUARE_BY_NAME.__getitem__, turrians)))
    except (KeyError, TypeError):
        return None
    pro_hold = None if hold is None else _plain_squares(hold)
    if hold is not None and pro_hold is None:
        return None
    if len(owned) > 1:
        owned = tuple(sorted(owned, key=CLOCKWISE.index))
    return Seat(seat_id, owned, standing, attacks, bonus, pro_hold, captures)  # type: ignore[arg-type]


def _seat(shape: Shape, value: object, where: str) -> Seat | None:
    plain = _plain_seat(value)
    return plain if plain is not None else _read_seat(shape, value, where)


def _read_seat(shape: Shape, value: object, where: str) -> Seat | None:
    """A seat read member by member, every problem recorded with its pointer."""
    found = len(shape.problems)
    data = shape.obj(value, where, _SEAT_REQUIRED, _SEAT_MEMBERS)
    if data is None:
        return None
    seat_id = _seat_id(shape, data["id"], f"{where}/id") if "id" in data else None
    territories = _territories(shape, data["territories"], f"{where}/territories") if "territories" in data else None
    turrians = _squares(shape, data["turrians"], f"{where}/turrians") if "turrians" in data else None
    attacks = shape.integer(data["attacks"], f"{where}/attacks", 0, MAX_ATTACKS) if "attacks" in data else None
    bonus = data.get("bonus_stones", 0)
    if type(bonus) is not int or not 0 <= bonus <= MAX_BONUS_STONES:
        shape.integer(bonus, f"{where}/bonus_stones", 0, MAX_BONUS_STONES)
    hold = data.get("pro_hold")
    pro_hold = None if hold is None else _squares(shape, hold, f"{where}/pro_hold")
    captures = data.get("captures", 0)
    if type(captures) is not int or not 0 <= captures <= CAPTURES_PER_SEAT:
        shape.integer(captures, f"{where}/captures", 0, CAPTURES_PER_SEAT)
    if len(shape.problems) > found:
        return None
    if len(turrians) > 1:  # type: ignore[arg-type]
        turrians = tuple(sorted(turrians))  # type: ignore[arg-type]
    return Seat(seat_id, territories, turrians, attacks, bonus, pro_hold, captures)  # type: ignore[arg-type]


#: Per option, its values by their JSON value (a bool option's ``true`` and ``false``).
_OPTION_VALUES: Final = {
    option.name: {(v if isinstance(v, bool) else v.value): v for v in option_values(option)} for option in OPTIONS
}
_OPTION_TYPES: Final = frozenset({str, bool})


#: Rules read from the JSON objects that name them, by the object's members in order
#: (the objects a client sends are few: it sends the same options again and again).
_RULES_READ: Final[dict[tuple[tuple[str, str | bool], ...], Rules]] = {}
_RULES_READ_MAX: Final = 1024


def _plain_rules(value: object) -> Rules | None:
    """The usual ``rules``: every option named by a value it has; ``None`` if anything is
    off (the full reading then names every problem)."""
    if type(value) is not dict or not _RULE_MEMBERS.issuperset(value):
        return None
    # Only strings and booleans are looked up, since 1 == True would find a boolean
    # option's value (and a key with 1 the rules read for true).
    if not _OPTION_TYPES.issuperset(map(type, value.values())):
        return None
    key = tuple(value.items())
    found = _RULES_READ.get(key)
    if found is not None:
        return found
    named: dict[str, Any] = {}
    for name, raw in key:
        option = _OPTION_VALUES[name].get(raw)
        if option is None:
            return None
        named[name] = option
    found = Rules(**named)
    if len(_RULES_READ) < _RULES_READ_MAX:
        _RULES_READ[key] = found
    return found


def _rules(shape: Shape, value: object) -> Rules | None:
    plain = _plain_rules(value)
    if plain is not None:
        return plain
    data = shape.obj(value, "/rules", (), _RULE_MEMBERS)
    if data is None:
        return None
    if not data:
        return Rules()
    chosen: dict[str, Any] = {}
    for option in OPTIONS:
        if option.name in data:
            where = f"/rules/{option.name}"
            raw = data[option.name]
            if type(option.default) is bool:
                chosen[option.name] = shape.boolean(raw, where)
            else:
                chosen[option.name] = shape.member(type(option.default), raw, where)
    if None in chosen.values():
        return None
    return Rules(**chosen)


_PHASE_BY_VALUE: Final = {p.value: p for p in Phase}


def _plain_turn_state(value: object) -> TurnState | None:
    """The usual ``turn``, read without writing a pointer; ``None`` if anything is off."""
    if type(value) is not dict or not _TURN_MEMBERS.issuperset(value):
        return None
    raw_phase = value.get("phase", "take")
    phase = _PHASE_BY_VALUE.get(raw_phase) if type(raw_phase) is str else None
    taken = _plain_squares(value.get("taken", []))
    in_hand, points = value.get("in_hand", 0), value.get("points", MOVEMENT_POINTS)
    attacked = value.get("attacked", False)
    if (
        phase is not None
        and taken is not None
        and type(in_hand) is int
        and 0 <= in_hand <= STONES_PER_TURN
        and type(points) is int
        and 0 <= points <= MOVEMENT_POINTS
        and type(attacked) is bool
    ):
        return TurnState(phase, taken, in_hand, points, attacked)
    return None


def _turn_state(shape: Shape, value: object) -> TurnState | None:
    plain = _plain_turn_state(value)
    if plain is not None:
        return plain
    data = shape.obj(value, "/turn", (), _TURN_MEMBERS)
    if data is None:
        return None
    if not data:
        return TurnState()
    phase = shape.member(Phase, data.get("phase", Phase.TAKE.value), "/turn/phase")
    taken = _squares(shape, data.get("taken", []), "/turn/taken")
    in_hand = shape.integer(data.get("in_hand", 0), "/turn/in_hand", 0, STONES_PER_TURN)
    points = shape.integer(data.get("points", MOVEMENT_POINTS), "/turn/points", 0, MOVEMENT_POINTS)
    attacked = shape.boolean(data.get("attacked", False), "/turn/attacked")
    if phase is None or taken is None or in_hand is None or points is None or attacked is None:
        return None
    return TurnState(phase, taken, in_hand, points, attacked)


def read_position(data: object) -> Position:
    """A :class:`Position` from its JSON form, its shape checked but not its structure.

    Raises :class:`~service.common.MalformedError` naming every problem found.
    Turrians are stored in board order, territories in clockwise order.
    """
    shape = Shape()
    obj = shape.obj(data, "", _POSITION_REQUIRED, _POSITION_MEMBERS)
    if obj is None:
        shape.done()
        raise AssertionError  # done() raised
    heights = _heights(shape, obj["heights"]) if "heights" in obj else None
    raw_seats = shape.array(obj["seats"], "/seats", 2, 4) if "seats" in obj else None
    seats = [_seat(shape, s, f"/seats/{i}") for i, s in enumerate(raw_seats or ())]
    to_move = _seat_id(shape, obj["to_move"], "/to_move") if "to_move" in obj else None
    round_start = _seat_id(shape, obj["round_start"], "/round_start") if "round_start" in obj else None
    finisher_ids = shape.array(obj.get("finishers", []), "/finishers")
    finishers = [_seat_id(shape, s, f"/finishers/{i}") for i, s in enumerate(finisher_ids or ())]
    rules = _rules(shape, obj["rules"]) if "rules" in obj else Rules()
    turn = _turn_state(shape, obj["turn"]) if "turn" in obj else TurnState()
    captures_open = shape.boolean(obj.get("captures_open", False), "/captures_open")
    shape.done()
    assert heights is not None and to_move is not None and rules is not None and turn is not None
    return Position(
        heights=heights,
        seats=tuple(seats),  # type: ignore[arg-type]
        to_move=to_move,
        round_start=round_start if round_start is not None else seats[0].id,  # type: ignore[union-attr]
        finishers=tuple(finishers),  # type: ignore[arg-type]
        rules=rules,
        turn=turn,
        captures_open=bool(captures_open),
    )


def parse_position(data: object) -> Position:
    """A :class:`Position` from its JSON form (the contract's ``Position``), checked.

    Raises :class:`~service.common.MalformedError` when the data does not have the
    contract's shape and :class:`~service.common.InvalidPositionError` when it breaks a
    structural rule (:func:`~service.terra_turrium.position.check_position`).
    """
    position = read_position(data)
    check_position(position)
    return position


def _segment(shape: Shape, value: object, where: str) -> Segment | None:
    found = len(shape.problems)
    data = shape.obj(value, where, _SEGMENT_MEMBERS, _SEGMENT_MEMBERS)
    if data is None:
        return None
    origin = _origin(shape, data["from"], f"{where}/from") if "from" in data else None
    path = _squares(shape, data["path"], f"{where}/path", 1) if "path" in data else None
    if path is None or len(shape.problems) > found:
        return None
    return Segment(origin, path)


def _origin(shape: Shape, value: object, where: str) -> Square | None:
    if value == RESERVE:
        return None
    return shape.lookup(SQUARE_BY_NAME, value, where, _ORIGIN_WORDS)


def parse_origin(value: object) -> Square | None:
    """Where a walk starts (a ``from`` member): a square, or ``None`` for ``"reserve"``.

    >>> parse_origin("c7"), parse_origin("reserve")
    (62, None)
    """
    shape = Shape()
    origin = _origin(shape, value, "")
    shape.done()
    return origin


_ORIGIN_BY_NAME: Final[dict[str, Square | None]] = {**SQUARE_BY_NAME, RESERVE: None}


def _plain_plan(data: object) -> TurnPlan | None:
    """The usual, well-formed plan, read with C-level lookups and no pointers; ``None`` if
    anything is off (the full reading then names every problem)."""
    if type(data) is not dict or not _PLAN_MEMBERS.issuperset(data):
        return None
    take, place, move = data.get("take", []), data.get("place", []), data.get("move", [])
    if type(take) is not list or type(place) is not list or type(move) is not list:
        return None
    segments = []
    try:
        for segment in move:
            if type(segment) is not dict or len(segment) != 2:
                return None
            path = segment["path"]
            if type(path) is not list or not path:
                return None
            # A name that is no square is a KeyError, a list or an object a TypeError.
            segments.append(Segment(_ORIGIN_BY_NAME[segment["from"]], tuple(map(SQUARE_BY_NAME.__getitem__, path))))
        return TurnPlan(
            tuple(map(SQUARE_BY_NAME.__getitem__, take)), tuple(map(SQUARE_BY_NAME.__getitem__, place)), tuple(segments)
        )
    except (KeyError, TypeError):
        return None


def parse_turn_plan(data: object) -> TurnPlan:
    """A :class:`~service.terra_turrium.actions.TurnPlan` from its JSON form (the contract's ``Turn``);
    every list is optional. Raises :class:`~service.common.MalformedError`."""
    plain = _plain_plan(data)
    return plain if plain is not None else _read_plan(data)


def _read_plan(data: object) -> TurnPlan:
    """A plan read member by member, every problem recorded with its pointer."""
    shape = Shape()
    obj = shape.obj(data, "", (), _PLAN_MEMBERS)
    if obj is None:
        shape.done()
        raise AssertionError
    take = _squares(shape, obj.get("take", []), "/take")
    place = _squares(shape, obj.get("place", []), "/place")
    raw = shape.array(obj.get("move", []), "/move")
    segments = [_segment(shape, s, f"/move/{i}") for i, s in enumerate(raw or ())]
    shape.done()
    return TurnPlan(take or (), place or (), tuple(segments))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- writing
#
# The writers read an enum member's value as ``_value_`` (the attribute Enum keeps it in)
# rather than through the ``value`` property, which costs four times as much on 3.11: an
# answer writes hundreds of them.


def _names(squares: Sequence[Square]) -> list[str]:
    return [square_name(s) for s in squares]


def origin_name(origin: Square | None) -> str:
    """A walk's start in the contract's terms: a square name or ``"reserve"``."""
    return RESERVE if origin is None else square_name(origin)


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every option with its value."""
    return {
        option.name: value if isinstance(value := getattr(rules, option.name), bool) else value.value
        for option in OPTIONS
    }


def seat_to_dict(seat: Seat) -> dict[str, Any]:
    """The JSON form of a seat, every member present."""
    return {
        "id": seat.id,
        "territories": [t._value_ for t in seat.territories],
        "turrians": _names(seat.turrians),
        "attacks": seat.attacks,
        "bonus_stones": seat.bonus_stones,
        "pro_hold": None if seat.pro_hold is None else _names(seat.pro_hold),
        "captures": seat.captures,
    }


def turn_state_to_dict(turn: TurnState) -> dict[str, Any]:
    return {
        "phase": turn.phase._value_,
        "taken": _names(turn.taken),
        "in_hand": turn.in_hand,
        "points": turn.points,
        "attacked": turn.attacked,
    }


def position_to_dict(position: Position) -> dict[str, Any]:
    """The JSON form of a position (the contract's ``Position``), every member written out."""
    heights = position.heights
    return {
        "heights": [list(heights[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)],
        "seats": [seat_to_dict(s) for s in position.seats],
        "to_move": position.to_move,
        "round_start": position.round_start,
        "finishers": list(position.finishers),
        "rules": rules_to_dict(position.rules),
        "turn": turn_state_to_dict(position.turn),
        "captures_open": position.captures_open,
    }


def turn_plan_to_dict(plan: TurnPlan) -> dict[str, Any]:
    """The JSON form of a :class:`~service.terra_turrium.actions.TurnPlan`."""
    return {
        "take": _names(plan.take),
        "place": _names(plan.place),
        "move": [{"from": origin_name(seg.origin), "path": _names(seg.path)} for seg in plan.move],
    }


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event: ``type`` and ``seat``, then only the members its type has."""
    out: dict[str, Any] = {"type": event.type._value_, "seat": event.seat}
    if event.square is not None:
        out["square"] = square_name(event.square)
    if event.type is EventType.MOVE:
        out["origin"] = origin_name(event.origin)
    if event.cost is not None:
        out["cost"] = event.cost
    if event.victim is not None:
        out["victim"] = event.victim
    if event.kind is not None:
        out["kind"] = event.kind._value_
    if event.bonus is not None:
        out["bonus"] = event.bonus
    if event.attacks is not None:
        out["attacks"] = event.attacks
    if event.squares is not None:
        out["squares"] = _names(event.squares)
    if event.winners is not None:
        out["winners"] = list(event.winners)
    if event.interpretations:
        out["interpretations"] = list(event.interpretations)
    return out


VIOLATION_TURN: Final = "turn"
"""The ``phase`` of a violation of the turn as a whole."""


def violation_to_dict(violation: Violation) -> dict[str, Any]:
    """The ``violation`` member; ``step`` only where the violation is one step of a path."""
    out: dict[str, Any] = {
        "rule": violation.rule,
        "phase": VIOLATION_TURN if violation.phase is None else violation.phase.value,
        "index": violation.index,
        "detail": violation.detail,
    }
    if violation.step is not None:
        out["step"] = violation.step
    if violation.interpretations:
        out["interpretations"] = list(violation.interpretations)
    return out


def removal_to_dict(removal: Removal) -> dict[str, Any]:
    return {
        "square": square_name(removal.square),
        "territory": removal.territory._value_,
        "height": removal.height,
        "rule": removal.rule._value_,
    }


def reach_to_dict(reach: Reach) -> dict[str, Any]:
    names = SQUARE_NAMES  # a batch writes thousands of these: the table, not a call per square
    return {
        "square": names[reach.square],
        "cost": reach.cost,
        "path": [names[s] for s in reach.path],
        "captures": [names[s] for s in reach.captures],
    }


def capture_to_dict(capture: Capture) -> dict[str, Any]:
    return {
        "from": origin_name(capture.origin),
        "target": square_name(capture.target),
        "victim": capture.victim,
        "cost": capture.cost,
        "path": _names(capture.path),
        "kind": capture.kind._value_,
    }


def goal_status_to_dict(status: GoalStatus) -> dict[str, Any]:
    return {
        "id": status.seat,
        "goal_met": status.goal_met,
        "heights": list(status.heights),
        "missing": list(status.missing),
    }


__all__ = [
    "RESERVE",
    "SEAT_ID_PATTERN",
    "VIOLATION_TURN",
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
    "seat_to_dict",
    "turn_plan_to_dict",
    "turn_state_to_dict",
    "violation_to_dict",
]
