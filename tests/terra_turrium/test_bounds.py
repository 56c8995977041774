"""The oracle's bounds where the rules set none (docs/rules.md B5, P3): 9,999 stones on a
square, 999 bonus stones per seat."""

import pytest

from service.terra_turrium import MalformedError, legal_placements, parse_turn_plan, validate_turn
from service.terra_turrium.place import placement_refusal
from service.terra_turrium.position import MAX_BONUS_STONES, MAX_HEIGHT
from service.terra_turrium.refusals import Reason
from tests.terra_turrium.builders import build, names, sq


def place(position, *squares):
    return validate_turn(position, parse_turn_plan({"place": list(squares)}))


def test_b5_a_square_holding_the_bound_takes_no_more_stones():
    p = build(4, heights={"c7": MAX_HEIGHT, "d7": MAX_HEIGHT - 1}, turn={"phase": "place", "in_hand": 3})
    assert "c7" not in names(legal_placements(p)) and "d7" in names(legal_placements(p))
    assert placement_refusal(p, sq("c7")) is Reason.TOWER_TOO_HIGH
    violation = place(p, "c7", "c7", "c7")
    assert (violation.rule, violation.index) == ("B5", 0)


def test_b5_a_square_the_turn_itself_fills_to_the_bound_takes_no_more():
    p = build(4, heights={"d7": MAX_HEIGHT - 1}, turn={"phase": "place", "in_hand": 3})
    violation = place(p, "d7", "d7", "e7")
    assert (violation.rule, violation.index) == ("B5", 1)
    assert str(MAX_HEIGHT) in violation.detail
    assert place(p, "d7", "e7", "e7") is None


def test_b5_a_height_beyond_the_bound_is_malformed():
    with pytest.raises(MalformedError) as error:
        build(4, heights={"c7": MAX_HEIGHT + 1})
    assert error.value.field == "/heights/6/2"


def test_p3_a_seat_holds_at_most_999_bonus_stones():
    assert build(2, seats={"yellow": {"bonus_stones": MAX_BONUS_STONES}}).seats[0].bonus_stones == 999
    with pytest.raises(MalformedError) as error:
        build(2, seats={"yellow": {"bonus_stones": MAX_BONUS_STONES + 1}})
    assert error.value.field == "/seats/0/bonus_stones"
