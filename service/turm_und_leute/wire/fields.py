"""The fields and schema bases of Turm und Leute's schemas (:mod:`.schemas`), beside the
common ones of :mod:`service.common.schema`, in marshmallow's terms.

They keep the problems exactly as the contract has always named them:

- a value of a wrong type is the member's own mistake even when it is null (``must be an
  integer``, never ``must not be null``): each field made by :func:`integer`,
  :func:`flag`, :func:`choice`, :func:`nested` or :func:`listing` says so;
- :class:`StopAtMissing`: an object that misses a required member is not loaded any
  further (its unknown and missing members are its problems);
- :class:`Ordered`: members read, and their problems named, in another order than they
  are written (a ledger's buildings before its groups);
- a unit's name is any string and a tile's figures any integer (:class:`Name`,
  :class:`AnyInteger`): whether they fit the edition is a rule (L1), not the shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar, Final, TypeVar

from marshmallow import RAISE, ValidationError, fields, post_dump

from service.common.refusal import N_, Text
from service.common.schema import (
    Choice,
    Entries,
    Flag,
    Integer,
    List,
    Nested,
    Schema,
    String,
    Word,
    Worded,
)
from service.common.shapes import (
    MUST_BE_ARRAY,
    MUST_BE_BOOLEAN,
    MUST_BE_INTEGER,
    MUST_BE_OBJECT,
    MUST_BE_ONE_OF,
    MUST_BE_STRING,
    NOT_A_MEMBER,
    REQUIRED,
)
from service.turm_und_leute.combat import Role

MAX_ID: Final = 40
"""The longest group id."""
GROUP_NAME_WORD: Final = "/(?:target|(attackers|helpers)/(0|[1-9][0-9]*))"
"""A group's name, a JSON pointer into the fight: ``/target``, ``/attackers/N``, ``/helpers/N``."""
_GROUP_NAME: Final = re.compile(GROUP_NAME_WORD)
NOT_A_GROUP: Final = N_("must name a group: /target, /attackers/N or /helpers/N")
NOT_AN_ID: Final = N_("must be a string of 1 to {most} characters")


def described(text: str) -> dict[str, Any]:
    return {"description": text} if text else {}


F = TypeVar("F", bound=fields.Field[Any])


def _own(made: F, mistake: Text) -> F:
    """``made``, whose null is ``mistake``: the mistake of any other value of a wrong type."""
    made.error_messages["null"] = mistake
    return made


def integer(low: int = 0, high: int | None = None, doc: str = "", **kwargs: Any) -> Integer:
    return _own(Integer(low, high, metadata=described(doc), **kwargs), MUST_BE_INTEGER())


def flag(doc: str = "", **kwargs: Any) -> Flag:
    return _own(Flag(metadata=described(doc), **kwargs), MUST_BE_BOOLEAN())


def choice(enum: Any, doc: str = "", **kwargs: Any) -> Choice:
    made = Choice(enum, metadata=described(doc), **kwargs)
    return _own(made, made.mistake)


def nested(schema: Any, doc: str = "", **kwargs: Any) -> Nested:
    return _own(Nested(schema, metadata=described(doc), **kwargs), MUST_BE_OBJECT())


def listing(item: fields.Field[Any], doc: str = "", low: int = 0, high: int | None = None,
            **kwargs: Any) -> List:
    return _own(List(item, low, high, metadata=described(doc), **kwargs), MUST_BE_ARRAY())


def json_value(value: Any) -> Any:
    return getattr(value, "value", value)


class Name(String):
    """Any JSON string, read as it is (a unit's name, which L1 judges): dumped from a
    string or an enum member."""

    def __init__(self, doc: str = "", **kwargs: Any) -> None:
        super().__init__(metadata=described(doc), **kwargs)
        self.error_messages["null"] = MUST_BE_STRING()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not str:
            raise self.make_error("invalid")
        return value

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else json_value(value)


class Ident(Name):
    """A group's id: a string of 1 to :data:`MAX_ID` characters; anything else is one
    mistake, whatever its type."""

    def __init__(self, doc: str = "", **kwargs: Any) -> None:
        super().__init__(doc, **kwargs)
        length = Entries(1, MAX_ID)
        length.mistake = self.mistake = NOT_AN_ID(most=MAX_ID)
        self.validators = [length]
        self.error_messages["null"] = self.error_messages["invalid"] = self.mistake


class GroupName(Name):
    """A group of a fight by its JSON pointer into the request (``/attackers/1``), loaded
    as its role and index."""

    def __init__(self, doc: str = "", **kwargs: Any) -> None:
        super().__init__(doc, **kwargs)
        self.metadata = {"pattern": f"^{GROUP_NAME_WORD}$", **self.metadata}
        self.error_messages["null"] = self.error_messages["invalid"] = NOT_A_GROUP()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        found = parse_group_name(value)
        if found is None:
            raise self.make_error("invalid")
        return found


def parse_group_name(name: object) -> tuple[Role, int] | None:
    """The role and index a group name stands for, or ``None``.

    >>> parse_group_name("/helpers/1"), parse_group_name("/target"), parse_group_name("/helpers/01")
    ((<Role.HELPER: 'helpers'>, 1), (<Role.TARGET: 'target'>, 0), None)
    """
    found = _GROUP_NAME.fullmatch(name) if type(name) is str else None
    if found is None:
        return None
    role, index = found.groups()
    return (Role.TARGET, 0) if role is None else (Role(role), int(index))


class AnyInteger(Integer):
    """A JSON integer of any value: whether it is in range is a rule's to say (a tile's
    figures, L1), not the shape's."""

    def __init__(self, doc: str = "", **kwargs: Any) -> None:
        super().__init__(metadata=described(doc), **kwargs)
        self.validators = []
        self.error_messages["null"] = MUST_BE_INTEGER()


class Among(Worded, fields.String):
    """One of ``values`` (some members of an enum, or strings), given as its JSON value."""

    def __init__(self, values: tuple[Any, ...], doc: str = "", **kwargs: Any) -> None:
        self.by_value = {json_value(v): v for v in values}
        metadata = {**described(doc), "enum": list(self.by_value), **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.mistake = MUST_BE_ONE_OF(allowed=", ".join(repr(n) for n in self.by_value))
        self.error_messages["null"] = self.mistake

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        found = self.by_value.get(value) if type(value) is str else None
        if found is None:
            raise ValidationError(self.mistake)
        return found

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else json_value(value)


# -------------------------------------------------------------------------- schemas


class Ordered(Schema):
    """A schema whose members named in ``load_order`` are loaded, and their problems named,
    first and in that order, where that differs from the order they are written and
    described in; the others after them, in their order."""

    load_order: ClassVar[tuple[str, ...]] = ()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.load_order:
            order = [*self.load_order, *(name for name in self.load_fields if name not in self.load_order)]
            self.load_fields = {name: self.load_fields[name] for name in order}


class StopAtMissing(Schema):
    """An object that is not loaded any further when it misses a required member: its
    problems are then only its unknown members (in the order sent) and its missing ones."""

    def _members(self) -> tuple[frozenset[str], tuple[str, ...]]:
        """Its members' names and the required ones', found once."""
        found: tuple[frozenset[str], tuple[str, ...]] | None = self.__dict__.get("_found_members")
        if found is None:
            loaded = {f.data_key or name: f for name, f in self.fields.items() if not f.dump_only}
            found = frozenset(loaded), tuple(key for key, f in loaded.items() if f.required)
            self.__dict__["_found_members"] = found
        return found

    def _deserialize(self, data: Any, *, error_store: Any, many: bool = False, partial: Any = None,
                     unknown: Any = RAISE, index: Any = None) -> Any:
        if not many and type(data) is dict:
            keys, required = self._members()
            missing = [key for key in required if key not in data]
            if missing:
                for key in data:
                    if key not in keys:
                        error_store.store_error([NOT_A_MEMBER()], key)
                for key in missing:
                    error_store.store_error([REQUIRED()], key)
                return {}
        return super()._deserialize(data, error_store=error_store, many=many, partial=partial,
                                    unknown=unknown, index=index)


class Record(Schema):
    """An object whose value is the mapping of the members it has, each optional: loaded
    as that mapping, dumped in the mapping's own order (a supply, an event)."""

    @post_dump(pass_original=True)
    def _in_its_order(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict[str, Any]:
        return {key: data[key] for key in original if key in data}


class Records(List):
    """A list of :class:`Record` objects (an answer's events), written in one pass: each the
    mapping of the members it has, in its own order, its values as :class:`Record` writes
    them (an enum member by its value, a list of them by theirs)."""

    def __init__(self, record: type[Record], **kwargs: Any) -> None:
        super().__init__(Nested(record), **kwargs)
        self.error_messages["null"] = MUST_BE_ARRAY()

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        return [{key: _plain(found) for key, found in record.items()} for record in value]


def _plain(value: Any) -> Any:
    if type(value) is tuple or type(value) is list:
        return [json_value(entry) for entry in value]
    return json_value(value)


_GROUP_MEMBERS: Final = frozenset(("id", "kind", "figures", "markers", "actions_used", "off_board"))
_GROUP_TYPES: Final = (int, int, int, bool)


def _group(raw: Any, build: Callable[..., Any]) -> Any:
    """A well-formed group, made by ``build`` (``None``: it has a mistake, which the
    group's schema names)."""
    if type(raw) is not dict or not _GROUP_MEMBERS.issuperset(raw):
        return None
    ident, kind, figures = raw.get("id"), raw.get("kind"), raw.get("figures")
    markers, used, off = raw.get("markers", 0), raw.get("actions_used", 0), raw.get("off_board", False)
    if type(ident) is not str or not 1 <= len(ident) <= MAX_ID or type(kind) is not str:
        return None
    if (type(figures), type(markers), type(used), type(off)) != _GROUP_TYPES or markers < 0 or used < 0:
        return None
    return build(ident, kind, figures, markers, used, off)


class Groups(List):
    """A ledger's groups (the document's array of ``group``, the schema of one), read and
    written in one pass over them: a list with a mistake is read group by group by
    ``group``, which names every problem."""

    def __init__(self, group: type[Schema], doc: str, **kwargs: Any) -> None:
        super().__init__(nested(group), metadata=described(doc), **kwargs)
        self.error_messages["null"] = MUST_BE_ARRAY()
        assert group.build is not None
        self.build: Callable[..., Any] = group.build

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is list:
            build = self.build
            found = tuple(_group(raw, build) for raw in value)
            if None not in found:
                return found
        return super()._deserialize(value, attr, data, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        return [{"id": group.id, "kind": json_value(group.kind), "figures": group.figures,
                 "markers": group.markers, "actions_used": group.actions_used, "off_board": group.off_board}
                for group in value]


def count(text: str) -> Integer:
    """A count a record has only where it has one."""
    return integer(0, doc=text)


class Tag(Word):
    """The ``type`` of an action: its one value, dumped whatever the action (``always``)."""

    def __init__(self, value: str) -> None:
        super().__init__([value], required=True, dump_default=value, metadata=described(f"`{value}`."))

