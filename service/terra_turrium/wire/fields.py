"""Terra Turrium's dense shape: the heights, a 10 × 10 table, as one marshmallow field
(:class:`Heights`) read in a few C-level passes, where ``List(List(Integer))`` would
judge each of its 100 cells as a field of its own; and the other fields its schemas are
made of (a square, a seat id, a walk's start, an option …).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import Field
from itertools import chain
from typing import Any, ClassVar, Final, TypeVar

from marshmallow import ValidationError, fields

from service.common.errors import MAX_PROBLEMS
from service.common.refusal import N_
from service.common.schema import Between, Choice, Entries, Flag, Integer, List, Nested, Square, Word, Worded
from service.common.shapes import MUST_BE_ARRAY, MUST_BE_INTEGER, MUST_BE_OBJECT
from service.terra_turrium.actions import Segment, TurnPlan
from service.terra_turrium.board import CLOCKWISE, GRID, SIZE, SQUARE_NAMES, Territory
from service.terra_turrium.position import (
    MAX_HEIGHT,
    SEAT_ID_MISMATCH,
    SEAT_ID_PATTERN,
    SEAT_ID_WORD,
    SQUARE_DOC,
    SQUARE_WORDS,
    Phase,
)


def _doc(text: str) -> dict[str, Any]:
    return {"description": text}


class Heights(Worded, fields.List[Any]):
    """The heights: a JSON array of ``SIZE`` ranks of ``SIZE`` integers 0 … ``MAX_HEIGHT``,
    loaded into one flat tuple rank after rank and dumped as ranks again. One field for
    the whole table (the document shows its ranks and cells): the usual table is read in
    a few C-level passes, and a table with mistakes is walked cell by cell, naming each
    (at most :data:`~service.common.errors.MAX_PROBLEMS`)."""

    default_error_messages = {"invalid": MUST_BE_ARRAY}

    def __init__(self, doc: str, **kwargs: Any) -> None:
        self.cell = Integer(0, MAX_HEIGHT, metadata=_doc("Stones on the square (B5)."))
        rank = List(self.cell, SIZE, SIZE, metadata=_doc("One rank, file a first."))
        self.entries = Entries(SIZE, SIZE)
        super().__init__(rank, validate=self.entries, metadata=_doc(doc), **kwargs)
        self.error_messages["null"] = MUST_BE_ARRAY()
        self.out_of_bounds = Between(0, MAX_HEIGHT).mistake

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        found = _well_formed(value)
        if found is not None:
            return found
        if type(value) is not list:
            raise self.make_error("invalid")
        self.entries(value)
        errors: dict[int, Any] = {}
        count = 0
        for r, row in enumerate(value):
            if type(row) is not list:
                errors[r], count = [MUST_BE_ARRAY()], count + 1
            elif len(row) != SIZE:
                errors[r], count = [self.entries.mistake], count + 1
            else:
                for f, cell in enumerate(row):
                    if type(cell) is not int:
                        errors.setdefault(r, {})[f] = [MUST_BE_INTEGER()]
                    elif not 0 <= cell <= MAX_HEIGHT:
                        errors.setdefault(r, {})[f] = [self.out_of_bounds]
                    else:
                        continue
                    count += 1
                    if count >= MAX_PROBLEMS:
                        break
            if count >= MAX_PROBLEMS:
                break
        raise ValidationError(errors)

    def _validate(self, value: Any) -> None:
        """Nothing more: the bounds (``validators``, for the document) are judged while reading."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [list(value[start : start + SIZE]) for start in _STARTS]


_LISTS: Final = {list}
_RANKS: Final = {SIZE}
_INTS: Final = {int}
_STARTS: Final = range(0, SIZE * SIZE, SIZE)


def _well_formed(value: Any) -> tuple[int, ...] | None:
    """A table without a mistake, read in a few C-level passes (``None``: it has one)."""
    if type(value) is not list or len(value) != SIZE:
        return None
    if set(map(type, value)) != _LISTS or set(map(len, value)) != _RANKS:
        return None
    flat = list(chain.from_iterable(value))
    if set(map(type, flat)) != _INTS:
        return None
    try:
        bytes(flat)  # every cell within 0 … 255, in one C-level pass
    except ValueError:
        if min(flat) < 0:
            return None
    return tuple(flat) if max(flat) <= MAX_HEIGHT else None


# ------------------------------------------------------------------ the other fields


RESERVE: Final = "reserve"
"""How the contract names the reserve as the start of a walk (M9)."""
VIOLATION_TURN: Final = "turn"
"""The ``phase`` of a violation of the turn as a whole."""
ORIGIN_WORDS: Final = N_("a square a1 … {last} or 'reserve'")(last=SQUARE_NAMES[-1])
ORIGIN_PATTERN: Final = f"^(?:{RESERVE}|{GRID.name_pattern})$"


F = TypeVar("F", bound=fields.Field[Any])


def _strict(field: F, mistake: Any) -> F:
    """``field``, whose null is the same mistake as any other value it does not take
    (``"attacks": null`` must be an integer, as ``"attacks": "0"``)."""
    field.error_messages = {**field.error_messages, "null": mistake}
    return field


def square(doc: str = SQUARE_DOC, **kwargs: Any) -> Square:
    """A square of the 10 × 10 board by its name."""
    made = Square(GRID, SQUARE_WORDS, metadata=_doc(doc) | kwargs.pop("metadata", {}), **kwargs)
    return _strict(made, made.mistake)


def squares(doc: str = "", item: str = SQUARE_DOC, low: int = 0, **kwargs: Any) -> List:
    """Squares by name, in the order given (``make``: board order …)."""
    made = List(square(item), low, metadata=_doc(doc) if doc else {}, **kwargs)
    return _strict(made, MUST_BE_ARRAY())


def integer(doc: str, low: int = 0, high: int | None = None, **kwargs: Any) -> Integer:
    return _strict(Integer(low, high, metadata=_doc(doc), **kwargs), MUST_BE_INTEGER())


def flag(doc: str, **kwargs: Any) -> Flag:
    made = Flag(metadata=_doc(doc), **kwargs)
    return _strict(made, made.error_messages["invalid"]())


def choice(enum: Any, doc: str, **kwargs: Any) -> Choice:
    made = Choice(enum, metadata=_doc(doc), **kwargs)
    return _strict(made, made.mistake)


class SeatId(Worded, fields.String):
    """A seat id: a lower-case letter, then up to 15 lower-case letters, digits, ``_`` or ``-``."""

    match: ClassVar = re.compile(SEAT_ID_WORD).fullmatch
    mistake: ClassVar = SEAT_ID_MISMATCH(pattern=SEAT_ID_PATTERN)

    def __init__(self, doc: str = "", **kwargs: Any) -> None:
        super().__init__(metadata={**(_doc(doc) if doc else {}), "pattern": SEAT_ID_PATTERN}, **kwargs)
        self.error_messages["null"] = self.mistake

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is str and self.match(value) is not None:
            return value
        raise ValidationError(self.mistake)

    _serialize = staticmethod(lambda value, *args, **kwargs: value)


def seat_ids(doc: str, item: str = "A seat.", **kwargs: Any) -> List:
    return _strict(List(SeatId(item), metadata=_doc(doc), **kwargs), MUST_BE_ARRAY())


class Origin(Square):
    """Where a walk starts: a square, or ``"reserve"`` for the engine's ``None`` (M9)."""

    def __init__(self, doc: str, **kwargs: Any) -> None:
        super().__init__(GRID, ORIGIN_WORDS, metadata={**_doc(doc), "pattern": ORIGIN_PATTERN}, **kwargs)
        self.error_messages["null"] = self.mistake

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return None if value == RESERVE else super()._deserialize(value, attr, data, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return RESERVE if value is None else self.names[value]


class PhaseOrTurn(Word):
    """A violation's phase, or ``"turn"`` (the engine's ``None``) for the turn as a whole."""

    def __init__(self, doc: str, **kwargs: Any) -> None:
        super().__init__([*(p.value for p in Phase), VIOLATION_TURN], metadata=_doc(doc), **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return VIOLATION_TURN if value is None else value.value


def _clockwise(territories: Iterable[Territory]) -> tuple[Territory, ...]:
    return tuple(sorted(territories, key=CLOCKWISE.index))


def _option(option: Field[Any]) -> fields.Field[Any]:
    """An option's member: a flag, or one of its enum's values; its default the option's."""
    default: Any = option.default
    shown = str(default).lower() if isinstance(default, bool) else f"`{default.value}`"
    doc = f"{option.metadata['rule']}. Default {shown}."
    if isinstance(default, bool):
        return flag(doc, load_default=default)
    return choice(type(default), doc, load_default=default)


def nested(schema: Any, doc: str = "", **kwargs: Any) -> Nested:
    """An object of ``schema``; null is no object, as any other value that is not one."""
    made = Nested(schema, metadata=_doc(doc) if doc else {}, **kwargs)
    return _strict(made, MUST_BE_OBJECT())


def objects(
    schema: Any, doc: str = "", low: int = 0, high: int | None = None, **kwargs: Any
) -> List:
    """An array of objects of ``schema``."""
    made = List(nested(schema), low, high, metadata=_doc(doc) if doc else {}, **kwargs)
    return _strict(made, MUST_BE_ARRAY())


# ------------------------------------------------------------------------- the turn

_TURN_MEMBERS: Final = frozenset(("take", "place", "move"))
_SEGMENT_MEMBERS: Final = {"from", "path"}


def _each(raw: Any, read: Any) -> tuple[Any, ...]:
    """``read`` of each entry of the JSON array ``raw`` (TypeError: it is none)."""
    if type(raw) is not list:
        raise TypeError
    return tuple(map(read, raw))


def _segment(raw: Any) -> Segment:
    if type(raw) is not dict or raw.keys() != _SEGMENT_MEMBERS:
        raise TypeError
    origin, path = raw["from"], _each(raw["path"], GRID.by_name.__getitem__)
    if not path or type(origin) is not str:
        raise TypeError
    return Segment(None if origin == RESERVE else GRID.by_name[origin], path)


def _turn_plan(raw: Any) -> TurnPlan | None:
    """A well-formed turn (``None``: it has a mistake, which the turn's schema names)."""
    if type(raw) is not dict or not _TURN_MEMBERS.issuperset(raw):
        return None
    try:
        return TurnPlan(_each(raw.get("take", []), GRID.by_name.__getitem__),
                        _each(raw.get("place", []), GRID.by_name.__getitem__),
                        _each(raw.get("move", []), _segment))
    except (KeyError, TypeError):
        return None


class TurnMember(Nested):
    """A request's turn (an object of ``schema``, the document's ``Turn``): the usual turn
    is read in one pass; a turn with a mistake is read by ``schema``, which names every
    problem (a nested schema, its three lists and a schema per walk are marshmallow's
    per-schema work on validation's hot path; docs/performance.md)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Any, partial: Any = None, **kwargs: Any
    ) -> Any:
        found = _turn_plan(value)
        return found if found is not None else super()._deserialize(value, attr, data, partial, **kwargs)
