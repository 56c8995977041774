"""Properties of every fight the rules allow, in both editions (hypothesis)."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from service.turm_und_leute import (
    BONUS,
    UNITS,
    Edition,
    Fight,
    Kind,
    Role,
    fight_to_dict,
    outcome_to_dict,
    parse_fight,
    parse_outcome,
    resolve_combat,
)
from tests.turm_und_leute.strategies import attackers, defenders, fights

# Enough to find a broken rule (16,500 fights, 1,500 per property, found none) while the
# whole suite of the package, browser test included, stays well under ten seconds.
SETTINGS = settings(max_examples=40, deadline=None)


def strengths(fight: Fight, role: Role) -> list[int]:
    groups = fight.attackers if role is Role.ATTACKER else fight.helpers
    return [UNITS[fight.edition][g.kind].strength(g.figures) for g in groups]


@SETTINGS
@given(fights())
def test_l6_the_defence_is_never_negative_and_is_what_the_defenders_added(fight: Fight) -> None:
    out = resolve_combat(fight)
    assert out.defence >= 0
    assert out.defence == sum(c.value for c in out.contributions if c.role is not Role.ATTACKER)
    for c in out.contributions:
        if c.role is Role.ATTACKER:
            assert c.bonus == 1
        else:
            group = fight.target if c.role is Role.TARGET else fight.helpers[c.index]
            assert c.bonus in (1, BONUS[group.position])


@SETTINGS
@given(fights())
def test_l5_the_attack_is_the_attackers_sum_halved_only_against_dwarves(fight: Fight) -> None:
    total = sum(strengths(fight, Role.ATTACKER))
    expected = total // 2 if fight.target.kind is Kind.ZWERGE else total
    assert resolve_combat(fight).attack == expected


@SETTINGS
@given(fights())
def test_l7_losses_are_never_more_than_the_targets_figures(fight: Fight) -> None:
    out = resolve_combat(fight)
    assert 0 <= out.losses <= fight.target.figures
    assert out.target_figures_after == fight.target.figures - out.losses
    assert out.removed == (out.target_figures_after == 0)


@SETTINGS
@given(fights())
def test_l7_defended_exactly_when_the_defence_is_at_least_the_attack(fight: Fight) -> None:
    out = resolve_combat(fight)
    assert out.defended == (out.defence >= out.attack)
    assert out.defended == (out.losses == 0)
    if not out.defended:
        assert out.losses == min(fight.target.figures, out.attack - out.defence)


@SETTINGS
@given(fights(), st.randoms(use_true_random=False))
def test_l2_the_order_of_attackers_and_helpers_does_not_matter(fight: Fight, rng: object) -> None:
    a_order = list(range(len(fight.attackers)))
    h_order = list(range(len(fight.helpers)))
    rng.shuffle(a_order)  # type: ignore[attr-defined]
    rng.shuffle(h_order)  # type: ignore[attr-defined]
    shuffled = replace(
        fight,
        attackers=tuple(fight.attackers[i] for i in a_order),
        helpers=tuple(fight.helpers[i] for i in h_order),
    )
    before, after = resolve_combat(fight), resolve_combat(shuffled)
    assert replace(after, contributions=()) == replace(before, contributions=())
    # The contribution of the group now at i is the one it had at its old place.
    original = {(c.role, c.index): c for c in before.contributions}
    old_index = {Role.ATTACKER: a_order, Role.HELPER: h_order, Role.TARGET: [0]}
    for c in after.contributions:
        assert replace(c, index=old_index[c.role][c.index]) == original[(c.role, old_index[c.role][c.index])]


@SETTINGS
@given(fights(), st.data())
def test_l5_l6_another_attacking_group_never_lessens_the_losses(fight: Fight, data: st.DataObject) -> None:
    more = replace(fight, attackers=(*fight.attackers, data.draw(attackers(fight.edition))))
    before, after = resolve_combat(fight), resolve_combat(more)
    assert after.attack >= before.attack and after.defence <= before.defence
    assert after.losses >= before.losses


@SETTINGS
@given(fights(), st.data())
def test_l4_a_marked_helper_changes_nothing(fight: Fight, data: st.DataObject) -> None:
    blocked = replace(data.draw(defenders(fight.edition)), marked=True)
    more = replace(fight, helpers=(*fight.helpers, blocked))
    assert replace(resolve_combat(more), contributions=()) == replace(resolve_combat(fight), contributions=())


@SETTINGS
@given(fights())
def test_l8_gold_and_conversion_only_when_angels_or_dwarves_removed_the_target(fight: Fight) -> None:
    out = resolve_combat(fight)
    kinds = {a.kind for a in fight.attackers}
    assert out.gold == (1 if out.removed and kinds & {Kind.ENGEL, Kind.ZWERGE} else 0)
    assert out.convertible == (out.removed and Kind.ENGEL in kinds)


@SETTINGS
@given(fights())
def test_ls3_a_removed_target_must_be_occupied_only_in_stahl_und_sterne(fight: Fight) -> None:
    out = resolve_combat(fight)
    assert out.must_occupy == (out.removed and fight.edition is Edition.STAHL_UND_STERNE)


@SETTINGS
@given(fights(Edition.STAHL_UND_STERNE))
def test_ls2_only_the_imperators_side_attacked_from_outside_gets_a_bonus(fight: Fight) -> None:
    out = resolve_combat(fight)
    if not fight.target_side_imperator or not fight.attack_from_outside or fight.attack_from_tower:
        assert all(c.bonus == 1 for c in out.contributions)


@SETTINGS
@given(fights())
def test_l2_a_fight_and_its_outcome_survive_a_json_round_trip(fight: Fight) -> None:
    assert parse_fight(json.loads(json.dumps(fight_to_dict(fight)))) == fight
    outcome = resolve_combat(fight)
    answer = json.loads(json.dumps(outcome_to_dict(outcome)))
    assert answer == outcome_to_dict(outcome)
    assert parse_outcome(answer) == outcome
