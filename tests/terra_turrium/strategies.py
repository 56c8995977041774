"""Hypothesis strategies: positions reached by random legal play under random options."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import strategies as st

from service.terra_turrium import OPTIONS, Position, Rules, Territory, TurnPlan, apply_turn, setup_position
from service.terra_turrium.position import option_values
from service.terra_turrium.random_player import random_setup, random_turn


def rules_for(players: int) -> st.SearchStrategy[Rules]:
    """Any value of every rule option the player count has (``metadata["players"]``)."""
    choices = {
        option.name: st.sampled_from(option_values(option))
        for option in OPTIONS
        if players in option.metadata.get("players", (players,))
    }
    return st.builds(Rules, **choices)


@st.composite
def played_positions(draw: st.DrawFn, max_turns: int = 25) -> Position:
    """A position after a random set-up and up to ``max_turns`` random legal turns."""
    players = draw(st.sampled_from([2, 3, 4]))
    position = setup_position(players, draw(rules_for(players)))
    bonus = draw(st.integers(0, 3))
    if bonus:
        seats = (replace(position.seats[0], bonus_stones=bonus), *position.seats[1:])
        position = replace(position, seats=seats)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    position = random_setup(position, rng)
    for _ in range(draw(st.integers(0, max_turns))):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


@st.composite
def turns_to_play(draw: st.DrawFn, max_turns: int = 25) -> tuple[Position, TurnPlan]:
    """A played position whose game is not over, and a random legal turn for its mover."""
    position = draw(played_positions(max_turns).filter(lambda p: not p.is_game_over))
    return position, random_turn(position, random.Random(draw(st.integers(0, 2**32 - 1))))


ROTATE_TERRITORY = {
    Territory.NW: Territory.NE,
    Territory.NE: Territory.SE,
    Territory.SE: Territory.SW,
    Territory.SW: Territory.NW,
}


def rotate_square(square: int) -> int:
    """A quarter turn clockwise: a10 → j10 → j1 → a1."""
    f, r = square % 10, square // 10
    return (9 - f) * 10 + r


def rotate(position: Position) -> Position:
    """The same position turned a quarter clockwise, territories and all."""
    heights = [0] * 100
    for s, h in enumerate(position.heights):
        heights[rotate_square(s)] = h
    seats = tuple(
        replace(
            seat,
            territories=tuple(
                sorted((ROTATE_TERRITORY[t] for t in seat.territories), key=list(Territory).index)
            ),
            turrians=tuple(sorted(rotate_square(s) for s in seat.turrians)),
            pro_hold=None if seat.pro_hold is None else tuple(rotate_square(s) for s in seat.pro_hold),
        )
        for seat in position.seats
    )
    turn = replace(position.turn, taken=tuple(rotate_square(s) for s in position.turn.taken))
    return replace(position, heights=tuple(heights), seats=seats, turn=turn)
