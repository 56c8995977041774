"""The image built from the Dockerfile, run, and played as Kubernetes and compose would.

    python -m tools.image test     # make test-image; make test runs it beside the suite

With podman (Debian's, installed here with apt-get when missing and run as root; where
it cannot be had this says NOT TESTED and why, and succeeds):

1. *The base.* The Dockerfile's ``FROM`` image when podman has it or can pull it; else a
   stand-in with the same Python minor made from Debian's packages (debootstrap
   ``--variant=minbase bookworm``, then python3.11, its venv and pip, the CA
   certificates and Python's headers), imported under the base's name and labelled as
   a stand-in. Its root file system is kept as a tarball in the cache directory outside
   the clone (:func:`cache_dir`), and podman keeps the build's layers in its own store,
   so a second run, in any clone, builds only what changed.
2. *The build.* ``podman build --pull=never --format docker`` (the docker format keeps
   the HEALTHCHECK), with this machine's global pip configuration and the CA bundle it
   names mounted read-only into the build (:func:`pip_files`): the build's pip reaches
   the package index as the machine's does. It reports the build's time and the
   image's size.
3. *The container* (:func:`check_container`): ``/healthz`` names the compiled engines; a
   query of each game answers what the package answers in this process; the server
   runs as uid 10001; the SBOM lists exactly the runtime lock; the HEALTHCHECK passes
   (``podman healthcheck run``); the image holds no C compiler; and SIGTERM under load
   (:func:`check_sigterm`) answers every request in flight and exits 0 within the pod's
   grace.
4. *Kubernetes' terms* (:func:`check_kube`): ``podman kube play`` of
   deploy/kubernetes/deployment.yaml and service.yaml with only the image's name, a host
   port (on 127.0.0.1) and one replica (a host port admits one pod) changed: ``/readyz``
   answers 200 and a query through the host port is answered. docs/deploying.md says which parts of the manifests this
   exercises.

The container's settings for this machine are in tools/containers.conf.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.client
import json
import os
import re
import runpy
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

ROOT: Final = Path(__file__).resolve().parent.parent
CONTAINERS_CONF: Final = ROOT / "tools" / "containers.conf"
#: The tags this builds; the pure one only for the benchmark (bench/image.py).
IMAGE: Final = "localhost/terra-turrium-oracle:test"
PURE_IMAGE: Final = "localhost/terra-turrium-oracle:test-pure"
#: The label that marks a base image as the stand-in made here.
STAND_IN_LABEL: Final = "org.terra-turrium-oracle.stand-in"
#: Debian's packages this needs: podman, its runtime, networks and the pause process of
#: its pods (kube play), debootstrap for the stand-in base, podman-compose.
PACKAGES: Final = ("podman", "runc", "catatonit", "containernetworking-plugins",
                   "golang-github-containernetworking-plugin-dnsname", "debootstrap", "podman-compose")
#: The Debian release of the stand-in and the Python it has.
STAND_IN_RELEASE: Final = "bookworm"
STAND_IN_PYTHON: Final = "3.11"
#: pip's global configuration: mounted read-only into the build where it exists, with the
#: certificate files it (or PIP_CERT) names.
PIP_CONFIGURATION: Final = ("/etc/pip.conf", "/etc/xdg/pip")
CA_BUNDLE: Final = "/etc/ssl/certs/ca-certificates.crt"
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


class NotTested(Exception):
    """What this machine lacks to run the image at all."""


class Failure(Exception):
    """A step that should have worked and did not."""


def cache_dir() -> Path:
    """Where the stand-in base is kept between runs: outside the clone, so that a fresh
    clone on the same machine reuses it (ORACLE_IMAGE_CACHE names another)."""
    named = os.environ.get("ORACLE_IMAGE_CACHE")
    if named:
        path = Path(named)
    elif os.geteuid() == 0:
        path = Path("/var/cache/terra-turrium-oracle")
    else:
        path = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "terra-turrium-oracle"
    path.mkdir(parents=True, exist_ok=True)
    return path


def say(line: str) -> None:
    print(f"make test-image: {line}", flush=True)


def run(command: Sequence[str], timeout: float, check: bool = True, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(list(command), capture_output=True, text=True, timeout=timeout, check=False, **kwargs)
    if check and result.returncode:
        raise Failure(f"{' '.join(command[:3])} … exited {result.returncode}: "
                      f"{(result.stderr or result.stdout).strip()[-3000:]}")
    return result


def podman(*args: str, timeout: float = 120, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CONTAINERS_CONF=str(CONTAINERS_CONF))
    return run(["podman", *args], timeout=timeout, check=check, env=env)


# --- podman --------------------------------------------------------------------------


def ensure_podman() -> None:
    """podman and the rest of PACKAGES, installed with apt-get when missing (as root);
    NotTested where they cannot be had or podman cannot run a container here."""
    missing = [name for name in PACKAGES if not Path("/usr/share/doc", name).exists()]
    if missing:
        if os.geteuid() != 0 or shutil.which("apt-get") is None:
            raise NotTested(f"podman is not installed and cannot be installed here (not root with apt-get): "
                            f"run 'sudo apt-get install -y {' '.join(PACKAGES)}'")
        say(f"installing {' '.join(missing)} with apt-get")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        install = ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
        if run(install, timeout=900, check=False, env=env).returncode:
            run(["apt-get", "update"], timeout=600, check=False, env=env)
            done = run(install, timeout=900, check=False, env=env)
            if done.returncode:
                raise NotTested(f"apt-get could not install podman: {done.stderr.strip()[-500:]}")
    info = podman("info", "--format", "{{.Host.OCIRuntime.Name}}", check=False)
    if info.returncode:
        raise NotTested(f"podman cannot run here: {info.stderr.strip()[-500:]}")


# --- the base ------------------------------------------------------------------------


def base_name() -> str:
    """The Dockerfile's one base image, fully qualified as podman stores it."""
    froms = re.findall(r"^FROM\s+(\S+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    names = {name for name in froms if name != "scratch"}
    if len(names) != 1:
        raise Failure(f"the Dockerfile has {len(names)} base images, this knows how to stand in for one")
    (name,) = names
    first = name.split("/")[0]
    if "/" not in name:
        return f"docker.io/library/{name}"
    return name if "." in first or ":" in first else f"docker.io/{name}"


def is_stand_in(image: str) -> bool:
    found = podman("image", "inspect", "--format", f'{{{{index .Labels "{STAND_IN_LABEL}"}}}}', image, check=False)
    return found.returncode == 0 and found.stdout.strip() not in ("", "<no value>")


def ensure_base() -> str:
    """The base image in podman's store: the real one, present or pulled, else the
    stand-in. Says which."""
    name = base_name()
    present = podman("image", "exists", name, check=False).returncode == 0
    if present and not is_stand_in(name):
        return f"{name}, the real base"
    pulled = podman("pull", "--quiet", name, timeout=600, check=False)
    if pulled.returncode == 0:
        return f"{name}, the real base, pulled now"
    why = (pulled.stderr.strip().splitlines() or ["no reason given"])[-1].removeprefix("Error: ")
    why = why if len(why) <= 160 else f"…{why[-160:]}"
    if not present:
        make_stand_in(name)
    return f"{name}, a STAND-IN made from Debian {STAND_IN_RELEASE}'s Python {STAND_IN_PYTHON} (cannot pull it: {why})"


def make_stand_in(name: str) -> None:
    """Imports the stand-in base as `name`, from its root file system kept in the cache
    directory, made first with debootstrap when it is not there."""
    version = re.search(r":(\d+\.\d+)", name)
    if not version or version.group(1) != STAND_IN_PYTHON:
        raise NotTested(f"{name} cannot be pulled and Debian {STAND_IN_RELEASE} has no stand-in for it "
                        f"(its Python is {STAND_IN_PYTHON})")
    tarball = cache_dir() / f"stand-in-{STAND_IN_RELEASE}-python{STAND_IN_PYTHON}.tar"
    if not tarball.exists():
        if os.geteuid() != 0 or shutil.which("debootstrap") is None:
            raise NotTested(f"{name} cannot be pulled, and the stand-in needs root and debootstrap")
        say(f"making the stand-in base with debootstrap into {tarball}")
        python = f"python{STAND_IN_PYTHON}"
        # The real image's layout where the Dockerfile relies on it: python and pip on the
        # PATH, installing anywhere (no EXTERNALLY-MANAGED marker), Python's headers.
        script = " && ".join([
            f"apt-get install -y --no-install-recommends {python} {python}-venv python3-pip ca-certificates "
            f"lib{python}-dev",
            "apt-get clean", "rm -rf /var/lib/apt/lists/*", f"rm -f /usr/lib/{python}/EXTERNALLY-MANAGED",
            f"ln -sf /usr/bin/{python} /usr/local/bin/python", f"ln -sf /usr/bin/{python} /usr/local/bin/python3",
            "ln -sf /usr/bin/pip3 /usr/local/bin/pip", ": > /etc/resolv.conf",
        ])
        with tempfile.TemporaryDirectory(dir=cache_dir()) as work:
            rootfs = Path(work) / "rootfs"
            run(["debootstrap", "--variant=minbase", STAND_IN_RELEASE, str(rootfs), "http://deb.debian.org/debian"],
                timeout=1200)
            run(["chroot", str(rootfs), "/bin/sh", "-c", script], timeout=1200,
                env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
            part = tarball.with_suffix(".part")
            run(["tar", "-C", str(rootfs), "--numeric-owner", "-cf", str(part), "."], timeout=600)
            part.rename(tarball)
    podman("import", "--change", f"LABEL {STAND_IN_LABEL}=debian-{STAND_IN_RELEASE}-python{STAND_IN_PYTHON}",
           "--change", "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
           "--change", "ENV LANG=C.UTF-8", "--change", 'CMD ["python3"]', str(tarball), name, timeout=900)


# --- the build -----------------------------------------------------------------------


def pip_files() -> list[str]:
    """pip's global configuration files and the certificates they or PIP_CERT name,
    those that exist: what the build mounts read-only."""
    found = [path for path in PIP_CONFIGURATION if Path(path).exists()]
    certificates = {CA_BUNDLE, os.environ.get("PIP_CERT", "")}
    for path in found:
        files = Path(path).glob("*.conf") if Path(path).is_dir() else [Path(path)]
        for conf in files:
            certificates.update(re.findall(r"^\s*cert\s*=\s*(\S+)", conf.read_text(errors="replace"), re.MULTILINE))
    return found + sorted(c for c in certificates if c and Path(c).is_file())


@dataclass(frozen=True)
class Built:
    tag: str
    seconds: float
    size: int

    def __str__(self) -> str:
        return f"{self.tag}: built in {self.seconds:.0f} s, {self.size / 1e6:.0f} MB"


def build(tag: str = IMAGE, engine: str = "compiled") -> Built:
    """The Dockerfile built as `tag` (build argument ORACLE_ENGINE=`engine`); its log in
    the cache directory."""
    mounts = [option for path in pip_files() for option in ("--volume", f"{path}:{path}:ro")]
    log = cache_dir() / f"build-{engine}.log"
    start = time.monotonic()
    result = podman("build", "--pull=never", "--format", "docker", "--layers", "--build-arg",
                    f"ORACLE_ENGINE={engine}", *mounts, "--tag", tag, "--file", str(ROOT / "Dockerfile"), str(ROOT),
                    timeout=1800, check=False)
    seconds = time.monotonic() - start
    log.write_text(result.stdout + result.stderr)
    if result.returncode:
        raise Failure(f"the build failed ({log}):\n{(result.stdout + result.stderr)[-4000:]}")
    size = int(podman("image", "inspect", "--format", "{{.Size}}", tag).stdout.strip())
    # The build stage tagged too (every layer of it cached by now), so that pruning what
    # no tagged image uses removes the layers of earlier builds and keeps this one's:
    # without it the store grows by a build stage (near a gigabyte) with every change.
    podman("build", "--pull=never", "--format", "docker", "--layers", "--build-arg", f"ORACLE_ENGINE={engine}",
           *mounts, "--target", "build", "--tag", f"{tag}-build", "--file", str(ROOT / "Dockerfile"), str(ROOT),
           timeout=1800)
    podman("image", "prune", "--force", timeout=600, check=False)
    return Built(tag, seconds, size)


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
        except (Failure, OSError, subprocess.TimeoutExpired, http.client.HTTPException, KeyError, ValueError) as error:
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
        checks.check(f"the engines are {engine}", health.get("engine") == engine, f"engine: {health.get('engine')}")
        for file, path in QUERIES:
            answer = ask(port, "POST", path, example(file))
            checks.check(f"POST {path} (docs/examples/{file})", answer[0] == 200 and answer == in_process(
                "POST", path, example(file)), f"{answer[0]}, the answer of the package in this process"
                if answer[0] == 200 else f"{answer}")

        uid = podman("exec", name, "id", "-u").stdout.strip()
        server = podman("exec", name, "cat", "/proc/1/status").stdout
        uids = re.search(r"^Uid:\s+(.*)$", server, re.MULTILINE)
        checks.check(f"runs as uid {UID}", uid == UID and bool(uids) and set(uids.group(1).split()) == {UID} if uids
                     else False, f"id -u: {uid}; gunicorn's master: Uid {uids.group(1) if uids else '?'}")

        sbom = json.loads(podman("exec", name, "cat", "/opt/oracle/sbom.cdx.json").stdout)
        from packaging.utils import canonicalize_name

        listed = {canonicalize_name(c["name"]): c.get("version") for c in sbom.get("components", [])}
        locked = runtime_lock()
        checks.check("the SBOM lists the runtime lock", sbom.get("bomFormat") == "CycloneDX" and listed == locked,
                     f"{len(listed)} components, CycloneDX {sbom.get('specVersion')}" if listed == locked else
                     f"not in the lock: {sorted(set(listed.items()) - set(locked.items()))}, "
                     f"missing: {sorted(set(locked.items()) - set(listed.items()))}")

        (inspected,) = json.loads(podman("image", "inspect", image).stdout)
        # podman keeps the docker format's HEALTHCHECK beside the image's Config.
        healthcheck = inspected.get("Healthcheck") or (inspected.get("Config") or {}).get("Healthcheck") or {}
        ran = podman("healthcheck", "run", name, check=False)
        checks.check("the HEALTHCHECK", "/healthz" in " ".join(healthcheck.get("Test", []))
                     and ran.returncode == 0, f"{' '.join(healthcheck.get('Test', []))[:40]}…, "
                     f"podman healthcheck run: {(ran.stdout + ran.stderr).strip() or 'exit ' + str(ran.returncode)}")

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
                self.connection.request("POST", self.path, body=self.body, headers={"Content-Type": "application/json"})
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
    checks.check(f"SIGTERM under load: exit 0 within the pod's grace ({GRACE_SECONDS} s)",
                 bool(stopped) and stopped[0].returncode == 0 and exit_code == "0" and seconds < GRACE_SECONDS,
                 f"exit {exit_code} after {seconds:.1f} s")


# --- Kubernetes' terms ---------------------------------------------------------------


def kube_manifests(image: str, port: int) -> list[dict[str, Any]]:
    """The Deployment and the Service of deploy/kubernetes with only the image's name, a
    host port (on 127.0.0.1) and the replicas changed: one, since a host port admits one
    pod per node (podman makes every replica, each on the same port)."""
    import yaml

    kubernetes = ROOT / "deploy" / "kubernetes"
    deployment = yaml.safe_load((kubernetes / "deployment.yaml").read_text())
    service = yaml.safe_load((kubernetes / "service.yaml").read_text())
    deployment["spec"]["replicas"] = 1
    (pod_container,) = deployment["spec"]["template"]["spec"]["containers"]
    pod_container["image"] = image
    (http_port,) = pod_container["ports"]
    http_port.update(hostPort=port, hostIP="127.0.0.1")
    return [deployment, service]


def check_kube(checks: Checks, image: str) -> None:
    import yaml

    port = free_port()
    with tempfile.TemporaryDirectory() as work:
        manifest = Path(work) / "rules-oracle.yaml"
        manifest.write_text(yaml.safe_dump_all(kube_manifests(image, port), sort_keys=False))
        played = podman("kube", "play", str(manifest), timeout=300, check=False)
        try:
            if not checks.check("podman kube play of the Deployment and the Service", played.returncode == 0,
                                " ".join(played.stdout.split()) if played.returncode == 0
                                else " ".join((played.stdout + played.stderr).split())[-300:]):
                return
            ready = wait_for(port, "/readyz", 60)
            checks.check("kube play: /readyz through the host port", ready, "200" if ready else "no 200 within 60 s")
            file, path = QUERIES[0]
            answer = ask(port, "POST", path, example(file))
            checks.check(f"kube play: POST {path} through the host port",
                         answer == in_process("POST", path, example(file)), str(answer[0]))
            # What podman made of the pod's settings, for docs/deploying.md.
            pods = podman("ps", "--filter", "label=app.kubernetes.io/name=rules-oracle", "--format",
                          "{{.Names}}").stdout.split()
            for name in pods:
                (made,) = json.loads(podman("inspect", name).stdout)
                host, config = made.get("HostConfig", {}), made.get("Config", {})
                mounts = sorted(f"{m.get('Destination')} ({m.get('Type')})" for m in made.get("Mounts", []))
                say(f"     kube play made {name}: user {config.get('User')}, read-only root "
                    f"{host.get('ReadonlyRootfs')}, capabilities dropped {host.get('CapDrop')}, memory limit "
                    f"{host.get('Memory', 0) // 2**20} MiB, CPU quota {host.get('CpuQuota')} of "
                    f"{host.get('CpuPeriod')}, stop timeout {config.get('StopTimeout')} s, volumes {mounts} "
                    f"{host.get('Tmpfs') or ''}, health check {(config.get('Healthcheck') or {}).get('Test')}")
        finally:
            podman("kube", "down", str(manifest), timeout=120, check=False)


# --- compose -------------------------------------------------------------------------

#: The stand-in of compose's nginx image where it cannot be pulled: Debian's nginx on
#: the base, its temporary files where the image keeps them (/var/cache/nginx, a tmpfs in
#: compose.yaml, whose root is read-only).
NGINX_STAND_IN: Final = """\
FROM {base}
RUN apt-get update \\
 && apt-get install -y --no-install-recommends nginx \\
 && rm -rf /var/lib/apt/lists/* /var/lib/nginx \\
 && ln -s /var/cache/nginx /var/lib/nginx
LABEL {label}=debian-nginx
CMD ["nginx", "-g", "daemon off;"]
"""


def ensure_nginx(image: str) -> str:
    """compose's nginx image in podman's store: the real one, present or pulled, else a
    stand-in built from the base with Debian's nginx. Says which."""
    name = image if "/" in image else f"docker.io/library/{image}"
    present = podman("image", "exists", name, check=False).returncode == 0
    if present and not is_stand_in(name):
        return f"{name}, the real image"
    pulled = podman("pull", "--quiet", name, timeout=300, check=False)
    if pulled.returncode == 0:
        return f"{name}, the real image, pulled now"
    if not present:
        with tempfile.TemporaryDirectory() as work:
            (Path(work) / "Containerfile").write_text(NGINX_STAND_IN.format(base=base_name(), label=STAND_IN_LABEL))
            mounts = [option for path in pip_files() for option in ("--volume", f"{path}:{path}:ro")]
            podman("build", "--pull=never", "--format", "docker", *mounts, "--tag", name, work, timeout=900)
    return f"{name}, a STAND-IN with Debian's nginx (cannot pull it)"


def compose_file(image: str, port: int) -> dict[str, Any]:
    """deploy/compose/compose.yaml as it runs here: the image built above, nginx
    published on 127.0.0.1:`port`, the paths made absolute."""
    import yaml

    compose_dir = ROOT / "deploy" / "compose"
    compose: dict[str, Any] = yaml.safe_load((compose_dir / "compose.yaml").read_text())
    oracle, proxy = compose["services"]["oracle"], compose["services"]["proxy"]
    oracle["image"] = image
    oracle["build"]["context"] = str((compose_dir / oracle["build"]["context"]).resolve())
    proxy["ports"] = [f"127.0.0.1:{port}:8080"]
    proxy["volumes"] = [volume.replace("./", f"{compose_dir}/", 1) if volume.startswith("./") else volume
                        for volume in proxy["volumes"]]
    return compose


def check_compose(checks: Checks, image: str) -> None:
    import yaml

    if shutil.which("podman-compose") is None:
        checks.check("compose", False, "podman-compose is missing (apt-get install podman-compose)")
        return
    compose_dir = ROOT / "deploy" / "compose"
    proxy = yaml.safe_load((compose_dir / "compose.yaml").read_text())["services"]["proxy"]
    say(f"     nginx: {ensure_nginx(proxy['image'])}")
    port = free_port()
    with tempfile.TemporaryDirectory() as work:
        file = Path(work) / "compose.yaml"
        compose = compose_file(image, port)
        compose["name"] = f"oracle-test-{os.getpid()}"
        file.write_text(yaml.safe_dump(compose, sort_keys=False))
        command = ["podman-compose", "--file", str(file)]
        env = dict(os.environ, CONTAINERS_CONF=str(CONTAINERS_CONF))
        up = run([*command, "up", "--detach", "--no-build"], timeout=300, check=False, cwd=work, env=env)
        try:
            if not checks.check("deploy/compose/compose.yaml up with podman-compose", up.returncode == 0,
                                "" if up.returncode == 0 else " ".join((up.stdout + up.stderr).split())[-300:]):
                return
            ready = wait_for(port, "/healthz", 60)
            checks.check("compose: /healthz through nginx", ready, "200" if ready else "no 200 within 60 s")
            file_name, path = QUERIES[1]
            answer = ask(port, "POST", path, example(file_name))
            checks.check(f"compose: POST {path} through nginx", answer == in_process("POST", path, example(file_name)),
                         str(answer[0]))
        finally:
            run([*command, "down", "--timeout", "5"], timeout=180, check=False, cwd=work, env=env)


# --- the whole -----------------------------------------------------------------------


def check_image() -> int:
    start = time.monotonic()
    try:
        ensure_podman()
        say(f"base: {ensure_base()}")
    except NotTested as reason:
        say(f"NOT TESTED: {reason}")
        return 0
    checks = Checks()
    try:
        built = build(IMAGE, "compiled")
    except Failure as error:
        say(f"FAIL the build: {error}")
        return 1
    say(f"image {built}")
    checks.attempt("the container", lambda: check_container(checks, IMAGE))
    checks.attempt("podman kube play", lambda: check_kube(checks, IMAGE))
    checks.attempt("compose", lambda: check_compose(checks, IMAGE))
    total = time.monotonic() - start
    if checks.failed:
        say(f"FAILED ({', '.join(checks.failed)}) in {total:.0f} s")
        return 1
    say(f"passed in {total:.0f} s (the build {built.seconds:.0f} s, the image {built.size / 1e6:.0f} MB)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("command", choices=("test",))
    parser.parse_args(argv)
    return check_image()


if __name__ == "__main__":
    sys.exit(main())
