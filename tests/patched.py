"""An engine change given as a patch, applied to a copy of the service and run there.

The option-with-state tests of each game (``tests/*/test_option_with_state.py``) hold a
toy option as a patch of the files a maintainer writes by hand; this applies it to a copy
of ``service/`` and the game's rules document, and runs a check script against the copy
alone, so that whatever else a new member needs makes the test fail.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def touched(patch: Path) -> list[str]:
    """The files ``patch`` edits, sorted."""
    return sorted(re.findall(r"^\+\+\+ b/(\S+)", patch.read_text(encoding="utf-8"), re.M))


#: The lines of context each hunk must find as they were, the most first (git apply -C):
#: a line beside a hunk that moved or changed since the patch was made does not stop it,
#: as long as its nearest neighbour on each side is still there. Applying is all or
#: nothing, and what the patch does is then judged by the check, not by where it went.
CONTEXTS = (3, 2, 1)


def run_patched(
    tmp: Path,
    patch: Path,
    document: str,
    check: str,
    what: str,
    prepare: Callable[[Path], None] | None = None,
) -> list[str]:
    """The lines ``check`` prints, run on a copy of ``service/`` and ``docs/<document>``
    in ``tmp`` with ``patch`` applied (``what``: the option's name, for the message that
    asks for the patch to be remade; ``prepare``: a change to the copy before the patch)."""
    shutil.copytree(ROOT / "service", tmp / "service", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (tmp / "docs").mkdir()
    shutil.copy(ROOT / "docs" / document, tmp / "docs" / document)
    git = shutil.which("git")
    if git is None:  # pragma: no cover - git is what checked the project out
        pytest.fail("git is needed to apply the patch")
    if prepare is not None:
        prepare(tmp)
    for context in CONTEXTS:
        applied = subprocess.run(
            [git, "apply", f"-C{context}", str(patch)], cwd=tmp, capture_output=True, text=True
        )
        if applied.returncode == 0:
            break
    assert applied.returncode == 0, (
        f"{what} no longer applies to its files; remake {patch.name} by adding the option "
        f"again in those files alone:\n{applied.stderr}"
    )
    run = subprocess.run(
        [sys.executable, "-c", check], cwd=tmp, capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tmp), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()
