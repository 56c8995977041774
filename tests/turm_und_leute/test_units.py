"""L1: the unit table of both editions; the positions of L6 and LS1."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from service.common import InvalidQueryError
from service.turm_und_leute import (
    BONUS,
    HEIGHT,
    PLACEMENTS,
    UNITS,
    Edition,
    Kind,
    Placement,
    kinds,
    parse_fight,
    translate,
    unit,
)
from tests.turm_und_leute.builders import SUS, TUL

# The values of the L1 table are the rules page's (tests/turm_und_leute/test_docs.py reads
# docs/turm-und-leute.md's tables against UNITS) and its worked examples' (below); here,
# what the table does: the requests each row lets through and refuses.


def _refusal(data: dict[str, Any]) -> tuple[str, str] | None:
    """The rule and the member a fight is refused by, or None if it is read."""
    try:
        parse_fight(data)
    except InvalidQueryError as refused:
        return refused.rule, refused.field
    return None


def _fight(
    edition: Edition, *, attacker: dict[str, Any] | None = None, target: dict[str, Any] | None = None
) -> dict[str, Any]:
    angel = {"kind": translate(Kind.ENGEL, edition).value, "figures": 1}
    return {"edition": edition.value, "attackers": [attacker or angel], "target": target or angel}


@pytest.mark.parametrize("edition", [TUL, SUS])
def test_l1_a_tile_holds_one_to_as_many_figures_as_the_units_row_says(edition: Edition) -> None:
    for u in UNITS[edition].values():
        kind = u.kind.value
        for figures in (1, u.max_figures):
            assert _refusal(_fight(edition, target={"kind": kind, "figures": figures})) is None, (
                kind,
                figures,
            )
        for figures in (0, u.max_figures + 1):
            assert _refusal(_fight(edition, target={"kind": kind, "figures": figures})) == (
                "L1",
                "/target/figures",
            )


@pytest.mark.parametrize("edition", [TUL, SUS])
def test_l3_only_a_unit_whose_row_lets_it_attack_may_attack_and_as_often_as_its_actions(
    edition: Edition,
) -> None:
    for u in UNITS[edition].values():
        group = {"kind": u.kind.value, "figures": 1}
        if not u.may_attack:
            assert _refusal(_fight(edition, attacker=group)) == ("L3", "/attackers/0/kind"), u.kind
            continue
        assert _refusal(_fight(edition, attacker=group | {"actions_used": u.actions - 1})) is None, u.kind
        refused = _refusal(_fight(edition, attacker=group | {"actions_used": u.actions}))
        assert refused == ("L3", "/attackers/0/actions_used"), u.kind


def test_l1_the_seeds_worked_example_five_pikemen_three_archers_two_riders() -> None:
    # "5 Pikeniere mit 5 Leben und 5 Kampfpunkten", archers 3 × 2 = 6, riders 2 × 4 = 8.
    pikemen = unit(TUL, Kind.PIKENIERE)
    assert (pikemen.max_figures * pikemen.lives, pikemen.strength(5)) == (5, 5)
    assert unit(TUL, Kind.BOGENSCHUETZEN).strength(3) == 6
    riders = unit(TUL, Kind.REITER)
    assert (riders.max_figures * riders.lives, riders.strength(2)) == (2, 8)
    # The count: 1 life and 5 points; an angel: 1 life and 7 points.
    assert unit(TUL, Kind.GRAF).full_strength == 5 and unit(TUL, Kind.ENGEL).full_strength == 7


def test_l1_dwarves_are_up_to_five_figures_of_one_life_and_one_point() -> None:
    # [interpretation] "5 Leben, 5 Kampfpunkte, 5 auf einem Plättchen" per group.
    dwarves = unit(SUS, Kind.ZWERGE)
    assert (dwarves.max_figures, dwarves.lives, dwarves.points, dwarves.full_strength) == (5, 1, 1, 5)
    assert [dwarves.strength(n) for n in range(1, 6)] == [1, 2, 3, 4, 5]


def test_l1_stahl_und_sterne_renames_four_units_and_keeps_their_values() -> None:
    for old, new in zip(kinds(TUL), kinds(SUS), strict=True):
        assert translate(old, SUS) is new and translate(new, TUL) is old
        assert translate(old, TUL) is old and translate(new, SUS) is new
        a, b = unit(TUL, old), unit(SUS, new)
        assert (a.max_figures, a.points, a.actions) == (b.max_figures, b.points, b.actions)


@pytest.mark.parametrize("edition, other", [(TUL, SUS), (SUS, TUL)])
def test_l1_a_renamed_unit_is_unknown_to_the_other_edition(edition: Edition, other: Edition) -> None:
    renamed = set(kinds(other)) - set(kinds(edition))
    assert len(renamed) == 4
    for kind in renamed:
        with pytest.raises(KeyError):
            unit(edition, kind)


def test_l1_the_tables_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        UNITS[TUL][Kind.GRAF] = unit(TUL, Kind.ENGEL)  # type: ignore[index]
    with pytest.raises(FrozenInstanceError):
        unit(TUL, Kind.GRAF).points = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        BONUS[Placement.GROUND] = 5  # type: ignore[index]


def test_l6_bonuses_and_the_order_of_positions() -> None:
    assert {p.value: BONUS[p] for p in Placement} == {
        "ground": 1,
        "bridge": 2,
        "wall": 2,
        "small_tower": 3,
        "big_tower": 4,
    }
    g, b, w, s, t = (HEIGHT[p] for p in Placement)
    assert g < b == w < s < t


def test_ls1_stahl_und_sterne_knows_ground_and_the_two_towers_only() -> None:
    assert PLACEMENTS[SUS] == (Placement.GROUND, Placement.SMALL_TOWER, Placement.BIG_TOWER)
    assert PLACEMENTS[TUL] == tuple(Placement)


def test_l1_the_engine_is_a_library_without_the_web_stack() -> None:
    # A fresh interpreter: this one has Flask loaded by the HTTP tests' fixtures.
    code = (
        "import sys, service.turm_und_leute as t;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'flask', 'werkzeug', 'marshmallow'}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
