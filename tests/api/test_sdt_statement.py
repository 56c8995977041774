"""Spiel der Türme's wire shapes are described once, by the codec's statement: the
document's schemas have exactly the members the statement has, in its order, required
as it says (every member in an answer), and the writer writes exactly what the
document's answer schema lists."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.common import wire
from service.spiel_der_tuerme import Colour, EndReason, Over, position_to_dict, setup_position
from service.spiel_der_tuerme.codec import POSITION, TURN
from service.spiel_der_tuerme.position import Rules, TurnState

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]


def _objects(kind: wire.Kind) -> Iterator[wire.Obj | wire.Tagged]:
    """Every object shape the statement ``kind`` holds, itself first."""
    if isinstance(kind, wire.Obj | wire.Tagged):
        yield kind
        for member in wire.members_of(kind):
            yield from _objects(member.kind)
    elif isinstance(kind, wire.ListOf | wire.NameMap):
        yield from _objects(kind.item)


def _schema(name: str) -> dict[str, Any]:
    return SCHEMAS[name]


def _obj_names(obj: wire.Obj, answer: bool) -> str:
    """The component the document describes ``obj`` with, in an answer or a request."""
    return "Sdt" + obj.name + ("" if answer or not obj.optional else "Input")


def _check(obj: wire.Obj | wire.Tagged, answer: bool) -> None:
    if isinstance(obj, wire.Tagged):
        union = _schema("Sdt" + obj.name)
        assert union["discriminator"]["propertyName"] == obj.tag.name
        assert set(union["discriminator"]["mapping"]) == {v.value.value for v in obj.variants}
        for variant in obj.variants:
            schema = _schema("Sdt" + variant.name)
            names = [m.name for m in wire.members_of(obj)]
            assert list(schema["properties"]) == names, variant.name
            assert schema["properties"][obj.tag.name]["enum"] == [variant.value.value]
            assert sorted(schema["required"]) == sorted([obj.tag.name, *variant.wants]), variant.name
        return
    name = _obj_names(obj, answer)
    schema = _schema(name)
    assert list(schema["properties"]) == [m.name for m in obj.members], name
    required = [m.name for m in obj.members if answer or m.required]
    assert sorted(schema.get("required", [])) == sorted(required), name
    assert schema["additionalProperties"] is False, name
    for member in obj.members:
        assert schema["properties"][member.name].get("nullable", False) == (
            member.nullable and not isinstance(member.kind, wire.Tagged)
        ), (name, member.name)


@pytest.mark.parametrize("answer", [True, False], ids=["answer", "request"])
def test_every_member_of_the_position_is_in_the_document_as_stated(answer):
    shapes = list(_objects(POSITION))
    assert len(shapes) >= 5  # the position, its stacks, rules, turn and end
    for obj in shapes:
        _check(obj, answer)


def test_every_member_of_the_turn_is_in_the_document_as_stated():
    turn, move = list(_objects(TURN))
    schema = _schema("SdtTurn")
    assert list(schema["properties"]) == list(turn.names) and schema["required"] == list(turn.required)
    _check(move, answer=False)


def test_tb1_te1_the_writer_writes_what_the_documents_position_lists():
    position = replace(setup_position(2, seed=4), rules=Rules(None), turn=TurnState(1, True),
                       over=Over(EndReason.QUARTER, 2, Colour.YELLOW))
    written = position_to_dict(position)
    document = _schema("SdtPosition")
    assert list(written) == list(document["properties"]) == sorted(document["required"], key=list(written).index)
    stack = next(iter(written["stacks"].values()))
    assert list(stack) == list(_schema("SdtStack")["properties"])
    assert list(written["rules"]) == list(_schema("SdtRules")["properties"])
    assert list(written["turn"]) == list(_schema("SdtTurnState")["properties"])
    assert list(written["over"]) == list(_schema("SdtQuarterOver")["properties"])
