"""The locks (requirements/*.txt): resolved from what pyproject.toml declares, consistent
with one another, hash-pinned, installed exactly, audited and listed as the README says
(requirements/lock.py writes and reads them)."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lock", ROOT / "requirements" / "lock.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["lock"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


lock = _load()
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
#: The Pythons the package declares, from its classifiers.
DECLARED = sorted(
    c.rsplit(" :: ", 1)[1] for c in PYPROJECT["project"]["classifiers"] if re.fullmatch(r".*:: 3\.\d+", c)
)


def _environment(python: str, platform: str = "linux") -> dict[str, str]:
    return {"python_version": python, "python_full_version": f"{python}.0", "sys_platform": platform,
            "platform_system": {"linux": "Linux", "win32": "Windows", "darwin": "Darwin"}[platform],
            "implementation_name": "cpython", "platform_python_implementation": "CPython", "os_name": "posix",
            "platform_machine": "x86_64", "extra": ""}


def _applies(pin: Any, environment: dict[str, str]) -> bool:
    return pin.marker is None or Marker(pin.marker).evaluate(environment)


@pytest.mark.parametrize("name", [one.name for one in lock.LOCKS])
def test_each_lock_is_resolved_from_what_pyproject_declares(name: str) -> None:
    one = lock.BY_NAME[name]
    assert lock.recorded_digest(one.path) == lock.digest(one), (
        f"{one.path.name} was resolved from other requirements than pyproject.toml declares: run `make lock`")


def test_a_declared_change_makes_the_lock_stale_and_a_comment_does_not() -> None:
    test = lock.BY_NAME["test"]
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    before = lock.digest(test, data)
    extras = data["project"]["optional-dependencies"]
    extras["test"] = list(reversed(extras["test"]))
    data["project"]["dependencies"] = [text.replace(">=", " >= ") for text in data["project"]["dependencies"]]
    assert lock.digest(test, data) == before  # order and spelling are not requirements
    data["project"]["dependencies"].append("Babel>=2.16")
    assert lock.digest(test, data) != before
    data["project"]["dependencies"].pop()
    data["project"]["requires-python"] = ">=3.12"
    assert lock.digest(test, data) != before


@pytest.mark.parametrize("python", DECLARED)
@pytest.mark.parametrize("name", [one.name for one in lock.LOCKS])
def test_each_declared_requirement_is_pinned_within_its_range_on_each_python(name: str, python: str) -> None:
    one = lock.BY_NAME[name]
    for platform in ("linux", "win32", "darwin"):
        environment = _environment(python, platform)
        pinned = {pin.name: pin.version for pin in lock.pins(one.path) if _applies(pin, environment)}
        for text in lock.declared(one):
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate(environment):
                continue
            name_ = lock.canonical(requirement.name)
            assert name_ in pinned, f"{one.path.name} pins no {name_} for Python {python} on {platform}"
            assert requirement.specifier.contains(pinned[name_], prereleases=True), (
                f"{one.path.name}: {name_}=={pinned[name_]} is outside {requirement.specifier}")


def test_a_package_has_one_version_in_every_lock() -> None:
    versions: dict[tuple[str, str | None], set[str]] = {}
    for one in lock.LOCKS:
        for pin in lock.pins(one.path):
            versions.setdefault((pin.name, pin.marker), set()).add(pin.version)
    assert {key: found for key, found in versions.items() if len(found) > 1} == {}
    # Each lock holds the one it was resolved under: runtime within test, and so on.
    for one in lock.LOCKS:
        if one.under and one.project:
            under = {(p.name, p.version) for p in lock.pins(lock.BY_NAME[one.under].path)}
            if lock.BY_NAME[one.under].extras == ():
                assert under <= {(p.name, p.version) for p in lock.pins(one.path)}


@pytest.mark.parametrize("name", [one.name for one in lock.LOCKS])
def test_every_pin_is_exact_and_hashed_and_names_no_index(name: str) -> None:
    path = lock.BY_NAME[name].path
    text = path.read_text()
    entries = re.split(r"\n(?=[a-z0-9])", text.split("\n", 3)[3])  # one entry a pin, after the header
    assert entries and len(entries) == len(lock.pins(path))
    for entry in entries:
        assert re.match(r"[a-z0-9][a-z0-9._-]*==", entry), entry.splitlines()[0]
        assert "--hash=sha256:" in entry, f"{path.name}: {entry.splitlines()[0]} has no hash"
    # The index is the installer's to choose; no URL and no editable entry in a lock.
    assert not re.search(r"^\s*(-e|--index-url|--extra-index-url|--find-links)\b|://", text, re.MULTILINE)


def test_the_environment_is_exactly_the_lock() -> None:
    """pip freeze of the environment the tests run in against the locks: every package it
    has is locked at its version, and every package of the test lock is there."""
    frozen = subprocess.run([sys.executable, "-m", "pip", "freeze", "--all", "--exclude-editable"],
                            capture_output=True, text=True, check=True, timeout=60).stdout
    installed = {}
    for line in frozen.splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            installed[lock.canonical(name)] = version
    locked = {pin.name: pin.version for one in lock.LOCKS for pin in lock.pins(one.path)}
    environment = _environment(f"{sys.version_info.major}.{sys.version_info.minor}")
    environment["python_full_version"] = ".".join(map(str, sys.version_info[:3]))
    wanted = {pin.name: pin.version for pin in lock.pins(lock.BY_NAME["test"].path)
              if _applies(pin, environment)}
    unlocked = {name: version for name, version in installed.items()
                if name not in lock.INSTALLERS and locked.get(name) != version}
    assert unlocked == {}, "installed, not as locked: `make install-test` installs the lock"
    missing = {name: version for name, version in wanted.items() if installed.get(name) != version}
    assert missing == {}, "locked, not installed: `make install-test` installs the lock"


def test_the_package_declares_the_pythons_it_is_tested_on() -> None:
    assert DECLARED == ["3.11", "3.12", "3.13"]
    assert PYPROJECT["project"]["requires-python"] == f">={DECLARED[0]}"
    assert lock.PYTHON_FLOOR == DECLARED[0] == PYPROJECT["tool"]["mypy"]["python_version"]
    # make test covers the ends of the declared range: the oldest in the main suite, the
    # newest beside it (the one between on request).
    others = re.search(r"^OTHER_PYTHONS \?= (.*)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert others and others.group(1).split() == DECLARED[-1:]
    # The image runs the oldest, which the main test run uses too (.ci/run: python3).
    assert re.search(rf"^FROM python:{re.escape(DECLARED[0])}\.\d+-slim\b", (ROOT / "Dockerfile").read_text(),
                     re.MULTILINE)


def test_the_image_installs_the_runtime_lock_and_writes_an_sbom() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert re.search(r"pip --python /opt/oracle/bin/python install [^\n]*"
                     r"--require-hashes -r requirements/runtime.txt", text)
    assert re.search(r"pip --python /opt/oracle/bin/python install [^\n]*--no-deps \.", text)
    assert re.search(r"--require-hashes -r requirements/sbom.txt", text)
    assert re.search(r"cyclonedx-py environment [^\n]*\\\n[^\n]*--output-file /opt/oracle/sbom.cdx.json "
                     r"/opt/oracle/bin/python", text)
    assert "COPY --from=build /opt/oracle /opt/oracle" in text


def test_the_sbom_writer_lists_an_environment_as_cyclonedx(tmp_path: Path) -> None:
    """cyclonedx-py, as `make sbom` and the image's build run it, on this environment; its
    check of the document against the CycloneDX schema is left out here (it takes seconds
    for an environment this size), not there."""
    tool = Path(sys.executable).parent / "cyclonedx-py"
    output = tmp_path / "sbom.json"
    subprocess.run([str(tool), "environment", "--no-validate", "--pyproject", str(ROOT / "pyproject.toml"),
                    "--output-reproducible",
                    "--output-format", "JSON", "--output-file", str(output), sys.executable],
                   check=True, capture_output=True, timeout=120)
    bom = json.loads(output.read_text())
    assert bom["bomFormat"] == "CycloneDX" and bom["metadata"]["component"]["name"] == "terra-turrium-oracle"
    listed = {lock.canonical(c["name"]): c["version"] for c in bom["components"]}
    for pin in lock.pins(lock.BY_NAME["runtime"].path):
        if _applies(pin, _environment(f"{sys.version_info.major}.{sys.version_info.minor}")):
            assert listed.get(pin.name) == pin.version, pin.name
            purls = [c["purl"] for c in bom["components"] if lock.canonical(c["name"]) == pin.name]
            assert [(lock.canonical(purl.split("@")[0]), purl.split("@")[1]) for purl in purls] == [
                (f"pkg:pypi/{pin.name}", pin.version)]


def test_the_lock_tools_examples() -> None:
    assert doctest.testmod(lock, raise_on_error=False).failed == 0


# --- the audit, against advisory data served on the loopback interface ------------------


class _Advisories(BaseHTTPRequestHandler):
    """OSV's query endpoint, knowing two vulnerabilities: flask's is fixed in its major,
    orjson's only in the next."""

    KNOWN = {
        "flask": {"id": "TEST-FLASK-1", "fixed": "3.1.99"},
        "orjson": {"id": "TEST-ORJSON-1", "fixed": "4.0.0"},
    }

    def do_POST(self) -> None:  # the standard library's name
        query = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        name = query["package"]["name"]
        known = self.KNOWN.get(name)
        vulns = [] if not known else [{
            "id": known["id"], "summary": "a test advisory", "aliases": [],
            "affected": [{"package": {"name": name, "ecosystem": "PyPI"}, "ranges": [
                {"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": known["fixed"]}]}]}],
        }]
        body = json.dumps({"vulns": vulns} if vulns else {}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture()
def advisories() -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), _Advisories)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1/query"
    finally:
        server.shutdown()
        server.server_close()


def _some_locked(tmp_path: Path, names: set[str]) -> Path:
    """A lock file of a few runtime pins, hashes and all."""
    text = lock.BY_NAME["runtime"].path.read_text()
    entries = re.split(r"\n(?=[a-z0-9])", text.split("\n", 3)[3])
    chosen = [entry for entry in entries if entry.split("==")[0] in names]
    assert len(chosen) == len(names)
    path = tmp_path / "some.txt"
    path.write_text("\n".join(chosen) + "\n")
    return path


def test_the_audit_fails_for_a_fix_in_the_locked_major_only(tmp_path: Path, advisories: str) -> None:
    locked = _some_locked(tmp_path, {"flask", "orjson", "blinker"})
    found = lock.pip_audit([locked], ("--vulnerability-service", "osv", "--osv-url", advisories,
                                      "--cache-dir", str(tmp_path / "cache")))
    assert found.audited == 3 and found.not_audited == 0
    by_package = {finding.package: finding for finding in found.findings}
    assert set(by_package) == {"flask", "orjson"}
    assert by_package["flask"].fixable and by_package["flask"].fixes == ("3.1.99",)
    assert not by_package["orjson"].fixable
    assert found.failed
    report = "\n".join(found.report())
    assert "TEST-FLASK-1" in report and "FAILS" in report and "TEST-ORJSON-1" in report

    _Advisories.KNOWN = {"orjson": _Advisories.KNOWN["orjson"]}
    try:
        again = lock.pip_audit([locked], ("--vulnerability-service", "osv", "--osv-url", advisories,
                                          "--cache-dir", str(tmp_path / "cache2")))
    finally:
        _Advisories.KNOWN = {"flask": {"id": "TEST-FLASK-1", "fixed": "3.1.99"}, **_Advisories.KNOWN}
    assert [f.package for f in again.findings] == ["orjson"] and not again.failed


def test_an_audit_without_advisory_data_says_so_and_does_not_fail(tmp_path: Path) -> None:
    import socket

    with socket.socket() as closed:  # a loopback port nothing listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    locked = _some_locked(tmp_path, {"flask"})
    nowhere = f"http://127.0.0.1:{port}/v1/query"
    found = lock.pip_audit([locked], ("--vulnerability-service", "osv", "--osv-url", nowhere,
                                      "--cache-dir", str(tmp_path / "cache")))
    assert found.audited == 0 and not found.failed
    assert "NOT AUDITED" in found.report()[0]


def test_npm_audit_reports_are_read_by_the_same_rule() -> None:
    report = {
        "auditReportVersion": 2,
        "vulnerabilities": {
            "minimatch": {"name": "minimatch", "severity": "high", "range": "<3.0.5", "fixAvailable": True,
                          "via": [{"source": 1, "url": "https://example.invalid/GHSA-a"}]},
            "semver": {"name": "semver", "severity": "moderate", "range": "<7.5.2",
                       "fixAvailable": {"name": "typescript", "version": "6.0.0", "isSemVerMajor": True},
                       "via": [{"source": 2, "url": "https://example.invalid/GHSA-b"}]},
        },
        "metadata": {"dependencies": {"total": 40}},
    }
    found = lock.read_npm_audit("tools", report)
    assert found.audited == 40
    assert {f.package: f.fixable for f in found.findings} == {"minimatch": True, "semver": False}
    assert found.failed
    del report["vulnerabilities"]["minimatch"]  # type: ignore[attr-defined]
    assert not lock.read_npm_audit("tools", report).failed
    refused = lock.read_npm_audit("tools", {"message": "405 Method Not Allowed", "error": {"summary": ""}})
    assert refused.audited == 0 and not refused.failed and "405" in refused.report()[0]
