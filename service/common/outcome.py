"""The answers of a turn's validation and of its play, alike for every game.

A view returns one of these engine values and the answer's schema dumps it:
:class:`Verdict` for ``…/turns/validate`` (the first illegal part of the turn, or none)
and :class:`Outcome` for ``…/turns/play`` (the position after the turn and its events).
Nothing here knows a game, Flask or marshmallow.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Verdict(NamedTuple):
    """A validation's answer: the first illegal part of the turn, ``None`` when legal."""

    violation: Any


class Outcome(NamedTuple):
    """A play's answer: the position after it and what happened, in order."""

    position: Any
    events: tuple[Any, ...]


def is_legal(verdict: Any) -> int:
    """Which of an illegal and a legal answer ``verdict`` is (its ``violation`` none: 1,
    the legal one; otherwise 0)."""
    return 0 if verdict.violation is not None else 1


__all__ = ["Outcome", "Verdict", "is_legal"]
