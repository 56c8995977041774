"""How a request's body reaches a schema: JSON read by the service's own decoder, 415 for
another media type, 413 over 64 KiB however framed, and a refused body's reasons as a
400 with JSON pointers, in document order, at most MAX_PROBLEMS.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from itertools import islice
from typing import Any

import marshmallow as ma
from flask import current_app
from marshmallow import ValidationError
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from service.api.errors import InvalidRequest
from service.api.json_provider import DuplicateMember
from service.common import MAX_PROBLEMS, Problem
from service.common.refusal import N_, Message, Text, recognize
from service.common.schema import Schema, problems
from service.common.schema_shapes import request_problems
from service.common.shapes import MUST_NOT_BE_NULL as MUST_NOT_BE_NULL
from service.common.shapes import NOT_VALID as NOT_VALID
from service.common.shapes import token

#: Largest accepted request body (the contract: bodies over 64 KiB are 413).
MAX_BODY = 64 * 1024

BODY_TOO_LARGE = N_("The body is larger than {kib} KiB.")
NOT_JSON_MEDIA = N_("The body must be JSON, sent as application/json (not {sent}).")
NO_CONTENT_TYPE = N_("no content type")
NOT_VALID_JSON = N_("not valid JSON: {reason}")
NOT_VALID_JSON_AT = N_("not valid JSON at line {line}, column {column}: {reason}")
#: The standard decoder's reasons (the start of its message), in the service's words.
JSON_REASONS: Mapping[str, Message] = {
    "Expecting value": N_("a value is missing"),
    "Expecting property name enclosed in double quotes": N_("a member's name in double quotes is missing"),
    "Expecting ':' delimiter": N_("':' is missing after a member's name"),
    "Expecting ',' delimiter": N_("',' is missing between two entries"),
    "Unterminated string": N_("a string is not closed"),
    "Invalid control character": N_("a string holds a control character"),
    "Invalid \\escape": N_("a string holds an escape that is not valid"),
    "Invalid \\u": N_("a string holds an escape that is not valid"),
    "Extra data": N_("more follows the JSON value"),
    "Illegal trailing comma": N_("',' comes before the end of an object or array"),
}
NOT_JSON_SYNTAX = N_("the text does not follow JSON's syntax")
NOT_UTF_8 = N_("the body is not UTF-8 text")
GIVEN_TWICE = N_("is given more than once")

# Worded as the engines word theirs (service.common.shapes); marshmallow writes them as
# plain strings, recognized as these messages (:func:`~service.common.refusal.recognize`).
TOO_LARGE = N_("is too large")
MUST_MATCH = N_("must match {pattern}")
MUST_BE_TEXT_OF = N_("must be a string of 1 to {most} characters")


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
        except DuplicateMember as exc:
            raise InvalidRequest([{"pointer": exc.pointer, "detail": GIVEN_TWICE()}]) from None
        except ValueError as exc:
            raise InvalidRequest([{"pointer": "", "detail": _not_json(exc)}]) from None

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
        if isinstance(schema, Schema) and not query:
            # A schema of the catalogs' fields: its problems in the order it reads them.
            read = request_problems if getattr(schema, "members_as_sent", False) else problems
            found = read(messages, error.data)
            raise InvalidRequest([{"pointer": p.pointer, "detail": p.detail} for p in found])
        raise InvalidRequest(reasons(ValidationError(messages), error.data, parameters=query))


def _not_json(exc: ValueError) -> Text:
    """Why a body is not JSON, in the service's words (which the catalogs translate), with
    the line and column where the decoder stopped: never the decoder's English."""
    if isinstance(exc, json.JSONDecodeError):
        reason = next((said for start, said in JSON_REASONS.items() if exc.msg.startswith(start)), NOT_JSON_SYNTAX)
        return NOT_VALID_JSON_AT(line=exc.lineno, column=exc.colno, reason=reason)
    if isinstance(exc, UnicodeDecodeError):
        return NOT_VALID_JSON(reason=NOT_UTF_8)
    said = exc.args[0] if exc.args else None
    return NOT_VALID_JSON(reason=said if isinstance(said, Text) else NOT_JSON_SYNTAX)
