"""The fields of the shapes of their own that games' schemas use, beside the plain ones
of :mod:`service.common.schema` (which names them all): an object told apart by a tag
(:class:`OneOf`), an answer of alternatives (:class:`Alternatives`), a board's map by
square name (:class:`SquareMap`), a member fixed in a variant (:class:`Const`,
:class:`Null`), an object with a member per enum value (:class:`Keyed`), an answer's
readings (:func:`readings`), and an answer's member made from a request's
(:func:`answered`). Import them from :mod:`service.common.schema`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from enum import Enum
from itertools import chain, islice
from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import ValidationError, fields, post_dump, pre_dump

from service.common.errors import MAX_PROBLEMS, Problem
from service.common.grid import Grid
from service.common.outcome import is_legal
from service.common.refusal import Text
from service.common.schema import List, Nested, Schema, String, Worded, problems
from service.common.shapes import MUST_BE_OBJECT, MUST_BE_ONE_OF, REQUIRED

# ------------------------------------------------------------- shapes of their own


class Const(Worded, fields.Boolean):
    """Always ``value`` (``"legal": true``), the document's one-value ``enum``: tells the
    alternatives of an :class:`Alternatives` answer apart. Dumped whatever the value."""

    def __init__(self, value: bool, **kwargs: Any) -> None:
        metadata = {**kwargs.pop("metadata", {}), "enum": [value]}
        super().__init__(metadata=metadata, dump_default=value, **kwargs)
        self.value = value
        self.mistake = MUST_BE_ONE_OF(allowed=str(value).lower())

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if value is not self.value:
            raise ValidationError(self.mistake)
        return value

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return self.value


class Null(Worded, fields.String):
    """A member that is always null in this variant of a union (``mistake`` for any other
    value); left out, it is null."""

    def __init__(self, mistake: Text, **kwargs: Any) -> None:
        metadata = {**kwargs.pop("metadata", {}), "enum": [None]}
        super().__init__(allow_none=True, load_default=None, dump_default=None, metadata=metadata, **kwargs)
        self.mistake = mistake

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        raise ValidationError(self.mistake)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None


INTERPRETATIONS = (
    "The readings of the rulebook the ruling rests on, where its rule is not the rulebook's "
    "explicit word: ids of `/rules/interpretations` (`/rules/interpretations#R6`). Absent "
    "when the rule rests on no reading."
)
"""The description of every ``interpretations`` member."""
READING = "The id of a reading, an anchor of /rules/interpretations."


class Readings(List):
    """An answer's ``interpretations``: the ids of the readings of the rulebook a ruling
    rests on, left out of the answer when there are none (a missing value is one
    marshmallow does not write)."""

    def get_value(self, obj: Any, attr: str, accessor: Any = None, default: Any = ma.missing) -> Any:
        found = super().get_value(obj, attr, accessor, default)
        return ma.missing if not found else found


def readings(description: str = "") -> List:
    """An answer's ``interpretations`` (:class:`Readings`)."""
    return Readings(String(metadata={"description": READING}), make=tuple,
                    metadata={"description": description or INTERPRETATIONS})


class OneOf(Worded, fields.Field[Any]):
    """A member that is one of several objects, the schema its ``tag`` member names
    (``{"reason": "quarter", …}``); a ``oneOf`` with a discriminator in the document,
    named ``component`` where it admits null (null is then the alternative to it)."""

    default_error_messages = {"type": MUST_BE_OBJECT}

    def __init__(self, tag: str, variants: Mapping[str, type[Schema]], component: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tag = tag
        self.variants = dict(variants)
        self.component = component
        self.schemas = {value: schema() for value, schema in self.variants.items()}
        self.mistake = MUST_BE_ONE_OF(allowed=", ".join(repr(value) for value in self.variants))

    def _chosen(self, value: Any) -> Schema:
        if type(value) is not dict:
            raise self.make_error("type")
        kind = value.get(self.tag, ma.missing)
        if kind is ma.missing:
            raise ValidationError({self.tag: [REQUIRED()]})
        found = self.schemas.get(kind) if type(kind) is str else None
        if found is None:
            raise ValidationError({self.tag: [self.mistake]})
        return found

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return self._chosen(value).load(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        tag = getattr(value, self.tag)
        return self.schemas[getattr(tag, "value", tag)].dump(value)


class Alternatives(Schema):
    """An answer that is one of ``variants`` (told apart by their members, as ``legal``
    true or false), the one ``pick`` numbers for the engine's value; a ``oneOf`` in the
    document, in order."""

    variants: ClassVar[tuple[type[Schema], ...]] = ()

    @staticmethod
    def pick(value: Any) -> int:
        raise NotImplementedError

    def validate(self, data: Any, *, many: bool | None = None, partial: Any = None) -> dict[str, Any]:
        """The problems of the first variant's load that has none (``{}``), or of the last."""
        found: dict[str, Any] = {}
        for variant in self.variants:
            found = variant().validate(data)
            if not found:
                return {}
        return found

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.chosen = tuple(variant() for variant in self.variants)

    @post_dump(pass_original=True)
    def _variant(self, data: dict[str, Any], original: Any, **kwargs: Any) -> Any:
        """The variant ``pick`` names dumps the value (this schema has no member of its own)."""
        return self.chosen[type(self).pick(original)].dump(original)


def dumper(schema: type[Schema], doc: str = "") -> Callable[[Any], dict[str, Any]]:
    """``schema``'s dump of an engine value (its JSON form), with ``doc`` as its
    docstring: a codec's ``*_to_dict``."""
    dump = schema().dump

    def written(value: Any) -> dict[str, Any]:
        found: dict[str, Any] = dump(value)
        return found

    written.__doc__ = doc
    return written


class LegalAnswer(Schema):
    """The whole turn is legal."""

    legal = Const(True, required=True, metadata={"description": "Always true here."})


class Illegal(Schema):
    """The base of each game's answer that a turn is illegal: ``legal`` false, then the
    game's ``violation``, which the game's subclass declares."""

    legal = Const(False, required=True, metadata={"description": "Always false here."})


class Verdicts(Alternatives):
    """The answer of a turn's validation, the same in every game: ``{"legal": true}``
    (:class:`LegalAnswer`), or ``{"legal": false, "violation": …}`` with the game's
    violation; it dumps a :class:`~service.common.outcome.Verdict`."""

    @staticmethod
    def pick(value: Any) -> int:
        return is_legal(value)


class Either(Worded, fields.Field[Any]):
    """A member that is one of the alternatives of ``schema`` (an :class:`Alternatives`
    answer, as a turn of a replay: legal or not), a ``oneOf`` of them in the document
    where it stands."""

    def __init__(self, schema: type[Alternatives], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.alternatives = schema()
        self.variants = schema.variants

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else self.alternatives.dump(value)


class SquareMap(Worded, fields.Dict):
    """A JSON object from the names of ``grid``'s squares to ``values``, loaded into a
    tuple with one entry per square (``None`` where no member names it) and dumped in
    the grid's order. Keys that name no square are read all the same; a map with any is
    loaded as :class:`SquareMap.WithUnknownKeys` (the engine says what rule that breaks).
    Reading stops after :data:`~service.common.errors.MAX_PROBLEMS` bad entries."""

    default_error_messages = {"invalid": MUST_BE_OBJECT}

    class WithUnknownKeys(tuple[Any, ...]):
        """A map read with keys that name no square (``keys``, in order)."""

        keys: tuple[str, ...]

    def __init__(self, grid: Grid, values: fields.Field[Any], **kwargs: Any) -> None:
        super().__init__(keys=fields.String(), values=values, **kwargs)
        self.by_name = grid.by_name
        self.names = grid.names

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not dict:
            raise self.make_error("invalid")
        board: list[Any] = [None] * len(self.names)
        assert self.value_field is not None
        load = self.value_field.deserialize
        errors: dict[str, Any] = {}
        unknown_keys = []
        for key, raw in value.items():
            square = self.by_name.get(key)
            try:
                found = load(raw)
            except ValidationError as error:
                errors[key] = error.messages
                if len(errors) >= MAX_PROBLEMS:
                    break
                continue
            if square is None:
                unknown_keys.append(key)
            else:
                board[square] = found
        if errors:
            raise ValidationError(errors)
        if unknown_keys:
            made = SquareMap.WithUnknownKeys(board)
            made.keys = tuple(unknown_keys)
            return made
        return tuple(board)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        assert self.value_field is not None
        write, names = self.value_field._serialize, self.names
        return {names[square]: write(entry, None, None) for square, entry in enumerate(value)
                if entry is not None}


class Keyed(Schema):
    """An object with one member per value of the enum ``keyed_by`` (each declared by the
    subclass under that value), dumped from a mapping by the enum's members."""

    keyed_by: ClassVar[type[Enum]]

    @pre_dump
    def _by_value(self, obj: Any, **kwargs: Any) -> Any:
        """The mapping by the enum's members as one by their values, the members' names."""
        return {member.value: obj[member] for member in self.keyed_by}


def answered(schema: type[Schema], name: str, nested: type[Schema] | None = None) -> Any:
    """``schema``'s member ``name`` as an answer writes it, for the answer's own class
    statement: required (an answer writes every member, but those left out when empty, and
    its readings), and with ``nested`` (the answer's shape of its objects) for the objects
    it holds, alone, in a list or in a map by square."""
    field = schema._declared_fields[name]
    made = copy.copy(field)
    made.metadata = dict(field.metadata)
    made.error_messages = dict(field.error_messages)
    if nested is not None:
        if isinstance(made, Nested):
            made.nested = nested
        elif isinstance(made, fields.List) and isinstance(made.inner, Nested):
            made.inner = copy.copy(made.inner)
            made.inner.nested = nested  # type: ignore[attr-defined]
        elif isinstance(made, SquareMap) and isinstance(made.value_field, Nested):
            made.value_field = copy.copy(made.value_field)
            made.value_field.nested = nested
        else:
            raise TypeError(f"{schema.__name__}.{name} holds no objects")
    if not isinstance(made, Readings) and name not in schema.left_out:
        made.required, made.load_default = True, ma.missing
    return made


def request_problems(messages: Any, data: Any) -> list[Problem]:
    """:func:`~service.common.schema.problems` of a request's load: the request's own
    members in the order they were sent (an unknown one where it stands), then those
    missing; below them, each shape's own order."""
    if not isinstance(messages, Mapping) or not isinstance(data, dict):
        return problems(messages, data)
    names = [*(["_schema"] if "_schema" in messages else []), *(name for name in data if name in messages),
             *(name for name in messages if name != "_schema" and name not in data)]
    found = chain.from_iterable(problems({name: messages[name]}, data) for name in names)
    return list(islice(found, MAX_PROBLEMS))
