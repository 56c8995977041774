"""V1–V4: the translations' variants, the Burgenland captures and re-entry on the outside."""

from __future__ import annotations

import pytest

from service.terra_turrium import (
    EventType,
    IllegalTurnError,
    InvalidPositionError,
    apply_turn,
    legal_captures,
    parse_turn_plan,
    reachable,
    validate_turn,
)
from service.terra_turrium.take import outside_squares
from tests.terra_turrium.builders import build, names, sq

BURGENLAND = {"captures": "burgenland"}
OUTSIDE = {"reentry": "outside"}


def _move(*segments: tuple[str, list[str]]) -> dict:
    return {"move": [{"from": origin, "path": path} for origin, path in segments]}


def _in_move_phase(**kwargs) -> dict:
    return {"turn": {"phase": "move", "in_hand": 0}, **kwargs}


# ----------------------------------------------------------------------------- V1


def test_v1_nobody_captures_while_the_capture_phase_is_closed():
    p = build(4, turrians={"yellow": ["b9"], "red": ["c9"]}, rules=BURGENLAND, **_in_move_phase())
    assert "c9" not in names(reachable(p, sq("b9")))
    assert legal_captures(p) == ()
    violation = validate_turn(p, parse_turn_plan(_move(("b9", ["c9"]))))
    assert (violation.rule, violation.step) == ("V1", 0)
    assert "5, 4, 4, 3, 2 and 1" in violation.detail


def test_v1_the_standard_game_captures_from_the_start():
    p = build(4, turrians={"yellow": ["b9"], "red": ["c9"]}, **_in_move_phase())
    assert "c9" in names(reachable(p, sq("b9")))


# ----------------------------------------------------------------------------- V2

OPENING = {"a10": 1, "b10": 2, "c10": 3, "d10": 4, "e10": 4, "a9": 5, "b9": 4}


def test_v2_the_phase_opens_at_the_end_of_the_turn_that_stands_on_5_4_4_3_2_1():
    # Yellow stands on 1, 2, 3, 4, 4 and on the 4-tower b9; one step onto the 5-tower a9
    # makes 1, 2, 3, 4, 4, 5.
    p = build(
        4,
        heights=OPENING,
        turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "b9"], "red": ["j1"]},
        rules=BURGENLAND,
        **_in_move_phase(),
    )
    after, events = apply_turn(p, parse_turn_plan(_move(("b9", ["a9"]))))
    assert after.captures_open is True
    assert [e.type for e in events][-1] is EventType.CAPTURES_OPEN and events[-1].seat == "yellow"
    assert p.captures_open is False  # the position given is left as it was


def test_v2_other_heights_do_not_open_it():
    goal_heights = {"a10": 1, "b10": 2, "c10": 3, "d10": 4, "e10": 5, "a9": 6}
    p = build(
        4,
        heights=goal_heights,
        turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "a9"]},
        rules=BURGENLAND,
        **_in_move_phase(),
    )
    after, events = apply_turn(p, parse_turn_plan({}))
    assert after.captures_open is False
    assert EventType.CAPTURES_OPEN not in [e.type for e in events]


def test_v2_a_capture_phase_is_kept_only_with_the_burgenland_variant():
    with pytest.raises(InvalidPositionError) as err:
        build(4, captures_open=True)
    assert (err.value.rule, err.value.field) == ("V2", "/captures_open")


# ----------------------------------------------------------------------------- V3


def test_v3_once_open_a_seat_captures_two_turrians_then_no_more():
    p = build(
        4,
        turrians={"yellow": ["b9"], "red": ["c9", "d9", "e9"]},
        rules=BURGENLAND,
        captures_open=True,
        **_in_move_phase(),
    )
    # Along the row: c9 and d9 can be captured, e9 would be the third.
    reach = {r.square: r for r in reachable(p, sq("b9"))}
    assert sq("d9") in reach and names(reach[sq("d9")].captures) == ["c9", "d9"]
    assert sq("e9") not in reach
    after, events = apply_turn(p, parse_turn_plan(_move(("b9", ["c9", "d9"]))))
    assert after.seats[0].captures == 2
    assert EventType.CAPTURES_USED in [e.type for e in events]
    with pytest.raises(IllegalTurnError) as err:
        apply_turn(p, parse_turn_plan(_move(("b9", ["c9", "d9", "e9"]))))
    assert (err.value.rule, err.value.violation.step) == ("V3", 2)


def test_v3_defences_count_like_attacks_and_the_count_is_per_seat():
    # c9 lies in yellow's own territory: a defence (M8), still one of the two (V3).
    p = build(
        4,
        turrians={"yellow": ["b9"], "red": ["c9", "h9"], "blue": ["j1"]},
        seats={"yellow": {"captures": 1}, "red": {"captures": 0}},
        rules=BURGENLAND,
        captures_open=True,
        **_in_move_phase(),
    )
    after, events = apply_turn(p, parse_turn_plan(_move(("b9", ["c9"]))))
    assert after.seats[0].captures == 2 and after.seats[1].captures == 0
    kinds = [e.kind.value for e in events if e.type is EventType.CAPTURE]
    assert kinds == ["defence"]
    assert [e.type for e in events].count(EventType.CAPTURES_USED) == 1


def test_v3_a_seat_with_both_captures_made_captures_nothing():
    p = build(
        4,
        turrians={"yellow": ["b9"], "red": ["c9"]},
        seats={"yellow": {"captures": 2}},
        rules=BURGENLAND,
        captures_open=True,
        **_in_move_phase(),
    )
    assert legal_captures(p) == ()
    violation = validate_turn(p, parse_turn_plan(_move(("b9", ["c9"]))))
    assert violation.rule == "V3"


def test_v3_counts_start_only_once_the_phase_is_open():
    with pytest.raises(InvalidPositionError) as err:
        build(4, seats={"yellow": {"captures": 1}}, rules=BURGENLAND)
    assert (err.value.rule, err.value.field) == ("V3", "/seats/0/captures")


def test_v3_m7_costs_and_the_m8_counter_still_apply():
    # e9 (yellow's NW) beside f9 (red's NE), one level apart: an upward attack costs 1 + 2.
    p = build(
        4,
        heights={"e9": 1, "f9": 2},
        turrians={"yellow": ["e9"], "red": ["f9"]},
        rules=BURGENLAND,
        captures_open=True,
        **_in_move_phase(),
    )
    capture = next(c for c in legal_captures(p) if c.target == sq("f9"))
    assert (capture.kind.value, capture.cost) == ("attack", 3)
    after, events = apply_turn(p, parse_turn_plan(_move((names([capture.origin])[0], names(capture.path)))))
    assert after.seats[0].attacks == 1 and after.seats[0].captures == 1


# ----------------------------------------------------------------------------- V4


def test_v4_a_reserve_turrian_re_enters_on_any_free_outside_square_with_a_stone():
    p = build(4, turrians={"yellow": ["a10"], "red": ["j10"]}, rules=OUTSIDE, **_in_move_phase())
    entries = {r.square: r.cost for r in reachable(p, None, points=1)}
    outside = outside_squares(p)
    expected = {s for s in outside if p.height(s) >= 1 and s not in (sq("a10"), sq("j10"))}
    assert set(entries) == expected and set(entries.values()) == {1}
    # Any territory: red's NE edge is offered to yellow.
    assert sq("i10") in entries and sq("e5") not in entries


def test_v4_an_inside_square_is_refused_naming_the_variant():
    p = build(4, turrians={"yellow": ["a10"]}, rules=OUTSIDE, **_in_move_phase())
    violation = validate_turn(p, parse_turn_plan(_move(("reserve", ["e5"]))))
    assert (violation.rule, violation.step) == ("V4", 0)
    after, _ = apply_turn(p, parse_turn_plan(_move(("reserve", ["j1", "i1"]))))
    assert sq("i1") in after.seats[0].turrians


def test_v4_follows_the_path_outside_rule_and_the_smaller_boards():
    # An empty corridor from the edge makes e6 outside by the path rule only.
    corridor = {"a6": 0, "b6": 0, "c6": 0, "d6": 0}
    line = build(2, heights=corridor, rules={**OUTSIDE, "two_player_board": "6x6"}, **_in_move_phase())
    path = build(2, heights=corridor, rules={**OUTSIDE, "outside_rule": "path"}, **_in_move_phase())
    assert sq("a7") not in {r.square for r in reachable(line, None, points=1)}  # out of play on 6x6
    assert sq("e6") in {r.square for r in reachable(path, None, points=1)}


def test_v4_works_with_team_play_and_the_standard_entry_row_stays_the_default():
    team = build(4, rules={**OUTSIDE, "team_play": True}, turrians={"red": ["e10"]}, **_in_move_phase())
    assert sq("e10") not in {r.square for r in reachable(team, None, points=1)}
    standard = build(4, **_in_move_phase())
    assert {r.square for r in reachable(standard, None, points=1)} == {
        sq(s) for s in ("a6", "a7", "a8", "a9", "a10", "b10", "c10", "d10", "e10")
    }
