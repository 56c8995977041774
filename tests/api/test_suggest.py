"""POST /v1/turns/suggest and /v1/spiel-der-tuerme/turns/suggest: the computer opponent."""

from __future__ import annotations

import copy

import pytest

from service.api.spiel_der_tuerme.examples import examples as sdt_examples
from service.api.terra_turrium.examples import LAST_TURN, examples, final_round
from service.terra_turrium import apply_turn, parse_turn_plan, position_to_dict

from .bodies import PROBLEM

TT = "/v1/turns/suggest"
SDT = "/v1/spiel-der-tuerme/turns/suggest"


def tt_body(**members):
    return {**copy.deepcopy(examples()["suggest"]["midgame"]["value"]), **members}


def sdt_body(**members):
    return {**copy.deepcopy(sdt_examples()["sdt_suggest"]["level-3"]["value"]), **members}


@pytest.mark.parametrize("level", [1, 2, 3])
def test_t1_the_suggested_turn_is_legal_and_repeats_for_its_seed(post, level):
    # The largest time budget, so the node budget alone ends the search on a busy machine.
    body = tt_body(level=level, seed=9, budget_nodes=500, budget_ms=2000)
    first = post(TT, body)
    assert first.status_code == 200
    answer = first.get_json()
    assert answer["level"] == level and answer["seed"] == 9 and 0 < answer["nodes"] <= 500
    assert answer["stopped"] in ("complete", "nodes") and "setup" not in answer
    verdict = post("/v1/turns/validate", {"position": body["position"], "turn": answer["turn"]})
    assert verdict.get_json() == {"legal": True}
    assert post(TT, body).get_json() == answer


def test_s3_a_new_game_is_set_up_and_the_answer_says_so(post):
    body = examples()["suggest"]["set-up"]["value"]
    answer = post(TT, body).get_json()
    assert [entry["seat"] for entry in answer["setup"]] == ["yellow", "red"]
    assert all(len(entry["turrians"]) == 6 for entry in answer["setup"])


def test_the_defaults_are_level_2_and_seed_0(post):
    body = tt_body()
    for member in ("level", "seed"):
        del body[member]
    answer = post(TT, body).get_json()
    assert (answer["level"], answer["seed"]) == (2, 0)


@pytest.mark.parametrize(
    ("member", "value", "detail"),
    [
        ("budget_ms", 0, "must be between 1 and 2000"),
        ("budget_ms", 2001, "must be between 1 and 2000"),
        ("budget_nodes", 0, "must be between 1 and 1000000"),
        ("level", 4, "must be one of 1, 2, 3"),
        ("level", "2", "must be an integer"),
        ("seed", -1, "must be between 0 and 4294967295"),
    ],
)
@pytest.mark.parametrize("path", [TT, SDT])
def test_a_level_seed_or_budget_out_of_range_is_400(post, path, member, value, detail):
    body = tt_body(**{member: value}) if path == TT else sdt_body(**{member: value})
    response = post(path, body)
    assert response.status_code == 400
    assert response.mimetype == PROBLEM
    assert response.get_json()["errors"] == [{"pointer": f"/{member}", "detail": detail}]


def test_g3_no_turn_is_suggested_once_the_game_is_over(post):
    over, _ = apply_turn(final_round(), parse_turn_plan(LAST_TURN))
    response = post(TT, {"position": position_to_dict(over)})
    assert response.status_code == 422
    assert response.get_json()["rule"] == "G3"


def test_s2_an_impossible_position_is_422(post):
    body = tt_body()
    seats = body["position"]["seats"]
    seats[1]["turrians"][0] = seats[0]["turrians"][0]
    response = post(TT, body)
    assert response.status_code == 422
    assert response.get_json()["rule"] == "S2"


def test_sdt_the_suggested_turn_is_legal_and_repeats_for_its_seed(post):
    # The clock must never be what stops a search whose repeat is checked: the node budget
    # binds long before the longest time allowed, however loaded the machine.
    body = sdt_body(budget_nodes=150, budget_ms=2000)
    answer = post(SDT, body).get_json()
    assert answer["level"] == 3 and answer["nodes"] <= 150 and answer["stopped"] in ("complete", "nodes")
    verdict = post(
        "/v1/spiel-der-tuerme/turns/validate", {"position": body["position"], "turn": answer["turn"]}
    )
    assert verdict.get_json() == {"legal": True}
    assert post(SDT, body).get_json() == answer


def test_sdt_te4_no_turn_is_suggested_once_the_game_is_over(post):
    from service.spiel_der_tuerme import position_to_dict as sdt_dict
    from service.spiel_der_tuerme import setup_position
    from service.spiel_der_tuerme.opponent import Budget, play_game

    final, _ = play_game(setup_position(2, 3), [0, 0], 3, Budget(nodes=10), 10_000)
    response = post(SDT, {"position": sdt_dict(final)})
    assert response.status_code == 422
    assert response.get_json()["rule"] == "TE4"
