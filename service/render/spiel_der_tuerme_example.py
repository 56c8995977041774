"""The example picture of the Spiel der Türme renderer, ``docs/spiel-der-tuerme.svg``.

A 3-player board dealt from :data:`SEED`, then :data:`TURNS` random turns (the engine's
own :func:`~service.spiel_der_tuerme.random_turn`, seeded too), with the moves of the
seat to move from :func:`example_origin` highlighted. Everything is seeded, so the
picture only changes when the rules, the random player or the drawing do; a test fails
while the committed file is not what this draws, and the service serves it on the rules
page. ``make spec`` (tools/spec.py) rewrites it.
"""

from __future__ import annotations

import random
from typing import Final

from service.render.spiel_der_tuerme import highlights_for_moves, render_svg
from service.spiel_der_tuerme import Position, Square, apply_turn, legal_moves, random_turn, setup_position

PLAYERS: Final = 3
SEED: Final = 138
"""Chosen for a board that shows what the picture can show: towers, stacks on symbol
squares with points, a blocked neutral stone, and moves from one square that end the
turn and that let the seat move again."""
TURNS: Final = 16


def example_position() -> Position:
    """The dealt board after :data:`TURNS` seeded random turns."""
    position = setup_position(PLAYERS, seed=SEED)
    rng = random.Random(SEED)
    for _ in range(TURNS):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


def example_origin(position: Position) -> Square:
    """The square whose moves show the most: most kinds of move (ending the turn,
    moving again, ending the game), then most moves, then the first in board order."""

    def showing(frm: Square) -> tuple[int, int, int]:
        moves = legal_moves(position, frm)
        kinds = {(m.may_continue, m.ends_game) for m in moves}
        return -len(kinds), -len(moves), frm

    return min({m.frm for m in legal_moves(position)}, key=showing)


def example_svg() -> str:
    """The picture, as committed in ``docs/spiel-der-tuerme.svg``."""
    position = example_position()
    return render_svg(position, highlights_for_moves(position, example_origin(position)))

