"""Random legal play, built only from the engine's own answers.

Used to exercise the engine (property tests, benchmarks, whole random games) and handy
for bots that need a legal turn to start from.

>>> import random
>>> from service.spiel_der_tuerme.setup import setup_position
>>> game = random_game(setup_position(3, seed=5), random.Random(5))
>>> game.final.is_over, len(game.turns) == len(game.positions) - 1
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from service.spiel_der_tuerme.actions import Event, TurnPlan
from service.spiel_der_tuerme.moves import Move, legal_moves
from service.spiel_der_tuerme.position import Position
from service.spiel_der_tuerme.turn import apply_turn, play_move

KEEP_GOING = 0.75
"""How often a random seat moves again when a move allows it (TM7)."""

MAX_TURNS = 10_000
"""Where :func:`random_game` gives up; random games end long before (a test says so)."""


def random_turn(position: Position, rng: random.Random, *, keep_going: float = KEEP_GOING) -> TurnPlan:
    """A random legal (rest of a) turn for the seat to move: a uniformly chosen legal
    move, then, while the last one allows another (TM7), another with probability
    ``keep_going``; a pass when the seat cannot move (TM8)."""
    moves: list[Move] = []
    events: list[Event] = []
    while True:
        options = legal_moves(position)
        if not options:
            break
        move = rng.choice(options).move
        moves.append(move)
        position = play_move(position, move, events)
        if not position.turn.may_continue or rng.random() >= keep_going:
            break
    return TurnPlan(tuple(moves))


@dataclass(frozen=True)
class Game:
    """A whole game: every position from the start, and the turns between them."""

    positions: tuple[Position, ...]
    turns: tuple[TurnPlan, ...]

    @property
    def final(self) -> Position:
        """The last position."""
        return self.positions[-1]


def random_game(position: Position, rng: random.Random, *, max_turns: int = MAX_TURNS) -> Game:
    """Random turns (:func:`random_turn`, each applied with
    :func:`~service.spiel_der_tuerme.turn.apply_turn`) from ``position`` until the game
    is over or ``max_turns`` turns are played."""
    positions = [position]
    turns: list[TurnPlan] = []
    while not position.is_over and len(turns) < max_turns:
        turn = random_turn(position, rng)
        position, _ = apply_turn(position, turn)
        turns.append(turn)
        positions.append(position)
    return Game(tuple(positions), tuple(turns))
