"""The position's JSON form and its structural rules: shape problems are 400-class
(MalformedError, several collected), broken rules 422-class (InvalidPositionError
naming the rule and the field)."""

import copy

import pytest

from service.spiel_der_tuerme import (
    Colour,
    EndReason,
    InvalidPositionError,
    MalformedError,
    Over,
    parse_position,
    position_to_dict,
    setup_position,
)
from service.spiel_der_tuerme.position import diagram
from tests.spiel_der_tuerme.builders import DEADLOCK, build, parse_compact, position_dict

# Every seat keeps a street stack (TE3) and no quarter is complete (TE1).
BASE = {"a1": "Ay", "b1": "Br", "c1": "Cb", "d1": "Dg", "b3": "Ay"}


def refused(data):
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    return err.value.rule, err.value.field


def malformed(data):
    with pytest.raises(MalformedError) as err:
        parse_position(data)
    return [(p.pointer, p.detail) for p in err.value.problems]


def test_a_position_survives_its_json_form():
    for p in (setup_position(2, 1), build(BASE), build(BASE, seats="yrb", max_height=None)):
        data = position_to_dict(p)
        assert parse_position(copy.deepcopy(data)) == p
        assert position_to_dict(parse_position(data)) == data


def test_optional_members_take_their_defaults():
    data = position_to_dict(setup_position(4, 1))
    for key in ("rules", "turn", "blocked", "over"):
        del data[key]
    p = parse_position(data)
    assert p.rules.max_height == 5 and p.turn.moves == 0 and p.blocked == () and p.over is None
    data["rules"] = {}
    assert parse_position(data).rules.max_height == 5


def test_shape_problems_are_collected_with_their_pointers():
    data = position_to_dict(setup_position(2, 1))
    data["stacks"]["z9"] = {"symbol": "A", "stones": ["red"]}
    data["stacks"]["a1"] = {"symbol": "E", "stones": []}
    data["stacks"]["b1"] = {"symbol": "A", "stones": ["red", "pink"], "x": 1}
    data["seats"] = ["yellow"]
    data["turn"] = {"moves": -1, "may_continue": "no"}
    data["rules"] = {"max_height": 4}
    data["blocked"] = ["a1", "q4"]
    data["extra"] = True
    assert malformed(data) == [
        ("/extra", "is not a member of this object"),
        ("/stacks/a1/symbol", "must be one of 'A', 'B', 'C', 'D'"),
        ("/stacks/a1/stones", "must have at least 1 entry"),
        ("/stacks/b1/x", "is not a member of this object"),
        ("/stacks/b1/stones/1", "must be one of 'yellow', 'red', 'blue', 'green'"),
        ("/seats", "must have 2 to 4 entries"),
        ("/rules/max_height", "must be 5 or null"),
        ("/turn/moves", "must be at least 0"),
        ("/turn/may_continue", "must be a boolean"),
        ("/blocked/1", "must be a square a1 … n8"),
    ]


def test_tb1_a_stack_on_a_key_that_is_no_square_is_off_the_board():
    data = position_to_dict(setup_position(2, 1))
    data["stacks"]["z9"] = data["stacks"].pop("a1")
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert (err.value.rule, err.value.field) == ("TB1", "/stacks/z9")


def test_shape_a_position_that_is_not_an_object_or_misses_members():
    assert malformed([]) == [("", "must be an object")]
    assert malformed({}) == [
        ("/stacks", "is required"),
        ("/seats", "is required"),
        ("/to_move", "is required"),
    ]
    assert malformed({"stacks": [], "seats": "yellow", "to_move": 1}) == [
        ("/stacks", "must be an object"),
        ("/seats", "must be an array"),
        ("/to_move", "must be one of 'yellow', 'red', 'blue', 'green'"),
    ]


def test_shape_over_names_what_its_reason_needs():
    data = position_dict(BASE)
    data["over"] = {"reason": "quarter", "seat": "yellow"}
    assert malformed(data) == [("/over/quarter", "is required when reason is 'quarter'")]
    data["over"] = {"reason": "streets_empty", "quarter": 2, "seat": "red"}
    assert malformed(data) == [
        ("/over/quarter", "must be null unless reason is 'quarter'"),
        ("/over/seat", "must be null when reason is 'streets_empty'"),
    ]
    data["over"] = {"reason": "quarter", "quarter": 9}
    assert malformed(data) == [
        ("/over/quarter", "must be between 1 and 8"),
        ("/over/seat", "is required when reason is 'quarter'"),
    ]
    data["over"] = {"reason": "stuck", "quarter": 3}
    assert malformed(data) == [
        ("/over/quarter", "must be null unless reason is 'quarter'"),
        ("/over/seat", "is required when reason is 'stuck'"),
    ]
    data["over"] = {"reason": "won"}
    assert malformed(data)[0][0] == "/over/reason"


def test_errors_can_be_placed_under_a_request_member():
    data = position_dict(BASE)
    data["seats"] = ["yellow", "red", "yellow"]
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert err.value.under("/position").field == "/position/seats/2"


def test_tn1_a_colour_seated_twice_or_a_mover_without_a_seat_is_refused():
    data = position_dict(BASE)
    data["seats"] = ["yellow", "red", "yellow"]
    assert refused(data) == ("TN1", "/seats/2")
    data = position_dict(BASE, seats="yrb")
    data["to_move"] = "green"
    assert refused(data) == ("TN1", "/to_move")


def test_tb4_a_stone_too_many_or_too_few_of_a_colour_and_symbol_is_refused():
    data = position_dict(BASE)
    data["stacks"]["n1"] = {"symbol": "A", "stones": ["red"]}
    assert refused(data) == ("TB4", "/stacks")
    data = position_dict(BASE)
    del data["stacks"]["a1"]
    with pytest.raises(InvalidPositionError) as err:
        parse_position(data)
    assert err.value.rule == "TB4" and "4 yellow stones of symbol A" in err.value.detail


def test_tm5_a_stack_on_a_symbol_square_of_another_symbol_is_refused():
    assert refused(position_dict({**BASE, "b3": "By"})) == ("TM5", "/stacks/b3/symbol")


def test_tn3_a_neutral_colour_never_tops_a_tower_or_stands_on_a_symbol_square():
    assert refused(position_dict({**BASE, "e1": "Cyg"}, seats="yrb")) == ("TN3", "/stacks/e1/stones")
    assert refused(position_dict({**BASE, "b3": "Ag"}, seats="yrb")) == ("TN3", "/stacks/b3/stones")
    # Under a tower a neutral stone is fine, and so is a single one on a street.
    build({**BASE, "e1": "Cgy", "f1": "Dg"}, seats="yrb")


def test_tm6_a_tower_higher_than_max_height_is_refused():
    assert refused(position_dict({**BASE, "e1": "Cyyyrrr"})) == ("TM6", "/stacks/e1/stones")


def test_tv1_without_a_height_limit_any_tower_is_accepted():
    p = build({**BASE, "e1": "Cyyyrrrbbbggy"}, max_height=None)
    assert p.stacks[4].height == 12


def test_tn4_blocked_names_at_most_one_neutral_stone():
    assert refused(position_dict({**BASE, "e1": "Cg"}, seats="yrb", blocked=["a1"])) == ("TN4", "/blocked/0")
    assert refused(position_dict({**BASE, "e1": "Cg"}, blocked=["e1"])) == ("TN4", "/blocked/0")
    two = position_dict({**BASE, "e1": "Cg", "f1": "Dg"}, seats="yrb", blocked=["e1", "f1"])
    assert refused(two) == ("TN4", "/blocked")
    assert build({**BASE, "e1": "Cg"}, seats="yrb", blocked=["e1"]).blocked == (4,)


def test_tm7_tm8_a_turn_context_that_contradicts_itself_is_refused():
    assert refused(position_dict(BASE, turn=(0, True))) == ("TM7", "/turn/may_continue")
    assert refused(position_dict(BASE, turn=(2, False))) == ("TM8", "/turn/moves")
    # The last move ended on a symbol square: the mover has a stack on one.
    no_red_on_symbol_squares = position_dict(BASE, to_move="r", turn=(1, True), tops="yb")
    assert refused(no_red_on_symbol_squares) == ("TM7", "/turn/may_continue")
    assert build(BASE, turn=(3, True)).turn.may_continue


def test_te1_a_completed_quarter_without_over_is_refused():
    data = position_dict({**BASE, "c3": "By", "b2": "Cy", "c2": "Dy"})
    assert refused(data) == ("TE1", "/over")


def test_te3_a_seat_without_a_street_stack_without_over_is_refused():
    data = position_dict({"a1": "Ay", "b1": "Br", "c1": "Cb", "b2": "Cg"})
    assert refused(data) == ("TE3", "/over")


def test_te1_te3_te5_over_must_be_true_of_the_board():
    complete = {**BASE, "c3": "By", "b2": "Cy", "c2": "Dy"}
    p = build(complete, over={"reason": "quarter", "quarter": 1, "seat": "yellow"})
    assert p.over == Over(EndReason.QUARTER, 1, Colour.YELLOW)
    assert refused(position_dict(complete, over={"reason": "quarter", "quarter": 2, "seat": "yellow"})) == (
        "TE1",
        "/over/quarter",
    )
    assert (
        refused(position_dict(BASE, over={"reason": "quarter", "quarter": 1, "seat": "yellow"}))[0] == "TE1"
    )
    assert refused(position_dict(complete, over={"reason": "stuck", "seat": "yellow"})) == (
        "TE5",
        "/over/reason",
    )
    assert refused(position_dict(BASE, over={"reason": "stuck", "seat": "red"})) == ("TE3", "/over/reason")
    stuck = {"a1": "Ay", "b1": "Br", "c1": "Cb", "b2": "Cg", "i2": "Cr"}
    assert build(stuck, over={"reason": "stuck", "seat": "green"}).over.seat is Colour.GREEN
    assert refused(position_dict(stuck, over={"reason": "stuck", "seat": "red"})) == ("TE5", "/over/seat")
    assert (
        refused(
            position_dict(complete, over={"reason": "quarter", "quarter": 1, "seat": "green"}, seats="yr")
        )[0]
        == "TN1"
    )


def test_te2_streets_empty_is_accepted_only_when_no_street_stack_is_left():
    every_stone_on_symbol_squares = position_dict({"b3": "Ay"}, fill=(1, 2, 3, 4, 5, 6, 7, 8))
    assert refused(every_stone_on_symbol_squares) == ("TE2", "/over")
    every_stone_on_symbol_squares["over"] = {"reason": "streets_empty"}
    assert parse_position(every_stone_on_symbol_squares).over == Over(EndReason.STREETS_EMPTY)
    every_stone_on_symbol_squares["over"] = {"reason": "stuck", "seat": "yellow"}
    assert refused(every_stone_on_symbol_squares) == ("TE5", "/over/reason")
    assert refused(position_dict(BASE, over={"reason": "streets_empty"})) == ("TE2", "/over/reason")


def test_te4_once_over_no_turn_is_in_progress_and_nothing_is_blocked():
    complete = {**BASE, "c3": "By", "b2": "Cy", "c2": "Dy"}
    over = {"reason": "quarter", "quarter": 1, "seat": "yellow"}
    assert refused(position_dict(complete, over=over, turn=(1, True))) == ("TE4", "/turn")
    assert refused(position_dict({**complete, "e1": "Cg"}, seats="yrb", over=over, blocked=["e1"])) == (
        "TE4",
        "/blocked",
    )


def test_shape_every_member_of_the_wrong_type_is_named():
    data = position_dict(BASE)
    data["stacks"]["a1"] = {"symbol": "A", "stones": ["yellow", 7]}
    data["stacks"]["b1"] = {"symbol": "B", "stones": "red"}
    data["stacks"]["c1"] = "Cb"
    data["turn"] = "fresh"
    data["over"] = 3
    data["blocked"] = "a1"
    assert malformed(data) == [
        ("/stacks/a1/stones/1", "must be one of 'yellow', 'red', 'blue', 'green'"),
        ("/stacks/b1/stones", "must be an array"),
        ("/stacks/c1", "must be an object"),
        ("/turn", "must be an object"),
        ("/blocked", "must be an array"),
        ("/over", "must be an object"),
    ]


def test_te3_a_dead_end_names_the_seat_whose_turn_ended():
    data = position_to_dict(parse_compact(DEADLOCK))
    data["over"] = {"reason": "stuck", "seat": "yellow"}
    assert parse_position(data).over == Over(EndReason.STUCK, None, Colour.YELLOW)
    data["over"] = {"reason": "stuck", "seat": "red"}
    assert refused(data) == ("TE3", "/over/seat")


def test_a_tall_tower_is_drawn_shortened_in_the_diagram():
    p = build({**BASE, "e1": "Cyyyrrrbbbggy"}, max_height=None)
    assert "Cyyyr+" in diagram(p).splitlines()[-2]
