"""Perft-style golden files: counts of removals, take sequences, placements, reach,
captures and goal for fixed positions (format: tests/golden/perft.py).

Every file says on its third line what its counts are worth:

- ``# status: reviewed``: each count was derived by hand from the rules, and the comment
  lines just above it are that derivation (which squares and why, citing the ids of the
  rules: R3, M7 …), so that a reader can check it without running the engine. A
  reviewed file is an independent check of the engine: when one fails, the engine and
  the rules disagree, or the derivation is wrong; the derivation says which. It is never
  settled by regenerating the file (``tests/golden/generate.py`` refuses to).
- ``# status: snapshot``: the counts are what the engine answered when the file was
  written (``tests/golden/generate.py`` writes a new case so). A snapshot would only show
  that behaviour did not change, not that it was right, so none is kept: it is reviewed,
  or its case is named busy (``BUSY``) and its position becomes an explicit example of
  the properties of tests/terra_turrium/test_properties.py, which say what they check.

These tests only recompute the counts and compare, so any change in what the engine
answers shows up as a diff of a file. Each test id starts with the file's status.
"""

import difflib

import pytest

from service.terra_turrium.notation import parse_notation, write_notation
from service.terra_turrium.position import OPTIONS, option_values
from tests.golden.generate import BUSY, CASES, Case, read_busy_positions, write_golden_files
from tests.golden.perft import (
    GOLDEN,
    REVIEWED,
    RULE_ID,
    SNAPSHOT,
    STATUSES,
    expectations,
    read_golden,
    render_golden,
)
from tests.terra_turrium.builders import build

FILES = sorted(GOLDEN.glob("*.txt"))
GOLDENS = {path: read_golden(path) for path in FILES}


def test_there_are_enough_golden_positions_and_each_names_its_case_and_status():
    assert len(FILES) >= 20
    for path, golden in GOLDENS.items():
        assert golden.title.startswith(f"# {path.stem[:2]} {path.stem[3:]}: "), path.name
        assert golden.status in STATUSES, (
            f"{path.name}: line 3 must be '# status: reviewed' or '# status: snapshot'"
        )
        assert golden.expected, path.name


def test_every_golden_file_is_reviewed():
    unreviewed = [path.name for path, golden in GOLDENS.items() if golden.status != REVIEWED]
    assert unreviewed == [], "derive their counts from the rules, or name their cases in generate.BUSY"


def test_a_busy_case_has_no_golden_file_and_its_position_is_kept_for_the_properties():
    numbered = {f"{number:02d}-{case.slug}" for number, case in enumerate(CASES, start=1)}
    assert {path.stem for path in FILES} == {stem for stem in numbered if stem[3:] not in BUSY}
    assert sorted(read_busy_positions()) == sorted(BUSY)


def test_every_count_of_a_reviewed_file_has_its_derivation_from_the_rules_beside_it():
    for path, golden in GOLDENS.items():
        if golden.status != REVIEWED:
            continue
        for line, derivation in golden.derivations():
            assert derivation, f"{path.name}: no derivation above {line!r}"
            assert any(RULE_ID.search(note) for note in derivation), f"{path.name}: {line!r} cites no rule"
        assert not golden.body[-1].startswith("#"), f"{path.name}: notes after the last count derive nothing"


def test_the_golden_and_busy_positions_cover_every_option_and_context():
    notations = [golden.notation for golden in GOLDENS.values()] + list(read_busy_positions().values())
    positions = [parse_notation(notation) for notation in notations]
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
    for option in OPTIONS:  # every value of every rule option, the variants' (V1-V4) too
        for value in option_values(option)[1:]:
            assert any(getattr(p.rules, option.name) == value for p in positions), (option.name, value)


def test_ten_reviewed_files_or_more_cover_every_player_count_and_option():
    reviewed = [parse_notation(g.notation) for g in GOLDENS.values() if g.status == REVIEWED]
    assert len(reviewed) >= 10
    assert {p.players for p in reviewed} == {2, 3, 4}
    assert any(p.rules.team_play for p in reviewed)
    assert any(p.rules.goal.value == "pro" for p in reviewed)
    assert any(p.rules.outside_rule.value == "path" for p in reviewed)
    assert any(p.rules.two_player_board.value == "6x6" for p in reviewed)
    assert any(p.mover.bonus_stones for p in reviewed)
    assert any(p.turn.phase.value == "take" and p.turn.taken for p in reviewed)
    assert any(p.turn.phase.value == "move" and p.turn.points < 5 for p in reviewed)
    assert {4, 5} <= {p.mover.attacks for p in reviewed}
    assert any(p.is_game_over for p in reviewed)
    for option in OPTIONS:
        for value in option_values(option)[1:]:
            assert any(getattr(p.rules, option.name) == value for p in reviewed), (option.name, value)
    # V1-V3: the capture phase closed and open, a mover with one capture left and one with none.
    burgenland = [p for p in reviewed if p.rules.burgenland]
    assert any(not p.captures_open for p in burgenland)
    assert {1, 2} <= {p.mover.captures for p in burgenland if p.captures_open}
    # V4: a reserve turrian to bring back, by either outside rule with 2 or 3 players and with
    # 4 (where ring 0 is in play), and in team play.
    outside = [p for p in reviewed if p.rules.reentry.value == "outside" and p.mover.reserve]
    assert {(p.players == 4, p.rules.outside_rule.value) for p in outside} == {
        (False, "line"),
        (False, "path"),
        (True, "line"),
        (True, "path"),
    }
    assert any(p.rules.team_play for p in outside)


@pytest.mark.parametrize("path", FILES, ids=[f"{GOLDENS[path].status}-{path.stem}" for path in FILES])
def test_golden_counts(path):
    golden = GOLDENS[path]
    position = parse_notation(golden.notation)
    assert write_notation(position) == golden.notation, "the position line is not in canonical notation"
    actual = expectations(position)
    if actual != golden.expected:
        diff = "\n".join(
            difflib.unified_diff(golden.expected, actual, "expected (file)", "engine", lineterm="")
        )
        if golden.status == REVIEWED:
            meaning = (
                "the engine disagrees with counts derived from the rules: an engine bug or a wrong derivation"
            )
        else:
            meaning = "a snapshot, which proves nothing: review it (test_every_golden_file_is_reviewed)"
        pytest.fail(f"{path.name} differs from the engine's answers ({meaning}):\n{diff}", pytrace=False)


def test_regenerating_keeps_a_derivation_and_leaves_alone_one_the_engine_contradicts(tmp_path):
    case = Case("2p-one-stone", "one stone", lambda: build(2, flat=0, heights={"c8": 1}))
    assert write_golden_files([case], tmp_path) == []
    path = tmp_path / "01-2p-one-stone.txt"
    written = read_golden(path)
    assert written.status == SNAPSHOT and written.expected == expectations(case.make())
    # Reviewed by hand: a derivation above each count.
    body = [line for count in written.expected for line in (f"# why {count} (R1)", count)]
    path.write_text(render_golden(written.notation, written.title, REVIEWED, body), encoding="utf-8")
    retitled = Case(case.slug, "one stone, renamed", case.make)
    assert write_golden_files([retitled], tmp_path) == []
    kept = read_golden(path)
    assert kept.title == "# 01 2p-one-stone: one stone, renamed" and kept.body == tuple(body)
    # The case now makes a position with other counts: the derivation is not overwritten.
    reviewed = path.read_text(encoding="utf-8")
    moved = Case(case.slug, case.about, lambda: build(2, flat=0, heights={"c8": 2}))
    problems = write_golden_files([moved], tmp_path)
    assert len(problems) == 1 and problems[0].startswith("01-2p-one-stone.txt: reviewed")
    assert path.read_text(encoding="utf-8") == reviewed
    # Nor is it deleted when its case is gone; a snapshot simply goes.
    (tmp_path / "02-2p-gone.txt").write_text(
        render_golden(written.notation, "# 02 2p-gone: x", SNAPSHOT, body[1::2])
    )
    problems = write_golden_files([], tmp_path)
    assert len(problems) == 1 and problems[0].startswith("01-2p-one-stone.txt: not a snapshot, but no case")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["01-2p-one-stone.txt"]
