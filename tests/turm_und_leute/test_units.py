"""L1: the unit table of both editions; the positions of L6 and LS1."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import FrozenInstanceError

import pytest

from service.turm_und_leute import (
    BONUS,
    HEIGHT,
    PLACEMENTS,
    UNITS,
    Edition,
    Kind,
    Placement,
    kinds,
    translate,
    unit,
)
from tests.turm_und_leute.builders import SUS, TUL

# The rules' table, column by column: kind (TuL, SuS), figures per tile, lives, points,
# may attack, ranged, may defend, actions per turn.
TABLE = [
    ("graf", "imperator", 1, 1, 5, False, False, True, 1),
    ("pikeniere", "elektrokaempfer", 5, 1, 1, True, False, True, 1),
    ("bogenschuetzen", "strahlenwerfer", 3, 1, 2, True, True, True, 1),
    ("reiter", "daemonenreiter", 2, 1, 4, True, False, True, 2),
    ("engel", "engel", 1, 1, 7, True, True, True, 2),
    ("zwerge", "zwerge", 5, 1, 1, True, False, True, 1),
    ("arbeiter", "arbeiter", 1, 1, 0, False, False, False, 1),
]


@pytest.mark.parametrize("edition, column", [(TUL, 0), (SUS, 1)])
def test_l1_each_edition_has_the_rules_table_in_its_order(edition: Edition, column: int) -> None:
    rows = [
        (
            u.kind.value,
            u.max_figures,
            u.lives,
            u.points,
            u.may_attack,
            u.ranged,
            u.may_defend,
            u.actions,
        )
        for u in UNITS[edition].values()
    ]
    assert rows == [(row[column], *row[2:]) for row in TABLE]
    assert [k.value for k in kinds(edition)] == [row[column] for row in TABLE]


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
    for row in TABLE:
        old, new = Kind(row[0]), Kind(row[1])
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
