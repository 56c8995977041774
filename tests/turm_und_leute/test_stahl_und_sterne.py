"""LS1–LS3: the supplement's sectors and towers, against the same fights in the base game."""

from __future__ import annotations

import pytest

from service.common import InvalidQueryError
from service.turm_und_leute import Kind, Placement, legal_attackers, resolve_combat
from tests.turm_und_leute.builders import SUS, TUL, fight, g, worked

# The same units under both editions' names.
TUL_FOOT, SUS_FOOT = "pikeniere", "elektrokaempfer"


# ---------------------------------------------------------------------- LS1


@pytest.mark.parametrize("position", ["small_tower", "big_tower"])
def test_ls1_from_a_tower_everyone_attacks_in_stahl_und_sterne_not_in_turm_und_leute(position: str) -> None:
    sus = resolve_combat(fight(g(SUS_FOOT, 5, position), target=g("zwerge", 5), edition=SUS))
    assert sus.attack == 5 // 2
    with pytest.raises(InvalidQueryError) as caught:
        resolve_combat(fight(g(TUL_FOOT, 5, position), target=g("zwerge", 5), edition=TUL))
    assert (caught.value.rule, caught.value.field) == ("L3", "/attackers/0/position")
    assert legal_attackers(SUS, Placement(position)) == (
        Kind.ELEKTROKAEMPFER,
        Kind.STRAHLENWERFER,
        Kind.DAEMONENREITER,
        Kind.ENGEL,
        Kind.ZWERGE,
    )


def test_ls1_from_a_tower_everyone_helps_in_stahl_und_sterne_not_in_turm_und_leute() -> None:
    sus = resolve_combat(
        fight(
            g("daemonenreiter", 2),
            target=g(SUS_FOOT, 1, "small_tower"),
            helpers=(g(SUS_FOOT, 5, "small_tower"), g("imperator", 1, "big_tower")),
            edition=SUS,
            imperator=True,
        )
    )
    assert [c.counted for c in sus.contributions] == [True, True, True, True]
    tul = resolve_combat(
        fight(
            g("reiter", 2),
            target=g(TUL_FOOT, 1, "small_tower"),
            helpers=(g(TUL_FOOT, 5, "small_tower"), g("graf", 1, "big_tower")),
        )
    )
    assert [c.counted for c in tul.contributions] == [True, True, False, False]


@pytest.mark.parametrize("position", ["bridge", "wall"])
@pytest.mark.parametrize("role", ["attackers/0", "target", "helpers/0"])
def test_ls1_stahl_und_sterne_has_no_bridge_and_no_wall(position: str, role: str) -> None:
    groups = {"attackers/0": g("engel", 1), "target": g(SUS_FOOT, 5), "helpers/0": g(SUS_FOOT, 5)}
    groups[role] = g("engel", 1, position) if role.startswith("a") else g(SUS_FOOT, 5, position)
    f = fight(groups["attackers/0"], target=groups["target"], helpers=(groups["helpers/0"],), edition=SUS)
    with pytest.raises(InvalidQueryError) as caught:
        resolve_combat(f)
    assert (caught.value.rule, caught.value.field) == ("LS1", f"/{role}/position")
    assert caught.value.detail == (
        f"Stahl und Sterne has no {position!r}: positions are 'ground', 'small_tower', 'big_tower'"
    )


# ---------------------------------------------------------------------- LS2


@pytest.mark.parametrize("position, bonus", [("ground", 1), ("small_tower", 3), ("big_tower", 4)])
def test_ls2_a_tower_helps_the_imperators_side_against_an_attack_from_outside(
    position: str, bonus: int
) -> None:
    out = resolve_combat(
        fight(
            g("daemonenreiter", 2),
            target=g(SUS_FOOT, 5, position),
            helpers=(g("strahlenwerfer", 3, position),),
            edition=SUS,
            imperator=True,
        )
    )
    assert worked(out)[1:] == [("/target", 5, bonus, True), ("/helpers/0", 6, bonus, True)]
    assert out.defence == 11 * bonus


def test_ls2_other_sides_get_no_tower_bonus() -> None:
    out = resolve_combat(
        fight(
            g("daemonenreiter", 2),
            target=g("zwerge", 5, "big_tower"),
            helpers=(g("engel", 1, "small_tower"),),
            edition=SUS,
            imperator=False,
        )
    )
    assert [c.bonus for c in out.contributions] == [1, 1, 1]
    assert (out.attack, out.defence) == (4, 5 + 7)


def test_ls2_no_tower_bonus_against_an_attack_from_inside_the_sector() -> None:
    out = resolve_combat(
        fight(
            g("engel", 1), target=g("imperator", 1, "big_tower"), edition=SUS, imperator=True, outside=False
        )
    )
    assert worked(out)[1] == ("/target", 5, 1, True)
    assert (out.defended, out.removed, out.must_occupy) == (False, True, True)


def test_ls2_the_bonus_is_lost_to_an_attack_from_another_tower_sector() -> None:
    args = {"target": g("imperator", 1, "big_tower"), "edition": SUS, "imperator": True}
    kept = resolve_combat(fight(g("engel", 1), **args))
    assert (kept.defence, kept.defended) == (20, True)
    flagged = resolve_combat(fight(g("engel", 1), from_tower=True, **args))
    assert (flagged.defence, flagged.defended) == (5, False)
    # [interpretation] an attacking group standing in a tower sector, attacking from
    # outside, attacks from another sector with a tower, flagged or not.
    standing = resolve_combat(fight(g("engel", 1, "small_tower"), **args))
    assert standing.contributions[1].bonus == 1 and standing.defence == 5


def test_ls2_replaces_the_higher_position_rule_of_l6() -> None:
    # In the base game an attacker on the small tower takes the wall's bonus; in the
    # supplement only where the attack comes from matters, not which tower is higher.
    tul = resolve_combat(fight(g("bogenschuetzen", 3, "big_tower"), target=g(TUL_FOOT, 5, "small_tower")))
    assert tul.contributions[1].bonus == 1
    sus = resolve_combat(
        fight(
            g("strahlenwerfer", 3, "ground"),
            target=g(SUS_FOOT, 5, "small_tower"),
            edition=SUS,
            imperator=True,
        )
    )
    assert sus.contributions[1].bonus == 3


def test_ls2_the_sector_facts_mean_nothing_in_turm_und_leute() -> None:
    base = fight(g("reiter", 2), target=g(TUL_FOOT, 5, "small_tower"))
    for outside in (True, False):
        for from_tower in (True, False):
            for imperator in (True, False):
                f = fight(
                    g("reiter", 2),
                    target=g(TUL_FOOT, 5, "small_tower"),
                    outside=outside,
                    from_tower=from_tower,
                    imperator=imperator,
                )
                assert resolve_combat(f) == resolve_combat(base)
    assert resolve_combat(base).defence == 15


# ---------------------------------------------------------------------- LS3


def test_ls3_an_attacking_group_must_take_the_place_of_a_removed_target() -> None:
    out = resolve_combat(fight(g("daemonenreiter", 2), target=g("arbeiter", 1), edition=SUS))
    assert (out.removed, out.must_occupy, out.gold) == (True, True, 0)


def test_ls3_a_surviving_target_keeps_its_place() -> None:
    out = resolve_combat(fight(g("daemonenreiter", 2), target=g(SUS_FOOT, 5), edition=SUS))
    assert (out.losses, out.removed, out.must_occupy) == (3, False, False)


def test_ls3_turm_und_leute_has_no_duty_to_occupy() -> None:
    out = resolve_combat(fight(g("reiter", 2), target=g("arbeiter", 1)))
    assert (out.removed, out.must_occupy) == (True, False)


def test_ls3_and_l8_angels_may_convert_the_group_they_must_otherwise_replace() -> None:
    out = resolve_combat(fight(g("engel", 1), target=g("strahlenwerfer", 1), edition=SUS))
    assert (out.removed, out.gold, out.convertible, out.must_occupy) == (True, 1, True, True)
