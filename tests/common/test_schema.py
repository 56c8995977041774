"""The fields every game's schemas are written with (service/common/schema.py): their
mistakes are the catalogs' messages, problems come in the order the object is read and
at most 20."""

from __future__ import annotations

import enum
from typing import Any, ClassVar

import pytest

from service.common import MAX_PROBLEMS, MalformedError
from service.common.refusal import Text
from service.common.schema import Choice, Flag, Integer, List, Nested, Schema, String, load, problems
from service.common.schema_shapes import Alternatives, Const
from service.common.shapes import MUST_BE_BETWEEN, MUST_BE_ONE_OF, NOT_A_MEMBER, REQUIRED


class Tint(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


class Brick(Schema):
    tint = Choice(Tint, required=True)
    size = Integer(1, 3, load_default=1)


class Wall(Schema):
    bricks = List(Nested(Brick), 1, required=True)
    painted = Flag(load_default=False)
    label = String(load_default="")


def _problems(schema: Schema, data: Any) -> list[tuple[str, str]]:
    with pytest.raises(MalformedError) as err:
        load(schema, data)
    return [(p.pointer, p.detail) for p in err.value.problems]


def test_every_mistake_is_a_catalog_message_with_its_values():
    with pytest.raises(MalformedError) as err:
        load(Brick(), {"tint": "green", "size": 9})
    tint, size = err.value.problems
    assert isinstance(tint.detail, Text) and tint.detail.message is MUST_BE_ONE_OF
    assert isinstance(size.detail, Text) and size.detail.message is MUST_BE_BETWEEN
    assert size.detail.values == {"low": 1, "high": 3}
    assert tint.detail.explain("de") != str(tint.detail)  # the catalogs translate it


def test_problems_come_unknown_then_missing_then_the_fields_in_order():
    wall = {"painted": "yes", "mortar": 1, "bricks": [{"size": 0}, {"tint": "red", "x": 2}]}
    assert _problems(Wall(), wall) == [
        ("/mortar", NOT_A_MEMBER.text),
        ("/bricks/0/tint", REQUIRED.text),
        ("/bricks/0/size", "must be between 1 and 3"),
        ("/bricks/1/x", NOT_A_MEMBER.text),
        ("/painted", "must be a boolean"),
    ]


def test_a_list_is_judged_by_its_length_before_its_entries():
    assert _problems(Wall(), {"bricks": []}) == [("/bricks", "must have at least 1 entry")]


def test_at_most_max_problems_are_named():
    found = _problems(Wall(), {"bricks": [{"tint": "green"}] * 50})
    assert len(found) == MAX_PROBLEMS
    assert found[0] == ("/bricks/0/tint", "must be one of 'red', 'blue'")


def test_problems_below_a_member_an_engine_reported_keep_their_pointers():
    from service.common.errors import Problem

    messages = {"position": [Problem("/seats/0", "must be a seat")], "from": ["is required"]}
    assert [(p.pointer, p.detail) for p in problems(messages, {"position": {}})] == [
        ("/from", "is required"), ("/position/seats/0", "must be a seat")
    ]


class Legal(Schema):
    legal = Const(True, required=True)


class Illegal(Schema):
    legal = Const(False, required=True)
    why = Integer(0, required=True)


class Verdict(Alternatives):
    variants: ClassVar = (Illegal, Legal)


def test_an_answer_of_alternatives_is_one_of_them():
    assert Verdict().validate({"legal": True}) == {}
    assert Verdict().validate({"legal": False, "why": 2}) == {}
    assert Verdict().validate({"legal": False}) != {}


def _answers_of_requests():
    from service.spiel_der_tuerme.wire import schemas as sdt
    from service.terra_turrium.wire import schemas as tt

    return [tt.PositionAnswer, tt.SeatSchema, tt.RulesSchema, tt.TurnStateSchema, tt.SuggestedTurn,
            sdt.SdtPosition, sdt.SdtRules, sdt.SdtTurnState, sdt.SdtSuggestedTurn]


@pytest.mark.parametrize("answer", _answers_of_requests(), ids=lambda schema: schema.__name__)
def test_an_answer_made_of_a_request_writes_every_member_and_answers_below(answer):
    from service.common.schema_shapes import Readings

    optional = [name for name, field in answer._declared_fields.items()
                if not field.required and name not in answer.left_out and not isinstance(field, Readings)]
    assert optional == []
    below = [getattr(field, "nested", None) or getattr(getattr(field, "inner", None), "nested", None)
             for field in answer._declared_fields.values()]
    inputs = [schema.__name__ for schema in below
              if isinstance(schema, type) and schema.__name__.endswith("Input")]
    assert inputs == []
