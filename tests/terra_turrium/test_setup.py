"""S3 initial placement and B6 set-up options."""

import pytest

from service.terra_turrium import (
    Goal,
    InvalidPositionError,
    MalformedError,
    Rules,
    TwoPlayerBoard,
    place_turrians,
    setup_position,
)
from tests.terra_turrium.builders import sq


def test_s3_turrians_go_onto_the_seats_own_territories():
    p = place_turrians(setup_position(4), {"yellow": ["a10", "e6"], "green": ["a1"]})
    assert p.seats[0].turrians == (sq("e6"), sq("a10")) and p.seats[3].turrians == (sq("a1"),)
    with pytest.raises(InvalidPositionError) as err:
        place_turrians(setup_position(4), {"yellow": ["f10"]})
    assert err.value.rule == "S3"


def test_s3_two_players_place_in_either_of_their_territories():
    p = place_turrians(setup_position(2), {"yellow": ["b9", "i9"], "red": ["b2", "i2"]})
    assert [len(s.turrians) for s in p.seats] == [2, 2]


def test_s3_distinct_in_play_squares_and_six_at_most():
    with pytest.raises(InvalidPositionError) as err:
        place_turrians(setup_position(4), {"yellow": ["a10", "a10"]})
    assert err.value.rule == "S2"
    with pytest.raises(InvalidPositionError) as err:
        place_turrians(setup_position(3), {"yellow": ["a10"]})
    assert err.value.rule == "B4"
    with pytest.raises(InvalidPositionError) as err:
        place_turrians(setup_position(4), {"yellow": ["a10", "b10", "c10", "d10", "e10", "a9", "b9"]})
    assert err.value.rule == "S2"
    with pytest.raises(InvalidPositionError) as err:
        place_turrians(setup_position(4), {"purple": ["a10"]})
    assert err.value.rule == "S1"


def test_b6_setup_options_are_checked():
    with pytest.raises(InvalidPositionError):
        setup_position(3, Rules(team_play=True))
    with pytest.raises(InvalidPositionError):
        setup_position(4, Rules(two_player_board=TwoPlayerBoard.SIX))
    with pytest.raises(MalformedError):
        setup_position(5)
    pro = setup_position(4, Rules(goal=Goal.PRO, team_play=True))
    assert pro.rules.goal is Goal.PRO and pro.partner(0) == 1 and pro.partner(3) == 2
