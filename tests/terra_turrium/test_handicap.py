"""P3, the handicap: the stronger seat hands stones of its own territory to the weaker
seat's bonus stones, at set-up or between turns; the stones of the game stay the same."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.common import InvalidQueryError
from service.terra_turrium import (
    Handover,
    Reason,
    apply_handover,
    apply_turn,
    handover_refusal,
    legal_handovers,
    parse_square,
    place_turrians,
    setup_position,
    square_name,
)
from service.terra_turrium.position import MAX_BONUS_STONES
from service.terra_turrium.random_player import random_turn
from tests.terra_turrium.strategies import played_positions

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def sq(*names):
    return tuple(parse_square(n) for n in names)


def stones(position):
    """Every stone of the game: on the board, in the mover's hand, and the bonus stones."""
    return sum(position.heights) + position.turn.in_hand + sum(s.bonus_stones for s in position.seats)


def refused(position, handover):
    with pytest.raises(InvalidQueryError) as err:
        apply_handover(position, handover)
    return err.value.rule, err.value.field


def test_p3_the_stones_move_from_the_stronger_seats_territory_to_the_weakers_bonus_stones():
    p = setup_position(4)
    after = apply_handover(p, Handover("yellow", "blue", sq("e6", "e6", "a10")))
    assert after.heights[parse_square("e6")] == 0 and after.heights[parse_square("a10")] == 0
    assert [s.bonus_stones for s in after.seats] == [0, 0, 3, 0]
    assert stones(after) == stones(p) == 116
    # Nothing else changes.
    assert replace(after, heights=p.heights, seats=p.seats) == p


def test_p3_only_stones_of_the_stronger_seats_own_territory():
    p = setup_position(4)
    assert refused(p, Handover("yellow", "red", sq("a10", "f10"))) == ("P3", "/handover/squares/1")
    assert handover_refusal(p, p.seats[0], parse_square("f10")) is Reason.HANDOVER_NOT_OWN
    # With 2 players both territories of a half are the seat's own.
    two = setup_position(2)
    assert {square_name(s)[0] for s in legal_handovers(two, "yellow")} == set("bcdefghi")


def test_p3_r2_a_stone_under_a_turrian_or_of_an_empty_square_is_not_handed_over():
    p = place_turrians(setup_position(4), {"yellow": ["a10"]})
    assert refused(p, Handover("yellow", "red", sq("a10"))) == ("R2", "/handover/squares/0")
    assert parse_square("a10") not in legal_handovers(p, "yellow")
    # R7: one stone at a time on the board as it stands, so a single stone goes once.
    assert refused(p, Handover("yellow", "red", sq("b10", "b10"))) == ("R2", "/handover/squares/1")


def test_p3_b4_a_square_out_of_play_gives_nothing():
    assert refused(setup_position(3), Handover("yellow", "red", sq("a10"))) == ("B4", "/handover/squares/0")


def test_p3_t1_between_turns_only_and_g3_not_once_the_game_is_over():
    p = place_turrians(setup_position(4), {"yellow": ["a10"]})
    after, _ = apply_turn(p, random_turn(p, random.Random(1)))
    assert apply_handover(after, Handover("red", "yellow", sq("j10"))).seats[0].bonus_stones == 1
    in_turn = replace(p, turn=replace(p.turn, taken=sq("b10"), in_hand=1), heights=after.heights)
    assert refused(in_turn, Handover("yellow", "red", sq("c10"))) == ("T1", "/handover/squares/0")
    over = replace(p, finishers=("yellow",))
    assert refused(over, Handover("yellow", "red", sq("c10"))) == ("G3", "/handover/squares/0")


def test_p3_s1_the_seats_are_two_seats_of_the_position():
    p = setup_position(4)
    assert refused(p, Handover("yellow", "yellow", sq("a10"))) == ("P3", "/handover/to")
    assert refused(p, Handover("pink", "red", sq("a10"))) == ("S1", "/handover/from")
    assert refused(p, Handover("yellow", "pink", sq("a10"))) == ("S1", "/handover/to")


def test_p3_a_seat_holds_at_most_999_bonus_stones():
    p = setup_position(4)
    full = replace(p, seats=(p.seats[0], replace(p.seats[1], bonus_stones=MAX_BONUS_STONES), *p.seats[2:]))
    assert refused(full, Handover("yellow", "red", sq("a10"))) == ("P3", "/handover/squares")


@SETTINGS
@given(played_positions(max_turns=15), st.randoms(use_true_random=False), st.integers(1, 8))
def test_p3_a_handover_conserves_the_stones_of_the_game(position, rng, count):
    """Any handover of legal stones, one at a time, at any point between turns: the stones
    on the board, in hand and as bonus stones stay the same in number, and the game goes
    on with them (a random turn is still legal and conserves them too)."""
    if position.is_game_over:
        return
    giver, receiver = rng.sample(list(position.seats), 2)
    before = stones(position)
    for _ in range(count):
        legal = legal_handovers(position, giver.id)
        if not legal:
            break
        square = rng.choice(legal)
        after = apply_handover(position, Handover(giver.id, receiver.id, (square,)))
        assert stones(after) == before
        assert after.heights[square] == position.heights[square] - 1
        position = after
    after, _ = apply_turn(position, random_turn(position, random.Random(rng.random())))
    assert stones(after) == before


@SETTINGS
@given(played_positions(max_turns=10), st.randoms(use_true_random=False))
def test_p3_a_refused_handover_changes_nothing(position, rng):
    giver, receiver = rng.sample(list(position.seats), 2)
    square = rng.randrange(100)
    handover = Handover(giver.id, receiver.id, (square,))
    if handover_refusal(position, giver, square) is None:
        assert stones(apply_handover(position, handover)) == stones(position)
    else:
        with pytest.raises(InvalidQueryError):
            apply_handover(position, handover)
