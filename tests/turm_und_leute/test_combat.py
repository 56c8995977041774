"""L2–L8: who takes part, the attack and defence values, the outcome, the aftermath."""

from __future__ import annotations

import pytest

from service.common import InvalidQueryError
from service.turm_und_leute import (
    BONUS,
    Edition,
    Fight,
    Kind,
    Placement,
    Role,
    attack_refusal,
    defence_refusal,
    legal_attackers,
    resolve_combat,
)
from tests.turm_und_leute.builders import SUS, TUL, fight, g, worked

ELEVATED = ["wall", "small_tower", "big_tower"]


def refused(f: Fight) -> InvalidQueryError:
    with pytest.raises(InvalidQueryError) as caught:
        resolve_combat(f)
    return caught.value


# ---------------------------------------------------------------------- L2


def test_l2_a_fight_needs_one_or_more_attacking_groups() -> None:
    err = refused(fight(target=g("pikeniere", 5)))
    assert (err.rule, err.field) == ("L2", "/attackers")


def test_l2_attackers_add_up_and_helpers_defend_beside_the_target() -> None:
    out = resolve_combat(
        fight(
            g("reiter", 2),
            g("bogenschuetzen", 3),
            target=g("pikeniere", 5),
            helpers=(g("pikeniere", 4), g("graf", 1)),
        )
    )
    assert (out.attack, out.defence) == (8 + 6, 5 + 4 + 5)
    assert worked(out) == [
        ("/attackers/0", 8, 1, True),
        ("/attackers/1", 6, 1, True),
        ("/target", 5, 1, True),
        ("/helpers/0", 4, 1, True),
        ("/helpers/1", 5, 1, True),
    ]
    assert [(c.role, c.index) for c in out.contributions] == [
        (Role.ATTACKER, 0),
        (Role.ATTACKER, 1),
        (Role.TARGET, 0),
        (Role.HELPER, 0),
        (Role.HELPER, 1),
    ]


# ---------------------------------------------------------------------- L3


@pytest.mark.parametrize(
    "edition, kind", [(TUL, "graf"), (TUL, "arbeiter"), (SUS, "imperator"), (SUS, "arbeiter")]
)
def test_l3_the_count_and_workers_never_attack(edition: Edition, kind: str) -> None:
    err = refused(fight(g("engel", 1), g(kind, 1), target=g("zwerge", 5), edition=edition))
    assert (err.rule, err.field) == ("L3", "/attackers/1/kind")
    assert err.detail == f"a group of {kind} may not attack"


@pytest.mark.parametrize(
    "kind, used, allowed",
    [
        ("pikeniere", 0, True),
        ("pikeniere", 1, False),
        ("reiter", 1, True),
        ("reiter", 2, False),
        ("engel", 1, True),
        ("engel", 2, False),
        ("zwerge", 1, False),
        ("bogenschuetzen", 3, False),
    ],
)
def test_l3_an_attack_is_an_action_so_a_group_with_none_left_may_not_attack(
    kind: str, used: int, allowed: bool
) -> None:
    f = fight(g(kind, 1, used=used), target=g("pikeniere", 5))
    if allowed:
        assert resolve_combat(f).attack == resolve_combat(fight(g(kind, 1), target=g("pikeniere", 5))).attack
    else:
        err = refused(f)
        assert (err.rule, err.field) == ("L3", "/attackers/0/actions_used")


@pytest.mark.parametrize("position", ELEVATED)
@pytest.mark.parametrize("kind", ["pikeniere", "bogenschuetzen", "reiter", "engel", "zwerge"])
def test_l3_turm_und_leute_from_a_wall_or_tower_only_archers_and_angels_attack(
    kind: str, position: str
) -> None:
    f = fight(g(kind, 1, position), target=g("pikeniere", 5))
    if kind in ("bogenschuetzen", "engel"):
        resolve_combat(f)
    else:
        err = refused(f)
        assert (err.rule, err.field) == ("L3", "/attackers/0/position")
        assert "only bogenschuetzen and engel attack" in err.detail
    assert legal_attackers(TUL, Placement(position)) == (Kind.BOGENSCHUETZEN, Kind.ENGEL)


def test_l3_anyone_who_attacks_at_all_attacks_from_the_bridge() -> None:
    every = (Kind.PIKENIERE, Kind.BOGENSCHUETZEN, Kind.REITER, Kind.ENGEL, Kind.ZWERGE)
    assert legal_attackers(TUL, Placement.BRIDGE) == every
    assert legal_attackers(TUL, Placement.GROUND) == every


def test_l3_the_first_group_that_may_not_fight_is_named_attackers_first() -> None:
    f = fight(
        g("reiter", 2),
        g("pikeniere", 5, "wall"),
        target=g("reiter", 3),  # L1: too many, but the target comes after the attackers
        helpers=(g("graf", 2),),
    )
    assert refused(f).field == "/attackers/1/position"


# ---------------------------------------------------------------------- L4


def test_l4_a_marked_target_adds_nothing() -> None:
    out = resolve_combat(fight(g("pikeniere", 2), target=g("reiter", 2, "wall", marked=True)))
    assert worked(out)[1] == ("/target", 8, 2, False)
    assert (out.attack, out.defence, out.defended, out.losses, out.removed) == (2, 0, False, 2, True)


def test_l4_a_marked_helper_adds_nothing() -> None:
    helpers = (g("bogenschuetzen", 3, marked=True), g("pikeniere", 5))
    out = resolve_combat(fight(g("reiter", 2), target=g("pikeniere", 1), helpers=helpers))
    assert [c.counted for c in out.contributions] == [True, True, False, True]
    assert out.defence == 1 + 5
    assert defence_refusal(TUL, helpers[0]) is not None
    assert defence_refusal(TUL, helpers[0]).field == "/marked"  # type: ignore[union-attr]


def test_l4_workers_never_defend_but_can_be_attacked_and_removed() -> None:
    out = resolve_combat(fight(g("pikeniere", 1), target=g("arbeiter", 1), helpers=(g("arbeiter", 1),)))
    assert worked(out)[1:] == [("/target", 0, 1, False), ("/helpers/0", 0, 1, False)]
    assert (out.defence, out.defended, out.removed) == (0, False, True)


def test_l4_the_count_helps_in_the_defence() -> None:
    out = resolve_combat(fight(g("reiter", 2), target=g("pikeniere", 3), helpers=(g("graf", 1, "bridge"),)))
    assert worked(out)[2] == ("/helpers/0", 5, 2, True)
    assert out.defence == 3 + 10


@pytest.mark.parametrize("position", ELEVATED)
def test_l4_turm_und_leute_from_a_wall_or_tower_only_archers_and_angels_help(position: str) -> None:
    helpers = (g("pikeniere", 5, position), g("bogenschuetzen", 3, position), g("engel", 1, position))
    out = resolve_combat(fight(g("reiter", 2), target=g("pikeniere", 5), helpers=helpers))
    assert [c.counted for c in out.contributions[2:]] == [False, True, True]
    refusal = defence_refusal(TUL, helpers[0])
    assert refusal is not None and (refusal.rule, refusal.field) == ("L4", "/position")
    # From the bridge everyone helps.
    bridge = resolve_combat(
        fight(g("reiter", 2), target=g("pikeniere", 5), helpers=(g("pikeniere", 5, "bridge"),))
    )
    assert bridge.contributions[2].counted


@pytest.mark.parametrize("position", ELEVATED)
def test_l4_the_target_defends_itself_on_a_wall_or_tower_whatever_its_kind(position: str) -> None:
    out = resolve_combat(fight(g("bogenschuetzen", 3), target=g("pikeniere", 5, position)))
    assert out.contributions[1].counted
    assert defence_refusal(TUL, g("pikeniere", 5, position), Role.TARGET) is None


# ---------------------------------------------------------------------- L5


def test_l5_the_attack_is_the_sum_of_the_attacking_groups_strengths() -> None:
    out = resolve_combat(fight(g("engel", 1), g("reiter", 2), g("pikeniere", 3), target=g("graf", 1)))
    assert out.attack == 7 + 8 + 3


@pytest.mark.parametrize("attack, halved", [(7, 3), (8, 4), (1, 0), (13, 6)])
def test_l5_dwarves_halve_the_attack_rounding_down(attack: int, halved: int) -> None:
    # Engel (7), reiter (4 a figure), pikeniere (1 a figure) make any attack value.
    groups = {
        7: [g("engel", 1)],
        8: [g("reiter", 2)],
        1: [g("pikeniere", 1)],
        13: [g("engel", 1), g("pikeniere", 5), g("pikeniere", 1)],
    }[attack]
    out = resolve_combat(fight(*groups, target=g("zwerge", 5, marked=True)))
    assert sum(c.strength for c in out.contributions if c.role is Role.ATTACKER) == attack
    assert out.attack == halved


def test_l5_dwarves_halve_before_the_defence_is_subtracted() -> None:
    # 7 → 3, then 3 − 2 = 1 figure lost (not (7 − 2) / 2).
    out = resolve_combat(fight(g("engel", 1), target=g("zwerge", 2)))
    assert (out.attack, out.defence, out.losses, out.target_figures_after) == (3, 2, 1, 1)


def test_l5_dwarves_helping_do_not_halve_the_attack() -> None:
    out = resolve_combat(fight(g("engel", 1), target=g("pikeniere", 1), helpers=(g("zwerge", 5),)))
    assert out.attack == 7


def test_l5_a_halved_attack_of_zero_is_defended_even_by_nothing() -> None:
    out = resolve_combat(fight(g("pikeniere", 1), target=g("zwerge", 1, marked=True)))
    assert (out.attack, out.defence, out.defended, out.losses) == (0, 0, True, 0)


# ---------------------------------------------------------------------- L6


@pytest.mark.parametrize(
    "position, bonus", [("ground", 1), ("bridge", 2), ("wall", 2), ("small_tower", 3), ("big_tower", 4)]
)
def test_l6_the_defence_is_strength_times_the_position_bonus(position: str, bonus: int) -> None:
    out = resolve_combat(fight(g("pikeniere", 1), target=g("pikeniere", 5, position)))
    assert worked(out)[1] == ("/target", 5, bonus, True)
    assert out.defence == 5 * bonus


@pytest.mark.parametrize(
    "attacker, defender, kept",
    [
        ("bridge", "ground", True),  # ×1 either way
        ("ground", "wall", True),
        ("bridge", "wall", True),  # bridge = wall
        ("wall", "bridge", True),
        ("small_tower", "wall", False),
        ("small_tower", "bridge", False),
        ("small_tower", "small_tower", True),
        ("big_tower", "small_tower", False),
        ("big_tower", "big_tower", True),
        ("wall", "small_tower", True),
    ],
)
def test_l6_a_bonus_is_lost_to_an_attacker_on_a_higher_position(
    attacker: str, defender: str, kept: bool
) -> None:
    out = resolve_combat(fight(g("bogenschuetzen", 3, attacker), target=g("pikeniere", 5, defender)))
    assert out.contributions[1].bonus == (BONUS[Placement(defender)] if kept else 1)


def test_l6_one_higher_attacker_is_enough_to_lose_the_bonus() -> None:
    out = resolve_combat(
        fight(
            g("reiter", 2), g("bogenschuetzen", 3, "big_tower"), target=g("bogenschuetzen", 3, "small_tower")
        )
    )
    assert out.contributions[2].bonus == 1 and out.defence == 6


def test_l6_each_defending_group_is_compared_with_its_own_position() -> None:
    # [interpretation] an archer on the small tower beats the wall, not the big tower.
    out = resolve_combat(
        fight(
            g("bogenschuetzen", 3, "small_tower"),
            target=g("pikeniere", 5, "wall"),
            helpers=(g("bogenschuetzen", 3, "big_tower"), g("engel", 1, "small_tower")),
        )
    )
    assert worked(out)[1:] == [
        ("/target", 5, 1, True),
        ("/helpers/0", 6, 4, True),
        ("/helpers/1", 7, 3, True),
    ]
    assert out.defence == 5 + 24 + 21


# ---------------------------------------------------------------------- L7


def test_l7_the_seeds_riders_against_five_pikemen() -> None:
    out = resolve_combat(fight(g("reiter", 2), target=g("pikeniere", 5)))
    assert (out.attack, out.defence, out.defended, out.losses, out.target_figures_after, out.removed) == (
        8,
        5,
        False,
        3,
        2,
        False,
    )


def test_l7_a_defence_equal_to_the_attack_defends_and_the_surplus_is_lost() -> None:
    equal = resolve_combat(fight(g("bogenschuetzen", 3), target=g("pikeniere", 3, "wall")))
    assert (equal.attack, equal.defence, equal.defended, equal.losses) == (6, 6, True, 0)
    more = resolve_combat(fight(g("pikeniere", 1), target=g("graf", 1, "big_tower")))
    assert (more.defence, more.defended, more.losses, more.target_figures_after) == (20, True, 0, 1)


def test_l7_a_target_removed_exactly() -> None:
    # The difference is exactly the target's figures: all of them go, nothing is left over.
    out = resolve_combat(fight(g("reiter", 2), target=g("pikeniere", 4)))
    assert (out.attack - out.defence, out.losses, out.target_figures_after, out.removed) == (4, 4, 0, True)
    # One point less and one figure stays.
    out = resolve_combat(fight(g("reiter", 2), target=g("pikeniere", 4), helpers=(g("pikeniere", 1),)))
    assert (out.attack - out.defence, out.losses, out.target_figures_after, out.removed) == (3, 3, 1, False)


def test_l7_losses_are_at_most_all_the_targets_figures() -> None:
    out = resolve_combat(fight(g("engel", 1), g("reiter", 2), target=g("pikeniere", 1)))
    assert (out.attack - out.defence, out.losses, out.target_figures_after, out.removed) == (14, 1, 0, True)


# ---------------------------------------------------------------------- L8


@pytest.mark.parametrize("edition", list(Edition))
def test_l8_a_group_removed_by_dwarves_leaves_gold_and_cannot_be_converted(edition: Edition) -> None:
    target = g("arbeiter", 1)
    out = resolve_combat(fight(g("zwerge", 1), target=target, edition=edition))
    assert (out.removed, out.gold, out.convertible) == (True, 1, False)


def test_l8_a_group_removed_by_angels_leaves_gold_or_may_be_converted() -> None:
    out = resolve_combat(fight(g("engel", 1), target=g("bogenschuetzen", 1)))
    assert (out.removed, out.gold, out.convertible) == (True, 1, True)


def test_l8_one_angel_or_dwarf_group_among_the_attackers_is_enough() -> None:
    # [interpretation] "durch die Engel oder Zwerge entfernt": they took part.
    out = resolve_combat(fight(g("reiter", 2), g("zwerge", 1), target=g("pikeniere", 4)))
    assert (out.removed, out.gold, out.convertible) == (True, 1, False)
    out = resolve_combat(fight(g("pikeniere", 5), g("engel", 1), target=g("graf", 1, "wall")))
    assert (out.removed, out.gold, out.convertible) == (True, 1, True)


def test_l8_others_leave_no_gold() -> None:
    out = resolve_combat(fight(g("reiter", 2), g("bogenschuetzen", 3), target=g("pikeniere", 5)))
    assert (out.removed, out.gold, out.convertible) == (True, 0, False)


def test_l8_nothing_is_left_by_a_group_that_survives() -> None:
    out = resolve_combat(fight(g("engel", 1), g("zwerge", 5), target=g("pikeniere", 5, "small_tower")))
    assert (out.defended, out.removed, out.gold, out.convertible) == (True, False, 0, False)
    out = resolve_combat(fight(g("engel", 1), target=g("pikeniere", 5)))
    assert (out.losses, out.removed, out.gold, out.convertible) == (2, False, 0, False)


def test_l1_refusals_name_the_rule_and_the_member() -> None:
    err = refused(fight(g("reiter", 3), target=g("pikeniere", 5)))
    assert (err.rule, err.field, err.detail) == (
        "L1",
        "/attackers/0/figures",
        "a tile holds 1 to 2 reiter, not 3",
    )
    err = refused(fight(g("reiter", 2), target=g("pikeniere", 0)))
    assert (err.rule, err.field) == ("L1", "/target/figures")
    err = refused(fight(g("reiter", 2), target=g("pikeniere", 5), helpers=(g("imperator", 1),)))
    assert (err.rule, err.field) == ("L1", "/helpers/0/kind")
    assert "there it is called 'graf'" in err.detail
    assert attack_refusal(TUL, g("strahlenwerfer", 3)) is not None
