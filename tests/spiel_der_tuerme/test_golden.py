"""Perft-style golden files (format: golden/perft.py): legal moves, what they do and the
number of action sequences, for fixed positions.

Every file is reviewed: its counts derived by hand, the derivation written in it. Counts
recorded from the engine would only show that behaviour did not change: positions too
busy to count by hand are kept in golden/busy.positions instead, explicit examples of
the properties (tests/spiel_der_tuerme/test_properties.py). These tests recompute every
count and compare, so any change in the engine's answers shows up as a diff of a file.
"""

import difflib

import pytest

from tests.spiel_der_tuerme.builders import write_compact
from tests.spiel_der_tuerme.golden.generate import BUSY, read_busy_positions
from tests.spiel_der_tuerme.golden.perft import GOLDEN, depth_of, expectations, read_golden

FILES = sorted(GOLDEN.glob("*.txt"))
STATUS = "# status: "


def status_of(comments):
    return next(line.removeprefix(STATUS).split()[0] for line in comments if line.startswith(STATUS))


def test_every_golden_file_is_reviewed_and_says_what_it_is():
    assert len(FILES) >= 4
    for path in FILES:
        _, comments, expected = read_golden(path)
        assert comments[0].startswith(f"# {path.stem}: "), path.name
        assert status_of(comments) == "reviewed", (
            f"{path.name}: derive its counts, or make it a busy position"
        )
        # A reviewed file carries its derivation beside the counts: more comment lines
        # than the heading, the status and the 10-line diagram.
        assert len(comments) > 12, path.name
        assert expected[0].startswith("moves: "), path.name


def test_tb5_tn2_tm7_tv1_te4_the_golden_and_busy_positions_cover_every_kind_of_position():
    positions = [read_golden(path)[0] for path in FILES] + list(read_busy_positions().values())
    assert {p.players for p in positions} == {2, 3, 4}
    assert any(p.rules.max_height is None for p in positions)
    assert any(p.blocked for p in positions)
    assert any(p.turn.may_continue for p in positions)
    assert any(p.is_over for p in positions)
    lines = [line for path in FILES for line in read_golden(path)[2]]
    for count in ("neutral", "ends_game", "may_continue", "towers"):
        assert any(line.startswith(f"{count}: ") and line != f"{count}: 0" for line in lines), count


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_golden_counts(path):
    position, _, expected = read_golden(path)
    line = next(
        line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("position: ")
    )
    assert "position: " + write_compact(position) == line, "the position line is not in canonical form"
    actual = expectations(position, depth_of(expected))
    if actual != expected:
        diff = "\n".join(difflib.unified_diff(expected, actual, "expected (file)", "engine", lineterm=""))
        pytest.fail(f"{path.name} differs from the engine's answers:\n{diff}", pytrace=False)


def test_the_busy_positions_are_the_busy_cases_and_have_no_golden_file():
    assert sorted(read_busy_positions()) == sorted(case.name for case in BUSY)
    assert not {path.stem for path in FILES} & {case.name for case in BUSY}
