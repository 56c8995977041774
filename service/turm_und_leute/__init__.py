"""Turm und Leute and Stahl und Sterne: the combat engine, pure Python, no web framework.

Everything a front end needs to adjudicate a fight without the HTTP service::

    from service.turm_und_leute import Edition, Fight, Group, Kind, resolve_combat

    fight = Fight(Edition.TURM_UND_LEUTE, (Group(Kind.REITER, 2),), Group(Kind.PIKENIERE, 5))
    outcome = resolve_combat(fight)      # L2–L8, LS1–LS3
    outcome.losses                       # 3

and the HTTP contract's JSON both ways::

    from service.turm_und_leute import parse_fight, outcome_to_dict, units_to_dict

    fight = parse_fight(body)            # the shape, then L1, LS1 and L3
    answer = outcome_to_dict(resolve_combat(fight))

Rule ids (L1 … L8, LS1 … LS3) refer to the combat rules in docs/turm-und-leute.md;
errors name them.
"""

from service.turm_und_leute.codec import (
    DEFAULTS,
    combat,
    fight_to_dict,
    outcome_to_dict,
    parse_edition,
    parse_fight,
    parse_group_name,
    parse_outcome,
    units_to_dict,
)
from service.turm_und_leute.combat import (
    Contribution,
    Fight,
    Group,
    Outcome,
    Refusal,
    Role,
    attack_refusal,
    check_fight,
    defence_refusal,
    group_name,
    group_refusal,
    legal_attackers,
    position_bonus,
    resolve_combat,
)
from service.turm_und_leute.units import (
    BONUS,
    HEIGHT,
    PLACEMENTS,
    UNITS,
    Edition,
    Kind,
    Placement,
    Unit,
    kinds,
    translate,
    unit,
)

__all__ = [
    "BONUS",
    "DEFAULTS",
    "HEIGHT",
    "PLACEMENTS",
    "UNITS",
    "Contribution",
    "Edition",
    "Fight",
    "Group",
    "Kind",
    "Outcome",
    "Placement",
    "Refusal",
    "Role",
    "Unit",
    "attack_refusal",
    "check_fight",
    "combat",
    "defence_refusal",
    "fight_to_dict",
    "group_name",
    "group_refusal",
    "kinds",
    "legal_attackers",
    "outcome_to_dict",
    "parse_edition",
    "parse_fight",
    "parse_group_name",
    "parse_outcome",
    "position_bonus",
    "resolve_combat",
    "translate",
    "unit",
    "units_to_dict",
]
