"""The codec's statement of the position and the turn (``codec.POSITION``, ``codec.TURN``)
is what the reader reads and the writer writes: every member stated is written, read
back into the engine's value and checked; and the quick reading of well-formed stacks
agrees with the full reading on every input (the same value, or the same problems)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any
from unittest import mock

import pytest

from service.common import InvalidPositionError, MalformedError, wire
from service.spiel_der_tuerme import (
    Colour,
    EndReason,
    Over,
    parse_turn_plan,
    position_to_dict,
    setup_position,
    turn_plan_to_dict,
)
from service.spiel_der_tuerme.codec import OVER, POSITION, TURN, read_position
from service.spiel_der_tuerme.position import Rules, TurnState
from service.spiel_der_tuerme.random_player import random_game, random_turn
from tests.spiel_der_tuerme.builders import sq
from tests.terra_turrium.test_reading import JUNK, _kinds_of_place, _mistakes
from tests.api.statements import replaced as _replaced

#: A position with a value other than its default in every member the statement makes
#: optional, and each way the game can end; read without its structural rules.
START = setup_position(3, seed=7)
FULL = [
    replace(START, rules=Rules(None), turn=TurnState(2, True), blocked=(sq("c1"), sq("e1")),
            over=Over(EndReason.QUARTER, 3, Colour.RED)),
    replace(START, over=Over(EndReason.STUCK, None, Colour.BLUE)),
    replace(START, over=Over(EndReason.STREETS_EMPTY)),
    random_game(setup_position(4, seed=3), random.Random(3)).final,
]


def _places(kind: wire.Kind, data: Any, pointer: str = "") -> Iterator[tuple[str, wire.Kind, Any]]:
    """Every value of ``data`` with the kind the statement gives it, walked together."""
    yield pointer, kind, data
    if data is None:
        return
    if isinstance(kind, wire.Obj | wire.Tagged):
        for member in wire.members_of(kind):
            if member.name in data:
                yield from _places(member.kind, data[member.name], f"{pointer}/{member.name}")
    elif isinstance(kind, wire.ListOf):
        for index, item in enumerate(data):
            yield from _places(kind.item, item, f"{pointer}/{index}")
    elif isinstance(kind, wire.NameMap):
        for key, item in data.items():
            yield from _places(kind.item, item, f"{pointer}/{key}")


@pytest.mark.parametrize("position", FULL, ids=["every-member", "stuck", "streets-empty", "played"])
def test_tb1_tn1_te1_te3_the_writer_writes_every_stated_member_in_the_stated_order(position):
    data = position_to_dict(position)
    objects = 0
    for pointer, kind, value in _places(POSITION, data):
        if isinstance(kind, wire.Obj | wire.Tagged) and value is not None:
            objects += 1
            assert list(value) == [m.name for m in wire.members_of(kind)], pointer
    assert objects > len(position.seats)  # the position, its stacks, rules, turn …


@pytest.mark.parametrize("position", FULL, ids=["every-member", "stuck", "streets-empty", "played"])
def test_tb1_tn1_te1_te3_the_reader_reads_back_every_stated_member(position):
    data = position_to_dict(position)
    assert read_position(data) == position
    # Each member's value is checked: a value of no kind at all is a problem there.
    for pointer, _kind, _value in _places(POSITION, data):
        if pointer:
            with pytest.raises(MalformedError) as err:
                read_position(_replaced(data, pointer, 1.5))
            assert [p.pointer for p in err.value.problems] == [pointer]


def test_te1_te3_over_states_each_member_of_every_variant():
    reasons = {v.value for v in OVER.variants}
    assert reasons == set(EndReason)
    for variant in OVER.variants:
        assert set(variant.wants) <= {m.name for m in OVER.members}, variant.name


def test_tm1_tm7_a_turn_is_written_and_read_by_its_statement():
    rng = random.Random(5)
    position = START
    for _ in range(10):
        plan = random_turn(position, rng)
        data = turn_plan_to_dict(plan)
        assert list(data) == list(TURN.names) and parse_turn_plan(data) == plan
        for move in data["moves"]:
            assert tuple(move) == ("from", "to")
        for pointer, _kind, _value in _places(TURN, data):
            if pointer:
                with pytest.raises(MalformedError) as err:
                    parse_turn_plan(_replaced(data, pointer, 1.5))
                assert [p.pointer for p in err.value.problems] == [pointer]


def _outcome(data: Any) -> Any:
    try:
        return read_position(data)
    except MalformedError as exc:
        return [(p.pointer, str(p.detail)) for p in exc.problems]
    except InvalidPositionError as exc:
        return exc.rule, str(exc), exc.field


def _full(data: Any) -> Any:
    """The reading with no quick path: every entry of ``stacks`` read member by member."""
    def none_quick(self: wire.NameMap) -> Any:
        by_name = self.grid.by_name
        return lambda value, board: [(key, raw, by_name.get(key)) for key, raw in value.items()]

    with mock.patch.object(wire.NameMap, "_quick_entries", none_quick):
        return _outcome(data)


SHAPES = [{"symbol": "A", "stones": ["red"]}, {"symbol": "A"}, {"symbol": "E", "stones": ["red"]},
          {"symbol": "A", "stones": []}, {"symbol": "A", "stones": ["red", "pink"]}, {"reason": "quarter"},
          {"reason": "stuck", "seat": "red", "quarter": None}, {"reason": "streets_empty", "seat": "red"}]


@pytest.mark.parametrize("position", FULL, ids=["every-member", "stuck", "streets-empty", "played"])
def test_tb1_tb4_a_position_is_read_alike_on_the_quick_and_the_full_path(position):
    data = position_to_dict(position)
    assert _outcome(data) == _full(data) == position
    # A few stacks, the tallest among them, are enough to try every kind of place.
    stacks = sorted(data["stacks"].items(), key=lambda item: -len(item[1]["stones"]))
    data["stacks"] = dict(stacks[:2] + stacks[-2:])
    sent = 0
    for wrong in _mistakes(data):
        assert _outcome(wrong) == _full(wrong), wrong
        sent += 1
    for path in _kinds_of_place(data):
        for junk in SHAPES:
            wrong = _replaced(data, "".join(f"/{part}" for part in path), junk)
            assert _outcome(wrong) == _full(wrong), wrong
    # A key that names no square: a position off the board (TB1), its value read all the same.
    for junk in SHAPES[:2]:
        wrong = {**data, "stacks": {**data["stacks"], "z9": junk}}
        assert _outcome(wrong) == _full(wrong)
    assert sent > len(JUNK)
