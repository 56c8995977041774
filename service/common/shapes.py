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
from service.common.refusal import N_, Message, Nn_

# The sentences of every shape mistake, of every game and of the HTTP layer's schemas alike.
MUST_BE_INTEGER = N_("must be an integer")
MUST_BE_BETWEEN = N_("must be between {low} and {high}")
MUST_BE_AT_LEAST = N_("must be at least {low}")
MUST_BE_BOOLEAN = N_("must be a boolean")
MUST_BE_STRING = N_("must be a string")
MUST_BE_ARRAY = N_("must be an array")
MUST_HAVE_ENTRIES = Nn_("must have {count} entry", "must have {count} entries", "count")
MUST_HAVE_AT_LEAST = Nn_("must have at least {count} entry", "must have at least {count} entries", "count")
MUST_HAVE_FROM_TO = N_("must have {low} to {high} entries")
MUST_BE_OBJECT = N_("must be an object")
NOT_A_MEMBER = N_("is not a member of this object")
REQUIRED = N_("is required")
MUST_BE_ONE_OF = N_("must be one of {allowed}")
MUST_BE = N_("must be {what}")
MUST_BE_OR_NULL = N_("must be {most} or null")
MUST_NOT_BE_NULL = N_("must not be null")
NOT_VALID = N_("is not valid")
"""``what``: a :class:`~service.common.refusal.Message` naming what is accepted (a square name …)."""

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
        # ``detail`` is a Text (a message with its values) wherever the sentence is the oracle's.
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
            self.fail(where, MUST_BE_INTEGER())
            return None
        if value < low or (high is not None and value > high):
            self.fail(where, MUST_BE_BETWEEN(low=low, high=high) if high is not None else MUST_BE_AT_LEAST(low=low))
            return None
        return value

    def boolean(self, value: object, where: str) -> bool | None:
        """``true`` or ``false``."""
        if type(value) is not bool:
            self.fail(where, MUST_BE_BOOLEAN())
            return None
        return value

    def array(self, value: object, where: str, low: int = 0, high: int | None = None) -> Sequence[Any] | None:
        """A JSON array with ``low`` … ``high`` entries."""
        if type(value) is not list:
            self.fail(where, MUST_BE_ARRAY())
            return None
        if len(value) < low or (high is not None and len(value) > high):
            if high == low:
                self.fail(where, MUST_HAVE_ENTRIES(count=low))
            elif high is None:
                self.fail(where, MUST_HAVE_AT_LEAST(count=low))
            else:
                self.fail(where, MUST_HAVE_FROM_TO(low=low, high=high))
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
            self.fail(where, MUST_BE_OBJECT())
            return None
        if len(value) > len(required) or any(k not in value for k in required):
            for key in value:
                if key not in allowed:
                    self.fail(f"{where}/{token(key)}", NOT_A_MEMBER())
            for key in required:
                if key not in value:
                    self.fail(f"{where}/{token(key)}", REQUIRED())
        return value

    def member(self, kind: type[E], value: object, where: str) -> E | None:
        """A value of the enum ``kind``, given as its JSON value."""
        try:
            return kind(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in kind)
            self.fail(where, MUST_BE_ONE_OF(allowed=allowed))
            return None

    def lookup(self, table: Mapping[str, V], value: object, where: str, what: str | Message) -> V | None:
        """``table[value]`` for a string ``value``; ``what`` names the accepted strings."""
        if type(value) is str:
            found = table.get(value)
            if found is not None:
                return found
        self.fail(where, MUST_BE(what=what))
        return None
