"""The random player: random legal set-ups and turns, built only from the engine's own answers.

Used to exercise the engine (property tests, benchmarks, random complete games) and
handy for bots that need a legal turn to start from.

>>> import random
>>> from service.terra_turrium.setup import setup_position
>>> p = random_setup(setup_position(4), random.Random(1))
>>> [len(s.turrians) for s in p.seats]
[6, 6, 6, 6]
>>> turn = random_turn(p, random.Random(2))
>>> len(turn.take)
3
"""

from __future__ import annotations

import random

from service.terra_turrium.actions import Event, Segment, TurnPlan
from service.terra_turrium.board import TERRITORY_SQUARES, Square
from service.terra_turrium.move import reachable
from service.terra_turrium.place import PlacementJudge, legal_placements
from service.terra_turrium.position import TURRIANS_PER_SEAT, Phase, Position
from service.terra_turrium.setup import initial_placement_refusal, place_turrians
from service.terra_turrium.take import legal_removals
from service.terra_turrium.turn import play_move, play_place, play_take, take_stone


def random_setup(position: Position, rng: random.Random) -> Position:
    """S3: every seat without turrians puts six on random free squares of its territories."""
    for seat in position.seats:
        if seat.turrians:
            continue
        squares = [
            s
            for t in seat.territories
            for s in TERRITORY_SQUARES[t]
            if initial_placement_refusal(position, seat, s) is None
        ]
        position = place_turrians(position, {seat.id: rng.sample(squares, TURRIANS_PER_SEAT)})
    return position


def random_turn(position: Position, rng: random.Random, *, bonus: bool = True) -> TurnPlan:
    """A random legal rest-of-turn for the mover: three stones taken one by one from the
    legal removals, placed on legal squares (with some bonus stones when the seat has
    them and ``bonus``), then random reachable walks until the points run out or the
    player stops."""
    take: list[Square] = []
    events: list[Event] = []
    while position.turn.phase is Phase.TAKE:
        options = legal_removals(position)
        if not options:
            break
        take.append(rng.choice(options).square)
        position = take_stone(position, take[-1])
    position = play_take(position, TurnPlan(), events)
    place: list[Square] = []
    if position.turn.phase is Phase.PLACE:
        extra = rng.randint(0, position.mover.bonus_stones) if bonus and position.mover.bonus_stones else 0
        # Each stone on a square legal after the stones before it: a stone can close a
        # square to the next (B5's bound, a rule that counts stones), so a drawn square
        # the place phase's judge refuses is dropped and another drawn.
        squares, judge = legal_placements(position), PlacementJudge(position)
        for _ in range(position.turn.in_hand + extra):
            square = rng.choice(squares)
            if judge.refusal(square) is not None:
                squares = tuple(s for s in squares if judge.refusal(s) is None)
                square = rng.choice(squares)
            judge.placed(square)
            place.append(square)
        position = play_place(position, TurnPlan(place=tuple(place)), events)
    segments: list[Segment] = []
    while position.turn.points > 0 and rng.random() < 0.85:
        origin = rng.choice(position.mover.origins)
        walks = reachable(position, origin)
        if not walks:
            if rng.random() < 0.3:
                break
            continue
        segment = Segment(origin, rng.choice(walks).path)
        segments.append(segment)
        position = play_move(position, TurnPlan(move=(segment,)), events)
    return TurnPlan(take=tuple(take), place=tuple(place), move=tuple(segments))


def random_partway(
    position: Position, rng: random.Random, stop: int, segments: int | None = None
) -> Position:
    """The position part-way through a random legal turn of the mover.

    ``stop`` 0–2: that many stones taken; 3: the place phase; 4: the move phase after
    ``segments`` walks (default: a random number of them, perhaps with an attack made).
    A position whose game is over is returned as it is.
    """
    if position.is_game_over:
        return position
    turn = random_turn(position, rng)
    if stop < 3:
        for square in turn.take[:stop]:
            position = take_stone(position, square)
        return position
    events: list[Event] = []
    position = play_take(position, turn, events)
    if stop == 3:
        return position
    position = play_place(position, turn, events)
    count = rng.randint(0, len(turn.move)) if segments is None else segments
    return play_move(position, TurnPlan(move=turn.move[:count]), events)
