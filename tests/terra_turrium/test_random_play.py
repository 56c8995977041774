"""The random legal player (service.terra_turrium.random_player) at the edges: set-up of the seats still
without turrians (S3), a take phase that runs dry (R1) and a turn continued mid-way (T1)."""

import random

from service.terra_turrium import Phase, apply_turn, setup_position, validate_turn
from service.terra_turrium.random_player import random_setup, random_turn
from tests.terra_turrium.builders import build, sq


def test_s3_random_set_up_places_only_the_seats_without_turrians():
    p = build(4, turrians={"red": ["f10"]})
    after = random_setup(p, random.Random(3))
    assert after.seats[1].turrians == (sq("f10"),)
    assert [len(s.turrians) for s in after.seats] == [6, 1, 6, 6]
    assert all(len(s.turrians) == 6 for s in random_setup(setup_position(3), random.Random(4)).seats)


def test_r1_a_random_turn_takes_nothing_when_nothing_can_be_taken():
    # The only stones left carry turrians (R2): nothing can be taken.
    p = build(4, flat=0, heights={"g8": 1, "c8": 2}, turrians={"yellow": ["g8"], "red": ["c8"]})
    turn = random_turn(p, random.Random(1))
    assert turn.take == () and turn.place == ()
    assert validate_turn(p, turn) is None


def test_t1_a_random_turn_continues_from_the_place_phase():
    p = build(4, turrians={"yellow": ["c8"]}, turn={"phase": "place", "in_hand": 2})
    turn = random_turn(p, random.Random(5))
    assert turn.take == () and len(turn.place) == 2
    after, _ = apply_turn(p, turn)
    assert after.to_move == "red" and after.turn.phase is Phase.TAKE


def test_t1_a_random_turn_continues_from_the_move_phase_with_the_points_left():
    p = build(4, flat=1, turrians={"yellow": ["c8"]}, turn={"phase": "move", "points": 2})
    turn = random_turn(p, random.Random(8))
    assert turn.take == () and turn.place == ()
    assert validate_turn(p, turn) is None
