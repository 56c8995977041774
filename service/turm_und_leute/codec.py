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

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, TypeVar

from service.common.errors import InvalidQueryError, MalformedError
from service.common.refusal import N_
from service.common.shapes import Shape
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
    unknown_kind_detail,
)

ATTACKER_MEMBERS: Final = ("kind", "figures", "position", "actions_used")
"""The members of an attacking group; ``kind`` and ``figures`` are required."""
DEFENDER_MEMBERS: Final = ("kind", "figures", "position", "marked")
"""The members of the target and of a helping group; ``kind`` and ``figures`` are required."""
GROUP_REQUIRED: Final = ("kind", "figures")

FIGHT_REQUIRED: Final = ("edition", "attackers", "target")
FIGHT_MEMBERS: Final = (
    *FIGHT_REQUIRED,
    "helpers",
    "attack_from_outside",
    "attack_from_tower",
    "target_side_imperator",
)

DEFAULTS: Final[Mapping[str, Any]] = MappingProxyType(
    {
        "position": Placement.GROUND.value,
        "marked": False,
        "actions_used": 0,
        "helpers": [],
        "attack_from_outside": True,
        "attack_from_tower": False,
        "target_side_imperator": False,
    }
)
"""The value an optional member has when it is left out."""

_KINDS: Final = {k.value: k for k in Kind}
T = TypeVar("T")

# A group as read in the shape stage: the kind is still a string, since whether it is a
# unit is a question of the edition (L1), answered in the rule stage.
_RawGroup = tuple[str, int, Placement, bool, int]


def parse_edition(value: object, where: str = "/edition") -> Edition:
    """``"turm-und-leute"`` or ``"stahl-und-sterne"``; anything else is malformed.

    >>> parse_edition("stahl-und-sterne")
    <Edition.STAHL_UND_STERNE: 'stahl-und-sterne'>
    """
    shape = Shape()
    edition = shape.member(Edition, value, where)
    shape.done()
    assert edition is not None
    return edition


def read_tile(shape: Shape, obj: Mapping[str, object], where: str) -> tuple[str, int] | None:
    """A group's ``kind`` and ``figures`` from its JSON object ``obj`` at ``where``, or
    ``None`` with the problem told to ``shape``. Only their types are shape: a kind the
    edition does not have, or fewer than 1 or more figures than a tile holds, is a rule
    (L1), judged later."""
    kind = obj.get("kind")
    if "kind" in obj and type(kind) is not str:
        shape.fail(f"{where}/kind", N_("must be a string")())
    figures = obj.get("figures")
    if "figures" in obj and type(figures) is not int:
        shape.fail(f"{where}/figures", N_("must be an integer")())
    return (kind, figures) if type(kind) is str and type(figures) is int else None


def _read_group(shape: Shape, value: object, where: str, role: Role) -> _RawGroup | None:
    members = ATTACKER_MEMBERS if role is Role.ATTACKER else DEFENDER_MEMBERS
    shape.obj(value, where, GROUP_REQUIRED, members)
    if type(value) is not dict:
        return None
    # Read every member present even after a problem, so that one answer names them all.
    tile = read_tile(shape, value, where)
    position = shape.member(Placement, value.get("position", DEFAULTS["position"]), f"{where}/position")
    marked = shape.boolean(value.get("marked", DEFAULTS["marked"]), f"{where}/marked")
    used = shape.integer(value.get("actions_used", DEFAULTS["actions_used"]), f"{where}/actions_used", 0)
    if tile is None or position is None or marked is None or used is None:
        return None
    return *tile, position, marked, used


def _build_group(edition: Edition, raw: _RawGroup, role: Role, index: int) -> Group:
    name, figures, position, marked, used = raw
    where = group_name(role, index)
    kind = _KINDS.get(name)
    if kind is None or kind not in UNITS[edition]:
        raise InvalidQueryError("L1", unknown_kind_detail(edition, name), f"{where}/kind")
    group = Group(kind, figures, position, marked, used)
    refusal = attack_refusal(edition, group) if role is Role.ATTACKER else group_refusal(edition, group)
    if refusal is not None:
        raise InvalidQueryError(refusal.rule, refusal.detail, where + refusal.field)
    return group


def parse_fight(data: object) -> Fight:
    """Read the body of ``POST /v1/turm-und-leute/combat``.

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
    shape = Shape()
    shape.obj(data, "", FIGHT_REQUIRED, FIGHT_MEMBERS)
    if type(data) is not dict:
        raise MalformedError(problems=shape.problems)
    edition = shape.member(Edition, data["edition"], "/edition") if "edition" in data else None
    attackers: list[_RawGroup | None] = []
    if "attackers" in data:
        listed = shape.array(data["attackers"], "/attackers", 1)
        for i, value in enumerate(listed or ()):
            attackers.append(_read_group(shape, value, f"/attackers/{i}", Role.ATTACKER))
    target = _read_group(shape, data["target"], "/target", Role.TARGET) if "target" in data else None
    helpers: list[_RawGroup | None] = []
    listed = shape.array(data.get("helpers", []), "/helpers")
    for i, value in enumerate(listed or ()):
        helpers.append(_read_group(shape, value, f"/helpers/{i}", Role.HELPER))
    flags = {
        name: shape.boolean(data.get(name, DEFAULTS[name]), f"/{name}")
        for name in ("attack_from_outside", "attack_from_tower", "target_side_imperator")
    }
    shape.done()
    # Without a shape problem every value above was read; the asserts tell mypy so.
    assert edition is not None and target is not None
    return Fight(
        edition,
        attackers=tuple(_build_group(edition, _read(a), Role.ATTACKER, i) for i, a in enumerate(attackers)),
        target=_build_group(edition, target, Role.TARGET, 0),
        helpers=tuple(_build_group(edition, _read(h), Role.HELPER, i) for i, h in enumerate(helpers)),
        attack_from_outside=_read(flags["attack_from_outside"]),
        attack_from_tower=_read(flags["attack_from_tower"]),
        target_side_imperator=_read(flags["target_side_imperator"]),
    )


def _read(value: T | None) -> T:
    # Read only after Shape.done(): a None here would be a problem already raised.
    assert value is not None
    return value


def group_to_dict(group: Group, role: Role) -> dict[str, Any]:
    """The JSON form of a group in ``role``, every member of that role written out."""
    data: dict[str, Any] = {
        "kind": group.kind.value,
        "figures": group.figures,
        "position": group.position.value,
    }
    if role is Role.ATTACKER:
        data["actions_used"] = group.actions_used
    else:
        data["marked"] = group.marked
    return data


def fight_to_dict(fight: Fight) -> dict[str, Any]:
    """The request body for ``fight``, every optional member written out.

    >>> fight_to_dict(Fight(Edition.TURM_UND_LEUTE, (Group(Kind.ENGEL, 1),), Group(Kind.GRAF, 1)))["target"]
    {'kind': 'graf', 'figures': 1, 'position': 'ground', 'marked': False}
    """
    return {
        "edition": fight.edition.value,
        "attackers": [group_to_dict(g, Role.ATTACKER) for g in fight.attackers],
        "target": group_to_dict(fight.target, Role.TARGET),
        "helpers": [group_to_dict(g, Role.HELPER) for g in fight.helpers],
        "attack_from_outside": fight.attack_from_outside,
        "attack_from_tower": fight.attack_from_tower,
        "target_side_imperator": fight.target_side_imperator,
    }


def contribution_to_dict(contribution: Contribution) -> dict[str, Any]:
    """``{"group", "strength", "bonus", "counted"}``."""
    return {
        "group": contribution.group,
        "strength": contribution.strength,
        "bonus": contribution.bonus,
        "counted": contribution.counted,
    }


def outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/combat``: exactly the contract's members,
    :data:`OUTCOME_MEMBERS`, in their order."""
    data = {name: getattr(outcome, name) for name in OUTCOME_MEMBERS}
    data["contributions"] = [contribution_to_dict(c) for c in outcome.contributions]
    return data


OUTCOME_MEMBERS: Final = (
    "attack",
    "defence",
    "defended",
    "losses",
    "target_figures_after",
    "removed",
    "gold",
    "convertible",
    "must_occupy",
    "contributions",
)
CONTRIBUTION_MEMBERS: Final = ("group", "strength", "bonus", "counted")


def parse_group_name(name: object) -> tuple[Role, int] | None:
    """The role and index a group name stands for, or ``None``.

    >>> parse_group_name("/helpers/1"), parse_group_name("/target"), parse_group_name("/helpers/01")
    ((<Role.HELPER: 'helpers'>, 1), (<Role.TARGET: 'target'>, 0), None)
    """
    if name == "/target":
        return Role.TARGET, 0
    if type(name) is not str:
        return None
    _, role, index = (name.split("/", 2) + ["", ""])[:3]
    if (
        role not in (Role.ATTACKER.value, Role.HELPER.value)
        or not index.isdigit()
        or index != str(int(index))
    ):
        return None
    return Role(role), int(index)


def parse_outcome(data: object) -> Outcome:
    """Read an answer of ``POST /v1/turm-und-leute/combat`` (for clients and tests).

    Raises :class:`~service.common.errors.MalformedError` when it is not of the contract's
    shape; its numbers are not checked against any fight.
    """
    shape = Shape()
    obj = shape.obj(data, "", OUTCOME_MEMBERS, OUTCOME_MEMBERS)
    if obj is None or any(n not in obj for n in OUTCOME_MEMBERS):
        raise MalformedError(problems=shape.problems)
    numbers = {
        n: shape.integer(obj[n], f"/{n}") for n in ("attack", "defence", "losses", "target_figures_after")
    }
    gold = shape.integer(obj["gold"], "/gold", 0, 1)
    flags = {n: shape.boolean(obj[n], f"/{n}") for n in ("defended", "removed", "convertible", "must_occupy")}
    contributions: list[Contribution] = []
    for i, value in enumerate(shape.array(obj["contributions"], "/contributions") or ()):
        where = f"/contributions/{i}"
        item = shape.obj(value, where, CONTRIBUTION_MEMBERS, CONTRIBUTION_MEMBERS)
        if item is None or any(n not in item for n in CONTRIBUTION_MEMBERS):
            continue
        named = parse_group_name(item["group"])
        if named is None:
            shape.fail(f"{where}/group", N_("must name a group: /target, /attackers/N or /helpers/N")())
        strength = shape.integer(item["strength"], f"{where}/strength")
        bonus = shape.integer(item["bonus"], f"{where}/bonus", 1, max(BONUS.values()))
        counted = shape.boolean(item["counted"], f"{where}/counted")
        if named is not None and strength is not None and bonus is not None and counted is not None:
            contributions.append(Contribution(named[0], named[1], strength, bonus, counted))
    shape.done()
    return Outcome(
        attack=_read(numbers["attack"]),
        defence=_read(numbers["defence"]),
        defended=_read(flags["defended"]),
        losses=_read(numbers["losses"]),
        target_figures_after=_read(numbers["target_figures_after"]),
        removed=_read(flags["removed"]),
        gold=_read(gold),
        convertible=_read(flags["convertible"]),
        must_occupy=_read(flags["must_occupy"]),
        contributions=tuple(contributions),
    )


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
    return {
        "edition": edition.value,
        "units": [
            {
                "kind": u.kind.value,
                "max_figures": u.max_figures,
                "lives": u.lives,
                "points": u.points,
                "full_strength": u.full_strength,
                "may_attack": u.may_attack,
                "ranged": u.ranged,
                "may_defend": u.may_defend,
                "actions": u.actions,
            }
            for u in UNITS[edition].values()
        ],
        "positions": [{"position": p.value, "bonus": BONUS[p]} for p in PLACEMENTS[edition]],
    }


def combat(data: object) -> dict[str, Any]:
    """The whole of ``POST /v1/turm-und-leute/combat``: body in, answer out.

    >>> combat({"edition": "stahl-und-sterne", "attackers": [{"kind": "engel", "figures": 1}],
    ...         "target": {"kind": "arbeiter", "figures": 1}})["must_occupy"]
    True
    """
    return outcome_to_dict(resolve_combat(parse_fight(data)))
