"""Positions in the notation (docs/notation.md) over HTTP: every POST body takes one for
``position``, and ``POST /v1/notation`` converts between the two forms."""

from __future__ import annotations

import pytest

from service.api.terra_turrium.examples import examples, final_round, midgame
from service.terra_turrium import position_to_dict
from service.terra_turrium.notation import NOTATION_PATTERN, write_notation
from tests.yaml_text import load_yaml

from .bodies import PROBLEM

NEW_GAME = "setup|yellow:NW|red:NE|blue:SE|green:SW"

#: Every POST endpoint with the extra members its body needs.
POSTS = {
    "/v1/removals": {},
    "/v1/placements": {},
    "/v1/reach": {"from": "f7"},
    "/v1/captures": {"points": 3},
    "/v1/goal": {},
    "/v1/turns/validate": {"turn": examples()["validate"]["legal"]["value"]["turn"]},
    "/v1/turns/apply": {"turn": examples()["validate"]["legal"]["value"]["turn"]},
    "/v1/render": {"highlight": {"kind": "reach", "from": "f7"}},
    "/v1/notation": {},
}


@pytest.mark.parametrize(("path", "extra"), POSTS.items())
def test_every_post_answers_a_notation_as_it_answers_the_object(post, path, extra):
    as_object = post(path, {"position": position_to_dict(midgame()), **extra})
    as_string = post(path, {"position": write_notation(midgame()), **extra})
    assert as_object.status_code == as_string.status_code == 200
    assert as_object.data == as_string.data


def test_notation_answers_both_forms(post):
    answer = post("/v1/notation", {"position": NEW_GAME}).get_json()
    assert answer["notation"] == NEW_GAME
    assert answer["position"]["heights"][4][4] == 2 and answer["position"]["to_move"] == "yellow"
    assert post("/v1/notation", {"position": answer["position"]}).get_json() == answer


@pytest.mark.parametrize("game", [midgame, final_round])
def test_notation_round_trip(post, game):
    answer = post("/v1/notation", {"position": position_to_dict(game())}).get_json()
    assert answer == {"notation": write_notation(game()), "position": position_to_dict(game())}
    assert post("/v1/notation", {"position": answer["notation"]}).get_json() == answer


def test_notation_is_answered_canonical(post):
    loose = "setup|yellow:NW::0:0|red:NE|blue:SE|green:SW|move=yellow|phase=take"
    assert post("/v1/notation", {"position": loose}).get_json()["notation"] == NEW_GAME


@pytest.mark.parametrize(
    ("text", "pointer"),
    [
        ("setup|yellow:NW::6|red:NE|blue:SE|green:SW", "/position/seats/0/attacks"),
        ("setup|yellow:NW|red:NE|blue:SE|green:SW|rules=7x7", "/position/rules"),
        ("setup|yellow:NW|red:NE|blue:SE|green:SW|points=x", "/position/turn/points"),
        ("setup|yellow:NW|red:NE|blue:SE|green:SW|bogus", "/position/seats/4"),
        ("setup|yellow:NW", "/position/seats"),
        ("setup yellow", "/position"),
    ],
)
def test_text_outside_the_grammar_is_400_pointing_into_the_position(post, text, pointer):
    response = post("/v1/removals", {"position": text})
    assert response.status_code == 400 and response.mimetype == PROBLEM
    problem = response.get_json()
    assert problem["type"] == "urn:terra-turrium:problem:invalid-request"
    assert [e["pointer"] for e in problem["errors"]] == [pointer]


@pytest.mark.parametrize(
    ("text", "rule", "field"),
    [
        ("setup|yellow:NW:a10,a10|red:NE|blue:SE|green:SW", "S2", "/position/seats/0/turrians/1"),
        ("setup|yellow:NW|red:NE|blue:SE|green:SW|move=white", "S1", "/position/to_move"),
        ("setup|yellow:NW|red:NE|blue:SE|green:SW|points=3", "T1", "/position/turn/points"),
    ],
)
def test_notation_breaking_a_structural_rule_is_422_like_the_object(post, text, rule, field):
    response = post("/v1/goal", {"position": text})
    assert response.status_code == 422
    problem = response.get_json()
    assert (problem["rule"], problem["field"]) == (rule, field)


@pytest.mark.parametrize(
    ("value", "detail"),
    [
        ("", "the notation is empty"),
        (5, "must be an object"),
        ([NEW_GAME], "must be an object"),
        (None, "must not be null"),
    ],
)
def test_position_that_is_neither_form_is_400(post, value, detail):
    problem = post("/v1/notation", {"position": value}).get_json()
    assert problem["status"] == 400
    assert problem["errors"] == [{"pointer": "/position", "detail": detail}]


def test_object_errors_are_as_before(post):
    problem = post("/v1/notation", {"position": {"seats": [], "extra": 1}}).get_json()
    assert {e["pointer"] for e in problem["errors"]} == {
        "/position/heights",
        "/position/seats",
        "/position/to_move",
        "/position/extra",
    }


def test_answers_write_positions_as_objects(post):
    turn = {"take": ["a10", "b10", "c10"], "place": ["a10", "a10", "a10"]}
    after = post("/v1/turns/apply", {"position": NEW_GAME, "turn": turn}).get_json()
    assert after["position"]["heights"][9][:3] == [3, 0, 0]


def test_spec_offers_both_forms_wherever_a_request_has_a_position(client):

    document = load_yaml(client.get("/openapi.yaml").data)
    schemas = document["components"]["schemas"]
    requests = [
        name
        for name, schema in schemas.items()
        if "position" in schema.get("properties", {}) and not name.startswith(("Sdt", "Tul"))  # other games
    ]
    assert set(requests) >= {"PositionQuery", "ReachQuery", "ApplyQuery", "RenderQuery"}
    for name in requests:
        member = schemas[name]["properties"]["position"]
        if name.endswith("Answer") or name.startswith("Replay"):
            assert "#/components/schemas/Position" in str(member), name
        else:
            assert member == {"$ref": "#/components/schemas/PositionOrNotation"}, name
    position, notation = schemas["PositionOrNotation"]["oneOf"]
    assert position == {"$ref": "#/components/schemas/PositionInput"}
    assert notation == {"$ref": "#/components/schemas/Notation"}
    assert schemas["Notation"]["pattern"] == NOTATION_PATTERN
