"""The API over positions reached by random legal play (service.terra_turrium.random_player).

Schemathesis (test_fuzz.py) generates positions from the schema, and nearly all of them
break a structural rule, so the engine mostly answers 422. Here every position is one a
game can reach, at the start of a turn or part-way through it, so every question must
be answered (200), every answer must match its response schema (the app checks each
one, ``CHECK_ANSWERS``), the engine's own legal turn must be legal, and validate and
apply must agree on any turn.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from service import create_app
from service.terra_turrium import (
    Position,
    TurnPlan,
    apply_turn,
    position_to_dict,
    setup_position,
    square_name,
    turn_plan_to_dict,
)
from service.terra_turrium.random_player import random_setup, random_turn
from service.terra_turrium.turn import play_move, play_place, play_take
from tests.terra_turrium.strategies import rules_for

#: One client for every example: the service keeps no state between requests.
CLIENT = create_app({"TESTING": True, "CHECK_ANSWERS": True}).test_client()

QUERIES = ("/v1/removals", "/v1/placements", "/v1/captures", "/v1/goal")


@st.composite
def games(draw: st.DrawFn) -> tuple[Position, random.Random]:
    """A position after a random set-up and some random legal turns, and the random
    source that continues the game."""
    players = draw(st.sampled_from([2, 3, 4]))
    position = setup_position(players, draw(rules_for(players)))
    bonus = draw(st.integers(0, 2))
    position = replace(position, seats=(replace(position.seats[0], bonus_stones=bonus), *position.seats[1:]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    position = random_setup(position, rng)
    for _ in range(draw(st.integers(0, 12))):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position, rng


def _part_way(position: Position, turn: TurnPlan, phases: int) -> tuple[Position, TurnPlan]:
    """The position after the first ``phases`` phases of ``turn``, and the rest of it."""
    events: list = []
    if phases >= 1:
        position, turn = play_take(position, turn, events), replace(turn, take=())
    if phases >= 2:
        position, turn = play_place(position, turn, events), replace(turn, place=())
    if phases >= 3:
        first, rest = turn.move[:1], turn.move[1:]
        position, turn = play_move(position, TurnPlan(move=first), events), TurnPlan(move=rest)
    return position, turn


def post(path, body):
    return CLIENT.post(path, json=body)


def _answer(path, body):
    response = post(path, body)
    assert response.status_code == 200, (path, response.get_json())
    return response.get_json()


@settings(max_examples=40, deadline=None, derandomize=True)
@given(game=games(), phases=st.integers(0, 3), data=st.data())
def test_every_reachable_position_is_answered_and_turns_agree(game, phases, data):
    position, rng = game
    if not position.is_game_over:
        position, rest = _part_way(position, random_turn(position, rng), phases)
    body = {"position": position_to_dict(position)}

    for path in QUERIES:
        _answer(path, body)
    mover = position.mover
    for origin in [square_name(s) for s in mover.turrians] + (["reserve"] if mover.reserve else []):
        points = data.draw(st.none() | st.integers(0, 5))
        reach = {**body, "from": origin} if points is None else {**body, "from": origin, "points": points}
        _answer("/v1/reach", reach)
    if position.is_game_over:
        return

    legal = {**body, "turn": turn_plan_to_dict(rest)}
    assert _answer("/v1/turns/validate", legal) == {"legal": True}
    after = _answer("/v1/turns/apply", legal)
    assert post("/v1/goal", {"position": after["position"]}).status_code == 200

    # A turn of random squares: whatever validate says, apply does.
    squares = st.lists(st.sampled_from(["a1", "b2", "c7", "e5", "f6", "h8", "j10"]), max_size=4)
    odd = {**body, "turn": {"take": data.draw(squares), "place": data.draw(squares)}}
    verdict = _answer("/v1/turns/validate", odd)
    applied = post("/v1/turns/apply", odd)
    if verdict["legal"]:
        assert applied.status_code == 200
    else:
        assert applied.status_code == 422
        assert applied.get_json()["violation"] == verdict["violation"]
