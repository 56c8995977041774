"""Properties over random games played to their end (random_player.py), for 2, 3 and
4 players, with and without the height limit.

Every position of every game is checked where that is cheap (stone counts, JSON round
trip, scores); hypothesis draws positions from the games for the costly checks (every
legal move applied, every move of every stack judged).
"""

import random
from collections import Counter
from functools import cache

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from service.spiel_der_tuerme import (
    IS_STREET,
    QUARTER_SQUARES,
    SQUARES,
    SYMBOL_SQUARES,
    EndReason,
    EventType,
    Move,
    TurnPlan,
    apply_turn,
    legal_moves,
    move_refusal,
    parse_position,
    play_move,
    position_to_dict,
    random_game,
    random_turn,
    score,
    setup_position,
    validate_turn,
)
from tests.spiel_der_tuerme.golden.generate import read_busy_positions

GAMES = [(2, 1, 5), (2, 2, None), (3, 3, 5), (3, 4, None), (4, 5, 5), (4, 6, None), (4, 7, 5)]
"""(players, seed, max_height) of the random games."""

MAX_TURNS = 5000
"""Random games end long before this (the longest seen take under 3000 turns)."""

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def game(index):
    players, seed, max_height = GAMES[index]
    return random_game(
        setup_position(players, seed, max_height=max_height), random.Random(seed), max_turns=MAX_TURNS
    )


def every_position():
    for index in range(len(GAMES)):
        yield from game(index).positions


#: The positions too busy to count by hand (golden/busy.positions: dealt boards, crowded
#: and late games): each property over positions is also checked on every one of them.
BUSY = list(read_busy_positions().values())


def on_the_busy_positions(test):
    for position in BUSY:
        test = example(position)(test)
    return test


@st.composite
def played_positions(draw):
    """A position from one of the random games, the end included."""
    positions = game(draw(st.integers(0, len(GAMES) - 1))).positions
    return positions[draw(st.integers(0, len(positions) - 1))]


def test_te1_te3_every_random_game_ends_and_never_by_te2():
    for index in range(len(GAMES)):
        final = game(index).final
        assert final.is_over, GAMES[index]
        assert len(game(index).turns) < MAX_TURNS
        # Before a move every seat has a street stack, and one move takes at most one off
        # the streets: TE3 always ends the game before TE2 could (docs: TE2).
        assert final.over.reason is not EndReason.STREETS_EMPTY


def test_tb4_stone_counts_are_conserved_per_colour_and_symbol():
    expected = Counter({(c, s): 5 for c in setup_position(4, 0).seats for s in "ABCD"})
    for position in every_position():
        counts = Counter(
            (colour, stack.symbol.value)
            for stack in position.stacks
            if stack is not None
            for colour in stack.stones
        )
        assert counts == expected


def test_every_position_survives_its_json_form():
    for position in every_position():
        data = position_to_dict(position)
        assert parse_position(data) == position


def test_ts1_ts2_scores_add_up_to_the_stones_on_symbol_squares():
    for position in every_position():
        stones = sum(position.stacks[s].height for s in SYMBOL_SQUARES if position.stacks[s] is not None)
        over = position.over
        if over is not None and over.reason is EndReason.QUARTER:
            stones += sum(position.stacks[s].height for s in QUARTER_SQUARES[over.quarter])
        result = score(position)
        assert sum(seat.points for seat in result.seats) == stones
        assert result.game_over == position.is_over
        assert bool(result.winners) == position.is_over


def test_tm8_te4_turns_of_the_games_replay_and_the_end_allows_no_move():
    for index in range(len(GAMES)):
        record = game(index)
        for before, turn, after in zip(record.positions, record.turns, record.positions[1:], strict=False):
            if not turn.moves:
                assert not legal_moves(before)  # a pass only without a move
            assert apply_turn(before, turn)[0] == after
        assert legal_moves(record.final) == ()


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_tm1_every_legal_move_applies_does_what_it_says_and_the_result_parses_back(position):
    for move in legal_moves(position):
        events = []
        after = play_move(position, move.move, events)
        assert parse_position(position_to_dict(after)) == after
        landed = after.stacks[move.to]
        assert landed.height == move.height and landed.stones[: len(move.covers)] == move.covers
        assert after.stacks[move.frm] is None
        assert move.symbol_square == (not IS_STREET[move.to])
        assert move.ends_game == after.is_over
        assert move.may_continue == after.turn.may_continue
        assert (EventType.TOWER in [e.type for e in events]) == bool(move.covers)
        ended, _ = apply_turn(position, TurnPlan((move.move,)))
        assert parse_position(position_to_dict(ended)) == ended
        if move.neutral and not ended.is_over:
            assert ended.blocked == (move.to,)


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_tm3_tm4_tm5_legal_moves_and_move_refusal_agree_on_every_move_of_every_stack(position):
    legal = {m.move for m in legal_moves(position)}
    for frm in SQUARES:
        if position.stacks[frm] is None:
            continue
        for to in SQUARES:
            move = Move(frm, to)
            refused = move_refusal(position, move)
            if position.is_over:
                assert move not in legal
                continue
            assert (refused is None) == (move in legal), (str(move), refused)


@SETTINGS
@given(played_positions(), st.integers(0, 2**32 - 1))
def test_tm7_random_turns_are_legal_and_never_change_the_position(position, seed):
    if position.is_over:
        return
    copy = parse_position(position_to_dict(position))
    turn = random_turn(position, random.Random(seed))
    assert validate_turn(position, turn) is None
    after, events = apply_turn(position, turn)
    assert position == copy
    moves = [e for e in events if e.type is EventType.MOVE]
    assert len(moves) == len(turn.moves)
    assert after.is_over or after.to_move is position.next_seat()
