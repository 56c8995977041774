"""The image's container checked: its HTTP answers against the package's in this
process, its user, its SBOM, its HEALTHCHECK, no C compiler, and SIGTERM under load.
"""

from __future__ import annotations

import contextlib
import functools
import http.client
import json
import os
import re
import runpy
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Final

from tools.base_image import STAND_IN_PYTHON
from tools.podman import ROOT, Failure, podman, say

#: The user the image runs as (Dockerfile, deploy/kubernetes/deployment.yaml).
UID: Final = "10001"
#: One query of each game: a request example of docs/examples and its operation.
QUERIES: Final = (
    ("reach.json", "/v1/reach"),
    ("sdt_moves.json", "/v1/spiel-der-tuerme/moves"),
    ("tul_combat.json", "/v1/turm-und-leute/combat"),
)
#: The pod's grace (deploy/kubernetes/deployment.yaml): podman stop waits this long
#: before its SIGKILL.
GRACE_SECONDS: Final = 45


# --- HTTP ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def ask(port: int, method: str, path: str, body: bytes | None = None, timeout: float = 10) -> tuple[int, Any]:
    """One request on a new connection: the status and the answer (JSON where it is)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        if response.getheader("Content-Type", "").split(";")[0].endswith("json"):
            return response.status, json.loads(data)
        return response.status, data
    finally:
        connection.close()


def wait_for(port: int, path: str, seconds: float, status: int = 200) -> bool:
    """Whether GET `path` answers `status` within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, http.client.HTTPException):
            if ask(port, "GET", path, timeout=2)[0] == status:
                return True
        time.sleep(0.25)
    return False


def example(name: str) -> bytes:
    return (ROOT / "docs" / "examples" / name).read_bytes()


@functools.cache
def _app() -> Any:
    """The package's app, made once for every comparison."""
    from service import create_app

    return create_app()


def in_process(method: str, path: str, body: bytes | None) -> tuple[int, Any]:
    """What the package in this process answers to the same request."""
    client = _app().test_client()
    answer = client.open(path, method=method, data=body, content_type="application/json" if body else None)
    return answer.status_code, answer.get_json(silent=True)


# --- checks --------------------------------------------------------------------------


@dataclass
class Checks:
    """Each check's verdict, printed as it comes."""

    failed: list[str] = field(default_factory=list)

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        say(f"{'ok  ' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")
        if not ok:
            self.failed.append(name)
        return ok

    def attempt(self, name: str, step: Callable[[], None]) -> None:
        """Runs `step`, a group of checks: an exception in it is one failure."""
        try:
            step()
        except (
            Failure,
            OSError,
            subprocess.TimeoutExpired,
            http.client.HTTPException,
            KeyError,
            ValueError,
        ) as error:
            self.check(name, False, f"{type(error).__name__}: {error}")


@contextlib.contextmanager
def container(image: str, *options: str) -> Iterator[tuple[str, int]]:
    """`image` running detached with its port published on 127.0.0.1; its name and the
    host port, once /healthz answers."""
    port = free_port()
    name = f"oracle-test-{os.getpid()}-{port}"
    podman("run", "--detach", "--name", name, "--publish", f"127.0.0.1:{port}:8080", *options, image)
    try:
        if not wait_for(port, "/healthz", 60):
            logs = podman("logs", name, check=False)
            raise Failure(f"/healthz did not answer within 60 s:\n{(logs.stdout + logs.stderr)[-3000:]}")
        yield name, port
    finally:
        podman("rm", "--force", "--time", "0", name, check=False)


def runtime_lock() -> dict[str, str]:
    """The runtime lock's pins that apply to the image (Linux, CPython 3.11)."""
    from packaging.markers import Marker

    lock = runpy.run_path(str(ROOT / "requirements" / "lock.py"), run_name="lock")
    environment = {"python_version": STAND_IN_PYTHON, "python_full_version": f"{STAND_IN_PYTHON}.0",
                   "sys_platform": "linux", "platform_system": "Linux", "os_name": "posix",
                   "platform_python_implementation": "CPython", "implementation_name": "cpython",
                   "platform_machine": "x86_64"}
    return {pin.name: pin.version for pin in lock["pins"](lock["BY_NAME"]["runtime"].path)
            if pin.marker is None or Marker(pin.marker).evaluate(environment)}


def check_container(checks: Checks, image: str, engine: str = "compiled") -> None:
    with container(image) as (name, port):
        status, health = ask(port, "GET", "/healthz")
        checks.check("/healthz", status == 200 and health.get("status") == "ok", f"{status} {health}")
        checks.check(
            f"the engines are {engine}", health.get("engine") == engine, f"engine: {health.get('engine')}"
        )
        for file, path in QUERIES:
            answer = ask(port, "POST", path, example(file))
            checks.check(f"POST {path} (docs/examples/{file})", answer[0] == 200 and answer == in_process(
                "POST", path, example(file)), f"{answer[0]}, the answer of the package in this process"
                if answer[0] == 200 else f"{answer}")

        uid = podman("exec", name, "id", "-u").stdout.strip()
        server = podman("exec", name, "cat", "/proc/1/status").stdout
        uids = re.search(r"^Uid:\s+(.*)$", server, re.MULTILINE)
        checks.check(
            f"runs as uid {UID}",
            uid == UID and bool(uids) and set(uids.group(1).split()) == {UID} if uids else False,
            f"id -u: {uid}; gunicorn's master: Uid {uids.group(1) if uids else '?'}",
        )

        sbom = json.loads(podman("exec", name, "cat", "/opt/oracle/sbom.cdx.json").stdout)
        from packaging.utils import canonicalize_name

        listed = {canonicalize_name(c["name"]): c.get("version") for c in sbom.get("components", [])}
        locked = runtime_lock()
        checks.check(
            "the SBOM lists the runtime lock",
            sbom.get("bomFormat") == "CycloneDX" and listed == locked,
            f"{len(listed)} components, CycloneDX {sbom.get('specVersion')}"
            if listed == locked
            else f"not in the lock: {sorted(set(listed.items()) - set(locked.items()))}, "
            f"missing: {sorted(set(locked.items()) - set(listed.items()))}",
        )

        (inspected,) = json.loads(podman("image", "inspect", image).stdout)
        # podman keeps the docker format's HEALTHCHECK beside the image's Config.
        healthcheck = inspected.get("Healthcheck") or (inspected.get("Config") or {}).get("Healthcheck") or {}
        ran = podman("healthcheck", "run", name, check=False)
        checks.check(
            "the HEALTHCHECK",
            "/healthz" in " ".join(healthcheck.get("Test", [])) and ran.returncode == 0,
            f"{' '.join(healthcheck.get('Test', []))[:40]}…, "
            f"podman healthcheck run: {(ran.stdout + ran.stderr).strip() or 'exit ' + str(ran.returncode)}",
        )

        compilers = podman("exec", name, "sh", "-c", "command -v gcc cc x86_64-linux-gnu-gcc", check=False)
        checks.check("no C compiler in the image", compilers.returncode != 0 and not compilers.stdout.strip(),
                     compilers.stdout.strip() or "none found")
        checks.attempt("SIGTERM under load", lambda: check_sigterm(checks, name, port))


@dataclass
class Client:
    """A client on one kept-alive connection, opened while the server is idle (so that a
    worker has accepted it), sending `body` to `path` until the server closes it."""

    port: int
    path: str
    body: bytes
    once: bool = False
    answers: list[tuple[int, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=GRACE_SECONDS)
        self.connection.connect()

    def run(self, stop: threading.Event) -> None:
        try:
            while not stop.is_set():
                self.connection.request(
                    "POST", self.path, body=self.body, headers={"Content-Type": "application/json"}
                )
                response = self.connection.getresponse()
                response.read()
                self.answers.append((response.status, time.monotonic()))
                if response.will_close or self.once:
                    break
        except (OSError, http.client.HTTPException) as error:
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            self.connection.close()


@dataclass
class SlowClient:
    """A client that sends its request's head and half its body before the signal and
    the rest after it: a request in flight when SIGTERM comes."""

    port: int
    path: str
    body: bytes
    answers: list[tuple[int, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=GRACE_SECONDS)

    def begin(self) -> None:
        head = (f"POST {self.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(self.body)}\r\n\r\n").encode()
        self.sock.sendall(head + self.body[: len(self.body) // 2])

    def finish(self) -> None:
        try:
            self.sock.sendall(self.body[len(self.body) // 2:])
            response = http.client.HTTPResponse(self.sock)
            response.begin()
            response.read()
            self.answers.append((response.status, time.monotonic()))
        except (OSError, http.client.HTTPException) as error:
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            self.sock.close()


def check_sigterm(checks: Checks, name: str, port: int) -> None:
    """SIGTERM (podman stop, with the pod's grace) while two kept-alive clients ask fast
    questions, a computer player searches, and two clients are half way through sending
    their requests, which they finish a second after the signal: every request is
    answered 200, those in flight too, and the server exits 0 within the grace."""
    from service.common.budget import LEVELS

    suggest = json.loads(example("sdt_suggest.json"))
    suggest.pop("budget_nodes", None)
    suggest.update(level=max(LEVELS), budget_ms=1500)
    fast = [Client(port, "/v1/reach", example("reach.json")) for _ in range(2)]
    search = Client(port, "/v1/spiel-der-tuerme/turns/suggest", json.dumps(suggest).encode(), once=True)
    slow = [SlowClient(port, "/v1/turns/validate", example("validate.json")) for _ in range(2)]
    stop = threading.Event()
    threads = [threading.Thread(target=client.run, args=(stop,), daemon=True) for client in (*fast, search)]
    for thread in threads[:2]:
        thread.start()
    time.sleep(1)
    for client in slow:
        client.begin()
    threads[2].start()
    time.sleep(0.3)
    stopped: list[subprocess.CompletedProcess[str]] = []
    signalled = time.monotonic()
    stopper = threading.Thread(target=lambda: stopped.append(podman(
        "stop", "--time", str(GRACE_SECONDS), name, timeout=GRACE_SECONDS + 30, check=False)))
    stopper.start()
    time.sleep(1)
    for client in slow:
        client.finish()
    stopper.join(timeout=GRACE_SECONDS + 40)
    seconds = time.monotonic() - signalled
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    exit_code = podman("inspect", "--format", "{{.State.ExitCode}}", name).stdout.strip()
    clients: list[Client | SlowClient] = [*fast, search, *slow]
    statuses = sorted({status for client in clients for status, _ in client.answers})
    errors = [error for client in clients for error in client.errors]
    in_flight = [status for client in slow for status, at in client.answers if at > signalled + 1]
    checks.check("SIGTERM under load: every request answered 200, those in flight when it came too",
                 statuses == [200] and not errors and in_flight == [200] * len(slow),
                 f"{sum(len(c.answers) for c in clients)} answers ({statuses}), of which "
                 f"{len(in_flight)} to requests finished 1 s after the signal, errors: {errors or 'none'}")
    checks.check(
        f"SIGTERM under load: exit 0 within the pod's grace ({GRACE_SECONDS} s)",
        bool(stopped) and stopped[0].returncode == 0 and exit_code == "0" and seconds < GRACE_SECONDS,
        f"exit {exit_code} after {seconds:.1f} s",
    )
