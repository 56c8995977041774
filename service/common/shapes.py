"""Reading JSON input: the engines' own guard, used as a library and behind HTTP alike.

A :class:`Shape` reads one document. Each ``expect`` method returns the value it read,
or ``None`` after recording a :class:`~service.common.errors.Problem` with the JSON
pointer of the offending value; reading goes on, so one answer names several mistakes,
and stops with :class:`~service.common.errors.MalformedError` once
:data:`~service.common.errors.MAX_PROBLEMS` are found or :meth:`Shape.done` is called.

>>> shape = Shape()
>>> shape.integer(7, "/attacks", 0, 5), shape.integer(True, "/points", 0, 5)
(None, None)
>>> try:
...     shape.done()
... except MalformedError as err:
...     [(p.pointer, p.detail) for p in err.problems]
[('/attacks', 'must be between 0 and 5'), ('/points', 'must be an integer')]
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Mapping, Sequence
from typing import Any, TypeVar

from service.common.errors import MAX_PROBLEMS, MalformedError, Problem

E = TypeVar("E", bound=enum.Enum)
V = TypeVar("V")


def token(key: object) -> str:
    """A member name as one JSON pointer token (RFC 6901: ``~`` and ``/`` escaped)."""
    return str(key).replace("~", "~0").replace("/", "~1")


class Shape:
    """Collects the shape problems of one document, in the order it is read."""

    __slots__ = ("problems",)

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def fail(self, where: str, detail: str) -> None:
        """Record a problem; raise once there are :data:`MAX_PROBLEMS`."""
        self.problems.append(Problem(where, detail))
        if len(self.problems) >= MAX_PROBLEMS:
            raise MalformedError(problems=self.problems)

    @property
    def ok(self) -> bool:
        """No problem so far."""
        return not self.problems

    def done(self) -> None:
        """Raise :class:`MalformedError` if anything was recorded."""
        if self.problems:
            raise MalformedError(problems=self.problems)

    def integer(self, value: object, where: str, low: int = 0, high: int | None = None) -> int | None:
        """A JSON integer in ``low`` … ``high`` (never a boolean or ``1.0``)."""
        if type(value) is not int:
            self.fail(where, "must be an integer")
            return None
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            self.fail(where, f"must be {bound}")
            return None
        return value

    def boolean(self, value: object, where: str) -> bool | None:
        """``true`` or ``false``."""
        if type(value) is not bool:
            self.fail(where, "must be a boolean")
            return None
        return value

    def array(self, value: object, where: str, low: int = 0, high: int | None = None) -> Sequence[Any] | None:
        """A JSON array with ``low`` … ``high`` entries."""
        if type(value) is not list:
            self.fail(where, "must be an array")
            return None
        if len(value) < low or (high is not None and len(value) > high):
            if high == low:
                self.fail(where, f"must have {low} entries")
            elif high is None:
                self.fail(where, f"must have at least {low} entr{'y' if low == 1 else 'ies'}")
            else:
                self.fail(where, f"must have {low} to {high} entries")
            return None
        return value

    def obj(
        self, value: object, where: str, required: Collection[str], allowed: Collection[str]
    ) -> Mapping[str, Any] | None:
        """A JSON object with every ``required`` member and no member beyond ``allowed``.

        Unknown members are named in the order they were sent, missing ones in the order
        of ``required``. The object is returned even then (``None`` only when it is no
        object), so that its other members can be read for further problems.
        """
        if type(value) is not dict:
            self.fail(where, "must be an object")
            return None
        if len(value) > len(required) or any(k not in value for k in required):
            for key in value:
                if key not in allowed:
                    self.fail(f"{where}/{token(key)}", "is not a member of this object")
            for key in required:
                if key not in value:
                    self.fail(f"{where}/{token(key)}", "is required")
        return value

    def member(self, kind: type[E], value: object, where: str) -> E | None:
        """A value of the enum ``kind``, given as its JSON value."""
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in kind)
            self.fail(where, f"must be one of {allowed}")
            return None

    def lookup(self, table: Mapping[str, V], value: object, where: str, what: str) -> V | None:
        """``table[value]`` for a string ``value``; ``what`` names the accepted strings."""
        if type(value) is str:
            found = table.get(value)
            if found is not None:
                return found
        self.fail(where, f"must be {what}")
        return None
