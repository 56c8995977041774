"""Board geometry (B1–B4): squares, rings, territories, the play area, entry rows.

Everything here is a pure function of the 10 × 10 grid, so it is computed once at
import time into tuples indexed by :data:`Square`.

A square is an ``int`` from 0 (``a1``) to 99 (``j10``): ``square = rank * 10 + file``
with 0-based rank and file. Ascending order is the *board order* a1, b1 … j1, a2 … j10
in which every answer lists its squares.

>>> parse_square("c7")
62
>>> square_name(62)
'c7'
>>> RING[parse_square("e5")], TERRITORY[parse_square("e5")]
(4, <Territory.SW: 'SW'>)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Final

from service.common.grid import Grid
from service.common.grid import Square as Square

if TYPE_CHECKING:  # the position's module imports this one
    from service.terra_turrium.position import Rules

SIZE: Final = 10
"""B1: files and ranks."""
GRID: Final = Grid(SIZE, SIZE)
"""B1: the square names and orthogonal neighbours every grid game shares."""
FILE_NAMES: Final = GRID.file_names
SQUARES: Final = GRID.squares


class Territory(str, enum.Enum):
    """The four 5 × 5 quarters (B3), in clockwise order NW → NE → SE → SW."""

    NW = "NW"
    NE = "NE"
    SE = "SE"
    SW = "SW"


CLOCKWISE: Final = (Territory.NW, Territory.NE, Territory.SE, Territory.SW)

square_name: Final = GRID.square_name
parse_square: Final = GRID.parse_square
"""``'a1'`` → ``0``; raises :class:`MalformedError` for anything but ``a1`` … ``j10``."""

SQUARE_NAMES: Final = GRID.names
SQUARE_BY_NAME: Final = GRID.by_name


def _ring(square: Square) -> int:
    f, r = GRID.file_of(square), GRID.rank_of(square)
    return min(f, SIZE - 1 - f, r, SIZE - 1 - r)


def _territory(square: Square) -> Territory:
    west, south = GRID.file_of(square) < 5, GRID.rank_of(square) < 5
    if south:
        return Territory.SW if west else Territory.SE
    return Territory.NW if west else Territory.NE


RING: Final[tuple[int, ...]] = tuple(_ring(s) for s in SQUARES)
"""B2: distance to the nearest edge; 0 is the outermost row, 3 and 4 the centre."""

TERRITORY: Final[tuple[Territory, ...]] = tuple(_territory(s) for s in SQUARES)
"""B3: the quarter each square belongs to."""

TERRITORY_SQUARES: Final[dict[Territory, tuple[Square, ...]]] = {
    t: tuple(s for s in SQUARES if TERRITORY[s] is t) for t in Territory
}

CENTRE: Final[frozenset[Square]] = frozenset(s for s in SQUARES if RING[s] >= 3)
"""The central 4 × 4 block, built two stones high with 3 and 4 players (B6)."""


NEIGHBOURS: Final[tuple[tuple[Square, ...], ...]] = GRID.neighbours
"""B1: orthogonally adjacent squares, never diagonal."""


def are_adjacent(a: Territory, b: Territory) -> bool:
    """Whether two territories share an edge (S1 team play): NW–NE, NE–SE, SE–SW, SW–NW.

    >>> are_adjacent(Territory.NW, Territory.NE), are_adjacent(Territory.NW, Territory.SE)
    (True, False)
    """
    i, j = CLOCKWISE.index(a), CLOCKWISE.index(b)
    return (i - j) % 4 in (1, 3)


def outermost_ring(players: int, rules: Rules) -> int:
    """B4: the outermost ring still in play.

    4 players play on every square; 2 and 3 players lose ring 0; the 2-player
    ``two_player_board: "6x6"`` option loses ring 1 as well.

    >>> from service.terra_turrium.position import Rules, TwoPlayerBoard
    >>> six = Rules(two_player_board=TwoPlayerBoard.SIX)
    >>> outermost_ring(4, Rules()), outermost_ring(3, Rules()), outermost_ring(2, six)
    (0, 1, 2)
    """
    if players >= 4:
        return 0
    if players == 2 and rules.six_by_six:
        return 2
    return 1


def play_area(players: int, rules: Rules) -> frozenset[Square]:
    """B4: the squares in play."""
    ring = outermost_ring(players, rules)
    return frozenset(s for s in SQUARES if RING[s] >= ring)


def entry_row(territory: Territory, players: int, rules: Rules) -> tuple[Square, ...]:
    """M9: the squares of ``territory`` where a reserve turrian re-enters.

    The outermost in-play row of the territory: ring 0 with 4 players, ring 1 with
    2 or 3, ring 2 on the 2-player 6 × 6 board.

    >>> from service.terra_turrium.position import Rules
    >>> [square_name(s) for s in entry_row(Territory.SW, 3, Rules())]
    ['b2', 'c2', 'd2', 'e2', 'b3', 'b4', 'b5']
    """
    return _ENTRY_ROWS[territory, outermost_ring(players, rules)]


_ENTRY_ROWS: Final = {
    (territory, ring): tuple(s for s in TERRITORY_SQUARES[territory] if RING[s] == ring)
    for territory in CLOCKWISE
    for ring in (0, 1, 2)
}
"""M9: each territory's squares on each ring that can be the outermost in play."""
