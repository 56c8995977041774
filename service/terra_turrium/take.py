"""Phase 1, taking stones (R1–R7): the outside rule and the legal removals.

>>> from service.terra_turrium.board import parse_square
>>> from service.terra_turrium.setup import setup_position
>>> p = setup_position(4)
>>> [r.square for r in legal_removals(p)][:3]   # yellow (NW) may take anywhere at home...
[0, 1, 2]
>>> is_outside(p, parse_square("e5")), is_outside(p, parse_square("a5"))  # ...elsewhere only outside
(False, True)
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from service.terra_turrium.board import (
    CLOCKWISE,
    NEIGHBOURS,
    RING,
    SIZE,
    SQUARES,
    TERRITORY,
    TERRITORY_SQUARES,
    Square,
    Territory,
)
from service.terra_turrium.position import NOBODY, STONES_PER_TURN, Goal, OutsideRule, Phase, Position
from service.terra_turrium.refusals import Reason


class RemovalRule(str, enum.Enum):
    """Why a removal is allowed: the square is in an own territory (R3) or outside (R5)."""

    OWN = "own"
    OUTSIDE = "outside"


class Removal(NamedTuple):
    """A square whose top stone may be taken next; ``height`` is before the taking.

    A named tuple rather than a frozen dataclass: a position lists dozens of these, and
    building a tuple is several times cheaper (docs/performance.md).
    """

    square: Square
    territory: Territory
    height: int
    rule: RemovalRule


def is_outside(position: Position, square: Square) -> bool:
    """R6: whether ``square`` is outside, under the position's ``outside_rule``.

    ``line`` (default): in one of the four directions every square between it and
    the edge is empty, so every ring-0 square is outside. ``path``: a chain of
    adjacent empty squares leads from it to the edge.
    """
    return RemovalJudge(position).outside(square)


def outside_squares(position: Position) -> frozenset[Square]:
    """R6: every square that is outside now (V4 re-enters there), under the position's rule.

    >>> from service.terra_turrium.setup import setup_position
    >>> len(outside_squares(setup_position(4)))
    36
    """
    judge = RemovalJudge(position)
    return frozenset(s for s in SQUARES if judge.outside(s))


def _open_to_edge(heights: Sequence[int]) -> frozenset[Square]:
    """The empty squares joined to the edge by a chain of empty squares."""
    frontier = [s for s in SQUARES if RING[s] == 0 and heights[s] == 0]
    seen = set(frontier)
    while frontier:
        square = frontier.pop()
        for n in NEIGHBOURS[square]:
            if n not in seen and heights[n] == 0:
                seen.add(n)
                frontier.append(n)
    return frozenset(seen)


def _path_outside(heights: Sequence[int]) -> frozenset[Square]:
    # [interpretation] R6 "path": a square is outside when it lies on the edge or
    # borders an empty square from which empty squares lead to the edge.
    open_squares = _open_to_edge(heights)
    return frozenset(s for s in SQUARES if RING[s] == 0 or any(n in open_squares for n in NEIGHBOURS[s]))


class RemovalJudge:
    """Decides removals for one position; shared by :func:`legal_removals` and turn checks.

    Verdicts are cheap (a :class:`Removal` or a :class:`~service.terra_turrium.refusals.Reason`);
    the sentence for a refusal is only written when a turn check needs it.
    """

    def __init__(
        self, position: Position, heights: Sequence[int] | None = None, taken: Sequence[Square] | None = None
    ) -> None:
        """``heights`` and ``taken``, where given, are those of a turn part-way through its
        take phase, which ``position`` does not show yet."""
        self.position = position
        self.heights = position.heights if heights is None else heights
        self.taken = position.turn.taken if taken is None else taken
        self.occupant = position.occupant
        self.owner = position.owner
        self.outermost_ring = position.outermost_ring
        self.mover = position.mover_index
        self.partner = position.partner(self.mover)
        self.team_play = position.rules.team_play
        self.taken_from = {TERRITORY[s] for s in self.taken}
        rules = position.rules
        # R4 exceptions: the per-territory limit does not apply with 2 players,
        # in team play or with the pro rule.
        self.limited = not (position.players == 2 or rules.team_play or rules.goal is Goal.PRO)
        self.path_outside = _path_outside(self.heights) if rules.outside_rule is OutsideRule.PATH else None
        self.by_territory = {t: self._territory_verdict(t) for t in CLOCKWISE}
        # Built on first use (below): attributes of their own, not cached properties, so
        # that the class compiles to a native class under mypyc (setup.py).
        self._lines: tuple[list[bytes], list[bytes]] | None = None
        self._outside_stacks: frozenset[Square] | None = None

    def turn_refusal(self) -> Reason | None:
        """What forbids any removal at all right now."""
        if self.position.is_game_over:
            return Reason.GAME_OVER
        if self.position.turn.phase is not Phase.TAKE:
            return Reason.TAKE_PHASE_OVER
        if len(self.taken) >= STONES_PER_TURN:
            return Reason.THREE_TAKEN
        return None

    @property
    def lines(self) -> tuple[list[bytes], list[bytes]]:
        """R6 "line": one byte per square (1 = has stones) sliced into rows and columns,
        so each outside test is four C-level searches instead of walking four rays
        square by square. Built on first use only, since judging a single square often
        never asks."""
        if self._lines is None:
            flags = bytes(map(bool, self.heights))
            self._lines = (
                [flags[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)],
                [flags[f::SIZE] for f in range(SIZE)],
            )
        return self._lines

    @property
    def outside_stacks(self) -> frozenset[Square]:
        """R6 for every square with stones at once: under the line rule, the first and
        last such square of each row and each column (nothing lies between them and the
        edge); under the path rule, those among :attr:`path_outside`. Forty searches
        instead of four for every square a whole-board question asks about."""
        if self._outside_stacks is None:
            self._outside_stacks = self._find_outside_stacks()
        return self._outside_stacks

    def _find_outside_stacks(self) -> frozenset[Square]:
        if self.path_outside is not None:
            return frozenset(s for s in self.path_outside if self.heights[s])
        rows, columns = self.lines
        found = set()
        for r, row in enumerate(rows):
            first = row.find(1)
            if first >= 0:
                found.add(r * SIZE + first)
                found.add(r * SIZE + row.rfind(1))
        for f, column in enumerate(columns):
            first = column.find(1)
            if first >= 0:
                found.add(first * SIZE + f)
                found.add(column.rfind(1) * SIZE + f)
        return frozenset(found)

    def outside(self, square: Square) -> bool:
        if self.path_outside is not None:
            return square in self.path_outside
        r, f = divmod(square, SIZE)
        rows, columns = self.lines
        row, column = rows[r], columns[f]
        return (
            row.find(1, 0, f) < 0
            or row.find(1, f + 1) < 0
            or column.find(1, 0, r) < 0
            or column.find(1, r + 1) < 0
        )

    def refusal(self, square: Square) -> Reason | None:
        """Why taking the top stone of ``square`` now is illegal, or ``None``."""
        verdict = self.turn_refusal() or self.judge(square)
        return None if isinstance(verdict, Removal) else verdict

    def took(self, square: Square) -> None:
        """The top stone of ``square`` was taken (R7): the ``heights`` and ``taken`` this
        judge was given already show it; what was derived from them follows."""
        territory = TERRITORY[square]
        self.taken_from.add(territory)
        self.by_territory[territory] = self._territory_verdict(territory)
        self._lines = None
        if self.path_outside is not None:
            self.path_outside = _path_outside(self.heights)

    def judge(self, square: Square) -> Removal | Reason:
        """The verdict on ``square`` alone, the turn-wide conditions assumed met."""
        if RING[square] < self.outermost_ring:
            return Reason.OUT_OF_PLAY
        height = self.heights[square]
        if height == 0:
            return Reason.NO_STONE
        if self.occupant[square] != NOBODY:
            return Reason.TURRIAN_ON_STONE
        territory = TERRITORY[square]
        verdict = self.by_territory[territory]
        if verdict is RemovalRule.OUTSIDE and not self.outside(square):
            return Reason.INSIDE
        if isinstance(verdict, Reason):
            return verdict
        return Removal(square, territory, height, verdict)

    def _territory_verdict(self, territory: Territory) -> RemovalRule | Reason:
        """R3/R4 for a whole territory: own, foreign (outside rule) or closed this turn."""
        owner = self.owner[territory]
        if self.team_play and (owner == self.mover or owner == self.partner):
            return Reason.TEAM_TERRITORY
        if owner == self.mover:
            return RemovalRule.OWN
        if self.limited and territory in self.taken_from:
            return Reason.FOREIGN_LIMIT
        return RemovalRule.OUTSIDE


def legal_removals(position: Position) -> tuple[Removal, ...]:
    """R1–R7: every square whose top stone the player to move may take next, board order.

    Empty outside the take phase, after three stones, and once the game is over.
    """
    judge = RemovalJudge(position)
    if judge.turn_refusal() is not None:
        return ()
    heights, occupant, ring = judge.heights, judge.occupant, judge.outermost_ring
    outside: frozenset[Square] = frozenset()
    found: list[Removal] = []
    # Territory by territory, so a territory closed this turn (R4) costs nothing;
    # the per-square conditions are those of RemovalJudge.judge (a property test keeps
    # the two in step).
    for territory, verdict in judge.by_territory.items():
        if isinstance(verdict, Reason):
            continue
        check_outside = verdict is RemovalRule.OUTSIDE
        if check_outside and not outside:
            outside = judge.outside_stacks
        for square in TERRITORY_SQUARES[territory]:
            height = heights[square]
            if (
                height
                and occupant[square] == NOBODY
                and RING[square] >= ring
                and (not check_outside or square in outside)
            ):
                found.append(Removal(square, territory, height, verdict))
    found.sort()
    return tuple(found)


def removal_refusal(
    position: Position,
    square: Square,
    heights: Sequence[int] | None = None,
    taken: Sequence[Square] | None = None,
) -> Reason | None:
    """Why taking the top stone of ``square`` now is illegal, or ``None`` if it is legal;
    ``heights`` and ``taken`` those of a take phase under way (:class:`RemovalJudge`).

    >>> from service.terra_turrium.board import parse_square
    >>> from service.terra_turrium.setup import setup_position
    >>> removal_refusal(setup_position(4), parse_square("e5")).name
    'INSIDE'
    """
    return RemovalJudge(position, heights, taken).refusal(square)
