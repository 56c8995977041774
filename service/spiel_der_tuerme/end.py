"""The end of the game (TE1–TE5).

The game ends at once, after any move, when a quarter is completed (TE1), when no stack
is left on a street square (TE2) or when a seat has no stack on a street square (TE3);
if several hold, TE5 picks the reason. [interpretation] When no seat at all has a legal
move, nobody could ever move again: the game ends as well, as ``stuck`` (TE3), naming
the seat whose turn just ended.

>>> from service.spiel_der_tuerme.setup import setup_position
>>> p = setup_position(2, seed=1)
>>> end_after_move(p, p.to_move) is None, is_deadlocked(p)
(True, False)
"""

from __future__ import annotations

from service.spiel_der_tuerme.board import Colour
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
