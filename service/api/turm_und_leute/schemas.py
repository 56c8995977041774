"""Turm und Leute's combat request and answer, as the document describes them.

The body of a fight is read whole by the engine (:class:`~service.api.declare.Whole`);
the schemas here describe it. A kind is any string and figures any integer in the
document: a kind the edition does not have, or more figures than a tile holds, is a rule
(L1, 422), not a malformed request. Component names start with ``Tul``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from service.api.declare import (
    Answer,
    Closed,
    Int,
    List,
    Nested,
    Query,
    Str,
    Whole,
    array,
    flag,
    integer,
    one_of,
    text,
)
from service.turm_und_leute import Edition, Placement
from service.turm_und_leute.codec import parse_fight
from service.turm_und_leute.units import BONUS

EDITIONS = [e.value for e in Edition]
PLACEMENTS = [p.value for p in Placement]


def _group(attacker: bool) -> Any:
    members: dict[str, Any] = {
        "kind": Str(required=True, metadata={"description": "The unit (L1), by the edition's name; one the "
                                             "edition does not have is 422 (L1)."}),
        "figures": Int(required=True, metadata={"description": "Figures on the tile; fewer than 1 or more than "
                                                "the tile holds is 422 (L1)."}),
        "position": one_of(PLACEMENTS, "Where it stands (L6, LS1). Default `ground`."),
    }
    if attacker:
        members["actions_used"] = integer("Actions already used this turn (L3). Default 0.", 0)
    else:
        members["marked"] = flag("It carries a marker: it acted this turn (L4). Default false.")
    cls = Closed.from_dict(members, name="TulAttacker" if attacker else "TulDefender")
    cls.__doc__ = "An attacking group." if attacker else "A defending group: the target or a helper."
    return cls


TulAttacker = _group(attacker=True)
TulDefender = _group(attacker=False)


class TulFight(Whole):
    """A fight to resolve: the attacking groups, the target and its helpers (L2)."""

    problems: ClassVar = {422: "InvalidFight"}
    parse: ClassVar = staticmethod(parse_fight)

    edition = one_of(EDITIONS, "Which edition's units and rules (L1, LS1–LS3).", required=True)
    attackers = array(Nested(TulAttacker), "One or more attacking groups (L2).", 1, required=True)
    target = Nested(TulDefender, required=True, metadata={"description": "The group attacked."})
    helpers = List(Nested(TulDefender), metadata={"description": "Groups helping the target. Default none."})
    attack_from_outside = flag("Stahl und Sterne: the attack comes from outside the target's sector (LS2). "
                               "Default true.")
    attack_from_tower = flag("Stahl und Sterne: the attack comes from another sector with a tower (LS2). "
                             "Default false.")
    target_side_imperator = flag("Stahl und Sterne: the target's side is the imperator's (LS2). Default false.")


class TulUnitsQuery(Query):
    """Which edition's units."""

    edition = one_of(EDITIONS, "The edition.", required=True)


# ----------------------------------------------------------------------------- answers


class TulContribution(Answer):
    """What one group added to its side, and whether it counted."""

    group = text("The group, as a JSON pointer into the request: `/target`, `/attackers/N`, `/helpers/N`.",
                 "^/(target|attackers/[0-9]+|helpers/[0-9]+)$", required=True)
    strength = integer("Figures × combat points per figure (L1).", 0, required=True)
    bonus = integer("The position bonus applied (L6, LS2): 1 where none applies or it is lost.", 1,
                    max(BONUS.values()), required=True)
    counted = flag("It added to its side (false: blocked or excluded, L4).", required=True)


class TulOutcome(Answer):
    """The fight's result, with its working (L5–L8, LS3)."""

    attack = integer("The attack value (L5).", 0, required=True)
    defence = integer("The defence value (L6).", 0, required=True)
    defended = flag("The defence is at least the attack (L7).", required=True)
    losses = integer("Figures the target loses (L7).", 0, required=True)
    target_figures_after = integer("Figures left on the target.", 0, required=True)
    removed = flag("The target has no figure left (L7).", required=True)
    gold = integer("Gold pieces left on the target's place (L8).", 0, 1, required=True)
    convertible = flag("The angels' player may turn the removed group into its own (L8).", required=True)
    must_occupy = flag("An attacking group must take the removed target's place (LS3).", required=True)
    contributions = List(Nested(TulContribution), required=True)


class TulUnit(Answer):
    """One unit of the edition's table (L1)."""

    kind = text("Its name in the edition.", required=True)
    max_figures = integer("Figures a tile holds.", 1, required=True)
    lives = integer("Lives per figure.", 1, required=True)
    points = integer("Combat points per figure.", 0, required=True)
    full_strength = integer("A full tile's strength.", 0, required=True)
    may_attack = flag("It may attack (L3).", required=True)
    ranged = flag("It attacks from a distance (archers' 40 cm).", required=True)
    may_defend = flag("It may defend and help (L4).", required=True)
    actions = integer("Actions per turn (L3).", 1, required=True)


class TulPositionBonus(Answer):
    """A position a group can stand on, and its bonus (L6, LS1)."""

    position = one_of(PLACEMENTS, "The position.", required=True)
    bonus = integer("Its multiplier.", 1, required=True)


class TulUnitsAnswer(Answer):
    """The edition's units and positions (L1, L6, LS1)."""

    edition = one_of(EDITIONS, "The edition.", required=True)
    units = List(Nested(TulUnit), required=True)
    positions = List(Nested(TulPositionBonus), required=True)
