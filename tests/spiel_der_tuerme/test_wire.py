"""The schemas of the position and the turn (``schemas.SdtPositionInput``, ``schemas.SdtTurn``)
are what the reader reads and the writer writes: every member described is written, read
back into the engine's value and checked."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from service.common import MalformedError
from service.common.schema import Schema
from service.common.schema_shapes import OneOf
from service.spiel_der_tuerme import (
    Colour,
    EndReason,
    Over,
    parse_turn_plan,
    position_to_dict,
    setup_position,
    turn_plan_to_dict,
)
from service.spiel_der_tuerme.position import Rules, TurnState
from service.spiel_der_tuerme.random_player import random_game, random_turn
from service.spiel_der_tuerme.wire.codec import read_position
from service.spiel_der_tuerme.wire.schemas import SdtPosition, SdtPositionInput, SdtTurn
from tests.api.replacing import replaced as _replaced
from tests.described import members, places
from tests.spiel_der_tuerme.builders import sq

#: A position with a value other than its default in every member the schema makes
#: optional, and each way the game can end; read without its structural rules.
START = setup_position(3, seed=7)
FULL = [
    replace(START, rules=Rules(None), turn=TurnState(2, True), blocked=(sq("c1"), sq("e1")),
            over=Over(EndReason.QUARTER, 3, Colour.RED)),
    replace(START, over=Over(EndReason.STUCK, None, Colour.BLUE)),
    replace(START, over=Over(EndReason.STREETS_EMPTY)),
    random_game(setup_position(4, seed=3), random.Random(3)).final,
]


@pytest.mark.parametrize("position", FULL, ids=["every-member", "stuck", "streets-empty", "played"])
def test_tb1_tn1_te1_te3_the_writer_writes_every_member_of_the_schema_in_its_order(position):
    data = position_to_dict(position)
    objects = 0
    for pointer, described, value in places(SdtPosition, data):
        if isinstance(described, type) and issubclass(described, Schema) and value is not None:
            objects += 1
            assert list(value) == members(described), pointer
    assert objects > len(position.seats)  # the position, its stacks, rules, turn …


@pytest.mark.parametrize("position", FULL, ids=["every-member", "stuck", "streets-empty", "played"])
def test_tb1_tn1_te1_te3_the_reader_reads_back_every_member_of_the_schema(position):
    data = position_to_dict(position)
    assert read_position(data) == position
    # Each member's value is checked: a value of no type at all is a problem there.
    for pointer, _described, _value in places(SdtPositionInput, data):
        if pointer:
            with pytest.raises(MalformedError) as err:
                read_position(_replaced(data, pointer, 1.5))
            assert [p.pointer for p in err.value.problems] == [pointer]


def test_te1_te3_over_describes_every_variant_with_the_samemembers():
    over = SdtPositionInput._declared_fields["over"]
    assert isinstance(over, OneOf)
    assert set(over.variants) == {reason.value for reason in EndReason}
    for variant in over.variants.values():
        assert members(variant) == ["reason", "quarter", "seat"], variant.__name__


def test_tm1_tm7_a_turn_is_written_and_read_by_its_schema():
    rng = random.Random(5)
    position = START
    for _ in range(10):
        plan = random_turn(position, rng)
        data = turn_plan_to_dict(plan)
        assert list(data) == members(SdtTurn) and parse_turn_plan(data) == plan
        for move in data["moves"]:
            assert tuple(move) == ("from", "to")
        for pointer, _described, _value in places(SdtTurn, data):
            if pointer:
                with pytest.raises(MalformedError) as err:
                    parse_turn_plan(_replaced(data, pointer, 1.5))
                assert [p.pointer for p in err.value.problems] == [pointer]


def test_tb1_a_square_field_reads_every_square_name_and_refuses_others():
    """The library's reader of a request's ``from`` (compiled too: it returns the
    square's number where the field is a string for the document)."""
    from service.spiel_der_tuerme import parse_square_field
    from service.spiel_der_tuerme.board import GRID

    assert [parse_square_field(name) for name in GRID.names] == list(range(len(GRID.names)))
    for wrong in ("o1", "a9", "", 3, None):
        with pytest.raises(MalformedError) as refused:
            parse_square_field(wrong)
        assert [p.pointer for p in refused.value.problems] == ["/from"]
