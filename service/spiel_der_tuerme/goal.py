"""The end of the game (TE1–TE5) and its score (TS1–TS3): who met the aim.

The game ends at once, after any move, when a quarter is completed (TE1), when no stack
is left on a street square (TE2) or when a seat has no stack on a street square (TE3);
if several hold, TE5 picks the reason. [interpretation] When no seat at all has a legal
move, nobody could ever move again: the game ends as well, as ``stuck`` (TE3), naming
the seat whose turn just ended.

A seat scores one point per stone in each of its stacks on a symbol square (TS1); after
a completed quarter (TE1) that quarter counts double for the seat that completed it
(TS2); the winners are the seats with the most points, once the game is over (TS3).

>>> from service.spiel_der_tuerme.setup import setup_position
>>> p = setup_position(2, seed=1)
>>> end_after_move(p, p.to_move) is None, is_deadlocked(p)
(True, False)
>>> s = score(p)
>>> [(seat.seat.value, seat.points) for seat in s.seats], s.game_over, s.winners
([('yellow', 0), ('red', 0)], False, ())
"""

from __future__ import annotations

from dataclasses import dataclass

from service.spiel_der_tuerme.board import QUARTER, SYMBOL_SQUARES, Colour
from service.spiel_der_tuerme.moves import can_move
from service.spiel_der_tuerme.position import EndReason, Over, Position


def stuck_seats(position: Position, first: Colour) -> tuple[Colour, ...]:
    """TE3: the seats without a stack on a street square, in turn order from ``first``."""
    counts = position.street_stacks
    return tuple(seat for seat in position.seats_from(first) if counts[seat] == 0)


def end_after_move(position: Position, mover: Colour) -> Over | None:
    """TE1–TE3 with TE5's order, judged on ``position`` just after ``mover`` moved.

    TE1 names the quarter and its colour (the lowest quarter number if, in a position
    built by hand, several are complete); TE3 the first stuck seat in turn order
    starting with ``mover``.
    """
    for quarter, colour in position.completed_quarters:
        return Over(EndReason.QUARTER, quarter, colour)
    if not any(position.street_stacks.values()):
        return Over(EndReason.STREETS_EMPTY)
    stuck = stuck_seats(position, mover)
    if stuck:
        return Over(EndReason.STUCK, None, stuck[0])
    return None


def is_deadlocked(position: Position) -> bool:
    """[interpretation] TE3: whether no seat has any legal move (TN4 disregarded, since
    a blocked stone can always be moved by another seat), so the board can never change."""
    return not any(can_move(position, seat) for seat in position.seats_from(position.to_move))


# ------------------------------------------------------------------ the score


@dataclass(frozen=True)
class QuarterScore:
    """A seat's points in one quarter; ``doubled`` when TS2 doubled them."""

    quarter: int
    points: int
    doubled: bool = False


@dataclass(frozen=True)
class SeatScore:
    """A seat's points, and the quarters they come from (only those where it has a
    stack on a symbol square), in quarter order."""

    seat: Colour
    points: int
    quarters: tuple[QuarterScore, ...]


@dataclass(frozen=True)
class Score:
    """Every seat's score in turn order; ``winners`` only once the game is over (TS3)."""

    seats: tuple[SeatScore, ...]
    game_over: bool
    winners: tuple[Colour, ...]


def score(position: Position) -> Score:
    """TS1–TS3 for ``position``: the points as they stand, final once the game is over."""
    over = position.over
    doubled_quarter, doubled_seat = None, None
    if over is not None and over.reason is EndReason.QUARTER:
        doubled_quarter, doubled_seat = over.quarter, over.seat
    per_seat: dict[Colour, dict[int, int]] = {seat: {} for seat in position.seats}
    stacks = position.stacks
    for square in SYMBOL_SQUARES:
        stack = stacks[square]
        if stack is None or stack.top not in per_seat:
            continue  # TS1: neutral colours score nothing (and never top a symbol square)
        quarter = QUARTER[square]
        assert quarter is not None
        quarters = per_seat[stack.top]
        quarters[quarter] = quarters.get(quarter, 0) + stack.height
    seats = []
    for seat, quarters in per_seat.items():
        found = []
        for quarter in sorted(quarters):
            doubled = quarter == doubled_quarter and seat is doubled_seat
            points = quarters[quarter] * (2 if doubled else 1)
            found.append(QuarterScore(quarter, points, doubled))
        seats.append(SeatScore(seat, sum(q.points for q in found), tuple(found)))
    return Score(tuple(seats), over is not None, winners_of(tuple(seats)) if over is not None else ())


def winners_of(seats: tuple[SeatScore, ...]) -> tuple[Colour, ...]:
    """TS3: the seats with the most points, in turn order (ties share the win)."""
    best = max(s.points for s in seats)
    return tuple(s.seat for s in seats if s.points == best)
