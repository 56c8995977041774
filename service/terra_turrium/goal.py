"""Goal and end of the game (G1–G4).

>>> GOAL_HEIGHTS[Goal.STANDARD], GOAL_HEIGHTS[Goal.PRO]
((1, 2, 3, 4, 5, 6), (2, 3, 4, 5, 6, 7))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from service.common.frozen import quick_init
from service.terra_turrium.board import Square
from service.terra_turrium.position import Goal, Position, Seat

GOAL_HEIGHTS: Final = {Goal.STANDARD: (1, 2, 3, 4, 5, 6), Goal.PRO: (2, 3, 4, 5, 6, 7)}
"""G1, G2: the tower heights the six turrians must stand on, one each."""

OPENING_HEIGHTS: Final = (1, 2, 3, 4, 4, 5)
"""V2: the towers, sorted, a seat stands on when it opens the Burgenland capture phase."""

HELD_HEIGHTS: Final = (5, 6, 7)
"""G2: the towers whose squares are recorded in ``pro_hold`` and must be held."""


@quick_init
@dataclass(frozen=True)
class GoalStatus:
    """Whether a seat meets the goal now, the heights it stands on and those it lacks."""

    seat: str
    goal_met: bool
    heights: tuple[int, ...]
    missing: tuple[int, ...]


def goal_status(position: Position, seat: Seat) -> GoalStatus:
    """G1/G2 for one seat, judged on the board as it stands.

    ``heights`` is sorted; ``missing`` lists the goal heights no turrian stands on.
    """
    heights = tuple(sorted(position.heights[s] for s in seat.turrians))
    goal = GOAL_HEIGHTS[position.rules.goal]
    missing = tuple(h for h in goal if h not in heights)
    return GoalStatus(seat.id, heights == goal, heights, missing)


def meets_goal(position: Position, seat: Seat) -> bool:
    """G1/G2: six turrians on towers of exactly the goal heights, one each."""
    return goal_status(position, seat).goal_met


def opens_captures(position: Position, seat: Seat) -> bool:
    """V2: six turrians on towers of exactly 5, 4, 4, 3, 2 and 1.

    >>> from service.terra_turrium.setup import setup_position
    >>> opens_captures(setup_position(4), setup_position(4).seats[0])
    False
    """
    return tuple(sorted(position.heights[s] for s in seat.turrians)) == OPENING_HEIGHTS


def hold_squares(position: Position, seat: Seat) -> tuple[Square, ...]:
    """G2: the squares of the seat's turrians on the 5-, 6- and 7-towers, in that order."""
    by_height = {position.heights[s]: s for s in seat.turrians}
    return tuple(by_height[h] for h in HELD_HEIGHTS if h in by_height)


def is_holding(position: Position, index: int) -> bool:
    """G2: whether seat ``index`` still stands on every square of its ``pro_hold``."""
    hold = position.seats[index].pro_hold
    occupant = position.occupant
    return hold is not None and all(occupant[s] == index for s in hold)


def winners(position: Position) -> tuple[str, ...]:
    """G3: the seats that finished, once the game is over; otherwise none."""
    return position.finishers if position.is_game_over else ()
