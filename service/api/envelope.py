"""What every answer carries beyond its body: the request id, the hardening headers,
and CORS for front ends on other origins.

- ``X-Request-ID``: the client's (or its proxy's) id when it is sane (1–128 characters
  of letters, digits and ``-_.:=+/@``), else a new one; on every answer and in the
  access log, so a line can be matched with what the client saw.
- ``X-Content-Type-Options: nosniff`` on every answer. The HTML pages get a
  Content-Security-Policy that admits only the service's own scripts, styles and
  requests (no inline script) and forbids framing (``frame-ancestors``, and
  ``X-Frame-Options`` for older browsers); every other answer gets one that admits
  nothing, so an answer opened as a page (an SVG picture, say) can run nothing.
- CORS (flask-cors): the origins of ``ORACLE_CORS_ORIGINS``, comma-separated, or ``*``
  (the default): the service has no credentials or cookies, so any page may call it, as
  any program may. Answers expose ``X-Request-ID`` and ``X-Rules-Version`` to scripts.
- A body whose ``Content-Length`` is over 64 KiB is 413 on every route, before a view
  runs (a view that reads bodies refuses a longer chunked one itself).
"""

from __future__ import annotations

import os
import re
from flask import Flask, Response, g, request
from flask_cors import CORS
from werkzeug.exceptions import RequestEntityTooLarge

from service.api.declare import MAX_BODY

REQUEST_ID = "X-Request-ID"
#: A request id the service takes as sent: nothing that could break a log line or a header.
REQUEST_ID_PATTERN = r"[A-Za-z0-9\-_.:=+/@]{1,128}"
_SANE_ID = re.compile(REQUEST_ID_PATTERN)

#: The HTML pages (playground, docs): their own files only, no inline script or style,
#: images also as data: URIs (Swagger UI's icons), never inside another site's frame.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Every other answer (JSON, SVG, YAML, scripts, style sheets) is data, never a page.
DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox"

CORS_ENV = "ORACLE_CORS_ORIGINS"
#: Headers of the answers that scripts on other origins may read.
EXPOSED = ["X-Request-ID", "X-Rules-Version"]


def cors_origins(value: str | None) -> str | list[str]:
    """``ORACLE_CORS_ORIGINS`` read: ``*`` when unset or empty, else the listed origins."""
    origins = [origin.strip() for origin in (value or "").split(",") if origin.strip()]
    if not origins or "*" in origins:
        return "*"
    return origins


def _new_id() -> str:
    """128 random bits in hex, as a UUID4's without the formatting."""
    return os.urandom(16).hex()


def _request_id() -> None:
    sent = request.headers.get(REQUEST_ID, "")
    g.request_id = sent if _SANE_ID.fullmatch(sent) else _new_id()


def _refuse_large_bodies() -> None:
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise RequestEntityTooLarge(f"The body is larger than {MAX_BODY // 1024} KiB.")


def _headers(response: Response) -> Response:
    headers = response.headers
    headers[REQUEST_ID] = g.get("request_id") or _new_id()
    headers["X-Content-Type-Options"] = "nosniff"
    if response.mimetype == "text/html":
        headers["Content-Security-Policy"] = PAGE_POLICY
        headers["X-Frame-Options"] = "DENY"
    else:
        headers["Content-Security-Policy"] = DATA_POLICY
    return response


def register(app: Flask) -> None:
    """Install the request id, the hardening headers and CORS on ``app``: the allowed
    origins are its ``CORS_ORIGINS`` setting, by default from ``ORACLE_CORS_ORIGINS``."""
    # The request id first, so that whatever refuses the request later has one.
    app.before_request_funcs.setdefault(None, []).insert(0, _request_id)
    app.before_request(_refuse_large_bodies)
    app.after_request(_headers)
    origins = app.config.get("CORS_ORIGINS") or cors_origins(os.environ.get(CORS_ENV))
    CORS(
        app,
        origins=origins,
        send_wildcard=origins == "*",
        methods=["GET", "HEAD", "POST", "OPTIONS"],
        allow_headers=["Content-Type", REQUEST_ID],
        expose_headers=EXPOSED,
        max_age=600,
    )
