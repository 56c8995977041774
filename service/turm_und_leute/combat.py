"""A fight (L2–L8, LS1–LS3): who may take part, the attack and defence values, the outcome.

Combat is deterministic, so a fight is a pure function of its groups and a few facts the
client asserts (who is in range, where the attack comes from). :func:`resolve_combat`
shows its working: each group's strength, the bonus it got and whether it counted.

The rules' own example: two riders (2 × 4 = 8) attack five pikemen on the ground (5).

>>> fight = Fight(
...     Edition.TURM_UND_LEUTE,
...     attackers=(Group(Kind.REITER, 2),),
...     target=Group(Kind.PIKENIERE, 5),
... )
>>> outcome = resolve_combat(fight)
>>> outcome.attack, outcome.defence, outcome.losses, outcome.target_figures_after
(8, 5, 3, 2)
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any, Final

from service.common.errors import InvalidQueryError
from service.common.refusal import N_, Message, Nn_, Refusal, Text
from service.turm_und_leute.units import (
    BONUS,
    ELEVATED,
    HEIGHT,
    PLACEMENTS,
    TOWERS,
    UNITS,
    Edition,
    Kind,
    Placement,
    Unit,
    kinds,
    unknown_kind_detail,
)


class Role(str, enum.Enum):
    """The part a group plays in a fight (L2); the value is its member in the request."""

    ATTACKER = "attackers"
    TARGET = "target"
    HELPER = "helpers"


def group_name(role: Role, index: int = 0) -> str:
    """How answers and errors name a group: its JSON pointer in the request.

    >>> group_name(Role.ATTACKER, 0), group_name(Role.TARGET), group_name(Role.HELPER, 1)
    ('/attackers/0', '/target', '/helpers/1')
    """
    if role is Role.TARGET:
        return "/target"
    return f"/{role.value}/{index}"


@dataclass(frozen=True)
class Group:
    """One tile of figures of one kind (L1).

    An attacker's ``actions_used`` decides whether it may still attack (L3); a defender's
    ``marked`` whether it is blocked (L4). The other of the two is not read by the rules.
    """

    kind: Kind
    figures: int
    position: Placement = Placement.GROUND
    marked: bool = False
    actions_used: int = 0


@dataclass(frozen=True)
class Fight:
    """The groups of one fight and the facts about it the client asserts (L2).

    ``attack_from_outside``, ``attack_from_tower`` and ``target_side_imperator`` are the
    sector facts of *Stahl und Sterne* (LS2); *Turm und Leute* does not read them.
    """

    edition: Edition
    attackers: tuple[Group, ...]
    target: Group
    helpers: tuple[Group, ...] = ()
    attack_from_outside: bool = True
    attack_from_tower: bool = False
    target_side_imperator: bool = False

    def groups(self) -> Iterator[tuple[Role, int, Group]]:
        """Every group with its role and index: attackers, the target, then helpers."""
        for i, group in enumerate(self.attackers):
            yield Role.ATTACKER, i, group
        yield Role.TARGET, 0, self.target
        for i, group in enumerate(self.helpers):
            yield Role.HELPER, i, group


@dataclass(frozen=True)
class Contribution:
    """What one group added to its side's value (the answer's working).

    ``bonus`` is the multiplier the group's position gave it in this fight (1 for an
    attacker, and 1 where L6 or LS2 take the bonus away); it is shown even for a defender
    that does not count, which adds 0 whatever its strength and bonus.
    """

    role: Role
    index: int
    strength: int
    bonus: int
    counted: bool

    @property
    def group(self) -> str:
        """The group's name (:func:`group_name`)."""
        return group_name(self.role, self.index)

    @property
    def value(self) -> int:
        """What the group added: strength × bonus, or 0 when it does not count."""
        return self.strength * self.bonus if self.counted else 0


@dataclass(frozen=True)
class Outcome:
    """The result of a fight (L5–L8, LS3); members as in the HTTP answer."""

    attack: int
    defence: int
    defended: bool
    losses: int
    target_figures_after: int
    removed: bool
    gold: int
    convertible: bool
    must_occupy: bool
    contributions: tuple[Contribution, ...]
    #: With a map: the sector facts it gave the fight (LS2; :func:`.codec.fight_on_map`).
    sector_facts: Any = None


def _refusal(rule: str, sentence: Text, field: str) -> Refusal:
    """``rule``'s refusal of a group's ``field`` (a JSON pointer below the group,
    ``"/kind"``) with ``sentence`` (a :class:`~service.common.refusal.Text`): its message
    and values, written in English until asked for another language."""
    return Refusal(rule, sentence.message, tuple(sentence.values.items()), field)


GOLD_MAKERS: Final = frozenset({Kind.ENGEL, Kind.ZWERGE})
"""L8: a group these helped to remove leaves a gold piece."""


# ------------------------------------------------------------------- who may fight


def group_refusal(edition: Edition, group: Group) -> Refusal | None:
    """Why ``group`` cannot be on the table at all, whatever its role, or ``None``.

    L1: a kind of the edition, 1 to a tile's figures. LS1: a position of the edition.

    >>> refusal = group_refusal(Edition.TURM_UND_LEUTE, Group(Kind.REITER, 3))
    >>> refusal.rule, refusal.explain(), refusal.field
    ('L1', 'a tile holds 1 to 2 reiter, not 3', '/figures')
    """
    row = UNITS[edition].get(group.kind)
    if row is None:
        return _refusal("L1", unknown_kind_detail(edition, group.kind.value), "/kind")
    if not 1 <= group.figures <= row.max_figures:
        return _refusal(
            "L1",
            N_("a tile holds 1 to {most} {kind}, not {figures}")(
                most=row.max_figures, kind=group.kind.value, figures=group.figures
            ),
            "/figures",
        )
    if group.position not in PLACEMENTS[edition]:
        allowed = ", ".join(repr(p.value) for p in PLACEMENTS[edition])
        return _refusal(
            "LS1",
            N_("{edition} has no {position}: positions are {allowed}")(
                edition=edition.full_name, position=repr(group.position.value), allowed=allowed
            ),
            "/position",
        )
    return None


def attack_refusal(edition: Edition, group: Group) -> Refusal | None:
    """Why ``group`` may not attack (L1, LS1, L3), or ``None`` if it may.

    >>> attack_refusal(Edition.TURM_UND_LEUTE, Group(Kind.PIKENIERE, 5, Placement.WALL)).rule
    'L3'
    >>> attack_refusal(Edition.STAHL_UND_STERNE, Group(Kind.ELEKTROKAEMPFER, 5, Placement.SMALL_TOWER))
    """
    refusal = group_refusal(edition, group)
    if refusal is not None:
        return refusal
    row = UNITS[edition][group.kind]
    if not row.may_attack:
        return _refusal("L3", N_("a group of {kind} may not attack")(kind=group.kind.value), "/kind")
    if group.actions_used >= row.actions:
        return _refusal(
            "L3",
            Nn_(
                "a group of {kind} has {actions} action a turn and has used {used}: "
                "none is left to attack with",
                "a group of {kind} has {actions} actions a turn and has used {used}: "
                "none is left to attack with",
                "actions",
            )(kind=group.kind.value, actions=row.actions, used=group.actions_used),
            "/actions_used",
        )
    if _walls_need_range(edition, group.position, row):
        return _from_walls("L3", N_("from a {position} only {ranged} attack, not {kind}"), edition, group)
    return None


def defence_refusal(edition: Edition, group: Group, role: Role = Role.HELPER) -> Refusal | None:
    """Why a defending ``group`` adds 0 (L4), or ``None`` if it counts.

    A group :func:`group_refusal` rejects is not judged here.

    >>> defence_refusal(Edition.TURM_UND_LEUTE, Group(Kind.PIKENIERE, 5, marked=True)).field
    '/marked'
    >>> defence_refusal(Edition.TURM_UND_LEUTE, Group(Kind.PIKENIERE, 5, Placement.WALL), Role.TARGET)
    """
    row = UNITS[edition][group.kind]
    if not row.may_defend:
        return _refusal("L4", N_("a group of {kind} never defends")(kind=group.kind.value), "/kind")
    if group.marked:
        return _refusal("L4", N_("it carries a marker: it acted this turn and is blocked")(), "/marked")
    # The target defends itself wherever it stands; the restriction is on helping.
    if role is Role.HELPER and _walls_need_range(edition, group.position, row):
        return _from_walls("L4", N_("from a {position} only {ranged} help, not {kind}"), edition, group)
    return None


def _from_walls(rule: str, message: Message, edition: Edition, group: Group) -> Refusal:
    """``rule``'s refusal of a group on a wall or a tower that lacks the range from there."""
    words = message(position=_spoken(group.position), ranged=_ranged(edition), kind=group.kind.value)
    return _refusal(rule, words, "/position")


def _walls_need_range(edition: Edition, position: Placement, row: Unit) -> bool:
    # L3/L4 name archers and angels: exactly the ranged units. LS1 lifts the restriction.
    return edition is Edition.TURM_UND_LEUTE and position in ELEVATED and not row.ranged


#: The positions as a player names them (the ``position`` values are the contract's).
#: Each names its value, which another language writes in the form its sentence asks for.
SPOKEN: Final = {
    position: replace(spoken, names=position.value)
    for position, spoken in {
        Placement.GROUND: N_("ground"),
        Placement.BRIDGE: N_("bridge"),
        Placement.WALL: N_("wall"),
        Placement.SMALL_TOWER: N_("small tower"),
        Placement.BIG_TOWER: N_("big tower"),
    }.items()
}


def _spoken(position: Placement) -> Message:
    return SPOKEN[position]


def _ranged(edition: Edition) -> str:
    ranged = [u.kind.value for u in UNITS[edition].values() if u.ranged]
    if len(ranged) > 1:
        return N_("{first} and {last}")(first=", ".join(ranged[:-1]), last=ranged[-1])
    return ranged[0]


def legal_attackers(edition: Edition, position: Placement = Placement.GROUND) -> tuple[Kind, ...]:
    """The kinds that may attack from ``position`` with an action left (L3, LS1).

    >>> [k.value for k in legal_attackers(Edition.TURM_UND_LEUTE, Placement.WALL)]
    ['bogenschuetzen', 'engel']
    """
    return tuple(kind for kind in kinds(edition) if attack_refusal(edition, Group(kind, 1, position)) is None)


def check_fight(fight: Fight) -> None:
    """Raise :class:`~service.common.errors.InvalidQueryError` for the first group that may
    not take part as asked (L2, L1, LS1, L3), naming the rule and the member's JSON pointer.

    Groups are checked in the order attackers, target, helpers. Defenders that may not
    defend are no error: they count for nothing (L4).
    """
    if not fight.attackers:
        raise InvalidQueryError("L2", N_("a fight needs one or more attacking groups")(), "/attackers")
    for role, index, group in fight.groups():
        if role is Role.ATTACKER:
            refusal = attack_refusal(fight.edition, group)
        else:
            refusal = group_refusal(fight.edition, group)
        if refusal is not None:
            raise InvalidQueryError(refusal.rule, refusal.text, group_name(role, index) + refusal.field)


# ----------------------------------------------------------------------- the values


def position_bonus(fight: Fight, group: Group) -> int:
    """The defence multiplier ``group`` gets in ``fight`` (L6, LS2).

    *Turm und Leute*: its position's bonus, lost (×1) when an attacking group stands
    higher than the group itself. *Stahl und Sterne*: a tower sector's bonus, only for
    the imperator's side and an attack from outside the sector, lost to an attack from
    another tower sector.

    >>> fight = Fight(Edition.TURM_UND_LEUTE, (Group(Kind.BOGENSCHUETZEN, 3, Placement.SMALL_TOWER),),
    ...               Group(Kind.PIKENIERE, 5, Placement.WALL))
    >>> position_bonus(fight, fight.target)
    1
    """
    bonus = BONUS[group.position]
    if fight.edition is Edition.TURM_UND_LEUTE:
        height = HEIGHT[group.position]
        if any(HEIGHT[a.position] > height for a in fight.attackers):
            return 1
        return bonus
    # [interpretation] an attacking group standing in a tower sector attacks from
    # "another sector with a tower" when the attack comes from outside; and when it
    # comes from inside, the bonus does not apply anyway.
    from_tower = fight.attack_from_tower or any(a.position in TOWERS for a in fight.attackers)
    if fight.target_side_imperator and fight.attack_from_outside and not from_tower:
        return bonus
    return 1


def resolve_combat(fight: Fight) -> Outcome:
    """Adjudicate ``fight`` (L2–L8, LS1–LS3).

    Raises :class:`~service.common.errors.InvalidQueryError` for a fight the rules
    forbid (:func:`check_fight`).

    A marked target adds nothing, so even a single pikeman takes a group off the wall:

    >>> fight = Fight(Edition.TURM_UND_LEUTE, (Group(Kind.PIKENIERE, 1),),
    ...               Group(Kind.BOGENSCHUETZEN, 1, Placement.WALL, marked=True))
    >>> outcome = resolve_combat(fight)
    >>> outcome.defence, outcome.removed, [(c.group, c.bonus, c.counted) for c in outcome.contributions]
    (0, True, [('/attackers/0', 1, True), ('/target', 2, False)])
    """
    check_fight(fight)
    table = UNITS[fight.edition]
    contributions: list[Contribution] = []
    attack = 0
    for index, group in enumerate(fight.attackers):
        strength = table[group.kind].strength(group.figures)
        attack += strength
        contributions.append(Contribution(Role.ATTACKER, index, strength, 1, True))
    if fight.target.kind is Kind.ZWERGE:
        attack //= 2  # L5: before anything else, rounded down
    defence = 0
    for role, index, group in fight.groups():
        if role is Role.ATTACKER:
            continue
        counted = defence_refusal(fight.edition, group, role) is None
        share = Contribution(
            role, index, table[group.kind].strength(group.figures), position_bonus(fight, group), counted
        )
        defence += share.value
        contributions.append(share)
    return _outcome(fight, attack, defence, tuple(contributions))


def _outcome(fight: Fight, attack: int, defence: int, contributions: tuple[Contribution, ...]) -> Outcome:
    target = fight.target
    defended = defence >= attack  # L7: the surplus is lost, the attackers lose nothing
    # Every figure has one life (L1), so the difference is that many figures, at most all.
    lives = UNITS[fight.edition][target.kind].lives
    losses = 0 if defended else min(target.figures, (attack - defence) // lives)
    after = target.figures - losses
    removed = after == 0
    kinds_attacking = {a.kind for a in fight.attackers}
    return Outcome(
        attack=attack,
        defence=defence,
        defended=defended,
        losses=losses,
        target_figures_after=after,
        removed=removed,
        # [interpretation] L8 "removed by the angels or dwarves": one of them attacked.
        gold=1 if removed and kinds_attacking & GOLD_MAKERS else 0,
        convertible=removed and Kind.ENGEL in kinds_attacking,
        # LS3; Turm und Leute has no such duty: the attackers stay where they are.
        must_occupy=removed and fight.edition is Edition.STAHL_UND_STERNE,
        contributions=contributions,
    )
