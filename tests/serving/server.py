"""The service as deployed, for the tests of tests/serving: ``python -m service`` with the
project's gunicorn settings, on a free port of 127.0.0.1, with its logs in files.

Also runnable by hand: ``python -m tests.serving.server --seconds 40`` starts a server
and holds as many idle connections as it has workers plus two (and as many stalled
ones) for that long, probing ``/healthz`` and a POST meanwhile, and prints the slowest
answers (docs/performance.md records a run).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2

#: A small valid body for the POSTs the tests send.
REMOVALS = json.dumps({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}).encode()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]
    stdout: Path
    stderr: Path
    metrics: Path

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 10,
    ) -> tuple[int, dict[str, str], bytes]:
        """One request on a new connection: status, headers, body."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            connection.close()

    def post(
        self,
        path: str = "/v1/removals",
        body: bytes = REMOVALS,
        headers: dict[str, str] | None = None,
        timeout: float = 10,
    ) -> tuple[int, dict[str, str], bytes]:
        return self.request(
            "POST", path, body, {"Content-Type": "application/json", **(headers or {})}, timeout
        )

    def workers(self) -> list[int]:
        """gunicorn's worker processes (the master's children)."""
        return children(self.process.pid)

    def log(self) -> str:
        return self.stdout.read_text(errors="replace") + self.stderr.read_text(errors="replace")


@contextmanager
def serve(
    directory: Path, workers: int = WORKERS, options: Sequence[str] = (), **env: str
) -> Iterator[Server]:
    """``python -m service`` with ``workers`` workers, gunicorn ``options`` and ``env``;
    stopped on exit."""
    port = free_port()
    metrics = directory / "metrics"
    environment = dict(
        os.environ,
        HOST="127.0.0.1",
        PORT=str(port),
        WEB_CONCURRENCY=str(workers),
        PROMETHEUS_MULTIPROC_DIR=str(metrics),
        **env,
    )
    environment["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), environment.get("PYTHONPATH")]))
    stdout, stderr = directory / "stdout.log", directory / "stderr.log"
    with stdout.open("wb") as out, stderr.open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-m", "service", *options],
            cwd=directory,
            env=environment,
            stdout=out,
            stderr=err,
        )
    server = Server(port, process, stdout, stderr, metrics)
    try:
        # A guard against a server that never starts, not a figure: starting takes a few
        # seconds on a quiet machine, and as long as it must on a busy one.
        deadline = time.monotonic() + 120
        while len(server.workers()) < workers or not _answers(server):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{server.log()}")
            time.sleep(0.1)
        yield server
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _answers(server: Server) -> bool:
    try:
        return server.request("GET", "/healthz", timeout=2)[0] == 200
    except OSError:
        return False


# ------------------------------------------------------------------ slow clients


def idle(port: int) -> socket.socket:
    """A connection that sends nothing."""
    return socket.create_connection(("127.0.0.1", port), timeout=30)


def stalled_body(port: int) -> socket.socket:
    """A request whose body stops long before its Content-Length."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(
        b"POST /v1/removals HTTP/1.1\r\nHost: oracle\r\nContent-Type: application/json\r\n"
        b"Content-Length: 1000\r\n\r\n{\"position\": "
    )
    return sock


class Trickle(threading.Thread):
    """A request head sent a byte every ``interval`` seconds, until stopped or cut off."""

    def __init__(self, port: int, interval: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.interval = interval
        self.stopped = threading.Event()
        self.cut_after: float | None = None

    def run(self) -> None:
        head = b"GET /healthz HTTP/1.1\r\nHost: oracle\r\n" + b"X-Padding: " + b"x" * 4000
        start = time.monotonic()
        for byte in head:
            if self.stopped.wait(self.interval):
                return
            try:
                self.sock.sendall(bytes([byte]))
            except OSError:
                self.cut_after = time.monotonic() - start
                return

    def stop(self) -> None:
        self.stopped.set()
        self.sock.close()


def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is; the answer's status, headers (lower-case names), body."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def closed_by_server(sock: socket.socket, within: float) -> float | None:
    """Seconds until the server closes ``sock`` (reads end), or None if it does not
    within ``within`` seconds."""
    start = time.monotonic()
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return None
    except OSError:
        pass
    return time.monotonic() - start


def probe(server: Server, seconds: float, pause: float = 0.2, timeout: float = 5) -> dict[str, list[float]]:
    """Ask ``/healthz`` and POST ``/v1/removals`` in turn for ``seconds``, each on a new
    connection: how long each answer took, in seconds (infinite for no answer within
    ``timeout`` seconds or one other than 200)."""
    took: dict[str, list[float]] = {"healthz": [], "post": []}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for name, times in took.items():
            start = time.monotonic()
            try:
                if name == "healthz":
                    status = server.request("GET", "/healthz", timeout=timeout)[0]
                else:
                    status = server.post(timeout=timeout)[0]
                times.append(time.monotonic() - start if status == 200 else float("inf"))
            except OSError:
                times.append(float("inf"))
        time.sleep(pause)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--workers", type=int, default=WORKERS)
    parser.add_argument(
        "--worker-class", help="another of gunicorn's worker classes, to compare (sync, gthread)"
    )
    parser.add_argument("--threads", type=int, help="threads a gthread worker")
    args = parser.parse_args()
    options = [*(["-k", args.worker_class] if args.worker_class else []),
               *(["--threads", str(args.threads)] if args.threads else [])]
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve(Path(tmp), workers=args.workers, options=options) as server,
        ExitStack() as stack,
    ):
        count = args.workers + 2
        for _ in range(count):
            stack.callback(stalled_body(server.port).close)
        # The server cuts idle connections after its keep-alive time: open new ones as
        # they go, so that there are always as many as the probe says.
        stop = threading.Event()

        def keep_idle() -> None:
            while not stop.is_set():
                sock = idle(server.port)
                closed_by_server(sock, args.seconds)
                sock.close()

        for _ in range(count):
            threading.Thread(target=keep_idle, daemon=True).start()
        stack.callback(stop.set)
        took = probe(server, args.seconds, pause=0.5)

        def summary(times: list[float]) -> str:
            answered = sorted(t for t in times if t != float("inf"))
            text = f"{len(answered)} of {len(times)} answered within 5 s"
            if answered:
                median, slowest = statistics.median(answered) * 1000, answered[-1] * 1000
                text += f", median {median:.0f} ms, slowest {slowest:.0f} ms"
            return text

        print(
            f"{args.worker_class or 'gevent'}: {args.workers} workers, {count} idle connections "
            f"(renewed as the server closes them) and {count} stalled bodies held for {args.seconds:g} s: "
            f"/healthz {summary(took['healthz'])}; POST /v1/removals {summary(took['post'])}"
        )

if __name__ == "__main__":
    main()


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, read from /proc: a gunicorn master's workers."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return sorted(found)
