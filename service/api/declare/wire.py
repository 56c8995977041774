"""The document's schemas of an engine's wire shapes, made from the engine's own
statement of their members (:mod:`service.common.wire`), so that the schemas, the
engine's reader and its writer cannot drift apart.

A request's schema leaves out what has a default and is named ``{prefix}{name}Input``
where that makes it differ from the answer's, ``{prefix}{name}``, which requires every
member (an answer writes them all). A shape without an optional member is one schema
for both.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import fields, validate

from service.api.declare.answers import Answer
from service.api.declare.fields import array, flag, grid_square, integer, nested, one_of, text
from service.api.declare.answers import OneOf
from service.api.declare.requests import Alternatives, Closed, Int, Str, Union, Whole
from service.api.problems import INTERPRETATIONS, readings
from service.common import wire

_MADE: dict[tuple[int, str], type[ma.Schema]] = {}


def schema(kind: wire.Obj, prefix: str, *, answer: bool, name: str | None = None) -> type[ma.Schema]:
    """The schema of the object ``kind``: an :class:`Answer` for an answer (or for both,
    without an optional member), a :class:`Closed` request schema otherwise; ``name``
    replaces the generated name. Made once per shape and name, so that nested schemas
    are shared."""
    both = not kind.optional and not any(m.omit for m in kind.members)
    if name is None:
        name = prefix + kind.name + ("" if answer or both else "Input")
    key = (id(kind), name)
    made = _MADE.get(key)
    if made is None:
        members = {m.name: field(m, prefix, answer=answer) for m in kind.members}
        made = (Answer if answer or both else Closed).from_dict(members, name=name)
        made.__doc__ = kind.doc
        _MADE[key] = made
    return made


def request_schema(kind: wire.Obj, prefix: str, name: str | None = None) -> type[Closed]:
    """The schema of ``kind`` in a request (:func:`schema`)."""
    made = schema(kind, prefix, answer=False, name=name)
    assert issubclass(made, Closed)
    return made


def answer_schema(kind: wire.Obj | wire.Either, prefix: str, name: str | None = None) -> type[Answer]:
    """The schema of ``kind`` in an answer (:func:`schema`); for :class:`~service.common.wire.Either`,
    a ``oneOf`` of its variants' schemas (:class:`~service.api.declare.OneOf`)."""
    if isinstance(kind, wire.Either):
        name = name or prefix + kind.name
        key = (id(kind), name)
        found = _MADE.get(key)
        if found is None:
            variants = tuple(schema(v, prefix, answer=True) for v in kind.variants)
            found = type(name, (OneOf,), {"__doc__": kind.doc, "__module__": __name__, "variants": variants})
            _MADE[key] = found
        assert issubclass(found, Answer)
        return found
    made = schema(kind, prefix, answer=True, name=name)
    assert issubclass(made, Answer)
    return made


def pattern(kind: wire.Matching | wire.OrNone) -> str:
    """The document's pattern of a string ``kind`` reads: a seat id, a square or its word."""
    if isinstance(kind, wire.Matching):
        return f"^{kind.word}$"
    assert isinstance(kind.kind, wire.Square)
    return f"^(?:{kind.word}|{kind.kind.grid.name_pattern})$"


def answer_field(kind: wire.Kind, prefix: str) -> fields.Field[Any]:
    """The schema field of a value of ``kind`` in an answer (an item of a list …)."""
    return _field(kind, "", prefix, True, {})


def field(member: wire.Member, prefix: str, *, answer: bool) -> fields.Field[Any]:
    """The schema field of one member: required where a request must give it, and
    everywhere in an answer."""
    options: dict[str, Any] = {"required": member.written if answer else member.required}
    if member.nullable:
        options["allow_none"] = True
    return _field(member.kind, member.doc, prefix, answer, options)


def _field(kind: wire.Kind, doc: str, prefix: str, answer: bool, options: dict[str, Any]) -> fields.Field[Any]:
    made = _made_field(kind, doc, prefix, answer, options)
    if not doc and not isinstance(kind, wire.Readings):
        # A member its schema or its items describe.
        made.metadata = {key: value for key, value in made.metadata.items() if key != "description"}
    return made


def _made_field(kind: wire.Kind, doc: str, prefix: str, answer: bool, options: dict[str, Any]) -> fields.Field[Any]:
    # A Shared object before the objects it is one of.
    if isinstance(kind, wire.Shared):
        return nested(schema(kind, prefix, answer=False, name=prefix + kind.name), doc or None, **options)
    if isinstance(kind, wire.ByTag):
        variants = {value: _tagged_variant(kind, value, obj, prefix) for value, obj in kind.variants.items()}
        return Union(kind.tag, variants, **options)
    if isinstance(kind, wire.Among):
        return one_of(kind.names, doc, **options)
    if isinstance(kind, wire.AnyInteger):
        return Int(metadata={"description": doc}, **options)
    if isinstance(kind, wire.String):
        if kind.pattern:
            return text(doc, kind.pattern, **options)
        checks = [] if kind.high is None else [validate.Length(kind.low, kind.high, error=kind.problem or None)]
        return Str(validate=checks, metadata={"description": doc}, **options)
    if isinstance(kind, wire.Readings):
        return readings(doc or INTERPRETATIONS)
    if isinstance(kind, wire.Text):
        return text(doc, **options)
    if isinstance(kind, wire.Word):
        return one_of(list(kind.words), doc, **options)
    if isinstance(kind, wire.Tag):
        return one_of([kind.value.value], doc, **options)
    if isinstance(kind, wire.Keyed):
        return nested(_keyed(kind, prefix), doc or None, **options)
    if isinstance(kind, wire.Variants):
        variants = {value.value: schema(obj, prefix, answer=True) for value, obj in kind.variants.items()}
        return Union(kind.tag, variants, **options)
    if isinstance(kind, wire.Const):
        return one_of([kind.value], doc, **options)
    if isinstance(kind, wire.Number):
        return fields.Float(metadata={"description": doc}, **options)
    if isinstance(kind, wire.Either):
        return Alternatives(*(schema(v, prefix, answer=True) for v in kind.variants), **options)
    if isinstance(kind, wire.Rows):
        row = array(_field(kind.item, kind.item_doc, prefix, answer, {}), kind.row_doc, kind.size, kind.size)
        return array(row, doc, kind.size, kind.size, **options)
    if isinstance(kind, wire.Matching):
        return text(doc, pattern(kind), **options)
    if isinstance(kind, wire.OrNone):
        inner = kind.kind
        if isinstance(inner, wire.Square):
            return text(doc, pattern(kind), inner.what, **options)
        if isinstance(inner, wire.Choice):
            return one_of([*inner.values, kind.word], doc, **options)
        raise TypeError(f"no schema field for {kind!r}")
    if isinstance(kind, wire.Integer):
        return integer(doc, kind.low, kind.high, **options)
    if isinstance(kind, wire.Flag):
        return flag(doc, **options)
    if isinstance(kind, wire.Choice):
        # OpenAPI 3.0 admits null in an enum only where the enum lists it.
        return one_of(kind.values + ([None] if options.get("allow_none") else []), doc, **options)
    if isinstance(kind, wire.Square):
        return grid_square(kind.grid, kind.what, doc, **options)
    if isinstance(kind, wire.ListOf):
        item = _field(kind.item, kind.item_doc, prefix, answer, {})
        return array(item, doc, kind.low, kind.high, **options)
    if isinstance(kind, wire.Obj):
        return nested(schema(kind, prefix, answer=answer), doc or None, **options)
    raise TypeError(f"no schema field for {kind!r}")


def _keyed(kind: wire.Keyed, prefix: str) -> type[ma.Schema]:
    """An object with one member per value of an enum: an answer's, every member written."""
    name = prefix + kind.name
    key = (id(kind), name)
    made = _MADE.get(key)
    if made is None:
        members = {m.value: _field(kind.item, kind.item_doc, prefix, True, {"required": True}) for m in kind.enum}
        made = Answer.from_dict(members, name=name)
        made.__doc__ = kind.doc
        _MADE[key] = made
    return made


def _tagged_variant(kind: wire.ByTag, value: str, obj: wire.Obj, prefix: str) -> type[ma.Schema]:
    """One variant of a :class:`~service.common.wire.ByTag` union: its tag, then its
    members as a request gives them."""
    name = prefix + obj.name
    key = (id(obj), name)
    made = _MADE.get(key)
    if made is None:
        members = {kind.tag: one_of([value], kind.tag_doc.format(value=value), required=True)}
        members |= {m.name: field(m, prefix, answer=False) for m in obj.members}
        made = Closed.from_dict(members, name=name)
        made.__doc__ = obj.doc
        _MADE[key] = made
    return made


def whole_request(kind: wire.Obj, prefix: str, base: type[Whole], name: str) -> type[Whole]:
    """The schema ``name`` of a request body the engine reads whole (``base`` says how),
    with the members of ``kind`` as a request gives them."""
    made = base.from_dict({m.name: field(m, prefix, answer=False) for m in kind.members}, name=name)
    made.__doc__ = kind.doc
    assert issubclass(made, Whole)
    return made
