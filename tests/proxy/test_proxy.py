"""The service as deployed behind a proxy: Debian's nginx running the project's own
deploy/compose/nginx.conf in front of three instances started as ``make run`` starts
them (``python -m service``, HOST and PORT from the environment), all on loopback.

Under a steady POST load, a rolling restart of all three instances (SIGTERM, wait for
the exit, start again, wait until it answers, then the next) and a SIGKILL of one
instance's whole process group lose no request; and whatever nginx or gunicorn refuses
is answered as problem details with the headers of every answer.

The nginx configuration is used as committed, with only what cannot be the same on a
test machine substituted (:func:`local_config`): the upstream addresses, the address
to listen on and the writable paths (pid file, temporary files, logs).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.serving.server import children, raw

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "compose" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
REMOVALS = json.dumps({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}).encode()
PROBLEM = "application/problem+json"

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process groups and /proc: Linux only")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def local_config(text: str, upstreams: list[int], port: int, directory: Path) -> str:
    """nginx.conf with the upstream's servers at ``upstreams`` (loopback ports), listening
    on 127.0.0.1:``port``, and its pid file, temporary files and logs in ``directory``.
    Each substitution must match exactly once, so the committed file cannot drift from
    what is tested without this failing."""

    def once(pattern: str, replace: str | object, text: str) -> str:
        result, count = re.subn(pattern, replace, text, flags=re.MULTILINE)  # type: ignore[call-overload]
        assert count == 1 if pattern != SERVER else count >= 1, (pattern, count)
        return result

    text = once(SERVER, lambda m: "".join(f"{m[1]}server 127.0.0.1:{p}{m[2]};\n" for p in upstreams), text)
    text = once(r"^(\s*)listen 8080;$", rf"\1listen 127.0.0.1:{port};", text)
    text = once(r"^pid /tmp/nginx\.pid;$", f"pid {directory}/nginx.pid;", text)
    text = once(r"/dev/stdout", f"{directory}/access.log", text)
    text = once(r"/dev/stderr", f"{directory}/error.log", text)
    text = once(r"/tmp/nginx-proxy;", f"{directory}/proxy;", text)
    # The other temporary paths Debian's nginx is built with, which only root may create.
    text = once(r"^(\s*)client_body_temp_path /tmp/nginx-body;$",
                "".join(rf"\1{kind}_temp_path {directory}/{kind};" + "\n"
                        for kind in ("client_body", "fastcgi", "uwsgi", "scgi")), text)
    return text


#: An upstream server line of nginx.conf: its indentation and its parameters.
SERVER = r"^(\s*)server oracle:8080([^;\n]*);\n"


# ------------------------------------------------------------------------ processes


@dataclass
class Instance:
    """One ``python -m service``, in a process group of its own."""

    port: int
    directory: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    def start(self) -> None:
        env = dict(os.environ, HOST="127.0.0.1", PORT=str(self.port))
        env.pop("PROMETHEUS_MULTIPROC_DIR", None)  # as `make run`: the server makes its own
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        self.starts += 1
        log = (self.directory / f"instance-{self.port}-{self.starts}.log").open("wb")
        with log:
            self.process = subprocess.Popen([sys.executable, "-m", "service"], cwd=self.directory, env=env,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)

    def ready(self, within: float = 120) -> None:
        """Wait until it answers ``/healthz`` itself."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            assert self.process is not None and self.process.poll() is None, self.log()
            try:
                if _get(self.port, "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"instance on {self.port} did not start:\n{self.log()}")

    def terminate(self, within: float = 45) -> float:
        """SIGTERM to the master, as an orchestrator sends it; the seconds until it exited."""
        assert self.process is not None
        start = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=within)
        return time.monotonic() - start

    def kill(self) -> None:
        """SIGKILL to the whole process group: the master and its workers at once."""
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait(timeout=10)

    def workers(self) -> list[int]:
        """The master's children: gunicorn's workers."""
        assert self.process is not None
        return children(self.process.pid)

    def log(self) -> str:
        return "\n".join(
            p.read_text(errors="replace")[-3000:] for p in sorted(self.directory.glob("instance-*.log"))
        )


def answered(metrics: Path, pid: int) -> float:
    """The requests a worker has answered: its own counter file in its server's metrics
    directory (prometheus_client's multiprocess mode, one file a worker)."""
    from prometheus_client.mmap_dict import MmapedDict

    path = metrics / f"counter_{pid}.db"
    if not path.exists():
        return 0.0
    return sum(value for key, value, *_ in MmapedDict.read_all_values_from_file(str(path))
               if json.loads(key)[1] == "oracle_http_requests_total")


def _get(port: int, path: str, timeout: float = 5, method: str = "GET") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@contextmanager
def nginx(upstreams: list[int]) -> Iterator[tuple[int, Path]]:
    """The project's nginx.conf in front of ``upstreams``: its port and its directory."""
    if not os.access(NGINX, os.X_OK):
        pytest.fail("nginx is missing: `make install-test` installs it (as root; else "
                    "`sudo apt-get install -y nginx`)")
    # A directory of its own that nginx's workers (another user when run as root) can enter.
    directory = Path(tempfile.mkdtemp(prefix="oracle-nginx-"))
    directory.chmod(0o755)
    port = free_port()
    config = directory / "nginx.conf"
    config.write_text(local_config(CONFIG.read_text(), upstreams, port, directory))
    command = [NGINX, "-c", str(config), "-p", str(directory), "-e", str(directory / "error.log")]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30, check=False)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, _text(directory / "error.log")
                time.sleep(0.05)
        yield port, directory
    finally:
        process.send_signal(signal.SIGQUIT)  # nginx's graceful stop
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


def _text(path: Path) -> str:
    return path.read_text(errors="replace")[-5000:] if path.exists() else ""


# ------------------------------------------------------------------------- the load


@dataclass
class Load:
    """``clients`` kept-alive connections to nginx, each sending POST /v1/removals at most
    ``rate`` times a second until stopped: the statuses answered and the failures."""

    port: int
    clients: int = 4
    rate: float = 60
    statuses: Counter[int] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    stopped: threading.Event = field(default_factory=threading.Event)
    threads: list[threading.Thread] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> None:
        for _ in range(self.clients):
            thread = threading.Thread(target=self._client, daemon=True)
            thread.start()
            self.threads.append(thread)

    def _client(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        pause = 1 / self.rate
        while not self.stopped.is_set():
            started = time.monotonic()
            try:
                connection.request("POST", "/v1/removals", body=REMOVALS,
                                   headers={"Content-Type": "application/json"})
                response = connection.getresponse()
                body = response.read()
                with self.lock:
                    self.statuses[response.status] += 1
                    if response.status != 200:
                        self.failures.append(f"{response.status}: {body[:200]!r}")
            except (OSError, http.client.HTTPException) as exc:
                with self.lock:
                    self.failures.append(f"connection: {exc!r}")
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.stopped.wait(max(0.0, pause - (time.monotonic() - started)))
        connection.close()

    def stop(self) -> None:
        self.stopped.set()
        for thread in self.threads:
            thread.join(timeout=40)

    @property
    def total(self) -> int:
        with self.lock:
            return sum(self.statuses.values())


#: Requests the load must have had answered between two steps of the restart (about a
#: second's worth on a quiet machine), and after a worker is killed: counted, not timed,
#: so that a busy machine makes the test longer rather than failed.
BETWEEN_STEPS = 60
AFTER_THE_KILL = 400
#: How long a wait for what is bound to happen (an instance answers, a worker is
#: replaced, the load gets its answers) may last: a guard against hanging, not a figure.
PATIENCE = 120


def _more_answers(load: Load, count: int) -> None:
    """Wait until the load has had ``count`` more answers (or failures: they are reported
    at the end); fails if the load stopped."""
    target = load.total + count
    deadline = time.monotonic() + PATIENCE
    while load.total + len(load.failures) < target:
        assert time.monotonic() < deadline, f"the load stopped at {load.total} answers"
        time.sleep(0.05)


# -------------------------------------------------------------------------- the tests


def test_a_rolling_restart_and_a_killed_instance_lose_no_request() -> None:
    """Three instances behind nginx under a steady POST load: each in turn gets SIGTERM,
    exits after answering what it had accepted, and is started again; then one instance's
    process group is killed outright and started again. Every request is answered 200:
    nginx sends one that met a closed or reset connection to another instance, and never
    takes every instance out of rotation at once. The killed master's metrics directory
    is removed when its instance starts again."""
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        directory = Path(tmp)
        instances = [Instance(free_port(), directory) for _ in range(3)]
        for instance in instances:
            stack.callback(instance.stop)
            instance.start()
        for instance in instances:
            instance.ready()
        port, proxy = stack.enter_context(nginx([i.port for i in instances]))
        assert _get(port, "/healthz")[0] == 200

        load = Load(port)
        load.start()
        stack.callback(load.stop)
        began = time.monotonic()
        _more_answers(load, BETWEEN_STEPS)
        drains = []
        for instance in instances:  # the rolling restart
            drains.append(instance.terminate())
            instance.start()
            instance.ready()
            _more_answers(load, BETWEEN_STEPS)  # the restarted instance back in rotation

        victim = instances[1]
        assert victim.process is not None
        killed_metrics = Path(tempfile.gettempdir()) / f"oracle-metrics-{victim.process.pid}"
        assert killed_metrics.is_dir()
        victim.kill()
        _more_answers(load, BETWEEN_STEPS)  # answered by the other two while it is down
        victim.start()
        victim.ready()
        _more_answers(load, BETWEEN_STEPS)

        # One worker of an instance killed: gunicorn replaces it, and no request is lost
        # meanwhile. Which worker nginx's renewed connections then reach is the kernel's
        # choice, so how many the replacement answers is reported, not asserted.
        survivor = instances[0]
        first, second = survivor.workers()
        os.kill(first, signal.SIGKILL)
        deadline = time.monotonic() + PATIENCE
        while len(set(survivor.workers()) - {first, second}) != 1:
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.05)
        (replacement,) = set(survivor.workers()) - {first, second}
        assert survivor.process is not None
        metrics = Path(tempfile.gettempdir()) / f"oracle-metrics-{survivor.process.pid}"
        new_before, old_before = answered(metrics, replacement), answered(metrics, second)
        _more_answers(load, AFTER_THE_KILL)
        new_share = answered(metrics, replacement) - new_before
        old_share = answered(metrics, second) - old_before
        load.stop()
        seconds = time.monotonic() - began

        report = (f"{load.total} requests in {seconds:.1f} s, statuses {dict(load.statuses)}, "
                  f"drains {[round(d, 2) for d in drains]} s; first failures {load.failures[:5]}; "
                  f"nginx: {_text(proxy / 'error.log')[-2000:]}")
        print(report)
        assert load.failures == [], report
        assert set(load.statuses) == {200}, report
        assert not killed_metrics.exists(), "the killed master's metrics directory is still there"
        print(f"after a worker was killed: its replacement answered {new_share:.0f} requests, "
              f"the other worker {old_share:.0f}, of the next {AFTER_THE_KILL}")
        retried = len(re.findall(r"while (?:reading response header|connecting) from upstream",
                                 _text(proxy / "error.log")))
        print(f"nginx logged {retried} failed attempts, each answered by another instance")


HEAD = b"Host: oracle\r\nConnection: close\r\n"
REFUSALS = {
    "body over 64 KiB": (413, b"POST /v1/removals HTTP/1.1\r\n" + HEAD
                         + b"Content-Type: application/json\r\nContent-Length: 70000\r\n\r\n" + b" " * 70000),
    "request line over 8 KiB": (414, b"GET /" + b"x" * 9000 + b" HTTP/1.1\r\n" + HEAD + b"\r\n"),
    "more than 50 headers": (431, b"GET /healthz HTTP/1.1\r\n" + HEAD
                             + b"".join(b"X-Field-%d: 1\r\n" % i for i in range(60)) + b"\r\n"),
    "malformed request line": (400, b"GET /healthz HTTP/1.1 extra\r\n" + HEAD + b"\r\n"),
    "header over 8 KiB": (400, b"GET /healthz HTTP/1.1\r\n" + HEAD + b"X-Big: " + b"y" * 9000 + b"\r\n\r\n"),
    "control character in a header": (400, b"GET /healthz HTTP/1.1\r\n" + HEAD + b"X-Odd: a\x01b\r\n\r\n"),
    "TRACE": (405, b"TRACE / HTTP/1.1\r\n" + HEAD + b"\r\n"),
    "unknown transfer coding": (501, b"POST /v1/removals HTTP/1.1\r\n" + HEAD
                                + b"Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n"),
    "HTTP/2.0 request line": (505, b"GET /healthz HTTP/2.0\r\n" + HEAD + b"\r\n"),
    # The oracle's own refusal, passed on: nginx leaves the body as it is sent.
    "coded body": (415, b"POST /v1/removals HTTP/1.1\r\n" + HEAD + b"Content-Type: application/json\r\n"
                   b"Content-Encoding: gzip\r\nContent-Length: 20\r\n\r\n" + b"\x1f\x8b" + b"\x00" * 18),
    "doubled slash": (404, b"GET //healthz HTTP/1.1\r\n" + HEAD + b"\r\n"),
}


def test_every_refusal_through_nginx_is_a_problem_with_the_answers_headers() -> None:
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        instance = Instance(free_port(), Path(tmp))
        stack.callback(instance.stop)
        instance.start()
        instance.ready()
        port, _ = stack.enter_context(nginx([instance.port]))
        for name, (status, request) in REFUSALS.items():
            got, headers, body = raw(port, request)
            assert got == status, (name, got, headers, body[:300])
            assert headers.get("content-type") == PROBLEM, (name, headers, body[:300])
            assert headers.get("x-content-type-options") == "nosniff", (name, headers)
            assert re.fullmatch(r"[A-Za-z0-9\-_.:=+/@]{1,128}", headers.get("x-request-id", "")), (
                name,
                headers,
            )
            problem = json.loads(body)
            assert problem["status"] == status and problem["title"] and problem["detail"], (name, problem)
        # The oracle's own answers pass unchanged, its problem details included.
        got, headers, body = raw(port, b"GET /v1/removals HTTP/1.1\r\n" + HEAD + b"\r\n")
        assert got == 405 and headers["allow"] and json.loads(body)["status"] == 405
        got, headers, body = raw(port, b"POST /v1/removals HTTP/1.1\r\n" + HEAD
                                  + b"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
        assert got == 400 and json.loads(body)["errors"][0]["pointer"] == "/position"


def test_nginx_gzips_large_answers_and_asks_the_oracle_for_plain_ones() -> None:
    """Behind nginx, compression is nginx's: the oracle answers plain (its access log counts
    the whole answer) and nginx gzips it for a client that accepts gzip."""
    import gzip

    from bench.heavy_load import longest_replay

    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        instance = Instance(free_port(), Path(tmp))
        stack.callback(instance.stop)
        instance.start()
        instance.ready()
        port, _ = stack.enter_context(nginx([instance.port]))
        answers = {}
        for accept in ("gzip", "identity"):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            try:
                connection.request("POST", "/v1/games/replay", body=longest_replay(),
                                   headers={"Content-Type": "application/json", "Accept-Encoding": accept,
                                            "X-Request-ID": f"zip-{accept}"})
                response = connection.getresponse()
                answers[accept] = (response.status, response.getheader("Content-Encoding"), response.read())
            finally:
                connection.close()
        status, encoding, packed = answers["gzip"]
        assert (status, encoding) == (200, "gzip")
        assert answers["identity"][:2] == (200, None)
        plain = answers["identity"][2]
        assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 10
        log = "".join(path.read_text() for path in Path(tmp).glob("instance-*.log"))
        (line,) = [line for line in log.splitlines() if line.endswith(" zip-gzip")]
        assert f" 200 {len(plain)} " in line, line  # the oracle sent it plain
