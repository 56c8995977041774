"""Phase 1, taking stones (R1–R7): the outside rule and the legal removals.

>>> from service.rules.board import parse_square
>>> from service.rules.setup import setup_position
>>> p = setup_position(4)
>>> [r.square for r in legal_removals(p)][:3]   # yellow (NW) may take anywhere at home...
[0, 1, 2]
>>> is_outside(p, parse_square("e5")), is_outside(p, parse_square("a5"))  # ...elsewhere only outside
(False, True)
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from service.rules.board import (
    NEIGHBOURS,
    RAYS,
    RING,
    SQUARES,
    TERRITORY,
    Square,
    Territory,
    square_name,
)
from service.rules.position import NOBODY, STONES_PER_TURN, Goal, OutsideRule, Phase, Position


class RemovalRule(str, enum.Enum):
    """Why a removal is allowed: the square is in an own territory (R3) or outside (R5)."""

    OWN = "own"
    OUTSIDE = "outside"


@dataclass(frozen=True)
class Removal:
    """A square whose top stone may be taken next; ``height`` is before the taking."""

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
    return _Judge(position).outside(square)


def _open_to_edge(position: Position) -> frozenset[Square]:
    """The empty squares joined to the edge by a chain of empty squares."""
    heights = position.heights
    frontier = [s for s in SQUARES if RING[s] == 0 and heights[s] == 0]
    seen = set(frontier)
    while frontier:
        square = frontier.pop()
        for n in NEIGHBOURS[square]:
            if n not in seen and heights[n] == 0:
                seen.add(n)
                frontier.append(n)
    return frozenset(seen)


def _path_outside(position: Position) -> frozenset[Square]:
    # [interpretation] R6 "path": a square is outside when it lies on the edge or
    # borders an empty square from which empty squares lead to the edge.
    open_squares = _open_to_edge(position)
    return frozenset(s for s in SQUARES if RING[s] == 0 or any(n in open_squares for n in NEIGHBOURS[s]))


class _Judge:
    """Decides removals for one position; shared by :func:`legal_removals` and turn checks."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.mover = position.mover_index
        self.partner = position.partner(self.mover)
        self.taken_from = Counter(TERRITORY[s] for s in position.turn.taken)
        rules = position.rules
        # R4 exceptions: the per-territory limit does not apply with 2 players,
        # in team play or with the pro rule.
        self.limited = not (position.players == 2 or rules.team_play or rules.goal is Goal.PRO)
        self.path_outside = _path_outside(position) if rules.outside_rule is OutsideRule.PATH else None

    def outside(self, square: Square) -> bool:
        if self.path_outside is not None:
            return square in self.path_outside
        heights = self.position.heights
        return any(all(heights[s] == 0 for s in ray) for ray in RAYS[square])

    def judge(self, square: Square) -> Removal | tuple[str, str]:
        """A :class:`Removal`, or ``(rule, reason)`` why ``square`` may not be taken now."""
        position = self.position
        name = square_name(square)
        turn = position.turn
        if position.is_game_over:
            return "G3", "the game is over"
        if turn.phase is not Phase.TAKE:
            return "T1", "stones are taken only in the first phase of the turn"
        if len(turn.taken) >= STONES_PER_TURN:
            return "R1", "three stones have been taken in this turn already"
        if not position.is_in_play(square):
            return "B4", f"{name} is out of play"
        height = position.heights[square]
        if height == 0:
            return "R2", f"there is no stone on {name}"
        if position.occupant[square] != NOBODY:
            return "R2", f"a turrian stands on {name}, so its stones cannot be taken"
        territory = TERRITORY[square]
        owner = position.owner[territory]
        if position.rules.team_play and owner in (self.mover, self.partner):
            return "R4", (
                f"{name} is in your team's territory {territory.value}: in team play "
                "all stones come from the opposing team's territories"
            )
        if owner == self.mover:
            return Removal(square, territory, height, RemovalRule.OWN)
        if self.limited and self.taken_from[territory] >= 1:
            return "R4", (
                f"a stone has already been taken from the foreign territory "
                f"{territory.value} in this turn; only one per foreign territory is allowed"
            )
        if not self.outside(square):
            return "R5", (
                f"{name} is inside: the outside rule allows only stones reachable from "
                "the board edge in foreign territories"
            )
        return Removal(square, territory, height, RemovalRule.OUTSIDE)


def legal_removals(position: Position) -> tuple[Removal, ...]:
    """R1–R7: every square whose top stone the player to move may take next, board order.

    Empty outside the take phase, after three stones, and once the game is over.
    """
    turn = position.turn
    if turn.phase is not Phase.TAKE or len(turn.taken) >= STONES_PER_TURN or position.is_game_over:
        return ()
    judge = _Judge(position)
    found = []
    for square in SQUARES:
        verdict = judge.judge(square)
        if isinstance(verdict, Removal):
            found.append(verdict)
    return tuple(found)


def removal_refusal(position: Position, square: Square) -> tuple[str, str] | None:
    """``(rule, reason)`` if taking the top stone of ``square`` now is illegal, else ``None``."""
    verdict = _Judge(position).judge(square)
    return None if isinstance(verdict, Removal) else verdict
