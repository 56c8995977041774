"""What the service adds to gunicorn, as hooks its settings name (service/gunicorn_conf.py).

Importing this module does nothing: each function acts only when gunicorn calls it.

- :func:`metrics_environment` names the metrics directory (a setting: gunicorn puts it
  in the environment before it loads the app), :func:`on_starting` makes it and clears
  what an earlier server left there, :func:`child_exit` and :func:`on_exit` tidy up.
- :func:`post_worker_init` changes how a worker writes: every answer's head goes out
  with the start of its body in one write, the rest of a large body in slices, and a
  client that reads nothing of it for :data:`SEND_TIMEOUT` seconds is dropped; a request
  head gunicorn refuses is answered as problem details; every request body is read
  whole against a deadline, by a bounded number of connections at once
  (:mod:`service.bodies`); and the heavy operations are answered by processes of the
  worker's own (:mod:`service.offload`).
- :func:`post_request` lets a gevent worker serve its connections in turn.

The measurements behind each choice are in docs/deploying.md and docs/performance.md.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Final

#: Seconds a client may leave an answer unread (not one byte taken) before it is dropped:
#: its connection and the answer it holds are let go. As nginx's send_timeout
#: (deploy/compose/nginx.conf).
SEND_TIMEOUT: Final = 10.0
#: The most bytes of a body written in one piece. The first piece goes out with the
#: head, copied beside it (the one copy the write path makes: at most this much per
#: answer); the rest of a large body is sent from the answer's own bytes.
PIECE: Final = 64 * 1024


# --------------------------------------------------------------- metrics directory

METRICS_ENV: Final = "PROMETHEUS_MULTIPROC_DIR"
METRICS_PREFIX: Final = "oracle-metrics-"


def own_metrics_dir() -> Path:
    """The metrics directory a server makes for itself when none is named: in the
    temporary directory, named after its master's process id."""
    return Path(tempfile.gettempdir()) / f"{METRICS_PREFIX}{os.getpid()}"


def metrics_environment() -> list[str]:
    """gunicorn's ``raw_env``: the metrics directory, unless the environment names one.

    Metrics: every worker counts into files of its own in PROMETHEUS_MULTIPROC_DIR and
    /metrics adds them up (prometheus_client's multiprocess mode). The variable has to be
    set before prometheus_client is imported, so before the app is loaded: gunicorn sets
    ``raw_env`` then. Nothing is made here; :func:`on_starting` makes the directory.
    """
    if os.environ.get(METRICS_ENV, "").strip():
        return []
    return [f"{METRICS_ENV}={own_metrics_dir()}"]


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
    for directory in parent.glob(METRICS_PREFIX + "*"):
        pid = directory.name.removeprefix(METRICS_PREFIX)
        try:
            owned = directory.is_dir() and directory.stat().st_uid == os.getuid()
        except OSError:
            continue
        if owned and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(directory, ignore_errors=True)
            removed.append(directory)
    return removed


def on_starting(server: Any) -> None:
    """Make the metrics directory and start from zero.

    A directory of the server's own (none named) is made afresh, and those that servers
    no longer running left behind (killed, they could not remove their own) are removed.
    In a named directory, files left by an earlier server would be added to this one's
    counts: they go, and so does the mark of a server told to stop (GET /readyz), which a
    container restarted in the same pod would otherwise find, keeping it out of rotation.
    """
    directory = Path(os.environ[METRICS_ENV])
    if directory == own_metrics_dir():
        remove_dead_metrics_dirs(directory.parent)
        shutil.rmtree(directory, ignore_errors=True)  # a process of this id long gone left it
        directory.mkdir(0o700)
    else:
        directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.db"):
        stale.unlink()
    (directory / "draining").unlink(missing_ok=True)


def child_exit(server: Any, worker: Any) -> None:
    """A worker has gone: its live gauges (if any) no longer count; counters stay."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: Any) -> None:
    """Remove the metrics directory the server made for itself."""
    if os.environ.get(METRICS_ENV) == str(own_metrics_dir()):
        shutil.rmtree(own_metrics_dir(), ignore_errors=True)


# ----------------------------------------------------------------- turns in a worker


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


# ------------------------------------------------------------ refused request heads

#: gunicorn refuses a request head it cannot read (a control character in a header, a
#: request line or headers past the limits, a transfer coding it does not know) before
#: the application sees it, with an HTML page of its own that no setting changes. Each
#: worker answers those as problem details instead, with the headers every answer of the
#: service carries; behind a proxy they then pass through like the oracle's own.
HEAD_PROBLEMS: Final = {
    400: "The request line or headers are malformed.",
    403: "The request is refused.",
    414: "The request line is longer than {line} bytes.",
    417: "The only expectation served is 100-continue.",
    431: "The request has more than {fields} header fields, or one longer than {field} bytes.",
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


def problem_head(written: bytes, line: int = 4094, fields: int = 50, field: int = 8190) -> bytes:
    """gunicorn's HTML error answer (``written``) as a problem details answer; ``line``,
    ``fields`` and ``field`` are the limits on the request head the worker applies.

    It carries the headers of every other answer: the request id, the hardening headers,
    ``X-Rules-Version`` and CORS as the service is configured (``*`` only where any origin
    may call it; for a list of origins none, since the head that names the origin could
    not be read).

    >>> answer = problem_head(b"HTTP/1.1 431 Request Header Fields Too Large\\r\\n\\r\\n<html>")
    >>> answer.split(b"\\r\\n")[0], b"application/problem+json" in answer, b"X-Rules-Version" in answer
    (b'HTTP/1.1 431 Request Header Fields Too Large', True, True)
    """
    from service.api.envelope import CORS_ENV, DATA_POLICY, EXPOSED, cors_origins
    from service.terra_turrium import RULES_VERSION

    status_line = written.split(b"\r\n", 1)[0].decode("latin-1")
    _, code, reason = (status_line.split(" ", 2) + ["", ""])[:3]
    status = int(code) if code.isdigit() else 400
    detail = HEAD_PROBLEMS.get(status, HEAD_PROBLEMS[400]).format(line=line, fields=fields, field=field)
    body = json.dumps(
        {"type": "about:blank", "title": reason or "Bad Request", "status": status, "detail": detail},
        separators=(",", ":"),
    ).encode() + b"\n"
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\nX-Request-ID: {os.urandom(16).hex()}\r\n"
        f"X-Content-Type-Options: nosniff\r\nContent-Security-Policy: {DATA_POLICY}\r\n"
        f"X-Rules-Version: {RULES_VERSION}\r\n"
        + (f"Access-Control-Allow-Origin: *\r\nAccess-Control-Expose-Headers: {', '.join(EXPOSED)}\r\n"
           if cors_origins(os.environ.get(CORS_ENV)) == "*" else "")
        + "\r\n"
    )
    return head.encode("latin-1") + body


def _answer_refused_heads(worker: Any) -> None:
    from gunicorn import util

    refuse = type(worker).handle_error
    cfg = worker.cfg
    limits = {"line": cfg.limit_request_line, "fields": cfg.limit_request_fields,
              "field": cfg.limit_request_field_size}

    def handle_error(req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        captured = _Captured(client)
        refuse(worker, req, captured, addr, exc)  # logs it and writes the HTML page
        if captured.written:
            try:
                util.write_nonblock(client, problem_head(captured.written, **limits))
            except Exception:  # the client has gone, as gunicorn's own answer allows
                worker.log.debug("Failed to send error message.")

    worker.handle_error = handle_error


# ------------------------------------------------------------------- writing answers


class SlowReader(ConnectionResetError):
    """A client left an answer unread for :data:`SEND_TIMEOUT` seconds: dropped (gunicorn
    lets a reset connection go without a traceback)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(errno.ECONNRESET, f"the client read nothing for {seconds:g} s")


class Outgoing:
    """A client socket as gunicorn's answer writer sees it: holds the head until the
    body's first piece can go with it, and sends a body in pieces of :data:`PIECE` bytes
    from the body's own memory, each within ``timeout`` seconds.

    One write of head and body start means that a proxy, which relays a head as soon as
    it has read it and can no longer send the request to another instance once it has,
    gets either the head with the start of the body or nothing (a worker killed between
    two writes, which a busy machine preempting it widens to milliseconds, left a client
    a head and no body; deploy/compose/nginx.conf retries what got nothing).
    """

    def __init__(self, sock: Any, timeout: float, head_sent: bool) -> None:
        self.sock = sock
        self.timeout = timeout
        self.head = b"" if head_sent else None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sock, name)

    def sendall(self, data: bytes) -> None:
        if self.head is None:  # gunicorn writes the head first, alone
            self.head = bytes(data)
            return
        view = memoryview(data)
        first, view = view[:PIECE], view[PIECE:]
        self._send(self.head + first if self.head else first)
        self.head = b""
        while view:
            piece, view = view[:PIECE], view[PIECE:]
            self._send(piece)

    def flush(self) -> None:
        """Send a head that no body followed."""
        if self.head:
            self._send(self.head)
            self.head = b""

    def _send(self, data: bytes | memoryview) -> None:
        sock = self.sock
        sock.settimeout(self.timeout)
        try:
            sock.sendall(data)
        except TimeoutError:
            raise SlowReader(self.timeout) from None
        finally:
            sock.settimeout(None)


def _paced_write(write: Any, timeout: float) -> Any:
    """gunicorn's ``Response.write`` writing through :class:`Outgoing`."""

    def paced(response: Any, data: Any) -> None:
        sock = response.sock
        response.sock = outgoing = Outgoing(sock, timeout, response.headers_sent)
        try:
            write(response, data)
            outgoing.flush()
        finally:
            response.sock = sock

    paced.paced = True  # type: ignore[attr-defined]
    return paced


def post_worker_init(worker: Any) -> None:
    """Write answers through :class:`Outgoing`, answer refused request heads as problem
    details, read bodies against a deadline (:mod:`service.bodies`) and answer the heavy
    operations in processes of the worker's own."""
    from gunicorn.http import wsgi

    if not getattr(wsgi.Response.write, "paced", False):
        wsgi.Response.write = _paced_write(wsgi.Response.write, SEND_TIMEOUT)
    _answer_refused_heads(worker)
    if type(worker).__module__ == "gunicorn.workers.ggevent":
        from service import bodies, offload

        plain = worker.wsgi
        worker.wsgi = bodies.install(offload.install(plain, worker), plain, worker)
