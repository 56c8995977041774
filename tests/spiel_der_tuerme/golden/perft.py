"""Perft-style counts of a Spiel der Türme position, and the golden files that record them.

A golden file (``golden/*.txt``)::

    # 05 chains: what the position is about
    # status: reviewed          (or: snapshot)
    # … the board as a diagram, and for a reviewed file how each count was derived …
    position: <the position in the compact form of tests/spiel_der_tuerme/builders.py>
    moves: 12
    from c1: c2 c4 e1
    towers: 3
    symbol_squares: 2
    may_continue: 2
    neutral: 0
    ends_game: 1
    perft 2: 140

The expectation lines, in this order:

- ``moves``: ``len(legal_moves(p))``; ``from <square>``: the destinations of the moves
  from each square, in board order (TM1–TM6, TN2–TN5).
- ``towers``, ``symbol_squares``, ``may_continue``, ``neutral``, ``ends_game``: how many
  of the legal moves land on a stack, end on a symbol square, allow another move
  (TM7), move a neutral stone, end the game (TE1–TE3).
- ``perft N``: the number of sequences of N *actions*, where the actions of a position
  are its legal moves, plus *stop* after a move that allows another (TM8), or *pass*
  alone when the seat to move has none (TM8), and a position whose game is over has
  none (TE4). A move that does not allow another ends the turn.

``status: reviewed`` means every count was derived by hand as the file's comments
show; ``status: snapshot`` means the counts were recorded from the engine and only
guard against changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from service.spiel_der_tuerme import (
    PASS,
    Position,
    TurnPlan,
    apply_turn,
    legal_moves,
    square_name,
)
from tests.spiel_der_tuerme.builders import parse_compact, write_compact

GOLDEN = Path(__file__).resolve().parent


def children(position: Position) -> Iterator[Position]:
    """The position after each action (see the module's docstring)."""
    if position.is_over:
        return
    moves = legal_moves(position)
    for move in moves:
        yield apply_turn(position, TurnPlan((move.move,), end_turn=False))[0]
    if position.turn.may_continue:
        yield apply_turn(position, TurnPlan((), end_turn=True))[0]
    elif not moves:
        yield apply_turn(position, PASS)[0]


def perft(position: Position, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``position``."""
    if depth == 0:
        return 1
    if depth == 1:
        return sum(1 for _ in children(position))
    return sum(perft(child, depth - 1) for child in children(position))


def expectations(position: Position, depth: int) -> list[str]:
    """The expectation lines of a golden file, perft up to ``depth``."""
    moves = legal_moves(position)
    lines = [f"moves: {len(moves)}"]
    origins: dict[int, list[str]] = {}
    for move in moves:
        origins.setdefault(move.frm, []).append(square_name(move.to))
    lines += [f"from {square_name(frm)}: {' '.join(tos)}" for frm, tos in origins.items()]
    lines += [
        f"towers: {sum(bool(m.covers) for m in moves)}",
        f"symbol_squares: {sum(m.symbol_square for m in moves)}",
        f"may_continue: {sum(m.may_continue for m in moves)}",
        f"neutral: {sum(m.neutral for m in moves)}",
        f"ends_game: {sum(m.ends_game for m in moves)}",
    ]
    lines += [f"perft {d}: {perft(position, d)}" for d in range(2, depth + 1)]
    return lines


def read_golden(path: Path) -> tuple[Position, list[str], list[str]]:
    """``(position, comment lines, expectation lines)`` of a golden file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    comments = [line for line in lines if line.startswith("#")]
    rest = [line for line in lines if line and not line.startswith("#")]
    assert rest[0].startswith("position: "), path.name
    return parse_compact(rest[0].removeprefix("position: ")), comments, rest[1:]


def depth_of(expected: list[str]) -> int:
    """The deepest perft a file records (1 when it records none)."""
    return max([int(line.split()[1].rstrip(":")) for line in expected if line.startswith("perft ")] or [1])


def render_golden(comments: list[str], position: Position, expected: list[str]) -> str:
    """The text of a golden file."""
    return "\n".join([*comments, "position: " + write_compact(position), *expected]) + "\n"
