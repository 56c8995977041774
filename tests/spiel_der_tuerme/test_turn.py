"""Whole turns: chains after symbol squares (TM7), the end of a turn and passing (TM8),
neutral moves and blocked stones (TN4), the end of the game (TE1–TE5)."""

from dataclasses import replace

import pytest

from service.spiel_der_tuerme import (
    PASS,
    Colour,
    EndReason,
    EventType,
    IllegalTurnError,
    MalformedError,
    Move,
    Over,
    Stack,
    Symbol,
    TurnPlan,
    apply_turn,
    end_after_move,
    event_to_dict,
    has_legal_move,
    is_deadlocked,
    parse_position,
    parse_turn_plan,
    position_to_dict,
    turn_plan_to_dict,
    validate_turn,
)
from tests.spiel_der_tuerme.builders import ANCHORS, DEADLOCK, OPEN_QUARTERS, build, parse_compact, sq


def board(stacks, **options):
    options.setdefault("fill", OPEN_QUARTERS)
    return build({**ANCHORS, **stacks}, **options)


def turn(*moves, end_turn=True):
    return parse_turn_plan({"moves": [{"from": m[:2], "to": m[3:]} for m in moves], "end_turn": end_turn})


def play(position, *moves, end_turn=True):
    after, events = apply_turn(position, turn(*moves, end_turn=end_turn))
    assert parse_position(position_to_dict(after)) == after
    return after, [event_to_dict(e) for e in events]


def violation(position, *moves, end_turn=True):
    found = validate_turn(position, turn(*moves, end_turn=end_turn))
    assert found is not None
    with pytest.raises(IllegalTurnError) as err:
        apply_turn(position, turn(*moves, end_turn=end_turn))
    assert err.value.violation == found
    assert (err.value.rule, err.value.field) == (found.rule, "/turn")
    return found


CHAIN = {"a3": "Ay", "a2": "Cy", "d5": "Ay", "e5": "Ar"}


def test_tm1_a_turn_of_one_move_hands_the_turn_to_the_next_seat():
    p = board(CHAIN)
    after, events = play(p, "d5-e5")
    assert events == [
        {"type": "move", "seat": "yellow", "from": "d5", "to": "e5", "colour": "yellow", "height": 1},
        {"type": "tower", "seat": "yellow", "square": "e5", "height": 2, "covers": ["red"]},
    ]
    assert after.to_move is Colour.RED and after.turn.moves == 0 and not after.blocked
    assert after.stacks[sq("e5")].stones == (Colour.RED, Colour.YELLOW) and after.stacks[sq("d5")] is None


def test_tm7_a_move_onto_a_symbol_square_lets_the_seat_move_again():
    p = board(CHAIN)
    after, events = play(p, "a3-b3", "a2-b2", "d5-d6")
    assert [e["type"] for e in events] == ["move", "symbol_square", "move", "symbol_square", "move"]
    assert events[1] == {
        "type": "symbol_square",
        "seat": "yellow",
        "square": "b3",
        "symbol": "A",
        "quarter": 1,
    }
    assert after.to_move is Colour.RED


def test_tm8_a_turn_ends_with_a_move_that_does_not_end_on_a_symbol_square():
    p = board(CHAIN)
    found = violation(p, "d5-d6", "a3-b3")
    assert (found.rule, found.index) == ("TM8", 1)
    assert "your turn ended with d5–d6" in found.detail
    found = violation(p, "a3-b3", "d5-d6", "a2-b2")
    assert (found.rule, found.index) == ("TM8", 2)


def test_tm8_the_seat_may_stop_after_a_move_onto_a_symbol_square():
    p = board(CHAIN)
    after, _ = play(p, "a3-b3")
    assert after.to_move is Colour.RED and after.turn.moves == 0


def test_tm7_tm8_with_end_turn_false_the_turn_stays_open_and_can_be_stopped_later():
    p = board(CHAIN)
    mid, events = play(p, "a3-b3", end_turn=False)
    assert mid.to_move is Colour.YELLOW and (mid.turn.moves, mid.turn.may_continue) == (1, True)
    assert apply_turn(mid, TurnPlan((), end_turn=False)) == (mid, ())
    stopped, events = play(mid)
    assert stopped.to_move is Colour.RED and events == []
    more, _ = play(mid, "a2-b2", end_turn=False)
    assert more.turn.moves == 2
    # A move that does not allow another ends the turn whatever end_turn says.
    ended, _ = play(mid, "d5-d6", end_turn=False)
    assert ended.to_move is Colour.RED


def test_tm8_a_pass_is_legal_only_when_the_seat_cannot_move():
    p = board(CHAIN)
    found = violation(p)
    assert (found.rule, found.index) == ("TM8", 0)
    boxed = board({"a1": "Ay", "a2": "Br", "b1": "Cb", "d5": "Ar", "e5": "Bb", "f5": "Cg"}, fill=(8, 7, 6, 5))
    assert not has_legal_move(boxed)
    after, events = play(boxed)
    assert events == [{"type": "pass", "seat": "yellow"}] and after.to_move is Colour.RED


def test_tn4_a_neutral_stone_moved_is_blocked_for_the_next_seat_only():
    p = board({"d4": "Ay", "d5": "Ag", "h4": "Ar", "k4": "Ab"}, seats="yrb")
    after, events = play(p, "d5-e5")
    assert events[0]["colour"] == "green"
    assert after.to_move is Colour.RED and after.blocked == (sq("e5"),)
    assert violation(after, "e5-f5").rule == "TN4"
    after_red, _ = play(after, "h4-h5")
    assert after_red.to_move is Colour.BLUE and after_red.blocked == ()
    play(after_red, "e5-f5")  # the seat after may move it


def test_tn4_the_block_is_replaced_at_the_end_of_the_next_turn_even_a_pass():
    # Red's only street stack a1 is boxed in by yellow stones of other symbols, and the
    # only neutral stone on the streets is d5.
    p = build({"a1": "Ar", "a2": "Cy", "b1": "By", "d4": "Ay", "d5": "Ag"}, seats="yr", fill=OPEN_QUARTERS)
    after, _ = play(p, "d5-e5")
    assert after.blocked == (sq("e5"),) and not has_legal_move(after)
    passed, events = play(after)
    assert events == [{"type": "pass", "seat": "red"}]
    assert passed.to_move is Colour.YELLOW and passed.blocked == ()
    play(passed, "e5-f5")


def test_tn4_a_move_of_a_neutral_stone_ends_the_turn():
    p = board({"a3": "Ay", "d4": "Ay", "d5": "Ag"}, seats="yrb")
    found = violation(p, "d5-e5", "a3-b3")
    assert (found.rule, found.index) == ("TM8", 1) and "neutral stone ends the turn" in found.detail
    after, _ = play(p, "a3-b3", "d5-e5")  # after a symbol square a neutral move may follow
    assert after.blocked == (sq("e5"),)


def test_te1_completing_a_quarter_ends_the_game_at_once():
    p = board({"d2": "Dy", "b3": "Ay", "c3": "By", "b2": "Cy", "d5": "Ay"})
    after, events = play(p, "d2-c2")
    assert after.over == Over(EndReason.QUARTER, 1, Colour.YELLOW)
    assert after.to_move is Colour.YELLOW and after.turn.moves == 0 and not after.blocked
    over = events[-1]
    assert over["type"] == "game_over" and over["reason"] == "quarter" and over["quarter"] == 1
    assert over["seat"] == "yellow" and over["winners"] == ["yellow"]
    yellow = over["scores"][0]
    assert yellow["id"] == "yellow" and {"quarter": 1, "points": 8, "doubled": True} in yellow["quarters"]
    found = violation(p, "d2-c2", "d5-d6")
    assert (found.rule, found.index) == ("TE4", 1)


def test_te3_covering_the_last_street_stack_of_a_seat_ends_the_game():
    p = board({"n7": "Dy", "d5": "Ay"})
    after, events = play(p, "n7-n8")
    assert after.over == Over(EndReason.STUCK, None, Colour.GREEN)
    assert events[-1]["type"] == "game_over" and events[-1]["seat"] == "green" and "quarter" not in events[-1]


def test_te3_moving_the_own_last_street_stack_onto_a_symbol_square_ends_the_game():
    p = board({"a3": "Ay"})
    after, _ = play(p, "a3-b3")
    assert after.over == Over(EndReason.STUCK, None, Colour.YELLOW)


def test_te3_when_no_seat_can_move_the_game_ends_after_the_pass():
    p = parse_compact(DEADLOCK)
    assert p.over is None and is_deadlocked(p) and not has_legal_move(p)
    after, events = play(p)
    assert [e["type"] for e in events] == ["pass", "game_over"]
    assert after.over == Over(EndReason.STUCK, None, Colour.YELLOW) and after.to_move is Colour.YELLOW


def test_te5_a_quarter_completed_with_the_last_street_stack_ends_the_game_by_te1():
    p = board({"d2": "Dy", "b3": "Ay", "c3": "By", "b2": "Cy"})
    after, _ = play(p, "d2-c2")
    assert after.over == Over(EndReason.QUARTER, 1, Colour.YELLOW)


def test_te2_te5_the_reasons_in_order_on_boards_built_by_hand():
    p = board({"d5": "Ay"})
    stacks = list(p.stacks)
    # Red and green lose their street stacks: from blue the first stuck seat is green.
    stacks[sq("a1")] = stacks[sq("n8")] = None
    two_stuck = replace(p, stacks=tuple(stacks))
    assert end_after_move(two_stuck, Colour.YELLOW) == Over(EndReason.STUCK, None, Colour.RED)
    assert end_after_move(two_stuck, Colour.BLUE) == Over(EndReason.STUCK, None, Colour.GREEN)
    stacks[sq("n1")] = stacks[sq("d5")] = None
    empty_streets = replace(p, stacks=tuple(stacks))
    assert end_after_move(empty_streets, Colour.YELLOW) == Over(EndReason.STREETS_EMPTY)
    for square, symbol in (("b3", "A"), ("c3", "B"), ("b2", "C"), ("c2", "D")):
        stacks[sq(square)] = Stack(Symbol(symbol), (Colour.YELLOW,))
    assert end_after_move(replace(p, stacks=tuple(stacks)), Colour.YELLOW) == Over(
        EndReason.QUARTER, 1, Colour.YELLOW
    )


def test_te4_no_turn_is_accepted_once_the_game_is_over_not_even_a_pass():
    p = board({"a3": "Ay"})
    over, _ = play(p, "a3-b3")
    for attempt in (turn(), turn("n1-n2")):
        found = validate_turn(over, attempt)
        assert found is not None and (found.rule, found.index) == ("TE4", 0)
    assert validate_turn(over, PASS).rule == "TE4"


def test_tm1_tm3_tm4_the_violation_names_the_offending_move_and_a_sentence():
    p = board(CHAIN)
    found = violation(p, "a3-b3", "a2-c4")
    assert (found.rule, found.index) == ("TM3", 1)
    assert found.detail == "a2 and c4 are not on one rank or file: a move goes in a straight line"
    assert violation(p, "e5-e6").rule == "TM1"
    assert violation(p, "d5-f5").rule == "TM4"


def test_tm1_validate_and_apply_never_change_the_position():
    p = board(CHAIN)
    copy = parse_position(position_to_dict(p))
    assert validate_turn(p, turn("a3-b3", "a2-b2", "d5-d6")) is None
    apply_turn(p, turn("a3-b3", "a2-b2", "d5-d6"))
    assert p == copy


def test_tm1_a_turn_reads_and_writes_its_json_form():
    t = turn("a3-b3", "d5-d6", end_turn=False)
    assert t.moves == (Move(sq("a3"), sq("b3")), Move(sq("d5"), sq("d6"))) and not t.end_turn
    assert parse_turn_plan(turn_plan_to_dict(t)) == t
    assert parse_turn_plan({"moves": []}) == PASS
    with pytest.raises(MalformedError) as err:
        parse_turn_plan({"moves": [{"from": "a3"}, {"from": "z1", "to": "b3"}], "end_turn": 1, "x": 0})
    assert [(p.pointer, p.detail) for p in err.value.problems] == [
        ("/x", "is not a member of this object"),
        ("/moves/0/to", "is required"),
        ("/moves/1/from", "must be a square a1 … n8"),
        ("/end_turn", "must be a boolean"),
    ]
    with pytest.raises(MalformedError):
        parse_turn_plan({})
    assert [e.value for e in EventType] == ["move", "tower", "symbol_square", "pass", "game_over"]


def test_tm8_random_play_and_the_first_move_know_when_there_is_none():
    import random

    from service.spiel_der_tuerme import first_legal_move, moves_to_dict, random_turn

    dead = parse_compact(DEADLOCK)
    assert random_turn(dead, random.Random(1)) == PASS
    assert first_legal_move(dead) is None
    over, _ = apply_turn(dead, PASS)
    assert first_legal_move(over) is None and moves_to_dict(()) == {"moves": []}
