"""Prometheus metrics of the HTTP layer, served at ``GET /metrics``.

Per endpoint (the route, such as ``/v1/reach``; ``unmatched`` for paths no route
serves) and method (``other`` for methods the service does not know):

- ``oracle_http_requests_total{endpoint, method, status}``: answers;
- ``oracle_http_errors_total{endpoint, method, status}``: answers with a status of 400
  or more;
- ``oracle_http_request_duration_seconds{endpoint, method}``: a histogram of the time
  from the request's arrival in the application to its answer (body read and decoded,
  question answered, answer encoded).

Under gunicorn every worker is a process of its own: prometheus_client's multiprocess
mode has each write its counts to files in ``PROMETHEUS_MULTIPROC_DIR`` (the gunicorn
settings provide one) and ``/metrics`` adds up every worker's, whichever worker answers
the scrape. Without that variable (tests, an app made in-process) the counts are this
process's own.
"""

from __future__ import annotations

import os
from functools import cache
from time import perf_counter
from typing import Any

from flask import Flask
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
    values,
)
from prometheus_client.exposition import CONTENT_TYPE_PLAIN_0_0_4

#: The media type of the answer: Prometheus's text format 0.0.4.
MEDIA_TYPE = CONTENT_TYPE_PLAIN_0_0_4

#: Whether the workers share their counts through files; prometheus_client chose its
#: kind of counter from the same variable when it was imported, before this module.
MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))

#: This process's id, kept up to date across forks. prometheus_client's multiprocess
#: values ask for the process id on every increment, to notice a fork (a new worker)
#: and open files of its own; by default through ``os.getpid``, a system call each
#: time. The id only changes at a fork, so it is read there.
_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


def _process_id() -> int:
    return _pid


if MULTIPROCESS:
    os.register_at_fork(after_in_child=_forked)
    # Every value made from here on (the metrics below) asks this function instead.
    values.ValueClass = values.MultiProcessValue(_process_id)  # type: ignore[no-untyped-call]

#: Seconds. An answer takes about a millisecond of the application's time; the upper
#: buckets catch a machine under load.
BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

REQUESTS = Counter(
    "oracle_http_requests",
    "Answers, by endpoint (route), method and status.",
    ["endpoint", "method", "status"],
)
ERRORS = Counter(
    "oracle_http_errors",
    "Error answers (status 400 or more), by endpoint (route), method and status.",
    ["endpoint", "method", "status"],
)
LATENCY = Histogram(
    "oracle_http_request_duration_seconds",
    "Time from a request's arrival in the application to its answer, by endpoint (route) and method.",
    ["endpoint", "method"],
    buckets=BUCKETS,
)


#: Methods counted by name; any other (a client may send any token) is ``other``, so
#: that no request can add series without bound.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


@cache
def _series(endpoint: str, method: str, status: int) -> tuple[Any, Any | None, Any]:
    """The counters and the histogram of one kind of answer (few kinds: routes × methods
    × statuses), looked up once."""
    code = str(status)
    errors = ERRORS.labels(endpoint, method, code) if status >= 400 else None
    return REQUESTS.labels(endpoint, method, code), errors, LATENCY.labels(endpoint, method)


def _record(environ: dict[str, Any], status: str, seconds: float) -> None:
    """Count one answer and its time."""
    answered = environ.get("werkzeug.request")
    rule = answered.url_rule if answered is not None else None
    method = environ.get("REQUEST_METHOD", "GET").upper()
    requests, errors, latency = _series(
        rule.rule if rule is not None else "unmatched",
        method if method in METHODS else "other",
        int(status[:3]),
    )
    requests.inc()
    if errors is not None:
        errors.inc()
    latency.observe(seconds)


class Counted:
    """Counts and times every answer where its status is handed to the server (a WSGI
    middleware around the Flask app): no hook of Flask's to dispatch, nothing kept in
    ``flask.g``. The route is the request's, read while Flask's request context is
    still there (werkzeug keeps the request in the environment until then)."""

    def __init__(self, wsgi_app: Any) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        started = perf_counter()

        def start(status: str, headers: Any, exc_info: Any = None) -> Any:
            _record(environ, status, perf_counter() - started)
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)


def register(app: Flask) -> None:
    """Count and time every request ``app`` answers."""
    app.wsgi_app = Counted(app.wsgi_app)  # type: ignore[method-assign]


def exposition() -> bytes:
    """Every metric in Prometheus's text format, added up over the workers."""
    if MULTIPROCESS:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)
