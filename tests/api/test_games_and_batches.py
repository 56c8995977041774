"""Whole games and batches over HTTP: a replay agrees turn by turn with single turns
played over HTTP; a batch answers every request exactly as its single operation would."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from service.api.terra_turrium import games
from service.terra_turrium import (
    apply_turn,
    parse_notation,
    position_to_dict,
    setup_position,
    turn_plan_to_dict,
)
from service.terra_turrium.random_player import random_setup, random_turn
from service.terra_turrium.record import GameRecord, write_game_record, write_turn_notation
from service.terra_turrium.wire import queries

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _random_game(players: int, seed: int, turns: int, start=None):
    rng = random.Random(seed)
    position = start or random_setup(setup_position(players), rng)
    first, plans = position, []
    for _ in range(turns):
        if position.is_game_over:
            break
        plans.append(random_turn(position, rng))
        position, _ = apply_turn(position, plans[-1])
    return first, plans


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_t1_a_100_turn_game_replays_in_one_request_as_single_turns_play_it(post, players, seed):
    start, plans = _random_game(players, seed, 100)
    answer = post(
        "/v1/games/replay",
        {"start": position_to_dict(start), "turns": [turn_plan_to_dict(p) for p in plans], "positions": True},
    ).get_json()
    assert len(answer["turns"]) == len(plans) == 100
    position = position_to_dict(start)
    for turn, plan in zip(answer["turns"], plans, strict=True):
        single = post("/v1/turns/apply", {"position": position, "turn": turn_plan_to_dict(plan)}).get_json()
        assert turn["legal"] and turn["events"] == single["events"] and turn["position"] == single["position"]
        position = single["position"]
    assert answer["final"] == position


def test_t1_the_game_notation_and_turn_lines_replay_like_objects(post):
    lines = sorted(GOLDEN.glob("*.txt"))[:6]
    for index, path in enumerate(lines):
        start, plans = _random_game(0, index, 12, parse_notation(path.read_text().splitlines()[0]))
        as_objects = post("/v1/games/replay", {"start": position_to_dict(start),
                                               "turns": [turn_plan_to_dict(p) for p in plans]}).get_json()
        as_lines = post("/v1/games/replay", {"start": position_to_dict(start),
                                             "turns": [write_turn_notation(p) for p in plans]}).get_json()
        as_record = post(
            "/v1/games/replay", {"record": write_game_record(GameRecord(start, tuple(plans)))}
        ).get_json()
        assert as_objects == as_lines == as_record, path.name


def test_g3_the_replay_stops_at_the_first_illegal_turn_and_keeps_the_position_before_it(post):
    start, plans = _random_game(4, 7, 3)
    turns = [turn_plan_to_dict(p) for p in plans] + [{"take": ["e5"]}, turn_plan_to_dict(plans[0])]
    answer = post("/v1/games/replay", {"start": position_to_dict(start), "turns": turns}).get_json()
    assert [t["legal"] for t in answer["turns"]] == [True, True, True, False]
    after_three = post("/v1/games/replay", {"start": position_to_dict(start), "turns": turns[:3]}).get_json()
    assert answer["final"] == after_three["final"]
    verdict = post("/v1/turns/validate", {"position": answer["final"], "turn": turns[3]}).get_json()
    assert answer["turns"][-1] == {"index": 3, "legal": False, "violation": verdict["violation"]}


def test_t1_a_malformed_record_is_400_with_line_and_column(post):
    problem = post(
        "/v1/games/replay", {"record": "setup|yellow:NW|red:NE|blue:SE|green:SW\n-k1\n"}
    ).get_json()
    assert problem["status"] == 400
    assert problem["errors"] == [
        {"pointer": "/record", "detail": "line 2, column 2: 'k1' is not a square a1 … j10"}
    ]


def _bodies(rng: random.Random, position):
    """Bodies of every batch operation, legal and not: each with its own position or none."""
    mover = position.mover
    origins = [
        "a1",
        "e5",
        "j10",
        "reserve",
        *position_to_dict(position)["seats"][position.mover_index]["turrians"][:2],
    ]
    plan = turn_plan_to_dict(random_turn(position, rng))
    return [
        ("removals", {}),
        ("placements", {}),
        ("goal", {}),
        ("notation", {}),
        ("captures", {"points": rng.randint(0, 5)}),
        *[("reach", {"from": o}) for o in origins],
        ("validate", {"turn": plan}),
        ("apply", {"turn": plan}),
        ("progress", {"turn": {"take": plan["take"][:1]}}),
        ("apply", {"turn": {"take": ["e5", "e5"]}}),
        ("reach", {"from": "z9"}),
        ("goal", {"extra": 1}),
        ("removals", {"position": "setup|a:NW|b:NE|c:SE|d:SW|points=3"}),
        ("placements", {"position": {"heights": 1}}),
    ], mover


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_batch_answer_equals_the_single_answer(post, seed):
    rng = random.Random(seed)
    start, plans = _random_game(rng.choice([2, 3, 4]), seed, rng.randint(0, 20))
    position = start
    for plan in plans:
        position, _ = apply_turn(position, plan)
    bodies, _ = _bodies(rng, position)
    shared = position_to_dict(position)
    answer = post("/v1/batch", {"position": shared, "requests": [{"op": op, "body": b} for op, b in bodies]})
    assert answer.status_code == 200
    paths = {"validate": "/v1/turns/validate", "apply": "/v1/turns/apply", "progress": "/v1/turns/progress"}
    for (op, body), response in zip(bodies, answer.get_json()["responses"], strict=True):
        single = post(paths.get(op, f"/v1/{op}"), {"position": shared, **body})
        assert (response["status"], response["body"]) == (single.status_code, single.get_json()), (op, body)


def test_a_shared_position_is_read_once_for_every_request_that_brings_none(post, monkeypatch):
    calls = []
    original = queries.read_position
    monkeypatch.setattr(queries, "read_position", lambda data: calls.append(1) or original(data))
    checks = []
    checked = games.check_position
    monkeypatch.setattr(games, "check_position", lambda position: checks.append(1) or checked(position))
    start, _ = _random_game(4, 5, 0)
    requests = [{"op": "reach", "body": {"from": "reserve" if not sq else sq}} for sq in
                position_to_dict(start)["seats"][0]["turrians"]] * 5
    answer = post("/v1/batch", {"position": position_to_dict(start), "requests": requests}).get_json()
    assert len(answer["responses"]) == 30 and {r["status"] for r in answer["responses"]} == {200}
    assert len(calls) == len(checks) == 1


def test_a_bad_shared_position_fails_only_the_requests_that_use_it(post):
    requests = [{"op": "goal", "body": {}}, {"op": "goal", "body": {"position": "setup|a:NW|b:NE|c:SE|d:SW"}}]
    answer = post(
        "/v1/batch", {"position": "setup|a:NW|b:NE|c:SE|d:SW|points=3", "requests": requests}
    ).get_json()
    first, second = answer["responses"]
    assert (first["status"], first["body"]["rule"], first["body"]["field"]) == (
        422,
        "T1",
        "/position/turn/points",
    )
    assert second["status"] == 200


def test_b4_a_shared_notation_whose_heights_do_not_fit_fails_only_the_requests_that_use_it(post):
    # Three ranks of heights for a 4-player board: judged while the notation is read.
    notation = "1/1/1|a:NW|b:NE|c:SE|d:SW"
    single = post("/v1/goal", {"position": notation}).get_json()
    assert (single["status"], single["rule"], single["field"]) == (422, "B4", "/position/heights")
    requests = [{"op": "goal", "body": {}}, {"op": "goal", "body": {"position": "setup|a:NW|b:NE|c:SE|d:SW"}}]
    first, second = post("/v1/batch", {"position": notation, "requests": requests}).get_json()["responses"]
    assert first == {"status": 422, "body": single}
    assert second["status"] == 200


def test_a_malformed_shared_position_is_the_batchs_own_mistake(post):
    problem = post("/v1/batch", {"position": "", "requests": [{"op": "goal", "body": {}}]}).get_json()
    assert problem["status"] == 400 and problem["errors"] == [
        {"pointer": "/position", "detail": "the notation is empty"}
    ]


def test_a_batch_has_one_to_256_requests(post):
    one = {"op": "goal", "body": {"position": "setup|a:NW|b:NE|c:SE|d:SW"}}
    assert post("/v1/batch", {"requests": [one] * 256}).status_code == 200
    for count in (0, 257):
        problem = post("/v1/batch", {"requests": [one] * count}).get_json()
        assert problem["status"] == 400 and problem["errors"][0]["pointer"] == "/requests"
