"""Checks that a game's document describes its wire shapes as the codec states them
(:mod:`service.common.wire`), shared by every game's statement tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from service.common import wire

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]


def objects(kind: wire.Kind) -> Iterator[wire.Obj | wire.Keyed]:
    """Every object shape the statement ``kind`` holds, itself first."""
    if isinstance(kind, wire.Obj | wire.Keyed):
        yield kind
        for member in wire.members_of(kind):
            yield from objects(member.kind)
        if isinstance(kind, wire.Keyed):
            yield from objects(kind.item)
    elif isinstance(kind, wire.Variants):
        for variant in kind.variants.values():
            yield from objects(variant)
    elif isinstance(kind, wire.ListOf):
        yield from objects(kind.item)


def component(prefix: str, obj: wire.Obj, answer: bool) -> str:
    """The component the document describes ``obj`` with, in an answer or a request."""
    return prefix + obj.name + ("" if answer or not obj.optional else "Input")


def check(prefix: str, obj: wire.Obj | wire.Keyed, answer: bool) -> None:
    """The document's schema of ``obj`` has exactly its members, in order, required and
    nullable as stated."""
    if isinstance(obj, wire.Keyed):
        schema = SCHEMAS[prefix + obj.name]
        keys = [m.value for m in obj.enum]
        assert list(schema["properties"]) == keys and sorted(schema["required"]) == sorted(keys)
        return
    name = component(prefix, obj, answer)
    schema = SCHEMAS[name]
    assert list(schema["properties"]) == [m.name for m in obj.members], name
    required = [m.name for m in obj.members if (m.written if answer else m.required)]
    assert sorted(schema.get("required", [])) == sorted(required), name
    assert schema["additionalProperties"] is False, name
    for member in obj.members:
        assert schema["properties"][member.name].get("nullable", False) == member.nullable, (name, member.name)


def written(kind: wire.Kind, data: Any, pointer: str = "") -> Iterator[str]:
    """Walks an answer with its statement; yields the pointer of every object checked."""
    if isinstance(kind, wire.Variants):
        kind = next(v for t, v in kind.variants.items() if t.value == data[kind.tag])
    if isinstance(kind, wire.Keyed):
        assert list(data) == [m.value for m in kind.enum], pointer
        yield pointer
        for key, item in data.items():
            yield from written(kind.item, item, f"{pointer}/{key}")
    elif isinstance(kind, wire.Obj):
        members = wire.members_of(kind)
        # Every member written, in the stated order; one left out only where stated.
        assert list(data) == [m.name for m in members if m.name in data], pointer
        assert {m.name for m in members if m.written} <= set(data), pointer
        yield pointer
        for member in members:
            if data.get(member.name) is not None:
                yield from written(member.kind, data[member.name], f"{pointer}/{member.name}")
    elif isinstance(kind, wire.ListOf):
        for index, item in enumerate(data):
            yield from written(kind.item, item, f"{pointer}/{index}")


def replaced(data: Any, pointer: str, value: Any) -> Any:
    """``data`` with the value at the JSON ``pointer`` replaced by ``value``."""
    if not pointer:
        return value
    head, _, rest = pointer[1:].partition("/")
    if isinstance(data, list):
        index = int(head)
        return [*data[:index], replaced(data[index], "/" + rest if rest else "", value), *data[index + 1:]]
    return {**data, head: replaced(data[head], "/" + rest if rest else "", value)}
