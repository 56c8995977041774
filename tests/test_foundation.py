"""The service's foundation: app factory, packaging, process runner, deployment files."""

from __future__ import annotations

import importlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import service
from service.build import engine

ROOT = Path(__file__).resolve().parent.parent


# --- the application --------------------------------------------------------------


def test_healthz_reports_ok_and_version(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.is_json
    assert response.get_json() == {"status": "ok", "version": service.__version__, "engine": engine()}


def test_version_is_a_version_string():
    assert re.fullmatch(r"\d+\.\d+\.\d+\S*", service.__version__)


#: A small valid body, padded with spaces (which JSON allows) to the size a test needs.
REMOVALS = json.dumps({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}).encode()


def _padded(size: int) -> bytes:
    return REMOVALS + b" " * (size - len(REMOVALS))


@pytest.mark.parametrize(("size", "status"), [(64 * 1024, 200), (64 * 1024 + 1, 413)])
def test_request_bodies_are_capped_at_64_kib(client, size, status):
    """The contract's cap: a body of 64 KiB is read, one byte more is refused."""
    response = client.post("/v1/removals", data=_padded(size), content_type="application/json")
    assert response.status_code == status, response.data[:300]
    if status == 413:
        assert response.mimetype == "application/problem+json"


def test_config_overrides_defaults():
    app = service.create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1234})
    assert app.testing
    assert app.config["MAX_CONTENT_LENGTH"] == 1234


def test_importing_service_does_not_import_flask():
    # A fresh interpreter: this test process has imported flask already.
    code = (
        "import sys, service\n"
        "leaked = sorted(m for m in sys.modules if m.split('.')[0] in {'flask', 'werkzeug'})\n"
        "print(','.join(leaked))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.strip() == "", f"importing service loaded: {result.stdout}"


# --- gunicorn configuration ---------------------------------------------------------


ENV = ("HOST", "PORT", "WEB_CONCURRENCY", "ORACLE_LOG_FORMAT", "PROMETHEUS_MULTIPROC_DIR")


@pytest.fixture()
def reload_gunicorn_conf(monkeypatch, tmp_path):
    """Loads the settings afresh with the environment given. Loading them creates a
    metrics directory and names it in the environment unless one is named already: the
    test names one, so that nothing leaks into this process's environment."""
    import service.gunicorn_conf as conf

    def reload(**env):
        for name in ENV:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        return importlib.reload(conf)

    yield reload
    monkeypatch.undo()
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "metrics"))
    importlib.reload(conf)
    monkeypatch.undo()


def test_gunicorn_defaults_to_loopback_8080(reload_gunicorn_conf):
    conf = reload_gunicorn_conf()
    assert conf.bind == ["127.0.0.1:8080"]
    assert conf.workers >= 1


def test_gunicorn_reads_host_port_and_workers_from_env(reload_gunicorn_conf):
    conf = reload_gunicorn_conf(HOST="0.0.0.0", PORT="9123", WEB_CONCURRENCY="3")
    assert conf.bind == ["0.0.0.0:9123"]
    assert conf.workers == 3


def test_gunicorn_brackets_ipv6_hosts(reload_gunicorn_conf):
    conf = reload_gunicorn_conf(HOST="::1", PORT="9124")
    assert conf.bind == ["[::1]:9124"]


def test_gunicorn_settings(reload_gunicorn_conf):
    conf = reload_gunicorn_conf()
    assert (conf.worker_class, conf.worker_connections) == ("gevent", 1000)
    assert conf.preload_app is True
    assert (conf.max_requests, conf.max_requests_jitter) == (0, 0)
    assert (conf.timeout, conf.graceful_timeout, conf.keepalive) == (30, 30, 5)
    assert (conf.accesslog, conf.errorlog) == ("-", "-")
    assert conf.access_log_format.endswith(" %({x-request-id}o)s")
    assert conf.logger_class == "gunicorn.glogging.Logger"
    assert (conf.limit_request_line, conf.limit_request_fields) == (4094, 50)
    assert conf.limit_request_field_size == 8190
    assert conf.control_socket_disable is True


def test_gunicorn_logs_json_when_asked(reload_gunicorn_conf):
    assert reload_gunicorn_conf(ORACLE_LOG_FORMAT="json").logger_class == "service.logs.JsonLogger"
    with pytest.raises(RuntimeError, match="ORACLE_LOG_FORMAT"):
        reload_gunicorn_conf(ORACLE_LOG_FORMAT="xml")


def test_gunicorn_names_a_metrics_directory_unless_one_is_named(reload_gunicorn_conf, monkeypatch, tmp_path):
    conf = reload_gunicorn_conf()
    assert conf.raw_env == []  # the environment names one
    (tmp_path / "metrics").mkdir()
    (tmp_path / "metrics" / "counter_1.db").write_bytes(b"stale")
    (tmp_path / "metrics" / "draining").write_bytes(b"")
    conf.on_starting(None)
    assert list((tmp_path / "metrics").iterdir()) == []

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    conf = importlib.reload(conf)
    (setting,) = conf.raw_env
    name, _, value = setting.partition("=")
    made = Path(value)
    assert name == "PROMETHEUS_MULTIPROC_DIR" and made.parent == tmp_path
    assert not made.exists()  # loading the settings makes nothing
    # A directory whose master is gone is removed when the next server starts.
    dead = tmp_path / "oracle-metrics-999999999"
    dead.mkdir()
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", value)  # as gunicorn sets it from raw_env
    conf.on_starting(None)
    assert made.is_dir() and not dead.exists()
    conf.on_exit(None)
    assert not made.exists()


def test_the_serving_hooks_do_nothing_on_import(tmp_path):
    """Importing the settings and their hooks changes nothing: no directory, no variable,
    no patch of gunicorn."""
    script = (
        "import os, tempfile, gunicorn.http.wsgi as w; before = w.Response.write; "
        "import service.gunicorn_conf, service.serving, service.offload; "
        "assert w.Response.write is before; assert 'PROMETHEUS_MULTIPROC_DIR' not in os.environ; "
        "print(sorted(os.listdir(tempfile.gettempdir())))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    env.update(TMPDIR=str(tmp_path), PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_gunicorn_accepts_every_setting(reload_gunicorn_conf):
    from gunicorn.config import Config

    conf = reload_gunicorn_conf()
    known = set(Config().settings)
    known.add("control_socket_disable")  # only in gunicorn 25.1+, ignored before
    assert set(conf.__all__) <= known


def test_top_level_gunicorn_conf_reexports_the_package_settings(reload_gunicorn_conf):
    conf = reload_gunicorn_conf()
    namespace: dict[str, object] = {}
    exec(compile((ROOT / "gunicorn.conf.py").read_text(), "gunicorn.conf.py", "exec"), namespace)
    for name in conf.__all__:
        assert namespace[name] == getattr(conf, name), name


# --- python -m service --------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_python_m_service_serves_healthz(tmp_path):
    port = _free_port()
    env = dict(os.environ, HOST="127.0.0.1", PORT=str(port), WEB_CONCURRENCY="1")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    log_path = tmp_path / "server.log"
    url = f"http://127.0.0.1:{port}/healthz"

    with log_path.open("wb") as log:
        # Run from elsewhere: the config must be found through the package, not the cwd.
        proc = subprocess.Popen(
            [sys.executable, "-m", "service"],
            cwd=tmp_path,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            body = None
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    break
                try:
                    with urllib.request.urlopen(url, timeout=2) as response:
                        assert response.status == 200
                        body = json.loads(response.read())
                        break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    time.sleep(0.2)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)

    log_text = log_path.read_text(errors="replace")
    assert body == {"status": "ok", "version": service.__version__, "engine": engine()}, log_text
    assert "GET /healthz" in log_text  # the access log goes to stdout
    assert "Control socket" not in log_text


# --- deployment files ---------------------------------------------------------------


def _dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with continuation lines joined."""
    text = (ROOT / "Dockerfile").read_text()
    text = re.sub(r"\\\n", " ", text)
    instructions = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, args = line.partition(" ")
        instructions.append((keyword.upper(), args.strip()))
    return instructions


def _one(instructions, keyword):
    found = [args for kw, args in instructions if kw == keyword]
    assert found, f"Dockerfile has no {keyword}"
    return found


def test_dockerfile_pins_an_exact_python_image():
    froms = _one(_dockerfile_instructions(), "FROM")
    images = {re.sub(r" AS \w+$", "", found) for found in froms}  # the build stage's and the image's
    assert len(images) == 1
    assert re.fullmatch(r"python:3\.11\.\d+-slim", images.pop()), froms


def test_dockerfile_runs_as_non_root():
    users = _one(_dockerfile_instructions(), "USER")
    assert users[-1] not in {"root", "0", "0:0"}


def test_dockerfile_serves_with_gunicorn():
    instructions = _dockerfile_instructions()
    cmd = json.loads(_one(instructions, "CMD")[-1])
    assert cmd[0] == "gunicorn"
    assert cmd[-1] == "service:create_app()"
    assert "8080" in _one(instructions, "EXPOSE")[-1].split()
    healthcheck = _one(instructions, "HEALTHCHECK")[-1]
    assert "CMD" in healthcheck and "/healthz" in healthcheck


def test_dockerfile_installs_the_package_without_test_extras():
    runs = " ".join(_one(_dockerfile_instructions(), "RUN"))
    # The runtime lock, then the package on top of it without its dependencies.
    assert re.search(r"pip [^&]*install (--?\S+ )*-r requirements/runtime\.txt", runs), runs
    assert re.search(r"pip [^&]*install (--?\S+ )*--no-deps \.(\s|$)", runs), runs
    assert "[test]" not in runs and "requirements/test.txt" not in runs


def test_dockerfile_copies_what_the_install_needs():
    copies = " ".join(_one(_dockerfile_instructions(), "COPY"))
    for needed in ("pyproject.toml", "README.md", "gunicorn.conf.py", "service"):
        assert needed in copies


def test_ci_runs_make_test():
    script = ROOT / ".ci" / "run"
    assert os.access(script, os.X_OK)
    text = script.read_text()
    assert "set -euo pipefail" in text
    assert re.search(r"^make test$", text, re.MULTILINE)


def test_quick_init_refuses_what_its_init_would_get_wrong():
    from dataclasses import dataclass, field

    import pytest

    from service.common.frozen import quick_init

    @dataclass
    class Mutable:
        x: int

    @dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            pass

    @dataclass(frozen=True)
    class Hidden:
        x: int = field(default=0, init=False)

    for cls in (Mutable, Checked, Hidden):
        with pytest.raises(TypeError):
            quick_init(cls)


def test_the_installed_package_serves_and_never_writes_the_generated_files():
    """The writers of openapi.yaml, the examples, the rules pages and the pictures are
    tools/ (``make spec``); no module of the package is a program but the server's."""
    programs = sorted(
        str(path.relative_to(ROOT))
        for path in (ROOT / "service").rglob("*.py")
        if '__name__ == "__main__"' in path.read_text(encoding="utf-8")
    )
    assert programs == ["service/__main__.py"]


def test_quick_init_builds_what_the_dataclass_builds_and_refuses_what_it_refuses():
    from dataclasses import dataclass, field

    from service.common.frozen import quick_init

    def declare() -> type:
        @dataclass(frozen=True)
        class Walk:
            start: int
            path: tuple[int, ...] = ()
            seen: list[int] = field(default_factory=list)

        return Walk

    plain, quick = declare(), quick_init(declare())
    calls = [((1,), {}), ((1, (2,)), {}), ((1, (2,), [3]), {}), ((), {"start": 1}),
             ((1,), {"seen": [4]}), ((), {"seen": [4], "start": 2, "path": (5,)})]
    for args, kwargs in calls:
        made, expected = quick(*args, **kwargs), plain(*args, **kwargs)
        assert (made.start, made.path, made.seen) == (expected.start, expected.path, expected.seen)
    assert quick(1).seen is not quick(1).seen  # a factory per instance
    for args, kwargs in [((), {}), ((1, (), [], 4), {}), ((1,), {"start": 2}), ((1,), {"other": 2}),
                         ((), {"path": ()})]:
        with pytest.raises(TypeError):
            plain(*args, **kwargs)
        with pytest.raises(TypeError):
            quick(*args, **kwargs)
