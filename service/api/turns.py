"""The operations every board game answers alike: judge a turn, play it, draw a position.

A board game's engine offers ``validate_turn(position, turn) -> Violation | None`` and
``apply_turn(position, turn) -> (position, events)``; :class:`TurnGame` gathers them,
and :func:`declare_validate`, :func:`declare_apply` and :func:`declare_render` declare
the operations on a game's blueprint, so every board game answers with the same shapes
(``{"legal": …, "violation": …}``, ``{"position": …, "events": […]}``, an SVG document
or the same bytes as octets): a :class:`~service.common.outcome.Verdict` or an
:class:`~service.common.outcome.Outcome` that the game's answer schema dumps. Only their
schemas, paths and descriptions differ.

The operation's name (its ``operationId``) and its description are the caller's: they
are what the document and the generated clients show.
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

P = TypeVar("P")
T = TypeVar("T")
V = TypeVar("V")
E = TypeVar("E")

View = Callable[[dict[str, Any]], Any]


@dataclass(frozen=True)
class TurnGame(Generic[P, T, V, E]):
    """A board game's turn rules; the answers are their values (a :class:`Verdict`, an
    :class:`Outcome`), which the answer's schema dumps."""

    validate_turn: Callable[[P, T], V | None]
    apply_turn: Callable[[P, T], tuple[P, Sequence[E]]]

    def verdict(self, query: dict[str, Any]) -> Verdict:
        """The answer of a validation: legal, or the first illegal action."""
        return Verdict(self.validate_turn(query["position"], query["turn"]))

    def outcome(
        self, query: dict[str, Any], play: Callable[[P, T], tuple[P, Sequence[E]]] | None = None
    ) -> Outcome:
        """The answer of playing a turn (by ``play``, the whole turn unless told): the
        position after it and the events, in order."""
        position, events = (play or self.apply_turn)(query["position"], query["turn"])
        return Outcome(position, tuple(events))


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
