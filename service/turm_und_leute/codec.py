"""JSON ↔ objects: the request and answer of the combat and the L1 table, as the HTTP
contract writes them.

Reading is two-staged, as everywhere in the oracle: first the shape (types, members),
every problem collected by :class:`~service.common.shapes.Shape` and raised together as
:class:`~service.common.errors.MalformedError`; then the rules a request can break
(L1, LS1, L3), the first one raised as :class:`~service.common.errors.InvalidQueryError`
with the JSON pointer of the member it is about.

>>> fight = parse_fight({"edition": "turm-und-leute",
...                      "attackers": [{"kind": "reiter", "figures": 2}],
...                      "target": {"kind": "pikeniere", "figures": 5}})
>>> answer = outcome_to_dict(resolve_combat(fight))
>>> answer["attack"], answer["defence"], answer["contributions"][1]
(8, 5, {'group': '/target', 'strength': 5, 'bonus': 1, 'counted': True})
"""

from __future__ import annotations

import re

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from service.common import wire
from service.common.errors import InvalidQueryError
from service.common.refusal import N_
from service.common.wire import AnyInteger, Choice, Flag, Integer, ListOf, Member, Obj, Ordered, Shared, String
from service.turm_und_leute.combat import (
    Contribution,
    Fight,
    Group,
    Outcome,
    Role,
    attack_refusal,
    group_name,
    group_refusal,
    resolve_combat,
)
from service.turm_und_leute.units import (
    BONUS,
    PLACEMENTS,
    UNITS,
    Edition,
    Kind,
    Placement,
    Unit,
    unknown_kind_detail,
)

_KINDS: Final = {k.value: k for k in Kind}


# --------------------------------------------------------------------------- the statement
#
# Each shape's members, stated once: the readers and writers below walk these tables, and
# the HTTP layer turns them into the document's schemas (service/api/turm_und_leute).


@dataclass(frozen=True)
class Tile:
    """A group as a request gives it, read in the shape stage: its kind is still a name,
    since whether it is a unit is a question of the edition (L1), answered in the rule
    stage, and so is whether its figures fit on a tile."""

    kind: str
    figures: int
    position: Placement = Placement.GROUND
    marked: bool = False
    actions_used: int = 0

    @classmethod
    def of(cls, group: Group) -> Tile:
        """The request's form of ``group``."""
        return cls(group.kind.value, group.figures, group.position, group.marked, group.actions_used)


# Only their types are shape: a kind the edition does not have, or fewer than 1 or more
# figures than a tile holds, is a rule (L1), judged later.
EDITION: Final = Choice(Edition)
UNIT_NAME: Final = String()
FIGURES: Final = AnyInteger()

ATTACKER: Final = Shared("Attacker", "An attacking group.", (
    Member("kind", UNIT_NAME, "The unit (L1), by the edition's name; one the edition does not have is 422 (L1)."),
    Member("figures", FIGURES, "Figures on the tile; fewer than 1 or more than the tile holds is 422 (L1)."),
    Member("position", Choice(Placement), "Where it stands (L6, LS1). Default `ground`.", default=Placement.GROUND),
    Member("actions_used", Integer(0), "Actions already used this turn (L3). Default 0.", default=0),
), Tile)

DEFENDER: Final = Shared("Defender", "A defending group: the target or a helper.", (
    *ATTACKER.members[:3],
    Member("marked", Flag(), "It carries a marker: it acted this turn (L4). Default false.", default=False),
), Tile)


@dataclass(frozen=True)
class FightBody:
    """A fight as a request gives it, its groups read in the shape stage (:class:`Tile`)."""

    edition: Edition
    attackers: tuple[Tile, ...]
    target: Tile
    helpers: tuple[Tile, ...] = ()
    attack_from_outside: bool = True
    attack_from_tower: bool = False
    target_side_imperator: bool = False


FIGHT: Final = Obj("Fight", "A fight to resolve: the attacking groups, the target and its helpers (L2).", (
    Member("edition", EDITION, "Which edition's units and rules (L1, LS1–LS3)."),
    Member("attackers", ListOf(ATTACKER, low=1), "One or more attacking groups (L2)."),
    Member("target", DEFENDER, "The group attacked."),
    Member("helpers", ListOf(DEFENDER), "Groups helping the target. Default none.", default=()),
    Member("attack_from_outside", Flag(), "Stahl und Sterne: the attack comes from outside the target's sector "
           "(LS2). Default true.", default=True),
    Member("attack_from_tower", Flag(), "Stahl und Sterne: the attack comes from another sector with a tower "
           "(LS2). Default false.", default=False),
    Member("target_side_imperator", Flag(), "Stahl und Sterne: the target's side is the imperator's (LS2). "
           "Default false.", default=False),
), FightBody)

DEFAULTS: Final[Mapping[str, Any]] = MappingProxyType({
    m.name: m.kind.write(m.default)
    for m in (*DEFENDER.members, *ATTACKER.members, *FIGHT.members) if not m.required
})
"""The JSON value an optional member of a fight has when it is left out."""


def _contribution(group: str, strength: int, bonus: int, counted: bool) -> Contribution:
    named = parse_group_name(group)
    assert named is not None  # GROUP_NAME read it
    return Contribution(named[0], named[1], strength, bonus, counted)


GROUP_NAME_WORD: Final = "/(?:target|(attackers|helpers)/(0|[1-9][0-9]*))"
"""A group's name, a JSON pointer into the fight: ``/target``, ``/attackers/N``, ``/helpers/N``."""
_GROUP_NAME: Final = re.compile(GROUP_NAME_WORD)

GROUP_NAME: Final = String(
    fits=lambda name: parse_group_name(name) is not None,
    problem=N_("must name a group: /target, /attackers/N or /helpers/N")(),
    pattern=f"^{GROUP_NAME_WORD}$",
)

CONTRIBUTION: Final = Obj("Contribution", "What one group added to its side, and whether it counted.", (
    Member("group", GROUP_NAME, "The group, as a JSON pointer into the request: `/target`, `/attackers/N`, "
           "`/helpers/N`."),
    Member("strength", Integer(0), "Figures × combat points per figure (L1)."),
    Member("bonus", Integer(1, max(BONUS.values())), "The position bonus applied (L6, LS2): 1 where none applies "
           "or it is lost."),
    Member("counted", Flag(), "It added to its side (false: blocked or excluded, L4)."),
), _contribution, whole=True)

OUTCOME: Final = Ordered("Outcome", "The fight's result, with its working (L5–L8, LS3).", (
    Member("attack", Integer(0), "The attack value (L5)."),
    Member("defence", Integer(0), "The defence value (L6)."),
    Member("defended", Flag(), "The defence is at least the attack (L7)."),
    Member("losses", Integer(0), "Figures the target loses (L7)."),
    Member("target_figures_after", Integer(0), "Figures left on the target."),
    Member("removed", Flag(), "The target has no figure left (L7)."),
    Member("gold", Integer(0, 1), "Gold pieces left on the target's place (L8)."),
    Member("convertible", Flag(), "The angels' player may turn the removed group into its own (L8)."),
    Member("must_occupy", Flag(), "An attacking group must take the removed target's place (LS3)."),
    Member("contributions", ListOf(CONTRIBUTION)),
), Outcome, whole=True, order=(
    # Read, and its problems named, numbers first, then the flags.
    "attack", "defence", "losses", "target_figures_after", "gold",
    "defended", "removed", "convertible", "must_occupy", "contributions",
))

OUTCOME_MEMBERS: Final = OUTCOME.names

UNIT: Final = Obj("Unit", "One unit of the edition's table (L1).", (
    # A unit's name in the edition, which a request gives as any string (UNIT_NAME).
    Member("kind", UNIT_NAME, "Its name in the edition.", attribute="kind.value"),
    Member("max_figures", Integer(1), "Figures a tile holds."),
    Member("lives", Integer(1), "Lives per figure."),
    Member("points", Integer(0), "Combat points per figure."),
    Member("full_strength", Integer(0), "A full tile's strength."),
    Member("may_attack", Flag(), "It may attack (L3)."),
    Member("ranged", Flag(), "It attacks from a distance (archers' 40 cm)."),
    Member("may_defend", Flag(), "It may defend and help (L4)."),
    Member("actions", Integer(1), "Actions per turn (L3)."),
), Unit)


class PositionBonus(NamedTuple):
    """A position of an edition and its bonus, as the units answer lists it."""

    position: Placement
    bonus: int


class UnitsTable(NamedTuple):
    """The units answer's value: an edition's L1 table and its positions (L6, LS1)."""

    edition: Edition
    units: tuple[Unit, ...]
    positions: tuple[PositionBonus, ...]


UNITS_ANSWER: Final = Obj("UnitsAnswer", "The edition's units and positions (L1, L6, LS1).", (
    Member("edition", EDITION, "The edition."),
    Member("units", ListOf(UNIT)),
    Member("positions", ListOf(Obj("PositionBonus", "A position a group can stand on, and its bonus (L6, LS1).", (
        Member("position", Choice(Placement), "The position."),
        Member("bonus", Integer(1), "Its multiplier."),
    ), PositionBonus))),
), UnitsTable)


# ------------------------------------------------------------------------------ reading


def parse_edition(value: object, where: str = "/edition") -> Edition:
    """``"turm-und-leute"`` or ``"stahl-und-sterne"``; anything else is malformed.

    >>> parse_edition("stahl-und-sterne")
    <Edition.STAHL_UND_STERNE: 'stahl-und-sterne'>
    """
    reading = wire.Reading()
    edition: Edition | None = EDITION.read(reading, value, where)
    reading.shape.done()
    assert edition is not None
    return edition


def _build_group(edition: Edition, tile: Tile, role: Role, index: int) -> Group:
    where = group_name(role, index)
    kind = _KINDS.get(tile.kind)
    if kind is None or kind not in UNITS[edition]:
        raise InvalidQueryError("L1", unknown_kind_detail(edition, tile.kind), f"{where}/kind")
    group = Group(kind, tile.figures, tile.position, tile.marked, tile.actions_used)
    refusal = attack_refusal(edition, group) if role is Role.ATTACKER else group_refusal(edition, group)
    if refusal is not None:
        raise InvalidQueryError(refusal.rule, refusal.detail, where + refusal.field)
    return group


def parse_fight(data: object) -> Fight:
    """Read the body of ``POST /v1/turm-und-leute/combat`` (:data:`FIGHT`).

    Raises :class:`~service.common.errors.MalformedError` (every shape problem, up to 20)
    when ``data`` is not of the contract's shape, then
    :class:`~service.common.errors.InvalidQueryError` for the first group the rules do not
    let take part as asked (a kind unknown to the edition or a wrong number of figures:
    L1; a position the edition does not have: LS1; an attacker that may not attack: L3),
    in the order attackers, target, helpers. A parsed fight always resolves.

    >>> parse_fight({"edition": "turm-und-leute", "attackers": [{"kind": "graf", "figures": 1}],
    ...              "target": {"kind": "reiter", "figures": 2}})
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidQueryError: L3: a group of graf may not attack
    """
    body: FightBody = wire.read(FIGHT, data)
    edition = body.edition
    return Fight(
        edition,
        attackers=tuple(_build_group(edition, a, Role.ATTACKER, i) for i, a in enumerate(body.attackers)),
        target=_build_group(edition, body.target, Role.TARGET, 0),
        helpers=tuple(_build_group(edition, h, Role.HELPER, i) for i, h in enumerate(body.helpers)),
        attack_from_outside=body.attack_from_outside,
        attack_from_tower=body.attack_from_tower,
        target_side_imperator=body.target_side_imperator,
    )


def parse_group_name(name: object) -> tuple[Role, int] | None:
    """The role and index a group name stands for, or ``None``.

    >>> parse_group_name("/helpers/1"), parse_group_name("/target"), parse_group_name("/helpers/01")
    ((<Role.HELPER: 'helpers'>, 1), (<Role.TARGET: 'target'>, 0), None)
    """
    found = _GROUP_NAME.fullmatch(name) if type(name) is str else None
    if found is None:
        return None
    role, index = found.groups()
    return (Role.TARGET, 0) if role is None else (Role(role), int(index))


def parse_outcome(data: object) -> Outcome:
    """Read an answer of ``POST /v1/turm-und-leute/combat`` (:data:`OUTCOME`; for
    clients and tests).

    Raises :class:`~service.common.errors.MalformedError` when it is not of the contract's
    shape; its numbers are not checked against any fight.
    """
    outcome: Outcome = wire.read(OUTCOME, data)
    return outcome


# ------------------------------------------------------------------------------ writing


def fight_to_dict(fight: Fight) -> dict[str, Any]:
    """The request body for ``fight``, every optional member written out.

    >>> fight_to_dict(Fight(Edition.TURM_UND_LEUTE, (Group(Kind.ENGEL, 1),), Group(Kind.GRAF, 1)))["target"]
    {'kind': 'graf', 'figures': 1, 'position': 'ground', 'marked': False}
    """
    body = FightBody(
        fight.edition,
        tuple(Tile.of(g) for g in fight.attackers),
        Tile.of(fight.target),
        tuple(Tile.of(g) for g in fight.helpers),
        fight.attack_from_outside,
        fight.attack_from_tower,
        fight.target_side_imperator,
    )
    written: dict[str, Any] = FIGHT.write(body)
    return written


def outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/combat``: exactly the contract's members,
    :data:`OUTCOME_MEMBERS`, in their order."""
    written: dict[str, Any] = OUTCOME.write(outcome)
    return written


def units_to_dict(edition: Edition) -> dict[str, Any]:
    """The answer of ``GET /v1/turm-und-leute/units?edition=…``: the L1 table of
    ``edition`` in its order, and the positions of the edition with their bonus (L6, LS1).

    >>> table = units_to_dict(Edition.STAHL_UND_STERNE)
    >>> table["units"][3]
    {'kind': 'daemonenreiter', 'max_figures': 2, 'lives': 1, 'points': 4, 'full_strength': 8, \
'may_attack': True, 'ranged': False, 'may_defend': True, 'actions': 2}
    >>> table["positions"]
    [{'position': 'ground', 'bonus': 1}, {'position': 'small_tower', 'bonus': 3}, \
{'position': 'big_tower', 'bonus': 4}]
    """
    table = UnitsTable(
        edition,
        tuple(UNITS[edition].values()),
        tuple(PositionBonus(p, BONUS[p]) for p in PLACEMENTS[edition]),
    )
    written: dict[str, Any] = UNITS_ANSWER.write(table)
    return written


def combat(data: object) -> dict[str, Any]:
    """The whole of ``POST /v1/turm-und-leute/combat``: body in, answer out.

    >>> combat({"edition": "stahl-und-sterne", "attackers": [{"kind": "engel", "figures": 1}],
    ...         "target": {"kind": "arbeiter", "figures": 1}})["must_occupy"]
    True
    """
    return outcome_to_dict(resolve_combat(parse_fight(data)))
