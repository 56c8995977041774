"""openapi.yaml as two independent OpenAPI linters read it: no error, and only the
warnings docs/api.md lists, each with its reason.

Redocly CLI (its ``recommended`` rule set, ``redocly.yaml`` here) and Spectral
(``spectral:oas``, ``.spectral.yaml`` here) are the versions pinned in
``package-lock.json``, which ``make install-test`` installs with ``npm ci`` into
``node_modules``. Without them the tests that run them are skipped on a developer's
machine, but fail where ``CI`` is set.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.yaml_text import load_yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OPENAPI = ROOT / "openapi.yaml"
BIN = HERE / "node_modules" / ".bin"
API_MD = ROOT / "docs" / "api.md"
#: Neither tool may ask the network (usage reports, a newer version) during a test.
QUIET = {"REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_UPDATE_NOTIFIER": "1"}


@pytest.fixture(scope="module")
def tools() -> Path:
    missing = [] if shutil.which("node") else ["node"]
    missing += [
        str((BIN / name).relative_to(ROOT)) for name in ("redocly", "spectral") if not (BIN / name).is_file()
    ]
    if missing:
        message = f"{', '.join(missing)} missing: `make install-test` installs them (npm ci in tests/spec)"
        if "CI" in os.environ:
            pytest.fail(message)
        pytest.skip(message)
    return BIN


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=HERE, capture_output=True, text=True, timeout=120, env={**os.environ, **QUIET}
    )


def redocly(tools: Path, document: Path) -> list[dict[str, Any]]:
    """Redocly's problems: ``{"rule", "severity", "where"}``, ``where`` a JSON pointer."""
    run = _run([str(tools / "redocly"), "lint", str(document), "--format", "json"])
    start = run.stdout.find("{")  # after any notice the tool prints first
    assert start >= 0, run.stdout + run.stderr
    report = json.loads(run.stdout[start:])
    return [
        {"rule": p["ruleId"], "severity": p["severity"], "where": p["location"][0]["pointer"].lstrip("#")}
        for p in report["problems"]
    ]


def spectral(tools: Path, document: Path) -> list[dict[str, Any]]:
    """Spectral's problems, as :func:`redocly`'s (severity 0 is an error, 1 a warning)."""
    run = _run([str(tools / "spectral"), "lint", str(document), "--ruleset", ".spectral.yaml",
                "--format", "json", "--quiet"])
    start = run.stdout.find("[")
    assert start >= 0, run.stdout + run.stderr
    severities = {0: "error", 1: "warn", 2: "info", 3: "hint"}
    return [
        {"rule": p["code"], "severity": severities[p["severity"]],
         "where": "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in p["path"])}
        for p in json.loads(run.stdout[start:])
    ]


@pytest.fixture(scope="module")
def redocly_problems(tools: Path) -> list[dict[str, Any]]:
    return redocly(tools, OPENAPI)


def listed_warnings() -> set[tuple[str, str]]:
    """The (tool, rule) pairs docs/api.md says the document still draws a warning for."""
    return set(re.findall(r"^\s*- (Redocly|Spectral) `([\w-]+)`", API_MD.read_text(encoding="utf-8"), re.M))


def _found(tool: str, problems: list[dict[str, Any]]) -> set[tuple[str, str]]:
    return {(tool, p["rule"]) for p in problems if p["severity"] == "warn"}


def test_redocly_recommended_finds_no_error_and_only_the_listed_warnings(
    redocly_problems: list[dict[str, Any]],
) -> None:
    problems = redocly_problems
    assert [p for p in problems if p["severity"] == "error"] == []
    found = _found("Redocly", problems)
    assert found == {pair for pair in listed_warnings() if pair[0] == "Redocly"}, problems


def test_spectral_oas_finds_no_error_and_only_the_listed_warnings(tools: Path) -> None:
    problems = spectral(tools, OPENAPI)
    assert [p for p in problems if p["severity"] == "error"] == []
    found = _found("Spectral", problems)
    assert found == {pair for pair in listed_warnings() if pair[0] == "Spectral"}, problems


def test_the_operations_without_a_4xx_answer_are_those_that_read_nothing(
    redocly_problems: list[dict[str, Any]],
) -> None:
    """Redocly's operation-4xx-response: an operation with no body and no query or path
    parameter has no input to refuse, so it answers 200 or 500 only."""
    document = load_yaml(OPENAPI.read_text(encoding="utf-8"))
    flagged = {p["where"] for p in redocly_problems if p["rule"] == "operation-4xx-response"}
    without_input = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":  # the path's own, not an operation
                continue
            parameters = operation.get("parameters", []) + item.get("parameters", [])
            inputs = [p for p in parameters if "$ref" not in p]  # the X-Request-ID header is no input
            if "requestBody" not in operation and not inputs:
                pointer = "/paths/" + path.replace("~", "~0").replace("/", "~1") + f"/{method}/responses"
                without_input.add(pointer)
                assert not any(status.startswith("4") for status in operation["responses"]), path
    assert flagged == without_input


def test_both_linters_refuse_a_nullable_union_without_a_type(tools: Path, tmp_path: Path) -> None:
    """The mistake the document once had (Spiel der Türme's `over`): both tools see it,
    so the two tests above can fail."""
    document = load_yaml(OPENAPI.read_text(encoding="utf-8"))
    over = document["components"]["schemas"]["SdtPositionInput"]["properties"]["over"]
    union = document["components"]["schemas"]["SdtOver"]
    over.clear()
    over.update({"nullable": True, "oneOf": union["oneOf"], "discriminator": union["discriminator"]})
    broken = tmp_path / "openapi.yaml"
    broken.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    assert any(p["severity"] == "error" for p in redocly(tools, broken))
    assert any(p["severity"] == "error" for p in spectral(tools, broken))
