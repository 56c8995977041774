"""The position: immutable value objects for stacks, rules, the turn in progress and
the end of the game.

A :class:`Position` is everything the rules need to answer a question: the stack on
each square, the seats in turn order, who is to move, the rule options, the context
of the turn in progress, the neutral stones the mover may not move (TN4) and, once the
game is over, why. Build one with :func:`~service.spiel_der_tuerme.wire.codec.parse_position`
(which checks it) or :func:`~service.spiel_der_tuerme.setup.setup_position`; the engine
derives new ones with :func:`dataclasses.replace`.

>>> from service.spiel_der_tuerme.setup import setup_position
>>> p = setup_position(3, seed=1)
>>> p.players, p.to_move.value, sorted(c.value for c in p.neutrals)
(3, 'yellow', ['green'])
>>> sum(p.street_stacks.values()), p.is_over
(80, False)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from service.common.cache import cached_property
from service.common.frozen import quick_init
from service.spiel_der_tuerme.board import (
    COLOURS,
    FILE_NAMES,
    FILES,
    IS_STREET,
    QUARTER_SQUARES,
    QUARTERS,
    RANKS,
    STREET_SQUARES,
    SYMBOL,
    Colour,
    Square,
    Symbol,
    square_at,
)

STONES_PER_KIND: Final = 5
"""TB4: every colour has five stones of each symbol."""
MAX_HEIGHT: Final = 5
"""TM6: the standard limit of a tower's height."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4


@dataclass(frozen=True, slots=True)
class Stack:
    """TB4: one or more stones of one symbol on one square, ``stones`` bottom → top.

    >>> s = Stack(Symbol.C, (Colour.BLUE, Colour.RED))
    >>> s.top.value, s.height
    ('red', 2)
    """

    symbol: Symbol
    stones: tuple[Colour, ...]

    @property
    def top(self) -> Colour:
        """The colour the stack belongs to (TB4)."""
        return self.stones[-1]

    @property
    def height(self) -> int:
        """The number of stones."""
        return len(self.stones)


@dataclass(frozen=True)
class Rules:
    """The rule options: ``max_height`` 5 (TM6) or ``None`` for the variant (TV1)."""

    max_height: int | None = MAX_HEIGHT


@dataclass(frozen=True)
class TurnState:
    """The turn in progress (TM7, TM8): moves made so far, and whether the last one
    ended on a symbol square so that the seat may move again."""

    moves: int = 0
    may_continue: bool = False


FRESH_TURN: Final = TurnState()


class EndReason(str, enum.Enum):
    """Why the game ended: TE1, TE2 or TE3."""

    QUARTER = "quarter"
    STREETS_EMPTY = "streets_empty"
    STUCK = "stuck"


@dataclass(frozen=True)
class Over:
    """The end of the game: the reason, the completed quarter (TE1) and the seat that
    completed it (TE1) or is stuck (TE3)."""

    reason: EndReason
    quarter: int | None = None
    seat: Colour | None = None


# quick_init also keeps the class an ordinary one where mypyc compiles the module
# (setup.py): its cached properties live in the instance's __dict__.
@quick_init
@dataclass(frozen=True)
class Position:
    """A complete, immutable game position.

    ``stacks`` has one entry per square (``None`` for an empty square); ``blocked`` is
    in board order.
    """

    stacks: tuple[Stack | None, ...]
    seats: tuple[Colour, ...]
    to_move: Colour
    rules: Rules = field(default_factory=Rules)
    turn: TurnState = FRESH_TURN
    blocked: tuple[Square, ...] = ()
    over: Over | None = None

    @property
    def players(self) -> int:
        """The player count, set by the number of seats (TN1)."""
        return len(self.seats)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (TE4)."""
        return self.over is not None

    @cached_property
    def neutrals(self) -> frozenset[Colour]:
        """TN1: the colours without a seat."""
        return frozenset(c for c in COLOURS if c not in self.seats)

    def is_neutral_stone(self, square: Square) -> bool:
        """TN2: whether ``square`` holds a neutral stone: one stone of a neutral colour,
        on a street square."""
        stack = self.stacks[square]
        return (
            stack is not None
            and len(stack.stones) == 1
            and stack.stones[0] in self.neutrals
            and IS_STREET[square]
        )

    def next_seat(self, seat: Colour | None = None) -> Colour:
        """The seat after ``seat`` (default: ``to_move``) in turn order."""
        seats = self.seats
        return seats[(seats.index(self.to_move if seat is None else seat) + 1) % len(seats)]

    def seats_from(self, seat: Colour) -> tuple[Colour, ...]:
        """Every seat in turn order, starting with ``seat``."""
        i = self.seats.index(seat)
        return self.seats[i:] + self.seats[:i]

    @cached_property
    def street_stacks(self) -> dict[Colour, int]:
        """Per colour, how many stacks it owns on street squares (TE2, TE3)."""
        counts = dict.fromkeys(COLOURS, 0)
        stacks = self.stacks
        for square in STREET_SQUARES:
            stack = stacks[square]
            if stack is not None:
                counts[stack.stones[-1]] += 1
        return counts

    def quarter_owner(self, quarter: int) -> Colour | None:
        """TE1: the colour owning all four symbol squares of ``quarter``, if one does."""
        owner: Colour | None = None
        for square in QUARTER_SQUARES[quarter]:
            stack = self.stacks[square]
            if stack is None or (owner is not None and stack.stones[-1] is not owner):
                return None
            owner = stack.stones[-1]
        return owner

    @cached_property
    def completed_quarters(self) -> tuple[tuple[int, Colour], ...]:
        """TE1: ``(quarter, colour)`` for every quarter one colour fully occupies."""
        found = []
        for quarter in QUARTERS:
            owner = self.quarter_owner(quarter)
            if owner is not None:
                found.append((quarter, owner))
        return tuple(found)


COLOUR_LETTERS: Final = {Colour.YELLOW: "y", Colour.RED: "r", Colour.BLUE: "b", Colour.GREEN: "g"}
_CELL: Final = 7


def _cell(stack: Stack | None, square_symbol: Symbol | None) -> str:
    if stack is None:
        return "." if square_symbol is None else f"({square_symbol.value.lower()})"
    stones = "".join(COLOUR_LETTERS[c] for c in stack.stones)
    if len(stones) > _CELL - 2:
        stones = stones[: _CELL - 3] + "+"
    return f"{stack.symbol.value}{stones}"


def diagram(position: Position) -> str:
    """The board as text, rank 8 at the top: a stack is its symbol and its colours'
    initials bottom → top (``Cbr``: a C tower, blue under red), an empty symbol square
    its symbol in brackets, an empty street square a dot.

    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> for line in diagram(setup_position(2, seed=1)).splitlines()[-4:-1]:
    ...     print(line)
     3  Bb     (a)    (b)    Dy     (a)    (b)    Dr     Cy     (a)    (b)    Ab     (a)    (b)    Bg
     2  Ab     (c)    (d)    Dg     (c)    (d)    Bg     Dg     (c)    (d)    Cb     (c)    (d)    Ar
     1  Bg     Ay     Cy     Ay     Ab     Cr     Dr     Bg     Br     By     Cb     Dy     Dg     Dg
    """
    lines = ["    " + "".join(f.ljust(_CELL) for f in FILE_NAMES).rstrip()]
    for rank in reversed(range(RANKS)):
        cells = (_cell(position.stacks[square_at(f, rank)], SYMBOL[square_at(f, rank)]) for f in range(FILES))
        lines.append(f"{rank + 1:>2}  " + "".join(c.ljust(_CELL) for c in cells).rstrip())
    lines.append(lines[0])
    return "\n".join(lines)
