"""The API over positions reached by random legal play (service.rules.play).

Schemathesis (test_fuzz.py) generates positions from the schema, and nearly all of them
break a structural rule, so the engine mostly answers 422. Here every position is one a
game can reach, at the start of a turn or part-way through it, so every question must
be answered (200), every answer must match its response schema, the engine's own
legal turn must be legal, and validate and apply must agree on any turn.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from service import create_app
from service.api.convert import dump_position
from service.api.schemas import (
    ApplyResponseSchema,
    CapturesResponseSchema,
    GoalResponseSchema,
    PlacementsResponseSchema,
    ReachResponseSchema,
    RemovalsResponseSchema,
    ValidateResponseSchema,
)
from service.rules import (
    Goal,
    OutsideRule,
    Position,
    Turn,
    TwoPlayerBoard,
    apply_turn,
    setup_position,
    square_name,
    turn_to_dict,
)
from service.rules.play import random_setup, random_turn
from service.rules.turn import play_move, play_place, play_take

#: One client for every example: the service keeps no state between requests.
CLIENT = create_app({"TESTING": True}).test_client()

QUERIES = {
    "/v1/removals": RemovalsResponseSchema,
    "/v1/placements": PlacementsResponseSchema,
    "/v1/captures": CapturesResponseSchema,
    "/v1/goal": GoalResponseSchema,
}


@st.composite
def games(draw: st.DrawFn) -> tuple[Position, random.Random]:
    """A position after a random set-up and some random legal turns, and the random
    source that continues the game."""
    players = draw(st.sampled_from([2, 3, 4]))
    position = setup_position(
        players,
        team_play=players == 4 and draw(st.booleans()),
        goal=draw(st.sampled_from(list(Goal))),
        outside_rule=draw(st.sampled_from(list(OutsideRule))),
        two_player_board=draw(st.sampled_from(list(TwoPlayerBoard)))
        if players == 2
        else TwoPlayerBoard.EIGHT,
    )
    bonus = draw(st.integers(0, 2))
    position = replace(position, seats=(replace(position.seats[0], bonus_stones=bonus), *position.seats[1:]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    position = random_setup(position, rng)
    for _ in range(draw(st.integers(0, 12))):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position, rng


def _part_way(position: Position, turn: Turn, phases: int) -> tuple[Position, Turn]:
    """The position after the first ``phases`` phases of ``turn``, and the rest of it."""
    events: list = []
    if phases >= 1:
        position, turn = play_take(position, turn, events), replace(turn, take=())
    if phases >= 2:
        position, turn = play_place(position, turn, events), replace(turn, place=())
    if phases >= 3:
        first, rest = turn.move[:1], turn.move[1:]
        position, turn = play_move(position, Turn(move=first), events), Turn(move=rest)
    return position, turn


def post(path, body):
    return CLIENT.post(path, json=body)


def _answer(path, body, schema):
    response = post(path, body)
    assert response.status_code == 200, (path, response.get_json())
    answer = response.get_json()
    assert schema().validate(answer) == {}, (path, answer)
    return answer


@settings(max_examples=40, deadline=None, derandomize=True)
@given(game=games(), phases=st.integers(0, 3), data=st.data())
def test_every_reachable_position_is_answered_and_turns_agree(game, phases, data):
    position, rng = game
    if not position.is_game_over:
        position, rest = _part_way(position, random_turn(position, rng), phases)
    body = {"position": dump_position(position)}

    for path, schema in QUERIES.items():
        _answer(path, body, schema)
    mover = position.mover
    for origin in [square_name(s) for s in mover.turrians] + (["reserve"] if mover.reserve else []):
        points = data.draw(st.none() | st.integers(0, 5))
        reach = {**body, "from": origin} if points is None else {**body, "from": origin, "points": points}
        _answer("/v1/reach", reach, ReachResponseSchema)
    if position.is_game_over:
        return

    legal = {**body, "turn": turn_to_dict(rest)}
    assert _answer("/v1/turns/validate", legal, ValidateResponseSchema) == {"legal": True}
    after = _answer("/v1/turns/apply", legal, ApplyResponseSchema)
    assert post("/v1/goal", {"position": after["position"]}).status_code == 200

    # A turn of random squares: whatever validate says, apply does.
    squares = st.lists(st.sampled_from(["a1", "b2", "c7", "e5", "f6", "h8", "j10"]), max_size=4)
    odd = {**body, "turn": {"take": data.draw(squares), "place": data.draw(squares)}}
    verdict = _answer("/v1/turns/validate", odd, ValidateResponseSchema)
    applied = post("/v1/turns/apply", odd)
    if verdict["legal"]:
        assert applied.status_code == 200
    else:
        assert applied.status_code == 422
        assert applied.get_json()["violation"] == verdict["violation"]
