"""Square grids: what every board game of the oracle shares about its squares.

A board is ``files`` × ``ranks`` squares. A square is an ``int``, ``rank * files + file``
with 0-based file and rank, so ascending order is the *board order* a1, b1 … in which
every answer lists its squares, and every table about squares is a tuple indexed by
them. A square's name is its file letter and its 1-based rank (``a1``, ``c7``); only
the lower-case names of the board are squares.

Each game's ``board`` module makes its own :class:`Grid` once at import and adds what
only that game knows (territories, quarters, symbols).

>>> grid = Grid(14, 8)
>>> grid.parse_square("c3"), grid.square_name(30), grid.last
(30, 'c3', 'n8')
>>> [grid.square_name(s) for s in grid.neighbours[grid.parse_square("a1")]]
['b1', 'a2']
>>> [grid.square_name(s) for s in grid.rays[grid.parse_square("b2")][Direction.SOUTH]]
['b1']
>>> grid.name_pattern, Grid(10, 10).name_pattern
('[a-n][1-8]', '[a-j](?:10|[1-9])')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from service.common.errors import MalformedError
from service.common.refusal import N_

Square = int
"""A square index: ``rank * files + file``."""


def board_order(squares: Iterable[Square]) -> tuple[Square, ...]:
    """``squares`` in board order (a1, b1 … the first rank, then the next), as every
    answer lists them: ascending indices.

    >>> board_order([12, 0, 3])
    (0, 3, 12)
    """
    return tuple(sorted(squares))


FILE_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
NOT_A_SQUARE: Final = N_("{name} is not a square (a1 … {last})")
# What a square name must be, as problems word it; each board fills in its last square
# (Grid.last), so that no message spells a board's size.
A_SQUARE: Final = N_("a square a1 … {last}")
"""``a square a1 … j10``: what a member must be (``must be a square a1 … j10``)."""
def square_doc(last: str) -> str:
    """The document's description of a square member (``A square, a1 … j10.``), in the
    document's English: a sentence of the catalogs is never cut up for it."""
    return f"A square, a1 … {last}."


SQUARE_RANGE: Final = N_("square a1 … {last}")
"""``square a1 … j10``: what an entry of a list is not (``'k1' is not a square a1 … j10``)."""
NOT_A_SQUARE_NAMED: Final = N_("{text} is not a square a1 … {last}")
"""A word of a text (a turn's notation) that names no square."""


class Direction(enum.IntEnum):
    """The four orthogonal directions, north first, clockwise."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3


STEP: Final[Mapping[Direction, tuple[int, int]]] = MappingProxyType(
    {
        Direction.NORTH: (0, 1),
        Direction.EAST: (1, 0),
        Direction.SOUTH: (0, -1),
        Direction.WEST: (-1, 0),
    }
)
"""A direction's change of (file, rank)."""


@dataclass(frozen=True)
class Grid:
    """A board of ``files`` × ``ranks`` squares, with its names and geometry tables."""

    files: int
    ranks: int
    squares: tuple[Square, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """Square → its name, board order."""
    by_name: Mapping[str, Square] = field(init=False, repr=False, compare=False)
    """Name → square, for readers that collect problems instead of raising."""
    neighbours: tuple[tuple[Square, ...], ...] = field(init=False, repr=False, compare=False)
    """Orthogonally adjacent squares, never diagonal, in board order (south, west,
    east, north) so that searches visit squares in a reproducible order."""
    rays: tuple[tuple[tuple[Square, ...], ...], ...] = field(init=False, repr=False, compare=False)
    """Per square, the squares in each :class:`Direction`, nearest first."""

    def __post_init__(self) -> None:
        if not (1 <= self.files <= len(FILE_LETTERS) and self.ranks >= 1):
            raise ValueError(f"no grid of {self.files} × {self.ranks} squares")
        squares = tuple(range(self.files * self.ranks))
        names = tuple(f"{FILE_LETTERS[s % self.files]}{s // self.files + 1}" for s in squares)
        # A frozen dataclass sets its derived tables once, here, through object.__setattr__.
        object.__setattr__(self, "squares", squares)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "by_name", MappingProxyType({name: s for s, name in enumerate(names)}))
        object.__setattr__(self, "neighbours", tuple(self._neighbours(s) for s in squares))
        object.__setattr__(self, "rays", tuple(tuple(self._ray(s, d) for d in Direction) for s in squares))

    @property
    def file_names(self) -> str:
        """The files' letters, west to east (``'abcdefghij'`` on a 10 × 10 board)."""
        return FILE_LETTERS[: self.files]

    @property
    def last(self) -> str:
        """The name of the last square in board order (``j10`` on a 10 × 10 board)."""
        return self.names[-1]

    @property
    def name_pattern(self) -> str:
        """A regular expression (no anchors, no capturing group; valid in Python and in
        OpenAPI's ECMA dialect) that matches exactly the names of the squares.

        >>> import re
        >>> pattern = re.compile(Grid(10, 10).name_pattern)
        >>> [bool(pattern.fullmatch(n)) for n in ("a1", "j10", "k1", "a11", "a0", "A1")]
        [True, True, False, False, False, False]
        """
        files = f"[{FILE_LETTERS[0]}-{FILE_LETTERS[self.files - 1]}]"
        if self.ranks <= 9:
            return f"{files}[1-{self.ranks}]"
        if self.ranks <= 19:
            return f"{files}(?:1[0-{self.ranks - 10}]|[1-9])".replace("1[0-0]", "10")
        raise ValueError(f"no square pattern for {self.ranks} ranks")

    def file_of(self, square: Square) -> int:
        """0-based file (a = 0)."""
        return square % self.files

    def rank_of(self, square: Square) -> int:
        """0-based rank (rank 1 = 0)."""
        return square // self.files

    def square_at(self, file: int, rank: int) -> Square:
        """The square at 0-based ``file`` and ``rank``."""
        return rank * self.files + file

    def contains(self, file: int, rank: int) -> bool:
        """Whether 0-based ``file`` and ``rank`` lie on the board."""
        return 0 <= file < self.files and 0 <= rank < self.ranks

    def square_name(self, square: Square) -> str:
        """``0`` → ``'a1'``."""
        return self.names[square]

    def parse_square(self, name: object) -> Square:
        """``'a1'`` → ``0``; raises :class:`MalformedError` for anything else, a value
        that is no string too (compiled by mypyc, a ``str`` parameter would refuse it
        with a TypeError instead).

        >>> Grid(10, 10).parse_square("k1")
        Traceback (most recent call last):
        ...
        service.common.errors.MalformedError: 'k1' is not a square (a1 … j10)
        """
        square = self.by_name.get(name) if isinstance(name, str) else None
        if square is None:
            raise MalformedError(NOT_A_SQUARE(name=repr(name), last=self.last))
        return square

    def _neighbours(self, square: Square) -> tuple[Square, ...]:
        f, r = self.file_of(square), self.rank_of(square)
        candidates = ((f, r - 1), (f - 1, r), (f + 1, r), (f, r + 1))
        return tuple(self.square_at(x, y) for x, y in candidates if self.contains(x, y))

    def _ray(self, square: Square, direction: Direction) -> tuple[Square, ...]:
        dx, dy = STEP[direction]
        f, r = self.file_of(square) + dx, self.rank_of(square) + dy
        found = []
        while self.contains(f, r):
            found.append(self.square_at(f, r))
            f, r = f + dx, r + dy
        return tuple(found)
