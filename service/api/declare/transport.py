"""How a request's body reaches a schema: JSON read by the service's own decoder, 415 for
another media type, 413 over 64 KiB however framed, and a refused body's reasons as a
400 with JSON pointers (a query's with parameter names), in document order, at most
MAX_PROBLEMS.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from flask import current_app
from marshmallow import ValidationError
from webargs.flaskparser import FlaskParser
from werkzeug.exceptions import RequestEntityTooLarge, UnsupportedMediaType

from service.api.errors import InvalidRequest
from service.api.json_provider import DuplicateMember
from service.common.refusal import N_, Message, Text
from service.common.schema_shapes import request_problems
from service.common.shapes import MUST_MATCH as MUST_MATCH

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


class RequestParser(FlaskParser):
    """webargs' Flask parser with the service's reading of bodies and query strings."""

    DEFAULT_VALIDATION_STATUS = 400
    # Every schema says for itself that it admits no member beyond its own (Schema's Meta).
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
        """A refused request's problems, from the schema's own catalog messages: the
        request's members in the order they were sent (an unknown one where it stands),
        then those missing; a query string's by parameter name."""
        messages = error.messages
        if isinstance(messages, dict) and len(messages) == 1 and next(iter(messages)) in ("json", "query"):
            messages = next(iter(messages.values()))  # webargs files the errors under the location
        found = request_problems(messages, error.data)
        if getattr(schema, "context_location", "json") == "query":
            raise InvalidRequest([{"parameter": _name(p.pointer), "detail": p.detail} for p in found])
        raise InvalidRequest([{"pointer": p.pointer, "detail": p.detail} for p in found])


def _name(pointer: str) -> str:
    """The query parameter a problem's pointer (``/level``) names."""
    return pointer[1:].replace("~1", "/").replace("~0", "~")


def _not_json(exc: ValueError) -> Text:
    """Why a body is not JSON, in the service's words (which the catalogs translate), with
    the line and column where the decoder stopped: never the decoder's English."""
    if isinstance(exc, json.JSONDecodeError):
        reason = next(
            (said for start, said in JSON_REASONS.items() if exc.msg.startswith(start)), NOT_JSON_SYNTAX
        )
        return NOT_VALID_JSON_AT(line=exc.lineno, column=exc.colno, reason=reason)
    if isinstance(exc, UnicodeDecodeError):
        return NOT_VALID_JSON(reason=NOT_UTF_8)
    said = exc.args[0] if exc.args else None
    return NOT_VALID_JSON(reason=said if isinstance(said, Text) else NOT_JSON_SYNTAX)
