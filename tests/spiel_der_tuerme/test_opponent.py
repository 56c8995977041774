"""The computer player of Spiel der Türme: legal turns everywhere, repeatable, within budget."""

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.common import InvalidQueryError
from service.common.budget import Budget, Stop
from service.spiel_der_tuerme import (
    Colour,
    apply_turn,
    legal_moves,
    random_turn,
    score,
    setup_position,
    validate_turn,
)
from service.spiel_der_tuerme.actions import TurnPlan
from service.spiel_der_tuerme.opponent import LEVELS, best_gain, play_game, suggest_turn
from tests.spiel_der_tuerme.builders import build

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NODES = 300
BY_NODES = Budget(ms=60_000, nodes=NODES)


@st.composite
def positions_to_play(draw):
    """A position of any player count and height limit after random turns, perhaps in the
    middle of a chain of moves (TM7), whose game is not over."""
    players = draw(st.sampled_from([2, 3, 4]))
    limit = draw(st.sampled_from([5, None]))
    position = setup_position(players, draw(st.integers(0, 999_999)), max_height=limit)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, 200))):
        after, _ = apply_turn(position, random_turn(position, rng))
        if after.is_over:
            break
        position = after
    chain = [m for m in legal_moves(position) if m.may_continue]
    if chain and draw(st.booleans()):
        position, _ = apply_turn(position, TurnPlan((chain[0].move,), end_turn=False))
    return position


@SETTINGS
@given(positions_to_play(), st.sampled_from(LEVELS), st.integers(0, 2**32 - 1))
def test_tm1_tm8_every_suggested_turn_is_legal(position, level, seed):
    answer = suggest_turn(position, level, seed, BY_NODES)
    assert validate_turn(position, answer.turn) is None
    assert answer.nodes <= NODES


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_to_play(), st.sampled_from(LEVELS), st.integers(0, 2**32 - 1))
def test_the_same_seed_and_node_budget_give_the_same_turn(position, level, seed):
    assert suggest_turn(position, level, seed, BY_NODES) == suggest_turn(position, level, seed, BY_NODES)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions_to_play(), st.sampled_from(LEVELS), st.integers(1, 40))
def test_the_node_budget_holds_and_a_spent_budget_still_answers_a_legal_turn(position, level, nodes):
    answer = suggest_turn(position, level, 0, Budget(ms=60_000, nodes=nodes))
    assert answer.nodes <= nodes
    assert answer.stopped in (Stop.NODES, Stop.COMPLETE)
    if answer.stopped is Stop.NODES:
        # Cut by the budget: every node it allowed was judged. A search may also complete
        # on exactly its last node.
        assert answer.nodes == nodes
    assert validate_turn(position, answer.turn) is None


def test_tm8_a_seat_that_cannot_move_is_suggested_a_pass():
    # Yellow's one street stack on a1 is boxed in by red's on a2 and blue's on b1.
    boxed = build({"a1": "Ay", "a2": "Br", "b1": "Cb", "d5": "Ar", "e5": "Bb", "f5": "Cg"}, fill=(8, 7, 6, 5))
    assert not legal_moves(boxed)
    for level in LEVELS:
        answer = suggest_turn(boxed, level, 0, BY_NODES)
        assert answer.turn.moves == () and validate_turn(boxed, answer.turn) is None


def test_te4_no_turn_is_suggested_once_the_game_is_over():
    final, _ = play_game(setup_position(2, 3), [0, 0], 3, BY_NODES, 10_000)
    assert final.is_over
    with pytest.raises(InvalidQueryError) as caught:
        suggest_turn(final, 2, 0, BY_NODES)
    assert caught.value.rule == "TE4"


def test_ts1_level_1_takes_the_move_that_scores_most_at_once():
    position = setup_position(2, 4)
    rng = random.Random(4)
    for _ in range(30):
        position, _ = apply_turn(position, random_turn(position, rng))
    if position.is_over or not any(m.symbol_square for m in legal_moves(position)):
        pytest.skip("the random game offers no symbol square here")
    best = max(m.height for m in legal_moves(position) if m.symbol_square)
    answer = suggest_turn(position, 1, 0, BY_NODES)
    first, _ = apply_turn(position, TurnPlan(answer.turn.moves[:1], end_turn=False))
    gained = score(first).seats[position.seats.index(position.to_move)].points - \
        score(position).seats[position.seats.index(position.to_move)].points
    # A beginner is careless by at most its noise; it never misses a scoring move for nothing.
    assert gained >= best - 1


@pytest.mark.parametrize("level", LEVELS)
def test_ts3_every_level_beats_random_play_in_a_two_player_game(level):
    final, _ = play_game(setup_position(2, 12), [level, 0], 12, Budget(ms=60_000, nodes=400), 5000)
    assert final.is_over and score(final).winners == (final.seats[0],)


@pytest.mark.parametrize("level", [2, 3])
def test_te1_levels_2_and_3_keep_the_rival_from_completing_a_quarter_next(level):
    # Red holds b3, c3 and b2 of quarter 1; its D stack on c1 would complete it on c2 and
    # win (TE1, TS2). Yellow's D stack on e1 can cover it (TM5) and take that move away.
    position = build(
        {"b3": "Ar", "c3": "Br", "b2": "Cr", "c1": "Dr", "e1": "Dy", "a5": "Ay", "n5": "Br", "n4": "Cy"},
        seats="yr",
        fill=(8, 7, 6, 5, 4, 3),
    )
    assert any(m.ends_game for m in legal_moves(replace(position, to_move=Colour.RED)))
    answer = suggest_turn(position, level, 0, Budget(ms=60_000, nodes=3000))
    after, _ = apply_turn(position, answer.turn)
    assert not after.is_over and after.to_move is Colour.RED
    assert not any(m.ends_game for m in legal_moves(after))


def test_ts1_best_gain_counts_a_cover_for_both_sides_and_a_winning_end_as_a_win():
    # Red's A stack on a3 can land on yellow's A stack on b3 (a symbol square): red scores
    # the two stones and yellow loses its one.
    position = build({"b3": "Ay", "a3": "Ar", "n5": "Br", "n4": "Cy"}, seats="yr", fill=(8, 7, 6, 5, 4, 3))
    assert best_gain(position, Colour.RED, Colour.YELLOW, 1.0) == 3.0
    assert best_gain(position, Colour.YELLOW, Colour.YELLOW, 1.0) >= 0.0
