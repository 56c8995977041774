"""POST /v1/removals, /v1/placements, /v1/reach, /v1/captures, /v1/goal: answers checked by hand."""

from __future__ import annotations

import copy

from service.api.terra_turrium.examples import examples

from .bodies import PROBLEM, position, with_heights

# --- removals (R1–R7) ---------------------------------------------------------------


def test_removals_two_players_own_half_and_outside_ring_b4_r3_r5_r6(post):
    # 2 players: ring 0 is out of play and empty, so every ring-1 square of the opponent's
    # half is outside (R6); yellow's own half (NW+NE, b6–i9) is free to take from (R3).
    body = {"position": position(2, seat_changes={0: {"turrians": ["b9"]}, 1: {"turrians": ["c2"]}})}
    response = post("/v1/removals", body)
    assert response.status_code == 200
    removals = response.get_json()["removals"]
    outside = [r["square"] for r in removals if r["rule"] == "outside"]
    assert outside == ["b2", "d2", "e2", "f2", "g2", "h2", "i2", "b3", "i3", "b4", "i4", "b5", "i5"]
    own = [r["square"] for r in removals if r["rule"] == "own"]
    assert len(own) == 31  # 32 in-play squares of NW+NE, less b9 with a turrian (R2)
    assert "b9" not in own and "c2" not in outside
    assert removals[0] == {"square": "b2", "territory": "SW", "height": 1, "rule": "outside"}
    assert {"square": "b6", "territory": "NW", "height": 1, "rule": "own"} in removals


def test_removals_are_in_board_order(post):
    squares = [
        r["square"]
        for r in post("/v1/removals", examples()["removals"]["midgame"]["value"]).get_json()["removals"]
    ]
    order = [(int(s[1:]), s[0]) for s in squares]
    assert order == sorted(order)


def test_removals_height_is_before_taking_r7(post):
    body = {"position": with_heights(position(4, seat_changes={0: {"turrians": ["b9"]}}), c8=3)}
    removals = post("/v1/removals", body).get_json()["removals"]
    assert {"square": "c8", "territory": "NW", "height": 3, "rule": "own"} in removals


def test_removals_one_stone_per_foreign_territory_r4(post):
    # 3 players: yellow has taken i2 from blue's SE; no second SE stone may follow.
    data = with_heights(position(3), i2=0)
    data["turn"] = {"phase": "take", "taken": ["i2"], "in_hand": 1}
    removals = post("/v1/removals", {"position": data}).get_json()["removals"]
    assert not [r for r in removals if r["territory"] == "SE"]
    assert {"square": "i6", "territory": "NE", "height": 1, "rule": "outside"} in removals


def test_removals_empty_after_three_stones_r1(post):
    data = with_heights(position(4), a10=0, b10=0, c10=0)
    data["turn"] = {"phase": "take", "taken": ["a10", "b10", "c10"], "in_hand": 3}
    assert post("/v1/removals", {"position": data}).get_json() == {"removals": []}


def test_removals_empty_outside_the_take_phase_t1(post):
    data = position(4)
    data["turn"] = {"phase": "move"}
    assert post("/v1/removals", {"position": data}).get_json() == {"removals": []}


# --- placements (P2) --------------------------------------------------------------


def test_placements_every_in_play_square_without_a_turrian_p2_b4(post):
    body = {"position": position(3, seat_changes={0: {"turrians": ["b9", "c9"]}, 1: {"turrians": ["h9"]}})}
    squares = post("/v1/placements", body).get_json()["squares"]
    assert len(squares) == 64 - 3
    assert squares[:3] == ["b2", "c2", "d2"]  # ring 0 (a1 …) is out of play with 3 players
    assert "b9" not in squares and "h9" not in squares and "a1" not in squares


def test_placements_at_any_height_p2(post):
    body = {"position": with_heights(position(4), e5=7)}
    assert "e5" in post("/v1/placements", body).get_json()["squares"]


def test_placements_empty_in_the_move_phase(post):
    data = position(4)
    data["turn"] = {"phase": "move", "points": 3}
    assert post("/v1/placements", {"position": data}).get_json() == {"squares": []}


# --- reach (M1–M10) ---------------------------------------------------------------


def test_reach_from_a_corner_with_two_points_m1_m2(post):
    body = {"position": position(4, seat_changes={0: {"turrians": ["a10"]}}), "from": "a10", "points": 2}
    response = post("/v1/reach", body)
    assert response.status_code == 200
    assert response.get_json() == {
        "reachable": [
            {"square": "a8", "cost": 2, "path": ["a9", "a8"], "captures": []},
            {"square": "a9", "cost": 1, "path": ["a9"], "captures": []},
            {"square": "b9", "cost": 2, "path": ["a9", "b9"], "captures": []},
            {"square": "b10", "cost": 1, "path": ["b10"], "captures": []},
            {"square": "c10", "cost": 2, "path": ["b10", "c10"], "captures": []},
        ]
    }


def test_reach_points_default_to_the_turns_points(post):
    data = position(4, seat_changes={0: {"turrians": ["a10"]}})
    data["turn"] = {"phase": "move", "points": 1}
    reachable = post("/v1/reach", {"position": data, "from": "a10"}).get_json()["reachable"]
    assert [r["square"] for r in reachable] == ["a9", "b10"]


def test_reach_cannot_climb_two_levels_m4(post):
    body = {
        "position": with_heights(position(4, seat_changes={0: {"turrians": ["a10"]}}), a9=3),
        "from": "a10",
        "points": 1,
    }
    assert [r["square"] for r in post("/v1/reach", body).get_json()["reachable"]] == ["b10"]


def test_reach_from_reserve_enters_on_the_entry_row_m9(post):
    # 4 players: yellow's entry row is NW's ring 0 (a6–a10, b10–e10); entering costs 1.
    body = {"position": position(4, seat_changes={0: {"turrians": ["a10"]}}), "from": "reserve", "points": 1}
    reachable = post("/v1/reach", body).get_json()["reachable"]
    assert [r["square"] for r in reachable] == ["a6", "a7", "a8", "a9", "b10", "c10", "d10", "e10"]
    assert all(r["cost"] == 1 and r["path"] == [r["square"]] for r in reachable)


def test_reach_lists_captures_on_the_path_m6_m7(post):
    body = examples()["reach"]["midgame"]["value"]
    reachable = {r["square"]: r for r in post("/v1/reach", body).get_json()["reachable"]}
    # f7 (2) → f8 (1) → g8 (1, red): 1 + (1 + 1 same height) = 3, an attack in NE.
    assert reachable["g8"] == {"square": "g8", "cost": 3, "path": ["f8", "g8"], "captures": ["g8"]}
    # f5 (2) → f4 (3, blue), capturing upwards: 1 + 1 + (1 + 2) = 5.
    assert reachable["f4"]["cost"] == 5 and reachable["f4"]["captures"] == ["f4"]
    assert "f7" not in reachable


# --- captures (M6–M8) ------------------------------------------------------------


def _capture_position(attacks: int = 0):
    # Yellow on e7 (NW, 2 high); red on f7 (NE, 2), blue on e6 (NW, 2), green on e8 (NW, 1).
    return position(
        4,
        seat_changes={
            0: {"turrians": ["e7"], "attacks": attacks},
            1: {"turrians": ["f7"]},
            2: {"turrians": ["e6"]},
            3: {"turrians": ["e8"]},
        },
    )


def test_captures_cost_kind_and_order_m7_m8(post):
    response = post("/v1/captures", {"position": _capture_position(), "points": 2})
    assert response.status_code == 200
    assert response.get_json() == {
        "captures": [
            # same height: 1 + 1; own territory: defence
            {"from": "e7", "target": "e6", "victim": "blue", "cost": 2, "path": ["e6"], "kind": "defence"},
            # same height in NE: attack
            {"from": "e7", "target": "f7", "victim": "red", "cost": 2, "path": ["f7"], "kind": "attack"},
            # capturing downwards: 1 + 0
            {"from": "e7", "target": "e8", "victim": "green", "cost": 1, "path": ["e8"], "kind": "defence"},
        ]
    }


def test_captures_without_attacks_left_only_defences_m8(post):
    captures = post("/v1/captures", {"position": _capture_position(attacks=5), "points": 2}).get_json()[
        "captures"
    ]
    assert [c["target"] for c in captures] == ["e6", "e8"]
    assert {c["kind"] for c in captures} == {"defence"}


def test_captures_spare_the_partner_in_team_play_m6(post):
    data = _capture_position()
    data["rules"] = {"team_play": True}  # yellow (NW) and red (NE) are partners
    captures = post("/v1/captures", {"position": data, "points": 2}).get_json()["captures"]
    assert [c["target"] for c in captures] == ["e6", "e8"]


def test_captures_from_reserve_come_last(post):
    captures = post("/v1/captures", examples()["captures"]["midgame"]["value"]).get_json()["captures"]
    origins = [c["from"] for c in captures]
    assert origins == sorted(
        origins, key=lambda s: (int(s[1:]), s[0])
    )  # board order, no reserve: all 6 on board
    data = copy.deepcopy(_capture_position())
    data["seats"][0]["turrians"] = ["e7"]
    data["seats"][3]["turrians"] = ["b10"]  # next to yellow's entry row
    captures = post("/v1/captures", {"position": data, "points": 3}).get_json()["captures"]
    assert captures[-1] == {
        "from": "reserve",
        "target": "b10",
        "victim": "green",
        "cost": 3,  # enter on a10 or c10 (1), then 1 + 1 for the same height
        "path": captures[-1]["path"],
        "kind": "defence",
    }
    assert captures[-1]["path"] in (["a10", "b10"], ["c10", "b10"])


# --- goal (G1–G4) ------------------------------------------------------------------


def test_goal_in_the_final_round_g1_g3(post):
    response = post("/v1/goal", examples()["goal"]["final-round"]["value"])
    assert response.status_code == 200
    assert response.get_json() == {
        "seats": [
            {"id": "yellow", "goal_met": True, "heights": [1, 2, 3, 4, 5, 6], "missing": []},
            {"id": "red", "goal_met": False, "heights": [1, 1, 1, 1, 2, 3], "missing": [4, 5, 6]},
        ],
        "game_over": False,
        "winners": [],
    }


def test_goal_game_over_once_the_round_is_complete_g3(post):
    body = copy.deepcopy(examples()["goal"]["final-round"]["value"])
    body["position"]["to_move"] = "yellow"  # back to round_start: the round is complete
    answer = post("/v1/goal", body).get_json()
    assert answer["game_over"] is True
    assert answer["winners"] == ["yellow"]


def test_goal_pro_heights_g2(post):
    data = with_heights(position(2), b6=2, c6=3, d6=4, e6=5, f6=6, g6=7)
    data["seats"][0]["turrians"] = ["b6", "c6", "d6", "e6", "f6", "g6"]
    data["rules"] = {"goal": "pro"}
    seats = post("/v1/goal", {"position": data}).get_json()["seats"]
    assert seats[0] == {"id": "yellow", "goal_met": True, "heights": [2, 3, 4, 5, 6, 7], "missing": []}
    assert seats[1] == {"id": "red", "goal_met": False, "heights": [], "missing": [2, 3, 4, 5, 6, 7]}


# --- the errors every query shares -----------------------------------------------


def test_queries_reject_an_invalid_position_with_422_and_the_rule(post):
    data = position(4, seat_changes={0: {"turrians": ["c7"]}, 1: {"turrians": ["c7"]}})
    for path in ("/v1/removals", "/v1/placements", "/v1/captures", "/v1/goal"):
        response = post(path, {"position": data})
        assert response.status_code == 422, path
        assert response.mimetype == PROBLEM
        problem = response.get_json()
        assert problem["rule"] == "S2"
        assert problem["field"] == "/position/seats/1/turrians/0"


def test_reach_from_a_square_without_a_turrian_of_the_mover_is_422(post):
    response = post(
        "/v1/reach", {"position": position(4, seat_changes={1: {"turrians": ["f7"]}}), "from": "f7"}
    )
    assert response.status_code == 422
    problem = response.get_json()
    assert (problem["rule"], problem["field"]) == ("S2", "/from")
    assert problem["type"] == "urn:terra-turrium:problem:invalid-query"


def test_reach_from_reserve_with_none_in_reserve_is_422_m9(post):
    turrians = ["a10", "b10", "c10", "d10", "e10", "a9"]
    response = post(
        "/v1/reach", {"position": position(4, seat_changes={0: {"turrians": turrians}}), "from": "reserve"}
    )
    assert response.status_code == 422
    assert response.get_json()["rule"] == "M9"
