"""P1–P3: placing stones."""

from service.terra_turrium import legal_placements
from service.terra_turrium.place import placement_refusal
from tests.terra_turrium.builders import build, names, sq


def test_p2_any_in_play_square_without_a_turrian_at_any_height():
    p = build(3, heights={"c3": 0, "e5": 7}, turrians={"yellow": ["c8"], "red": ["h8"]})
    squares = names(legal_placements(p))
    assert "c3" in squares and "e5" in squares  # empty and tall squares alike
    assert "c8" not in squares and "h8" not in squares
    assert "a1" not in squares  # out of play with 3 players
    assert len(squares) == 62
    assert placement_refusal(p, sq("c8")).rule == "P2"
    assert placement_refusal(p, sq("a1")).rule == "B4"


def test_p2_no_placements_in_the_move_phase():
    p = build(4, turn={"phase": "move"})
    assert legal_placements(p) == ()
    assert placement_refusal(p, sq("c8")).rule == "T1"


def test_p2_placements_are_in_board_order():
    squares = legal_placements(build(4))
    assert list(squares) == sorted(squares) and len(squares) == 100
