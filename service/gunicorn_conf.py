"""gunicorn settings for the oracle.

Loaded by ``python -m service`` as ``-c python:service.gunicorn_conf`` (so it is found
wherever the package is installed) and by the top-level ``gunicorn.conf.py``, which
re-exports these names. Everything that differs between machines comes from the
environment: HOST, PORT, WEB_CONCURRENCY, ORACLE_LOG_FORMAT, PROMETHEUS_MULTIPROC_DIR.
The measurements behind each choice are in docs/performance.md ("Serving") and
docs/deploying.md.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

__all__ = [
    "bind",
    "workers",
    "worker_class",
    "worker_connections",
    "post_request",
    "preload_app",
    "max_requests",
    "max_requests_jitter",
    "timeout",
    "graceful_timeout",
    "keepalive",
    "accesslog",
    "errorlog",
    "access_log_format",
    "logger_class",
    "limit_request_line",
    "limit_request_fields",
    "limit_request_field_size",
    "control_socket_disable",
    "post_worker_init",
    "on_starting",
    "child_exit",
    "on_exit",
]


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _cpu_count() -> int:
    # Honour CPU affinity (taskset, container cpusets) where the platform has it.
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


_host = os.environ.get("HOST", "").strip() or "127.0.0.1"
_port = _env_int("PORT", 8080)
# Safe by default: only loopback unless HOST says otherwise (the image sets 0.0.0.0).
# IPv6 literals need brackets in a bind address.
bind = [f"[{_host}]:{_port}" if ":" in _host else f"{_host}:{_port}"]

# Answering is pure CPU work, so one process per core; more processes add memory and
# tail latency, not throughput.
workers = _env_int("WEB_CONCURRENCY", _cpu_count())

# gevent workers: each process still answers one request at a time (a request never
# waits on I/O once its body is in), as sync workers do, but a connection that is idle
# or still sending its request waits in the event loop, not in the process. With sync
# workers, as many idle or stalled connections as there are workers stopped the whole
# service until the worker timeout; gthread workers give each such connection a thread
# (a stalled body keeps it for good). Here each costs a greenlet, up to
# worker_connections per process; beyond that the reverse proxy in front has to
# protect the service (docs/deploying.md).
worker_class = "gevent"
worker_connections = 1000


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    """Let the requests waiting on a gevent worker's other connections go first.

    A greenlet that has answered reads its connection's next request at once, and
    when a fast client has already sent it, nothing makes the greenlet yield: one
    kept-alive connection is served again and again while the worker's others wait.
    Waiting here until the event loop has nothing else to do serves them in turn.
    """
    if type(worker).__module__ == "gunicorn.workers.ggevent":
        import gevent

        gevent.idle()


# Import the app (and the rules engine with its tables) once in the master: a broken
# import fails at boot instead of in every worker, and a new worker is a fork, not a
# fresh import.
preload_app = True

# Workers are not recycled: their memory does not grow, and every replaced worker would
# leave its metrics files behind for /metrics to read on every scrape (prometheus_client's
# multiprocess mode keeps a dead worker's counters so that totals never go back). The
# orchestrator's memory limit and liveness probe are the safety net.
max_requests = 0
max_requests_jitter = 0

# No request should take long: a worker busy for 30 s is stuck and gets replaced.
timeout = 30
# Time a worker gets to finish its requests on restart or shutdown.
graceful_timeout = 30
# With gevent workers this bounds both an idle kept-alive connection and the time a
# client has to send a request's line and headers: a slow head is cut after 5 s. A
# proxy that reuses connections should drop idle ones sooner (docs/deploying.md).
keepalive = 5

# Both logs to the standard streams, where containers and supervisors collect them.
# ORACLE_LOG_FORMAT=json writes one JSON object a line instead (service/logs.py).
accesslog = "-"
errorlog = "-"
# The Apache combined format plus the answer's request id (X-Request-ID), so a line
# can be matched with what the client or the proxy saw.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'
_log_format = os.environ.get("ORACLE_LOG_FORMAT", "").strip().lower() or "text"
if _log_format not in {"text", "json"}:
    raise RuntimeError(f"ORACLE_LOG_FORMAT must be text or json, not {_log_format!r}")
logger_class = "service.logs.JsonLogger" if _log_format == "json" else "gunicorn.glogging.Logger"

# Bounds on the request head (gunicorn's defaults, stated so they are deliberate):
# no endpoint needs long URLs or many headers; bodies are capped at 64 KiB by the app.
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# gunicorn 25.1+ opens a control socket at a fixed per-user path ($XDG_RUNTIME_DIR or
# ~/.gunicorn), which two instances on one machine would fight over and which the
# image's home-less user cannot create. Nothing here manages workers at run time, so
# it stays off. (Older gunicorn ignores the unknown name.)
control_socket_disable = True


# gunicorn refuses a request head it cannot read (a control character in a header, a
# request line or headers past the limits above, a transfer coding it does not know)
# before the application sees it, with an HTML page of its own that no setting changes.
# Each worker answers those as problem details instead, with the headers every answer
# of the service carries; behind a proxy they then pass through like the oracle's own.
_HEAD_PROBLEMS = {
    400: "The request line or headers are malformed.",
    403: "The request is refused.",
    414: f"The request line is longer than {limit_request_line} bytes.",
    417: "The only expectation served is 100-continue.",
    431: f"The request has more than {limit_request_fields} header fields, or one longer than "
    f"{limit_request_field_size} bytes.",
    500: "The service failed to answer; the error has been logged.",
    501: "The request's transfer coding is not supported.",
}


class _Captured:
    """A client socket that keeps what is written to it (gunicorn's HTML error page)."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self.written = b""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._client, name)

    def send(self, data: bytes) -> int:
        self.written += bytes(data)
        return len(data)

    def sendall(self, data: bytes) -> None:
        self.written += bytes(data)


def problem_head(written: bytes) -> bytes:
    """gunicorn's HTML error answer (``written``) as a problem details answer.

    >>> answer = problem_head(b"HTTP/1.1 431 Request Header Fields Too Large\\r\\n\\r\\n<html>")
    >>> answer.split(b"\\r\\n")[0], b"application/problem+json" in answer, b"nosniff" in answer
    (b'HTTP/1.1 431 Request Header Fields Too Large', True, True)
    """
    from service.api.envelope import DATA_POLICY

    status_line = written.split(b"\r\n", 1)[0].decode("latin-1")
    _, code, reason = (status_line.split(" ", 2) + ["", ""])[:3]
    status = int(code) if code.isdigit() else 400
    body = json.dumps(
        {"type": "about:blank", "title": reason or "Bad Request", "status": status,
         "detail": _HEAD_PROBLEMS.get(status, _HEAD_PROBLEMS[400])},
        separators=(",", ":"),
    ).encode() + b"\n"
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\nX-Request-ID: {os.urandom(16).hex()}\r\n"
        f"X-Content-Type-Options: nosniff\r\nContent-Security-Policy: {DATA_POLICY}\r\n"
        "Access-Control-Allow-Origin: *\r\n\r\n"
    )
    return head.encode("latin-1") + body


def _write_head_with_body(write: Any) -> Any:
    """gunicorn's ``Response.write``, sending the head with the first part of the body in
    one write instead of two.

    A proxy relays an answer's head as soon as it has read it, and can no longer send the
    request to another instance once it has: a worker killed between the two writes (a
    window that a busy machine, preempting the worker, widens to milliseconds) left the
    client a head and no body. One write leaves the proxy either the whole answer or none
    of it, and none is retried (deploy/compose/nginx.conf).
    """

    def write_whole(response: Any, data: Any) -> None:
        if response.headers_sent or not isinstance(data, bytes):
            write(response, data)
            return
        from gunicorn import util

        sock = response.sock
        response.sock = captured = _Captured(sock)
        try:
            write(response, data)
        finally:
            response.sock = sock
        util.write(sock, captured.written)

    write_whole.whole = True  # type: ignore[attr-defined]
    return write_whole


def post_worker_init(worker: Any) -> None:
    """Answer the requests gunicorn refuses itself as problem details, and write each
    answer's head with its body (both above)."""
    from gunicorn import util
    from gunicorn.http import wsgi

    if not getattr(wsgi.Response.write, "whole", False):
        wsgi.Response.write = _write_head_with_body(wsgi.Response.write)

    refuse = type(worker).handle_error

    def handle_error(req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        captured = _Captured(client)
        refuse(worker, req, captured, addr, exc)  # logs it and writes the HTML page
        if captured.written:
            try:
                util.write_nonblock(client, problem_head(captured.written))
            except Exception:  # the client has gone, as gunicorn's own answer allows
                worker.log.debug("Failed to send error message.")

    worker.handle_error = handle_error


# Metrics: every worker counts into files of its own in PROMETHEUS_MULTIPROC_DIR and
# /metrics adds them up (prometheus_client's multiprocess mode). The variable has to be
# set before prometheus_client is imported, so here, before the app is loaded. Without
# one from the environment, each server gets a fresh directory of its own, named after
# its master's process id and removed on exit; a master that could not remove its own
# (killed) leaves it to the next server started on the machine, which removes every
# such directory whose master is gone.
_METRICS_ENV = "PROMETHEUS_MULTIPROC_DIR"
_METRICS_PREFIX = "oracle-metrics-"
_own_metrics_dir: str | None = None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def remove_dead_metrics_dirs(parent: Path) -> list[Path]:
    """Remove this user's metrics directories in ``parent`` whose master is not running;
    returns them."""
    removed = []
    for directory in parent.glob(_METRICS_PREFIX + "*"):
        pid = directory.name.removeprefix(_METRICS_PREFIX)
        try:
            owned = directory.is_dir() and directory.stat().st_uid == os.getuid()
        except OSError:
            continue
        if owned and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(directory, ignore_errors=True)
            removed.append(directory)
    return removed


if not os.environ.get(_METRICS_ENV, "").strip():
    _parent = Path(tempfile.gettempdir())
    remove_dead_metrics_dirs(_parent)
    _own_metrics_dir = str(_parent / f"{_METRICS_PREFIX}{os.getpid()}")
    shutil.rmtree(_own_metrics_dir, ignore_errors=True)  # a process of this id long gone left it
    os.mkdir(_own_metrics_dir, 0o700)
    os.environ[_METRICS_ENV] = _own_metrics_dir


def on_starting(server: Any) -> None:
    """Start from zero: files left by an earlier server in a configured directory
    would be added to this one's counts."""
    directory = Path(os.environ[_METRICS_ENV])
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.db"):
        stale.unlink()
    # The mark of a server told to stop (GET /readyz): a container restarted in the same
    # pod finds its predecessor's, which would keep it out of rotation for good.
    (directory / "draining").unlink(missing_ok=True)


def child_exit(server: Any, worker: Any) -> None:
    """A worker has gone: its live gauges (if any) no longer count; counters stay."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: Any) -> None:
    if _own_metrics_dir is not None:
        shutil.rmtree(_own_metrics_dir, ignore_errors=True)
