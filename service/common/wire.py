"""The members of a wire shape, stated once.

An engine states each of its JSON shapes (a position, a turn …) as a table of
:class:`Member` objects, each with its :class:`Kind`; the engine's reader
(:func:`read`) and writer (:func:`write`) walk that table, and the HTTP layer turns the
same table into its schemas (``service/api/declare/wire.py``), so a member added to the
table is read, written and documented alike. Nothing here knows a game, Flask or
marshmallow.

A member without a ``default`` is required in a request; an answer writes every member
but those stated ``omit``, which it leaves out when they have no value.
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

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING as _NO_DEFAULT
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from itertools import chain
from operator import attrgetter
from typing import Any, Final, TypeVar

from service.common.errors import MalformedError  # noqa: F401 (the doctests use it)
from service.common.grid import Grid
from service.common.outcome import Outcome as Outcome  # re-exported: moved to service.common.outcome
from service.common.outcome import Verdict as Verdict
from service.common.outcome import is_legal as is_legal
from service.common.shapes import (
    MUST_BE_INTEGER,
    MUST_BE_OBJECT,
    MUST_BE_ONE_OF,
    MUST_BE_STRING,
    Shape,
)

T = TypeVar("T")


class _Required:
    """The ``default`` of a member a request must give."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Final = _Required()
_FIELD: Final = _Required()
"""A stated member's default when none is told: its field's (:func:`stated`)."""
_WIRE: Final = "wire"


class Reading:
    """One reading: its :class:`Shape`, which collects the problems. (It holds a
    :class:`Shape` rather than being one: a compiled class takes no subclass of plain
    Python.)"""

    __slots__ = ("shape",)

    def __init__(self) -> None:
        self.shape = Shape()


class Kind:
    """What a member's value is: how it is read, written and (by the HTTP layer) described.

    Writing and the quick reading are made once per kind (:meth:`writer`,
    :meth:`quick_reader`): plain functions, most of them C-level lookups, so that
    walking the table costs no more than a reader written by hand.
    """

    def read(self, reading: Reading, value: object, where: str) -> Any:
        """The engine's value of ``value``, or ``None`` after recording its problems."""
        raise NotImplementedError

    def write(self, value: Any) -> Any:
        """The JSON form of the engine's ``value``."""
        return self.writer()(value)

    def quick(self, value: Any) -> Any:
        """The engine's value of a well-formed ``value`` without any bookkeeping, raising
        ``KeyError``, ``TypeError`` or ``ValueError`` for anything else (which is then read
        by :meth:`read`). It agrees with :meth:`read` wherever it returns."""
        return self.quick_reader()(value)

    def writer(self) -> Callable[[Any], Any]:
        """:meth:`write`, made once."""
        found: Callable[[Any], Any] | None = self.__dict__.get("_writer")
        if found is None:
            found = self._make_writer() or _same
            object.__setattr__(self, "_writer", found)
        return found

    def quick_reader(self) -> Callable[[Any], Any]:
        """:meth:`quick`, made once."""
        found: Callable[[Any], Any] | None = self.__dict__.get("_quick")
        if found is None:
            found = self._make_quick()
            object.__setattr__(self, "_quick", found)
        return found

    def _make_writer(self) -> Callable[[Any], Any] | None:
        """The writer; ``None`` when the JSON value is the engine's value itself."""
        if type(self)._write_expr is not Kind._write_expr:
            return _made(self._write_expr)
        return None

    def _make_quick(self) -> Callable[[Any], Any]:
        # A kind that states its quick reading as an expression is read by that
        # expression alone; one that states neither has no quick reading.
        if type(self)._quick_expr is not Kind._quick_expr:
            return _made(self._quick_expr)
        return _never

    # The writers and quick readers of nested shapes are made as one Python expression
    # each, from the expressions of their members' kinds (as dataclasses makes its
    # methods): as fast as the same function written out by hand, and still only ever
    # derived from the table.

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        """An expression of the JSON form of ``x``; ``ns`` takes the names it uses."""
        write = self._make_writer()
        return x if write is None else f"{_name(ns, write)}({x})"

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        """An expression of :meth:`quick` of ``x`` (evaluated once)."""
        return f"{_name(ns, self.quick_reader())}({x})"

    def _quick_lookup(self) -> Callable[[Any], Any] | None:
        """:meth:`quick` where it is one C-level lookup, for ``map``."""
        return None


def _same(value: Any) -> Any:
    return value


def _never(value: Any = None) -> Any:
    raise TypeError


def _name(ns: dict[str, Any], value: Any) -> str:
    """A fresh name for ``value`` in the namespace ``ns`` of a made expression."""
    name = f"_{len(ns)}"
    ns[name] = value
    return name


def _fresh(ns: dict[str, Any]) -> str:
    """A fresh local name of a made expression."""
    return _name(ns, None)


def _made(expr: Callable[[str, dict[str, Any]], str]) -> Callable[[Any], Any]:
    """The function ``lambda v: <expr of v>``."""
    ns: dict[str, Any] = {"_never": _never}
    body = expr("v", ns)
    made: Callable[[Any], Any] = eval(f"lambda v: {body}", ns)  # noqa: S307 (made from the table only)
    return made


@dataclass(frozen=True)
class Integer(Kind):
    """A JSON integer in ``low`` … ``high`` (never a boolean or ``1.0``)."""

    low: int = 0
    high: int | None = None

    def read(self, reading: Reading, value: object, where: str) -> Any:
        return reading.shape.integer(value, where, self.low, self.high)

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        high = "" if self.high is None else f" <= {self.high}"
        return f"({given} if type({given} := {x}) is int and {self.low} <= {given}{high} else _never())"


@dataclass(frozen=True)
class Flag(Kind):
    """``true`` or ``false``."""

    def read(self, reading: Reading, value: object, where: str) -> Any:
        return reading.shape.boolean(value, where)

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        return f"({given} if type({given} := {x}) is bool else _never())"


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

    def read(self, reading: Reading, value: object, where: str) -> Any:
        return reading.shape.member(self.enum, value, where)

    def _make_writer(self) -> Callable[[Any], Any]:
        return attrgetter("value")

    def _make_quick(self) -> Callable[[Any], Any]:
        return self.by_value.__getitem__

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        return f"{x}.value"

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        return f"{_name(ns, self.by_value)}[{x}]"

    def _quick_lookup(self) -> Callable[[Any], Any] | None:
        return self.by_value.__getitem__


@dataclass(frozen=True)
class Square(Kind):
    """A square of ``grid`` by its name (``what`` names them in a problem)."""

    grid: Grid
    what: str

    def read(self, reading: Reading, value: object, where: str) -> Any:
        return reading.shape.lookup(self.grid.by_name, value, where, self.what)

    def _make_writer(self) -> Callable[[Any], Any]:
        return self.grid.names.__getitem__

    def _make_quick(self) -> Callable[[Any], Any]:
        return self.grid.by_name.__getitem__

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        return f"{_name(ns, self.grid.names)}[{x}]"

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        return f"{_name(ns, self.grid.by_name)}[{x}]"

    def _quick_lookup(self) -> Callable[[Any], Any] | None:
        return self.grid.by_name.__getitem__


@dataclass(frozen=True)
class ListOf(Kind):
    """A JSON array of ``low`` … ``high`` ``item`` s (each described by ``item_doc``);
    ``make`` builds the engine's value from the items read (a tuple unless told)."""

    item: Kind
    item_doc: str = ""
    low: int = 0
    high: int | None = None
    make: Callable[[Iterable[Any]], Any] = tuple

    def read(self, reading: Reading, value: object, where: str) -> Any:
        shape = reading.shape
        items = shape.array(value, where, self.low, self.high)
        if items is None:
            return None
        read_item = self.item.read
        found = [read_item(reading, item, f"{where}/{i}") for i, item in enumerate(items)]
        return self.make(found) if shape.ok else None

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        item = _fresh(ns)
        written = self.item._write_expr(item, ns)
        return f"list({x})" if written == item else f"[{written} for {item} in {x}]"

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        items, item = _fresh(ns), _fresh(ns)
        high = "" if self.high is None else f" <= {self.high}"
        make = "tuple" if self.make is tuple else _name(ns, self.make)
        lookup = self.item._quick_lookup()
        if lookup is not None:
            read = f"map({_name(ns, lookup)}, {items})"
        else:
            read = f"({self.item._quick_expr(item, ns)} for {item} in {items})"
        return (f"({make}({read}) "
                f"if type({items} := {x}) is list and {self.low} <= len({items}){high} else _never())")


@dataclass(frozen=True)
class Text(Kind):
    """A JSON string (a rule id, a sentence): written as it is, never read."""


@dataclass(frozen=True)
class Readings(Kind):
    """The ids of the readings of the rulebook a ruling rests on (``interpretations``):
    strings, written as a list, never read."""

    def _make_writer(self) -> Callable[[Any], Any]:
        return list


@dataclass(frozen=True)
class Word(Kind):
    """One of the strings ``words``, written as it is, never read."""

    words: tuple[str, ...]


@dataclass(frozen=True)
class Tag(Kind):
    """The one value ``value`` of an enum: the member that tells the variants of
    :class:`Variants` apart. Written as its value, never read."""

    value: Enum

    def _make_writer(self) -> Callable[[Any], Any]:
        return attrgetter("value")

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        return f"{x}.value"


@dataclass(frozen=True)
class Keyed(Kind):
    """A JSON object with one member per value of ``enum`` (all of them), each an
    ``item``, from a mapping by the enum's members; ``name`` and ``doc`` name and
    describe it in the document. Written only, never read."""

    name: str
    doc: str
    enum: type[Enum]
    item: Kind
    item_doc: str = ""

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        parts = [f"{m.value!r}: {self.item._write_expr(f'{x}[{_name(ns, m)}]', ns)}" for m in self.enum]
        return "{" + ", ".join(parts) + "}"


@dataclass(frozen=True)
class Rows(Kind):
    """A square table: a JSON array of ``size`` arrays of ``size`` ``item`` s each (the
    rows, described by ``row_doc``), read into one flat tuple row after row and written
    as rows again."""

    item: Integer
    size: int
    item_doc: str = ""
    row_doc: str = ""

    def read(self, reading: Reading, value: object, where: str) -> Any:
        try:
            # The usual table, read in a few C-level passes instead of cell by cell.
            return self.quick(value)
        except (KeyError, TypeError, ValueError):
            pass
        shape, size = reading.shape, self.size
        found = len(shape.problems)
        rows = shape.array(value, where, size, size)
        flat = []
        for r, row in enumerate(rows or ()):
            cells = shape.array(row, f"{where}/{r}", size, size)
            for f, cell in enumerate(cells or ()):
                flat.append(self.item.read(reading, cell, f"{where}/{r}/{f}"))
        return tuple(flat) if rows is not None and len(shape.problems) == found else None

    def _make_quick(self) -> Callable[[Any], Any]:
        size, low, high = self.size, self.item.low, self.item.high
        rows_of, lists, ints = {size}, {list}, {int}
        # Where every byte is within the bounds, bytes() checks the usual table at once.
        bytes_hold = low <= 0 and (high is None or high >= 255)

        def quick(value: Any) -> tuple[int, ...]:
            if type(value) is not list or len(value) != size:
                raise TypeError
            if set(map(type, value)) != lists or set(map(len, value)) != rows_of:
                raise TypeError
            flat = list(chain.from_iterable(value))
            if set(map(type, flat)) != ints:
                raise TypeError
            if bytes_hold:
                try:
                    bytes(flat)  # every item within 0 … 255, in one C-level pass without comparisons
                    return tuple(flat)
                except ValueError:
                    pass
            if min(flat) < low or (high is not None and max(flat) > high):
                raise ValueError
            return tuple(flat)

        return quick

    def _make_writer(self) -> Callable[[Any], Any]:
        starts = range(0, self.size * self.size, self.size)
        size = self.size
        return lambda value: [list(value[start : start + size]) for start in starts]


@dataclass(frozen=True)
class Matching(Kind):
    """A JSON string matching the regular expression ``word`` in full; ``detail`` is the
    sentence of a problem with any other value."""

    word: str
    detail: str
    pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pattern", re.compile(self.word))

    def read(self, reading: Reading, value: object, where: str) -> Any:
        if type(value) is str and self.pattern.fullmatch(value) is not None:
            return value
        reading.shape.fail(where, self.detail)
        return None

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        match = _name(ns, self.pattern.fullmatch)
        return f"({given} if type({given} := {x}) is str and {match}({given}) is not None else _never())"


@dataclass(frozen=True)
class OrNone(Kind):
    """A value of ``kind``, or the string ``word`` for the engine's ``None`` (a walk
    from the reserve: ``"reserve"``)."""

    kind: Kind
    word: str

    def read(self, reading: Reading, value: object, where: str) -> Any:
        return None if value == self.word else self.kind.read(reading, value, where)

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        return f"({self.word!r} if ({given} := {x}) is None else {self.kind._write_expr(given, ns)})"

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        return f"(None if ({given} := {x}) == {self.word!r} else {self.kind._quick_expr(given, ns)})"


@dataclass(frozen=True)
class Const(Kind):
    """Always ``value`` (``"legal": true``): the member that tells the alternatives of
    :class:`Either` apart. Written whatever the engine's value, never read."""

    value: Any

    def _make_writer(self) -> Callable[[Any], Any]:
        value = self.value
        return lambda _: value

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Number(Kind):
    """A JSON number (a judged value): written as it is, never read."""


@dataclass(frozen=True)
class Member:
    """One member of an object: its JSON ``name``, its :class:`Kind`, its description
    for the document, the engine's attribute (``name`` unless told), its ``default``
    when a request leaves it out (:data:`REQUIRED`: it may not), whether it may be null,
    and whether an answer leaves it out when it has no value (``omit``: ``None`` or
    empty) instead of writing ``null``."""

    name: str
    kind: Kind
    doc: str = ""
    attribute: str = ""
    default: Any = REQUIRED
    nullable: bool = False
    omit: bool = False

    def __post_init__(self) -> None:
        if not self.attribute:
            object.__setattr__(self, "attribute", self.name)

    @property
    def required(self) -> bool:
        """Whether a request must give it."""
        return self.default is REQUIRED

    @property
    def written(self) -> bool:
        """Whether an answer always writes it."""
        return not self.omit

    def read(self, reading: Reading, value: object, where: str) -> Any:
        if value is None and self.nullable:
            return None
        return self.kind.read(reading, value, where)

    def write(self, value: Any) -> Any:
        return None if value is None else self.kind.write(value)

    def writer(self) -> Callable[[Any], Any] | None:
        """:meth:`write` (``None`` where the value is written as it is)."""
        write = self.kind._make_writer()
        if write is None or not self.nullable:
            return write
        inner = write

        def write_or_null(value: Any) -> Any:
            return None if value is None else inner(value)

        return write_or_null

    def quick_reader(self) -> Callable[[Any], Any]:
        read = self.kind.quick_reader()
        if not self.nullable:
            return read

        def read_or_null(value: Any) -> Any:
            return None if value is None else read(value)

        return read_or_null


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
    reading_order: tuple[Member, ...] = field(init=False, repr=False, compare=False)
    """The members in the order they are read (and their problems named): stated order."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "required", tuple(m.name for m in self.members if m.required))
        object.__setattr__(self, "names", tuple(m.name for m in self.members))
        object.__setattr__(self, "reading_order", self.members)

    @property
    def optional(self) -> bool:
        """Whether a request may leave out any member, here or in a nested object."""
        return any(not m.required or _optional(m.kind) for m in self.members)

    def read(self, reading: Reading, value: object, where: str) -> Any:
        shape = reading.shape
        obj = shape.obj(value, where, self.required, self.names)
        if obj is None:
            return None
        if self.whole and any(name not in obj for name in self.required):
            return None
        values: dict[str, Any] = {}
        for member in self.reading_order:
            name = member.name
            if name in obj:
                values[member.attribute] = member.read(reading, obj[name], f"{where}/{name}")
            elif not member.required:
                values[member.attribute] = member.default
        return self.build(**values) if shape.ok else None

    def _make_writer(self) -> Callable[[Any], Any]:
        if not any(m.omit for m in self.members):
            return _made(self._write_expr)
        # The members always written in one dict display, each left out when empty added
        # after it in the stated order: one function, made from the table.
        ns: dict[str, Any] = {"_never": _never}
        lines = ["def write(v):"]
        shown = []
        for member in self.members:
            value = f"v.{member.attribute}"
            if member.omit:
                break
            written = member.kind._write_expr(value, ns)
            if member.nullable and written != value:
                written = f"(None if {value} is None else {written})"
            shown.append(f"{member.name!r}: {written}")
        lines.append(f"    out = {{{', '.join(shown)}}}")
        for member in self.members[len(shown):]:
            found = _fresh(ns)
            written = member.kind._write_expr(found, ns)
            if member.omit:
                lines.append(f"    {found} = v.{member.attribute}")
                lines.append(f"    if {found} is not None and {found} != ():")
                lines.append(f"        out[{member.name!r}] = {written}")
            else:
                if member.nullable and written != found:
                    written = f"(None if {found} is None else {written})"
                lines.append(f"    {found} = v.{member.attribute}")
                lines.append(f"    out[{member.name!r}] = {written}")
        lines.append("    return out")
        exec("\n".join(lines), ns)  # noqa: S102 (made from the table only)
        made: Callable[[Any], Any] = ns["write"]
        return made

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        if any(m.omit for m in self.members):
            return f"{_name(ns, self.writer())}({x})"
        parts = []
        for member in self.members:
            value = f"{x}.{member.attribute}"
            written = member.kind._write_expr(value, ns)
            if member.nullable and written != value:
                written = f"(None if {value} is None else {written})"
            parts.append(f"{member.name!r}: {written}")
        return "{" + ", ".join(parts) + "}"

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        # A member left out takes its default, as in the full reading; one that is not
        # stated fails the check of the names, one required and missing the lookup.
        obj = _fresh(ns)
        args = []
        for member in self.members:
            given = _fresh(ns)
            if member.required:
                raw = f"{obj}[{member.name!r}]"
                if member.nullable:
                    read = f"(None if ({given} := {raw}) is None else {member.kind._quick_expr(given, ns)})"
                else:
                    read = member.kind._quick_expr(raw, ns)
            else:
                value = member.kind._quick_expr(given, ns)
                if member.nullable:
                    value = f"(None if {given} is None else {value})"
                missing = _name(ns, _MISSING)
                read = (f"({_name(ns, member.default)} if ({given} := {obj}.get({member.name!r}, {missing})) "
                        f"is {missing} else {value})")
            args.append(read)
        attributes = tuple(m.attribute for m in self.members)
        build = self.build
        if not (is_dataclass(build) and tuple(f.name for f in fields(build)) == attributes):
            args = [f"{a}={arg}" for a, arg in zip(attributes, args, strict=True)]
        if self.optional_here:
            check = f"{_name(ns, frozenset(self.names))}.issuperset({obj})"
        else:
            check = f"len({obj}) == {len(args)}"
        return (f"({_name(ns, build)}({', '.join(args)}) "
                f"if type({obj} := {x}) is dict and {check} else _never())")

    @property
    def optional_here(self) -> bool:
        """Whether a request may leave out one of its own members."""
        return any(not m.required for m in self.members)


_MISSING: Final = object()
"""A member a quick reading did not find (``None`` is a value: JSON's null)."""


def _optional(kind: Kind) -> bool:
    if isinstance(kind, Obj):
        return kind.optional
    if isinstance(kind, ListOf | Keyed):
        return _optional(kind.item)
    return False


@dataclass(frozen=True)
class Variants(Kind):
    """An object of an answer that is one of ``variants`` (objects), the one its
    ``tag`` member names (``{"type": "move", …}``); ``name`` names the union in the
    document. Written only, never read."""

    name: str
    tag: str
    variants: Mapping[Enum, Obj]

    def _make_writer(self) -> Callable[[Any], Any]:
        writers = {value: variant.writer() for value, variant in self.variants.items()}
        get = attrgetter(self.tag)
        return lambda value: writers[get(value)](value)


@dataclass(frozen=True)
class Either(Kind):
    """An object of an answer that is one of ``variants`` (objects told apart by their
    members, as ``legal: true`` or ``false``), the one ``pick`` numbers for the engine's
    value; ``name`` and ``doc`` name and describe it in the document. Written only."""

    name: str
    doc: str
    variants: tuple[Obj, ...]
    pick: Callable[[Any], int]

    def _make_writer(self) -> Callable[[Any], Any]:
        writers = tuple(variant.writer() for variant in self.variants)
        pick = self.pick
        return lambda value: writers[pick(value)](value)


# ------------------------------------------------------ the answers every game shares


ILLEGAL: Final = Member("legal", Const(False), "Always false here.")
"""The ``legal`` member of an answer about an illegal turn."""
LEGAL: Final = Member("legal", Const(True), "Always true here.")
"""The ``legal`` member of an answer about a legal turn."""


def verdict_statement(violation: Obj, part: str) -> Either:
    """The answer of a game's turn validation, ``ValidateAnswer``: ``IllegalAnswer``
    with the game's ``violation`` (the turn's first illegal ``part``: "action", "move"
    …), or ``LegalAnswer``."""
    illegal = Obj("IllegalAnswer", f"The turn is illegal: its first illegal {part}.", (
        ILLEGAL,
        Member("violation", violation),
    ), Verdict)
    legal = Obj("LegalAnswer", "The whole turn is legal.", (LEGAL,), Verdict)
    return Either("ValidateAnswer", f"Whether the turn is legal; if not, its first illegal {part}.",
                       (illegal, legal), is_legal)


def outcome_statement(name: str, doc: str, position: Obj, event: Kind) -> Obj:
    """The answer of playing (part of) a turn, ``name``: the game's ``position`` after it
    and its ``event`` s, in order."""
    return Obj(name, doc, (
        Member("position", position),
        Member("events", ListOf(event)),
    ), Outcome)


def read(kind: Kind, data: object, reading: Reading | None = None) -> Any:
    """The engine's value of the JSON ``data``; raises
    :class:`~service.common.errors.MalformedError` with every shape problem (up to
    :data:`~service.common.errors.MAX_PROBLEMS`). With a ``reading`` of its own the
    value is read in full."""
    if reading is None:
        # The usual, well-formed value is read on the quick path, made from the same
        # table; anything else is read again in full, which names every problem.
        try:
            return kind.quick_reader()(data)
        except (KeyError, TypeError, ValueError):
            pass
        reading = Reading()
    value = kind.read(reading, data, "")
    reading.shape.done()
    return value


def write(kind: Kind, value: Any) -> Any:
    """The JSON form of the engine's ``value``."""
    return kind.write(value)


def writer(kind: Kind, of: type[T], doc: str = "") -> Callable[[T], dict[str, Any]]:
    """A codec's public writer of ``of`` values as ``kind`` states them: ``kind``'s
    writer, typed and described (``doc``) for the codec's readers."""
    write = kind.writer()

    def written(value: T) -> dict[str, Any]:
        found: dict[str, Any] = write(value)
        return found

    written.__doc__ = doc or f"The JSON form of a {of.__name__}, as :data:`{getattr(kind, 'name', '')}` states it."
    return written


def members_of(kind: Kind) -> Sequence[Member]:
    """The members an object kind states."""
    if isinstance(kind, Obj):
        return kind.members
    return ()


# ------------------------------------------------ members stated on an engine's own type
#
# An engine value whose members are the wire's (a seat, a turn's state) states each on
# its dataclass field: the field's type and default are the engine's, its ``metadata``
# the member's kind and description. So a member is declared once, in the engine's type,
# and the statement of the shape is made from the fields.


@dataclass(frozen=True)
class _Stated:
    kind: Kind
    doc: str
    name: str
    default: Any
    nullable: bool
    omit: bool


def stated(
    kind: Kind,
    doc: str = "",
    *,
    name: str = "",
    default: Any = _FIELD,
    required: bool = False,
    nullable: bool = False,
    omit: bool = False,
) -> dict[str, Any]:
    """The ``metadata`` of a dataclass field that is a member of the wire: its ``kind``
    and ``doc``, its JSON ``name`` (the field's unless told), and its default in a
    request: the field's own, unless ``required`` or another ``default`` is given.

    >>> import dataclasses
    >>> @dataclasses.dataclass(frozen=True)
    ... class Brick:
    ...     size: int = dataclasses.field(default=1, metadata=stated(Integer(1, 3), "Its size."))
    >>> [(m.name, m.default) for m in stated_members(Brick)]
    [('size', 1)]
    >>> read(Obj("Brick", "A brick.", stated_members(Brick), Brick), {})
    Brick(size=1)
    """
    return {_WIRE: _Stated(kind, doc, name, REQUIRED if required else default, nullable, omit)}


def stated_members(of: type) -> tuple[Member, ...]:
    """The members stated on the fields of the dataclass ``of`` (:func:`stated`), in
    their order; a field without a statement is not on the wire."""
    members = []
    for f in fields(of):
        statement = f.metadata.get(_WIRE)
        if statement is None:
            continue
        default = statement.default
        if default is _FIELD:
            default = (
                f.default if f.default is not _NO_DEFAULT
                else f.default_factory() if f.default_factory is not _NO_DEFAULT
                else REQUIRED
            )
        members.append(Member(statement.name or f.name, statement.kind, statement.doc, attribute=f.name,
                              default=default, nullable=statement.nullable, omit=statement.omit))
    return tuple(members)


# ------------------------------------------- strings, subsets, records and tagged objects
#
# A request read in two stages reads some values as plain strings and integers whatever
# they say (a unit's name, a tile's figures: whether they exist is a rule's to say); an
# object one schema describes in requests and answers alike; a record written in the
# engine's own order; objects told apart by a tag member of the request itself.


@dataclass(frozen=True)
class String(Kind):
    """A JSON string of ``low`` … ``high`` characters that ``fits`` accepts (any, without
    it), read and written as it is; any other value is ``problem`` (``must be a string``
    unless told). ``pattern`` describes the accepted strings in the document."""

    low: int = 0
    high: int | None = None
    fits: Callable[[str], bool] | None = None
    problem: str = ""
    pattern: str = ""

    def read(self, reading: Reading, value: object, where: str) -> Any:
        if (
            type(value) is str
            and self.low <= len(value)
            and (self.high is None or len(value) <= self.high)
            and (self.fits is None or self.fits(value))
        ):
            return value
        reading.shape.fail(where, self.problem or MUST_BE_STRING())
        return None

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        high = "" if self.high is None else f" and len({given}) <= {self.high}"
        fits = "" if self.fits is None else f" and {_name(ns, self.fits)}({given})"
        return f"({given} if type({given} := {x}) is str and {self.low} <= len({given}){high}{fits} else _never())"


@dataclass(frozen=True)
class AnyInteger(Kind):
    """A JSON integer of any value (never a boolean or ``1.0``): whether it is in range is
    a rule's to say (a tile's figures, L1), not the shape's."""

    def read(self, reading: Reading, value: object, where: str) -> Any:
        if type(value) is int:
            return value
        reading.shape.fail(where, MUST_BE_INTEGER())
        return None

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        given = _fresh(ns)
        return f"({given} if type({given} := {x}) is int else _never())"


def json_value(value: Any) -> Any:
    """A value as JSON writes it: an enum member's value, anything else as it is.

    >>> class Tint(Enum):
    ...     RED = "red"
    >>> json_value(Tint.RED), json_value(True)
    ('red', True)
    """
    return value.value if isinstance(value, Enum) else value


@dataclass(frozen=True)
class Among(Kind):
    """One of ``values`` (some members of an enum, or strings), written as its JSON value;
    any other value ``must be one of`` them."""

    values: tuple[Any, ...]
    by_value: Mapping[Any, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_value", {json_value(v): v for v in self.values})

    @property
    def names(self) -> list[Any]:
        """The JSON values, in order."""
        return list(self.by_value)

    def read(self, reading: Reading, value: object, where: str) -> Any:
        found = self.by_value.get(value) if type(value) is str else None
        if found is None:
            reading.shape.fail(where, MUST_BE_ONE_OF(allowed=", ".join(repr(n) for n in self.by_value)))
        return found

    def _make_writer(self) -> Callable[[Any], Any]:
        return json_value

    def _quick_expr(self, x: str, ns: dict[str, Any]) -> str:
        # Only strings name a value (as in the full reading); a list is no key at all.
        given = _fresh(ns)
        return f"({_name(ns, self.by_value)}[{given}] if type({given} := {x}) is str else _never())"


@dataclass(frozen=True)
class Ordered(Obj):
    """An object read in ``order`` (the names of its members), where that differs from
    the order they are written and described in: the order its problems have always
    been named in (a ledger's buildings before its groups)."""

    order: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.order:
            by_name = {m.name: m for m in self.members}
            object.__setattr__(self, "reading_order", tuple(by_name[name] for name in self.order))


@dataclass(frozen=True)
class Shared(Ordered):
    """An object that a request and an answer describe with one schema, the request's (a
    member with a default may be left out), under the object's own name: a ledger, which
    an answer writes whole and a request may give in part."""


def given(**members: Any) -> dict[str, Any]:
    """The members that have a value, in the stated order: a :class:`Record`'s value."""
    return {name: value for name, value in members.items() if value is not None}


@dataclass(frozen=True)
class Record(Shared):
    """An object whose value is the mapping of the members it has (each stated with the
    default ``None`` and ``omit``), read in the stated order and written in the mapping's
    own, each member by its stated kind: a supply of resources, an event."""

    build: Callable[..., Any] = given

    def _make_writer(self) -> Callable[[Any], Any]:
        writers = {m.name: m.writer() or _same for m in self.members}
        return lambda value: {name: writers[name](found) for name, found in value.items()}

    def _write_expr(self, x: str, ns: dict[str, Any]) -> str:
        return f"{_name(ns, self.writer())}({x})"


@dataclass(frozen=True)
class ByTag(Kind):
    """A JSON object that is one of ``variants`` (objects, each built by its own class),
    the one its ``tag`` member names (``{"type": "hire", "figures": 2}``); ``name`` names
    the union and ``tag_doc`` describes the tag in each variant's schema (``{value}``: its
    value). Read and written: the tag, then the variant's members. An object whose tag
    names no variant is one problem, at its tag."""

    name: str
    tag: str
    tag_doc: str
    variants: Mapping[str, Obj]

    def read(self, reading: Reading, value: object, where: str) -> Any:
        shape = reading.shape
        if type(value) is not dict:
            shape.fail(where, MUST_BE_OBJECT())
            return None
        chosen = value.get(self.tag)
        variant = self.variants.get(chosen) if type(chosen) is str else None
        if variant is None:
            shape.fail(f"{where}/{self.tag}", MUST_BE_ONE_OF(allowed=", ".join(repr(v) for v in self.variants)))
            return None
        return variant.read(reading, {k: v for k, v in value.items() if k != self.tag}, where)

    def _make_quick(self) -> Callable[[Any], Any]:
        tag = self.tag
        readers = {value: variant.quick_reader() for value, variant in self.variants.items()}

        def quick(value: Any) -> Any:
            if type(value) is not dict:
                raise TypeError
            chosen = value[tag]
            if type(chosen) is not str:
                raise TypeError
            return readers[chosen]({k: v for k, v in value.items() if k != tag})

        return quick

    def _make_writer(self) -> Callable[[Any], Any]:
        tag = self.tag
        writers = {variant.build: (value, variant.writer()) for value, variant in self.variants.items()}

        def write_tagged(value: Any) -> Any:
            chosen, write = writers[type(value)]
            return {tag: chosen, **write(value)}

        return write_tagged
