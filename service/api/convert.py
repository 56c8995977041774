"""Between the contract's JSON and the engine's objects.

Each kind of input has exactly one ``load_*`` function, so a second form of it (a
position's notation string, docs/notation.md) is read in one place. The loaders take input that the
schemas have already checked and give the engine's errors pointers relative to the
request body (``/position/seats/0/turrians/2``). The ``dump_*`` functions write the
engine's answers in the contract's terms: square names, enum values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from service.render import Highlights, HighlightStyle
from service.rules import (
    Capture,
    GoalStatus,
    InvalidPositionError,
    MalformedError,
    Position,
    Reach,
    Removal,
    Square,
    Turn,
    Violation,
    parse_position,
    parse_square,
    parse_turn,
    position_to_dict,
    square_name,
)
from service.rules.notation import parse_notation, write_notation

RESERVE = "reserve"


def load_position(data: Mapping[str, Any] | str) -> Position:
    """The ``position`` member of a request, its object or its notation (docs/notation.md),
    as a :class:`Position` (structural rules checked).

    A notation's errors point where the object's would (``/position/seats/0/attacks``):
    at the member of the position that the faulty part of the string encodes.
    """
    try:
        return parse_notation(data) if isinstance(data, str) else parse_position(data)
    except MalformedError as exc:
        raise MalformedError(exc.detail, "/position" + exc.field) from exc
    except InvalidPositionError as exc:
        raise InvalidPositionError(exc.rule, exc.detail, "/position" + exc.field) from exc


def load_turn(data: Mapping[str, Any]) -> Turn:
    """The ``turn`` member of a request as a :class:`Turn`."""
    try:
        return parse_turn(data)
    except MalformedError as exc:
        raise MalformedError(exc.detail, "/turn" + exc.field) from exc


def load_origin(name: str) -> Square | None:
    """A ``from`` member: a square, or ``None`` for ``"reserve"``."""
    return None if name == RESERVE else parse_square(name)


def load_marks(data: Iterable[Mapping[str, Any]]) -> Highlights:
    """The ``squares`` member of a render request: a style per square and the labels given;
    a later entry for the same square wins."""
    styles: dict[Square, HighlightStyle] = {}
    labels: dict[Square, str] = {}
    for mark in data:
        square = parse_square(mark["square"])
        styles[square] = HighlightStyle(mark["style"])
        if "label" in mark:
            labels[square] = mark["label"]
    return Highlights(squares=styles, labels=labels)


def dump_position(position: Position) -> dict[str, Any]:
    """A position in the contract's form, every optional member written out."""
    return position_to_dict(position)


def dump_notation(position: Position) -> str:
    """A position in its canonical notation (docs/notation.md)."""
    return write_notation(position)


def _names(squares: tuple[Square, ...]) -> list[str]:
    return [square_name(s) for s in squares]


def dump_origin(origin: Square | None) -> str:
    return RESERVE if origin is None else square_name(origin)


def dump_removal(removal: Removal) -> dict[str, Any]:
    return {
        "square": square_name(removal.square),
        "territory": removal.territory.value,
        "height": removal.height,
        "rule": removal.rule.value,
    }


def dump_reach(reach: Reach) -> dict[str, Any]:
    return {
        "square": square_name(reach.square),
        "cost": reach.cost,
        "path": _names(reach.path),
        "captures": _names(reach.captures),
    }


def dump_capture(capture: Capture) -> dict[str, Any]:
    return {
        "from": dump_origin(capture.origin),
        "target": square_name(capture.target),
        "victim": capture.victim,
        "cost": capture.cost,
        "path": _names(capture.path),
        "kind": capture.kind.value,
    }


def dump_goal_status(status: GoalStatus) -> dict[str, Any]:
    return {
        "id": status.seat,
        "goal_met": status.goal_met,
        "heights": list(status.heights),
        "missing": list(status.missing),
    }


def dump_violation(violation: Violation) -> dict[str, Any]:
    """The ``violation`` member; ``step`` only where the violation is one step of a path."""
    out: dict[str, Any] = {
        "rule": violation.rule,
        "phase": violation.phase,
        "index": violation.index,
        "detail": violation.detail,
    }
    if violation.step is not None:
        out["step"] = violation.step
    return out
