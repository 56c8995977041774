"""Turm und Leute and Stahl und Sterne: the combat engine, pure Python, no web framework.

Everything a front end needs to adjudicate a fight without the HTTP service::

    from service.turm_und_leute import Edition, Fight, Group, Kind, resolve_combat

    fight = Fight(Edition.TURM_UND_LEUTE, (Group(Kind.REITER, 2),), Group(Kind.PIKENIERE, 5))
    outcome = resolve_combat(fight)      # L2–L8, LS1–LS3
    outcome.losses                       # 3

Rule ids (L1 … L8, LS1 … LS3) refer to the combat rules in docs/turm-und-leute.md;
errors name them.
"""

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
    "defence_refusal",
    "group_name",
    "group_refusal",
    "kinds",
    "legal_attackers",
    "position_bonus",
    "resolve_combat",
    "translate",
    "unit",
]
