"""The vocabulary of a turn: the plan of actions a client sends, and what comes of it.

A :class:`TurnPlan` is the rest of the mover's turn from the position's
:class:`~service.terra_turrium.position.TurnState`: stones to take, squares to place on,
turrian walks (:class:`Segment`). Playing it (:mod:`service.terra_turrium.turn`) yields
:class:`Event` values in the order things happened, or stops at the first illegal
action with a :class:`Violation`.

A walk from the reserve (M9) has ``origin`` ``None``; the contract spells it
``"reserve"`` (:data:`service.terra_turrium.wire.codec.RESERVE`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from service.common.frozen import quick_init
from service.common.language import DEFAULT_LANGUAGE
from service.common.refusal import explain
from service.terra_turrium.board import Square
from service.terra_turrium.interpretations import interpretations_of
from service.terra_turrium.position import Goal, Phase, Reentry, Rules, TwoPlayerBoard
from service.terra_turrium.refusals import Reason


@quick_init
@dataclass(frozen=True)
class Segment:
    """One turrian's walk: from ``origin`` (``None``: the reserve, M9) along ``path``."""

    origin: Square | None
    path: tuple[Square, ...]


@quick_init
@dataclass(frozen=True)
class TurnPlan:
    """The actions of (the rest of) a turn, in order, per phase."""

    take: tuple[Square, ...] = ()
    place: tuple[Square, ...] = ()
    move: tuple[Segment, ...] = ()


class CaptureKind(str, enum.Enum):
    """M8: a capture in a foreign territory is an attack, in an own territory a defence."""

    ATTACK = "attack"
    DEFENCE = "defence"


class EventType(str, enum.Enum):
    """What playing a turn reports, in the order it happened."""

    TAKE = "take"
    PLACE = "place"
    ENTER = "enter"
    MOVE = "move"
    CAPTURE = "capture"
    ATTACK = "attack"
    HOLD = "hold"
    HOLD_LOST = "hold_lost"
    CAPTURES_USED = "captures_used"
    CAPTURES_OPEN = "captures_open"
    FINISH = "finish"
    GAME_OVER = "game_over"


@quick_init
@dataclass(frozen=True)
class Event:
    """One thing that happened in a turn; members that do not apply to its type are ``None``.

    ``take`` / ``place`` (``bonus`` for a handicap stone) / ``enter``: ``square``;
    ``move``: ``origin`` (``None``: the reserve), ``square`` (where it ended), ``cost``;
    ``capture``: ``square``, ``victim``, ``kind``; ``attack``: ``attacks`` (the new
    counter); ``hold``: ``squares`` (the recorded ``pro_hold``); ``captures_used``: the
    seat has made its last capture (V3); ``captures_open``: the seat opened the capture
    phase (V2); ``finish``; ``game_over``: ``winners``.
    """

    type: EventType
    seat: str
    square: Square | None = None
    origin: Square | None = None
    cost: int | None = None
    victim: str | None = None
    kind: CaptureKind | None = None
    bonus: bool | None = None
    attacks: int | None = None
    squares: tuple[Square, ...] | None = None
    winners: tuple[str, ...] | None = None
    interpretations: tuple[str, ...] = ()
    """The readings of the rulebook its ruling rests on (:func:`event_rules`)."""


@quick_init
@dataclass(frozen=True)
class Violation:
    """The first illegal action of a turn.

    ``phase`` is the phase of the action, or ``None`` for the turn as a whole;
    ``index`` the action's position in its phase's list; ``step`` the index in the
    segment's ``path`` of the offending square, where the violation is one step.
    """

    reason: Reason
    phase: Phase | None
    index: int
    detail: str
    step: int | None = None

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """Its sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        return explain(self.detail, language)

    @property
    def rule(self) -> str:
        """The rule id the action breaks."""
        return self.reason.rule

    @property
    def interpretations(self) -> tuple[str, ...]:
        """The readings of the rulebook its rule rests on (docs/interpretations.md)."""
        return interpretations_of(self.reason.rule)


def event_rules(type_: EventType, rules: Rules) -> tuple[str, ...]:
    """The rules an event of ``type_`` is a ruling of, under ``rules``: the readings of
    these rules are the ones the event names. Takes, placements and walks are the
    client's own actions, judged as they were sent; what the oracle rules on is who may
    capture and how, where a turrian may re-enter, who finished and when the game is over.

    >>> event_rules(EventType.FINISH, Rules(team_play=True))
    ('G3', 'G4')
    >>> event_rules(EventType.CAPTURE, Rules())
    ()
    """
    team = ("G4",) if rules.team_play else ()
    if type_ in (EventType.FINISH, EventType.GAME_OVER):
        return ("G3", *team, *(("G2",) if rules.goal is Goal.PRO else ()))
    if type_ in (EventType.HOLD, EventType.HOLD_LOST):
        return ("G2", *team)
    if type_ in (EventType.CAPTURE, EventType.ATTACK):
        # Who may be captured and what is foreign differ only between partners.
        return ("M6", "M8") if rules.team_play else ()
    if type_ is EventType.CAPTURES_OPEN:
        return ("V2",)
    if type_ is EventType.CAPTURES_USED:
        return ("V3",)
    if type_ is EventType.ENTER:
        # The entry row of the 6 x 6 board is the one no source names.
        six = ("M9",) if rules.two_player_board is TwoPlayerBoard.SIX else ()
        return (*six, *(("V4",) if rules.reentry is Reentry.OUTSIDE else ()))
    return ()


def with_interpretations(events: list[Event], rules: Rules) -> tuple[Event, ...]:
    """``events``, each naming the readings its ruling rests on under ``rules``."""
    out = []
    for event in events:
        named = tuple(i for rule in event_rules(event.type, rules) for i in interpretations_of(rule))
        out.append(replace(event, interpretations=named) if named else event)
    return tuple(out)
