"""B5, S1–S4, T1: the codec reads the usual, well-formed JSON on the quick path made from
the schemas (``PositionInput``, ``Turn``: C-level lookups, no pointers written) and
anything else by marshmallow's load, member by member. The two readings must agree on
every input: the same value, or the same problems."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any
from unittest import mock

import pytest

from service.common import MalformedError
from service.common import schema as schema_module
from service.common.schema import Schema, _decline
from service.terra_turrium import (
    Goal,
    OutsideRule,
    Phase,
    Position,
    Rules,
    TurnState,
    TwoPlayerBoard,
    apply_turn,
    parse_turn_plan,
    position_to_dict,
    setup_position,
    turn_plan_to_dict,
)
from service.terra_turrium.codec import read_position
from service.terra_turrium.position import Captures, Reentry
from service.terra_turrium.schemas import PositionInput, Turn
from service.terra_turrium.random_player import random_setup, random_turn
from tests.mutations import fresh, mistakes

def _outcome(read: Any, data: Any) -> Any:
    try:
        return read(data)
    except MalformedError as exc:
        return [(p.pointer, p.detail) for p in exc.problems]


def _full(read: Any, data: Any) -> Any:
    """The outcome of ``read`` with every quick reading refused: marshmallow's load of
    every member."""

    def decline(*args: Any) -> Any:
        raise TypeError

    with mock.patch.object(schema_module, "quick", lambda field: _decline), \
            mock.patch.object(Schema, "quick", decline), \
            mock.patch("service.terra_turrium.codec._POSITION_INPUT", fresh(PositionInput)), \
            mock.patch("service.terra_turrium.codec._TURN", fresh(Turn)):
        return _outcome(read, data)


def _played(players: int, rules: Rules, turns: int, seed: int) -> Position:
    rng = random.Random(seed)
    position = random_setup(setup_position(players, rules), rng)
    for _ in range(turns):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


#: Positions with every member of a position in use: handicap stones, a pro hold, the
#: capture phase, a turn part-way through.
POSITIONS = [
    _played(2, Rules(goal=Goal.PRO, two_player_board=TwoPlayerBoard.SIX), 20, 1),
    _played(3, Rules(captures=Captures.BURGENLAND, outside_rule=OutsideRule.PATH), 30, 2),
    _played(4, Rules(team_play=True, reentry=Reentry.OUTSIDE), 10, 3),
]
POSITIONS += [
    replace(POSITIONS[0], seats=(replace(POSITIONS[0].seats[0], bonus_stones=2, pro_hold=(11, 12, 13)),
                                 *POSITIONS[0].seats[1:])),
    replace(POSITIONS[1], captures_open=True, finishers=(POSITIONS[1].seats[2].id,),
            turn=TurnState(Phase.PLACE, (33, 34), 2)),
]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p.players}p")
def test_b5_s1_s4_t1_a_position_is_read_alike_on_the_quick_and_the_full_path(position):
    data = position_to_dict(position)
    assert PositionInput().quick(data) == position  # the quick path is taken at all
    assert _outcome(read_position, data) == _full(read_position, data) == position
    for sent in mistakes(data):
        assert _outcome(read_position, sent) == _full(read_position, sent), sent


@pytest.mark.parametrize("seed", range(3))
def test_t1_a_turn_is_read_alike_on_the_quick_and_the_full_path(seed):
    position = POSITIONS[2]
    plan = random_turn(position, random.Random(seed))
    data = turn_plan_to_dict(plan)
    assert Turn().quick(data) == _full(parse_turn_plan, data) == plan
    for sent in mistakes(data):
        assert _outcome(parse_turn_plan, sent) == _full(parse_turn_plan, sent), sent
