"""docs/turm-und-leute.md says what the engine does: its tables, examples and rule ids."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

from service.api.turm_und_leute.views import combat
from service.turm_und_leute import (
    BONUS,
    HEIGHT,
    PLACEMENTS,
    UNITS,
    Edition,
    Placement,
    kinds,
    translate,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "turm-und-leute.md"
TEXT = DOC.read_text(encoding="utf-8")


def fenced(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", TEXT, flags=re.S)


def table_after(heading: str) -> list[list[str]]:
    """The rows of the first Markdown table after the line ``heading``."""
    lines = TEXT[TEXT.index(heading) :].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_l1_the_unit_tables_of_the_page_are_the_engines() -> None:
    for heading, edition in (
        ("*Turm und Leute*:", Edition.TURM_UND_LEUTE),
        ("renames four units", Edition.STAHL_UND_STERNE),
    ):
        rows = table_after(heading)
        expected = []
        for u in UNITS[edition].values():
            old = translate(u.kind, Edition.TURM_UND_LEUTE)
            name = f"`{u.kind.value}`" + (f" (was `{old.value}`)" if old is not u.kind else "")
            attack = ("yes (ranged)" if u.ranged else "yes") if u.may_attack else "no"
            expected.append(
                [
                    name,
                    str(u.max_figures),
                    str(u.lives),
                    str(u.points),
                    str(u.full_strength),
                    attack,
                    "yes" if u.may_defend else "no",
                    str(u.actions),
                ]
            )
        assert rows == expected


def test_ls1_the_positions_table_of_the_page_is_the_engines() -> None:
    rows = table_after("## Positions")
    assert [r[0] for r in rows] == [f"`{p.value}`" for p in Placement]
    for row, p in zip(rows, Placement, strict=True):
        assert row[1:3] == [f"×{BONUS[p]}", str(HEIGHT[p])]
        assert (row[3] == "yes") and ((row[4] != "no") == (p in PLACEMENTS[Edition.STAHL_UND_STERNE]))


def test_l2_the_pages_contract_example_and_answer_are_the_engines() -> None:
    request, answer = (json.loads(block) for block in fenced("json")[:2])
    assert combat(request) == answer


@pytest.mark.parametrize("index", [0, 1])
def test_l2_the_library_example_runs_as_written(index: int) -> None:
    # The combat's example, then the turn ledger's (L9–L31).
    block = fenced("pycon")[index]
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    test = parser.get_doctest(block, {}, "docs/turm-und-leute.md", str(DOC), 0)
    result = runner.run(test)
    assert (result.failed, result.attempted > 5) == (0, True)


@pytest.mark.parametrize("rule", [f"L{i}" for i in range(1, 9)] + ["LS1", "LS2", "LS3"])
def test_l1_to_ls3_every_rule_is_stated_on_the_page(rule: str) -> None:
    # Stated in bold where it is listed, or in the heading of its section (L1).
    assert f"**{rule} " in TEXT or f"**{rule}**" in TEXT or re.search(rf"^## .*\({rule}\)$", TEXT, flags=re.M)


def test_l1_the_page_names_every_kind_of_both_editions() -> None:
    for edition in Edition:
        for kind in kinds(edition):
            assert f"`{kind.value}`" in TEXT


def test_the_page_stands_on_its_own() -> None:
    # The page is for players: it points at nothing outside the repository.
    for outside in ("../", "shared/", "seeds", "TURM-UND-LEUTE", "/work/"):
        assert outside not in TEXT
