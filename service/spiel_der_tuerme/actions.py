"""The plain records of a turn: what a seat asks to play, what happened, what was wrong.

Kept apart from the rules that produce them (:mod:`~service.spiel_der_tuerme.turn`)
and from their JSON form (:mod:`~service.spiel_der_tuerme.wire.codec`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from service.common.language import DEFAULT_LANGUAGE
from service.common.refusal import explain
from service.spiel_der_tuerme.board import Colour, Square, Symbol
from service.spiel_der_tuerme.goal import SeatScore
from service.spiel_der_tuerme.interpretations import interpretations_of
from service.spiel_der_tuerme.moves import Move
from service.spiel_der_tuerme.position import EndReason


@dataclass(frozen=True)
class TurnPlan:
    """The moves of (the rest of) a turn, in order (TM1, TM7, TM8).

    No moves at the start of a turn is a pass (TM8); no moves after a move that allows
    another (TM7) stops the turn there. With ``end_turn`` false the turn stays open
    after the last move if that move allows another, so a seat can play a chain one
    move at a time.
    """

    moves: tuple[Move, ...] = ()
    end_turn: bool = True


PASS = TurnPlan()
"""The turn of a seat that cannot move (TM8)."""


class EventType(str, enum.Enum):
    """What :func:`~service.spiel_der_tuerme.turn.apply_turn` reports, in order."""

    MOVE = "move"
    TOWER = "tower"
    SYMBOL_SQUARE = "symbol_square"
    PASS = "pass"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Event:
    """One thing that happened in a turn; fields that do not apply are ``None``.

    ``move``: ``seat``, ``frm``, ``to``, ``colour`` (the colour of the moved stack: the
    seat's own, or a neutral colour, TN2), ``height`` (of the moved stack);
    ``tower``: ``seat``, ``square``, ``height`` (of the new tower), ``covers`` (the
    colours now under the moved stack, bottom → top); ``symbol_square``: ``seat``,
    ``square``, ``symbol``, ``quarter``; ``pass``: ``seat``; ``game_over``: ``reason``,
    ``quarter`` (TE1), ``seat`` (the seat that completed the quarter or is stuck),
    ``scores`` and ``winners`` (TS1–TS3), ``interpretations`` (the readings of the
    rulebook its ruling rests on, :func:`~service.spiel_der_tuerme.turn.end_rules`).
    """

    type: EventType
    seat: Colour | None = None
    frm: Square | None = None
    to: Square | None = None
    square: Square | None = None
    colour: Colour | None = None
    height: int | None = None
    covers: tuple[Colour, ...] | None = None
    symbol: Symbol | None = None
    quarter: int | None = None
    reason: EndReason | None = None
    scores: tuple[SeatScore, ...] | None = None
    winners: tuple[Colour, ...] | None = None
    interpretations: tuple[str, ...] = ()


@dataclass(frozen=True)
class Violation:
    """The first illegal part of a turn: the rule it breaks, the index of the offending
    move in the turn's ``moves`` (the index a missing move would have, for a pass or a
    turn refused as a whole) and a sentence a player understands."""

    rule: str
    index: int
    detail: str

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """Its sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        return explain(self.detail, language)

    @property
    def interpretations(self) -> tuple[str, ...]:
        """The readings of the rulebook its rule rests on (docs/interpretations.md)."""
        return interpretations_of(self.rule)
