"""P3 over HTTP: the handicap's stones handed over at set-up and between turns."""

from __future__ import annotations

from service.api.terra_turrium.examples import examples

PROBLEM = "application/problem+json"


def stones(position):
    return sum(map(sum, position["heights"])) + sum(s.get("bonus_stones", 0) for s in position["seats"])


def test_p3_setup_creates_a_handicap_game(client):
    plain = client.get("/v1/setup?players=2").get_json()
    answer = client.get("/v1/setup?players=2&handicap=yellow:red:b9,c9")
    assert answer.status_code == 200
    game = answer.get_json()
    assert [s["bonus_stones"] for s in game["seats"]] == [0, 2]
    assert game["heights"][8][1] == game["heights"][8][2] == 0  # b9, c9: rank 9, files b and c
    assert stones(game) == stones(plain) == 64


def test_p3_setup_refuses_a_stone_of_another_territory_naming_the_rule(client):
    answer = client.get("/v1/setup?players=4&handicap=yellow:red:j1")
    assert answer.status_code == 422 and answer.mimetype == PROBLEM
    body = answer.get_json()
    assert (body["rule"], body["field"], body["interpretations"]) == ("P3", "handicap", ["P3"])
    assert client.get("/v1/setup?handicap=yellow").status_code == 400  # not of the form


def test_p3_a_handover_between_turns_conserves_the_stones(post):
    body = examples()["handover"]["midgame"]["value"]
    answer = post("/v1/handover", body)
    assert answer.status_code == 200
    before = client_position(post, body["position"])
    after = answer.get_json()["position"]
    assert stones(after) == stones(before)
    assert after["seats"][0]["bonus_stones"] == before["seats"][0].get("bonus_stones", 0) + 2


def client_position(post, position):
    """The position as the service writes it (every member)."""
    return post("/v1/notation", {"position": position}).get_json()["position"]


def test_p3_r2_a_handover_names_the_offending_square(post):
    body = examples()["handover"]["midgame"]["value"]
    turrian = body["position"]["seats"][2]["turrians"][0]  # blue's own turrian
    wrong = {**body, "handover": {"from": "blue", "to": "yellow", "squares": [turrian]}}
    answer = post("/v1/handover", wrong)
    assert answer.status_code == 422
    assert (answer.get_json()["rule"], answer.get_json()["field"]) == ("R2", "/handover/squares/0")
    mid_turn = {**body, "position": {**body["position"], "turn": {"phase": "move"}}}
    answer = post("/v1/handover", mid_turn).get_json()
    assert (answer["rule"], answer["field"]) == ("T1", "/handover/squares/0")
