"""The engine's exceptions.

Two families, as in python-chess: input that is not of the contract's shape at all
(:class:`MalformedError`), and input that is well-formed but breaks a rule
(:class:`RuleError` and its subclasses), which always names the rule id of RULES.md
and, where there is one, the field that breaks it.
"""

from __future__ import annotations

from dataclasses import dataclass


class RulesError(Exception):
    """Base class of every error the engine raises on purpose."""


class MalformedError(RulesError, ValueError):
    """The input does not have the shape of the contract (wrong type, bad square name…).

    ``field`` is a JSON pointer relative to the object being parsed, where known.
    """

    def __init__(self, detail: str, field: str = "") -> None:
        super().__init__(detail)
        self.detail = detail
        self.field = field


class RuleError(RulesError):
    """Well-formed input that a rule forbids.

    ``rule`` is a RULES.md id (``"S2"``), ``field`` a JSON pointer to the offending
    part or ``""``: relative to the position for :class:`InvalidPositionError`
    (``"/seats/0/turrians"``; the HTTP layer prefixes ``/position``), relative to the
    request for the others (``"/from"``, ``"/turn"``).
    """

    def __init__(self, rule: str, detail: str, field: str = "") -> None:
        super().__init__(f"{rule}: {detail}")
        self.rule = rule
        self.detail = detail
        self.field = field


class InvalidPositionError(RuleError):
    """The position itself is structurally impossible (two turrians on one square…)."""


class InvalidQueryError(RuleError):
    """The question does not fit the position (``from`` names no turrian of the mover…)."""


@dataclass(frozen=True)
class Violation:
    """The first illegal action of a turn.

    ``phase`` is ``take``, ``place``, ``move`` or ``turn`` (for the turn as a whole);
    ``index`` the action's position in its phase's list; ``step`` the step within a
    move segment, where the violation is one step of a path.
    """

    rule: str
    phase: str
    index: int
    detail: str
    step: int | None = None


class IllegalTurnError(RuleError):
    """A turn breaks a rule; carries the :class:`Violation`."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.rule, violation.detail, field="/turn")
        self.violation = violation
