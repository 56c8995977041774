"""marshmallow's own fields and validators speaking the catalogs, set once for every class.

marshmallow words its mistakes in English (``Not a valid integer.``, ``Must be greater
than or equal to 1 and less than or equal to 99.``), in each field class's
``default_error_messages`` and each validator's ``message_*`` / ``default_message``.
:func:`speak_the_catalogs` replaces every one of them, once, with the catalogs' message
of the same meaning (:data:`FIELD_MESSAGES`, :data:`VALIDATOR_MESSAGES`), so that a plain
``fields.Integer(validate=Range(1, 99))`` in any schema answers in the reader's language
as the project's own fields do: a field made later inherits its class's messages, and
marshmallow formats them with the same values it would give its English.

Each replacement is a :class:`Says`: a string (the English message id, which is what
marshmallow and apispec see) whose ``format`` answers the catalog's
:class:`~service.common.refusal.Text` with marshmallow's values under the catalog's
names (``min`` → ``low`` …).

>>> from marshmallow import Schema, ValidationError, fields, validate
>>> class Scratch(Schema):
...     age = fields.Integer(validate=validate.Range(1, 99))
>>> try:
...     Scratch().load({"age": 120})
... except ValidationError as error:
...     [(text, text.explain("de")) for text in error.messages["age"]]
[('must be between 1 and 99', 'muss zwischen 1 und 99 liegen')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import fields, validate

from service.common.refusal import Message, Text
from service.common.shapes import (
    MUST_BE_ARRAY,
    MUST_BE_AT_LEAST,
    MUST_BE_BETWEEN,
    MUST_BE_BOOLEAN,
    MUST_BE_INTEGER,
    MUST_BE_OBJECT,
    MUST_BE_ONE_OF,
    MUST_BE_STRING,
    MUST_HAVE_AT_LEAST,
    MUST_HAVE_ENTRIES,
    MUST_HAVE_FROM_TO,
    MUST_MATCH,
    MUST_NOT_BE_NULL,
    NOT_VALID,
    REQUIRED,
)


class Says(str):
    """A catalog ``message`` where marshmallow expects an English template: ``format``
    with marshmallow's values answers the message's :class:`Text`, each value under the
    catalog's name (``names``: the catalog's placeholder → marshmallow's)."""

    message: Message
    names: Mapping[str, str]

    def __new__(cls, message: Message, **names: str) -> Says:
        made = super().__new__(cls, message.text)
        made.message, made.names = message, names
        return made

    def format(self, *args: Any, **values: Any) -> Any:
        if "min_op" in values or "max_op" in values:  # a Range's own preparation, not a mistake
            # A bound that excludes itself: no catalog sentence says it.
            return Says(NOT_VALID) if _EXCLUSIVE in values.values() else self
        return Text(self.message, {ours: values[theirs] for ours, theirs in self.names.items()})


#: A field class's mistakes by marshmallow's key, beside the ones every field shares
#: (``required``, ``null``, ``validator_failed``); a key named nowhere is ``is not valid``.
FIELD_MESSAGES: Mapping[type[fields.Field[Any]], Mapping[str, Says]] = {
    fields.Field: {
        "required": Says(REQUIRED), "null": Says(MUST_NOT_BE_NULL), "validator_failed": Says(NOT_VALID),
    },
    fields.Integer: {"invalid": Says(MUST_BE_INTEGER)},
    fields.String: {"invalid": Says(MUST_BE_STRING)},
    fields.Boolean: {"invalid": Says(MUST_BE_BOOLEAN)},
    fields.List: {"invalid": Says(MUST_BE_ARRAY)},
    fields.Tuple: {"invalid": Says(MUST_BE_ARRAY)},
    fields.Mapping: {"invalid": Says(MUST_BE_OBJECT)},
    fields.Nested: {"type": Says(MUST_BE_OBJECT)},
    fields.Enum: {"unknown": Says(MUST_BE_ONE_OF, allowed="choices")},
}

_EXCLUSIVE = "\0exclusive"

#: Each validator's templates by attribute.
VALIDATOR_MESSAGES: Mapping[type[validate.Validator], Mapping[str, str]] = {
    validate.Range: {
        "message_min": Says(MUST_BE_AT_LEAST, low="min"), "message_max": Says(NOT_VALID),
        "message_all": Says(MUST_BE_BETWEEN, low="min", high="max"),
        "message_gt": _EXCLUSIVE, "message_lt": _EXCLUSIVE,
    },
    validate.Length: {
        "message_min": Says(MUST_HAVE_AT_LEAST, count="min"), "message_max": Says(NOT_VALID),
        "message_all": Says(MUST_HAVE_FROM_TO, low="min", high="max"),
        "message_equal": Says(MUST_HAVE_ENTRIES, count="equal"),
    },
    validate.OneOf: {"default_message": Says(MUST_BE_ONE_OF, allowed="choices")},
    validate.Regexp: {"default_message": Says(MUST_MATCH, pattern="regex")},
    **{kind: {"default_message": Says(NOT_VALID)} for kind in (
        validate.URL, validate.Email, validate.Equal, validate.Predicate, validate.NoneOf,
        validate.ContainsOnly, validate.ContainsNoneOf)},
}


def _field_classes() -> list[type[fields.Field[Any]]]:
    found: list[type[fields.Field[Any]]] = []
    todo: list[type[fields.Field[Any]]] = [fields.Field]
    while todo:
        kind = todo.pop()
        if kind.__module__ == fields.__name__ and kind not in found:
            found.append(kind)
            todo.extend(kind.__subclasses__())
    return found


def speak_the_catalogs() -> None:
    """Every marshmallow field class's and validator's English replaced by the catalogs'
    messages (idempotent: imported once by :mod:`service.common.schema`)."""
    for kind in _field_classes():
        own = kind.__dict__.get("default_error_messages")
        said = FIELD_MESSAGES.get(kind, {})
        if own is not None or said:
            keys = {*(own or {}), *said}
            kind.default_error_messages = {key: said.get(key, Says(NOT_VALID)) for key in keys}
    for validator, messages in VALIDATOR_MESSAGES.items():
        for name, message in messages.items():
            setattr(validator, name, message)


speak_the_catalogs()
