"""Every error answer of the service: RFC 9457 problem details.

This module is the one place where an exception becomes an HTTP answer. Each answer is
``application/problem+json`` with ``type``, ``title``, ``status`` and ``detail``, plus
the extension members of its kind:

=========================  ======  ==========================================
exception                  status  extension members
=========================  ======  ==========================================
:class:`InvalidRequest`    400     ``errors``: ``[{"pointer"|"parameter", "detail"}]``
engine ``MalformedError``  400     ``errors``, with the engine's pointers
HTTP errors (werkzeug)     4xx     — (404, 405 with ``Allow``, 413, 415)
``InvalidPositionError``   422     ``rule``, ``field``, ``interpretations``
``InvalidQueryError``      422     ``rule``, ``field``, ``interpretations``
``IllegalTurnError``       422     ``rule``, ``field``, ``interpretations``, ``violation``
anything else              500     — (logged with its traceback, never sent)
=========================  ======  ==========================================

The engines' errors (:mod:`service.common.errors`) are the same for every game, so
every game's mistakes are answered here alike. ``interpretations`` is there only when
the rule rests on a reading of the rulebook (:data:`READINGS`).

Every ``title`` and ``detail`` (and each of ``errors``' and ``violation``'s) is a
:class:`~service.common.refusal.Text`, English until the answer is written: then it is
written in the request's language (:mod:`service.api.language`), here for a problem and
by the JSON provider for an answer that holds problems (a batch's).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from service.api.language import request_language
from service.common import (
    MAX_PROBLEMS,
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    MalformedError,
    RuleError,
)
from service.common.refusal import N_, Nn_, Text, localize
from service.spiel_der_tuerme import actions as spiel_der_tuerme_actions
from service.spiel_der_tuerme import interpretations as spiel_der_tuerme_readings
from service.spiel_der_tuerme.wire import schemas as spiel_der_tuerme_schemas
from service.terra_turrium import actions as terra_turrium_actions
from service.terra_turrium import interpretations as terra_turrium_readings
from service.terra_turrium.wire import schemas as terra_turrium_schemas
from service.turm_und_leute import actions as turm_und_leute_actions
from service.turm_und_leute import interpretations as turm_und_leute_readings
from service.turm_und_leute.wire import schemas as turm_und_leute_schemas

PROBLEM_MEDIA_TYPE = "application/problem+json"

#: ``type`` of the problems this service defines; plain HTTP errors are ``about:blank``.
INVALID_REQUEST = "urn:terra-turrium:problem:invalid-request"
INVALID_POSITION = "urn:terra-turrium:problem:invalid-position"
INVALID_QUERY = "urn:terra-turrium:problem:invalid-query"
ILLEGAL_TURN = "urn:terra-turrium:problem:illegal-turn"


class InvalidRequest(Exception):
    """The request is not of the contract's shape (400): not JSON, wrong types, unknown
    or missing members, bad query parameters.

    ``errors`` lists every reason as ``{"pointer": "/position/seats/0/attacks",
    "detail": …}`` for the body or ``{"parameter": "players", "detail": …}`` for the query.
    """

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(errors)
        self.errors = errors


def problem_body(
    status: int, title: str, detail: str, type_: str = "about:blank", **extensions: Any
) -> dict[str, Any]:
    """The members of a problem details answer."""
    return {"type": type_, "title": title, "status": status, "detail": detail, **extensions}


def problem(status: int, title: str, detail: str, type_: str = "about:blank", **extensions: Any) -> Response:
    """A problem details answer, in the request's language."""
    body = localize(problem_body(status, title, detail, type_, **extensions), request_language())
    return Response(current_app.json.dumps(body) + "\n", status=status, mimetype=PROBLEM_MEDIA_TYPE)


INVALID_REQUEST_TITLE = N_("Invalid request")
BREAKS_SCHEMA = Nn_(
    "The request breaks the schema in {count} place.",
    "The request breaks the schema in {count} places.",
    "count",
)
BREAKS_SCHEMA_AT_LEAST = Nn_(
    "The request breaks the schema in at least {count} place; the first are listed.",
    "The request breaks the schema in at least {count} places; the first are listed.",
    "count",
)


def problem_of(exc: InvalidRequest | MalformedError | RuleError) -> dict[str, Any]:
    """The problem body of an error of a request's content, as the handlers below answer it
    (a batch answers each of its requests with these)."""
    if isinstance(exc, MalformedError):
        exc = InvalidRequest([{"pointer": p.pointer, "detail": p.detail} for p in exc.problems])
    if isinstance(exc, InvalidRequest):
        errors, clipped = _bounded(exc.errors)
        # A reader stops at MAX_PROBLEMS: that many means there may be more.
        more = len(exc.errors) >= MAX_PROBLEMS
        if len(errors) == 1:
            detail = errors[0]["detail"]
        elif more:
            detail = BREAKS_SCHEMA_AT_LEAST(count=len(errors))
        else:
            detail = BREAKS_SCHEMA(count=len(errors))
        extensions: dict[str, Any] = {"errors": errors}
        if more or clipped:
            extensions["truncated"] = True
        return problem_body(400, INVALID_REQUEST_TITLE(), detail, INVALID_REQUEST, **extensions)
    type_, message = RULE_PROBLEMS[type(exc)]
    title = message()
    members: dict[str, Any] = {"rule": exc.rule, "field": exc.field}
    readings = READINGS.get(exc.rule)
    if readings:
        members["interpretations"] = list(readings)
    if isinstance(exc, IllegalTurnError):
        members["violation"] = VIOLATIONS[type(exc.violation)].dump(exc.violation)
    return problem_body(422, title, exc.detail, type_, **members)


#: The most a pointer, a parameter's name or a sentence of a 400 may cost in the answer,
#: counted as the JSON encoder may write it (``\\u`` escapes, six bytes a character, twelve
#: beyond the BMP): they echo the request's member names, which a client chooses.
MAX_ECHO = {"pointer": 160, "parameter": 64, "detail": 240}
#: Appended to a text that was cut.
ELLIPSIS = "\u2026"


def _cost(char: str) -> int:
    code = ord(char)
    if 0x20 <= code < 0x7F:
        return 2 if char in '"\\' else 1
    return 12 if code > 0xFFFF else 6


def _clip(text: str, budget: int) -> str | None:
    """``text`` cut to cost at most ``budget`` with an ellipsis (a pointer never ending
    inside an escape), or None if it fits; looks at no more than ``budget`` characters."""
    if len(text) <= budget and sum(map(_cost, text)) <= budget:
        return None
    spent, end = 0, 0
    for end, char in enumerate(text):  # noqa: B007 - the loop stops within budget characters
        spent += _cost(char)
        if spent > budget - 6:  # room for the ellipsis, itself escaped at worst
            break
    cut = text[:end]
    if cut.endswith("~"):
        cut = cut[:-1]
    return cut + ELLIPSIS


def _bounded(errors: list[dict[str, str]]) -> tuple[list[dict[str, str]], bool]:
    """At most :data:`MAX_PROBLEMS` reasons, each text within :data:`MAX_ECHO`; and
    whether any text was cut."""
    bounded, clipped = [], False
    for error in errors[:MAX_PROBLEMS]:
        entry = dict(error)
        for name, value in error.items():
            cut = _clip(value, MAX_ECHO.get(name, MAX_ECHO["detail"]))
            if cut is not None:
                entry[name], clipped = cut, True
        bounded.append(entry)
    return bounded, clipped


def _content_error(exc: InvalidRequest | MalformedError | RuleError) -> Response:
    body = localize(problem_of(exc), request_language())
    return Response(current_app.json.dumps(body) + "\n", status=body["status"], mimetype=PROBLEM_MEDIA_TYPE)


#: Rule id → the readings of the rulebook it rests on, of every game (their rule ids
#: never clash): each engine's table, written from its rules document.
READINGS: dict[str, tuple[str, ...]] = {
    **terra_turrium_readings.INTERPRETATIONS,
    **spiel_der_tuerme_readings.INTERPRETATIONS,
    **turm_und_leute_readings.INTERPRETATIONS,
}

#: Each game's account of an illegal turn, by its type: the schema that writes it into
#: the problem (the engines hand on the value, never its JSON).
VIOLATIONS: dict[type, Any] = {
    terra_turrium_actions.Violation: terra_turrium_schemas.ViolationSchema(),
    spiel_der_tuerme_actions.Violation: spiel_der_tuerme_schemas.SdtViolation(),
    turm_und_leute_actions.Violation: turm_und_leute_schemas.TulViolation(),
}

#: The kind of each rule error: its problem type and title.
RULE_PROBLEMS: dict[type[RuleError], tuple[str, Any]] = {
    InvalidPositionError: (INVALID_POSITION, N_("Invalid position")),
    InvalidQueryError: (INVALID_QUERY, N_("Question the rules do not allow")),
    IllegalTurnError: (ILLEGAL_TURN, N_("Illegal turn")),
}

#: The HTTP errors the service answers: their titles (werkzeug's names) and the sentence
#: for an error raised without one of the service's own.
HTTP_TITLES = {
    400: N_("Bad Request"),
    404: N_("Not Found"),
    405: N_("Method Not Allowed"),
    406: N_("Not Acceptable"),
    408: N_("Request Timeout"),
    413: N_("Request Entity Too Large"),
    415: N_("Unsupported Media Type"),
    500: N_("Internal Server Error"),
    503: N_("Service Unavailable"),
}
HTTP_DETAILS = {
    400: N_("The request is not one the service understands."),
    404: N_("The service has no such address: /docs lists its operations."),
    405: N_("This address does not answer this method; the Allow header lists those it answers."),
    406: N_("The service cannot answer in any of the media types the request accepts."),
    408: N_("The request's body did not arrive in time."),
    413: N_("The body is too large."),
    415: N_("The body is not of a media type the service reads."),
    500: N_("The service failed to answer; the error has been logged."),
    503: N_("The service cannot answer now; try again later."),
}


def _http_error(exc: HTTPException) -> HTTPException | Response:
    if exc.code is None or exc.code < 400:
        return exc  # redirects (trailing slashes) are answers, not problems
    title: str = HTTP_TITLES[exc.code]() if exc.code in HTTP_TITLES else exc.name
    detail = exc.description
    if not isinstance(detail, Text):  # werkzeug's own English sentence, not the service's
        detail = HTTP_DETAILS[exc.code]() if exc.code in HTTP_DETAILS else (detail or exc.name)
    response = problem(exc.code, title, detail)
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value  # Allow for 405
    return response


def _unexpected(exc: Exception) -> Response:
    current_app.logger.exception("unexpected error answering %s %s", request.method, request.path)
    return problem(500, HTTP_TITLES[500](), HTTP_DETAILS[500]())


def register_error_handlers(app: Flask) -> None:
    """Answer every error of ``app`` with problem details."""
    for kind in (InvalidRequest, MalformedError, *RULE_PROBLEMS):
        app.register_error_handler(kind, _content_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
