"""S1–S5 and the turn context: structural checks of a position."""

import copy

import pytest

from service.terra_turrium import (
    InvalidPositionError,
    MalformedError,
    Rules,
    Territory,
    parse_position,
    position_to_dict,
    setup_position,
)
from service.terra_turrium.board import TERRITORY
from tests.terra_turrium.builders import build, sq


def rejected(rule, field=None, **kwargs):
    players = kwargs.pop("players", 4)
    with pytest.raises(InvalidPositionError) as err:
        build(players, **kwargs)
    assert err.value.rule == rule, err.value
    if field is not None:
        assert err.value.field == field
    return err.value


def test_position_round_trips_through_its_json_form():
    p = build(4, turrians={"yellow": ["a10", "b9"], "red": ["j10"]}, seats={"red": {"attacks": 2}})
    assert parse_position(position_to_dict(p)) == p


def test_parse_position_does_not_mutate_its_input():
    data = position_to_dict(build(4, turrians={"yellow": ["b9", "a10"]}))
    snapshot = copy.deepcopy(data)
    parse_position(data)
    assert data == snapshot


def test_s1_two_players_own_two_territories_each():
    data = position_to_dict(setup_position(2))
    data["seats"][0]["territories"] = ["NW"]
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert err.value.rule == "S1" and err.value.field == "/seats/0/territories"


def test_s1_a_territory_owned_twice_is_rejected():
    data = position_to_dict(setup_position(4))
    data["seats"][1]["territories"] = ["NW"]
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert err.value.rule == "S1"


def test_s1_three_players_leave_one_territory_neutral():
    p = setup_position(3)
    assert sorted(t for s in p.seats for t in s.territories) == ["NE", "NW", "SE"]
    assert p.owner[Territory.SW] == -1


def test_s1_duplicate_and_unknown_seat_ids_are_rejected():
    data = position_to_dict(setup_position(4))
    data["seats"][1]["id"] = "yellow"
    with pytest.raises(InvalidPositionError, match="twice"):
        parse_position(data)
    rejected("S1", "/to_move", to_move="purple")
    rejected("S1", "/finishers/0", finishers=["purple"])


def test_s1_team_play_needs_four_players_with_adjacent_partners():
    data = position_to_dict(setup_position(3))
    data["rules"]["team_play"] = True
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert err.value.rule == "S1" and err.value.field == "/rules/team_play"
    data = position_to_dict(setup_position(4, Rules(team_play=True)))
    data["seats"][1]["territories"], data["seats"][2]["territories"] = ["SE"], ["NE"]
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert err.value.rule == "S1" and "adjacent" in err.value.detail


def test_s2_at_most_six_turrians_one_per_square_each_on_a_stone():
    rejected("S2", turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "a9", "b9"]})
    rejected("S2", "/seats/1/turrians/0", turrians={"yellow": ["f10"], "red": ["f10"]})
    rejected("S2", heights={"a10": 0}, turrians={"yellow": ["a10"]})


def test_s2_a_turrian_out_of_play_is_rejected():
    rejected("B4", players=3, turrians={"yellow": ["a10"]})


def test_s4_attack_counter_runs_from_0_to_5():
    build(4, seats={"yellow": {"attacks": 5}})
    with pytest.raises(MalformedError) as err:
        build(4, seats={"yellow": {"attacks": 6}})
    assert err.value.field == "/seats/0/attacks"


def test_s5_own_is_only_the_seats_own_territory_even_in_team_play():
    p = build(4, rules={"team_play": True})
    yellow = p.seat_index["yellow"]
    assert p.is_own_territory(yellow, Territory.NW)
    assert not p.is_own_territory(yellow, Territory.NE)  # the partner's
    assert p.is_same_side(yellow, p.seat_index["red"]) and not p.is_same_side(yellow, p.seat_index["blue"])


@pytest.mark.parametrize(
    ("turn", "rule", "field"),
    [
        ({"phase": "take", "taken": ["a1"], "in_hand": 0}, "T1", "/turn/in_hand"),
        ({"phase": "place", "in_hand": 2, "points": 3}, "T1", "/turn/points"),
        ({"phase": "place", "in_hand": 1, "attacked": True}, "T1", "/turn/attacked"),
        ({"phase": "place", "taken": ["a1"], "in_hand": 2}, "P1", "/turn/in_hand"),
        ({"phase": "move", "in_hand": 1}, "P1", "/turn/in_hand"),
        ({"phase": "move", "attacked": True}, "M8", "/turn/attacked"),
        ({"phase": "take", "taken": ["a1", "a2", "a3", "a4"], "in_hand": 3}, "R1", "/turn/taken"),
    ],
)
def test_t1_a_turn_context_that_contradicts_itself_is_rejected(turn, rule, field):
    data = position_to_dict(setup_position(4))
    data["turn"].update(turn)
    with pytest.raises((InvalidPositionError, MalformedError)) as err:
        parse_position(data)
    assert getattr(err.value, "rule", "R1") == rule and err.value.field == field


def test_g2_pro_hold_only_with_the_pro_goal_and_three_squares():
    rejected(
        "G2",
        turrians={"yellow": ["a10", "b10", "c10"]},
        seats={"yellow": {"pro_hold": ["a10", "b10", "c10"]}},
    )
    rejected(
        "G2",
        rules={"goal": "pro"},
        turrians={"yellow": ["a10", "b10"]},
        seats={"yellow": {"pro_hold": ["a10", "b10"]}},
    )


def test_g3_finishers_are_distinct():
    rejected("G3", "/finishers", finishers=["red", "red"])


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda d: d.pop("heights"), "/heights"),
        (lambda d: d["heights"].pop(), "/heights"),
        (lambda d: d["heights"][3].append(1), "/heights/3"),
        (lambda d: d["heights"][3].__setitem__(2, -1), "/heights/3/2"),
        (lambda d: d["heights"][3].__setitem__(2, True), "/heights/3/2"),
        (lambda d: d["seats"][0].__setitem__("turrians", ["z9"]), "/seats/0/turrians/0"),
        (lambda d: d["seats"][0].__setitem__("colour", "gold"), "/seats/0/colour"),
        (lambda d: d["seats"][0].__setitem__("id", "Yellow"), "/seats/0/id"),
        (lambda d: d["rules"].__setitem__("goal", "easy"), "/rules/goal"),
        (lambda d: d.__setitem__("extra", 1), "/extra"),
        (lambda d: d.__setitem__("seats", d["seats"][:1]), "/seats"),
        (lambda d: d["turn"].__setitem__("points", 6), "/turn/points"),
    ],
)
def test_malformed_positions_name_the_field(mutate, field):
    data = position_to_dict(setup_position(4))
    mutate(data)
    with pytest.raises(MalformedError) as err:
        parse_position(data)
    assert err.value.field == field


def test_turrians_are_kept_in_board_order():
    p = build(4, turrians={"yellow": ["b9", "a6", "c10"]})
    assert p.seats[0].turrians == (sq("a6"), sq("b9"), sq("c10"))
    assert TERRITORY[sq("c10")] is Territory.NW
