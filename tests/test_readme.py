"""The README's figures that a test can count are counted here, so that they cannot go
stale: the golden files, the busy positions and the rulebook's cases."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.golden.generate import read_busy_positions
from tests.golden.perft import GOLDEN
from tests.spiel_der_tuerme.golden.generate import read_busy_positions as read_sdt_busy_positions
from tests.spiel_der_tuerme.golden.perft import GOLDEN as SDT_GOLDEN

ROOT = Path(__file__).resolve().parents[1]
README = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())


def _stated(pattern: str) -> tuple[int, ...]:
    found = re.search(pattern, README)
    assert found, f"the README no longer says {pattern!r}"
    return tuple(int(figure) for figure in found.groups())


def test_the_readme_counts_the_golden_files_and_busy_positions_of_both_games() -> None:
    stated = _stated(r"perft-style counts for (\d+) Terra Turrium positions \(`tests/golden/`\) "
                     r"and (\d+) Spiel der Türme positions.*?too busy to count by hand \((\d+) and (\d+),")
    counted = (len(list(GOLDEN.glob("*.txt"))), len(list(SDT_GOLDEN.glob("*.txt"))),
               len(read_busy_positions()), len(read_sdt_busy_positions()))
    assert stated == counted


def test_the_readme_counts_the_rulebooks_cases() -> None:
    (stated,) = _stated(r"\(`tests/terra_turrium/test_rulebook.py`, (\d+) cases\)")
    module = ast.parse((ROOT / "tests" / "terra_turrium" / "test_rulebook.py").read_text(encoding="utf-8"))
    cases = [
        node for node in module.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    ]
    assert stated == len(cases)
