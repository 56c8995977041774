"""The computer player of Terra Turrium: legal turns everywhere, repeatable, within budget."""

import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.common import InvalidQueryError
from service.common.budget import Budget, Counter, Stop
from service.terra_turrium import apply_turn, meets_goal, place_turrians, setup_position, validate_turn
from service.terra_turrium.opponent import LEVELS, is_in_setup, play_game, suggest_turn
from service.terra_turrium.random_player import random_partway
from tests.terra_turrium.builders import build
from tests.terra_turrium.strategies import played_positions, rules_for

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Small enough to keep the tests fast, large enough that each level searches.
NODES = 400
#: Bounded by nodes alone: no test result depends on the machine's speed.
BY_NODES = Budget(ms=60_000, nodes=NODES)


@st.composite
def positions_to_play(draw):
    """A position of any player count, option and variant, part-way through a turn or at
    its start, whose game is not over."""
    position = draw(played_positions(max_turns=20).filter(lambda p: not p.is_game_over))
    stop = draw(st.integers(0, 5))
    if stop < 5:
        position = random_partway(position, random.Random(draw(st.integers(0, 2**16))), stop)
    return position


@SETTINGS
@given(positions_to_play(), st.sampled_from(LEVELS), st.integers(0, 2**32 - 1))
def test_t1_every_suggested_turn_is_legal(position, level, seed):
    answer = suggest_turn(position, level, seed, BY_NODES)
    assert validate_turn(position, answer.turn) is None
    assert answer.nodes <= NODES
    assert not answer.setup


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([2, 3, 4]).flatmap(lambda n: st.tuples(st.just(n), rules_for(n))),
       st.sampled_from(LEVELS), st.integers(0, 2**32 - 1))
def test_s3_a_position_in_set_up_is_set_up_then_played(players_rules, level, seed):
    players, rules = players_rules
    position = setup_position(players, rules)
    assert is_in_setup(position)
    answer = suggest_turn(position, level, seed, BY_NODES)
    assert sorted(answer.setup) == sorted(seat.id for seat in position.seats)
    set_up = place_turrians(position, answer.setup)  # raises unless S3 allows every square
    assert all(len(seat.turrians) == 6 for seat in set_up.seats)
    assert validate_turn(set_up, answer.turn) is None


def test_s3_only_seats_with_turrians_to_place_are_set_up():
    position = place_turrians(setup_position(2), {"yellow": ["b9", "c9", "d9", "e9", "f9", "g9"]})
    answer = suggest_turn(position, 1, 0, BY_NODES)
    assert list(answer.setup) == ["red"]
    set_up = place_turrians(position, answer.setup)
    assert validate_turn(set_up, answer.turn) is None
    assert not is_in_setup(apply_turn(set_up, answer.turn)[0])


@SETTINGS
@given(positions_to_play(), st.sampled_from(LEVELS), st.integers(0, 2**32 - 1))
def test_the_same_seed_and_node_budget_give_the_same_turn(position, level, seed):
    first = suggest_turn(position, level, seed, BY_NODES)
    again = suggest_turn(position, level, seed, BY_NODES)
    assert again == first


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_to_play(), st.sampled_from(LEVELS), st.integers(1, 60))
def test_the_node_budget_holds_and_a_spent_budget_still_answers_a_legal_turn(position, level, nodes):
    answer = suggest_turn(position, level, 0, Budget(ms=60_000, nodes=nodes))
    assert answer.nodes <= nodes
    assert answer.stopped in (Stop.NODES, Stop.COMPLETE)
    if answer.stopped is Stop.NODES:
        # Cut by the budget: every node it allowed was judged. A search may also complete
        # on exactly its last node.
        assert answer.nodes == nodes
    assert validate_turn(position, answer.turn) is None


def test_level_3_uses_a_larger_budget_than_level_2():
    position = play_game(setup_position(3), [0, 0, 0], 5, BY_NODES, 6)[0]
    budget = Budget(ms=60_000, nodes=100_000)
    assert suggest_turn(position, 3, 0, budget).nodes > suggest_turn(position, 2, 0, budget).nodes


def test_the_clock_stops_a_search_and_the_answer_says_so():
    position = play_game(setup_position(4), [0, 0, 0, 0], 5, BY_NODES, 8)[0]
    whole = suggest_turn(position, 3, 0, Budget(ms=600_000, nodes=1_000_000))
    answer = suggest_turn(position, 3, 0, Budget(ms=1, nodes=1_000_000))
    # Stopped by the clock, short of the whole search (no node bound could stop it), or,
    # on a machine fast enough, the whole search itself.
    if answer.stopped is Stop.TIME:
        assert answer.nodes < whole.nodes
    else:
        assert (answer.stopped, answer.nodes) == (Stop.COMPLETE, whole.nodes)
    assert validate_turn(position, answer.turn) is None


def test_counter_stops_at_either_limit():
    counter = Counter(Budget(ms=60_000, nodes=3))
    assert [counter.tick() for _ in range(5)] == [True, True, True, False, False]
    assert counter.nodes == 3 and counter.stopped is Stop.NODES
    late = Counter(Budget(ms=1, nodes=100))
    time.sleep(0.01)
    assert not late.tick() and late.stopped is Stop.TIME


def test_g3_no_turn_is_suggested_once_the_game_is_over():
    from service.api.terra_turrium.examples import LAST_TURN, final_round
    from service.terra_turrium import parse_turn_plan

    over, _ = apply_turn(final_round(), parse_turn_plan(LAST_TURN))
    assert over.is_game_over
    with pytest.raises(InvalidQueryError) as caught:
        suggest_turn(over, 2, 0, BY_NODES)
    assert caught.value.rule == "G3"


def test_m6_level_1_takes_a_capture_it_sees():
    # Red's turrian on d8 stands one level above yellow's on c8: a capture upwards, 3 points (M7).
    position = build(2, heights={"d8": 2}, turrians={"yellow": ["c8"], "red": ["d8"]},
                     turn={"phase": "move", "points": 5})
    answer = suggest_turn(position, 1, 0, BY_NODES)
    walked = [square for segment in answer.turn.move for square in segment.path]
    assert position.seats[1].turrians[0] in walked


def test_g1_level_2_completes_the_goal_when_one_step_is_left():
    # Yellow stands on 1, 2, 3, 4, 5 and on a 5 beside a free 6: one step finishes.
    heights = {"b9": 1, "c9": 2, "d9": 3, "e9": 4, "f9": 5, "g8": 5, "h8": 6}
    position = build(
        2,
        heights=heights,
        turrians={"yellow": ["b9", "c9", "d9", "e9", "f9", "g8"], "red": ["c3"]},
        turn={"phase": "move", "points": 5},
    )
    answer = suggest_turn(position, 2, 0, BY_NODES)
    after, _ = apply_turn(position, answer.turn)
    assert meets_goal(after, after.seats[0])


@pytest.mark.parametrize("level", LEVELS)
def test_g1_every_level_reaches_the_goal_against_random_play(level):
    final, turns = play_game(setup_position(2), [level, 0], 11, Budget(ms=60_000, nodes=1500), 200)
    assert final.is_game_over and final.finishers == ("yellow",)
    assert turns < 200
