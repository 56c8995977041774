"""The board (TB1–TB3): squares, streets, quarters, symbols and lines."""

import pytest

from service.spiel_der_tuerme import (
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    RAYS,
    SQUARE_NAMES,
    SQUARES,
    STREET_SQUARES,
    SYMBOL,
    SYMBOL_SQUARES,
    Direction,
    MalformedError,
    Symbol,
    between,
    board_to_dict,
    parse_square,
    square_name,
)
from tests.spiel_der_tuerme.builders import names, sq


def test_tb1_the_grid_has_112_squares_a1_to_n8_in_board_order():
    assert len(SQUARES) == 112
    assert SQUARE_NAMES[:3] == ("a1", "b1", "c1")
    assert SQUARE_NAMES[13:15] == ("n1", "a2")
    assert SQUARE_NAMES[-1] == "n8"
    assert all(parse_square(square_name(s)) == s for s in SQUARES)


@pytest.mark.parametrize("name", ["o1", "a9", "a0", "A1", "", "a", "b10", 3, None])
def test_tb1_anything_else_is_not_a_square(name):
    with pytest.raises(MalformedError):
        parse_square(name)


def test_tb1_rays_run_along_ranks_and_files_to_the_edge_nearest_first():
    rays = RAYS[sq("c3")]
    assert names(rays[Direction.NORTH]) == ["c4", "c5", "c6", "c7", "c8"]
    assert names(rays[Direction.EAST]) == [f"{f}3" for f in "defghijklmn"]
    assert names(rays[Direction.SOUTH]) == ["c2", "c1"]
    assert names(rays[Direction.WEST]) == ["b3", "a3"]
    assert names(RAYS[sq("a1")][Direction.WEST]) == []
    # Adjacent = sharing an edge: every square's first squares are its neighbours.
    assert sorted(len([r for r in RAYS[s] if r]) for s in (sq("a1"), sq("a2"), sq("b2"))) == [2, 3, 4]


def test_tb1_between_lists_the_squares_strictly_between_two_squares_on_a_line():
    assert names(between(sq("a1"), sq("a4"))) == ["a2", "a3"]
    assert names(between(sq("n8"), sq("k8"))) == ["m8", "l8"]
    assert between(sq("a1"), sq("b1")) == ()
    assert between(sq("a1"), sq("b2")) is None
    assert between(sq("a1"), sq("a1")) is None


def test_tb2_eight_quarters_of_four_symbol_squares_and_80_street_squares():
    assert len(STREET_SQUARES) == 80 and len(SYMBOL_SQUARES) == 32
    assert sorted(QUARTER_SQUARES) == list(range(1, 9))
    layout = {q: names(squares) for q, squares in QUARTER_SQUARES.items()}
    assert layout == {
        1: ["b2", "c2", "b3", "c3"],
        2: ["e2", "f2", "e3", "f3"],
        3: ["i2", "j2", "i3", "j3"],
        4: ["l2", "m2", "l3", "m3"],
        5: ["b6", "c6", "b7", "c7"],
        6: ["e6", "f6", "e7", "f7"],
        7: ["i6", "j6", "i7", "j7"],
        8: ["l6", "m6", "l7", "m7"],
    }
    assert all(QUARTER[s] == q for q, squares in QUARTER_SQUARES.items() for s in squares)
    assert all(QUARTER[s] is None and SYMBOL[s] is None for s in STREET_SQUARES)


def test_tb2_ranks_1_4_5_8_and_files_a_d_g_h_k_n_are_streets():
    for s in SQUARES:
        name = square_name(s)
        street = name[0] in "adghkn" or name[1:] in ("1", "4", "5", "8")
        assert IS_STREET[s] is street, name


def test_tb3_every_quarter_shows_a_north_west_b_north_east_c_south_west_d_south_east():
    for squares in QUARTER_SQUARES.values():
        south_west, south_east, north_west, north_east = squares
        assert [SYMBOL[s] for s in (north_west, north_east, south_west, south_east)] == [
            Symbol.A,
            Symbol.B,
            Symbol.C,
            Symbol.D,
        ]
    assert [SYMBOL[s] for s in SYMBOL_SQUARES].count(Symbol.A) == 8


def test_tb1_tb2_tb3_the_board_answer_agrees_with_the_tables():
    board = board_to_dict()
    assert board["files"] == list("abcdefghijklmn") and board["ranks"] == 8
    assert [s["square"] for s in board["squares"]] == list(SQUARE_NAMES)
    for entry, square in zip(board["squares"], SQUARES, strict=True):
        assert entry["kind"] == ("street" if IS_STREET[square] else "symbol")
        assert entry["quarter"] == QUARTER[square]
        assert entry["symbol"] == (None if SYMBOL[square] is None else SYMBOL[square].value)
    assert board["quarters"][4] == {"quarter": 5, "squares": {"A": "b7", "B": "c7", "C": "b6", "D": "c6"}}
