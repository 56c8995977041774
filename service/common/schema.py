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

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from functools import partial
from itertools import chain, islice
from operator import attrgetter
from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import RAISE, ValidationError, fields, post_load, validate

from service.common.errors import MAX_PROBLEMS, MalformedError, Problem
from service.common import worded  # noqa: F401 (marshmallow's own fields speak the catalogs from here on)
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
STOCK: Mapping[str, Message] = {"required": REQUIRED, "null": MUST_NOT_BE_NULL, "validator_failed": NOT_VALID,
                                **dict.fromkeys(("invalid", "invalid_utf8", "too_large", "unknown"), NOT_VALID)}


class Worded:
    """A field whose ``error_messages`` are catalog messages: each mistake is the message
    with its values (a :class:`~service.common.refusal.Text`), never a string formatted
    by marshmallow (which would lose the message id)."""

    default_error_messages: dict[str, Any] = dict(STOCK)
    error_messages: dict[str, Any]

    def make_error(self, key: str, **values: Any) -> ValidationError:
        message = self.error_messages[key]
        return ValidationError(message(**values) if isinstance(message, Message) else message)


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
# ``"true"`` for true) and offers ``quick``: the same load of a well-formed value without
# any bookkeeping, raising ``KeyError``, ``TypeError`` or ``ValueError`` on anything else.
# :func:`quick_loader` makes a schema's from its fields'.


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

    def quick(self, value: Any) -> int:
        if type(value) is not int or value < self.low or (self.high is not None and value > self.high):
            raise ValueError
        return value


class Fixed(Integer):
    """The one integer ``value``, or null for none (a rule option that is on or off)."""

    def __init__(self, value: int, **kwargs: Any) -> None:
        super().__init__(value, value, allow_none=True, **kwargs)
        between = Between(value, value)
        between.mistake = self.error_messages["invalid"] = self.error_messages["null"] = MUST_BE_OR_NULL(most=value)
        self.validators = [between]


class Flag(Worded, fields.Boolean):
    """``true`` or ``false``."""

    default_error_messages = {"invalid": MUST_BE_BOOLEAN}
    _serialize = _same

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value

    def quick(self, value: Any) -> bool:
        if type(value) is not bool:
            raise TypeError
        return value


class Number(Worded, fields.Float):
    """A JSON number (a judged value): dumped as it is."""

    _serialize = _same


class String(Worded, fields.String):
    """A JSON string (a rule id, a sentence)."""

    default_error_messages = {"invalid": MUST_BE_STRING}
    _serialize = _same

    def quick(self, value: Any) -> str:
        return value if type(value) is str else _decline()


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

    def quick(self, value: Any) -> Any:
        return self.by_value_map[value]

    def lookup(self) -> Callable[[Any], Any]:
        return self.by_value_map.__getitem__

    def writer(self) -> Callable[[Any], Any] | None:
        return attrgetter("value")


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

    def quick(self, value: Any) -> int:
        return self.by_name[value]

    def lookup(self) -> Callable[[Any], Any]:
        return self.by_name.__getitem__

    def writer(self) -> Callable[[Any], Any] | None:
        return self.names.__getitem__


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

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else _written(self, value)

    def writer(self) -> Callable[[Any], Any] | None:
        item = writer(self.inner)
        if item is None:
            return list
        return lambda value: list(map(item, value))

    def quick(self, value: Any) -> Any:
        found: Callable[[Any], Any] | None = self.__dict__.get("_quick")
        if found is None:
            found = self.__dict__["_quick"] = self._quick()
        return found(value)

    def _quick(self) -> Callable[[Any], Any]:
        lookup = getattr(self.inner, "lookup", None)
        item = lookup() if lookup is not None and not self.inner.allow_none else quick(self.inner)
        low, high = (0, None) if self.entries is None else (self.entries.low, self.entries.high)
        make = self.make

        def read(value: Any) -> Any:
            if type(value) is not list or len(value) < low or (high is not None and len(value) > high):
                raise TypeError
            return make(map(item, value))

        return read


class Nested(Worded, fields.Nested):
    """An object of another schema."""

    default_error_messages = {"type": MUST_BE_OBJECT}

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        return None if value is None else _written(self, value)

    def writer(self) -> Callable[[Any], Any] | None:
        schema = self.schema
        assert isinstance(schema, Schema)
        return schema.writer()

    def quick(self, value: Any) -> Any:
        schema = self.schema
        assert isinstance(schema, Schema)
        return schema.quick(value)


class Schema(ma.Schema):
    """A closed JSON object (no member beyond its fields) that loads into ``build(**members)``
    (``None``: the dict of members) and dumps an engine value's attributes."""

    error_messages = {"unknown": NOT_A_MEMBER(), "type": MUST_BE_OBJECT()}
    build: ClassVar[Callable[..., Any] | None] = None

    class Meta:
        unknown = RAISE

    @post_load
    def _build(self, data: dict[str, Any], **kwargs: Any) -> Any:
        return self.made(data)

    def made(self, data: dict[str, Any]) -> Any:
        """The value a load answers: ``build(**data)`` (``None``: the members themselves)."""
        build = type(self).build
        return data if build is None else build(**data)

    def dump_one(self, obj: Any) -> Any:
        """The JSON form of the engine value ``obj`` (:meth:`writer`)."""
        return self.writer()(obj)

    def writer(self) -> Callable[[Any], Any]:
        """The dump of one engine value, made once from the fields: each field's own
        writer of its attribute (:func:`writer`), a member marked ``omit`` left out when
        it is ``None`` or empty. marshmallow's ``dump`` without its bookkeeping (no dump
        hooks: an answer schema has none)."""
        found: Callable[[Any], Any] | None = self.__dict__.get("_writer")
        if found is None:
            found = self.__dict__["_writer"] = self._writer()
        return found

    def _writer(self) -> Callable[[Any], Any]:
        plan = [
            (field.data_key or name, *_reader(field, name), bool(field.metadata.get("omit")))
            for name, field in self.dump_fields.items()
        ]
        if len(plan) == 2 and not any(f.allow_none or f.metadata.get("omit") for f in self.dump_fields.values()):
            # The most frequent objects of an answer (a stack, a move) without a loop.
            (k0, g0, w0, _), (k1, g1, w1, _) = plan
            w0, w1 = w0 or _itself, w1 or _itself
            return lambda obj: {k0: w0(g0(obj)), k1: w1(g1(obj))}

        def write(obj: Any) -> dict[str, Any]:
            out = {}
            for key, get, write_value, omit in plan:
                value = get(obj)
                if omit and (value is None or value == ()):
                    continue
                out[key] = value if write_value is None or value is None else write_value(value)
            return out

        return write

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if many or (many is None and self.many):
            return [self.dump_one(item) for item in obj]
        return self.dump_one(obj)

    def quick(self, value: Any) -> Any:
        """:meth:`load` of a well-formed ``value`` without any bookkeeping (:func:`quick_loader`)."""
        return self.quick_loader()(value)

    def quick_loader(self) -> Callable[[Any], Any]:
        """:meth:`quick`, made once."""
        found: Callable[[Any], Any] | None = self.__dict__.get("_quick")
        if found is None:
            found = self.__dict__["_quick"] = quick_loader(self)
        return found


def quick(field: fields.Field[Any]) -> Callable[[Any], Any]:
    """``field``'s load of a well-formed value, without bookkeeping; one that has none
    declines every value."""
    made: Callable[[Any], Any] | None = field.__dict__.get("_quick_of")
    if made is not None:
        return made
    found: Callable[[Any], Any] | None = getattr(field, "quick", None)
    if isinstance(field, Nested) and isinstance(field.schema, Schema):
        found = field.schema.quick_loader()
    elif hasattr(field, "lookup"):
        found = field.lookup()  # one C-level lookup
    if found is None:
        return _decline
    if field.allow_none:
        inner = found

        def or_null(value: Any) -> Any:
            return None if value is None else inner(value)

        found = or_null
    field.__dict__["_quick_of"] = found
    return found


def _decline(value: Any = None) -> Any:
    raise TypeError


def writer(field: fields.Field[Any]) -> Callable[[Any], Any] | None:
    """``field``'s dump of a value that is not ``None``, made once (``None``: the value is
    its own JSON form)."""
    found = field.__dict__.get("_writer", False)
    if found is False:
        make = getattr(field, "writer", None)
        if make is not None:
            found = make()
        elif type(field)._serialize is _same:
            found = None
        else:
            found = partial(_field_dump, field._serialize)
        field.__dict__["_writer"] = found
    return found  # type: ignore[no-any-return]


def _written(field: fields.Field[Any], value: Any) -> Any:
    """``field``'s dump of ``value`` (not ``None``)."""
    write = writer(field)
    return value if write is None else write(value)


def _reader(field: fields.Field[Any], name: str) -> tuple[Callable[[Any], Any], Callable[[Any], Any] | None]:
    """``field``'s getter and writer in a dump (one that ``writes_none`` writes ``None`` too)."""
    get, write = _getter(field, name), writer(field)
    if write is not None and getattr(field, "writes_none", False):
        return (lambda obj: write(get(obj))), None
    return get, write


def _getter(field: fields.Field[Any], name: str) -> Callable[[Any], Any]:
    """How a schema's dump finds the value of ``field`` in an engine value: its attribute
    (a constant has none)."""
    always = getattr(field, "always", _NOTHING)
    if always is not _NOTHING:  # a constant (schema_shapes.Const) has no attribute
        return lambda obj: always
    return attrgetter(field.attribute or name)


_NOTHING: Any = object()


def _itself(value: Any) -> Any:
    return value


def _field_dump(serialize: Callable[..., Any], value: Any) -> Any:
    return serialize(value, None, None)


_LOAD_HOOKS: frozenset[tuple[str, str]] = frozenset({("post_load", "_build")})


def quick_loader(schema: Schema) -> Callable[[Any], Any]:
    """``schema``'s load of a well-formed value, made from its fields: each field's
    ``quick`` into the same attribute, its ``load_default`` where a member is left out,
    then ``build``; anything else (a mistake, a member too many, a field with validators
    of its own or a schema with other hooks) raises ``KeyError``, ``TypeError`` or
    ``ValueError``, and is then loaded by marshmallow. ``tests/common/test_schema.py``
    checks that the two agree."""
    hooks = {(tag, hook[0]) for tag, found in schema._hooks.items() if "dump" not in tag for hook in found}
    plan = []
    if hooks and hooks != _LOAD_HOOKS:
        return _decline
    for name, field in schema.load_fields.items():
        own = [v for v in field.validators if not isinstance(v, Between | Entries)]
        read = quick(field) if not own else _validated(quick(field), own)
        plan.append((field.data_key or name, field.attribute or name, read, field.required, field.load_default))
    names = frozenset(key for key, *_ in plan)
    build: Callable[..., Any] = type(schema).build or dict
    if type(schema).made is not Schema.made:
        made = schema.made

        def build(**members: Any) -> Any:
            return made(members)

    attributes = [attribute for _key, attribute, *_ in plan]
    positional = _fields_of(build) == attributes
    if all(required for *_, required, _default in plan):
        # Every member given: their values in the order of the fields.
        readers = [(key, read) for key, _attribute, read, _required, _default in plan]
        count = len(readers)
        if positional and count <= 3:
            return _load_few(build, readers)
        if positional:
            def load_all(value: Any) -> Any:
                if type(value) is not dict or len(value) != count:
                    raise TypeError
                return build(*[read(value[key]) for key, read in readers])

            return load_all

    missing = ma.missing

    def load(value: Any) -> Any:
        if type(value) is not dict or not names.issuperset(value):
            raise TypeError
        members = {}
        for key, attribute, read, required, default in plan:
            raw = value.get(key, missing)
            if raw is missing:
                if required:
                    raise KeyError(key)
                if default is missing:
                    continue
                members[attribute] = default() if callable(default) else default
            else:
                members[attribute] = read(raw)
        return build(**members)

    return load


def _validated(read: Callable[[Any], Any], validators: list[Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """``read``, then a field's validators of its own (a validator's no is ``ValueError``)."""

    def load(value: Any) -> Any:
        found = read(value)
        if found is not None:
            try:
                for check in validators:
                    check(found)
            except ValidationError:
                raise ValueError from None
        return found

    return load


def _load_few(build: Callable[..., Any], readers: list[tuple[str, Callable[[Any], Any]]]) -> Callable[[Any], Any]:
    """The quick load of an object of one to three members, every one required: the
    most frequent objects of a body (a stack, a move) are read without a loop."""
    count = len(readers)
    (k0, r0), *rest = readers
    if count == 1:
        return lambda value: build(r0(value[k0])) if type(value) is dict and len(value) == 1 else _decline()
    (k1, r1), *rest = rest
    if count == 2:
        return lambda value: (
            build(r0(value[k0]), r1(value[k1])) if type(value) is dict and len(value) == 2 else _decline()
        )
    (k2, r2), = rest
    return lambda value: (
        build(r0(value[k0]), r1(value[k1]), r2(value[k2])) if type(value) is dict and len(value) == 3 else _decline()
    )


def _fields_of(build: Callable[..., Any]) -> list[str] | None:
    """The names of ``build``'s parameters in order, where it is a dataclass or a named
    tuple (``None`` otherwise)."""
    if dataclasses.is_dataclass(build):
        return [f.name for f in dataclasses.fields(build) if f.init]
    found = getattr(build, "_fields", None)
    return list(found) if found is not None else None


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
    """``schema``'s load of ``data``, its well-formed values on the quick path
    (:meth:`Schema.quick`); raises :class:`~service.common.errors.MalformedError` with
    every problem found (at most :data:`~service.common.errors.MAX_PROBLEMS`)."""
    if isinstance(schema, Schema):
        try:
            return schema.quick(data)
        except (KeyError, TypeError, ValueError):
            pass
    try:
        return schema.load(data)
    except ValidationError as error:
        raise MalformedError(problems=problems(error.messages, data)) from None


# The fields of shapes of their own (unions, a board's map, constants) and the answers'
# schemas made from the requests', named here too: ``from service.common.schema import …``.
from service.common.schema_shapes import INTERPRETATIONS as INTERPRETATIONS  # noqa: E402 (made of the above)
from service.common.schema_shapes import READING as READING  # noqa: E402
from service.common.schema_shapes import Alternatives as Alternatives  # noqa: E402
from service.common.schema_shapes import Const as Const  # noqa: E402
from service.common.schema_shapes import Null as Null  # noqa: E402
from service.common.schema_shapes import OneOf as OneOf  # noqa: E402
from service.common.schema_shapes import SquareMap as SquareMap  # noqa: E402
from service.common.schema_shapes import answer_of as answer_of  # noqa: E402
from service.common.schema_shapes import keyed as keyed  # noqa: E402
from service.common.schema_shapes import readings as readings  # noqa: E402
