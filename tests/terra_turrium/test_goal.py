"""G1–G4: the goal, the pro hold, the final round and team finishes."""

from service.terra_turrium import EventType, apply_turn, goal_status, parse_turn_plan, winners
from tests.terra_turrium.builders import build, sq

STAIRS = {"a10": 1, "b10": 2, "c10": 3, "d10": 4, "e10": 5, "a8": 5, "a7": 6}
PRO_STAIRS = {"a10": 2, "b10": 3, "c10": 4, "d10": 5, "e10": 6, "a8": 6, "a7": 7}
YELLOW = ["a10", "b10", "c10", "d10", "e10", "a8"]
RED_DONE = {"f10": 1, "g10": 2, "h10": 3, "i10": 4, "j10": 5, "j9": 6}

HOMES = {
    "yellow": ["c7", "d8", "b7"],
    "red": ["h8", "i8", "g7"],
    "blue": ["h3", "i3", "g4"],
    "green": ["c3", "b3", "d4"],
}


def home_turn(seat, move=()):
    return parse_turn_plan({"take": HOMES[seat], "place": HOMES[seat], "move": list(move)})


FINISH_MOVE = [{"from": "a8", "path": ["a7"]}]


def play_round(p, *seats):
    events = []
    for seat in seats:
        assert p.to_move == seat
        p, ev = apply_turn(p, home_turn(seat))
        events.extend(ev)
    return p, events


def test_g1_six_turrians_on_heights_1_to_6_one_each():
    p = build(4, flat=1, heights=STAIRS, turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "a7"]})
    status = goal_status(p, p.seats[0])
    assert status.goal_met and status.heights == (1, 2, 3, 4, 5, 6) and status.missing == ()
    p = build(4, flat=1, heights=STAIRS, turrians={"yellow": YELLOW})
    status = goal_status(p, p.seats[0])
    assert not status.goal_met and status.heights == (1, 2, 3, 4, 5, 5) and status.missing == (6,)


def test_g1_fewer_than_six_on_the_board_do_not_meet_the_goal():
    p = build(4, flat=1, heights=STAIRS, turrians={"yellow": ["a10", "b10", "c10", "d10", "e10"]})
    assert goal_status(p, p.seats[0]).missing == (6,)
    assert not goal_status(p, p.seats[0]).goal_met


def test_g3_a_finisher_lets_the_round_complete_then_the_game_ends():
    p = build(4, flat=1, heights=STAIRS, turrians={"yellow": YELLOW})
    p, events = apply_turn(p, home_turn("yellow", FINISH_MOVE))
    assert p.finishers == ("yellow",) and events[-1].type is EventType.FINISH
    assert not p.is_game_over and winners(p) == ()
    p, events = play_round(p, "red", "blue", "green")
    assert p.is_game_over and winners(p) == ("yellow",)
    assert events[-1].type is EventType.GAME_OVER and events[-1].winners == ("yellow",)


def test_g3_the_seat_before_round_start_ends_the_game_at_once():
    p = build(4, flat=1, heights=STAIRS, turrians={"yellow": YELLOW}, round_start="red")
    p, events = apply_turn(p, home_turn("yellow", FINISH_MOVE))
    assert p.is_game_over and [e.type for e in events[-2:]] == [EventType.FINISH, EventType.GAME_OVER]


def test_g3_several_seats_can_finish_in_the_final_round():
    heights = {**STAIRS, **RED_DONE}
    p = build(4, flat=1, heights=heights, turrians={"yellow": YELLOW, "red": list(RED_DONE)})
    p, _ = apply_turn(p, home_turn("yellow", FINISH_MOVE))
    p, _ = play_round(p, "red", "blue", "green")
    assert winners(p) == ("yellow", "red")


def test_g3_a_finisher_captured_later_in_the_final_round_stays_a_winner():
    p = build(4, flat=1, heights=STAIRS, turrians={"yellow": YELLOW, "red": ["b9"]})
    p, _ = apply_turn(p, home_turn("yellow", FINISH_MOVE))
    p, _ = apply_turn(p, home_turn("red", [{"from": "b9", "path": ["b10"]}]))  # captures yellow
    assert sq("b10") not in p.seats[0].turrians
    p, _ = play_round(p, "blue", "green")
    assert winners(p) == ("yellow",)


def test_g4_a_team_finishes_only_when_both_members_meet_the_goal():
    heights = {**STAIRS, **RED_DONE}
    # team play takes from the opposing team's territories only (R4)
    team_turn = parse_turn_plan(
        {"take": ["j1", "j2", "a1"], "place": ["j1", "j2", "a1"], "move": FINISH_MOVE}
    )
    alone = build(4, flat=1, heights=STAIRS, rules={"team_play": True}, turrians={"yellow": YELLOW})
    alone_after, _ = apply_turn(alone, team_turn)
    assert alone_after.finishers == ()
    both = build(
        4,
        flat=1,
        heights=heights,
        rules={"team_play": True},
        turrians={"yellow": YELLOW, "red": list(RED_DONE)},
    )
    after, events = apply_turn(both, team_turn)
    assert after.finishers == ("yellow", "red")
    assert [e.seat for e in events if e.type is EventType.FINISH] == ["yellow", "red"]


def test_g2_pro_goal_is_heights_2_to_7_and_is_recorded_then_held_for_a_round():
    p = build(4, flat=1, heights=PRO_STAIRS, rules={"goal": "pro"}, turrians={"yellow": YELLOW})
    p, events = apply_turn(p, home_turn("yellow", FINISH_MOVE))
    hold = next(e for e in events if e.type is EventType.HOLD)
    assert hold.squares == (sq("d10"), sq("e10"), sq("a7"))
    assert p.seats[0].pro_hold == (sq("d10"), sq("e10"), sq("a7")) and p.finishers == ()
    p, events = play_round(p, "red", "blue", "green")
    # the hold is judged as the turn comes back to yellow, which started the round
    assert [e.type for e in events[-2:]] == [EventType.FINISH, EventType.GAME_OVER]
    assert winners(p) == ("yellow",)


def test_g2_a_broken_hold_is_void():
    p = build(
        4,
        flat=1,
        heights=PRO_STAIRS,
        rules={"goal": "pro"},
        turrians={"yellow": ["a10", "b10", "c10", "d10", "e10"]},
        seats={"yellow": {"pro_hold": ["d10", "e10", "a7"]}},
        to_move="green",
    )
    p, events = apply_turn(p, home_turn("green"))
    assert [e.type for e in events][-1] is EventType.HOLD_LOST
    assert p.seats[0].pro_hold is None and p.finishers == ()


def test_g2_standard_heights_do_not_meet_the_pro_goal():
    p = build(4, flat=1, heights=STAIRS, rules={"goal": "pro"}, turrians={"yellow": YELLOW})
    after, events = apply_turn(p, home_turn("yellow", FINISH_MOVE))
    assert not any(e.type is EventType.HOLD for e in events)
    assert goal_status(after, after.seats[0]).missing == (7,)
