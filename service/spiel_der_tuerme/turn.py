"""Whole turns (TM1, TM7, TM8 with TN4 and TE1–TE5): validation and application.

A :class:`~service.spiel_der_tuerme.actions.TurnPlan` is the rest of the seat's turn,
starting from the position's ``turn`` context. :func:`apply_turn` plays it move by move
and stops at the first illegal one (:class:`IllegalTurnError`, whose violation names
the rule and the index of the move); :func:`validate_turn` reports that violation
instead. The input position is never changed.

When the turn ends, ``to_move`` passes to the next seat, the turn context is reset and
``blocked`` lists the neutral stone moved in the turn, if any (TN4). When the game
ends (TE1–TE3), it ends at once: ``to_move`` stays the seat that moved, the turn
context is reset and nothing is blocked.

>>> from service.spiel_der_tuerme.wire.codec import parse_turn_plan
>>> from service.spiel_der_tuerme.setup import setup_position
>>> p = setup_position(4, seed=7)
>>> after, events = apply_turn(p, parse_turn_plan({"moves": [{"from": "b1", "to": "c1"}]}))
>>> after.to_move.value, [e.type.value for e in events]
('red', ['move', 'tower'])
>>> validate_turn(p, parse_turn_plan({"moves": [{"from": "b1", "to": "b5"}]}))
Violation(rule='TM4', index=0, detail='b4 holds a stack of blue: a stack passes only over empty squares \
and stacks of its own colour (yellow)')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from service.common import IllegalTurnError
from service.common.refusal import Refusal
from service.spiel_der_tuerme.actions import Event, EventType, TurnPlan, Violation
from service.spiel_der_tuerme.board import IS_STREET, QUARTER, SYMBOL, Square
from service.spiel_der_tuerme.goal import end_after_move, is_deadlocked, score
from service.spiel_der_tuerme.interpretations import interpretations_of
from service.spiel_der_tuerme.moves import Move, first_legal_move, move_refusal
from service.spiel_der_tuerme.position import FRESH_TURN, EndReason, Over, Position, Stack, TurnState
from service.spiel_der_tuerme.refusals import Reason


def _illegal(refusal: Refusal, index: int) -> IllegalTurnError:
    # The detail is a Text: the HTTP layer writes it again in the client's language.
    violation = Violation(refusal.rule, index, refusal.text)
    return IllegalTurnError(violation, refusal.rule, refusal.text)

END_RULE: Final = {EndReason.QUARTER: "TE1", EndReason.STREETS_EMPTY: "TE2", EndReason.STUCK: "TE3"}
"""The rule of each reason the game ends for."""


def end_rules(position: Position, over: Over, winners: int) -> tuple[str, ...]:
    """The rules the end of the game is a ruling of: its reason's; TE5 when the last move
    met more than one reason; TS3 when ``winners`` seats share the win."""
    met = (
        bool(position.completed_quarters),
        not any(position.street_stacks.values()),
        any(position.street_stacks[seat] == 0 for seat in position.seats),
    )
    rules = [END_RULE[over.reason]]
    if sum(met) > 1:
        rules.append("TE5")
    if winners > 1:
        rules.append("TS3")
    return tuple(rules)


def _game_over(position: Position, over: Over, events: list[Event]) -> Position:
    """The game ends at once (TE1–TE3): nothing of the turn is left in progress."""
    ended = replace(position, turn=FRESH_TURN, blocked=(), over=over)
    final = score(ended)
    rules = end_rules(ended, over, len(final.winners))
    events.append(
        Event(
            EventType.GAME_OVER,
            seat=over.seat,
            quarter=over.quarter,
            reason=over.reason,
            scores=final.seats,
            winners=final.winners,
            interpretations=tuple(i for rule in rules for i in interpretations_of(rule)),
        )
    )
    return ended


def play_move(position: Position, move: Move, events: list[Event]) -> Position:
    """The position after the seat to move makes ``move``, unchecked (see
    :func:`~service.spiel_der_tuerme.moves.move_refusal`); the events are appended.

    A move onto a symbol square leaves the turn open (TM7: the turn context counts the
    move and allows another); any other move ends the turn (TM8, :func:`end_turn`); a
    move that ends the game ends it at once (TE1–TE5). The result is always a position
    :func:`~service.spiel_der_tuerme.check.check_position` accepts.
    """
    frm, to = move
    seat = position.to_move
    stacks = list(position.stacks)
    moving = stacks[frm]
    target = stacks[to]
    assert moving is not None
    events.append(Event(EventType.MOVE, seat, frm=frm, to=to, colour=moving.top, height=moving.height))
    if target is None:
        landed = moving
    else:
        landed = Stack(moving.symbol, target.stones + moving.stones)
        events.append(Event(EventType.TOWER, seat, square=to, height=landed.height, covers=target.stones))
    stacks[frm] = None
    stacks[to] = landed
    on_symbol = not IS_STREET[to]
    if on_symbol:
        events.append(Event(EventType.SYMBOL_SQUARE, seat, square=to, symbol=SYMBOL[to], quarter=QUARTER[to]))
    after = replace(
        position,
        stacks=tuple(stacks),
        turn=TurnState(position.turn.moves + 1, True),
        # A blocked neutral stone that a stack lands on is no neutral stone any more.
        blocked=tuple(s for s in position.blocked if s != to),
    )
    over = end_after_move(after, seat)
    if over is not None:
        return _game_over(after, over, events)
    if not on_symbol:
        return end_turn(after, to if moving.top is not seat else None, events)
    return after


def end_turn(position: Position, neutral: Square | None, events: list[Event]) -> Position:
    """Hand the turn on (TM8): the next seat moves, a neutral stone moved on ``neutral``
    is blocked for it (TN4). [interpretation] If then no seat can move at all, the game
    ends as stuck (TE3), naming the seat whose turn ended."""
    after = replace(
        position,
        to_move=position.next_seat(),
        turn=FRESH_TURN,
        blocked=() if neutral is None else (neutral,),
    )
    if is_deadlocked(after):
        return _game_over(position, Over(EndReason.STUCK, None, position.to_move), events)
    return after


def apply_turn(position: Position, turn: TurnPlan) -> tuple[Position, tuple[Event, ...]]:
    """Play ``turn`` for the seat to move: the new position and the events, in order.

    Raises :class:`IllegalTurnError` at the first illegal move, or for a pass while a
    move is possible (TM8), or for any turn once the game is over (TE4).
    """
    # is_over rather than a test of position.over, which would narrow that member to None
    # for the moves' loop below, where mypyc (setup.py) would then refuse a game's end.
    if position.is_over:
        raise _illegal(Reason.GAME_OVER, 0)
    events: list[Event] = []
    seat = position.to_move
    moved_neutral = False
    if not turn.moves:
        if position.turn.may_continue:
            # TM8: the seat stops after a move that allowed another.
            return (end_turn(position, None, events) if turn.end_turn else position), tuple(events)
        possible = first_legal_move(position)
        if possible is not None:
            raise _illegal(Reason.NO_PASS.refuse(move=str(possible.move)), 0)
        events.append(Event(EventType.PASS, seat))
        return end_turn(position, None, events), tuple(events)
    for index, move in enumerate(turn.moves):
        if position.over is not None:
            raise _illegal(Reason.GAME_ENDED.refuse(move=str(turn.moves[index - 1])), index)
        if index and not position.turn.may_continue:
            previous = turn.moves[index - 1]
            ended = Reason.ENDED_BY_NEUTRAL if moved_neutral else Reason.ENDED_OFF_SYMBOL
            raise _illegal(ended.refuse(move=str(previous)), index)
        refusal = move_refusal(position, move)
        if refusal is not None:
            raise _illegal(refusal, index)
        moving = position.stacks[move.frm]
        assert moving is not None
        moved_neutral = moving.top is not seat
        position = play_move(position, move, events)
    if position.over is None and position.turn.may_continue and turn.end_turn:
        position = end_turn(position, None, events)
    return position, tuple(events)


def validate_turn(position: Position, turn: TurnPlan) -> Violation | None:
    """The violation of the first illegal move of ``turn``, or ``None`` if it is legal."""
    try:
        apply_turn(position, turn)
    except IllegalTurnError as exc:
        violation: Violation = exc.violation
        return violation
    return None
