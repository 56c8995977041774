"""The engines' exceptions.

Two families, as in python-chess: input that is not of the contract's shape at all
(:class:`MalformedError`), and input that is well-formed but breaks a rule
(:class:`RuleError` and its subclasses), which always names the rule id and, where
there is one, the field that breaks it.

Fields are JSON pointers (RFC 6901) relative to what was being read; :meth:`under`
puts them below a member of a larger document (``/position``).

>>> err = MalformedError("must be an integer", "/seats/0/attacks").under("/position")
>>> err.field, err.detail
('/position/seats/0/attacks', 'must be an integer')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, Self

from service.common.language import DEFAULT_LANGUAGE
from service.common.refusal import explain

MAX_PROBLEMS: Final = 20
"""Reading stops after this many shape problems: an answer about a bad body stays small
and cheap however large the body is."""


@dataclass(frozen=True)
class Problem:
    """One reason input is malformed: where (a JSON pointer) and what is wrong."""

    pointer: str
    detail: str


class RulesError(Exception):
    """Base class of every error an engine raises on purpose."""

    def under(self, prefix: str) -> Self:
        """The same error with its pointers below ``prefix`` (``"/position"``)."""
        raise NotImplementedError


class MalformedError(RulesError, ValueError):
    """The input does not have the shape of the contract (wrong type, bad square name…).

    ``problems`` lists every reason found (at most :data:`MAX_PROBLEMS`) in the order
    the input was read; ``detail`` and ``field`` are those of the first.
    """

    def __init__(self, detail: str = "", field: str = "", *, problems: Iterable[Problem] = ()) -> None:
        found = tuple(problems) or (Problem(field, detail),)
        super().__init__(found[0].detail)
        self.problems = found
        self.detail = found[0].detail
        self.field = found[0].pointer

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The first problem's sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        return explain(self.detail, language)

    def under(self, prefix: str) -> Self:
        return type(self)(problems=(Problem(prefix + p.pointer, p.detail) for p in self.problems))


class RuleError(RulesError):
    """Well-formed input that a rule forbids.

    ``rule`` is a rule id of the game's rules (``"S2"``), ``field`` a JSON pointer to
    the offending part or ``""``.
    """

    def __init__(self, rule: str, detail: str, field: str = "") -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail
        self.field = field

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """Its sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``): the
        engines name it by a message and values; English is the default."""
        return explain(self.detail, language)

    def under(self, prefix: str) -> Self:
        # Built field by field: an exception's own copy would call __init__ with ``args``.
        moved = type(self).__new__(type(self))
        moved.__dict__.update(self.__dict__)
        moved.args = self.args
        moved.field = prefix + self.field
        return moved


class InvalidPositionError(RuleError):
    """The position itself is structurally impossible (two turrians on one square…)."""


class InvalidQueryError(RuleError):
    """The question does not fit the position (``from`` names no piece of the mover…)."""


class IllegalTurnError(RuleError):
    """A turn breaks a rule; ``violation`` is the engine's account of its first illegal
    action (the game's ``Violation``, which the HTTP layer writes with the game's schema),
    ``field`` the offending part of the request (``/turn`` unless told)."""

    def __init__(self, violation: Any, rule: str, detail: str, field: str = "/turn") -> None:
        super().__init__(rule, detail, field)
        self.violation = violation
