"""Terra Turrium's dense shape: the heights, a 10 × 10 table, as one marshmallow field
(:class:`Heights`) read in a few C-level passes, where ``List(List(Integer))`` would
judge each of its 100 cells as a field of its own.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Final

from marshmallow import ValidationError, fields

from service.common.errors import MAX_PROBLEMS
from service.common.schema import Between, Entries, Integer, List, Worded
from service.common.shapes import MUST_BE_ARRAY, MUST_BE_INTEGER
from service.terra_turrium.board import SIZE
from service.terra_turrium.position import MAX_HEIGHT


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
