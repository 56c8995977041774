"""docs/turm-und-leute.md states every rule the turn ledger cites (L9–L31, LS4–LS13),
each has a test named after it, and the interpretations list names its rules."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "docs" / "turm-und-leute.md").read_text(encoding="utf-8")
IDS = [f"L{i}" for i in range(9, 32)] + [f"LS{i}" for i in range(4, 14)]
ENGINE = ["position.py", "check.py", "actions.py", "turn.py", "setup.py", "goal.py", "peoples.py", "codec.py"]
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
    assert cited and cited <= set(IDS) | {"L1"}
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
        assert rule and re.search(rf"\((?:LS?\d+(?:–LS?\d+)?, )*{rule.group(0)}\b", " ".join(title.split())), ident


def test_the_readme_links_the_interpretations() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/turm-und-leute.md#tul-interpretations" in readme
