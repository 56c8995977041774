"""Whole turns: T1 phase order, R1/P1/P3 counts, M-rules on segments, events."""

import random

import pytest

from service.terra_turrium import (
    EventType,
    IllegalTurnError,
    Phase,
    apply_turn,
    parse_turn_plan,
    progress_turn,
    validate_turn,
)
from service.terra_turrium.random_player import random_turn
from tests.terra_turrium.builders import build, sq

# Three stones from yellow's own territory, put back where they came from.
HOME = {"take": ["c7", "d8", "b7"], "place": ["c7", "d8", "b7"]}


def turn(**parts):
    return parse_turn_plan({**HOME, **parts})


def violation(p, **parts):
    v = validate_turn(p, turn(**parts))
    assert v is not None, "expected an illegal turn"
    return v


def test_t1_a_legal_turn_hands_on_to_the_next_seat_with_a_fresh_turn_context():
    p = build(4, turrians={"yellow": ["a10"]})
    after, events = apply_turn(p, turn(move=[{"from": "a10", "path": ["a9", "a8"]}]))
    assert after.to_move == "red" and after.turn.phase is Phase.TAKE and after.turn.points == 5
    assert after.seats[0].turrians == (sq("a8"),)
    assert [e.type for e in events] == [EventType.TAKE] * 3 + [EventType.PLACE] * 3 + [EventType.MOVE]
    assert p.seats[0].turrians == (sq("a10"),)  # the input is untouched


def test_t1_the_last_seat_hands_on_to_the_first():
    p = build(4, to_move="green", turrians={"green": ["a1"]})
    green_home = {"take": ["b2", "c2", "d2"], "place": ["b2", "c2", "d2"]}
    after, _ = apply_turn(p, parse_turn_plan(green_home))
    assert after.to_move == "yellow"


def test_t1_phases_come_in_order():
    p = build(4, turn={"phase": "place", "in_hand": 3})
    v = validate_turn(p, parse_turn_plan({"take": ["c7"], "place": ["c7", "c7", "c7"]}))
    assert (v.rule, v.phase, v.index) == ("T1", "take", 0)
    m = build(4, turn={"phase": "move"})
    v = validate_turn(m, parse_turn_plan({"place": ["c7"]}))
    assert (v.rule, v.phase) == ("T1", "place")


def test_t1_a_turn_may_continue_from_a_mid_turn_context():
    p = build(4, heights={"c7": 0}, turn={"phase": "place", "in_hand": 1})
    after, events = apply_turn(p, parse_turn_plan({"place": ["c7"]}))
    assert after.height(sq("c7")) == 1 and [e.type for e in events] == [EventType.PLACE]


def test_r1_three_stones_must_be_taken_when_three_can_be():
    p = build(4)
    v = validate_turn(p, parse_turn_plan({"take": ["c7", "d8"], "place": ["c7", "d8"]}))
    assert (v.rule, v.phase, v.index) == ("R1", "take", 2)


def test_r1_fewer_stones_when_no_more_can_be_taken():
    p = build(4, flat=0, heights={"a10": 1, "j1": 1}, turrians={"yellow": ["a10"]})
    assert validate_turn(p, parse_turn_plan({"take": ["j1"], "place": ["j1"]})) is None


def test_r5_the_violation_names_the_outside_rule():
    v = validate_turn(build(4), parse_turn_plan({"take": ["g8"]}))
    assert (v.rule, v.phase, v.index) == ("R5", "take", 0) and "inside" in v.detail


def test_p1_every_stone_taken_is_placed_in_the_same_turn():
    v = violation(build(4), place=["c7", "d8"])
    assert (v.rule, v.phase, v.index) == ("P1", "place", 2)
    v = violation(build(4), place=["c7", "d8", "b7", "b7"])
    assert (v.rule, v.phase, v.index) == ("P1", "place", 3)


def test_p2_a_stone_may_not_go_onto_a_turrian():
    v = violation(build(4, turrians={"yellow": ["a10"]}), place=["c7", "a10", "b7"])
    assert (v.rule, v.index) == ("P2", 1)


def test_p3_bonus_stones_may_be_added_and_are_used_up():
    p = build(4, seats={"yellow": {"bonus_stones": 2}})
    after, events = apply_turn(p, turn(place=["c7", "d8", "b7", "e5", "e5"]))
    assert after.seats[0].bonus_stones == 0 and after.height(sq("e5")) == 4
    assert [e.bonus for e in events if e.type is EventType.PLACE] == [False] * 3 + [True] * 2
    v = violation(p, place=["c7", "d8", "b7", "e5", "e5", "e5"])
    assert (v.rule, v.index) == ("P3", 5)


def test_p3_stones_are_conserved_apart_from_bonus_stones():
    p = build(4, seats={"yellow": {"bonus_stones": 1}})
    after, _ = apply_turn(p, turn(place=["c7", "d8", "b7", "e5"]))
    assert sum(after.heights) == sum(p.heights) + 1


def test_m1_a_step_that_costs_more_than_the_points_left_is_refused():
    p = build(4, flat=1, turrians={"yellow": ["a10"]})
    v = violation(p, move=[{"from": "a10", "path": ["a9", "a8", "a7", "a6", "a5", "a4"]}])
    assert (v.rule, v.phase, v.index, v.step) == ("M1", "move", 0, 5)


def test_m2_a_segment_steps_only_to_neighbours():
    v = violation(build(4, turrians={"yellow": ["a10"]}), move=[{"from": "a10", "path": ["b9"]}])
    assert (v.rule, v.step) == ("M2", 0)


def test_m4_and_m5_in_a_segment():
    p = build(4, flat=1, heights={"b10": 3}, turrians={"yellow": ["a10", "a9"]})
    assert violation(p, move=[{"from": "a10", "path": ["b10"]}]).rule == "M4"
    assert violation(p, move=[{"from": "a10", "path": ["a9"]}]).rule == "M5"


def test_m6_m7_m8_a_capture_abroad_raises_the_counter_once_per_turn():
    p = build(4, flat=1, turrians={"yellow": ["e9"], "red": ["f9", "g9"]}, seats={"yellow": {"attacks": 4}})
    after, events = apply_turn(p, turn(move=[{"from": "e9", "path": ["f9", "g9"]}]))
    assert after.seats[0].attacks == 5
    assert after.seats[1].turrians == () and after.seats[1].reserve == 6
    kinds = [(e.type, e.kind) for e in events if e.type in (EventType.CAPTURE, EventType.ATTACK)]
    assert kinds == [(EventType.CAPTURE, "attack"), (EventType.ATTACK, None), (EventType.CAPTURE, "attack")]
    move_event = events[-1]
    assert move_event.type is EventType.MOVE and move_event.cost == 4


def test_m8_no_attack_with_five_used():
    p = build(4, flat=1, turrians={"yellow": ["e9"], "red": ["f9"]}, seats={"yellow": {"attacks": 5}})
    v = violation(p, move=[{"from": "e9", "path": ["f9"]}])
    assert v.rule == "M8"


def test_m8_defence_is_free_of_the_counter():
    p = build(4, flat=1, turrians={"yellow": ["d9"], "red": ["e9"]}, seats={"yellow": {"attacks": 5}})
    after, events = apply_turn(p, turn(move=[{"from": "d9", "path": ["e9"]}]))
    assert after.seats[0].attacks == 5
    assert [e.kind for e in events if e.type is EventType.CAPTURE] == ["defence"]


def test_m9_re_entry_in_a_turn():
    p = build(4, flat=1, turrians={"yellow": ["c8"]})
    after, events = apply_turn(p, turn(move=[{"from": "reserve", "path": ["a9", "b9"]}]))
    assert sq("b9") in after.seats[0].turrians and after.seats[0].reserve == 4
    assert events[6].type is EventType.ENTER and events[7].cost == 2
    v = violation(p, move=[{"from": "reserve", "path": ["b9"]}])
    assert (v.rule, v.step) == ("M9", 0)


def test_m9_no_re_entry_without_a_reserve():
    full = ["a10", "b10", "c10", "a9", "b9", "c9"]
    v = violation(build(4, turrians={"yellow": full}), move=[{"from": "reserve", "path": ["a8"]}])
    assert v.rule == "M9"


def test_m10_a_turrian_may_move_several_times_between_others():
    p = build(4, flat=1, turrians={"yellow": ["a10", "c10"]})
    segments = [
        {"from": "a10", "path": ["a9"]},
        {"from": "c10", "path": ["c9"]},
        {"from": "a9", "path": ["a8", "a7"]},
    ]
    after, _ = apply_turn(p, turn(move=segments))
    assert after.seats[0].turrians == (sq("a7"), sq("c9"))
    v = violation(p, move=[*segments, {"from": "a7", "path": ["a6", "a5"]}])
    assert (v.rule, v.index, v.step) == ("M1", 3, 1)


def test_s2_a_segment_must_start_at_an_own_turrian():
    v = violation(build(4, turrians={"red": ["j10"]}), move=[{"from": "j10", "path": ["j9"]}])
    assert (v.rule, v.phase, v.index) == ("S2", "move", 0)


def test_g3_no_turn_after_the_game_is_over():
    p = build(4, finishers=["red"], to_move="yellow", round_start="yellow")
    v = validate_turn(p, turn())
    assert (v.rule, v.phase) == ("G3", None)
    with pytest.raises(IllegalTurnError):
        apply_turn(p, turn())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_legal_turns_are_accepted_and_conserve_stones(players):
    from service.terra_turrium import setup_position
    from service.terra_turrium.random_player import random_setup

    rng = random.Random(players)
    p = random_setup(setup_position(players), rng)
    stones = sum(p.heights)
    for _ in range(40):
        t = random_turn(p, rng)
        assert validate_turn(p, t) is None
        p, _ = apply_turn(p, t)
        assert sum(p.heights) == stones


# ---------------------------------------------------------------- part of a turn


def test_t1_part_of_a_turn_leaves_the_turn_in_progress():
    p = build(4, turrians={"yellow": ["a10"]})
    after, events = progress_turn(p, parse_turn_plan({"take": ["b10", "c10"]}))
    assert after.to_move == "yellow" and after.turn.phase is Phase.TAKE
    assert after.turn.taken == (sq("b10"), sq("c10")) and after.turn.in_hand == 2
    assert [e.type for e in events] == [EventType.TAKE, EventType.TAKE]
    assert p.turn.taken == ()  # the position given is left as it was


def test_r1_going_on_to_place_closes_the_take_phase_with_its_rule_checked():
    p = build(4, turrians={"yellow": ["a10"]})
    with pytest.raises(IllegalTurnError) as err:
        progress_turn(p, parse_turn_plan({"take": ["b10"], "place": ["b10"]}))
    assert err.value.rule == "R1"


def test_r1_the_take_phase_closes_by_itself_after_three_stones():
    p = build(4, turrians={"yellow": ["a10"]})
    after, _ = progress_turn(p, parse_turn_plan({"take": ["b10", "c10", "d10"]}))
    assert (after.turn.phase, after.turn.in_hand) == (Phase.PLACE, 3)


def test_p1_stones_in_hand_keep_the_place_phase_open_until_the_walks_begin():
    p = build(4, turrians={"yellow": ["a10"]})
    plan = {"take": ["b10", "c10", "d10"], "place": ["b10"]}
    after, _ = progress_turn(p, parse_turn_plan(plan))
    assert (after.turn.phase, after.turn.in_hand, after.height(sq("b10"))) == (Phase.PLACE, 2, 1)
    with pytest.raises(IllegalTurnError) as err:
        progress_turn(p, parse_turn_plan({**plan, "move": [{"from": "a10", "path": ["a9"]}]}))
    assert err.value.rule == "P1"


def test_p3_bonus_stones_keep_the_place_phase_open_after_the_hand_is_empty():
    p = build(4, turrians={"yellow": ["a10"]}, seats={"yellow": {"bonus_stones": 1}})
    plan = {"take": ["b10", "c10", "d10"], "place": ["b10", "c10", "d10"]}
    after, _ = progress_turn(p, parse_turn_plan(plan))
    assert (after.turn.phase, after.mover.bonus_stones) == (Phase.PLACE, 1)
    without = build(4, turrians={"yellow": ["a10"]})
    assert progress_turn(without, parse_turn_plan(plan))[0].turn.phase is Phase.MOVE


def test_m1_walks_spend_the_points_and_the_rest_of_the_turn_plays_on():
    p = build(4, turrians={"yellow": ["a10"]})
    first = {
        "take": ["b10", "c10", "d10"],
        "place": ["b10", "c10", "d10"],
        "move": [{"from": "a10", "path": ["a9"]}],
    }
    after, _ = progress_turn(p, parse_turn_plan(first))
    assert (after.turn.phase, after.turn.points, after.mover.turrians) == (Phase.MOVE, 4, (sq("a9"),))
    rest = parse_turn_plan({"move": [{"from": "a9", "path": ["a8"]}]})
    whole = parse_turn_plan(
        {**first, "move": [{"from": "a10", "path": ["a9"]}, {"from": "a9", "path": ["a8"]}]}
    )
    assert apply_turn(after, rest)[0] == apply_turn(p, whole)[0]


def test_t1_a_phase_change_keeps_every_member_of_the_position_it_does_not_set():
    # _with_board copies the members one by one (for speed): a member added to Position
    # and not copied there would silently fall back to its default.
    from dataclasses import fields

    from service.terra_turrium import Position, Rules, TurnState
    from service.terra_turrium.turn import _with_board

    # One value per member, of its declared type (the engines compiled by mypyc check
    # types) and unlike any default, so that a member not copied shows.
    tokens: dict[str, object] = {
        "heights": (object(),), "seats": (object(),), "to_move": "token to_move",
        "round_start": "token round_start", "finishers": ("token finisher",),
        "rules": Rules(team_play=True), "turn": TurnState(in_hand=2), "captures_open": True,
    }
    assert set(tokens) == {f.name for f in fields(Position)}
    heights, seats, state = (object(),), (object(),), TurnState(in_hand=1)
    after = _with_board(Position(**tokens), heights, seats, state)  # type: ignore[arg-type]
    assert {f.name: getattr(after, f.name) for f in fields(Position)} == {
        **tokens, "heights": heights, "seats": seats, "turn": state
    }
