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

and a side's turn as a ledger, from the set-up to the goals::

    from service.turm_und_leute import Edition, Move, Side, apply_turn, goal, setup_game

    game = setup_game(Edition.TURM_UND_LEUTE, (Side.ZWERGE, Side.ENGEL))   # L9–L12
    after = apply_turn(game.edition, game.peoples, game.sides[0].ledger, [Move("reiter-1")])
    after.ledger.markers                 # 7: 8 received, 1 spent (L12, L14)

Rule ids (L1 … L31, LS1 … LS13) refer to the rules in docs/turm-und-leute.md; errors
and violations name them.
"""

from typing import Any

from service.common.refusal import Refusal
from service.turm_und_leute.actions import (
    Absorb,
    Attack,
    Bridge,
    Build,
    Convert,
    Event,
    Hire,
    Move,
    MovePlanet,
    Place,
    Relocate,
    Split,
    TurnResult,
    Violation,
    Work,
)
from service.turm_und_leute.check import check_ledger
from service.turm_und_leute.combat import (
    Contribution,
    Fight,
    Group,
    Outcome,
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
from service.turm_und_leute.goal import GoalResult, SideGoal, goal
from service.turm_und_leute.peoples import Side, markers_per_turn, turn_order
from service.turm_und_leute.position import Building, Ledger, Project, Resource, Site, Troop
from service.turm_und_leute.setup import Game, SideSetup, setup_game, setup_ledger
from service.turm_und_leute.start import start_turn
from service.turm_und_leute.turn import IllegalLedgerTurn, apply_turn, play_turn, validate_turn
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

RULES_VERSION = "1"
"""The version of the rules (docs/turm-und-leute.md) this engine implements."""

#: The codec's names, imported on first use: reading and writing JSON needs marshmallow,
#: the rules themselves need nothing beyond the standard library.
_CODEC = frozenset({
    "DEFAULTS", "fight_to_dict", "outcome_to_dict", "parse_edition", "parse_fight", "parse_group_name",
    "parse_outcome", "units_to_dict",
})


def __getattr__(name: str) -> Any:
    if name in _CODEC:
        from service.turm_und_leute.wire import codec

        return getattr(codec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BONUS",
    "DEFAULTS",
    "HEIGHT",
    "PLACEMENTS",
    "RULES_VERSION",
    "UNITS",
    "Absorb",
    "Attack",
    "Bridge",
    "Build",
    "Building",
    "Contribution",
    "Convert",
    "Edition",
    "Event",
    "Fight",
    "Game",
    "GoalResult",
    "Group",
    "Hire",
    "IllegalLedgerTurn",
    "Kind",
    "Ledger",
    "Move",
    "MovePlanet",
    "Outcome",
    "Place",
    "Placement",
    "Project",
    "Refusal",
    "Relocate",
    "Resource",
    "Role",
    "Side",
    "SideGoal",
    "SideSetup",
    "Site",
    "Split",
    "Troop",
    "TurnResult",
    "Unit",
    "Violation",
    "Work",
    "apply_turn",
    "attack_refusal",
    "check_fight",
    "check_ledger",
    "defence_refusal",
    "fight_to_dict",
    "goal",
    "group_name",
    "group_refusal",
    "kinds",
    "legal_attackers",
    "markers_per_turn",
    "outcome_to_dict",
    "parse_edition",
    "parse_fight",
    "parse_group_name",
    "parse_outcome",
    "play_turn",
    "position_bonus",
    "resolve_combat",
    "setup_game",
    "setup_ledger",
    "start_turn",
    "translate",
    "turn_order",
    "unit",
    "units_to_dict",
    "validate_turn",
]
