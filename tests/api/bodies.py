"""Request bodies for the HTTP tests: positions as JSON, changed in a few places."""

from __future__ import annotations

import copy
from typing import Any

from service.terra_turrium import position_to_dict, setup_position

PROBLEM = "application/problem+json"


def position(players: int = 4, **changes: Any) -> dict[str, Any]:
    """The JSON of a new game's position with top-level ``changes`` applied;
    ``seat_changes={seat index: {member: value}}`` changes single seats."""
    data = position_to_dict(setup_position(players))
    for seat_index, seat_changes in changes.pop("seat_changes", {}).items():
        data["seats"][seat_index].update(seat_changes)
    data.update(changes)
    return data


def with_heights(data: dict[str, Any], **heights: int) -> dict[str, Any]:
    """``data`` with the heights of some squares set: ``with_heights(p, c7=3)``."""
    data = copy.deepcopy(data)
    for name, height in heights.items():
        rank, file = int(name[1:]) - 1, "abcdefghij".index(name[0])
        data["heights"][rank][file] = height
    return data


#: The value that removes a member in :func:`change_member`.
DROP = object()


def change_member(body: Any, where: str, member: str, value: Any) -> None:
    """Set ``member`` of the object at the JSON pointer ``where`` in ``body`` to ``value``
    (in place), or remove it for :data:`DROP`."""
    target: Any = body
    for part in where.split("/")[1:]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if value is DROP:
        del target[member]
    else:
        target[member] = value
