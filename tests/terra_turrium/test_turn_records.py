"""T1: the records of a turn — the events it reports and the JSON form of a Turn (docs/api.md)."""

import pytest

from service.terra_turrium import (
    EventType,
    MalformedError,
    Segment,
    TurnPlan,
    apply_turn,
    event_to_dict,
    parse_turn_plan,
    turn_plan_to_dict,
)
from tests.terra_turrium.builders import build, sq

HOME = ["c7", "d8", "b7"]


def test_t1_events_carry_only_the_fields_that_apply():
    p = build(4, flat=1, turrians={"yellow": ["e9"], "red": ["f9"]}, seats={"yellow": {"bonus_stones": 1}})
    turn = parse_turn_plan(
        {
            "take": HOME,
            "place": [*HOME, "c7"],
            "move": [{"from": "e9", "path": ["f9"]}, {"from": "reserve", "path": ["a6"]}],
        }
    )
    _, events = apply_turn(p, turn)
    dicts = [event_to_dict(e) for e in events]
    assert dicts[0] == {"type": "take", "seat": "yellow", "square": "c7"}
    assert dicts[3] == {"type": "place", "seat": "yellow", "square": "c7", "bonus": False}
    assert dicts[6] == {"type": "place", "seat": "yellow", "square": "c7", "bonus": True}  # P3
    assert dicts[7:] == [
        {"type": "capture", "seat": "yellow", "square": "f9", "victim": "red", "kind": "attack"},  # M6, M8
        {"type": "attack", "seat": "yellow", "attacks": 1},
        {"type": "move", "seat": "yellow", "square": "f9", "origin": "e9", "cost": 2},  # M7: same height
        {"type": "enter", "seat": "yellow", "square": "a6"},  # M9
        {"type": "move", "seat": "yellow", "square": "a6", "origin": "reserve", "cost": 1},
    ]


def test_g2_the_hold_event_lists_the_squares_of_the_5_6_and_7_towers():
    heights = {"a10": 2, "b10": 3, "c10": 4, "d10": 5, "e10": 6, "a9": 7}
    p = build(4, flat=1, heights=heights, rules={"goal": "pro"}, turrians={"yellow": list(heights)})
    _, events = apply_turn(p, parse_turn_plan({"take": HOME, "place": HOME}))
    hold = [event_to_dict(e) for e in events if e.type is EventType.HOLD]
    assert hold == [
        {"type": "hold", "seat": "yellow", "squares": ["d10", "e10", "a9"], "interpretations": ["G2"]}
    ]


def test_t1_a_turn_survives_its_json_form():
    turn = TurnPlan(
        take=(sq("c10"), sq("a10")),
        place=(sq("b9"), sq("b9")),
        move=(Segment(sq("a10"), (sq("b10"), sq("b9"))), Segment(None, (sq("a6"), sq("a7")))),
    )
    data = turn_plan_to_dict(turn)
    assert data["move"][1] == {"from": "reserve", "path": ["a6", "a7"]}
    assert parse_turn_plan(data) == turn


def test_m2_a_move_segment_lists_at_least_one_square():
    with pytest.raises(MalformedError) as err:
        parse_turn_plan({"move": [{"from": "a10", "path": []}]})
    assert err.value.field == "/move/0/path"
