"""A helper the games' wire tests share: a JSON value with one place replaced."""

from __future__ import annotations

from typing import Any


def replaced(data: Any, pointer: str, value: Any) -> Any:
    """``data`` with the value at the JSON ``pointer`` replaced by ``value``."""
    if not pointer:
        return value
    head, _, rest = pointer[1:].partition("/")
    if isinstance(data, list):
        index = int(head)
        return [*data[:index], replaced(data[index], "/" + rest if rest else "", value), *data[index + 1:]]
    return {**data, head: replaced(data[head], "/" + rest if rest else "", value)}
