"""Shorthands that declare a member with its description, range or pattern and its
sentence for a mistake, alike in every game's schemas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import marshmallow as ma
from marshmallow import ValidationError, fields, validate

from service.api.declare.requests import Bool, Int, List, Nested, Str
from service.common.grid import Grid
from service.common.refusal import Message
from service.common.shapes import MUST_BE


def range_of(low: int, high: int | None) -> validate.Range:
    return validate.Range(
        min=low, max=high, error=f"must be between {low} and {high}" if high is not None else f"must be at least {low}"
    )


def integer(description: str, low: int = 0, high: int | None = None, **kwargs: Any) -> Int:
    """A JSON integer in ``low`` … ``high``."""
    return Int(validate=range_of(low, high), metadata={"description": description}, **kwargs)


#: A picture's media types and schemas: SVG is text (a client reads it as a string); the
#: same bytes for a client that saves a file (``Accept: application/octet-stream``) are binary.
SVG = "image/svg+xml"
OCTETS = "application/octet-stream"
DRAWING = {"type": "string"}
PICTURE = {"type": "string", "format": "binary"}


def text(description: str, pattern: str | None = None, what: str | Message | None = None,
         example: str | None = None, **kwargs: Any) -> Str:
    """A string, matching ``pattern`` in full if one is given (``what`` names what it must be)."""
    must = None if what is None else MUST_BE(what=what).replace("{", "{{").replace("}", "}}")
    checks = [FullMatch(pattern, must)] if pattern else []
    metadata = {"description": description} | ({} if example is None else {"example": example})
    return Str(validate=checks, metadata=metadata, **kwargs)


def square_pattern(grid: Grid) -> str:
    """The pattern of exactly the names of ``grid``'s squares, whole."""
    return f"^{grid.name_pattern}$"


def grid_square(grid: Grid, what: str | Message, description: str, **kwargs: Any) -> Str:
    """A square of ``grid`` by its name (``what`` names them, in a mistake's sentence)."""
    return text(description, square_pattern(grid), what, **kwargs)


def one_of(choices: Sequence[Any], description: str, **kwargs: Any) -> fields.Field[Any]:
    """A value from a fixed set (an enum in the document)."""
    field_cls = Bool if all(isinstance(c, bool) for c in choices) else Str
    allowed = ", ".join(repr(c) if isinstance(c, str) else str(c).lower() for c in choices)
    check = validate.OneOf(list(choices), error=f"must be one of {allowed}".replace("{", "{{").replace("}", "}}"))
    return field_cls(validate=check, metadata={"description": description}, **kwargs)


def array(item: fields.Field[Any], description: str, low: int = 0, high: int | None = None, **kwargs: Any) -> List:
    """A JSON array of ``item`` with ``low`` … ``high`` entries."""
    if low or high is not None:
        if low == high:
            error = f"must have {low} entries"
        elif high is None:
            error = f"must have at least {low} entr{'y' if low == 1 else 'ies'}"
        else:
            error = f"must have {low} to {high} entries"
        kwargs["validate"] = validate.Length(min=low or None, max=high, error=error)
    return List(item, metadata={"description": description}, **kwargs)


def nested(schema: type[ma.Schema], description: str | None = None, **kwargs: Any) -> Nested:
    """A member that is an object of ``schema``."""
    return Nested(schema, metadata={"description": description} if description else {}, **kwargs)


def flag(description: str, **kwargs: Any) -> Bool:
    """A JSON boolean, nothing that merely looks like one."""
    return Bool(metadata={"description": description}, **kwargs)


class QueryBool(fields.Boolean):
    """A boolean query parameter: exactly ``true`` or ``false``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(truthy={"true"}, falsy={"false"}, **kwargs)


class QueryInt(fields.Integer):
    """An integer query parameter in ASCII digits (no sign, no spaces, no ``٤``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6):
            raise self.make_error("invalid")
        return int(value)


class FullMatch(validate.Regexp):
    """A pattern the whole string must match (as ECMA-262 reads ``^…$``: no final newline)."""

    def __init__(self, pattern: str, error: str | None = None) -> None:
        super().__init__(pattern, error=error or f"must match {pattern.replace('{', '{{').replace('}', '}}')}")

    def __call__(self, value: Any) -> Any:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value
