"""A value walked together with the schema that describes it, for the tests of every
game's schemas: which members a schema lists, and every place of a value with the
field (or schema) that stands there."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.common.schema import List, Nested, Schema
from service.common.schema_shapes import OneOf, SquareMap


def members(schema: Any) -> list[str]:
    """The members ``schema`` lists, by their JSON names, in its order."""
    return [field.data_key or name for name, field in schema._declared_fields.items()]


def places(described: Any, data: Any, pointer: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Every value of ``data`` with its JSON pointer and the field (or schema) that
    describes it, walked together; a row of a grid (a list in a list) is one value."""
    yield pointer, described, data
    if data is None:
        return
    if isinstance(described, type) and issubclass(described, Schema):
        for name, field in described._declared_fields.items():
            key = field.data_key or name
            if key in data:
                yield from places(field, data[key], f"{pointer}/{key}")
    elif isinstance(described, Nested):
        yield from places(described.nested, data, pointer)
    elif isinstance(described, OneOf):
        yield from places(described.variants[data[described.tag]], data, pointer)
    elif isinstance(described, List) and not isinstance(data, tuple):
        for index, item in enumerate(data):
            if not isinstance(item, list):
                yield from places(described.inner, item, f"{pointer}/{index}")
    elif isinstance(described, SquareMap):
        for key, item in data.items():
            yield from places(described.value_field, item, f"{pointer}/{key}")
