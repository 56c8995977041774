"""Declaring an operation once: what it reads, what it answers, how it can fail.

Built on flask-smorest, whose decorators both load a request and document it:

.. code-block:: python

    bp = Blueprint("queries", __name__, description="Questions about a position.")

    @bp.post("/v1/removals")
    @bp.arguments(PositionQuery)          # loads and validates the body, documents it
    @bp.response(200, RemovalsAnswer)     # documents the answer
    def removals(query):
        \"\"\"Summary line.

        Description for the document.
        \"\"\"
        return {"removals": [...]}

What this module adds to flask-smorest:

- :class:`RequestParser`: JSON bodies are read by the service's own decoder (exact
  integers, no ``NaN``), a body that is not JSON is 415, any body over 64 KiB is 413
  however it is framed, and a body the schema refuses is 400 with at most
  :data:`~service.common.MAX_PROBLEMS` reasons in the order of the document.
- :class:`Parsed`: a request member read by a game engine's own parser (a position, a
  turn), documented by a named component. The engine checks it once; its shape problems
  join the other members' 400, its structural rules are checked after the whole request
  is well-formed (422).
- :class:`Request` declares, per request schema, which problems beyond 400 its
  operation can answer (``problems``); :class:`Blueprint` documents every operation's
  error answers from that, so no view lists them.
- :class:`Answer`: an answer schema that documents (and, in tests, checks) what a view
  returns without re-encoding it; :class:`OneOf` answers and :class:`Union` members are
  discriminated unions in the document.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, ClassVar

import marshmallow as ma
from flask import current_app
from flask_smorest import Blueprint as SmorestBlueprint
from marshmallow import RAISE, ValidationError, fields, post_load, validate
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from service.api.errors import InvalidRequest
from service.common import MAX_PROBLEMS, MalformedError, Problem, RuleError
from service.common.refusal import N_, Message, recognize
from service.common.shapes import MUST_BE, MUST_BE_OBJECT, token

#: Largest accepted request body (the contract: bodies over 64 KiB are 413).
MAX_BODY = 64 * 1024

BODY_TOO_LARGE = N_("The body is larger than {kib} KiB.")
NOT_JSON_MEDIA = N_("The body must be JSON, sent as application/json (not {sent}).")
NO_CONTENT_TYPE = N_("no content type")
NOT_VALID_JSON = N_("not valid JSON: {reason}")
GIVEN_TWICE = N_("is given more than once")
# Worded as the engines word theirs (service.common.shapes); marshmallow writes them as
# plain strings, recognized as these messages (:func:`~service.common.refusal.recognize`).
MUST_NOT_BE_NULL = N_("must not be null")
NOT_VALID = N_("is not valid")
TOO_LARGE = N_("is too large")
MUST_MATCH = N_("must match {pattern}")
MUST_BE_TEXT_OF = N_("must be a string of 1 to {most} characters")


# --------------------------------------------------------------------------- reading


#: A reason as marshmallow reports it: the member names leading to it, the pointer an
#: engine gave below them (``""`` if none), and the sentence.
Reason = tuple[tuple[str, ...], str, str]


def _in_order(messages: Any, data: Any, path: tuple[str, ...] = ()) -> Iterator[Reason]:
    """marshmallow's nested messages as reasons, in the order of the request: members in
    the order they were sent, then those that are missing (marshmallow reports unknown
    members in an arbitrary order); engine problems keep their own pointers below the
    member that carried them, in the engine's order. A member name is always a name
    (``"/from"`` is one member, escaped later), never taken for a pointer.

    Lazy: a caller that wants the first few reasons of an object with thousands of
    unknown members pays one pass over its names, never a sort of them all.
    """
    if isinstance(messages, Problem):
        yield path, messages.pointer, messages.detail
    elif isinstance(messages, Mapping):
        if "_schema" in messages:  # the object's own problems come before its members'
            yield from _in_order(messages["_schema"], data, path)
        if isinstance(data, dict):
            names = [name for name in data if name in messages]
            names += [name for name in messages if name != "_schema" and name not in data]
        elif isinstance(data, list):
            names = sorted(
                (name for name in messages if name != "_schema"),
                key=lambda name: int(name) if str(name).isdigit() and int(name) < len(data) else -1,
            )
        else:
            names = [name for name in messages if name != "_schema"]
        for name in names:
            if isinstance(data, dict):
                below = data.get(name)
            elif isinstance(data, list) and str(name).isdigit() and int(name) < len(data):
                below = data[int(name)]
            else:
                below = None
            yield from _in_order(messages[name], below, (*path, str(name)))
    elif isinstance(messages, list | tuple):
        for sub in messages:
            yield from _in_order(sub, data, path)
    else:
        yield path, "", messages if isinstance(messages, str) else str(messages)


def _pointer(path: tuple[str, ...], below: str = "") -> str:
    """RFC 6901: each member name escaped (``~0``, ``~1``); an engine's pointer (already
    escaped) appended as it is."""
    return "".join("/" + token(part) for part in path) + below


def reasons(error: ValidationError, data: Any, *, parameters: bool = False) -> list[dict[str, str]]:
    """The ``errors`` member of a 400: the first :data:`MAX_PROBLEMS` in document order."""
    first = list(islice(_in_order(error.messages, data), MAX_PROBLEMS))
    if parameters:
        return [{"parameter": ".".join(path), "detail": recognize(detail)} for path, _below, detail in first]
    return [{"pointer": _pointer(path, below), "detail": recognize(detail)} for path, below, detail in first]


class RequestParser(FlaskParser):
    """webargs' Flask parser with the service's reading of bodies and query strings."""

    DEFAULT_VALIDATION_STATUS = 400
    # Every schema says for itself that it admits no member beyond its own (Closed).
    DEFAULT_UNKNOWN_BY_LOCATION = {"json": None, "query": None, "querystring": None}

    def load_json(self, req: Any, schema: ma.Schema) -> Any:
        if not req.is_json:
            sent = req.mimetype or NO_CONTENT_TYPE()
            raise UnsupportedMediaType(NOT_JSON_MEDIA(sent=sent))
        length = req.content_length
        if length is not None and 0 < length <= MAX_BODY:
            # The usual body, of a length the request states: exactly that many bytes
            # from the server's input, without werkzeug's stream around it (which fills
            # a zeroed 64 KiB buffer to read a body of a few hundred bytes).
            raw = req.environ["wsgi.input"].read(length)
        else:
            # Read at most one byte past the limit, whatever the framing (Content-Length
            # or chunked): a longer body is refused, never cut short. werkzeug would stop
            # a chunked body at MAX_CONTENT_LENGTH without a word, so this request's
            # stream may run that one byte further.
            req.max_content_length = MAX_BODY + 1
            raw = req.stream.read(MAX_BODY + 1)
            if len(raw) > MAX_BODY:
                raise RequestEntityTooLarge(BODY_TOO_LARGE(kib=MAX_BODY // 1024))
        try:
            return current_app.json.loads(raw)
        except ValueError as exc:
            raise InvalidRequest([{"pointer": "", "detail": NOT_VALID_JSON(reason=str(exc))}]) from None

    def load_querystring(self, req: Any, schema: ma.Schema) -> Any:
        repeated = [name for name, values in req.args.lists() if len(values) > 1]
        if repeated:
            raise InvalidRequest([{"parameter": name, "detail": GIVEN_TWICE()} for name in repeated])
        return req.args.to_dict()

    def handle_error(self, error: ValidationError, req: Any, schema: ma.Schema, **kwargs: Any) -> Any:
        query = getattr(schema, "context_location", "json") == "query"
        messages = error.messages
        if isinstance(messages, dict) and len(messages) == 1 and next(iter(messages)) in ("json", "query"):
            messages = next(iter(messages.values()))  # webargs files the errors under the location
        raise InvalidRequest(reasons(ValidationError(messages), error.data, parameters=query))


# ------------------------------------------------------------------------- requests


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


# -------------------------------------------------------------------------- answers


class Answer(Closed):
    """An answer. Views build their answers with the engines' codecs; this schema
    documents them and, with ``CHECK_ANSWERS`` set (the tests), checks each one."""

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if current_app.config.get("CHECK_ANSWERS"):
            problems = self.validate(obj)
            if problems:
                raise AssertionError(f"{type(self).__name__} does not describe the answer: {problems}")
        return obj


class OneOf(Answer):
    """An answer that is one of ``variants`` (a ``oneOf`` in the document, in that
    order): the first variant that describes it."""

    variants: ClassVar[Sequence[type[Answer]]] = ()

    def validate(self, data: Any, *, many: bool | None = None, partial: Any = None) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for variant in self.variants:
            found = instance(variant).validate(data)
            if not found:
                return {}
        return found


_INSTANCES: dict[type[ma.Schema], ma.Schema] = {}


def instance(schema: type[ma.Schema]) -> ma.Schema:
    """One instance per schema class: schemas keep no state once built."""
    found = _INSTANCES.get(schema)
    if found is None:
        found = _INSTANCES[schema] = schema()
    return found


# ---------------------------------------------------------------------------- fields


def range_of(low: int, high: int | None) -> validate.Range:
    return validate.Range(
        min=low, max=high, error=f"must be between {low} and {high}" if high is not None else f"must be at least {low}"
    )


def integer(description: str, low: int = 0, high: int | None = None, **kwargs: Any) -> Int:
    """A JSON integer in ``low`` … ``high``."""
    return Int(validate=range_of(low, high), metadata={"description": description}, **kwargs)


#: A picture's media types and schemas: SVG is text (a client reads it as a string); the
#: same bytes for a client that saves a file (``Accept: application/octet-stream``) are binary.
SVG = "image/svg+xml"
OCTETS = "application/octet-stream"
DRAWING = {"type": "string"}
PICTURE = {"type": "string", "format": "binary"}


def text(description: str, pattern: str | None = None, what: str | Message | None = None,
         example: str | None = None, **kwargs: Any) -> Str:
    """A string, matching ``pattern`` in full if one is given (``what`` names what it must be)."""
    must = None if what is None else MUST_BE(what=what).replace("{", "{{").replace("}", "}}")
    checks = [FullMatch(pattern, must)] if pattern else []
    metadata = {"description": description} | ({} if example is None else {"example": example})
    return Str(validate=checks, metadata=metadata, **kwargs)


def one_of(choices: Sequence[Any], description: str, **kwargs: Any) -> fields.Field[Any]:
    """A value from a fixed set (an enum in the document)."""
    field_cls = Bool if all(isinstance(c, bool) for c in choices) else Str
    allowed = ", ".join(repr(c) if isinstance(c, str) else str(c).lower() for c in choices)
    check = validate.OneOf(list(choices), error=f"must be one of {allowed}".replace("{", "{{").replace("}", "}}"))
    return field_cls(validate=check, metadata={"description": description}, **kwargs)


def array(item: fields.Field[Any], description: str, low: int = 0, high: int | None = None, **kwargs: Any) -> List:
    """A JSON array of ``item`` with ``low`` … ``high`` entries."""
    if low or high is not None:
        if low == high:
            error = f"must have {low} entries"
        elif high is None:
            error = f"must have at least {low} entr{'y' if low == 1 else 'ies'}"
        else:
            error = f"must have {low} to {high} entries"
        kwargs["validate"] = validate.Length(min=low or None, max=high, error=error)
    return List(item, metadata={"description": description}, **kwargs)


def nested(schema: type[ma.Schema], description: str | None = None, **kwargs: Any) -> Nested:
    """A member that is an object of ``schema``."""
    return Nested(schema, metadata={"description": description} if description else {}, **kwargs)


def flag(description: str, **kwargs: Any) -> Bool:
    """A JSON boolean, nothing that merely looks like one."""
    return Bool(metadata={"description": description}, **kwargs)


class QueryBool(fields.Boolean):
    """A boolean query parameter: exactly ``true`` or ``false``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(truthy={"true"}, falsy={"false"}, **kwargs)


class QueryInt(fields.Integer):
    """An integer query parameter in ASCII digits (no sign, no spaces, no ``٤``)."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6):
            raise self.make_error("invalid")
        return int(value)


class FullMatch(validate.Regexp):
    """A pattern the whole string must match (as ECMA-262 reads ``^…$``: no final newline)."""

    def __init__(self, pattern: str, error: str | None = None) -> None:
        super().__init__(pattern, error=error or f"must match {pattern.replace('{', '{{').replace('}', '}}')}")

    def __call__(self, value: Any) -> Any:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


# ------------------------------------------------------------------------ blueprint


class Blueprint(SmorestBlueprint):
    """flask-smorest's blueprint, reading requests with :class:`RequestParser` and
    documenting each operation's error answers from its request schema, so that no view
    lists them."""

    ARGUMENTS_PARSER = RequestParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.insert(0, self._prepare_alternatives_doc)
        self._prepare_doc_cbks.append(self._prepare_problems_doc)

    def arguments(self, schema: type[ma.Schema], **kwargs: Any) -> Any:
        # One instance per schema for every request: webargs would build one per request.
        return super().arguments(instance(schema), **kwargs)

    @staticmethod
    def _prepare_alternatives_doc(doc: dict[str, Any], doc_info: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """One answer in several media types (``alt_response(..., success=True)``) keeps
        the main description, the alternatives' said after it: flask-smorest merges them
        into one response, the last description winning, which is the alternative's."""
        for declared in doc_info.get("response", {}).get("responses", {}).values():
            described = [r for r in declared if isinstance(r, dict) and "description" in r]
            if len(described) > 1:
                # The decorator written first (the main answer) is the last one applied.
                text = " ".join(r["description"] for r in reversed(described))
                for response in described:
                    response["description"] = text
        return doc

    @staticmethod
    def _prepare_problems_doc(doc: dict[str, Any], doc_info: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        responses = doc.setdefault("responses", {})
        for status in [s for s in responses if isinstance(responses[s], str)]:
            del responses[status]  # flask-smorest's generic error answers; ours follow
        body = doc.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
        query = [p["schema"] for p in doc.get("parameters", []) if isinstance(p, dict) and p.get("in") == "query"]
        if body is not None:
            responses.update({400: "InvalidRequest", 413: "PayloadTooLarge", 415: "UnsupportedMediaType"})
        elif query:
            responses[400] = "InvalidRequest"
        for schema in [body, *query]:
            if schema is not None:
                request_schema = schema if isinstance(schema, type) else type(schema)
                responses.update(getattr(request_schema, "problems", {}))
        responses[500] = "InternalError"
        return doc


def negotiate(offers: Sequence[str]) -> str:
    """The media type of ``offers`` the request's ``Accept`` prefers; the first if none."""
    from flask import request

    return request.accept_mimetypes.best_match(offers, default=offers[0]) or offers[0]
