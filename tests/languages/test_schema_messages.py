"""Every mistake a request's schema can name is a catalog message: each field's and each
schema's ``error_messages`` hold :class:`~service.common.refusal.Message` s (or their
:class:`~service.common.refusal.Text` s), never marshmallow's English, so a problem is
translated from its message id and no English sentence is ever parsed back."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import marshmallow as ma
from marshmallow import fields

from service import create_app
from service.common.refusal import Message, Text


def _schemas() -> Iterator[tuple[str, ma.Schema]]:
    """Every request schema an operation declares (a body's or a query string's), by
    the operation's endpoint."""
    app = create_app({"TESTING": True})
    for endpoint, view in app.view_functions.items():
        for parameter in getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", []):
            yield endpoint, parameter["schema"]


def _english(schema: ma.Schema, where: str, seen: set[int]) -> Iterator[str]:
    """The messages of ``schema``, its fields and every schema below them that are not
    the catalogs'."""
    if id(schema) in seen:
        return
    seen.add(id(schema))
    yield from (f"{where}: {key} = {message!r}" for key, message in schema.error_messages.items()
                if not isinstance(message, Message | Text))
    for variant in getattr(type(schema), "variants", ()) or ():
        yield from _english(variant(), f"{where}|{variant.__name__}", seen)
    for name, field in schema.load_fields.items():
        yield from _field(field, f"{where}/{field.data_key or name}", seen)


def _field(field: fields.Field[Any], where: str, seen: set[int]) -> Iterator[str]:
    kind = type(field).__name__
    yield from (f"{where}: {kind}.{key} = {message!r}" for key, message in field.error_messages.items()
                if not isinstance(message, Message | Text))
    if isinstance(field, fields.Nested):
        yield from _english(field.schema, where, seen)
    if isinstance(field, fields.List):
        yield from _field(field.inner, f"{where}/0", seen)
    if isinstance(field, fields.Dict) and field.value_field is not None:
        yield from _field(field.value_field, f"{where}/*", seen)
    for tag, schema in (getattr(field, "schemas", None) or {}).items():
        yield from _english(schema, f"{where}({tag})", seen)


def test_every_mistake_a_request_schema_names_is_a_catalog_message():
    seen: set[int] = set()
    found = [english for endpoint, schema in _schemas() for english in _english(schema, endpoint, seen)]
    assert len(seen) > 50  # every game's requests and the shapes below them were walked
    assert found == []
