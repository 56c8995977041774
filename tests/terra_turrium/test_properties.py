"""Properties over random legal play: conservation, costs, replays, symmetry."""

import random
from dataclasses import replace

from hypothesis import HealthCheck, example, given, settings

from service.terra_turrium import (
    EventType,
    Phase,
    Segment,
    TurnPlan,
    apply_turn,
    is_outside,
    legal_captures,
    legal_placements,
    legal_removals,
    progress_turn,
    reachable,
    validate_turn,
)
from service.terra_turrium.notation import parse_notation
from service.terra_turrium.position import NOBODY, SEAT_DERIVED
from tests.golden.generate import read_busy_positions
from tests.terra_turrium.strategies import played_positions, rotate, rotate_square, turns_to_play

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


#: The positions too busy to count by hand (tests/golden/busy.positions: tall towers, the
#: place and move phases, pro holds, every option from seeded play): each property over
#: positions is also checked on every one of them, as an explicit example.
BUSY = [parse_notation(notation) for notation in read_busy_positions().values()]


def on_the_busy_positions(test):
    for position in BUSY:
        test = example(position)(test)
    return test


def move_phase(position):
    return replace(position, turn=replace(position.turn, phase=Phase.MOVE, taken=(), in_hand=0))


@SETTINGS
@given(turns_to_play())
def test_t1_engine_built_turns_are_legal_and_conserve_stones(position_and_turn):
    position, turn = position_and_turn
    assert validate_turn(position, turn) is None
    before = position
    after, events = apply_turn(position, turn)
    assert position == before  # never mutated
    bonus = sum(1 for e in events if e.type is EventType.PLACE and e.bonus)
    assert sum(after.heights) == sum(position.heights) + bonus
    on_board = [s for seat in after.seats for s in seat.turrians]
    assert len(on_board) == len(set(on_board))
    assert all(after.heights[s] >= 1 for s in on_board)
    for old, new in zip(position.seats, after.seats, strict=True):
        assert old.attacks <= new.attacks <= 5 and new.attacks - old.attacks <= 1


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_m1_every_reported_path_replays_legally_at_its_reported_cost(position):
    if position.is_game_over:
        return
    moving = move_phase(position)
    mover = moving.mover
    for origin in mover.origins:
        for reach in reachable(moving, origin):
            assert 1 <= reach.cost <= moving.turn.points
            turn = TurnPlan(move=(Segment(origin, reach.path),))
            assert validate_turn(moving, turn) is None
            after, events = apply_turn(moving, turn)
            spent = next(e.cost for e in events if e.type is EventType.MOVE)
            assert spent == reach.cost
            captured = tuple(e.square for e in events if e.type is EventType.CAPTURE)
            assert captured == reach.captures


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_m6_captures_agree_with_reach(position):
    if position.is_game_over:
        return
    captures = legal_captures(position)
    for origin in position.mover.origins:
        # Every square a turrian can reach that holds a foreign turrian is a capture, at
        # the same cost, and nothing else is.
        reached = {
            r.square: r.cost for r in reachable(position, origin) if position.occupant[r.square] != NOBODY
        }
        assert {c.target: c.cost for c in captures if c.origin == origin} == reached
    for capture in captures:
        assert position.occupant[capture.target] == position.seat_index[capture.victim]


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_b3_a_quarter_turn_of_the_board_turns_every_answer(position):
    turned = rotate(position)
    assert {rotate_square(r.square) for r in legal_removals(position)} == {
        r.square for r in legal_removals(turned)
    }
    assert {rotate_square(s) for s in legal_placements(position)} == set(legal_placements(turned))
    for origin in position.mover.origins:
        turned_origin = None if origin is None else rotate_square(origin)
        costs = {rotate_square(r.square): r.cost for r in reachable(position, origin)}
        assert costs == {r.square: r.cost for r in reachable(turned, turned_origin)}


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_r6_a_straight_empty_line_is_also_an_empty_path(position):
    from service.terra_turrium import OutsideRule, Rules

    path = replace(position, rules=replace(position.rules, outside_rule=OutsideRule.PATH))
    line = replace(position, rules=replace(position.rules, outside_rule=OutsideRule.LINE))
    assert isinstance(position.rules, Rules)
    for square in range(100):
        if is_outside(line, square):
            assert is_outside(path, square)


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_r1_taking_the_offered_removals_one_by_one_reaches_three_or_runs_dry(position):
    if position.is_game_over:
        return
    from service.terra_turrium.turn import take_stone

    rng = random.Random(len(position.seats))
    taken = 0
    while True:
        options = legal_removals(position)
        if not options:
            break
        position = take_stone(position, rng.choice(options).square)
        taken += 1
    assert taken <= 3


@SETTINGS
@given(played_positions())
@on_the_busy_positions
def test_r5_the_removal_list_and_the_single_square_judge_agree(position):
    from service.terra_turrium.take import removal_refusal

    listed = {r.square for r in legal_removals(position)}
    for square in range(100):
        assert (removal_refusal(position, square) is None) == (square in listed), square


@SETTINGS
@given(turns_to_play())
def test_t1_a_position_between_phases_derives_what_a_fresh_copy_derives(position_and_turn):
    # The positions between a turn's phases take over what the position before derived
    # from its seats (SEAT_DERIVED): none of it may depend on the heights or the turn.
    position, plan = position_and_turn
    for name in SEAT_DERIVED:
        getattr(position, name)
    after, _ = progress_turn(position, TurnPlan(take=plan.take, place=plan.place))
    fresh = replace(after)
    for name in SEAT_DERIVED:
        assert getattr(after, name) == getattr(fresh, name)
