"""B5, S1–S4, T1: the codec reads the usual, well-formed JSON on the quick path made from
the schemas (``PositionInput``, ``Turn``: C-level lookups, no pointers written) and
anything else by marshmallow's load, member by member. The two readings must agree on
every input: the same value, or the same problems."""

from __future__ import annotations

import copy
from functools import cache
import random
from collections.abc import Iterator
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

#: Values a client gets wrong: other JSON types, look-alikes (1.0, true for 1), names
#: of other things, every bound of a counter (attacks 5, captures 2, in_hand 3,
#: bonus_stones 999, a height 9999, and 255 where the quick reading of heights changes
#: method).
JUNK = [None, True, False, 1.0, "", "a1", "k1", "A1", "NW", "reserve", "take", "move", "yellow", "Yellow",
        [], ["a1"], ["zz"], {}, {"a": 1}, *range(-1, 8), 255, 256, 999, 1000, 9999, 10_000]



def _places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, member in value.items():
            yield from _places(member, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _places(item, (*path, index))


def _kinds_of_place(value: Any) -> list[tuple[Any, ...]]:
    """The first two places of each kind (``seats/*/attacks``, ``heights/*/*`` …)."""
    kinds: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for path in _places(value):
        kind = tuple("*" if isinstance(part, int) else part for part in path)
        kinds.setdefault(kind, []).append(path)
    return [path for paths in kinds.values() for path in paths[:2]]


def _mutated(value: Any, path: tuple[Any, ...], how: str, junk: Any) -> Any:
    """``value`` with the place at ``path`` replaced by ``junk``, removed, or given an
    extra member or item. Only the containers on the way to ``path`` are copied: the rest
    is shared with ``value``, which no reader changes."""
    if not path:
        return junk
    value = copy.copy(value)
    parent = value
    for part in path[:-1]:
        parent[part] = copy.copy(parent[part])
        parent = parent[part]
    last = path[-1]
    if how == "remove":
        del parent[last]
    elif how == "add" and isinstance(parent[last], dict):
        parent[last] = {**parent[last], "extra": junk}
    elif how == "add" and isinstance(parent[last], list):
        parent[last] = [*parent[last], junk]
    else:
        parent[last] = junk
    return value


def _mistakes(value: Any) -> Iterator[Any]:
    """``value`` with one mistake, every way :data:`JUNK` and :func:`_mutated` allow."""
    for path in _kinds_of_place(value):
        for how in ("replace", "remove", "add"):
            for junk in JUNK if how != "remove" else [None]:
                yield _mutated(value, path, how, junk)


def _outcome(read: Any, data: Any) -> Any:
    try:
        return read(data)
    except MalformedError as exc:
        return [(p.pointer, p.detail) for p in exc.problems]


@cache
def _fresh(schema: type[Schema]) -> Schema:
    """A schema of the full path's own, used only with the quick readings refused, so
    that its quick loader is never made."""
    return schema()


def _full(read: Any, data: Any) -> Any:
    """The outcome of ``read`` with every quick reading refused: marshmallow's load of
    every member."""

    def decline(*args: Any) -> Any:
        raise TypeError

    with mock.patch.object(schema_module, "quick", lambda field: _decline), \
            mock.patch.object(Schema, "quick", decline), \
            mock.patch("service.terra_turrium.codec._POSITION_INPUT", _fresh(PositionInput)), \
            mock.patch("service.terra_turrium.codec._TURN", _fresh(Turn)):
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
    for sent in _mistakes(data):
        assert _outcome(read_position, sent) == _full(read_position, sent), sent


@pytest.mark.parametrize("seed", range(3))
def test_t1_a_turn_is_read_alike_on_the_quick_and_the_full_path(seed):
    position = POSITIONS[2]
    plan = random_turn(position, random.Random(seed))
    data = turn_plan_to_dict(plan)
    assert Turn().quick(data) == _full(parse_turn_plan, data) == plan
    for sent in _mistakes(data):
        assert _outcome(parse_turn_plan, sent) == _full(parse_turn_plan, sent), sent
