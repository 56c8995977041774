"""B1–B6: the grid, rings, territories, play area, heights and set-up."""

import pytest

from service.terra_turrium import (
    NEIGHBOURS,
    RING,
    SQUARES,
    TERRITORY,
    TERRITORY_SQUARES,
    InvalidPositionError,
    MalformedError,
    Rules,
    Territory,
    TwoPlayerBoard,
    entry_row,
    parse_square,
    play_area,
    setup_position,
    square_name,
)
from service.terra_turrium.board import CENTRE, are_adjacent
from tests.terra_turrium.builders import build, names, sq


def test_b1_square_names_cover_a1_to_j10_in_board_order():
    assert square_name(0) == "a1" and square_name(9) == "j1" and square_name(10) == "a2"
    assert square_name(99) == "j10"
    assert [parse_square(square_name(s)) for s in SQUARES] == list(SQUARES)


@pytest.mark.parametrize("bad", ["k1", "a0", "a11", "A1", "a01", "", "a", "1a", " a1"])
def test_b1_only_lower_case_names_a1_to_j10_are_squares(bad):
    with pytest.raises(MalformedError):
        parse_square(bad)


def test_b1_adjacency_is_orthogonal_only():
    assert sorted(names(NEIGHBOURS[sq("e5")])) == ["d5", "e4", "e6", "f5"]
    assert sorted(names(NEIGHBOURS[sq("a1")])) == ["a2", "b1"]
    assert sorted(names(NEIGHBOURS[sq("j5")])) == ["i5", "j4", "j6"]
    for s in SQUARES:
        for n in NEIGHBOURS[s]:
            assert s in NEIGHBOURS[n]
            assert abs(s % 10 - n % 10) + abs(s // 10 - n // 10) == 1


def test_b2_rings_count_36_28_20_12_4_and_centre_is_rings_3_and_4():
    counts = [sum(1 for s in SQUARES if RING[s] == r) for r in range(5)]
    assert counts == [36, 28, 20, 12, 4]
    assert RING[sq("a1")] == 0 and RING[sq("b2")] == 1 and RING[sq("e5")] == 4 and RING[sq("d7")] == 3
    assert len(CENTRE) == 16 and all(RING[s] >= 3 for s in CENTRE)


def test_b3_territories_are_the_four_5x5_quarters():
    assert {t: len(v) for t, v in TERRITORY_SQUARES.items()} == dict.fromkeys(Territory, 25)
    assert TERRITORY[sq("a1")] is Territory.SW and TERRITORY[sq("e5")] is Territory.SW
    assert TERRITORY[sq("f5")] is Territory.SE and TERRITORY[sq("j1")] is Territory.SE
    assert TERRITORY[sq("f6")] is Territory.NE and TERRITORY[sq("j10")] is Territory.NE
    assert TERRITORY[sq("e6")] is Territory.NW and TERRITORY[sq("a10")] is Territory.NW


def test_b3_clockwise_neighbours_share_an_edge_and_diagonals_do_not():
    assert are_adjacent(Territory.NW, Territory.NE) and are_adjacent(Territory.SW, Territory.NW)
    assert not are_adjacent(Territory.NW, Territory.SE) and not are_adjacent(Territory.NE, Territory.SW)


SIX = Rules(two_player_board=TwoPlayerBoard.SIX)


def test_b4_play_area_per_player_count():
    assert len(play_area(4, Rules())) == 100
    assert len(play_area(3, Rules())) == 64 and len(play_area(2, Rules())) == 64
    assert len(play_area(2, SIX)) == 36
    assert sq("a1") not in play_area(3, Rules()) and sq("b2") in play_area(3, Rules())
    assert sq("b2") not in play_area(2, SIX) and sq("c3") in play_area(2, SIX)


def test_b4_a_stone_out_of_play_is_rejected_with_the_square():
    with pytest.raises(InvalidPositionError) as err:
        build(3, heights={"a1": 1})
    assert err.value.rule == "B4" and err.value.field == "/heights/0/0"


def test_b4_the_6x6_board_belongs_to_the_two_player_game():
    with pytest.raises(InvalidPositionError) as err:
        build(4, rules={"two_player_board": "6x6"})
    assert err.value.rule == "B4"


def test_b5_towers_have_no_upper_bound():
    p = build(4, heights={"e5": 40}, turrians={"green": ["e5"]})
    assert p.height(sq("e5")) == 40


def test_b6_setup_heights_and_stone_counts():
    four = setup_position(4)
    assert sum(four.heights) == 116 and four.height(sq("a1")) == 1 and four.height(sq("e5")) == 2
    three = setup_position(3)
    assert sum(three.heights) == 80 and three.height(sq("a1")) == 0 and three.height(sq("d4")) == 2
    two = setup_position(2)
    assert sum(two.heights) == 64 and max(two.heights) == 1 and two.height(sq("a5")) == 0
    six = setup_position(2, Rules(two_player_board=TwoPlayerBoard.SIX))
    assert sum(six.heights) == 36 and six.height(sq("b5")) == 0 and six.height(sq("c5")) == 1


def test_m9_entry_rows_are_the_outermost_in_play_row_of_a_territory():
    assert names(entry_row(Territory.SW, 4, Rules())) == [
        "a1",
        "b1",
        "c1",
        "d1",
        "e1",
        "a2",
        "a3",
        "a4",
        "a5",
    ]
    assert names(entry_row(Territory.NE, 3, Rules())) == ["i6", "i7", "i8", "f9", "g9", "h9", "i9"]
    assert names(entry_row(Territory.SW, 2, SIX)) == ["c3", "d3", "e3", "c4", "c5"]
