"""The base of every game's request schemas (:class:`Query`, on the fields of
:mod:`service.common.schema`) and the fields only requests have. A request is a body or
a query string, loaded by marshmallow (through webargs), its engine values' rules
checked once the whole request is well-formed, with the error answers it can give
beyond the 400, 413 and 415 of every body.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from marshmallow import ValidationError, fields, validate

from service.common.budget import (
    DEFAULT_BUDGET_MS,
    DEFAULT_LEVEL,
    LEVELS,
    MAX_BUDGET_MS,
    MAX_BUDGET_NODES,
    MAX_SEED,
)
from service.common.errors import RuleError
from service.common.refusal import Text
from service.common.schema import Integer, Schema, Worded, _same
from service.common.shapes import (
    MUST_BE_BOOLEAN,
    MUST_BE_OBJECT,
    MUST_BE_ONE_OF,
    MUST_BE_STRING,
    MUST_MATCH,
    token,
)


class Query(Schema):
    """A request body (or, with ``context_location`` ``"query"``, a query string).

    ``problems``: the error answers (components of the document, by status) the
    operation can give beyond the 400, 413 and 415 every body can get. ``checks``: per
    member, ``check(value, pointer)``, the rules of its engine value, run once every
    member is well-formed (a rule broken is 422, never mixed into a 400's reasons); a
    check that answers a value puts it in the member's place.
    """

    problems: ClassVar[Mapping[int, str]] = {}
    context_location: ClassVar[str] = "json"
    checks: ClassVar[Mapping[str, Callable[[Any, str], Any]]] = {}

    def made(self, data: dict[str, Any]) -> Any:
        for name, check in type(self).checks.items():
            if name in data:
                field = self.fields[name]
                pointer = "/" + token(field.data_key or name)
                try:
                    checked = check(data[name], pointer)
                except RuleError as error:
                    raise error.under(pointer) from None
                if checked is not None:  # a member read and checked once already (a batch's position)
                    data[name] = checked
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
    request (:func:`service.common.budget.options_of` reads them)."""

    def doc(text: str) -> dict[str, str]:
        return {"description": text}

    level = Integer(min(LEVELS), max(LEVELS), metadata=doc(
        "1 a beginner, 2 greedy over the turn's actions, 3 a search within the budget (docs/engine.md). "
        f"Default {DEFAULT_LEVEL}."))
    level.validators = [Among(LEVELS)]
    return {
        "level": level,
        "seed": Integer(0, MAX_SEED, metadata=doc(
            "The player's dice: the same request with the same seed answers the same turn (when no time "
            "limit cut the search). Default 0.")),
        "budget_ms": Integer(1, MAX_BUDGET_MS, metadata=doc(
            f"The most milliseconds the search may take. Default {DEFAULT_BUDGET_MS}.")),
        "budget_nodes": Integer(1, MAX_BUDGET_NODES, metadata=doc(
            "The most positions the search may judge: a bound the same on every machine. Default: no "
            "bound but the time.")),
    }


class Matching(Worded, fields.String):
    """A JSON string that matches ``pattern`` in full (the document's ``pattern``); any
    other string is ``mistake`` (``must match …`` unless told)."""

    default_error_messages = {"invalid": MUST_BE_STRING}
    _serialize = _same

    def __init__(self, pattern: str, mistake: Text | None = None, **kwargs: Any) -> None:
        metadata = {**kwargs.pop("metadata", {}), "pattern": pattern}
        super().__init__(metadata=metadata, **kwargs)
        self.full_match = re.compile(pattern).fullmatch
        self.mistake = mistake or MUST_MATCH(pattern=pattern)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str:
            raise self.make_error("invalid")
        if self.full_match(value) is None:
            raise ValidationError(self.mistake)
        return value


class Words(Worded, fields.String):
    """One of the strings ``words`` (the document's ``enum``); a value that is no string
    is said to be none."""

    default_error_messages = {"invalid": MUST_BE_STRING}
    _serialize = _same

    def __init__(self, words: list[str], **kwargs: Any) -> None:
        metadata = {**kwargs.pop("metadata", {}), "enum": list(words)}
        super().__init__(metadata=metadata, **kwargs)
        self.words = frozenset(words)
        self.mistake = MUST_BE_ONE_OF(allowed=", ".join(map(repr, words)))

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if type(value) is not str:
            raise self.make_error("invalid")
        if value not in self.words:
            raise ValidationError(self.mistake)
        return value


class Body(Worded, fields.Dict):
    """A JSON object another schema reads (a batch's request body); dumped as it is."""

    default_error_messages = {"invalid": MUST_BE_OBJECT}
    _serialize = _same

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not dict:
            raise self.make_error("invalid")
        return value


class QueryFlag(Worded, fields.Boolean):
    """A boolean query parameter: exactly ``true`` or ``false``."""

    default_error_messages = {"invalid": MUST_BE_BOOLEAN}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if value == "true":
            return True
        if value == "false":
            return False
        raise self.make_error("invalid")
