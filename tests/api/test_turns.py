"""POST /v1/turns/validate and /v1/turns/apply."""

from __future__ import annotations

import copy

from service.api.terra_turrium.examples import examples

from .bodies import PROBLEM, position

#: Yellow (4 players) takes b9, c9, d9, builds b9 three high and walks a10 → a9 → b9,
#: a climb of two levels (M4) at the second square of the path.
TOO_STEEP = {
    "position": position(4, seat_changes={0: {"turrians": ["a10"]}}),
    "turn": {
        "take": ["b9", "c9", "d9"],
        "place": ["b9", "b9", "b9"],
        "move": [{"from": "a10", "path": ["a9", "b9"]}],
    },
}
STEEP_VIOLATION = {
    "rule": "M4",
    "phase": "move",
    "index": 0,
    "detail": "a9 is 1 high and b9 is 3 high: a step climbs or descends one level at most",
    "step": 1,
}


def test_validate_a_legal_turn(post):
    response = post("/v1/turns/validate", examples()["validate"]["legal"]["value"])
    assert response.status_code == 200
    assert response.get_json() == {"legal": True}


def test_validate_names_the_first_illegal_action_r4(post):
    response = post("/v1/turns/validate", examples()["validate"]["illegal"]["value"])
    assert response.status_code == 200
    assert response.get_json() == {
        "legal": False,
        "violation": {
            "rule": "R4",
            "phase": "take",
            "index": 2,
            "detail": "a stone has already been taken from the foreign territory NE in this turn; "
            "only one per foreign territory is allowed",
            "interpretations": ["R4"],  # R4 rests on a reading (docs/rules.md)
        },
    }


def test_validate_gives_the_step_of_a_move_violation_m4(post):
    assert post("/v1/turns/validate", TOO_STEEP).get_json() == {"legal": False, "violation": STEEP_VIOLATION}


def test_validate_requires_three_stones_when_more_can_be_taken_r1(post):
    body = {"position": position(4), "turn": {"take": ["a10"], "place": ["a10"], "move": []}}
    violation = post("/v1/turns/validate", body).get_json()["violation"]
    assert (violation["rule"], violation["phase"], violation["index"]) == ("R1", "take", 1)
    assert "step" not in violation


def test_apply_plays_a_turn_with_defence_and_attack_m6_m8(post):
    response = post("/v1/turns/apply", examples()["apply"]["midgame"]["value"])
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["events"] == [
        {"type": "take", "seat": "yellow", "square": "d9"},
        {"type": "take", "seat": "yellow", "square": "e9"},
        {"type": "take", "seat": "yellow", "square": "i7"},
        {"type": "place", "seat": "yellow", "square": "d8", "bonus": False},
        {"type": "place", "seat": "yellow", "square": "d8", "bonus": False},
        {"type": "place", "seat": "yellow", "square": "d8", "bonus": False},
        {"type": "capture", "seat": "yellow", "square": "e6", "victim": "red", "kind": "defence"},
        {"type": "move", "seat": "yellow", "square": "e6", "origin": "d6", "cost": 2},
        {"type": "capture", "seat": "yellow", "square": "g8", "victim": "red", "kind": "attack"},
        {"type": "attack", "seat": "yellow", "attacks": 1},
        {"type": "move", "seat": "yellow", "square": "g8", "origin": "f7", "cost": 3},
    ]
    after = answer["position"]
    assert after["to_move"] == "red"
    assert after["turn"] == {"phase": "take", "taken": [], "in_hand": 0, "points": 5, "attacked": False}
    yellow, red, _ = after["seats"]
    assert yellow["turrians"] == ["e6", "c7", "b8", "e8", "g8", "c9"]
    assert yellow["attacks"] == 1
    assert red["turrians"] == ["h6", "h7", "f9", "i9"]  # two captured, back in reserve
    assert after["heights"][7][3] == 4  # d8: 1 + 3 stones
    assert after["heights"][8][3:5] == [0, 0]  # d9, e9 taken


def test_apply_ends_the_game_after_the_final_round_g3(post):
    answer = post("/v1/turns/apply", examples()["apply"]["last-turn"]["value"]).get_json()
    assert answer["events"][-1] == {
        "type": "game_over", "seat": "yellow", "winners": ["yellow"], "interpretations": ["G3"]
    }
    assert answer["position"]["finishers"] == ["yellow"]
    assert answer["position"]["to_move"] == answer["position"]["round_start"] == "yellow"


def test_apply_answer_is_accepted_as_the_next_request(post):
    after = post("/v1/turns/apply", examples()["apply"]["midgame"]["value"]).get_json()["position"]
    assert post("/v1/removals", {"position": after}).status_code == 200


def test_apply_an_illegal_turn_is_422_with_the_violation(post):
    response = post("/v1/turns/apply", TOO_STEEP)
    assert response.status_code == 422
    assert response.mimetype == PROBLEM
    assert response.get_json() == {
        "type": "urn:terra-turrium:problem:illegal-turn",
        "title": "Illegal turn",
        "status": 422,
        "detail": STEEP_VIOLATION["detail"],
        "rule": "M4",
        "field": "/turn",
        "violation": STEEP_VIOLATION,
    }


def test_apply_and_validate_agree(post):
    for body in (TOO_STEEP, examples()["validate"]["illegal"]["value"]):
        violation = post("/v1/turns/validate", body).get_json()["violation"]
        assert post("/v1/turns/apply", body).get_json()["violation"] == violation


def test_apply_after_game_over_is_illegal_g3(post):
    body = copy.deepcopy(examples()["apply"]["last-turn"]["value"])
    body["position"]["to_move"] = "yellow"
    body["turn"] = {}
    violation = post("/v1/turns/apply", body).get_json()["violation"]
    assert (violation["rule"], violation["phase"]) == ("G3", "turn")


def test_turns_reject_malformed_turns_with_400(post):
    base = examples()["validate"]["legal"]["value"]
    cases = {
        "/turn/move/0/path": {"move": [{"from": "a10", "path": []}]},
        "/turn/move/0/from": {"move": [{"from": "hand", "path": ["a9"]}]},
        "/turn/take/0": {"take": ["k1"]},
        "/turn/jump": {"jump": []},
    }
    for pointer, turn in cases.items():
        for path in ("/v1/turns/validate", "/v1/turns/apply"):
            response = post(path, {**base, "turn": turn})
            assert response.status_code == 400, (path, turn)
            assert [e["pointer"] for e in response.get_json()["errors"]] == [pointer]


def test_turns_require_a_turn(post):
    response = post("/v1/turns/validate", {"position": position(4)})
    assert response.status_code == 400
    assert response.get_json()["errors"] == [
        {"pointer": "/turn", "detail": "is required"}
    ]


def test_t1_progress_then_apply_is_the_whole_turn(post):
    body = examples()["apply"]["midgame"]["value"]
    whole = post("/v1/turns/apply", body).get_json()
    first = {**body["turn"], "move": body["turn"]["move"][:1]}
    so_far = post("/v1/turns/progress", {"position": body["position"], "turn": first}).get_json()
    assert so_far["position"]["to_move"] == body["position"]["to_move"]
    assert so_far["position"]["turn"]["phase"] == "move"
    rest = {"move": body["turn"]["move"][1:]}
    after = post("/v1/turns/apply", {"position": so_far["position"], "turn": rest}).get_json()
    assert after["position"] == whole["position"]
    assert so_far["events"] + after["events"] == whole["events"]


def test_r4_progress_answers_an_illegal_action_like_apply(post):
    body = examples()["validate"]["illegal"]["value"]
    problem = post("/v1/turns/progress", body).get_json()
    assert (
        problem["status"] == 422
        and problem["violation"] == post("/v1/turns/apply", body).get_json()["violation"]
    )
