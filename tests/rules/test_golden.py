"""Perft-style golden files: counts of removals, take sequences, placements, reach,
captures and goal for fixed positions (format: tests/golden/perft.py).

The files are written once by ``tests/golden/generate.py`` and reviewed; these tests
only recompute the counts and compare, so any change in what the engine answers for
these positions shows up as a diff of the file.
"""

import difflib

import pytest

from service.rules.notation import parse_notation, write_notation
from tests.golden.perft import GOLDEN, expectations, read_golden

FILES = sorted(GOLDEN.glob("*.txt"))


def test_there_are_enough_golden_positions_and_each_names_its_case():
    assert len(FILES) >= 30
    for path in FILES:
        _, comments, expected = read_golden(path)
        assert comments and comments[0].startswith(f"# {path.stem[:2]} "), path.name
        assert expected, path.name


def test_the_golden_positions_cover_every_option_and_context():
    positions = [parse_notation(read_golden(path)[0]) for path in FILES]
    assert {p.players for p in positions} == {2, 3, 4}
    assert any(p.rules.team_play for p in positions)
    assert any(p.rules.goal.value == "pro" for p in positions)
    assert any(p.rules.outside_rule.value == "path" for p in positions)
    assert any(p.rules.two_player_board.value == "6x6" for p in positions)
    assert any(p.mover.bonus_stones for p in positions)
    assert any(p.turn.phase.value == "place" for p in positions)
    assert any(p.turn.phase.value == "move" and p.turn.points < 5 for p in positions)
    assert any(p.turn.attacked for p in positions)
    assert any(p.turn.phase.value == "take" and p.turn.taken for p in positions)
    assert {4, 5} <= {p.mover.attacks for p in positions}
    assert any(p.is_game_over for p in positions)
    assert any(max(p.heights) >= 10 for p in positions)
    assert any(s.pro_hold for p in positions for s in p.seats)


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_golden_counts(path):
    notation, _, expected = read_golden(path)
    position = parse_notation(notation)
    assert write_notation(position) == notation, "the position line is not in canonical notation"
    actual = expectations(position)
    if actual != expected:
        diff = "\n".join(difflib.unified_diff(expected, actual, "expected (file)", "engine", lineterm=""))
        pytest.fail(f"{path.name} differs from the engine's answers:\n{diff}", pytrace=False)
