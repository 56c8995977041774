"""The request schemas of the games whose shapes are described by marshmallow schemas
(:mod:`service.common.schema`): a body or a query string, loaded on the quick path when
well-formed, its engine values' rules checked once the whole request is well-formed, and
the error answers it can give beyond the 400, 413 and 415 of every body.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from marshmallow import ValidationError, validate

from service.api.suggest import DEFAULT_BUDGET_MS, DEFAULT_LEVEL
from service.common.budget import LEVELS, MAX_BUDGET_MS, MAX_BUDGET_NODES, MAX_SEED
from service.common.errors import RuleError
from service.common.schema import Integer, Schema
from service.common.shapes import MUST_BE_ONE_OF, token


class Query(Schema):
    """A request body (or, with ``context_location`` ``"query"``, a query string).

    ``problems``: the error answers (components of the document, by status) the
    operation can give beyond the 400, 413 and 415 every body can get. ``checks``: per
    member, ``check(value, pointer)``, the rules of its engine value, run once every
    member is well-formed (a rule broken is 422, never mixed into a 400's reasons).
    """

    problems: ClassVar[Mapping[int, str]] = {}
    context_location: ClassVar[str] = "json"
    checks: ClassVar[Mapping[str, Callable[[Any, str], None]]] = {}

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: Any = None) -> Any:
        """The request's members, loaded on the quick path made from this schema when the
        body is well-formed, else by marshmallow (which names every mistake)."""
        if many is None and partial is None and unknown is None and self.context_location == "json":
            try:
                return self.quick(data)
            except (KeyError, TypeError, ValueError):
                pass
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def made(self, data: dict[str, Any]) -> Any:
        for name, check in type(self).checks.items():
            if name in data:
                field = self.fields[name]
                pointer = "/" + token(field.data_key or name)
                try:
                    check(data[name], pointer)
                except RuleError as error:
                    raise error.under(pointer) from None
        return data


class Digits(Integer):
    """An integer query parameter in ASCII digits (no sign, no spaces, no ``٤``) in
    ``low`` … ``high``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6):
            raise self.make_error("invalid")
        return int(value)


class Among(validate.OneOf):
    """One of the integers ``choices`` (the document's ``enum``)."""

    def __init__(self, choices: tuple[int, ...]) -> None:
        super().__init__(choices)
        self.mistake = MUST_BE_ONE_OF(allowed=", ".join(map(str, choices)))

    def __call__(self, value: Any) -> Any:
        if value not in self.choices:
            raise ValidationError(self.mistake)
        return value


def suggest_fields() -> dict[str, Any]:
    """``level``, ``seed``, ``budget_ms`` and ``budget_nodes`` of a ``/turns/suggest``
    request (:func:`service.api.suggest.options_of` reads them)."""

    def doc(text: str) -> dict[str, str]:
        return {"description": text}

    level = Integer(min(LEVELS), max(LEVELS), metadata=doc(
        "1 a beginner, 2 greedy over the turn's actions, 3 a search within the budget (docs/engine.md). "
        f"Default {DEFAULT_LEVEL}."))
    level.validators = [Among(LEVELS)]
    return {
        "level": level,
        "seed": Integer(0, MAX_SEED, metadata=doc(
            "The player's dice: the same request with the same seed answers the same turn (when no time limit cut "
            "the search). Default 0.")),
        "budget_ms": Integer(1, MAX_BUDGET_MS, metadata=doc(
            f"The most milliseconds the search may take. Default {DEFAULT_BUDGET_MS}.")),
        "budget_nodes": Integer(1, MAX_BUDGET_NODES, metadata=doc(
            "The most positions the search may judge: a bound the same on every machine. Default: no bound but "
            "the time.")),
    }
