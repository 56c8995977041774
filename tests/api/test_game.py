"""GET /v1/setup and /v1/board."""

from __future__ import annotations

from .bodies import PROBLEM

RING0 = {"a1", "j1", "a10", "j10", "e1", "a5", "j6", "f10"}


def _heights(answer):
    return {
        f"{'abcdefghij'[f]}{r + 1}": h for r, row in enumerate(answer["heights"]) for f, h in enumerate(row)
    }


def test_setup_defaults_to_four_players_b6(client):
    response = client.get("/v1/setup")
    assert response.status_code == 200
    answer = response.get_json()
    heights = _heights(answer)
    assert sum(heights.values()) == 116
    assert heights["a1"] == 1 and heights["e5"] == 2 and heights["d4"] == 2 and heights["c3"] == 1
    assert [(s["id"], s["territories"]) for s in answer["seats"]] == [
        ("yellow", ["NW"]),
        ("red", ["NE"]),
        ("blue", ["SE"]),
        ("green", ["SW"]),
    ]
    assert all(s["turrians"] == [] and s["attacks"] == 0 for s in answer["seats"])
    assert answer["to_move"] == answer["round_start"] == "yellow"
    assert answer["rules"] == {
        "goal": "standard",
        "team_play": False,
        "outside_rule": "line",
        "two_player_board": "8x8",
        "captures": "standard",
        "reentry": "entry_row",
    }
    assert answer["turn"]["phase"] == "take"


def test_setup_three_players_leaves_ring_0_empty_b4_b6(client):
    answer = client.get("/v1/setup?players=3").get_json()
    heights = _heights(answer)
    assert sum(heights.values()) == 80
    assert all(heights[s] == 0 for s in RING0)
    assert [s["territories"] for s in answer["seats"]] == [["NW"], ["NE"], ["SE"]]  # SW is neutral


def test_setup_two_players_and_options(client):
    answer = client.get("/v1/setup?players=2&two_player_board=6x6&goal=pro&outside_rule=path").get_json()
    assert sum(_heights(answer).values()) == 36
    assert [s["territories"] for s in answer["seats"]] == [["NW", "NE"], ["SE", "SW"]]
    assert answer["rules"] == {
        "goal": "pro",
        "team_play": False,
        "outside_rule": "path",
        "two_player_board": "6x6",
        "captures": "standard",
        "reentry": "entry_row",
    }


def test_setup_team_play(client):
    assert client.get("/v1/setup?team_play=true").get_json()["rules"]["team_play"] is True


def test_setup_is_a_valid_position_for_the_queries(client, post):
    for players in (2, 3, 4):
        answer = client.get(f"/v1/setup?players={players}").get_json()
        assert post("/v1/placements", {"position": answer}).status_code == 200


def test_setup_contradictory_options_are_422_s1_b4(client):
    for query, rule, field in (
        ("players=3&team_play=true", "S1", "/rules/team_play"),
        ("players=4&two_player_board=6x6", "B4", "/rules/two_player_board"),
    ):
        response = client.get(f"/v1/setup?{query}")
        assert response.status_code == 422
        assert response.mimetype == PROBLEM
        assert (response.get_json()["rule"], response.get_json()["field"]) == (rule, field)


def test_setup_rejects_bad_query_parameters_with_400(client):
    for query, parameter in (
        ("players=5", "players"),
        ("players=three", "players"),
        ("players=+3", "players"),
        ("players=3&players=4", "players"),
        ("team_play=yes", "team_play"),
        ("goal=easy", "goal"),
        ("two_player_board=4x4", "two_player_board"),
        ("player=3", "player"),
    ):
        response = client.get(f"/v1/setup?{query}")
        assert response.status_code == 400, query
        assert response.mimetype == PROBLEM
        assert [e["parameter"] for e in response.get_json()["errors"]] == [parameter], query


def test_board_squares_b1_b2_b3(client):
    response = client.get("/v1/board")
    assert response.status_code == 200
    answer = response.get_json()
    squares = answer["squares"]
    assert len(squares) == 100
    assert squares[0] == {"square": "a1", "file": "a", "rank": 1, "territory": "SW", "ring": 0}
    assert squares[99] == {"square": "j10", "file": "j", "rank": 10, "territory": "NE", "ring": 0}
    by_name = {s["square"]: s for s in squares}
    assert (by_name["e5"]["territory"], by_name["e5"]["ring"]) == ("SW", 4)
    assert (by_name["f6"]["territory"], by_name["f6"]["ring"]) == ("NE", 4)
    assert (by_name["e6"]["territory"], by_name["f5"]["territory"]) == ("NW", "SE")
    assert sum(1 for s in squares if s["ring"] == 0) == 36
    assert answer["clockwise"] == ["NW", "NE", "SE", "SW"]


def test_board_play_areas_and_entry_rows_b4_m9(client):
    answer = client.get("/v1/board").get_json()
    layouts = {(layout["players"], layout["board"]): layout for layout in answer["layouts"]}
    assert list(layouts) == [(2, "8x8"), (2, "6x6"), (3, "8x8"), (4, "10x10")]
    assert [len(layout["play_area"]) for layout in layouts.values()] == [64, 36, 64, 100]
    assert layouts[(3, "8x8")]["play_area"][:2] == ["b2", "c2"]
    assert layouts[(4, "10x10")]["entry_rows"]["NW"] == [
        "a6",
        "a7",
        "a8",
        "a9",
        "a10",
        "b10",
        "c10",
        "d10",
        "e10",
    ]
    assert layouts[(3, "8x8")]["entry_rows"]["SW"] == ["b2", "c2", "d2", "e2", "b3", "b4", "b5"]
    assert layouts[(2, "6x6")]["entry_rows"]["NW"] == ["c6", "c7", "c8", "d8", "e8"]
    assert list(layouts[(2, "8x8")]["entry_rows"]) == ["NW", "NE", "SE", "SW"]


def test_board_takes_no_parameters(client):
    assert client.get("/v1/board?players=2").data == client.get("/v1/board").data


def test_b6_s1_a_bad_setup_query_is_named_in_the_readers_words(client):
    answer = client.get("/v1/setup?players=x&team_play=yes&goal=easy", headers={"Accept-Language": "de"})
    assert answer.status_code == 400
    english = client.get("/v1/setup?players=x&team_play=yes&goal=easy").get_json()["errors"]
    assert [e["detail"] for e in english] == ["must be an integer", "must be a boolean",
                                              "must be one of 'standard', 'pro'"]
    german = answer.get_json()["errors"]
    assert [e["parameter"] for e in german] == ["players", "team_play", "goal"]
    assert german[0]["detail"] == "muss eine ganze Zahl sein"
    assert all(mine["detail"] != theirs["detail"] for mine, theirs in zip(german, english, strict=True))
