"""Shape checks for JSON input: the engine's own guard when used as a library.

Each ``expect_*`` returns the value converted, or raises :class:`MalformedError` with a
JSON pointer (``where``) to the offending value.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, Final

from service.rules.board import Square, parse_square
from service.rules.errors import MalformedError

SEAT_ID_PATTERN: Final = "^[a-z][a-z0-9_-]{0,15}$"


def is_seat_id(value: object) -> bool:
    """Whether ``value`` matches :data:`SEAT_ID_PATTERN`."""
    if not isinstance(value, str) or not 1 <= len(value) <= 16:
        return False
    head, tail = value[0], value[1:]
    return "a" <= head <= "z" and all(c.isdigit() or "a" <= c <= "z" or c in "_-" for c in tail)


def expect_int(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    # bool is an int in Python but never a count in the contract.
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedError("must be an integer", where)
    if value < low or (high is not None and value > high):
        bound = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise MalformedError(f"must be {bound}", where)
    return value


def expect_list(value: object, where: str) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        raise MalformedError("must be an array", where)
    return value


def expect_square(value: object, where: str) -> Square:
    if not isinstance(value, str):
        raise MalformedError("must be a square name a1 … j10", where)
    try:
        return parse_square(value)
    except MalformedError as exc:
        raise MalformedError(exc.detail, where) from None


def expect_enum(kind: type[enum.Enum], value: object, where: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in kind)
        raise MalformedError(f"must be one of {allowed}", where) from None


def expect_object(value: object, where: str, required: set[str], allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise MalformedError("must be an object", where)
    for key in value:
        if key not in allowed:
            raise MalformedError(f"unknown field {key!r}", f"{where}/{key}")
    for key in sorted(required):
        if key not in value:
            raise MalformedError("is required", f"{where}/{key}")
    return value
