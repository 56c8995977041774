"""The field vocabulary of requests and the request schemas: closed objects, members read by
an engine's own parser (:class:`Parsed`), unions, and the quick reading of plain bodies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import marshmallow as ma
from marshmallow import RAISE, ValidationError, fields, post_load

from service.api.declare.transport import MUST_NOT_BE_NULL, NOT_VALID
from service.common import MAX_PROBLEMS, MalformedError, RuleError
from service.common.shapes import MUST_BE_OBJECT, token

_INSTANCES: dict[type[ma.Schema], ma.Schema] = {}


def instance(schema: type[ma.Schema]) -> ma.Schema:
    """One instance per schema class: schemas keep no state once built."""
    found = _INSTANCES.get(schema)
    if found is None:
        found = _INSTANCES[schema] = schema()
    return found


#: The sentences of every field's stock mistakes, worded as the engines word theirs.
MESSAGES = {
    "required": "is required",
    "null": MUST_NOT_BE_NULL.text,
    "validator_failed": NOT_VALID.text,
}


class Closed(ma.Schema):
    """Base of every schema the service reads or writes: no member beyond those listed."""

    error_messages = {"unknown": "is not a member of this object", "type": "must be an object"}

    class Meta:
        unknown = RAISE


class Int(fields.Integer):
    """A JSON integer: never ``1.0``, ``true`` or ``"1"``."""

    default_error_messages = {**MESSAGES, "invalid": "must be an integer", "too_large": "is too large"}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if type(value) is not int:
            raise self.make_error("invalid")
        return value


class Str(fields.String):
    """A JSON string."""

    default_error_messages = {**MESSAGES, "invalid": "must be a string"}


class Bool(fields.Boolean):
    """``true`` or ``false`` only."""

    default_error_messages = {**MESSAGES, "invalid": "must be a boolean"}

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> bool:
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


class List(fields.List[Any]):
    """A JSON array."""

    default_error_messages = {**MESSAGES, "invalid": "must be an array"}


class Nested(fields.Nested):
    """A JSON object of another schema."""

    default_error_messages = {**MESSAGES, "type": "must be an object"}


class AnyObject(fields.Dict):
    """A JSON object whose members another declaration reads (a batch's request body)."""

    default_error_messages = {**MESSAGES, "invalid": "must be an object"}


class Request(Closed):
    """A request body or query string.

    ``problems``: the error answers (components of the document, by status) the
    operation can give beyond the 400, 413 and 415 every body can get.
    """

    problems: ClassVar[Mapping[int, str]] = {}
    context_location: ClassVar[str] = "json"

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: Any = None) -> Any:
        """The request's members, read by :meth:`_plain` when the body is well-formed; any
        mistake, and anything unusual, goes through marshmallow's whole load, which names
        every problem."""
        if many is None and partial is None and unknown is None:
            members = self._plain(data)
            if members is not None:
                return members
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def _plain(self, data: Any) -> dict[str, Any] | None:
        """marshmallow's load of a well-formed body, without its error bookkeeping: the
        same steps in the same order (each field's own ``deserialize``, with its
        ``load_default``, ``required`` and validators, into the same attribute, then the
        one post-load hook), or ``None`` at the first mistake. A schema with any other
        load hook (``@validates``, ``@validates_schema``, ``@pre_load`` …) or a dotted
        attribute is always loaded by marshmallow. ``tests/api/test_plain_reading.py``
        compares the two over generated bodies."""
        if type(data) is not dict or self.context_location != "json":
            return None
        plan: tuple[frozenset[str], list[tuple[str, str, fields.Field[Any]]]] | None
        plan = self.__dict__.get("_plan", False)
        if plan is False:
            plan = self.__dict__["_plan"] = self._plain_plan()
        if plan is None:
            return None
        keys, members = plan
        if not keys >= data.keys():
            return None  # an unknown member
        loaded: dict[str, Any] = {}
        try:
            for key, attribute, field in members:
                value = field.deserialize(data.get(key, ma.missing), key, data)
                if value is not ma.missing:
                    loaded[attribute] = value
        except (ValidationError, MalformedError):
            return None
        checked: dict[str, Any] = self._check(loaded)
        return checked

    #: The load hooks :meth:`_plain` runs as marshmallow does: the post-load check only.
    _PLAIN_HOOKS: ClassVar[set[tuple[str, str]]] = {("post_load", "_check")}

    def _plain_plan(self) -> tuple[frozenset[str], list[tuple[str, str, fields.Field[Any]]]] | None:
        """Per field in the schema's order: its member name, its attribute, the field; or
        ``None`` if :meth:`_plain` cannot load this schema as marshmallow does."""
        hooks = {(tag, hook[0]) for tag, found in self._hooks.items() if "dump" not in tag for hook in found}
        if hooks != self._PLAIN_HOOKS or self.many or self.partial or self.unknown != RAISE:
            return None
        members = [
            (field.data_key if field.data_key is not None else name, field.attribute or name, field)
            for name, field in self.load_fields.items()
        ]
        if any("." in attribute for _key, attribute, _field in members):
            return None
        return frozenset(key for key, _attribute, _field in members), members

    @post_load
    def _check(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The engines' structural checks, once every member is well-formed."""
        for name, field in self.load_fields.items():
            if isinstance(field, Parsed) and name in data:
                if isinstance(data[name], Ready):
                    data[name] = data[name].value  # read and checked once already
                elif field.check is not None:
                    field.check(data[name], "/" + token(field.data_key or name))
        return data


@dataclass(frozen=True)
class Ready:
    """A request member an engine has read and checked already (a batch's shared position),
    given in place of its JSON."""

    value: Any


class Either(Request):
    """A request that is one of ``variants``, chosen by ``choose(data)``; a ``oneOf`` in
    the document."""

    variants: ClassVar[Sequence[type[Request]]] = ()

    @classmethod
    def choose(cls, data: Any) -> type[Request]:
        raise NotImplementedError

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: Any = None) -> Any:
        return instance(type(self).choose(data)).load(data)


class Whole(Request):
    """A body read whole by an engine: ``parse`` reads it (raising
    :class:`~service.common.MalformedError` with pointers into the body, and the rules'
    errors after that) and its value is loaded as ``{"body": value}``. The schema's fields
    only describe the body for the document; the fuzz tests check that the engine accepts
    exactly what they describe."""

    parse: ClassVar[Callable[..., Any]]

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: Any = None) -> Any:
        try:
            return {"body": type(self).parse(data)}
        except MalformedError as exc:
            raise ValidationError(list(exc.problems), data=data) from None


class Query(Request):
    """A query string (GET)."""

    context_location: ClassVar[str] = "query"


class Parsed(fields.Field[Any]):
    """A request member read by an engine: ``parse`` reads its shape (raising
    :class:`~service.common.MalformedError` with pointers relative to the member) and
    returns the engine's value; ``check(value, where)`` checks its rules once the whole
    request is well-formed. In the document it is ``component``, a named schema.
    """

    default_error_messages = dict(MESSAGES)

    def __init__(
        self,
        parse: Callable[[Any], Any],
        component: str,
        check: Callable[[Any, str], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.parse = parse
        self.component = component
        self.check = check

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if isinstance(value, Ready):
            return value
        try:
            return self.parse(value)
        except MalformedError as exc:
            raise ValidationError(list(exc.problems)) from None
        except RuleError as exc:
            # A rule an engine judges while reading (a notation's heights that do not
            # fit the play area): the member's own pointer, as for its other rules.
            raise exc.under("/" + token(self.data_key or attr or "")) from None


class Union(fields.Field[Any]):
    """A member that is one of several objects, told apart by ``discriminator``
    (``{"kind": "reach", "from": …}``); a ``oneOf`` with a discriminator in the document.
    One that admits null is the named schema ``component`` or null."""

    default_error_messages = dict(MESSAGES)

    def __init__(
        self,
        discriminator: str,
        variants: Mapping[str, type[ma.Schema]],
        component: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.discriminator = discriminator
        self.variants = dict(variants)
        self.component = component

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if type(value) is not dict:
            raise ValidationError(MUST_BE_OBJECT.text)
        kind = value.get(self.discriminator)
        if type(kind) is not str or kind not in self.variants:
            allowed = ", ".join(repr(k) for k in self.variants)
            raise ValidationError({self.discriminator: [f"must be one of {allowed}"]})
        return instance(self.variants[kind]).load(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


class Alternatives(fields.Field[Any]):
    """A member that is one of several objects told apart by their members, not by one
    discriminator (``legal: true`` or ``false``); a ``oneOf`` in the document, in order."""

    default_error_messages = dict(MESSAGES)

    def __init__(self, *variants: type[ma.Schema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.variants = variants

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        found: Any = None
        for variant in self.variants:
            found = instance(variant).validate(value)
            if not found:
                return value
        raise ValidationError(found)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value


class CappedList(List):
    """A list that stops reading after :data:`MAX_PROBLEMS` bad entries, so a long list of
    mistakes costs no more than a short one."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if type(value) is not list:
            raise self.make_error("invalid")
        result: list[Any] = []
        errors: dict[int, Any] = {}
        for index, item in enumerate(value):
            try:
                result.append(self.inner.deserialize(item, **kwargs))
            except ValidationError as error:
                errors[index] = error.messages
                if len(errors) >= MAX_PROBLEMS:
                    break
        if errors:
            raise ValidationError(errors)
        return result
