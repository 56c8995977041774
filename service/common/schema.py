"""The fields every game's schemas are written with: marshmallow's, speaking the catalogs.

Each game describes each JSON shape of its contract once, as a marshmallow schema beside
the engine's types (``service/<game>/schemas.py``): the schema loads a body into the
engine's frozen values (:class:`Schema` builds them with its ``build``), validates it,
dumps the answers, and is the document's component (through apispec / flask-smorest).
Nothing here knows a game or Flask.

Every mistake a field or a validator reports is a catalog message with its values (a
:class:`~service.common.refusal.Text`), never marshmallow's English: each field's
``error_messages`` hold :class:`~service.common.refusal.Message` s, and the validators
raise their own. :func:`problems` turns a load's nested messages into the problems every
engine answers (JSON pointers in document order, at most
:data:`~service.common.errors.MAX_PROBLEMS`) and :func:`load` raises them as
:class:`~service.common.errors.MalformedError`.

>>> import enum
>>> class Tint(str, enum.Enum):
...     RED = "red"
...     BLUE = "blue"
>>> class Brick(Schema):
...     tint = Choice(Tint, required=True, metadata={"description": "Its tint."})
...     size = Integer(1, 3, load_default=1)
>>> load(Brick(), {"tint": "red"})
{'tint': <Tint.RED: 'red'>, 'size': 1}
>>> try:
...     load(Brick(), {"tint": "green", "size": 4, "mortar": True})
... except MalformedError as err:
...     [(p.pointer, p.detail) for p in err.problems]
[('/mortar', 'is not a member of this object'), ('/tint', "must be one of 'red', 'blue'"), \
('/size', 'must be between 1 and 3')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from itertools import chain, islice
from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import RAISE, ValidationError, fields, post_load, validate

from service.common import worded  # noqa: F401 (marshmallow's own fields speak the catalogs from here on)
from service.common.errors import MAX_PROBLEMS, MalformedError, Problem
from service.common.grid import Grid
from service.common.refusal import Message, Text
from service.common.shapes import (
    MUST_BE,
    MUST_BE_ARRAY,
    MUST_BE_AT_LEAST,
    MUST_BE_BETWEEN,
    MUST_BE_BOOLEAN,
    MUST_BE_INTEGER,
    MUST_BE_OBJECT,
    MUST_BE_ONE_OF,
    MUST_BE_OR_NULL,
    MUST_BE_STRING,
    MUST_HAVE_AT_LEAST,
    MUST_HAVE_ENTRIES,
    MUST_HAVE_FROM_TO,
    MUST_NOT_BE_NULL,
    NOT_A_MEMBER,
    NOT_VALID,
    REQUIRED,
    token,
)

#: Every field's stock mistakes in the catalogs' words, marshmallow's own (``invalid`` …) too.
STOCK: Mapping[str, Message] = {
    "required": REQUIRED, "null": MUST_NOT_BE_NULL, "validator_failed": NOT_VALID,
    **dict.fromkeys(("invalid", "invalid_utf8", "too_large", "unknown"), NOT_VALID),
}


class Worded:
    """A field whose ``error_messages`` are catalog messages: each mistake is the message
    with its values (a :class:`~service.common.refusal.Text`), never a string formatted
    by marshmallow (which would lose the message id)."""

    default_error_messages: dict[str, Any] = dict(STOCK)
    error_messages: dict[str, Any]

    def make_error(self, key: str, **values: Any) -> ValidationError:
        message = self.error_messages[key]
        return ValidationError(message(**values) if isinstance(message, Message) else message)

    def _validate(self, value: Any) -> None:
        # marshmallow gathers every validator's mistake in an ``And`` made for each value;
        # a field with one validator (its bounds) has only that one to ask.
        validators = self.validators  # type: ignore[attr-defined]
        if len(validators) == 1:
            validator = validators[0]
            if validator(value) is False and not isinstance(validator, validate.Validator):
                raise self.make_error("validator_failed")
        elif validators:
            super()._validate(value)  # type: ignore[misc]


def _same(self: fields.Field[Any], value: Any, *args: Any, **kwargs: Any) -> Any:
    """A field's dump of a value that is its JSON form already."""
    return value


class Between(validate.Range):
    """``low`` … ``high`` (``high`` ``None``: no bound), as the document's ``minimum`` and
    ``maximum``."""

    def __init__(self, low: int, high: int | None = None) -> None:
        super().__init__(min=low, max=high)
        self.low, self.high = low, high
        self.mistake = MUST_BE_AT_LEAST(low=low) if high is None else MUST_BE_BETWEEN(low=low, high=high)

    def __call__(self, value: Any) -> Any:
        if value < self.low or (self.high is not None and value > self.high):
            raise ValidationError(self.mistake)
        return value


class Entries(validate.Length):
    """An array of ``low`` … ``high`` entries, as the document's ``minItems`` and ``maxItems``."""

    def __init__(self, low: int, high: int | None = None) -> None:
        super().__init__(min=low or None, max=high)
        self.low, self.high = low, high
        if low == high:
            self.mistake = MUST_HAVE_ENTRIES(count=low)
        elif high is None:
            self.mistake = MUST_HAVE_AT_LEAST(count=low)
        else:
            self.mistake = MUST_HAVE_FROM_TO(low=low, high=high)

    def __call__(self, value: Any) -> Any:
        if len(value) < self.low or (self.high is not None and len(value) > self.high):
            raise ValidationError(self.mistake)
        return value


# --------------------------------------------------------------------------- fields
#
# Each field loads strictly (JSON's types, never a look-alike: no ``1.0`` for 1, no
# ``"true"`` for true).


class Integer(Worded, fields.Integer):
    """A JSON integer in ``low`` … ``high``."""

    default_error_messages = {"invalid": MUST_BE_INTEGER}
    _serialize = _same

    def __init__(self, low: int = 0, high: int | None = None, **kwargs: Any) -> None:
        super().__init__(strict=True, validate=Between(low, high), **kwargs)
        self.low, self.high = low, high

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) is not int:
            raise self.make_error("invalid")
        return value

class Fixed(Integer):
    """The one integer ``value``, or null for none (a rule option that is on or off)."""

    def __init__(self, value: int, **kwargs: Any) -> None:
        super().__init__(value, value, allow_none=True, **kwargs)
        between = Between(value, value)
        mistake = MUST_BE_OR_NULL(most=value)
        between.mistake = self.error_messages["invalid"] = self.error_messages["null"] = mistake
        self.validators = [between]


class Flag(Worded, fields.Boolean):
    """``true`` or ``false``."""

    default_error_messages = {"invalid": MUST_BE_BOOLEAN}
    _serialize = _same

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value

class Number(Worded, fields.Float):
    """A JSON number (a judged value): dumped as it is."""

    _serialize = _same


class String(Worded, fields.String):
    """A JSON string (a rule id, a sentence)."""

    default_error_messages = {"invalid": MUST_BE_STRING}
    _serialize = _same

class Choice(Worded, fields.Enum):  # type: ignore[type-arg]
    """A member of the enum ``enum``, given as its value (the document's ``enum``)."""

    def __init__(self, enum: type[Enum], **kwargs: Any) -> None:
        super().__init__(enum, by_value=fields.String, **kwargs)
        self.by_value_map: dict[Any, Enum] = {member.value: member for member in enum}
        self.mistake = MUST_BE_ONE_OF(allowed=", ".join(repr(member.value) for member in enum))

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return self.by_value_map[value]
        except (KeyError, TypeError):
            raise ValidationError(self.mistake) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.value

class Word(Worded, fields.String):
    """One of the strings ``words`` (the document's ``enum``); dumped from a string or
    from an enum member of that value."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return getattr(value, "value", value)

    def __init__(self, words: Iterable[Any], **kwargs: Any) -> None:
        self.words = tuple(words)
        allowed = ", ".join(repr(w) if isinstance(w, str) else str(w).lower() for w in self.words)
        self.mistake = MUST_BE_ONE_OF(allowed=allowed)
        kwargs.setdefault("metadata", {})
        kwargs["metadata"] = {**kwargs["metadata"], "enum": list(self.words)}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is str and value in self.words:
            return value
        raise ValidationError(self.mistake)


class Square(Worded, fields.String):
    """A square of ``grid`` by its name, loaded as its number (``what`` names the squares
    in a mistake; the document's ``pattern`` is the grid's)."""

    def __init__(self, grid: Grid, what: str | Message, **kwargs: Any) -> None:
        metadata = {"pattern": f"^{grid.name_pattern}$", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.grid = grid
        self.by_name = grid.by_name
        self.names = grid.names
        self.mistake = MUST_BE(what=what)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:  # type: ignore[override]
        if type(value) is str:
            found = self.by_name.get(value)
            if found is not None:
                return found
        raise ValidationError(self.mistake)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else self.names[value]

class List(Worded, fields.List[Any]):
    """A JSON array of ``low`` … ``high`` ``item`` s, loaded by ``make`` (a tuple unless
    told). Its length is judged before its entries, and reading stops after
    :data:`~service.common.errors.MAX_PROBLEMS` bad entries."""

    default_error_messages = {"invalid": MUST_BE_ARRAY}

    def __init__(
        self, item: fields.Field[Any], low: int = 0, high: int | None = None,
        make: Callable[[Iterable[Any]], Any] = tuple, **kwargs: Any,
    ) -> None:
        self.entries = Entries(low, high) if low or high is not None else None
        super().__init__(item, validate=self.entries, **kwargs)
        self.make = make

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not list:
            raise self.make_error("invalid")
        if self.entries is not None:
            self.entries(value)
        inner = self.inner
        if not (inner.validators or inner.pre_load or inner.post_load) and None not in value:
            # Entries that need no more than their field's reading (no null, no validator
            # of their own): read in one pass; a mistake is named entry by entry below.
            read = inner._deserialize
            try:
                return self.make([read(item, None, None, **kwargs) for item in value])
            except ValidationError:
                pass
        found: list[Any] = []
        errors: dict[int, Any] = {}
        load = self.inner.deserialize
        for index, item in enumerate(value):
            try:
                found.append(load(item, **kwargs))
            except ValidationError as error:
                errors[index] = error.messages
                if len(errors) >= MAX_PROBLEMS:
                    break
        if errors:
            raise ValidationError(errors)
        return self.make(found)


class Nested(Worded, fields.Nested):
    """An object of another schema."""

    default_error_messages = {"type": MUST_BE_OBJECT}


class Schema(ma.Schema):
    """A closed JSON object (no member beyond its fields) that loads into ``build(**members)``
    (``None``: the dict of members) and dumps an engine value's attributes, those named in
    ``left_out`` left out of the answer when they are ``None`` or empty."""

    error_messages = {"unknown": NOT_A_MEMBER(), "type": MUST_BE_OBJECT()}
    build: ClassVar[Callable[..., Any] | None] = None
    left_out: ClassVar[frozenset[str]] = frozenset()

    class Meta:
        unknown = RAISE

    @post_load
    def _build(self, data: dict[str, Any], **kwargs: Any) -> Any:
        return self.made(data)

    def made(self, data: dict[str, Any]) -> Any:
        """The value a load answers: ``build(**data)`` (``None``: the members themselves)."""
        build = type(self).build
        return data if build is None else build(**data)

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        value = super().get_attribute(obj, attr, default)
        if (value is None or value == ()) and attr in self.left_out:
            return ma.missing  # marshmallow leaves a missing member out of the answer
        return value


# ----------------------------------------------------------------- problems and loads


def _is(messages: Any, message: Message) -> bool:
    return isinstance(messages, list) and any(str(m) == message.text for m in messages)


def _in_order(messages: Any, data: Any, path: str = "") -> Iterator[Problem]:
    """A load's nested messages as problems, in the order the object is read: an
    object's own problem, then its members that are not its own (in the order they were
    sent), those that are missing, and the problems of the others in the order of its
    fields; a list's entries by index; a problem an engine reported with a pointer of
    its own (a :class:`~service.common.errors.Problem`) below the member that carried
    it. Lazy: a caller that takes the first few pays for no more."""
    if isinstance(messages, Problem):
        yield Problem(path + messages.pointer, messages.detail)
    elif isinstance(messages, Mapping):
        if "_schema" in messages:
            yield from _in_order(messages["_schema"], data, path)
        names: Iterable[Any]
        if isinstance(data, dict):
            unknown = [name for name in data if name in messages and _is(messages[name], NOT_A_MEMBER)]
            missing = [name for name in messages if name not in data and _is(messages[name], REQUIRED)]
            first = {*unknown, *missing, "_schema"}
            names = chain(unknown, missing, (name for name in messages if name not in first))
        elif isinstance(data, list):
            names = sorted(
                (name for name in messages if name != "_schema"),
                key=lambda name: int(name) if str(name).isdigit() and int(name) < len(data) else -1,
            )
        else:
            names = [name for name in messages if name != "_schema"]
        for name in names:
            if isinstance(data, dict):
                below = data.get(name)
            elif isinstance(data, list) and str(name).isdigit() and int(name) < len(data):
                below = data[int(name)]
            else:
                below = None
            yield from _in_order(messages[name], below, f"{path}/{token(name)}")
    elif isinstance(messages, list | tuple):
        for message in messages:
            yield from _in_order(message, data, path)
    else:
        yield Problem(path, messages if isinstance(messages, Text) else str(messages))


def problems(messages: Any, data: Any) -> list[Problem]:
    """The first :data:`~service.common.errors.MAX_PROBLEMS` problems of a load's
    ``messages`` about ``data``, in document order."""
    return list(islice(_in_order(messages, data), MAX_PROBLEMS))


def load(schema: ma.Schema, data: Any) -> Any:
    """``schema``'s load of ``data``; raises :class:`~service.common.errors.MalformedError`
    with every problem found (at most :data:`~service.common.errors.MAX_PROBLEMS`)."""
    try:
        return schema.load(data)
    except ValidationError as error:
        raise MalformedError(problems=problems(error.messages, data)) from None


_INSTANCES: dict[type[ma.Schema], ma.Schema] = {}


def instance(schema: type[ma.Schema]) -> ma.Schema:
    """One instance per schema class: schemas keep no state once built."""
    found = _INSTANCES.get(schema)
    if found is None:
        found = _INSTANCES[schema] = schema()
    return found
