"""docs/turm-und-leute.md states every rule the turn ledger cites (L9–L31, LS4–LS13),
each has a test named after it, and the interpretations list names its rules."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from service.turm_und_leute.actions import Absorb, Attack, Split, TurnResult
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.turn import apply_turn
from service.turm_und_leute.wire.codec import EVENT_TYPES

from .ledgers import SUS, TUL, play, start
from .test_rule_cases import CASES
from .test_turn_conservation import _validated, varied_turns

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "docs" / "turm-und-leute.md").read_text(encoding="utf-8")
IDS = [f"L{i}" for i in range(9, 32)] + [f"LS{i}" for i in range(4, 14)]
ENGINE = ["position.py", "check.py", "actions.py", "turn.py", "setup.py", "goal.py", "peoples.py",
          "wire/codec.py"]
TESTS = [
    *(ROOT / "tests" / "turm_und_leute").glob("test_*.py"),
    ROOT / "tests" / "api" / "test_turm_und_leute_ledger.py",
]


def _test_names() -> set[str]:
    return {
        name
        for path in TESTS
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }


@pytest.mark.parametrize("rule", IDS)
def test_l9_to_ls13_every_rule_is_stated_with_its_anchor(rule: str) -> None:
    assert f'<a id="{rule}"></a>**{rule} ' in TEXT


@pytest.mark.parametrize("rule", IDS)
def test_l9_to_ls13_every_rule_has_a_test_named_after_it(rule: str) -> None:
    token = rule.lower()
    assert any(re.search(rf"_{token}(_|$)", name) for name in _test_names()), rule


def test_l9_to_ls13_every_rule_the_engine_cites_is_stated() -> None:
    cited = set()
    for name in ENGINE:
        source = (ROOT / "service" / "turm_und_leute" / name).read_text(encoding="utf-8")
        cited |= set(re.findall(r'"(LS?\d+)"', source))
    # The map's rules (LS14 on) are stated and tested in test_map.py; the codec also judges
    # a fight's sector facts against its map (LS2, the combat's, test_map_combat.py).
    assert cited and cited <= set(IDS) | {"L1", "LS2"} | {f"LS{i}" for i in range(14, 23)}
    assert cited >= {"L9", "L14", "L15", "L16", "L26", "L28", "L29", "L30", "LS7", "LS10", "LS13"}


def test_l9_to_ls13_every_interpretation_and_conflict_names_its_rules() -> None:
    section = TEXT[
        TEXT.index('<a id="tul-interpretations"></a>') : TEXT.index("## The HTTP contract of the turn")
    ]
    entries = re.findall(r"^- \*\*\[interpretation (LS?\d+[a-z]?)\]\*\* ([^*]+?)\. \*Reads:\*", section, re.M)
    assert len(entries) == section.count("**[interpretation") >= 25 and section.count("*Conflict.*") >= 5
    for ident, title in entries:
        # The title names the rules it reads, the mark's own rule among them.
        rule = re.match(r"LS?\d+", ident)
        assert rule, ident
        reads = rf"\((?:LS?\d+(?:–LS?\d+)?, )*{rule.group(0)}\b"
        assert re.search(reads, " ".join(title.split())), ident


def test_the_readme_links_the_interpretations() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/turm-und-leute.md#tul-interpretations" in readme


def _event_table() -> dict[str, set[str]]:
    """The document's table of the rules each event happened by: type → rule ids."""
    rows = re.findall(r"^\| (`[a-z_]+`(?:, `[a-z_]+`)*) \| (.+) \|$", TEXT, re.M)
    table: dict[str, set[str]] = {}
    for types, rules in rows:
        for name in re.findall(r"`([a-z_]+)`", types):
            if name in EVENT_TYPES:
                table[name] = set(re.findall(r"\bLS?\d+\b", rules))
    return table


def test_l12_to_ls12_the_document_gives_every_event_its_rules() -> None:
    table = _event_table()
    assert set(table) == set(EVENT_TYPES) and all(table.values())
    # Every kind of event, from the legal rule cases and a few turns besides.
    outcomes = [c.scenario() for c in CASES if c.legal and c.scenario]
    results = [r for r in outcomes if isinstance(r, TurnResult)]
    no_angel = replace(start(SUS, Side.ENGEL), groups=())
    fluid = replace(start(TUL, Side.FLUID), fluids=9, stacks=(3,))
    results += [
        play(SUS, start(SUS, Side.IMPERATOR), Attack("daemonenreiter-1")),
        play(TUL, no_angel, end=False, peoples=(Side.ENGEL,)),
        play(TUL, fluid, Absorb(Side.GRAF, "graf"), Split(0, (2, 1))),
    ]
    seen = set()
    for result in results:
        for event in result.events:
            assert event.rules and set(event.rules) <= table[event.type], event
            seen.add(event.type)
    assert seen == set(EVENT_TYPES)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(varied_turns())
def test_l12_to_ls12_every_event_names_the_rules_the_document_gives_it(turn) -> None:
    edition, peoples, ledger, actions, start = turn
    table = _event_table()
    kept = _validated(edition, peoples, ledger, actions, start)
    for event in apply_turn(edition, peoples, ledger, kept, start=start, end=False).events:
        assert event.rules and set(event.rules) <= table[event.type], event
