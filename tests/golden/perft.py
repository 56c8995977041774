"""Perft-style counts of a position, and the golden-file format that records them.

A golden file (``tests/golden/*.txt``) is::

    <the position in the notation of docs/notation.md>
    # free comments; '# reviewed: …' says which counts were checked by hand
    removals: 31
    take_sequences: 25230
    placements: 94
    reach c8: 14 52
    reach reserve: 9 27
    captures: 3
    goal: yellow=missing 4,5,6
    goal: red=met
    game_over: no

The expectation lines, in this order:

- ``removals``: ``len(legal_removals(p))`` (R1–R7).
- ``take_sequences``: the number of distinct ordered ways to finish the take phase,
  taking stones one at a time with :func:`legal_removals` and
  :func:`~service.rules.turn.take_stone` until three are taken in the turn or none
  can be taken (R1, R7); the empty way counts once when nothing can be taken. 0
  outside the take phase and once the game is over.
- ``placements``: ``len(legal_placements(p))`` (P2).
- ``reach <from>``: for each turrian of the mover in board order, then ``reserve`` if
  it has turrians in reserve: how many squares it can end on with the turn's points
  and the sum of their cheapest costs (M1–M10).
- ``captures``: ``len(legal_captures(p))`` (M6–M8).
- ``goal``: per seat, ``met`` or the goal heights it misses (G1/G2).
- ``game_over``: ``no``, or ``yes`` with the winners (G3).
"""

from __future__ import annotations

from pathlib import Path

from service.rules import (
    Phase,
    Position,
    goal_status,
    legal_captures,
    legal_placements,
    legal_removals,
    reachable,
    square_name,
    winners,
)
from service.rules.position import STONES_PER_TURN
from service.rules.turn import take_stone

GOLDEN = Path(__file__).resolve().parent


def take_sequences(position: Position) -> int:
    """Ordered ways to complete the take phase from ``position`` (R1, R7)."""
    if position.is_game_over or position.turn.phase is not Phase.TAKE:
        return 0

    def count(p: Position) -> int:
        if len(p.turn.taken) >= STONES_PER_TURN:
            return 1
        options = legal_removals(p)
        if not options:
            return 1
        if len(p.turn.taken) == STONES_PER_TURN - 1:
            return len(options)  # each last stone ends a sequence
        return sum(count(take_stone(p, r.square)) for r in options)

    return count(position)


def expectations(position: Position) -> list[str]:
    """The expectation lines of a golden file for ``position``."""
    lines = [
        f"removals: {len(legal_removals(position))}",
        f"take_sequences: {take_sequences(position)}",
        f"placements: {len(legal_placements(position))}",
    ]
    for origin in position.mover.origins:
        found = reachable(position, origin)
        name = "reserve" if origin is None else square_name(origin)
        lines.append(f"reach {name}: {len(found)} {sum(r.cost for r in found)}")
    lines.append(f"captures: {len(legal_captures(position))}")
    for seat in position.seats:
        status = goal_status(position, seat)
        verdict = "met" if status.goal_met else "missing " + ",".join(map(str, status.missing))
        lines.append(f"goal: {seat.id}={verdict}")
    if position.is_game_over:
        lines.append(f"game_over: yes winners={','.join(winners(position))}")
    else:
        lines.append("game_over: no")
    return lines


def read_golden(path: Path) -> tuple[str, list[str], list[str]]:
    """``(notation, comment lines, expectation lines)`` of a golden file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    comments = [line for line in lines[1:] if line.startswith("#")]
    expected = [line for line in lines[1:] if line and not line.startswith("#")]
    return lines[0], comments, expected


def render_golden(notation: str, comments: list[str], expected: list[str]) -> str:
    """The text of a golden file."""
    return "\n".join([notation, *comments, *expected]) + "\n"
