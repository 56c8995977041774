"""Stahl und Sterne's map over HTTP (LS2, LS6, LS12, LS14–LS22): the answers are the
engine's, a malformed map is 400 naming each member, an impossible one 422 with the rule
and the member, in the reader's language."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service import create_app
from service.turm_und_leute.board import example_map, parse_field
from service.turm_und_leute.map_rules import attack_targets, reach
from service.turm_und_leute.peoples import Side

BASE = "/v1/turm-und-leute/map"


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True, "CHECK_ANSWERS": True}).test_client()


@pytest.fixture(scope="module")
def board(client: Any) -> dict[str, Any]:
    answer = client.get(f"{BASE}/example")
    assert answer.status_code == 200
    found: dict[str, Any] = answer.get_json()
    return found


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def test_ls16_ls17_reach_answers_the_engines_fields_costs_and_paths(
    client: Any, board: dict[str, Any]
) -> None:
    answer = ok(client.post(f"{BASE}/reach", json={"map": board, "side": "imperator", "group": "arbeiter-5"}))
    engine = reach(example_map(), Side.IMPERATOR, "arbeiter-5")
    assert [r["field"] for r in answer["reach"]] == [str(r.field) for r in engine]
    assert answer["from"] == "blue:0:0"
    red = next(r for r in answer["reach"] if r["field"].startswith("red:"))
    # One field of the solar system between blue and red: a bridge of 2 markers (LS7, LS17).
    assert (red["markers"], red["bridge"], red["path"]) == (3, 1, ["blue:0:0", red["field"]])
    near = answer["reach"][0]
    assert near["markers"] == 1 and "bridge" not in near and near["rules"][:2] == ["L14", "LS16"]


def test_ls18_attacks_and_helpers_are_the_engines(client: Any, board: dict[str, Any]) -> None:
    answer = ok(client.post(f"{BASE}/attacks", json={"map": board, "side": "zwerge", "group": "zwerge-2"}))
    assert [t["field"] for t in answer["targets"]] == [
        str(t.field) for t in attack_targets(example_map(), Side.ZWERGE, "zwerge-2")
    ]
    # LS20: nothing in the big tower's sector, from another world.
    assert not any(t["field"].startswith("techno:3:") for t in answer["targets"])
    helping = ok(client.post(f"{BASE}/helpers", json={"map": board, "field": "techno:3:1"}))
    assert [h["group"] for h in helping["helpers"]] == ["strahlenwerfer-1", "strahlenwerfer-2"]


def test_ls19_ls20_placements(client: Any, board: dict[str, Any]) -> None:
    towers = ok(client.post(f"{BASE}/placements", json={"map": board, "placing": "small_tower"}))
    assert "red:1:0" in towers["fields"] and "red:0:0" not in towers["fields"]
    angels = ok(client.post(f"{BASE}/placements", json={"map": board, "placing": "angel"}))
    hired = ok(client.post(f"{BASE}/placements", json={"map": board, "placing": "group"}))
    assert "techno:3:5" in hired["fields"] and "techno:3:5" not in angels["fields"]


def test_ls6_ls12_the_solar_system_moves(client: Any, board: dict[str, Any]) -> None:
    bridged = {**board, "bridges": [["blue", "red"]]}
    moved = ok(client.post(f"{BASE}/worlds-moved", json={"map": bridged}))
    assert [w["orbit_field"] for w in moved["map"]["worlds"]] == [1, 2, 3, 6]
    assert moved["map"]["bridges"] == [] and moved["rules"] == ["LS6", "LS7"]
    planet = ok(client.post(f"{BASE}/planet-moved", json={"map": bridged, "world": "red", "orbit_field": 1}))
    assert planet["map"]["worlds"][3]["orbit_field"] == 1 and planet["map"]["bridges"] == []
    refused = client.post(f"{BASE}/planet-moved", json={"map": board, "world": "blue", "orbit_field": 1})
    assert refused.status_code == 422
    assert (refused.get_json()["rule"], refused.get_json()["field"]) == ("LS12", "/orbit_field")


def test_ls2_sector_facts(client: Any, board: dict[str, Any]) -> None:
    facts = ok(
        client.post(
            f"{BASE}/sector-facts",
            json={
                "map": board,
                "attackers": ["techno:2:0"],
                "target": "techno:3:1",
                "helpers": ["techno:3:2"],
            },
        )
    )
    assert facts == {
        "target_position": "big_tower",
        "helper_positions": ["big_tower"],
        "attack_from_outside": True,
        "attack_from_tower": False,
        "target_side_imperator": True,
    }
    empty = client.post(
        f"{BASE}/sector-facts", json={"map": board, "attackers": ["techno:2:1"], "target": "techno:3:1"}
    )
    assert (empty.status_code, empty.get_json()["field"]) == (422, "/attackers/0")


def test_ls15_an_impossible_map_is_422_with_its_rule_and_member_in_the_readers_language(
    client: Any, board: dict[str, Any]
) -> None:
    crowded = copy.deepcopy(board)
    crowded["groups"].append({**crowded["groups"][0], "id": "another"})
    answer = client.post(
        f"{BASE}/placements", json={"map": crowded, "placing": "fluid"}, headers={"Accept-Language": "de"}
    )
    assert answer.status_code == 422
    body = answer.get_json()
    assert (body["rule"], body["field"]) == ("LS15", f"/map/groups/{len(board['groups'])}/field")
    assert body["detail"] == (
        "auf techno:3:1 hat nur ein Plättchen oder ein Fluid Platz, hier stehen aber zwei")
    outside = copy.deepcopy(board)
    outside["fluids"][0]["field"] = "red:9:0"
    answer = client.post(f"{BASE}/placements", json={"map": outside, "placing": "fluid"})
    assert (answer.status_code, answer.get_json()["rule"], answer.get_json()["field"]) == (
        422,
        "LS14",
        "/map/fluids/0/field",
    )


def test_a_malformed_map_is_400_naming_each_member(client: Any, board: dict[str, Any]) -> None:
    broken = copy.deepcopy(board)
    broken["worlds"][0]["layout"][0] = "AB"
    broken["groups"][0]["field"] = "techno-3-1"
    del broken["orbits"]
    answer = client.post(f"{BASE}/reach", json={"map": broken, "side": "imperator", "group": "imperator"})
    assert answer.status_code == 400
    pointers = {e["pointer"] for e in answer.get_json()["errors"]}
    assert pointers == {"/map/worlds/0/layout/0", "/map/groups/0/field", "/map/orbits"}


def test_l14_a_group_not_on_the_map_is_422(client: Any, board: dict[str, Any]) -> None:
    answer = client.post(f"{BASE}/reach", json={"map": board, "side": "zwerge", "group": "zwerge-9"})
    found = answer.get_json()
    assert (answer.status_code, found["rule"], found["field"]) == (422, "L14", "/group")


def test_the_example_map_round_trips(board: dict[str, Any]) -> None:
    from service.turm_und_leute.wire.map_schemas import TulMap

    assert TulMap().load(board) == example_map()
    assert parse_field(board["towers"][0]["field"]) is not None


def _dwarves_turn(client: Any, board: dict[str, Any] | None, *actions: dict[str, Any]) -> dict[str, Any]:
    setup = client.get("/v1/turm-und-leute/setup?edition=stahl-und-sterne&peoples=zwerge,fluid").get_json()
    body: dict[str, Any] = {
        "edition": "stahl-und-sterne",
        "peoples": ["zwerge", "fluid"],
        "ledger": setup["sides"][1]["ledger"],
        "actions": list(actions),
    }
    if board is not None:
        body["map"] = board
    return body


def test_ls16_a_turn_sent_with_a_map_is_judged_on_it_and_answers_the_map(
    client: Any, board: dict[str, Any]
) -> None:
    near = {"type": "move", "group": "zwerge-1", "field": "green:0:0"}
    body = _dwarves_turn(client, board, near)
    answer = ok(client.post("/v1/turm-und-leute/turns/apply", json=body))
    assert any(g["id"] == "zwerge-1" and g["field"] == "green:0:0" for g in answer["map"]["groups"])
    far = _dwarves_turn(client, board, {**near, "field": "green:0:3"})
    verdict = ok(client.post("/v1/turm-und-leute/turns/validate", json=far))
    assert verdict["legal"] is False and verdict["violation"]["rule"] == "LS16"
    refused = client.post("/v1/turm-und-leute/turns/apply", json=far, headers={"Accept-Language": "fr"})
    assert (refused.status_code, refused.get_json()["field"]) == (422, "/actions/0")
    assert refused.get_json()["violation"]["detail"] == (
        "un déplacement court ne mène qu'à la case voisine ; green:0:3 est plus loin"
    )


def test_without_a_map_a_turn_answers_as_before(client: Any) -> None:
    body = _dwarves_turn(client, None, {"type": "move", "group": "zwerge-1"})
    answer = ok(client.post("/v1/turm-und-leute/turns/apply", json=body))
    assert "map" not in answer
    assert ok(client.post("/v1/turm-und-leute/turns/validate", json=body)) == {"legal": True}


def test_ls14_a_map_is_stahl_und_sternes(client: Any, board: dict[str, Any]) -> None:
    body = _dwarves_turn(client, board)
    body["edition"] = "turm-und-leute"
    body["ledger"] = {"side": "zwerge"}
    answer = client.post("/v1/turm-und-leute/turns/validate", json=body)
    assert (answer.status_code, answer.get_json()["rule"], answer.get_json()["field"]) == (
        422,
        "LS14",
        "/map",
    )


def test_ls16_the_map_is_drawn_with_a_groups_reach(client: Any, board: dict[str, Any]) -> None:
    from pathlib import Path

    from service.render.turm_und_leute_map import example_svg

    drawn = client.post(
        f"{BASE}/render", json={"map": board, "side": "imperator", "group": "daemonenreiter-1"}
    )
    assert drawn.status_code == 200 and drawn.mimetype == "image/svg+xml"
    svg = drawn.get_data(as_text=True)
    reached = reach(example_map(), Side.IMPERATOR, "daemonenreiter-1")
    assert svg.count('class="reach"') == len(reached)
    plain = client.post(f"{BASE}/render", json={"map": board}).get_data(as_text=True)
    assert 'class="reach"' not in plain and 'data-group="zwerge-1"' in plain
    # The document's picture is the service's (make spec draws it).
    committed = Path(__file__).resolve().parents[2] / "docs" / "turm-und-leute-map.svg"
    assert (
        committed.read_text(encoding="utf-8")
        == example_svg()
        == client.get("/rules/turm-und-leute-map.svg").get_data(as_text=True)
    )


def test_ls16_the_map_page_is_served_in_the_readers_language(client: Any) -> None:
    page = client.get("/turm-und-leute/map?lang=de")
    assert page.status_code == 200 and "Stahl und Sterne: die Karte" in page.get_data(as_text=True)
    script = client.get("/turm-und-leute/map.js")
    assert script.status_code == 200 and "/map/reach" in script.get_data(as_text=True)
