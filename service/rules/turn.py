"""Whole turns (T1 with R, P, M, G): parsing, validation and application.

A :class:`Turn` is the rest of the mover's turn, starting from the position's ``turn``
context: from the start of a turn it holds all three phases. :func:`apply_turn` plays
it action by action on copies and stops at the first illegal action
(:class:`IllegalTurnError`); :func:`validate_turn` reports that action as a
:class:`Violation` instead. The input position is never changed.

>>> from service.rules.setup import setup_position, place_turrians
>>> p = place_turrians(setup_position(2), {"yellow": ["b9"], "red": ["b2"]})
>>> t = parse_turn({"take": ["b9"], "place": [], "move": []})
>>> v = validate_turn(p, t)
>>> v.rule, v.phase, v.index
('R2', 'take', 0)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from service.rules.board import SQUARES, Square, square_name
from service.rules.errors import IllegalTurnError, MalformedError, Violation
from service.rules.goal import hold_squares, is_holding, meets_goal
from service.rules.move import ENTRY_COST, MoveBoard
from service.rules.place import placement_refusal
from service.rules.position import (
    NOBODY,
    START_OF_TURN,
    STONES_PER_TURN,
    Goal,
    Phase,
    Position,
    Seat,
)
from service.rules.shapes import expect_list, expect_object, expect_square
from service.rules.take import legal_removals, removal_refusal


@dataclass(frozen=True)
class Segment:
    """One turrian's walk: from ``origin`` (``None``: the reserve, M9) along ``path``."""

    origin: Square | None
    path: tuple[Square, ...]


@dataclass(frozen=True)
class Turn:
    """The actions of (the rest of) a turn, in order, per phase."""

    take: tuple[Square, ...] = ()
    place: tuple[Square, ...] = ()
    move: tuple[Segment, ...] = ()


class EventType(str, enum.Enum):
    """What :func:`apply_turn` reports, in the order it happened."""

    TAKE = "take"
    PLACE = "place"
    ENTER = "enter"
    MOVE = "move"
    CAPTURE = "capture"
    ATTACK = "attack"
    HOLD = "hold"
    HOLD_LOST = "hold_lost"
    FINISH = "finish"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Event:
    """One thing that happened in a turn. Fields that do not apply are ``None``.

    ``take``/``place`` (``bonus`` for a handicap stone)/``enter``: ``square``;
    ``move``: ``origin`` (a square or ``"reserve"``), ``square`` (where it ended), ``cost``;
    ``capture``: ``square``, ``victim``, ``kind``; ``attack``: ``attacks`` (new counter);
    ``hold``: ``squares`` (the recorded ``pro_hold``); ``finish``; ``game_over``: ``winners``.
    """

    type: EventType
    seat: str
    square: Square | None = None
    origin: str | None = None
    cost: int | None = None
    victim: str | None = None
    kind: str | None = None
    bonus: bool | None = None
    attacks: int | None = None
    squares: tuple[Square, ...] | None = None
    winners: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: fields that do not apply are left out."""
        out: dict[str, Any] = {"type": self.type.value, "seat": self.seat}
        if self.square is not None:
            out["square"] = square_name(self.square)
        for key in ("origin", "cost", "victim", "kind", "bonus", "attacks"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.squares is not None:
            out["squares"] = [square_name(s) for s in self.squares]
        if self.winners is not None:
            out["winners"] = list(self.winners)
        return out


# ---------------------------------------------------------------------------- parsing


def _squares(value: object, where: str) -> tuple[Square, ...]:
    return tuple(expect_square(v, f"{where}/{i}") for i, v in enumerate(expect_list(value, where)))


def parse_turn(data: object) -> Turn:
    """A :class:`Turn` from its JSON form (API.md "Turn"); every list is optional.

    >>> parse_turn({"move": [{"from": "reserve", "path": ["a6"]}]}).move
    (Segment(origin=None, path=(50,)),)
    """
    obj = expect_object(data, "", set(), {"take", "place", "move"})
    segments = []
    for i, raw in enumerate(expect_list(obj.get("move", []), "/move")):
        where = f"/move/{i}"
        seg = expect_object(raw, where, {"from", "path"}, {"from", "path"})
        origin = seg["from"]
        start = None if origin == "reserve" else expect_square(origin, f"{where}/from")
        path = _squares(seg["path"], f"{where}/path")
        if not path:
            raise MalformedError("must list at least one square", f"{where}/path")
        segments.append(Segment(start, path))
    return Turn(
        take=_squares(obj.get("take", []), "/take"),
        place=_squares(obj.get("place", []), "/place"),
        move=tuple(segments),
    )


def turn_to_dict(turn: Turn) -> dict[str, Any]:
    """The JSON form of a :class:`Turn`."""
    return {
        "take": [square_name(s) for s in turn.take],
        "place": [square_name(s) for s in turn.place],
        "move": [
            {
                "from": "reserve" if seg.origin is None else square_name(seg.origin),
                "path": [square_name(s) for s in seg.path],
            }
            for seg in turn.move
        ],
    }


# ---------------------------------------------------------------------------- playing


def _illegal(rule: str, phase: str, index: int, detail: str, step: int | None = None) -> IllegalTurnError:
    return IllegalTurnError(Violation(rule, phase, index, detail, step))


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


def play_take(position: Position, turn: Turn, events: list[Event]) -> Position:
    """Phase 1 of ``turn`` (R1–R7); the position ready for phase 2."""
    state = position.turn
    if turn.take and state.phase is not Phase.TAKE:
        raise _illegal("T1", "take", 0, "the take phase of this turn is over")
    seat = position.to_move
    for i, square in enumerate(turn.take):
        refusal = removal_refusal(position, square)
        if refusal is not None:
            raise _illegal(refusal[0], "take", i, refusal[1])
        position = take_stone(position, square)
        events.append(Event(EventType.TAKE, seat, square))
    if position.turn.phase is Phase.TAKE:
        # R1: three stones, unless no further stone can be taken.
        taken = len(position.turn.taken)
        if taken < STONES_PER_TURN:
            options = legal_removals(position)
            if options:
                raise _illegal(
                    "R1",
                    "take",
                    len(turn.take),
                    f"three stones must be taken and only {taken} were; "
                    f"{square_name(options[0].square)} can still be taken",
                )
        position = replace(position, turn=replace(position.turn, phase=Phase.PLACE, taken=()))
    return position


def play_place(position: Position, turn: Turn, events: list[Event]) -> Position:
    """Phase 2 of ``turn`` (P1–P3); the position ready for phase 3."""
    state = position.turn
    if turn.place and state.phase is Phase.MOVE:
        raise _illegal("T1", "place", 0, "the place phase of this turn is over")
    if state.phase is not Phase.PLACE:
        return position
    mover = position.mover
    in_hand, bonus = state.in_hand, mover.bonus_stones
    seat = mover.id
    heights = list(position.heights)
    for i, square in enumerate(turn.place):
        refusal = placement_refusal(position, square)
        if refusal is not None:
            raise _illegal(refusal[0], "place", i, refusal[1])
        if i >= in_hand + bonus:
            if bonus:
                detail = f"only {in_hand} stones taken and {bonus} bonus stones are left to place"
                raise _illegal("P3", "place", i, detail)
            raise _illegal("P1", "place", i, f"only {in_hand} stones are in hand")
        heights[square] += 1
        events.append(Event(EventType.PLACE, seat, square, bonus=i >= in_hand))
    placed = len(turn.place)
    if placed < in_hand:
        raise _illegal(
            "P1",
            "place",
            placed,
            f"all stones taken are placed in the same turn: {in_hand - placed} still in hand",
        )
    seats = list(position.seats)
    used_bonus = placed - in_hand
    seats[position.mover_index] = replace(mover, bonus_stones=bonus - used_bonus)
    return replace(
        position,
        heights=tuple(heights),
        seats=tuple(seats),
        turn=replace(state, phase=Phase.MOVE, in_hand=0),
    )


def play_move(position: Position, turn: Turn, events: list[Event]) -> Position:
    """Phase 3 of ``turn`` (M1–M10), before the end-of-turn bookkeeping."""
    board = MoveBoard(position)
    me = position.mover_index
    seats = list(position.seats)
    reserve = seats[me].reserve
    points = position.turn.points
    attacked = position.turn.attacked
    attacks = seats[me].attacks
    lost = [0] * len(seats)
    seat = seats[me].id
    for i, segment in enumerate(turn.move):
        spent = 0
        here = segment.origin
        if here is None:
            if reserve == 0:
                raise _illegal("M9", "move", i, "no turrian of yours is in reserve")
            entry = segment.path[0]
            refusal = board.entry_refusal(entry)
            if refusal is not None:
                raise _illegal(refusal[0], "move", i, refusal[1], 0)
            if ENTRY_COST > points:
                raise _illegal("M1", "move", i, "no movement point is left to bring a turrian back", 0)
            points -= ENTRY_COST
            spent += ENTRY_COST
            reserve -= 1
            board.move(None, entry)
            events.append(Event(EventType.ENTER, seat, entry))
            here, steps = entry, segment.path[1:]
            first_step = 1
        else:
            if board.occupant[here] != me:
                raise _illegal("S2", "move", i, f"no turrian of yours stands on {square_name(here)}")
            steps, first_step = segment.path, 0
        start = "reserve" if segment.origin is None else square_name(segment.origin)
        for k, to in enumerate(steps, start=first_step):
            cost = board.step_cost(here, to)
            if cost < 0:
                rule, detail = board.explain(cost, here, to)
                raise _illegal(rule, "move", i, detail, k)
            if cost > points:
                raise _illegal(
                    "M1",
                    "move",
                    i,
                    f"the step to {square_name(to)} costs {cost} points and only {points} are left",
                    k,
                )
            points -= cost
            spent += cost
            victim = board.move(here, to)
            if victim != NOBODY:
                lost[victim] += 1
                attack = board.is_attack(to)
                events.append(
                    Event(
                        EventType.CAPTURE,
                        seat,
                        to,
                        victim=seats[victim].id,
                        kind="attack" if attack else "defence",
                    )
                )
                if attack and not attacked:
                    # M8: all attacks of one turn count as one.
                    attacked = True
                    attacks += 1
                    board.attacked = True
                    events.append(Event(EventType.ATTACK, seat, attacks=attacks))
            here = to
        events.append(Event(EventType.MOVE, seat, here, origin=start, cost=spent))
    occupant = board.occupant
    # Only the mover and the seats it captured from have turrians elsewhere now.
    for index in (me, *(i for i, n in enumerate(lost) if n)):
        squares = tuple(s for s in SQUARES if occupant[s] == index)
        seats[index] = replace(seats[index], turrians=squares)
    seats[me] = replace(seats[me], attacks=attacks)
    return replace(
        position, seats=tuple(seats), turn=replace(position.turn, points=points, attacked=attacked)
    )


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
    """G1–G4 after the mover's actions, then hand the turn on."""
    me = position.mover_index
    mover = position.seats[me]
    partner = position.partner(me)
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


def apply_turn(position: Position, turn: Turn) -> tuple[Position, tuple[Event, ...]]:
    """Play ``turn`` for the mover; the new position (``to_move`` advanced, ``turn`` reset,
    counters, finishers and holds updated) and the events in order.

    Raises :class:`IllegalTurnError` at the first illegal action.
    """
    if position.is_game_over:
        raise _illegal("G3", "turn", 0, "the game is over: no more turns are played")
    events: list[Event] = []
    position = play_take(position, turn, events)
    position = play_place(position, turn, events)
    position = play_move(position, turn, events)
    position = _end_of_turn(position, events)
    return position, tuple(events)


def validate_turn(position: Position, turn: Turn) -> Violation | None:
    """The first illegal action of ``turn``, or ``None`` if the whole turn is legal."""
    try:
        apply_turn(position, turn)
    except IllegalTurnError as exc:
        return exc.violation
    return None
