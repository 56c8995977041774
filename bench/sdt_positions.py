"""The fixed Spiel der Türme benchmark positions, for 2, 3 and 4 players.

The positions are rebuilt from fixed seeds with the engine's own functions:

``opening``
    :func:`setup_position`: the board dealt from seed 1 (TB5), every street square one
    stone; the first seat is to move.
``midgame``
    The same game after 40 turns of :func:`random_turn`, each applied with
    :func:`apply_turn`.
``crowded``
    Of a whole random game from seed 2, the position in which the seat to move has the
    most legal moves: the expensive end of the range (with 2 and 3 players, many
    neutral stones with open streets around them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from service.spiel_der_tuerme import (
    Position,
    TurnPlan,
    apply_turn,
    legal_moves,
    position_to_dict,
    random_game,
    random_turn,
    setup_position,
)

STAGES: Final = ("opening", "midgame", "crowded")
PLAYERS: Final = (2, 3, 4)


@dataclass(frozen=True)
class SdtPosition:
    name: str
    players: int
    stage: str
    position: Position
    data: dict[str, Any]
    turn: TurnPlan
    """A legal turn of the seat to move (random, seeded)."""


@cache
def bench_position(players: int, stage: str) -> SdtPosition:
    if stage == "opening":
        position = setup_position(players, 1)
    elif stage == "midgame":
        position = setup_position(players, 1)
        rng = random.Random(1)
        for _ in range(40):
            position, _ = apply_turn(position, random_turn(position, rng))
    else:
        game = random_game(setup_position(players, 2), random.Random(2))
        position = max(game.positions, key=lambda p: len(legal_moves(p)))
    assert not position.is_over
    turn = random_turn(position, random.Random(3))
    return SdtPosition(f"{players}p-{stage}", players, stage, position, position_to_dict(position), turn)
