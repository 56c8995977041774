"""The locked dependency sets: writes them, installs them, audits them and lists them.

    python requirements/lock.py compile [--upgrade]   # make lock / make lock-upgrade
    python requirements/lock.py sync test             # the Makefile's install targets
    python requirements/lock.py audit                 # make audit
    python requirements/lock.py sbom OUTPUT           # make sbom
    python requirements/lock.py pythons 3.12 3.13     # make test, under the other Pythons

Each lock, requirements/NAME.txt, is resolved by uv from pyproject.toml for every Python
the package declares and every platform (one universal file, markers where a platform or a
Python needs another set), with the hashes of every file, and records a digest of the
requirements it was resolved from: tests/test_lock.py fails when pyproject.toml no longer
declares what a lock was resolved from. The locks are layered, each resolved under the
pins of the one before it, so that a package has one version in all of them.

`sync` needs only the standard library: it runs before anything else is installed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "requirements"
PYPROJECT = ROOT / "pyproject.toml"
#: The oldest Python the package declares: the universal resolution starts there.
PYTHON_FLOOR = "3.11"
DIGEST_PREFIX = "# inputs sha256:"
#: Installers, not dependencies: a venv brings them, and the locks need not name them.
INSTALLERS = frozenset({"pip", "setuptools", "wheel"})
PROJECT = "terra-turrium-oracle"


@dataclass(frozen=True)
class Lock:
    """One locked set: the project's dependencies (when `project`) with `extras`, or a
    dependency group alone; resolved under the pins of the lock named `under`."""

    name: str
    project: bool = True
    extras: tuple[str, ...] = ()
    group: str | None = None
    under: str | None = None

    @property
    def path(self) -> Path:
        return HERE / f"{self.name}.txt"


#: In resolution order: each is resolved under the one it names (`under`), already written.
LOCKS = (
    # What the service runs on: the image, `make install`, `make sbom`.
    Lock("runtime"),
    # `make install-test`, CI and the venvs of the other Pythons.
    Lock("test", extras=("test",), under="runtime"),
    # `make install-bench`.
    Lock("bench", extras=("bench",), under="test"),
    # `make spec`.
    Lock("docs", extras=("docs",), under="test"),
    # The SBOM writer alone, for the image's build (the Dockerfile).
    Lock("sbom", project=False, group="sbom", under="test"),
    # mypyc and setuptools alone, for the image's build of the compiled engines (the Dockerfile).
    Lock("compile", project=False, group="compile", under="test"),
)
BY_NAME = {lock.name: lock for lock in LOCKS}


def canonical(name: str) -> str:
    """A distribution name as the package index compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


# --- reading ---------------------------------------------------------------------------

_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    marker: str | None


def pins(path: Path) -> list[Pin]:
    """The `name==version ; marker` entries of a lock file."""
    found = []
    for line in path.read_text().splitlines():
        match = _PIN.match(line)
        if match:
            found.append(Pin(canonical(match[1]), match[2], match[3]))
    return found


def recorded_digest(path: Path) -> str | None:
    for line in path.read_text().splitlines():
        if line.startswith(DIGEST_PREFIX):
            return line.removeprefix(DIGEST_PREFIX).strip()
    return None


# --- what a lock is resolved from ------------------------------------------------------


def declared(lock: Lock, pyproject: dict[str, object] | None = None) -> list[str]:
    """The requirements `lock` is resolved from, as pyproject.toml declares them."""
    data = pyproject if pyproject is not None else tomllib.loads(PYPROJECT.read_text())
    project = data["project"]
    assert isinstance(project, dict)
    found: list[str] = []
    if lock.project:
        found += project.get("dependencies", [])
        for extra in lock.extras:
            found += project.get("optional-dependencies", {})[extra]
    if lock.group:
        groups = data.get("dependency-groups", {})
        assert isinstance(groups, dict)
        found += groups[lock.group]
    return found


def digest(lock: Lock, pyproject: dict[str, object] | None = None) -> str:
    """A digest of what `lock` is resolved from: its requirements, normalised (so that
    comments, order and spelling do not count), the Python range and the lock it is
    resolved under."""
    from packaging.requirements import Requirement

    data = pyproject if pyproject is not None else tomllib.loads(PYPROJECT.read_text())
    project = data["project"]
    assert isinstance(project, dict)
    normal = sorted({_normal(Requirement(text)) for text in declared(lock, data)})
    inputs = {
        "requires-python": project.get("requires-python"),
        "requirements": normal,
        "under": lock.under,
        "python-floor": PYTHON_FLOOR,
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def _normal(requirement: object) -> str:
    from packaging.requirements import Requirement

    assert isinstance(requirement, Requirement)
    extras = f"[{','.join(sorted(canonical(e) for e in requirement.extras))}]" if requirement.extras else ""
    marker = f"; {requirement.marker}" if requirement.marker else ""
    return f"{canonical(requirement.name)}{extras}{requirement.specifier}{marker}"


# --- compile ---------------------------------------------------------------------------


def uv() -> str:
    found = shutil.which("uv", path=str(Path(sys.executable).parent)) or shutil.which("uv")
    if not found:
        sys.exit("lock.py: uv is missing: `make install-test` installs it")
    return found


def compile_locks(upgrade: bool) -> None:
    """Resolves every lock again; without `upgrade` a pin changes only where
    pyproject.toml no longer allows it or a new requirement needs it."""
    for lock in LOCKS:
        command = [uv(), "pip", "compile", "--quiet", "--universal", "--python-version", PYTHON_FLOOR,
                   "--generate-hashes", "--custom-compile-command", "make lock",
                   "--output-file", str(lock.path)]
        if lock.project:
            command.append(str(PYPROJECT))
            for extra in lock.extras:
                command += ["--extra", extra]
        if lock.group:
            command += ["--group", f"{PYPROJECT}:{lock.group}"]
        if lock.under:
            command += ["--constraints", str(BY_NAME[lock.under].path)]
        if upgrade:
            command.append("--upgrade")
        subprocess.run(command, cwd=ROOT, check=True)
        text = lock.path.read_text()
        head, _, rest = text.partition("\n#    make lock\n")
        lock.path.write_text(f"{head}\n#    make lock\n{DIGEST_PREFIX} {digest(lock)}\n{rest}")
        print(f"lock.py: {lock.path.relative_to(ROOT)}: {len(pins(lock.path))} packages")


# --- sync ------------------------------------------------------------------------------


def sync(names: Sequence[str], python: str = sys.executable) -> None:
    """Installs the locks `names` into the environment of `python`, hash-checked, then
    removes what no lock names (a package a lock has dropped)."""
    command = [python, "-m", "pip", "install", "--quiet", "--require-hashes"]
    for name in names:
        command += ["--requirement", str(BY_NAME[name].path)]
    subprocess.run(command, check=True)
    locked = {pin.name for lock in LOCKS for pin in pins(lock.path)} | INSTALLERS | {PROJECT}
    listed = subprocess.run([python, "-c", "import importlib.metadata as m, json; "
                             "print(json.dumps([d.metadata['Name'] for d in m.distributions()]))"],
                            check=True, capture_output=True, text=True).stdout
    extra = sorted({canonical(name) for name in json.loads(listed)} - locked)
    if extra:
        print(f"lock.py: removing what no lock names: {' '.join(extra)}")
        subprocess.run([python, "-m", "pip", "uninstall", "--quiet", "--yes", *extra], check=True)


# --- audit -----------------------------------------------------------------------------
#
# A known vulnerability fails the audit when a release that fixes it shares the locked
# version's major: `make lock-upgrade` can take it within pyproject.toml's ranges. One whose
# fixes all lie in a later major, or that has no fix yet, is printed and does not fail: the
# way out is a change of code, or waiting. When the advisory data cannot be had (offline,
# or an index that does not serve it), the audit says so and what was not audited, and
# does not fail.


def fixed_in_major(version: str, fixes: Iterable[str]) -> bool:
    """Is one of `fixes` a later release of `version`'s major?

    >>> fixed_in_major("3.1.0", ["3.1.1", "4.0.0"]), fixed_in_major("3.1.0", ["4.0.0"])
    (True, False)
    >>> fixed_in_major("0.46.0", ["0.47.1"]), fixed_in_major("3.1.0", [])
    (True, False)
    """
    from packaging.version import InvalidVersion, Version

    locked = Version(version)
    for fix in fixes:
        try:
            fixed = Version(fix)
        except InvalidVersion:
            continue
        if fixed > locked and fixed.major == locked.major:
            return True
    return False


@dataclass(frozen=True)
class Finding:
    """A known vulnerability of a locked package, and whether it fails the audit."""

    package: str
    version: str
    id: str
    fixes: tuple[str, ...]
    fixable: bool

    def __str__(self) -> str:
        fixes = ", ".join(self.fixes) or "none yet"
        verdict = "FAILS: fixed in the locked major" if self.fixable else "reported: no fix in its major"
        return f"{self.package} {self.version}: {self.id} (fixed in: {fixes}) -- {verdict}"


@dataclass(frozen=True)
class Audit:
    """One tool's audit of one set: what it found, and what it could not audit and why."""

    what: str
    audited: int
    findings: tuple[Finding, ...] = ()
    not_audited: int = 0
    reason: str = ""

    @property
    def failed(self) -> bool:
        return any(finding.fixable for finding in self.findings)

    def report(self) -> list[str]:
        if not self.audited:
            return [f"make audit: {self.what}: NOT AUDITED, the audit was not run: {self.reason}"]
        lines = [f"make audit: {self.what}: {self.audited} packages audited, "
                 f"{len(self.findings)} known vulnerabilities"]
        if self.not_audited:
            lines.append(f"make audit: {self.what}: {self.not_audited} packages NOT AUDITED: {self.reason}")
        lines += [f"  {finding}" for finding in self.findings]
        return lines


def read_pip_audit(what: str, report: dict[str, list[dict[str, object]]]) -> Audit:
    """pip-audit's JSON report as an Audit."""
    audited, skipped, findings = 0, [], []
    for dependency in report["dependencies"]:
        if "skip_reason" in dependency:
            skipped.append(str(dependency["skip_reason"]))
            continue
        audited += 1
        version = str(dependency["version"])
        for vuln in dependency.get("vulns", []):  # type: ignore[attr-defined]
            fixes = tuple(vuln.get("fix_versions", ()))
            findings.append(Finding(str(dependency["name"]), version, vuln["id"], fixes,
                                    fixed_in_major(version, fixes)))
    reason = ""
    if skipped:
        reason = (f"no advisory data for {len(skipped)} of {len(skipped) + audited} packages "
                  f"(pip-audit: {skipped[0]}{', …' if len(skipped) > 1 else ''})")
    return Audit(what, audited, tuple(findings), len(skipped), reason)


def pip_audit(locks: Sequence[Path], service: Sequence[str] = ("--vulnerability-service", "pypi")) -> Audit:
    """pip-audit of the locked set, by the hashes of the lock files (no install, no
    resolution), against the package index's advisory data."""
    what = "the Python locks" if len(locks) > 1 else str(locks[0].name)
    tool = shutil.which("pip-audit", path=str(Path(sys.executable).parent)) or shutil.which("pip-audit")
    if not tool:
        return Audit(what, 0, reason="pip-audit is missing: `make install-test` installs it")
    command = [tool, "--disable-pip", "--progress-spinner", "off", "--format", "json", "--timeout", "10",
               *service]
    for lock in locks:
        command += ["--requirement", str(lock)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    except subprocess.TimeoutExpired:
        return Audit(what, 0, reason="pip-audit had no answer within 120 s")
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return Audit(what, 0, reason=f"pip-audit could not reach the advisory data ({last})")
    return read_pip_audit(what, report)


def read_npm_audit(what: str, report: dict[str, object]) -> Audit:
    """`npm audit --json`'s report as an Audit: a vulnerable package is fixable when npm
    can fix it within the declared ranges or without a major step."""
    if "vulnerabilities" not in report:
        error = report.get("error") or {}
        detail = report.get("message") or (error.get("summary") if isinstance(error, dict) else None)
        return Audit(what, 0, reason=f"npm audit had no advisory data ({detail or 'no report'})")
    metadata = report.get("metadata") or {}
    total = metadata.get("dependencies", {}).get("total", 0) if isinstance(metadata, dict) else 0
    findings = []
    vulnerabilities = report["vulnerabilities"]
    assert isinstance(vulnerabilities, dict)
    for name, vulnerability in sorted(vulnerabilities.items()):
        fix = vulnerability.get("fixAvailable")
        ids = [str(via.get("url") or via.get("source"))
               for via in vulnerability.get("via", []) if isinstance(via, dict)]
        if isinstance(fix, dict):
            fixes: tuple[str, ...] = (f"{fix.get('name')} {fix.get('version')}",)
        else:
            fixes = ("`npm audit fix`",) if fix else ()
        fixable = fix is True or (isinstance(fix, dict) and not fix.get("isSemVerMajor"))
        # npm names the affected range, not the locked version.
        findings.append(Finding(name, str(vulnerability.get("range", "?")),
                                ", ".join(ids) or str(vulnerability.get("severity", "?")), fixes, fixable))
    return Audit(what, max(int(total), len(findings)), tuple(findings))


def npm_lock_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--", "*package-lock.json"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.split()
    return [ROOT / name for name in listed if "node_modules" not in name]


def npm_audit(lock: Path) -> Audit:
    what = str(lock.relative_to(ROOT))
    npm = shutil.which("npm")
    if not npm:
        return Audit(what, 0, reason="npm is missing")
    try:
        done = subprocess.run([npm, "audit", "--package-lock-only", "--json"], cwd=lock.parent,
                              capture_output=True, text=True, timeout=60, check=False)
    except subprocess.TimeoutExpired:
        return Audit(what, 0, reason="npm audit had no answer within 60 s")
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        return Audit(what, 0, reason=f"npm audit gave no report ({done.stderr.strip()[-200:]})")
    return read_npm_audit(what, report)


def audit() -> int:
    audits = [pip_audit([lock.path for lock in LOCKS]), *(npm_audit(lock) for lock in npm_lock_files())]
    for one in audits:
        print("\n".join(one.report()))
    if any(one.failed for one in audits):
        print("make audit: FAILED: a locked package has a known vulnerability fixed in its major: "
              "`make lock-upgrade` (or `npm update` in its directory) takes the fix", file=sys.stderr)
        return 1
    return 0


# --- sbom ------------------------------------------------------------------------------


def sbom(output: Path) -> None:
    """A CycloneDX SBOM of the runtime lock, written as the image's build writes it: the
    lock installed into a venv of its own (no pip in it), listed under the project."""
    venv = ROOT / "build" / "sbom-venv"
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--require-hashes", "--requirement", str(BY_NAME["runtime"].path)], check=True)
    tool = shutil.which("cyclonedx-py", path=str(Path(sys.executable).parent)) or "cyclonedx-py"
    output.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([tool, "environment", "--pyproject", str(PYPROJECT), "--output-reproducible",
                    "--output-format", "JSON", "--output-file", str(output), str(python)], check=True)
    components = json.loads(output.read_text()).get("components", [])
    print(f"make sbom: {output}: {len(components)} components, CycloneDX JSON")


# --- the other Pythons -------------------------------------------------------------------

#: Run under every other Python the package declares (make test, beside the main suite):
#: the doctests and the engines' tests — the library every client may embed — and one
#: file of HTTP tests per kind of operation (the questions, the turns, batches and
#: replays, the computer players, Turm und Leute, the pictures), so the framework is
#: seen working under that Python, about a minute. The rest of the HTTP tests check what
#: does not differ between Pythons (the same answers, documents and catalogs, read by
#: the same libraries) and, with the browser, client, fuzzing, serving and deployment
#: tests, run under the main Python only.
OTHER_PYTHON_TESTS = (
    "service", "tests/terra_turrium", "tests/spiel_der_tuerme", "tests/turm_und_leute", "tests/common",
    "tests/api/test_queries.py", "tests/api/test_turns.py", "tests/api/test_games_and_batches.py",
    "tests/api/test_suggest.py", "tests/api/test_turm_und_leute.py", "tests/api/test_render.py",
    "-k", "not random_games_over_http",
)


def interpreter(version: str) -> str | None:
    """An interpreter of Python `version` ("3.12"): `python3.12` on PATH if it runs, else
    one that pyenv has installed, if any."""
    candidates = [shutil.which(f"python{version}")]
    pyenv = shutil.which("pyenv")
    if pyenv:
        root = subprocess.run([pyenv, "root"], capture_output=True, text=True, check=False).stdout.strip()
        if root:
            candidates += sorted(str(p) for p in Path(root).glob(f"versions/{version}.*/bin/python{version}"))
    for candidate in filter(None, candidates):
        check = [candidate, "-c", f"import sys; assert sys.version.startswith('{version}.')"]
        if subprocess.run(check, capture_output=True, check=False).returncode == 0:
            return candidate
    return None


def other_pythons(versions: Sequence[str]) -> int:
    """The tests of OTHER_PYTHON_TESTS under each of `versions`, in a venv of each
    (.venv-3.12 …) installed from the test lock; the venvs are made one after the other,
    the tests run side by side. A missing interpreter is said, not failed."""
    runs: list[tuple[str, subprocess.Popen[str]]] = []
    for version in versions:
        found = interpreter(version)
        if not found:
            print(f"make test: Python {version}: NOT TESTED, no interpreter found (python{version}, pyenv)")
            continue
        venv = ROOT / f".venv-{version}"
        stamp = venv / ".install-test.stamp"
        inputs = (BY_NAME["test"].path, PYPROJECT)
        if not stamp.exists() or any(path.stat().st_mtime > stamp.stat().st_mtime for path in inputs):
            print(f"make test: Python {version}: installing the test lock into {venv.name}")
            if not (venv / "bin" / "python").exists():
                subprocess.run([found, "-m", "venv", str(venv)], check=True)
            sync(["test"], str(venv / "bin" / "python"))
            subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps",
                            "-e", str(ROOT)], check=True, capture_output=True)
            stamp.touch()
        command = [str(venv / "bin" / "python"), "-m", "pytest", "-p", "no:cacheprovider", "-n", "0",
                   *OTHER_PYTHON_TESTS]
        runs.append((version, subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE,
                                               stderr=subprocess.STDOUT, text=True)))
    failed = 0
    for version, run in runs:
        output, _ = run.communicate()
        lines = output.rstrip().splitlines()
        if run.returncode:
            failed += 1
            print(f"make test: Python {version}: FAILED")
            print(output)
        else:
            print(f"make test: Python {version}: {lines[-1].strip('= ') if lines else 'no output'}")
    return 1 if failed else 0


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    compiling = commands.add_parser("compile", help="resolve the locks from pyproject.toml")
    compiling.add_argument("--upgrade", action="store_true", help="the newest versions pyproject.toml allows")
    syncing = commands.add_parser("sync", help="install locks, hash-checked, into an environment")
    syncing.add_argument("locks", nargs="+", choices=sorted(BY_NAME))
    syncing.add_argument("--python", default=sys.executable)
    commands.add_parser("audit", help="known vulnerabilities of the locked sets (Python and npm)")
    pythons = commands.add_parser("pythons", help="part of the tests under other Pythons")
    pythons.add_argument("versions", nargs="+")
    sbomming = commands.add_parser("sbom", help="a CycloneDX SBOM of the runtime lock")
    sbomming.add_argument("output", type=Path)
    args = parser.parse_args(None if argv is None else list(argv))
    if args.command == "compile":
        compile_locks(args.upgrade)
    elif args.command == "sync":
        sync(args.locks, args.python)
    elif args.command == "audit":
        sys.exit(audit())
    elif args.command == "sbom":
        sbom(args.output)
    elif args.command == "pythons":
        sys.exit(other_pythons(args.versions))


if __name__ == "__main__":
    main()
