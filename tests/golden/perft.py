"""Perft-style counts of a position, and the golden-file format that records them.

A golden file (``tests/golden/*.txt``) is::

    <the position in the notation of docs/notation.md>
    # 02 2p-6x6-sparse: what the position is about
    # status: reviewed
    # removals: the derivation of the count below, citing the rules (R3, R5 ...)
    removals: 5
    # take_sequences: ...
    take_sequences: 85
    ...

Line 2 names the case (its number and slug, as in the file name), line 3 its status:

- ``reviewed``: every expectation line is preceded by the comment lines that derive it
  from the rules, so that a reader can check each count without running the engine.
- ``snapshot``: the counts are the engine's answers when the file was written, without
  a derivation; the file holds no comment lines after the status line.

The expectation lines, in this order:

- ``removals``: ``len(legal_removals(p))`` (R1–R7).
- ``take_sequences``: the number of distinct ordered ways to finish the take phase,
  taking stones one at a time with :func:`legal_removals` and
  :func:`~service.terra_turrium.turn.take_stone` until three are taken in the turn or none
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

import re
from dataclasses import dataclass
from pathlib import Path

from service.terra_turrium import (
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
from service.terra_turrium.position import STONES_PER_TURN
from service.terra_turrium.turn import take_stone

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


REVIEWED = "reviewed"
SNAPSHOT = "snapshot"
STATUSES = (REVIEWED, SNAPSHOT)
STATUS_PREFIX = "# status: "

RULE_ID = re.compile(r"\b[BSTRPMGV][1-9][0-9]?\b")
"""A rule id of the rule set (B1 … V4), as a derivation cites them."""


@dataclass(frozen=True)
class Golden:
    """One golden file: the position, its title and status lines, and the ``body``: every
    line after the status line, comments and expectation lines in file order."""

    notation: str
    title: str
    status: str
    body: tuple[str, ...]

    @property
    def expected(self) -> list[str]:
        """The expectation lines."""
        return [line for line in self.body if line and not line.startswith("#")]

    @property
    def comments(self) -> list[str]:
        """The comment lines of the body (a reviewed file's derivation)."""
        return [line for line in self.body if line.startswith("#")]

    def derivations(self) -> list[tuple[str, list[str]]]:
        """Each expectation line with the comment lines just above it (since the previous
        expectation line): the derivation of that count in a reviewed file."""
        pairs: list[tuple[str, list[str]]] = []
        block: list[str] = []
        for line in self.body:
            if line.startswith("#"):
                block.append(line)
            elif line:
                pairs.append((line, block))
                block = []
        return pairs


def read_golden(path: Path) -> Golden:
    """A golden file, read leniently: a missing title or status line is kept as ``""``
    (and the line stays in the body) for the tests to report."""
    lines = path.read_text(encoding="utf-8").splitlines()
    notation, rest = (lines[0] if lines else ""), lines[1:]
    title = rest.pop(0) if rest and rest[0].startswith("# ") and not rest[0].startswith(STATUS_PREFIX) else ""
    status = ""
    if rest and rest[0].startswith(STATUS_PREFIX):
        status = rest.pop(0)[len(STATUS_PREFIX) :].strip()
    return Golden(notation, title, status, tuple(rest))


def render_golden(notation: str, title: str, status: str, body: list[str] | tuple[str, ...]) -> str:
    """The text of a golden file."""
    return "\n".join([notation, title, STATUS_PREFIX + status, *body]) + "\n"
