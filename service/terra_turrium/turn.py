"""Whole turns (T1 with R, P, M, G): validation and application of a turn plan.

A :class:`~service.terra_turrium.actions.TurnPlan` is the rest of the mover's turn, starting
from the position's :class:`~service.terra_turrium.position.TurnState`: from the start of a turn
it holds all three phases. :func:`apply_turn` plays it action by action on copies and
stops at the first illegal action (:class:`~service.common.IllegalTurnError`);
:func:`validate_turn` reports that action as a
:class:`~service.terra_turrium.actions.Violation` instead. The input position is never changed.

>>> from service.terra_turrium.wire.codec import parse_turn_plan
>>> from service.terra_turrium.setup import setup_position, place_turrians
>>> p = place_turrians(setup_position(2), {"yellow": ["b9"], "red": ["b2"]})
>>> v = validate_turn(p, parse_turn_plan({"take": ["b9"]}))
>>> v.rule, v.phase.value, v.index
('R2', 'take', 0)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from service.common import IllegalTurnError
from service.terra_turrium.actions import (
    CaptureKind,
    Event,
    EventType,
    TurnPlan,
    Violation,
    with_interpretations,
)
from service.terra_turrium.board import SQUARES, TERRITORY, Square, square_name
from service.terra_turrium.goal import hold_squares, is_holding, meets_goal, opens_captures
from service.terra_turrium.move import ENTRY_COST, MoveBoard
from service.terra_turrium.place import PlacementJudge
from service.terra_turrium.position import (
    NOBODY,
    SEAT_DERIVED,
    START_OF_TURN,
    STONES_PER_TURN,
    Goal,
    Phase,
    Position,
    Seat,
    TurnState,
)
from service.terra_turrium.refusals import Reason
from service.terra_turrium.take import RemovalJudge, legal_removals


def illegal(
    reason: Reason, phase: Phase | None, index: int, step: int | None = None, **facts: Any
) -> IllegalTurnError:
    """The error for the first illegal action of a turn, its sentence written from ``facts``."""
    violation = Violation(reason, phase, index, reason.refuse(**facts).text, step)
    return IllegalTurnError(violation, reason.rule, violation.detail)


def take_stone(position: Position, square: Square) -> Position:
    """The position after the mover takes the top stone of ``square`` (R7), unchecked:
    the stone goes into the hand and the square into ``turn.taken``."""
    heights = list(position.heights)
    heights[square] -= 1
    state = position.turn
    return replace(
        position,
        heights=tuple(heights),
        turn=replace(state, taken=(*state.taken, square), in_hand=state.in_hand + 1),
    )


def play_take(position: Position, plan: TurnPlan, events: list[Event] | None, close: bool = True) -> Position:
    """Phase 1 of ``plan`` (R1–R7); with ``close``, the position ready for phase 2.

    Without ``close`` the take phase stays open, unless no further stone can be taken.
    ``events`` gets what happened; ``None`` where nobody reads it (a turn check).
    """
    state = position.turn
    if plan.take and state.phase is not Phase.TAKE:
        raise illegal(Reason.TAKE_PHASE_OVER, Phase.TAKE, 0)
    if plan.take:
        # Each stone is judged on the board as the stones before it left it (R7).
        seat = position.to_move
        heights, taken = list(position.heights), list(state.taken)
        judge = RemovalJudge(position, heights, taken)
        for i, square in enumerate(plan.take):
            refusal = judge.refusal(square)
            if refusal is not None:
                raise illegal(
                    refusal, Phase.TAKE, i, square=square_name(square), territory=TERRITORY[square].value
                )
            heights[square] -= 1
            taken.append(square)
            judge.took(square)
            if events is not None:
                events.append(Event(EventType.TAKE, seat, square))
        in_hand = state.in_hand + len(plan.take)
        if close and len(taken) >= STONES_PER_TURN:
            # The usual turn: all three stones taken, the place phase begins (one copy).
            turn = TurnState(Phase.PLACE, (), in_hand, state.points, state.attacked)
            return _with_board(position, tuple(heights), position.seats, turn)
        position = replace(
            position,
            heights=tuple(heights),
            turn=replace(state, taken=tuple(taken), in_hand=in_hand),
        )
    if position.turn.phase is Phase.TAKE:
        # R1: three stones, unless no further stone can be taken.
        taken_count = len(position.turn.taken)
        if taken_count < STONES_PER_TURN:
            options = legal_removals(position)
            if options and not close:
                return position
            if options:
                raise illegal(
                    Reason.TOO_FEW_TAKEN, Phase.TAKE, len(plan.take), taken=taken_count,
                    square=square_name(options[0].square),
                )
        position = replace(position, turn=replace(position.turn, phase=Phase.PLACE, taken=()))
    return position


def play_place(
    position: Position, plan: TurnPlan, events: list[Event] | None, close: bool = True
) -> Position:
    """Phase 2 of ``plan`` (P1–P3); with ``close``, the position ready for phase 3.

    Without ``close`` the place phase stays open while stones are in hand or bonus
    stones are left. ``events`` as for :func:`play_take`.
    """
    state = position.turn
    if plan.place and state.phase is Phase.MOVE:
        raise illegal(Reason.PLACE_PHASE_OVER, Phase.PLACE, 0)
    if state.phase is not Phase.PLACE:
        return position
    mover = position.mover
    in_hand, bonus = state.in_hand, mover.bonus_stones
    seat = mover.id
    judge = PlacementJudge(position)
    for i, square in enumerate(plan.place):
        refusal = judge.refusal(square)
        if refusal is not None:
            raise illegal(
                refusal, Phase.PLACE, i, square=square_name(square), height=judge.heights[square], seat=seat
            )
        if i >= in_hand + bonus:
            raise illegal(Reason.NO_BONUS_LEFT if bonus else Reason.NOTHING_IN_HAND, Phase.PLACE, i,
                          in_hand=in_hand, bonus=bonus)
        judge.placed(square)
        if events is not None:
            events.append(Event(EventType.PLACE, seat, square, bonus=i >= in_hand))
    placed = len(plan.place)
    left = max(in_hand - placed, 0)
    bonus_left = bonus - max(placed - in_hand, 0)
    if left and close:
        raise illegal(Reason.STONES_LEFT_IN_HAND, Phase.PLACE, placed, left=left)
    seats, after = position.seats, judge.mover
    if bonus_left != bonus:
        after = replace(after, bonus_stones=bonus_left)
    if after is not mover:
        seats = (*seats[: position.mover_index], after, *seats[position.mover_index + 1 :])
    still_open = not close and (left or bonus_left)
    turn = TurnState(
        Phase.PLACE if still_open else Phase.MOVE, state.taken, left, state.points, state.attacked
    )
    return _with_board(position, tuple(judge.heights), seats, turn)


def _with_board(
    position: Position, heights: tuple[int, ...], seats: tuple[Seat, ...], turn: TurnState
) -> Position:
    """``position`` with other heights, seats and turn state. The constructors, not
    :func:`dataclasses.replace`, which looks every field up again, on the path of every turn;
    a test keeps the members copied here in step with the class. With the same seats,
    what the position derived from them (occupant, mover …) holds for the new one too."""
    after = Position(
        heights, seats, position.to_move, position.round_start, position.finishers, position.rules, turn,
        position.captures_open,
    )
    if seats is position.seats:
        known, carried = position.__dict__, after.__dict__
        for name in SEAT_DERIVED:
            if name in known:
                carried[name] = known[name]
    return after


def play_move(position: Position, plan: TurnPlan, events: list[Event]) -> Position:
    """Phase 3 of ``plan`` (M1–M10), before the end-of-turn bookkeeping."""
    walked = _walk(position, plan, events)
    board, me, lost = walked.board, position.mover_index, walked.lost
    seats = list(position.seats)
    occupant = board.occupant
    # Only the mover and the seats it captured from have turrians elsewhere now.
    for index in (me, *(i for i, n in enumerate(lost) if n)):
        squares = tuple(s for s in SQUARES if occupant[s] == index)
        seats[index] = replace(seats[index], turrians=squares)
    seats[me] = replace(seats[me], attacks=walked.attacks, captures=walked.captures)
    turn = replace(position.turn, points=walked.points, attacked=walked.attacked)
    return replace(position, seats=tuple(seats), turn=turn)


class _Walked(NamedTuple):
    """Phase 3 played on a :class:`MoveBoard`: what the position does not show yet."""

    board: MoveBoard
    points: int
    attacked: bool
    attacks: int
    captures: int
    lost: list[int]
    """Per seat index, the turrians captured from it."""


def _walk(position: Position, plan: TurnPlan, events: list[Event] | None) -> _Walked:
    """The walks of ``plan`` (M1–M10) checked and played on a board of their own; a turn
    check stops here, since building the position afterwards decides nothing (and passes
    no ``events``)."""
    board = MoveBoard(position)
    me = position.mover_index
    seats = list(position.seats)
    reserve = seats[me].reserve
    points = position.turn.points
    attacked = position.turn.attacked
    attacks = seats[me].attacks
    captured = seats[me].captures
    lost = [0] * len(seats)
    seat = seats[me].id
    for i, segment in enumerate(plan.move):
        spent = 0
        here = segment.origin
        if here is None:
            if reserve == 0:
                raise illegal(Reason.NO_RESERVE, Phase.MOVE, i, seat=seat)
            entry = segment.path[0]
            refusal = board.entry_refusal(entry)
            if refusal is not None:
                raise illegal(
                    refusal, Phase.MOVE, i, 0, square=square_name(entry), height=board.heights[entry]
                )
            if ENTRY_COST > points:
                raise illegal(Reason.NO_POINT_TO_ENTER, Phase.MOVE, i, 0)
            points -= ENTRY_COST
            spent += ENTRY_COST
            reserve -= 1
            board.move(None, entry)
            if events is not None:
                events.append(Event(EventType.ENTER, seat, entry))
            here, steps, first_step = entry, segment.path[1:], 1
        else:
            if board.occupant[here] != me:
                raise illegal(Reason.NOT_YOUR_TURRIAN, Phase.MOVE, i, seat=seat, square=square_name(here))
            steps, first_step = segment.path, 0
        for k, to in enumerate(steps, start=first_step):
            cost = board.step_cost(here, to)
            if isinstance(cost, Reason):
                raise illegal(cost, Phase.MOVE, i, k, **board.step_facts(here, to))
            if cost > points:
                raise illegal(
                    Reason.STEP_TOO_DEAR, Phase.MOVE, i, k, to=square_name(to), cost=cost, points=points
                )
            points -= cost
            spent += cost
            victim = board.move(here, to)
            if victim != NOBODY:
                lost[victim] += 1
                attack = board.is_attack(to)
                if events is not None:
                    kind = CaptureKind.ATTACK if attack else CaptureKind.DEFENCE
                    events.append(Event(EventType.CAPTURE, seat, to, victim=seats[victim].id, kind=kind))
                if board.captures_left is not None:
                    # V3: every capture since the phase opened counts, defences too.
                    captured += 1
                    if board.captures_left == 0 and events is not None:
                        events.append(Event(EventType.CAPTURES_USED, seat))
                if attack and not attacked:
                    # M8: all attacks of one turn count as one.
                    attacked = True
                    attacks += 1
                    board.attacked = True
                    if events is not None:
                        events.append(Event(EventType.ATTACK, seat, attacks=attacks))
            here = to
        if events is not None:
            events.append(Event(EventType.MOVE, seat, here, origin=segment.origin, cost=spent))
    return _Walked(board, points, attacked, attacks, captured, lost)


def _finish(position: Position, indices: list[int], events: list[Event]) -> Position:
    finishers = list(position.finishers)
    for index in indices:
        seat_id = position.seats[index].id
        if seat_id not in finishers:
            finishers.append(seat_id)
            events.append(Event(EventType.FINISH, seat_id))
    return replace(position, finishers=tuple(finishers))


def _with_seat(position: Position, index: int, seat: Seat) -> Position:
    seats = list(position.seats)
    seats[index] = seat
    return replace(position, seats=tuple(seats))


def _end_of_turn(position: Position, events: list[Event]) -> Position:
    """V2, G1–G4 after the mover's actions, then hand the turn on."""
    me = position.mover_index
    mover = position.seats[me]
    partner = position.partner(me)
    if position.rules.burgenland and not position.captures_open and opens_captures(position, mover):
        # V2: judged at the end of the seat's own turn, like the goal, so nobody
        # captures in the turn that opens the phase.
        position = replace(position, captures_open=True)
        events.append(Event(EventType.CAPTURES_OPEN, mover.id))
    if position.rules.goal is Goal.STANDARD:
        # G3/G4: the goal is judged at the end of the seat's own turn; a team
        # finishes only when both members meet it.
        if meets_goal(position, mover) and (
            partner == NOBODY or meets_goal(position, position.seats[partner])
        ):
            position = _finish(position, [me] if partner == NOBODY else [me, partner], events)
    elif mover.pro_hold is None and mover.id not in position.finishers and meets_goal(position, mover):
        hold = hold_squares(position, mover)
        position = _with_seat(position, me, replace(mover, pro_hold=hold))
        events.append(Event(EventType.HOLD, mover.id, squares=hold))
    nxt = (me + 1) % position.players
    position = replace(position, to_move=position.seats[nxt].id, turn=START_OF_TURN)
    if position.rules.goal is Goal.PRO:
        position = _check_hold(position, nxt, events)
    if position.is_game_over:
        events.append(Event(EventType.GAME_OVER, position.to_move, winners=position.finishers))
    return position


def _check_hold(position: Position, index: int, events: list[Event]) -> Position:
    """G2: at the start of its turn a seat with a recorded hold finishes if it still
    stands on all three squares; otherwise the hold is void."""
    seat = position.seats[index]
    if seat.pro_hold is None or seat.id in position.finishers:
        return position
    if not is_holding(position, index):
        events.append(Event(EventType.HOLD_LOST, seat.id))
        return _with_seat(position, index, replace(seat, pro_hold=None))
    partner = position.partner(index)
    if partner == NOBODY:
        return _finish(position, [index], events)
    # G4 with the pro goal [interpretation]: the team finishes when both members hold.
    if is_holding(position, partner):
        return _finish(position, [index, partner], events)
    return position


def apply_turn(position: Position, plan: TurnPlan) -> tuple[Position, tuple[Event, ...]]:
    """Play ``plan`` for the mover; the new position (``to_move`` advanced, ``turn`` reset,
    counters, finishers and holds updated) and the events in order.

    Raises :class:`~service.common.IllegalTurnError` at the first illegal action.
    """
    events: list[Event] = []
    position = _play_actions(position, plan, events)
    position = _end_of_turn(position, events)
    return position, with_interpretations(events, position.rules)


def _play_actions(position: Position, plan: TurnPlan, events: list[Event]) -> Position:
    """The mover's three phases of ``plan`` (T1), checked action by action; not yet the
    end-of-turn bookkeeping, which decides nothing about the turn's legality."""
    return play_move(_play_stones(position, plan, events), plan, events)


def _play_stones(position: Position, plan: TurnPlan, events: list[Event] | None) -> Position:
    """The take and place phases of a whole turn (T1): the position the walks start from."""
    if position.is_game_over:
        raise illegal(Reason.GAME_OVER, None, 0)
    position = play_take(position, plan, events)
    return play_place(position, plan, events)


def progress_turn(position: Position, plan: TurnPlan) -> tuple[Position, tuple[Event, ...]]:
    """Play ``plan`` as the first part of the mover's turn; the position part-way through it
    (the turn still in progress) and the events so far.

    A phase is closed once the plan goes on to the next (its rules checked as in a whole
    turn: R1, P1), or when nothing is left to do in it: no stone can be taken any more,
    no stone is in hand and no bonus stone is left. A front end asks for the position so
    far after each action, and every other question (removals, placements, reach) on it.

    >>> from service.terra_turrium.wire.codec import parse_turn_plan
    >>> from service.terra_turrium.setup import setup_position, place_turrians
    >>> p = place_turrians(setup_position(4), {"yellow": ["a10"]})
    >>> after, _ = progress_turn(p, parse_turn_plan({"take": ["b10", "c10"]}))
    >>> after.turn.phase.value, after.turn.in_hand
    ('take', 2)
    >>> after, _ = progress_turn(p, parse_turn_plan({"take": ["b10", "c10", "d10"], "place": ["b10"]}))
    >>> after.turn.phase.value, after.turn.in_hand
    ('place', 2)
    """
    if position.is_game_over:
        raise illegal(Reason.GAME_OVER, None, 0)
    events: list[Event] = []
    position = play_take(position, plan, events, close=bool(plan.place or plan.move))
    if position.turn.phase is not Phase.TAKE:
        position = play_place(position, plan, events, close=bool(plan.move))
    if position.turn.phase is Phase.MOVE:
        position = play_move(position, plan, events)
    elif plan.move:  # pragma: no cover - a plan with walks closes the earlier phases
        raise AssertionError("walks before the move phase")
    return position, with_interpretations(events, position.rules)


def validate_turn(position: Position, plan: TurnPlan) -> Violation | None:
    """The first illegal action of ``plan``, or ``None`` if the whole turn is legal."""
    try:
        _walk(_play_stones(position, plan, None), plan, None)
    except IllegalTurnError as exc:
        violation: Violation = exc.violation
        return violation
    return None
