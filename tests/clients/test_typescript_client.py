"""TypeScript types generated from openapi.yaml serve a strict client without casts.

openapi-typescript writes ``api.d.ts`` into a temporary directory beside a copy of
``ts/play.ts``, a small client that narrows the validation answer on ``legal``, switches
over every kind of event with a ``never`` check, reads an answer position's members with
none of them optional, and sends an answer's position back in a render request with a
reach highlight; ``tsc --strict --noEmit`` must accept it. Both tools are the versions
pinned in ``ts/package-lock.json``, which ``make test`` installs with ``npm ci`` into
``ts/node_modules`` (Node and npm from Debian's packages). Without them the test that
runs them is skipped on a developer's machine, but fails where ``CI`` is set.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.yaml_text import load_yaml

ROOT = Path(__file__).resolve().parents[2]
OPENAPI = ROOT / "openapi.yaml"
TS = Path(__file__).resolve().parent / "ts"
PROGRAM = TS / "play.ts"
BIN = TS / "node_modules" / ".bin"
#: The compiler's options besides --strict: a current target, so that the program's
#: promises and fetch are typed, and ES modules resolved as a bundler does. TypeScript's
#: own library files go unchecked, which halves the time; api.d.ts is still checked.
TSC_OPTIONS = [
    "--target",
    "es2022",
    "--module",
    "esnext",
    "--moduleResolution",
    "bundler",
    "--skipDefaultLibCheck",
]


@pytest.fixture(scope="module")
def tools() -> Path:
    missing = [] if shutil.which("node") else ["node"]
    missing += [
        str((BIN / name).relative_to(ROOT))
        for name in ("openapi-typescript", "tsc")
        if not (BIN / name).is_file()
    ]
    if missing:
        message = (
            f"{', '.join(missing)} missing: `make install-test` installs them "
            "(Node and npm with apt-get, the tools with npm ci)"
        )
        if "CI" in os.environ:
            pytest.fail(message)
        pytest.skip(message)
    return BIN


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=180)


@pytest.fixture(scope="module")
def generated(tools: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory of openapi-typescript's ``api.d.ts``, generated without a warning."""
    # In a temporary directory, which holds no redocly.yaml for openapi-typescript to read.
    out = tmp_path_factory.mktemp("typescript-client")
    types = _run([str(tools / "openapi-typescript"), str(OPENAPI), "-o", "api.d.ts"], out)
    output = types.stdout + types.stderr
    assert types.returncode == 0, output
    assert "⚠" not in output and "warn" not in output.lower(), output
    return out


def test_a_strict_program_reads_the_generated_types_without_casts(
    tools: Path, generated: Path, tmp_path: Path
) -> None:
    shutil.copy(generated / "api.d.ts", tmp_path / "api.d.ts")
    shutil.copy(PROGRAM, tmp_path / PROGRAM.name)
    checked = _run([str(tools / "tsc"), "--strict", "--noEmit", *TSC_OPTIONS, PROGRAM.name], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def _code(source: str) -> str:
    """The program without its comments and string literals, where words are free."""

    def blank(match: re.Match[str]) -> str:
        return "" if match.group().startswith("/") else '""'

    literal = r"/\*.*?\*/|//[^\n]*|\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`"
    return re.sub(literal, blank, source, flags=re.S)


def test_the_program_casts_nothing() -> None:
    code = _code(PROGRAM.read_text(encoding="utf-8"))
    assert "answer.violation" in code and "position.turn" in code  # what is read is code
    assert not re.search(r"\bas\b", code), "a type assertion (as)"
    assert not re.search(r"\bany\b", code), "an any"
    assert not re.search(r"<[\w\[\]\"']+>\s*[\w(]", code), "a <T>x cast"
    assert "?." not in code, "optional chaining"
    assert not re.search(r"[\w)\]]!(?!=)", code), "a non-null assertion (x!)"
    assert "@ts-" not in PROGRAM.read_text(encoding="utf-8"), "a @ts- directive"


def test_no_schema_is_named_like_the_generated_types_own(generated: Path) -> None:
    """openapi-typescript's own top-level types (``paths``, ``components``, ``operations``
    …) and the document's schemas must not read alike."""
    document = load_yaml(OPENAPI.read_text(encoding="utf-8"))
    own = set(re.findall(r"^export (?:interface|type) (\$?\w+)", (generated / "api.d.ts").read_text(), re.M))
    assert {"paths", "components", "operations"} <= own
    schemas = {name.lower() for name in document["components"]["schemas"]}
    assert schemas & {name.lower() for name in own} == set()
