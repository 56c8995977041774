"""The heavy operations answered by processes of a worker's own, so that they never hold
up the light ones.

A gevent worker answers one request at a time on its CPU: a search of two seconds, or a
replay of thousands of turns, kept every other request of that worker waiting, health
and readiness probes included. Here each worker forks :data:`PROCESSES` helper
processes when it starts (:func:`install`, from :func:`service.serving.post_worker_init`),
at a lower priority (:data:`NICENESS`): a heavy request (:data:`HEAVY`) is read whole by
the worker, answered by an idle helper, and its answer written back by the worker, which
meanwhile answers everything else. The light requests never pass through a helper and
pay only the test of their path.

Admission: at most :data:`PROCESSES` + :data:`QUEUE` heavy requests per worker at a time,
those beyond the helpers waiting their turn (at most :data:`QUEUE_WAIT` seconds); any more
is answered at once with 503 problem details and ``Retry-After``, which the project's nginx
sends to another instance (deploy/compose/nginx.conf). A helper that has not answered
within :data:`HEAVY_TIMEOUT` seconds (the longest search budget is 2 s; a replay takes
under a second of CPU, more on a machine busy with other work) is killed and
replaced, and its request answered 503.

Settings, from the environment: ``ORACLE_HEAVY_PROCESSES`` (helpers per worker, default 1;
0 answers heavy requests in the worker itself, as before), ``ORACLE_HEAVY_QUEUE`` (default
2), ``ORACLE_HEAVY_TIMEOUT`` (seconds, default 20). The measurements behind the choice are
in docs/deploying.md.

A helper is a fork of the worker with the application already loaded: it closes every
inherited socket but its end of the pipe, never enters
gevent's event loop (it reads and writes its pipe with blocking system calls) and ends
when the worker does (its pipe closes).
"""

from __future__ import annotations

import io
import os
import pickle
import signal
import stat
import struct
import sys
import traceback
from collections.abc import Callable, Iterator
from typing import Any, Final

#: The operations answered by helpers (POST only): the computer players' searches, which
#: run for their budget, the operations whose work grows with the body (a replay of a
#: whole game, a batch of up to 256 requests), and the pictures, whose answers are the
#: largest for the smallest questions (docs/deploying.md, "Bounded answers").
HEAVY: Final = frozenset({
    "/v1/turns/suggest",
    "/v1/spiel-der-tuerme/turns/suggest",
    "/v1/games/replay",
    "/v1/batch",
    "/v1/render",
    "/v1/spiel-der-tuerme/render",
})

#: The environment key by which a refused request reaches the application, which answers
#: it 503 with ``Retry-After`` of this many seconds (service/api/envelope.py, which takes
#: the key from here).
OVERLOADED: Final = "oracle.overloaded"
RETRY_AFTER: Final = 1


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


PROCESSES: Final = _env_int("ORACLE_HEAVY_PROCESSES", 1)
QUEUE: Final = _env_int("ORACLE_HEAVY_QUEUE", 2)
QUEUE_WAIT: Final = 5.0
HEAVY_TIMEOUT: Final = float(os.environ.get("ORACLE_HEAVY_TIMEOUT", "").strip() or 20)
NICENESS: Final = 10
#: The largest body a request may have (the contract's 64 KiB).
MAX_BODY: Final = 64 * 1024

_LENGTH = struct.Struct("!Q")
#: The most bytes of an answer read from a helper at once.
_READ = 256 * 1024


class HelperFailed(Exception):
    """A helper did not answer in time, or ended."""


# ----------------------------------------------------------------------- the helper


def _read_exactly(fd: int, size: int) -> bytes | None:
    parts, left = [], size
    while left:
        part = os.read(fd, min(left, _READ))
        if not part:
            return None
        parts.append(part)
        left -= len(part)
    return b"".join(parts)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _keeping(started: list[Any]) -> Callable[..., None]:
    """A WSGI ``start_response`` that keeps the status and headers in ``started``, each
    request its own list, for the answer's head once the application has answered."""

    def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> None:
        started[:] = [status, headers]

    return start_response


def _serve(app: Any, fd: int) -> None:
    """A helper's life: answer each request the worker sends until its pipe closes."""
    while True:
        size = _read_exactly(fd, _LENGTH.size)
        frame = _read_exactly(fd, _LENGTH.unpack(size)[0]) if size is not None else None
        if frame is None:
            return
        environ, body = pickle.loads(frame)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["wsgi.errors"] = sys.stderr
        started: list[Any] = []
        result = app(environ, _keeping(started))
        try:
            answer = b"".join(result)  # one part (Flask's answers): the part itself, not a copy
        finally:
            if hasattr(result, "close"):
                result.close()
        head = pickle.dumps((*started, len(answer)))
        _write_all(fd, _LENGTH.pack(len(head)) + head)
        _write_all(fd, answer)


def _close_sockets(but: int) -> None:
    """Close every socket the helper inherited but its pipe (``but``): the worker's
    listeners and client connections are not the helper's, and holding one would keep a
    connection the worker closes open. Files stay: the metrics client closes its own
    when it sees the new process id, and a descriptor closed under it could be another
    file's by then."""
    from gevent import monkey

    close = monkey.get_original("os", "close")  # gevent's would wait on its event loop
    try:
        descriptors = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        descriptors = list(range(3, 4096))
    for descriptor in descriptors:
        if descriptor <= 2 or descriptor == but:
            continue
        try:
            if stat.S_ISSOCK(os.fstat(descriptor).st_mode):
                close(descriptor)
        except OSError:
            pass  # the listing's own, or already gone


def _helper_main(app: Any, fd: int) -> None:
    """In the forked helper: leave the worker's world, then serve."""
    try:
        from gevent import monkey

        set_handler = monkey.get_original("signal", "signal")
        for sig in (signal.SIGTERM, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2, signal.SIGHUP,
                    signal.SIGWINCH, signal.SIGABRT, signal.SIGCHLD):
            set_handler(sig, signal.SIG_DFL)
        set_handler(signal.SIGINT, signal.SIG_IGN)  # a terminal's ^C is for the server
        _close_sockets(but=fd)
        os.set_blocking(fd, True)
        os.nice(NICENESS)
        _serve(app, fd)
    except BaseException:
        traceback.print_exc()
        os._exit(1)
    os._exit(0)


class Helper:
    """One helper process and the worker's end of its pipe (a gevent socket)."""

    def __init__(self, app: Any) -> None:
        import socket

        ours, theirs = socket.socketpair()
        pid = os.fork()  # gevent's under a gevent worker: it reaps the helper when it ends
        if pid == 0:
            _helper_main(app, theirs.fileno())
        theirs.close()
        self.pid = pid
        self.sock = ours

    def answer(
        self, environ: dict[str, Any], body: bytes, timeout: float
    ) -> tuple[str, list[Any], list[bytes]]:
        """The helper's answer to a request: status, headers and the body's parts."""
        import gevent

        plain = {k: v for k, v in environ.items() if isinstance(v, str | bool | int | tuple)}
        frame = pickle.dumps((plain, body))
        try:
            with gevent.Timeout(timeout, HelperFailed(f"no answer within {timeout:g} s")):
                self.sock.sendall(_LENGTH.pack(len(frame)) + frame)
                head = pickle.loads(self._read(_LENGTH.unpack(self._read(_LENGTH.size))[0]))
                status, headers, length = head
                parts = []
                while length:
                    part = self.sock.recv(min(length, _READ))
                    if not part:
                        raise HelperFailed("the helper ended")
                    parts.append(part)
                    length -= len(part)
        except OSError as exc:
            raise HelperFailed(str(exc)) from None
        return status, headers, parts

    def _read(self, size: int) -> bytes:
        buffer = bytearray(size)
        view, got = memoryview(buffer), 0
        while got < size:
            count = self.sock.recv_into(view[got:])
            if not count:
                raise HelperFailed("the helper ended")
            got += count
        return bytes(buffer)

    def stop(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.sock.close()


def _parts(parts: list[bytes]) -> Iterator[bytes]:
    """The answer's parts, each let go once the server has it."""
    parts.reverse()
    while parts:
        yield parts.pop()


class Offload:
    """A WSGI middleware: heavy requests to the helpers, the rest to ``app``."""

    def __init__(self, app: Any, processes: int = PROCESSES, queue: int = QUEUE, log: Any = None) -> None:
        import gevent.queue

        self.app = app
        self.log = log
        self.idle: Any = gevent.queue.Queue()
        for _ in range(processes):
            self.idle.put(Helper(app))
        self.capacity = processes + queue
        self.admitted = 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ["PATH_INFO"] in HEAVY and environ["REQUEST_METHOD"] == "POST":
            return self.heavy(environ, start_response)
        return self.app(environ, start_response)

    def heavy(self, environ: dict[str, Any], start_response: Any) -> Any:
        import gevent.queue

        # Read the body whole (the server has bounded its arrival in time), at most one
        # byte past the limit: a longer one is the application's 413, whatever its framing.
        body = environ["wsgi.input"].read(MAX_BODY + 1)
        environ["wsgi.input"] = io.BytesIO(body)
        environ["CONTENT_LENGTH"] = str(len(body))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ.pop("wsgi.input_terminated", None)
        if len(body) > MAX_BODY:
            return self.app(environ, start_response)
        if self.admitted >= self.capacity:
            return self.refuse(environ, start_response)
        self.admitted += 1
        try:
            try:
                helper = self.idle.get(timeout=QUEUE_WAIT)
            except gevent.queue.Empty:
                return self.refuse(environ, start_response)
            try:
                status, headers, parts = helper.answer(environ, body, HEAVY_TIMEOUT)
            except HelperFailed as exc:
                if self.log is not None:
                    self.log.warning("Heavy request %s failed in helper %s: %s; replacing it",
                                     environ["PATH_INFO"], helper.pid, exc)
                helper.stop()
                helper = Helper(self.app)
                return self.refuse(environ, start_response)
            finally:
                self.idle.put(helper)
        finally:
            self.admitted -= 1
        start_response(status, headers)
        return _parts(parts)

    def refuse(self, environ: dict[str, Any], start_response: Any) -> Any:
        """503 with ``Retry-After``, answered by the application (its problem details,
        in the request's language, with the headers every answer carries); the connection
        is closed after it, so that the client's next try may reach another worker."""
        environ[OVERLOADED] = RETRY_AFTER
        answer: Any = getattr(start_response, "__self__", None)  # gunicorn's Response
        if hasattr(answer, "force_close"):
            answer.force_close()
        return self.app(environ, start_response)


def install(app: Any, worker: Any) -> Any:
    """``app`` with its heavy requests answered by helpers (none if ORACLE_HEAVY_PROCESSES
    is 0)."""
    if PROCESSES <= 0:
        return app
    return Offload(app, PROCESSES, QUEUE, worker.log)
