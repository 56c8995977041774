"""Moves (TM1–TM6), neutral stones (TN2–TN5) and the variant (TV1): what
``legal_moves`` lists and why ``move_refusal`` refuses the rest."""

import pytest

from service.spiel_der_tuerme import (
    Colour,
    InvalidQueryError,
    Move,
    legal_move_to_dict,
    legal_moves,
    move_refusal,
)
from tests.spiel_der_tuerme.builders import ANCHORS, OPEN_QUARTERS, build, sq


def board(stacks, **options):
    options.setdefault("fill", OPEN_QUARTERS)
    return build({**ANCHORS, **stacks}, **options)


def destinations(position, frm):
    return [m for m in (str(m.move).split("–")[1] for m in legal_moves(position, sq(frm)))]


def refusal(position, frm, to):
    found = move_refusal(position, Move(sq(frm), sq(to)))
    return None if found is None else found.rule


def test_tm1_a_seat_moves_only_stacks_whose_top_stone_is_its_colour():
    p = board({"d4": "Ay", "h4": "Ary", "k4": "Ayr"})
    origins = {str(m.move).split("–")[0] for m in legal_moves(p)}
    assert {"d4", "h4"} <= origins and "k4" not in origins
    assert refusal(p, "k4", "k5") == "TM1"
    assert refusal(p, "e4", "e5") == "TM1"  # nothing there
    for square in ("k4", "e4"):
        with pytest.raises(InvalidQueryError) as err:
            legal_moves(p, sq(square))
        assert (err.value.rule, err.value.field) == ("TM1", "/from")


def test_tm2_a_stack_on_a_symbol_square_stays_there_for_the_rest_of_the_game():
    p = board({"d4": "Ay", "b3": "Ay"})
    assert all(m.frm != sq("b3") for m in legal_moves(p))
    assert refusal(p, "b3", "a3") == "TM2"
    with pytest.raises(InvalidQueryError) as err:
        legal_moves(p, sq("b3"))
    assert err.value.rule == "TM2"


def test_tm3_a_move_goes_straight_along_a_rank_or_a_file_any_distance():
    p = board({"d5": "Ay"})
    assert destinations(p, "d5") == [
        "d1", "d2", "d3", "d4",
        "a5", "b5", "c5", "e5", "f5", "g5", "h5", "i5", "j5", "k5", "l5", "m5", "n5",
        "d6", "d7", "d8",
    ]  # fmt: skip
    assert refusal(p, "d5", "e6") == "TM3"
    assert refusal(p, "d5", "d5") == "TM3"
    assert refusal(p, "d5", "n5") is None


def test_tm4_a_move_passes_only_over_own_colour_and_empty_squares():
    p = board({"d5": "Ay", "f5": "By", "h5": "Cr", "b4": "Ay", "b6": "Cy"})
    assert destinations(p, "d5") == ["d1", "d2", "d3", "d4", "a5", "b5", "c5", "e5", "g5", "d6", "d7", "d8"]
    assert refusal(p, "d5", "i5") == "TM4"
    assert "h5 holds a stack of red" in move_refusal(p, Move(sq("d5"), sq("i5"))).explain()
    # Onto an empty symbol square of its symbol (b3), over one of another (b2) and over an
    # own stack on one (b6).
    assert destinations(p, "b4") == ["b1", "b3", "a4"] + [f"{f}4" for f in "cdefghijklmn"] + [
        "b5",
        "b7",
        "b8",
    ]
    assert refusal(p, "b4", "b6") == "TM5"


def test_tm5_a_stack_lands_only_on_an_empty_square_or_a_stack_of_its_symbol():
    p = board({"d5": "Ay", "e5": "Ab", "c5": "Br", "d6": "Cr", "d4": "Dg"})
    moves = legal_moves(p, sq("d5"))
    assert [str(m.move) for m in moves] == ["d5–e5"]
    assert moves[0].covers == (Colour.BLUE,) and moves[0].height == 2
    assert refusal(p, "d5", "c5") == "TM5"
    assert refusal(p, "d5", "d6") == "TM5"
    # An empty symbol square takes only its own symbol: a (b3) yes, c (b2) no.
    q = board({"a3": "Ay", "a2": "Ay", "a4": "Dr"})
    assert "b3" in destinations(q, "a3")
    assert refusal(q, "a2", "b2") == "TM5"


def test_tm6_a_tower_is_at_most_five_high_and_a_tower_of_five_is_safe():
    p = board({"d5": "Ayy", "e5": "Arrr", "c5": "Abbbb", "d6": "Aggggg"})
    assert destinations(p, "d5") == ["d1", "d2", "d3", "d4", "e5"]
    assert legal_moves(p, sq("d5"))[-1].height == 5
    assert refusal(p, "d5", "c5") == "TM6"
    assert refusal(p, "d5", "d6") == "TM6"
    assert "safe" in move_refusal(p, Move(sq("d5"), sq("d6"))).explain()


def test_tm6_towers_are_never_split_the_whole_stack_moves():
    p = board({"d5": "Arby", "e5": "Ag"})
    (move,) = [m for m in legal_moves(p, sq("d5")) if m.to == sq("e5")]
    assert move.height == 4 and move.covers == (Colour.GREEN,)


def test_tv1_without_a_height_limit_no_tower_is_safe():
    p = board({"d5": "Ayy", "c5": "Arrrr", "d6": "Abbbbb"}, max_height=None)
    assert {"c5", "d6"} <= set(destinations(p, "d5"))
    assert max(m.height for m in legal_moves(p, sq("d5"))) == 7


def test_tn2_with_two_or_three_players_a_seat_may_move_a_neutral_stone_instead():
    three = board({"d4": "Ay", "d5": "Ag"}, seats="yrb")
    moves = legal_moves(three, sq("d5"))
    assert moves and all(m.neutral for m in moves)
    four = board({"d4": "Ay", "d5": "Ag"})
    assert refusal(four, "d5", "e5") == "TM1"
    assert not any(m.neutral for m in legal_moves(four))


def test_tn3_a_neutral_stone_moves_only_onto_a_free_street_square():
    p = board({"d4": "Ay", "b4": "Ag", "c4": "Ab", "b1": "Cr"}, seats="yrb")
    assert destinations(p, "b4") == ["a4", "b5", "b8"]
    assert refusal(p, "b4", "c4") == "TN3"  # a stack of its own symbol: still no
    assert refusal(p, "b4", "b7") == "TN3"  # a symbol square of its own symbol: no
    assert refusal(p, "b4", "b3") == "TN3"


def test_tn4_a_blocked_neutral_stone_cannot_be_moved_by_the_seat_to_move():
    p = board({"d4": "Ay", "d5": "Ag"}, seats="yrb", blocked=["d5"])
    assert all(m.frm != sq("d5") for m in legal_moves(p))
    assert refusal(p, "d5", "e5") == "TN4"
    with pytest.raises(InvalidQueryError) as err:
        legal_moves(p, sq("d5"))
    assert (err.value.rule, err.value.field) == ("TN4", "/from")


def test_tn5_a_seat_may_not_pass_over_a_neutral_stone_but_may_land_on_one_of_its_symbol():
    p = board({"d5": "Ay", "f5": "Bg", "d7": "Ag"}, seats="yrb")
    assert refusal(p, "d5", "g5") == "TN5"
    assert "e5" in destinations(p, "d5") and "f5" not in destinations(p, "d5")
    (onto,) = [m for m in legal_moves(p, sq("d5")) if m.to == sq("d7")]
    assert onto.covers == (Colour.GREEN,) and not onto.neutral
    assert refusal(p, "d5", "d8") == "TN5"


def test_tn6_a_neutral_stone_passes_over_its_own_colour_only():
    p = board({"d5": "Ag", "f5": "Bg", "h5": "Cb", "a8": "Ay"}, seats="yr")
    assert refusal(p, "d5", "g5") is None  # over the green neutral stone on f5
    assert refusal(p, "d5", "i5") == "TN6"  # not over the blue one on h5
    assert "h5 holds a stack of blue: a neutral stone" in move_refusal(p, Move(sq("d5"), sq("i5"))).explain()


def test_tm1_the_answer_is_in_board_order_and_says_what_each_move_does():
    p = board({"d4": "Ay", "a3": "Ay", "c3": "Br"}, fill=(8, 7, 6, 5, 4))
    moves = legal_moves(p)
    assert [(m.frm, m.to) for m in moves] == sorted((m.frm, m.to) for m in moves)
    (to_b3,) = [m for m in moves if str(m.move) == "a3–b3"]
    assert legal_move_to_dict(to_b3) == {
        "from": "a3",
        "to": "b3",
        "height": 1,
        "covers": [],
        "symbol_square": True,
        "may_continue": True,
        "neutral": False,
        "ends_game": False,
    }


def test_te1_te3_a_move_that_ends_the_game_does_not_allow_another():
    # b3, c3 and b2 are yellow: c2 (D) completes quarter 1.
    p = board({"d2": "Dy", "b3": "Ay", "c3": "By", "b2": "Cy", "d5": "Ay"})
    (to_c2,) = [m for m in legal_moves(p) if str(m.move) == "d2–c2"]
    assert to_c2.symbol_square and to_c2.ends_game and not to_c2.may_continue
    # Green's only street stack is n8: covering it leaves green stuck.
    q = board({"n7": "Dy"})
    (onto_n8,) = [m for m in legal_moves(q) if str(m.move) == "n7–n8"]
    assert onto_n8.ends_game and not onto_n8.symbol_square
