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
- ``Content-Language`` and ``Vary: Accept-Language``: the answer's language
  (:mod:`service.api.language`).
- A 304 (a cached copy still current) carries no Content-Security-Policy nor
  ``X-Frame-Options``: a browser lays a 304's headers over those it stored with the
  200, and a 304 has no Content-Type to tell a page from data, so the data policy
  (``sandbox``, nothing loads) would turn a revalidated page or style sheet into a
  blank, unstyled one. The stored 200's policy stays in force.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, g, request
from flask_cors import CORS
from flask_cors.core import ACL_ORIGIN, get_cors_headers
from werkzeug.datastructures import Headers
from werkzeug.exceptions import RequestEntityTooLarge, ServiceUnavailable

from service.api.declare import BODY_TOO_LARGE, MAX_BODY
from service.api.language import answer_headers
from service.bodies import REFUSED
from service.common.refusal import N_
from service.offload import OVERLOADED

REQUEST_ID = "X-Request-ID"
#: A request id the service takes as sent: nothing that could break a log line or a header.
REQUEST_ID_PATTERN = r"[A-Za-z0-9\-_.:=+/@]{1,128}"
_SANE_ID = re.compile(REQUEST_ID_PATTERN)
#: Where the request id is kept in the WSGI environment (and in ``flask.g.request_id``).
ENVIRON_ID = "oracle.request_id"
_SENT_ID = "HTTP_X_REQUEST_ID"
_PRIVATE_NETWORK = "HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK"

#: The HTML pages (playground, docs): their own files only, no inline script or style,
#: images also as data: URIs (Swagger UI's icons), never inside another site's frame.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Every other answer (JSON, SVG, YAML, scripts, style sheets) is data, never a page.
DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox"
_NOSNIFF = ("X-Content-Type-Options", "nosniff")
_NO_STORE = ("Cache-Control", "no-store")
#: Answers no page on another origin may read, whatever ``ORACLE_CORS_ORIGINS`` says: the
#: metrics, for the operator's scraper only (behind the project's nginx they are not served).
PRIVATE = frozenset({"/metrics"})

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


BUSY = N_("The service is answering as many heavy requests as it can; try again in {seconds} s.")


def _begin() -> None:
    """The one hook before every view: the request's id, and the refusals of a body too
    large, of a body the server could not read (408, or 503 with ``Retry-After``:
    :mod:`service.bodies`) and of a request the server has no room for (503 with
    ``Retry-After``)."""
    environ = request.environ
    sent = environ.get(_SENT_ID)
    g.request_id = environ[ENVIRON_ID] = sent if sent is not None and _SANE_ID.fullmatch(sent) else _new_id()
    refused = environ.get(REFUSED)
    if refused is not None:  # by the server, before the body was read (service/bodies.py)
        raise refused
    if OVERLOADED in environ:
        seconds = environ[OVERLOADED]
        raise ServiceUnavailable(BUSY(seconds=seconds), retry_after=seconds)
    # Only a request that states a length can be refused here (reading the number costs
    # werkzeug a parse, so not for every GET).
    if environ.get("CONTENT_LENGTH") and (request.content_length or 0) > MAX_BODY:
        raise RequestEntityTooLarge(BODY_TOO_LARGE(kib=MAX_BODY // 1024))


def _needs_cors(environ: dict[str, Any]) -> bool:
    """Whether flask-cors has to judge this request: it names an origin, or it is a
    preflight, or it asks about private networks. For any other request its answer
    depends on nothing but the settings, worked out once (:class:`Envelope`)."""
    return (
        "HTTP_ORIGIN" in environ or environ.get("REQUEST_METHOD") == "OPTIONS" or _PRIVATE_NETWORK in environ
    )


class Envelope:
    """The headers every answer carries, added where the answer's status and headers
    are handed to the server (a WSGI middleware around the Flask app).

    Flask's ``after_request`` would do the same through werkzeug's header object, which
    checks and searches on every assignment, and through a dispatch per hook; here each
    answer's header list gets tuples built once: the request id, ``nosniff``, the
    Content-Security-Policy for its media type, ``fixed`` (the rules version), and for a
    request without an ``Origin`` the CORS headers flask-cors gives every such request
    (computed from flask-cors itself when the app is built). A request with an
    ``Origin`` (or a preflight) is judged by flask-cors's own hook, as before.
    """

    def __init__(
        self,
        wsgi_app: Any,
        fixed: list[tuple[str, str]],
        plain_cors: list[tuple[str, str]],
        by_path: list[tuple[str, list[tuple[str, str]]]] | None = None,
    ) -> None:
        self.wsgi_app = wsgi_app
        self.data, self.page, self.revalidated = self._lists(fixed)
        # A path under one of these prefixes gets its own ``fixed`` headers instead
        # (a game's own rules version); checked in order, the first match wins.
        self.by_path = [(prefix, *self._lists(headers)) for prefix, headers in by_path or ()]
        self.plain_cors = plain_cors

    @staticmethod
    def _lists(fixed: list[tuple[str, str]]) -> tuple[
        list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]
    ]:
        """The headers of a data answer, of a page, and of a 304 (no policy)."""
        data = [("X-Content-Type-Options", "nosniff"), ("Content-Security-Policy", DATA_POLICY), *fixed]
        page = [
            ("X-Content-Type-Options", "nosniff"),
            ("Content-Security-Policy", PAGE_POLICY),
            ("X-Frame-Options", "DENY"),
            *fixed,
        ]
        return data, page, [_NOSNIFF, *fixed]

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        plain = not _needs_cors(environ)

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            self.add_headers(environ, headers, plain, revalidated=status.startswith("304"))
            if status[0] in "45" and not any(name == "Cache-Control" for name, _ in headers):
                headers.append(_NO_STORE)  # an error is about this request only: never kept
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)

    def add_headers(
        self, environ: dict[str, Any], headers: list[tuple[str, str]], plain: bool, revalidated: bool = False
    ) -> None:
        """Add the envelope to ``headers``; ``revalidated``: the answer is a 304, whose
        headers replace those of the cached 200 (so no policy, which only a 200's media
        type can choose, and a wrong one would break the cached page)."""
        request_id = environ.get(ENVIRON_ID)
        if request_id is None:  # refused before the hooks ran
            sent = environ.get(_SENT_ID)
            request_id = sent if sent is not None and _SANE_ID.fullmatch(sent) else _new_id()
        page = cors_given = False
        path = environ.get("PATH_INFO", "")
        vary = -1
        for at, (name, value) in enumerate(headers):
            if name == "Content-Type":
                page = value.partition(";")[0].strip().lower() == "text/html"
            elif name == ACL_ORIGIN:
                cors_given = True  # flask-cors's error handler wrapper answered for it
            elif name == "Vary":
                vary = at
        language, varies = answer_headers(environ)
        if vary < 0:
            headers.append(varies)
        else:  # one Vary line, as caches read the first
            headers[vary] = ("Vary", f"{headers[vary][1]}, {varies[1]}")
        headers.append(language)
        headers.append((REQUEST_ID, request_id))
        data, pages, revalidation = self.data, self.page, self.revalidated
        for prefix, prefix_data, prefix_pages, prefix_revalidation in self.by_path:
            if path.startswith(prefix):
                data, pages, revalidation = prefix_data, prefix_pages, prefix_revalidation
                break
        if revalidated:
            headers.extend(revalidation)
        else:
            headers.extend(pages if page else data)
        if plain and not cors_given and path not in PRIVATE:
            headers.extend(self.plain_cors)


def _plain_cors_headers(app: Flask) -> list[tuple[str, str]]:
    """What flask-cors adds to an answer to a request without ``Origin`` (not a
    preflight): asked of flask-cors itself, with the app's settings."""
    from flask_cors.core import get_cors_options

    options = get_cors_options(app, app.extensions["oracle.cors"])
    headers = get_cors_headers(options, Headers(), "GET")
    return [(name, str(value)) for name, value in headers.items(multi=True)]


def register(
    app: Flask, fixed: dict[str, str] | None = None, by_path: dict[str, dict[str, str]] | None = None
) -> None:
    """Install the request id, the hardening headers and CORS on ``app``: the allowed
    origins are its ``CORS_ORIGINS`` setting, by default from ``ORACLE_CORS_ORIGINS``.
    ``fixed``: more headers every answer carries; ``by_path``: path prefix → the
    ``fixed`` headers of the answers under it instead."""
    # The request id first, so that whatever refuses the request later has one.
    app.before_request_funcs.setdefault(None, []).insert(0, _begin)
    origins = app.config.get("CORS_ORIGINS") or cors_origins(os.environ.get(CORS_ENV))
    options: dict[str, Any] = {
        "origins": origins,
        "send_wildcard": origins == "*",
        "methods": ["GET", "HEAD", "POST", "OPTIONS"],
        "allow_headers": ["Content-Type", REQUEST_ID],
        "expose_headers": EXPOSED,
        "max_age": 600,
    }
    app.extensions["oracle.cors"] = options
    # Every path but the private ones (a negative look-ahead: flask-cors matches from the start).
    everything_public = "|".join(re.escape(path) for path in sorted(PRIVATE))
    CORS(app, resources={rf"^(?!(?:{everything_public})$).*": {}}, **options)
    # flask-cors's hook, kept for the requests that need its judgement; for the others
    # the middleware adds the answer flask-cors gives them all.
    chain = app.after_request_funcs[None]
    judge: Callable[[Response], Response] = chain[-1]  # type: ignore[assignment]
    assert judge.__name__ == "cors_after_request", "flask-cors registers one after_request hook"

    def cors_after_request(response: Response) -> Response:
        return judge(response) if _needs_cors(request.environ) else response

    chain[-1] = cors_after_request
    app.wsgi_app = Envelope(  # type: ignore[method-assign]
        app.wsgi_app,
        list((fixed or {}).items()),
        _plain_cors_headers(app),
        [(prefix, list(headers.items())) for prefix, headers in (by_path or {}).items()],
    )
