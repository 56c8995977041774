"""The members of a wire shape, stated once.

An engine states each of its JSON shapes (a position, a turn …) as a table of
:class:`Member` objects, each with its :class:`Kind`; the engine's reader
(:func:`read`) and writer (:func:`write`) walk that table, and the HTTP layer turns the
same table into its schemas (``service/api/declare/wire.py``), so a member added to the
table is read, written and documented alike. Nothing here knows a game, Flask or
marshmallow.

A member without a ``default`` is required in a request; an answer writes every member.
A reading records the shape problems of :class:`~service.common.shapes.Shape` (the same
sentences and pointers everywhere) and builds an engine value only while none was found.

>>> import enum, types
>>> class Tint(str, enum.Enum):
...     RED = "red"
...     BLUE = "blue"
>>> BRICK = Obj("Brick", "A brick.", (
...     Member("tint", Choice(Tint), "Its tint."),
...     Member("size", Integer(1, 3), "Its size. Default 1.", default=1),
... ), types.SimpleNamespace)
>>> read(BRICK, {"tint": "red"})
namespace(tint=<Tint.RED: 'red'>, size=1)
>>> write(BRICK, types.SimpleNamespace(tint=Tint.BLUE, size=2))
{'tint': 'blue', 'size': 2}
>>> try:
...     read(BRICK, {"tint": "green", "size": 4})
... except MalformedError as err:
...     [(p.pointer, p.detail) for p in err.problems]
[('/tint', "must be one of 'red', 'blue'"), ('/size', 'must be between 1 and 3')]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from service.common.errors import MalformedError  # noqa: F401 (the doctests use it)
from service.common.grid import Grid
from service.common.refusal import N_, Message
from service.common.shapes import MUST_BE_OBJECT, Shape, token


class _Required:
    """The ``default`` of a member a request must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final = _Required()
MUST_BE_OR_NULL: Final = N_("must be {most} or null")


class Reading(Shape):
    """A :class:`Shape` that also keeps the keys of a :class:`NameMap` that name nothing
    (``(key, pointer)``): whether they are a shape problem or a rule broken is the
    engine's to say."""

    __slots__ = ("strays",)

    def __init__(self) -> None:
        super().__init__()
        self.strays: list[tuple[str, str]] = []


class Kind:
    """What a member's value is: how it is read, written and (by the HTTP layer) described."""

    def read(self, shape: Reading, value: object, where: str) -> Any:
        """The engine's value of ``value``, or ``None`` after recording its problems."""
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        """The JSON form of the engine's ``value``."""
        raise NotImplementedError

    def quick(self, value: Any) -> Any:
        """The engine's value of a well-formed ``value`` without any bookkeeping, raising
        ``KeyError``, ``TypeError`` or ``ValueError`` for anything else (which is then read
        by :meth:`read`). It must agree with :meth:`read` wherever it returns."""
        raise TypeError


@dataclass(frozen=True)
class Integer(Kind):
    """A JSON integer in ``low`` … ``high`` (never a boolean or ``1.0``)."""

    low: int = 0
    high: int | None = None

    def read(self, shape: Reading, value: object, where: str) -> Any:
        return shape.integer(value, where, self.low, self.high)

    def write(self, value: Any) -> Any:
        return value


@dataclass(frozen=True)
class Fixed(Kind):
    """The one integer ``value`` (with null, for a nullable member: none)."""

    value: int

    def read(self, shape: Reading, value: object, where: str) -> Any:
        if type(value) is int and value == self.value:
            return value
        shape.fail(where, MUST_BE_OR_NULL(most=self.value))
        return None

    def write(self, value: Any) -> Any:
        return value


@dataclass(frozen=True)
class Flag(Kind):
    """``true`` or ``false``."""

    def read(self, shape: Reading, value: object, where: str) -> Any:
        return shape.boolean(value, where)

    def write(self, value: Any) -> Any:
        return value


@dataclass(frozen=True)
class Choice(Kind):
    """A member of the enum ``enum``, written as its value."""

    enum: type[Enum]
    by_value: Mapping[Any, Enum] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_value", {m.value: m for m in self.enum})

    @property
    def values(self) -> list[Any]:
        return list(self.by_value)

    def read(self, shape: Reading, value: object, where: str) -> Any:
        return shape.member(self.enum, value, where)

    def write(self, value: Any) -> Any:
        return value.value

    def quick(self, value: Any) -> Any:
        return self.by_value[value]


@dataclass(frozen=True)
class Square(Kind):
    """A square of ``grid`` by its name (``what`` names them in a problem)."""

    grid: Grid
    what: Message

    def read(self, shape: Reading, value: object, where: str) -> Any:
        return shape.lookup(self.grid.by_name, value, where, self.what)

    def write(self, value: Any) -> Any:
        return self.grid.names[value]

    def quick(self, value: Any) -> Any:
        return self.grid.by_name[value]


def _tuple(items: list[Any]) -> Any:
    return tuple(items)


@dataclass(frozen=True)
class ListOf(Kind):
    """A JSON array of ``low`` … ``high`` ``item`` s (each described by ``item_doc``);
    ``make`` builds the engine's value from the list read (a tuple unless told)."""

    item: Kind
    item_doc: str = ""
    low: int = 0
    high: int | None = None
    make: Callable[[list[Any]], Any] = _tuple

    def read(self, shape: Reading, value: object, where: str) -> Any:
        items = shape.array(value, where, self.low, self.high)
        if items is None:
            return None
        read_item = self.item.read
        found = [read_item(shape, item, f"{where}/{i}") for i, item in enumerate(items)]
        return self.make(found) if shape.ok else None

    def write(self, value: Any) -> Any:
        write_item = self.item.write
        return [write_item(item) for item in value]

    def quick(self, value: Any) -> Any:
        if type(value) is not list or len(value) < self.low or (self.high is not None and len(value) > self.high):
            raise TypeError
        return self.make(list(map(self.item.quick, value)))


@dataclass(frozen=True)
class Member:
    """One member of an object: its JSON ``name``, its :class:`Kind`, its description
    for the document, the engine's attribute (``name`` unless told), its ``default``
    when a request leaves it out (:data:`REQUIRED`: it may not) and whether it may be
    null."""

    name: str
    kind: Kind
    doc: str = ""
    attribute: str = ""
    default: Any = REQUIRED
    nullable: bool = False

    def __post_init__(self) -> None:
        if not self.attribute:
            object.__setattr__(self, "attribute", self.name)

    @property
    def required(self) -> bool:
        """Whether a request must give it."""
        return self.default is REQUIRED

    def read(self, shape: Reading, value: object, where: str) -> Any:
        if value is None and self.nullable:
            return None
        return self.kind.read(shape, value, where)

    def write(self, value: Any) -> Any:
        return None if value is None else self.kind.write(value)


@dataclass(frozen=True)
class Obj(Kind):
    """A JSON object with ``members`` and nothing else, the engine's value built by
    ``build(**attributes)``; ``name`` and ``doc`` name and describe it in the document.
    With ``whole``, an object missing a required member is not read any further."""

    name: str
    doc: str
    members: tuple[Member, ...]
    build: Callable[..., Any]
    whole: bool = False
    required: tuple[str, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "required", tuple(m.name for m in self.members if m.required))
        object.__setattr__(self, "names", tuple(m.name for m in self.members))

    @property
    def optional(self) -> bool:
        """Whether a request may leave out any member, here or in a nested object."""
        return any(not m.required or _optional(m.kind) for m in self.members)

    def read(self, shape: Reading, value: object, where: str) -> Any:
        obj = shape.obj(value, where, self.required, self.names)
        if obj is None:
            return None
        if self.whole and any(name not in obj for name in self.required):
            return None
        values: dict[str, Any] = {}
        for member in self.members:
            name = member.name
            if name in obj:
                values[member.attribute] = member.read(shape, obj[name], f"{where}/{name}")
            elif not member.required:
                values[member.attribute] = member.default
        return self.build(**values) if shape.ok else None

    def write(self, value: Any) -> Any:
        return {m.name: m.write(getattr(value, m.attribute)) for m in self.members}

    def quick(self, value: Any) -> Any:
        # Every member given: one left out takes its default, which the full reading does.
        if type(value) is not dict or len(value) != len(self.members):
            raise TypeError
        return self.build(**{m.attribute: m.kind.quick(value[m.name]) for m in self.members})


def _optional(kind: Kind) -> bool:
    if isinstance(kind, Obj):
        return kind.optional
    if isinstance(kind, ListOf | NameMap):
        return _optional(kind.item)
    return False


@dataclass(frozen=True)
class NameMap(Kind):
    """A JSON object from the names of ``grid``'s squares to ``item`` s, read into a tuple
    with one entry per square (``None`` where no member names it) and written in the
    grid's order. A key that names no square is kept in :attr:`Reading.strays` (its value
    read all the same): the engine says what it breaks."""

    grid: Grid
    item: Kind

    def read(self, shape: Reading, value: object, where: str) -> Any:
        board: list[Any] = [None] * len(self.grid.names)
        if type(value) is not dict:
            shape.fail(where, MUST_BE_OBJECT())
            return None
        by_name = self.grid.by_name
        item = self.item
        for key, raw in value.items():
            square = by_name.get(key)
            if square is not None:
                # The common, well-formed entry is read without building its pointer,
                # which only a problem needs.
                try:
                    board[square] = item.quick(raw)
                    continue
                except (KeyError, TypeError, ValueError):
                    pass
            pointer = f"{where}/{token(key)}"
            found = item.read(shape, raw, pointer)
            if square is None:
                shape.strays.append((key, pointer))
            else:
                board[square] = found
        return tuple(board)

    def write(self, value: Any) -> Any:
        names = self.grid.names
        write_item = self.item.write
        return {names[square]: write_item(entry) for square, entry in enumerate(value) if entry is not None}


@dataclass(frozen=True)
class Variant:
    """One alternative of a :class:`Tagged` object: its tag's value, its name and
    description in the document, its tag's description there, and the members it
    requires, each with its description there; every other member is null."""

    value: Enum
    name: str
    doc: str
    tag_doc: str
    wants: Mapping[str, str]


@dataclass(frozen=True)
class Tagged(Kind):
    """A JSON object that is one of ``variants``, told apart by its ``tag`` member
    (``{"reason": "quarter", "quarter": 3, "seat": "red"}``); ``name`` names the union in
    the document. Each further member is
    required in some variants and null in the others; ``sentences[name]`` says, in a
    problem, that it is missing where required and given where it must be null (each
    may name the tag's value by the tag's name, ``{reason}``). With a tag that names no
    variant, only the values given are read."""

    name: str
    tag: Member
    members: tuple[Member, ...]
    variants: tuple[Variant, ...]
    sentences: Mapping[str, tuple[Message, Message]]
    build: Callable[..., Any]

    def read(self, shape: Reading, value: object, where: str) -> Any:
        tag = self.tag
        obj = shape.obj(value, where, (tag.name,), (tag.name, *(m.name for m in self.members)))
        if obj is None or tag.name not in obj:
            return None
        chosen = tag.read(shape, obj[tag.name], f"{where}/{tag.name}")
        variant = next((v for v in self.variants if v.value is chosen), None)
        values: dict[str, Any] = {tag.attribute: chosen}
        for member in self.members:
            name = member.name
            pointer = f"{where}/{name}"
            missing, not_null = self.sentences[name]
            raw = obj.get(name)
            if raw is None:
                if variant is not None and name in variant.wants:
                    shape.fail(pointer, missing(**{tag.name: chosen.value}))
            elif variant is not None and name not in variant.wants:
                shape.fail(pointer, not_null(**{tag.name: chosen.value}))
            else:
                values[member.attribute] = member.kind.read(shape, raw, pointer)
        if variant is None or not shape.ok:
            return None
        return self.build(**values)

    def write(self, value: Any) -> Any:
        out = {self.tag.name: self.tag.write(getattr(value, self.tag.attribute))}
        for member in self.members:
            out[member.name] = member.write(getattr(value, member.attribute))
        return out


def read(kind: Kind, data: object, reading: Reading | None = None) -> Any:
    """The engine's value of the JSON ``data``; raises
    :class:`~service.common.errors.MalformedError` with every shape problem (up to
    :data:`~service.common.errors.MAX_PROBLEMS`). Give a ``reading`` to look at its
    :attr:`~Reading.strays` afterwards."""
    shape = Reading() if reading is None else reading
    value = kind.read(shape, data, "")
    shape.done()
    return value


def write(kind: Kind, value: Any) -> Any:
    """The JSON form of the engine's ``value``."""
    return kind.write(value)


def members_of(kind: Kind) -> Sequence[Member]:
    """The members an object kind states, the tag first for a :class:`Tagged` one."""
    if isinstance(kind, Obj):
        return kind.members
    if isinstance(kind, Tagged):
        return (kind.tag, *kind.members)
    return ()
