"""The board and the stones (TB1–TB4): squares, streets, quarters, symbols, colours, rays.

Everything here is a pure function of the 14 × 8 grid, so it is computed once at
import time into tuples indexed by :data:`Square`.

A square is an ``int`` from 0 (``a1``) to 111 (``n8``): ``square = rank * 14 + file``
with 0-based rank and file. Ascending order is the *board order* a1, b1 … n1, a2 … n8
in which every answer lists its squares.

>>> parse_square("c3"), square_name(30)
(30, 'c3')
>>> IS_STREET[parse_square("a1")], SYMBOL[parse_square("b3")], QUARTER[parse_square("b3")]
(True, <Symbol.A: 'A'>, 1)
>>> len(STREET_SQUARES), len(SYMBOL_SQUARES)
(80, 32)
"""

from __future__ import annotations

import enum
from typing import Final

from service.common.grid import Direction as Direction
from service.common.grid import Grid
from service.common.grid import Square as Square

FILES: Final = 14
RANKS: Final = 8
GRID: Final = Grid(FILES, RANKS)
"""TB1: the square names and rays every grid game shares."""
FILE_NAMES: Final = GRID.file_names
SQUARES: Final = GRID.squares


class Colour(str, enum.Enum):
    """TB4: the four stone colours, in the order the set-up gives them to seats."""

    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"
    GREEN = "green"


COLOURS: Final = tuple(Colour)
"""Iterating an Enum class is slow on 3.11; hot paths use this tuple."""


class Symbol(str, enum.Enum):
    """TB3: the four symbols of stones and symbol squares."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


SYMBOLS: Final = tuple(Symbol)

square_at: Final = GRID.square_at
square_name: Final = GRID.square_name
parse_square: Final = GRID.parse_square
"""``'a1'`` → ``0``; raises :class:`MalformedError` for anything but ``a1`` … ``n8``."""

SQUARE_NAMES: Final = GRID.names
SQUARE_BY_NAME: Final = GRID.by_name
"""Square name → square, for readers that collect problems instead of raising."""


# TB2: the quarters' south-west corners, quarters 1–4 on ranks 2–3, 5–8 on ranks 6–7.
_QUARTER_FILES: Final = (1, 4, 8, 11)
_QUARTER_RANKS: Final = (1, 5)
QUARTERS: Final = tuple(range(1, 9))
"""TB2: the quarter numbers, 1–8."""


def _quarter_layout() -> dict[Square, tuple[int, Symbol]]:
    layout: dict[Square, tuple[int, Symbol]] = {}
    number = 1
    for rank in _QUARTER_RANKS:
        for file in _QUARTER_FILES:
            # TB3: A north-west, B north-east, C south-west, D south-east.
            layout[square_at(file, rank + 1)] = (number, Symbol.A)
            layout[square_at(file + 1, rank + 1)] = (number, Symbol.B)
            layout[square_at(file, rank)] = (number, Symbol.C)
            layout[square_at(file + 1, rank)] = (number, Symbol.D)
            number += 1
    return layout


_LAYOUT: Final = _quarter_layout()

SYMBOL: Final[tuple[Symbol | None, ...]] = tuple(_LAYOUT[s][1] if s in _LAYOUT else None for s in SQUARES)
"""TB3: the symbol of each symbol square; ``None`` for a street square."""

QUARTER: Final[tuple[int | None, ...]] = tuple(_LAYOUT[s][0] if s in _LAYOUT else None for s in SQUARES)
"""TB2: the quarter (1–8) of each symbol square; ``None`` for a street square."""

IS_STREET: Final[tuple[bool, ...]] = tuple(s not in _LAYOUT for s in SQUARES)
"""TB2: whether a square is a street square."""

STREET_SQUARES: Final = tuple(s for s in SQUARES if IS_STREET[s])
"""TB2: the 80 street squares, board order."""

SYMBOL_SQUARES: Final = tuple(s for s in SQUARES if not IS_STREET[s])
"""TB2: the 32 symbol squares, board order."""

QUARTER_SQUARES: Final[dict[int, tuple[Square, ...]]] = {
    q: tuple(s for s in SYMBOL_SQUARES if QUARTER[s] == q) for q in QUARTERS
}
"""TB2: quarter → its four symbol squares, board order (C, D, A, B).

>>> [square_name(s) for s in QUARTER_SQUARES[5]]
['b6', 'c6', 'b7', 'c7']
"""


def is_street(square: Square) -> bool:
    """TB2: whether ``square`` is a street square.

    >>> is_street(parse_square("d4")), is_street(parse_square("e6"))
    (True, False)
    """
    return IS_STREET[square]


RAYS: Final[tuple[tuple[tuple[Square, ...], ...], ...]] = GRID.rays
"""TM3: per square, the squares in each :class:`Direction`, nearest first.

>>> [square_name(s) for s in RAYS[parse_square("b2")][Direction.SOUTH]]
['b1']
"""


def between(a: Square, b: Square) -> tuple[Square, ...] | None:
    """TM3/TM4: the squares strictly between ``a`` and ``b`` on one rank or file, nearest
    ``a`` first; ``None`` when they share neither (or are the same square).

    >>> [square_name(s) for s in between(parse_square("a1"), parse_square("d1"))]
    ['b1', 'c1']
    >>> between(parse_square("a1"), parse_square("b2")) is None
    True
    """
    for ray in RAYS[a]:
        if b in ray:
            return ray[: ray.index(b)]
    return None
