"""The operations every board game answers alike: judge a turn, play it, draw a position.

A board game's engine offers ``validate_turn(position, turn) -> Violation | None`` and
``apply_turn(position, turn) -> (position, events)``, and its codec states its
positions, events and violations (:mod:`service.common.wire`). :class:`TurnGame` gathers
those, with the statements of the two answers made around them here
(:func:`verdict_statement`, :func:`outcome_statement`, written by the same tables the
document's schemas are made from); :func:`declare_validate`,
:func:`declare_apply` and :func:`declare_render` declare the operations on a game's
blueprint from them, so both board games answer with the same shapes
(``{"legal": …, "violation": …}``, ``{"position": …, "events": […]}``, an SVG document
or the same bytes as octets) and only their schemas, paths and descriptions differ.

The operation's name (its ``operationId``) and its description are the caller's: they
are what the document and the generated clients show. :func:`verdict_statement` and
:func:`outcome_statement` state the answers' shapes once for every game, around the
game's own violation, position and event statements.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from flask import Response

from service.api.declare import (
    DRAWING,
    OCTETS,
    PICTURE,
    SVG,
    Blueprint,
    negotiate,
)
from service.common.outcome import Outcome, Verdict
from service.common.wire import Either, Obj

P = TypeVar("P")
T = TypeVar("T")
V = TypeVar("V")
E = TypeVar("E")

View = Callable[[dict[str, Any]], Any]


@dataclass(frozen=True)
class TurnGame(Generic[P, T, V, E]):
    """A board game's turn rules and the statements of their answers."""

    validate_turn: Callable[[P, T], V | None]
    apply_turn: Callable[[P, T], tuple[P, Sequence[E]]]
    judged: Either | None = None
    played: Obj | None = None
    """The statements that write the answers; without them the answers are the values
    (a :class:`Verdict`, an :class:`Outcome`), which the answer's schema dumps."""

    def verdict(self, query: dict[str, Any]) -> Any:
        """The answer of a validation: legal, or the first illegal action."""
        verdict = Verdict(self.validate_turn(query["position"], query["turn"]))
        return verdict if self.judged is None else self.judged.write(verdict)

    def outcome(self, query: dict[str, Any], play: Callable[[P, T], tuple[P, Sequence[E]]] | None = None) -> Any:
        """The answer of playing a turn (by ``play``, the whole turn unless told): the
        position after it and the events, in order."""
        position, events = (play or self.apply_turn)(query["position"], query["turn"])
        outcome = Outcome(position, tuple(events))
        return outcome if self.played is None else self.played.write(outcome)


def _named(view: View, name: str, doc: str) -> View:
    view.__name__ = view.__qualname__ = name
    view.__doc__ = doc
    return view


def declare_validate(bp: Blueprint, path: str, name: str, game: TurnGame[Any, Any, Any, Any],
                     query: Any, answer: Any, doc: str) -> View:
    """``POST path``: whether a turn is legal, and if not its first illegal action."""
    view = _named(lambda q: game.verdict(q), name, doc)
    answered = bp.response(200, answer, description="The verdict.")
    declared: View = bp.post(path)(bp.arguments(query)(answered(view)))
    return declared


def declare_apply(bp: Blueprint, path: str, name: str, game: TurnGame[Any, Any, Any, Any],
                  query: Any, answer: Any, doc: str, *,
                  play: Callable[[Any, Any], tuple[Any, Sequence[Any]]] | None = None,
                  description: str = "The next position and the events.") -> View:
    """``POST path``: play a turn (or part of one, with ``play``): the position after it
    and what happened."""
    view = _named(lambda q: game.outcome(q, play), name, doc)
    answered = bp.response(200, answer, description=description)
    declared: View = bp.post(path)(bp.arguments(query)(answered(view)))
    return declared


def declare_render(bp: Blueprint, path: str, name: str, query: Any,
                   draw: Callable[[dict[str, Any]], str], doc: str) -> View:
    """``POST path``: a position drawn as SVG, or the same bytes as octets on request."""

    def picture(q: dict[str, Any]) -> Response:
        return Response(draw(q), mimetype=negotiate([SVG, OCTETS]))

    view = _named(picture, name, doc)
    alternative = bp.alt_response(200, schema=PICTURE, content_type=OCTETS, success=True,
                                  description="The same document, for `Accept: application/octet-stream`.")
    documented = bp.response(200, DRAWING, content_type=SVG,
                             description="The picture, a complete SVG document.")
    declared: View = bp.post(path)(bp.arguments(query)(documented(alternative(view))))
    return declared
