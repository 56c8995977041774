"""Every error answer of the service: RFC 9457 problem details.

This module is the one place where an exception becomes an HTTP answer. Each answer is
``application/problem+json`` with ``type``, ``title``, ``status`` and ``detail``, plus
the extension members of its kind:

=========================  ======  ==========================================
exception                  status  extension members
=========================  ======  ==========================================
:class:`InvalidRequest`    400     ``errors``: ``[{"pointer"|"parameter", "detail"}]``
engine ``MalformedError``  400     ``errors`` (one, with the engine's pointer)
HTTP errors (werkzeug)     4xx     — (404, 405 with ``Allow``, 413, 415)
``InvalidPositionError``   422     ``rule``, ``field``
``InvalidQueryError``      422     ``rule``, ``field``
``IllegalTurnError``       422     ``rule``, ``field``, ``violation``
anything else              500     — (logged with its traceback, never sent)
=========================  ======  ==========================================
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException, InternalServerError

from service.api.convert import dump_violation
from service.rules import IllegalTurnError, InvalidPositionError, InvalidQueryError, MalformedError

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


def problem(status: int, title: str, detail: str, type_: str = "about:blank", **extensions: Any) -> Response:
    """A problem details answer."""
    body = {"type": type_, "title": title, "status": status, "detail": detail, **extensions}
    return Response(current_app.json.dumps(body) + "\n", status=status, mimetype=PROBLEM_MEDIA_TYPE)


def _invalid_request(exc: InvalidRequest) -> Response:
    reasons = len(exc.errors)
    detail = (
        exc.errors[0]["detail"] if reasons == 1 else f"The request breaks the schema in {reasons} places."
    )
    return problem(400, "Invalid request", detail, INVALID_REQUEST, errors=exc.errors)


def _malformed(exc: MalformedError) -> Response:
    # The schemas catch malformed input first; this is the engine's own guard.
    return problem(
        400,
        "Invalid request",
        exc.detail,
        INVALID_REQUEST,
        errors=[{"pointer": exc.field, "detail": exc.detail}],
    )


def _invalid_position(exc: InvalidPositionError) -> Response:
    return problem(422, "Invalid position", exc.detail, INVALID_POSITION, rule=exc.rule, field=exc.field)


def _invalid_query(exc: InvalidQueryError) -> Response:
    return problem(
        422, "Question does not fit the position", exc.detail, INVALID_QUERY, rule=exc.rule, field=exc.field
    )


def _illegal_turn(exc: IllegalTurnError) -> Response:
    return problem(
        422,
        "Illegal turn",
        exc.detail,
        ILLEGAL_TURN,
        rule=exc.rule,
        field=exc.field,
        violation=dump_violation(exc.violation),
    )


def _http_error(exc: HTTPException) -> HTTPException | Response:
    if exc.code is None or exc.code < 400:
        return exc  # redirects (trailing slashes) are answers, not problems
    response = problem(exc.code, exc.name, exc.description or exc.name)
    for name, value in exc.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value  # Allow for 405
    return response


def _unexpected(exc: Exception) -> Response:
    current_app.logger.exception("unexpected error answering %s %s", request.method, request.path)
    return problem(
        500, InternalServerError().name, "The service failed to answer; the error has been logged."
    )


def register_error_handlers(app: Flask) -> None:
    """Answer every error of ``app`` with problem details."""
    app.register_error_handler(InvalidRequest, _invalid_request)
    app.register_error_handler(MalformedError, _malformed)
    app.register_error_handler(InvalidPositionError, _invalid_position)
    app.register_error_handler(InvalidQueryError, _invalid_query)
    app.register_error_handler(IllegalTurnError, _illegal_turn)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
