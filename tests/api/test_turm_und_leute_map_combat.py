"""``POST /v1/turm-und-leute/combat`` on a map (LS2): the sector facts are the map's and are
answered; a fact sent that the map contradicts is 422 naming LS2, in the reader's language;
without a map the answer is as it always was."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service import create_app

COMBAT = "/v1/turm-und-leute/combat"


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True, "CHECK_ANSWERS": True}).test_client()


@pytest.fixture(scope="module")
def board(client: Any) -> dict[str, Any]:
    answer = client.get("/v1/turm-und-leute/map/example")
    assert answer.status_code == 200
    found: dict[str, Any] = answer.get_json()
    found["groups"].append({"side": "zwerge", "id": "zwerge-9", "kind": "zwerge", "field": "techno:2:2"})
    return found


def _fight(board: dict[str, Any]) -> dict[str, Any]:
    return {
        "edition": "stahl-und-sterne",
        "map": copy.deepcopy(board),
        "attackers": [{"kind": "zwerge", "figures": 3, "field": "techno:2:2"}],
        "target": {"kind": "strahlenwerfer", "figures": 2, "field": "techno:3:2"},
        "helpers": [{"kind": "strahlenwerfer", "figures": 2, "field": "techno:3:3"}],
    }


def _without_map(body: dict[str, Any]) -> dict[str, Any]:
    plain = copy.deepcopy(body)
    del plain["map"]
    for group in (*plain["attackers"], plain["target"], *plain["helpers"]):
        del group["field"]
    return plain


def test_ls2_legal_combat_on_a_map_answers_the_maps_sector_facts(client: Any, board: dict[str, Any]) -> None:
    body = _fight(board)
    answer = client.post(COMBAT, json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    found = answer.get_json()
    asked = {"map": board, "attackers": ["techno:2:2"], "target": "techno:3:2", "helpers": ["techno:3:3"]}
    facts = client.post("/v1/turm-und-leute/map/sector-facts", json=asked).get_json()
    assert found["sector_facts"] == facts
    assert facts["target_position"] == "big_tower" and facts["attack_from_outside"] is True
    # The same fight told without the map, its facts as the map gives them, resolves alike.
    told = _without_map(body)
    told["target"]["position"] = told["helpers"][0]["position"] = "big_tower"
    told["target_side_imperator"] = True
    same = client.post(COMBAT, json=told).get_json()
    assert "sector_facts" not in same
    assert {k: v for k, v in found.items() if k != "sector_facts"} == same
    assert [c["bonus"] for c in same["contributions"]] == [1, 4, 4]


def test_ls2_legal_facts_sent_that_agree_with_the_map(client: Any, board: dict[str, Any]) -> None:
    body = _fight(board)
    body["attack_from_outside"] = True
    body["target"]["position"] = "big_tower"
    answer = client.post(COMBAT, json=body)
    assert answer.status_code == 200, answer.get_data(as_text=True)


def test_ls2_without_a_map_the_answer_has_no_sector_facts(client: Any, board: dict[str, Any]) -> None:
    plain = _without_map(_fight(board))
    answer = client.post(COMBAT, json=plain)
    assert answer.status_code == 200 and "sector_facts" not in answer.get_json()
    # Told by the players, the ground gives no bonus: the map's facts are not guessed.
    assert [c["bonus"] for c in answer.get_json()["contributions"]] == [1, 1, 1]


@pytest.mark.parametrize(
    ("pointer", "member", "value"),
    [
        ("/attack_from_outside", ("attack_from_outside",), False),
        ("/target_side_imperator", ("target_side_imperator",), False),
        ("/target/position", ("target", "position"), "ground"),
        ("/helpers/0/position", ("helpers", 0, "position"), "small_tower"),
    ],
)
def test_ls2_illegal_a_fact_the_map_contradicts_is_422(
    client: Any, board: dict[str, Any], pointer: str, member: tuple[Any, ...], value: Any
) -> None:
    body = _fight(board)
    where: Any = body
    for step in member[:-1]:
        where = where[step]
    where[member[-1]] = value
    english = client.post(COMBAT, json=body)
    german = client.post(COMBAT, json=body, headers={"Accept-Language": "de"})
    assert english.status_code == german.status_code == 422
    problem = english.get_json()
    assert (problem["rule"], problem["field"]) == ("LS2", pointer)
    assert pointer in german.get_json()["detail"] and german.get_json()["detail"] != problem["detail"]


def test_ls2_illegal_a_group_without_its_field_on_a_map(client: Any, board: dict[str, Any]) -> None:
    body = _fight(board)
    del body["helpers"][0]["field"]
    problem = client.post(COMBAT, json=body).get_json()
    assert (problem["status"], problem["rule"], problem["field"]) == (422, "LS2", "/helpers/0/field")


def test_ls2_illegal_a_field_without_a_map_is_not_ignored(client: Any, board: dict[str, Any]) -> None:
    body = _fight(board)
    del body["map"]
    problem = client.post(COMBAT, json=body, headers={"Accept-Language": "fr"}).get_json()
    assert (problem["status"], problem["rule"], problem["field"]) == (422, "LS2", "/attackers/0/field")
    assert "carte" in problem["detail"]


def test_ls18_illegal_a_fight_field_without_a_group(client: Any, board: dict[str, Any]) -> None:
    body = _fight(board)
    body["target"]["field"] = "techno:2:3"
    problem = client.post(COMBAT, json=body).get_json()
    assert (problem["status"], problem["rule"], problem["field"]) == (422, "LS18", "/target/field")


def test_ls2_a_malformed_field_is_400_naming_it(client: Any, board: dict[str, Any]) -> None:
    body = _fight(board)
    body["attackers"][0]["field"] = "nowhere"
    problem = client.post(COMBAT, json=body).get_json()
    assert problem["status"] == 400
    assert [p["pointer"] for p in problem["errors"]] == ["/attackers/0/field"]
