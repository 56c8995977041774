"""Mistakes made on purpose, for the tests that compare each game's quick load with
marshmallow's: every place of a JSON value, the value with one mistake at each kind of
place, and schemas kept for the full load alone."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from functools import cache
from typing import Any

from service.common.schema import Schema

#: Values a client gets wrong: other JSON types, look-alikes (1.0, true for 1), names
#: of other things, every bound of a counter (attacks 5, captures 2, in_hand 3,
#: bonus_stones 999, a height 9999, and 255 where the quick reading of heights changes
#: method).
JUNK = [None, True, False, 1.0, "", "a1", "k1", "A1", "NW", "reserve", "take", "move", "yellow", "Yellow",
        [], ["a1"], ["zz"], {}, {"a": 1}, *range(-1, 8), 255, 256, 999, 1000, 9999, 10_000]



def paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    yield path
    if isinstance(value, dict):
        for key, member in value.items():
            yield from paths(member, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*path, index))


def kinds_of_place(value: Any) -> list[tuple[Any, ...]]:
    """The first two places of each kind (``seats/*/attacks``, ``heights/*/*`` …)."""
    kinds: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
    for path in paths(value):
        kind = tuple("*" if isinstance(part, int) else part for part in path)
        kinds.setdefault(kind, []).append(path)
    return [path for paths in kinds.values() for path in paths[:2]]


def mutated(value: Any, path: tuple[Any, ...], how: str, junk: Any) -> Any:
    """``value`` with the place at ``path`` replaced by ``junk``, removed, or given an
    extra member or item. Only the containers on the way to ``path`` are copied: the rest
    is shared with ``value``, which no reader changes."""
    if not path:
        return junk
    value = copy.copy(value)
    parent = value
    for part in path[:-1]:
        parent[part] = copy.copy(parent[part])
        parent = parent[part]
    last = path[-1]
    if how == "remove":
        del parent[last]
    elif how == "add" and isinstance(parent[last], dict):
        parent[last] = {**parent[last], "extra": junk}
    elif how == "add" and isinstance(parent[last], list):
        parent[last] = [*parent[last], junk]
    else:
        parent[last] = junk
    return value


def mistakes(value: Any) -> Iterator[Any]:
    """``value`` with one mistake, every way :data:`JUNK` and :func:`_mutated` allow."""
    for path in kinds_of_place(value):
        for how in ("replace", "remove", "add"):
            for junk in JUNK if how != "remove" else [None]:
                yield mutated(value, path, how, junk)


@cache
def fresh(schema: type[Schema]) -> Schema:
    """A schema of the full path's own, used only with the quick readings refused, so
    that its quick loader is never made."""
    return schema()
