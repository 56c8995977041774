"""Refusals at the edges of the rules: each names its rule id and a reason a player reads.

Step refusals (M1, M3, M6, M9), placements once the game is over (G3), set-up on an
empty square (S2), and positions whose fields have the wrong JSON type.
"""

import pytest

from service.terra_turrium import (
    InvalidPositionError,
    MalformedError,
    legal_placements,
    parse_position,
    parse_turn_plan,
    place_turrians,
    position_to_dict,
    reachable,
    setup_position,
    validate_turn,
)
from service.terra_turrium.place import placement_refusal
from service.terra_turrium.refusals import Reason
from tests.terra_turrium.builders import build, sq


def move_violation(p, origin, path):
    return validate_turn(p, parse_turn_plan({"move": [{"from": origin, "path": path}]}))


def test_m3_a_step_out_of_play_is_refused_as_out_of_play():
    p = build(3, flat=1, turrians={"yellow": ["b9"]}, turn={"phase": "move"})
    v = move_violation(p, "b9", ["a9"])
    assert (v.rule, v.step) == ("M3", 0) and "out of play" in v.detail


def test_m6_a_step_onto_the_partner_is_refused_as_a_partner():
    p = build(
        4,
        flat=1,
        rules={"team_play": True},
        turrians={"yellow": ["e10"], "red": ["f10"]},
        turn={"phase": "move"},
    )
    v = move_violation(p, "e10", ["f10"])
    assert v.rule == "M6" and "partner" in v.detail


def test_m1_re_entry_needs_a_point_left():
    p = build(4, flat=1, turrians={"yellow": ["c8"]}, turn={"phase": "move", "points": 0})
    v = move_violation(p, "reserve", ["a6"])
    assert (v.rule, v.step) == ("M1", 0)
    assert reachable(p, None) == () and reachable(p, None, points=1) != ()


def test_g3_nothing_is_placed_once_the_game_is_over():
    p = build(4, flat=1, finishers=["green"], to_move="yellow")
    assert legal_placements(p) == ()
    assert placement_refusal(p, sq("c8")) is Reason.GAME_OVER


def test_s2_set_up_turrians_stand_on_stones():
    p = build(4, heights={"c8": 0})
    with pytest.raises(InvalidPositionError) as err:
        place_turrians(p, {"yellow": ["c8"]})
    assert err.value.rule == "S2" and "no stone" in err.value.detail


def test_b4_stones_taken_this_turn_came_from_in_play_squares():
    data = position_to_dict(setup_position(3))
    data["turn"].update(taken=["a1"], in_hand=1)
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert (err.value.rule, err.value.field) == ("B4", "/turn/taken/0")


@pytest.mark.parametrize(
    ("mutate", "field", "detail"),
    [
        (lambda d: d.__setitem__("to_move", 0), "/to_move", "must be a seat id"),
        (lambda d: d["rules"].__setitem__("team_play", "yes"), "/rules/team_play", "must be a boolean"),
        (lambda d: d["turn"].__setitem__("attacked", 1), "/turn/attacked", "must be a boolean"),
        (lambda d: d.__setitem__("seats", "yellow,red"), "/seats", "must be an array"),
        (lambda d: d["seats"].__setitem__(0, "yellow"), "/seats/0", "must be an object"),
        (lambda d: d["seats"][0].__setitem__("id", 7), "/seats/0/id", "must be a seat id"),
        (
            lambda d: d["seats"][0].__setitem__("turrians", [90]),
            "/seats/0/turrians/0",
            "must be a square a1 … j10",
        ),
    ],
)
def test_fields_of_the_wrong_json_type_are_malformed(mutate, field, detail):
    data = position_to_dict(setup_position(4))
    mutate(data)
    with pytest.raises(MalformedError) as err:
        parse_position(data)
    assert err.value.field == field and detail in err.value.detail
