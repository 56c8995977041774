"""Request bodies read whole before the application sees them: within a deadline, and
only so many at once, so that clients that stall their bodies cannot take a worker's
connections from everyone else.

gunicorn bounds the time a client has to send a request's line and headers (its
keep-alive setting, 5 s) but not its body: the application reads ``wsgi.input`` from the
socket with no time limit, so a request that sends its head and a few bytes of its
``Content-Length`` held a greenlet, and one of the worker's ``worker_connections``, for as
long as the client kept the connection open. Enough of them filled every worker's
connections and nothing was answered, ``/healthz`` included. Neither gunicorn nor gevent
has a setting for a body's time (gunicorn leaves it to a buffering proxy in front), so
each gevent worker reads bodies here (:class:`Bodies`, installed by
:func:`service.serving.post_worker_init`):

- *a deadline*: the whole body within :data:`BODY_TIMEOUT` seconds, else 408 problem
  details and the connection closed;
- *a bound*: at most :func:`readers` connections of a worker mid-body at once, half of
  its connections; a request whose body would be one more is answered 503 problem
  details with ``Retry-After`` at once (what has come of its body read for
  :data:`GLANCE` seconds at most, so that the client reads the answer rather than a
  reset connection), and its connection closed. So at least half of every worker's
  connections stay for requests that are not sending bodies (health probes, GETs) and
  for answering.

A body read here is handed to the application (and to the helpers of
:mod:`service.offload`) as bytes in memory, at most one byte past the contract's 64 KiB
(so that a longer one is still the application's 413). A request that states a longer
``Content-Length`` is passed on unread: the application refuses it before reading.

The refusals are answered by the application itself, so that they are problem details
in the request's language with every answer's headers: it finds the refusal under
:data:`REFUSED` in the WSGI environment (service/api/envelope.py).

Settings, from the environment: ``ORACLE_BODY_TIMEOUT`` (seconds, default 10). The
measurements behind the choice are in docs/deploying.md.
"""

from __future__ import annotations

import io
import os
from typing import Any, Final

from service.common.refusal import N_

#: Seconds a client has to send a request's whole body, counted from the end of its head.
BODY_TIMEOUT: Final = float(os.environ.get("ORACLE_BODY_TIMEOUT", "").strip() or 10)
#: The largest body a request may have (the contract's 64 KiB).
MAX_BODY: Final = 64 * 1024
#: The environment key of a refusal decided here, an HTTP error the application raises.
REFUSED: Final = "oracle.refused"
#: Seconds a client refused for want of room is told to wait (``Retry-After``).
RETRY_AFTER: Final = 1
#: Seconds the body of a request refused for want of room is read, so that the client
#: reads the refusal rather than a reset connection.
GLANCE: Final = 0.1

LATE = N_("The request's body did not arrive within {seconds} s.")
FULL = N_("The service is reading as many request bodies as it can; try again in {seconds} s.")


def readers(worker_connections: int) -> int:
    """How many of a worker's connections may be sending a body at once: half of them."""
    return max(1, worker_connections // 2)


class _Late(Exception):
    """The body's deadline passed (raised into the reading greenlet by gevent)."""


def has_body(environ: dict[str, Any]) -> bool:
    """Whether the request says it has a body: a length other than 0, or chunks."""
    return environ.get("CONTENT_LENGTH", "") not in ("", "0") or "HTTP_TRANSFER_ENCODING" in environ


class Bodies:
    """A WSGI middleware of a gevent worker: every body read whole, against
    :data:`BODY_TIMEOUT`, by at most ``limit`` requests at once, before ``app`` runs.
    ``plain`` (the application alone) answers the refusals."""

    def __init__(self, app: Any, plain: Any, limit: int, timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.plain = plain
        self.limit = limit
        self.timeout = timeout
        self.reading = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if not has_body(environ):
            return self.app(environ, start_response)
        length = environ.get("CONTENT_LENGTH", "")
        if length.isdigit() and int(length) > MAX_BODY:
            return self.app(environ, start_response)  # refused unread (413)
        import gevent

        if self.reading >= self.limit:
            from werkzeug.exceptions import ServiceUnavailable

            # What has already come of the body is read (for a moment at most), so that
            # closing the connection does not reset it before the client has the answer.
            with gevent.Timeout(GLANCE, False):
                environ["wsgi.input"].read(MAX_BODY + 1)
            return self.refuse(environ, start_response,
                               ServiceUnavailable(FULL(seconds=RETRY_AFTER), retry_after=RETRY_AFTER))

        self.reading += 1
        try:
            with gevent.Timeout(self.timeout, _Late):
                body = environ["wsgi.input"].read(MAX_BODY + 1)
        except _Late:
            from werkzeug.exceptions import RequestTimeout

            return self.refuse(environ, start_response, RequestTimeout(LATE(seconds=f"{self.timeout:g}")))
        finally:
            self.reading -= 1
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ.pop("wsgi.input_terminated", None)
        return self.app(environ, start_response)

    def refuse(self, environ: dict[str, Any], start_response: Any, error: Exception) -> Any:
        """``error`` answered by the application, the connection closed after it (the
        rest of the body is never read)."""
        environ[REFUSED] = error
        environ["wsgi.input"] = io.BytesIO(b"")
        environ["CONTENT_LENGTH"] = "0"
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        answer: Any = getattr(start_response, "__self__", None)  # gunicorn's Response
        if hasattr(answer, "force_close"):
            answer.force_close()
        return self.plain(environ, start_response)


def install(app: Any, plain: Any, worker: Any) -> Bodies:
    """``app`` with its bodies read here; ``plain`` answers the refusals."""
    return Bodies(app, plain, readers(worker.cfg.worker_connections))
