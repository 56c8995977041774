"""Setting up a game (TB5, TN1): the 80 stones dealt onto the street squares from a seed.

The stones are listed in a fixed order (colour by colour, symbol by symbol), shuffled
with :class:`random.Random` seeded with ``seed``, and laid on the street squares in
board order, row by row from the corner a1 as the rulebook suggests; so the same seed
always gives the same board.

>>> p = setup_position(4, seed=1)
>>> [s.value for s in p.seats], p.to_move.value, p.rules.max_height
(['yellow', 'red', 'blue', 'green'], 'yellow', 5)
>>> setup_position(4, seed=1) == p, setup_position(4, seed=2) == p
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from service.common import InvalidPositionError, MalformedError
from service.common.refusal import N_
from service.spiel_der_tuerme.board import COLOURS, SQUARES, STREET_SQUARES, SYMBOLS, Colour
from service.spiel_der_tuerme.position import (
    MAX_HEIGHT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    STONES_PER_KIND,
    Position,
    Rules,
    Stack,
)


def deal(seed: int) -> tuple[Stack | None, ...]:
    """TB5: the board after dealing: one stone on each street square, symbol squares empty.

    >>> board = deal(1)
    >>> sum(s is not None for s in board)
    80
    """
    stones = [
        Stack(symbol, (colour,)) for colour in COLOURS for symbol in SYMBOLS for _ in range(STONES_PER_KIND)
    ]
    random.Random(seed).shuffle(stones)
    board: list[Stack | None] = [None] * len(SQUARES)
    for square, stack in zip(STREET_SQUARES, stones, strict=True):
        board[square] = stack
    return tuple(board)


def setup_position(
    players: int,
    seed: int,
    *,
    max_height: int | None = MAX_HEIGHT,
    seats: Sequence[Colour] | None = None,
) -> Position:
    """A new game for ``players`` seats (TN1), dealt from ``seed`` (TB5); the first seat
    is to move.

    ``seats`` defaults to the first colours of yellow, red, blue, green, in that turn
    order; ``max_height`` is 5 or ``None`` (TV1).
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise MalformedError(N_("must be 2, 3 or 4")(), "/players")
    if max_height not in (MAX_HEIGHT, None):
        raise MalformedError(N_("must be 5 or null")(), "/max_height")
    chosen = tuple(COLOURS[:players] if seats is None else seats)
    if len(chosen) != players:
        raise MalformedError(N_("must list {players} colours")(players=players), "/seats")
    if len(set(chosen)) != players:
        raise InvalidPositionError("TN1", N_("each seat is a different colour")(), "/seats")
    return Position(stacks=deal(seed), seats=chosen, to_move=chosen[0], rules=Rules(max_height))
