"""JSON ↔ objects, as the HTTP contract writes them: the combat's request and answer and
the L1 table; the set-up, a side's turn on its ledger and the goal (L9–L31, LS4–LS13).

Reading is two-staged, as everywhere in the oracle: first the shape (types, members),
every problem collected by :class:`~service.common.shapes.Shape` and raised together as
:class:`~service.common.errors.MalformedError`; then the rules a request can break
(L1, LS1, L3; the structure of a ledger, :func:`~service.turm_und_leute.check.check_ledger`),
the first one raised as :class:`~service.common.errors.InvalidQueryError` (a ledger's as
:class:`~service.common.errors.InvalidPositionError`) with the JSON pointer of the member
it is about. Whether a turn's actions are legal is the turn's question
(:func:`~service.turm_und_leute.turn.validate_turn`), answered as a violation, not an
error.

>>> from service.turm_und_leute.combat import resolve_combat
>>> fight = parse_fight({"edition": "turm-und-leute",
...                      "attackers": [{"kind": "reiter", "figures": 2}],
...                      "target": {"kind": "pikeniere", "figures": 5}})
>>> answer = outcome_to_dict(resolve_combat(fight))
>>> answer["attack"], answer["defence"], answer["contributions"][1]
(8, 5, {'group': '/target', 'strength': 5, 'bonus': 1, 'counted': True})

>>> from service.turm_und_leute.setup import setup_game
>>> from service.turm_und_leute.turn import validate_turn
>>> body = {"edition": "turm-und-leute", "peoples": ["zwerge"],
...         "ledger": setup_to_dict(setup_game(Edition.TURM_UND_LEUTE, (Side.ZWERGE,)))["sides"][1]["ledger"],
...         "actions": [{"type": "hire", "figures": 3}]}
>>> turn = parse_turn(body)
>>> violation_to_dict(validate_turn(turn.edition, turn.peoples, turn.ledger, turn.actions))["detail"]
'a group of 3 dwarves costs 3 gold; the supply has 0 gold'

The operations that take a body and answer (``POST /v1/turm-und-leute/combat`` …) are
the HTTP layer's (:mod:`service.api.turm_und_leute.views`); this module only reads and
writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from service.common import wire
from service.common.errors import InvalidPositionError, InvalidQueryError
from service.common.refusal import N_
from service.common.shapes import Shape
from service.common.wire import (
    Among,
    AnyInteger,
    ByTag,
    Choice,
    Flag,
    Integer,
    ListOf,
    Member,
    Obj,
    Ordered,
    Readings,
    Record,
    Shared,
    String,
    Text,
    Word,
)
from service.turm_und_leute.actions import (
    Absorb,
    Action,
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
    group_name,
    group_refusal,
)
from service.turm_und_leute.goal import Aim, GoalResult, SideGoal
from service.turm_und_leute.peoples import PEOPLES, Side, check_peoples
from service.turm_und_leute.position import (
    BUILDINGS,
    RESOURCES,
    Building,
    Ledger,
    Project,
    Resource,
    Site,
    Troop,
)
from service.turm_und_leute.setup import Game
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
        raise InvalidQueryError(refusal.rule, refusal.text, where + refusal.field)
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


# =============================================================================
# The ledger: the set-up, a side's turn and the goal (L9–L31, LS4–LS13).
# =============================================================================

MAX_ACTIONS: Final = 200
"""The most actions a turn may list (far more than any side's markers allow)."""
MAX_ID: Final = 40
"""The longest group id."""

DESTINATIONS: Final = ("board", "off")
"""L18: where an angel's move may take it: in from the edge, or off."""

FIGHTER_NAMES: Final = (
    "pikeniere",
    "bogenschuetzen",
    "reiter",
    "elektrokaempfer",
    "strahlenwerfer",
    "daemonenreiter",
)
"""The kinds a conversion (L28) may name, of either edition."""

EVENT_TYPES: Final = (
    "markers_removed",
    "markers_received",
    "worlds_moved",
    "angel_returned",
    "moved",
    "gold_collected",
    "worked",
    "attacked",
    "built",
    "converted",
    "hired",
    "bridge",
    "placed",
    "relocated",
    "split",
    "absorbed",
    "planet_moved",
)
"""What an event of a turn can say happened (L12–L30, LS6–LS12)."""



# --------------------------------------------------------------------------- the statement
#
# Each shape's members, stated once: the readers and writers below walk these tables, and
# the HTTP layer turns them into the document's schemas (service/api/turm_und_leute).

ID: Final = String(1, MAX_ID, problem=N_("must be a string of 1 to {most} characters")(most=MAX_ID))
SIDE: Final = Choice(Side)
PEOPLE: Final = Among(PEOPLES)


@dataclass(frozen=True)
class TroopBody:
    """A group of a ledger as a request gives it: its kind still a name (L1 is the rule
    stage's, :func:`parse_turn`)."""

    id: str
    kind: str
    figures: int
    markers: int = 0
    actions_used: int = 0
    off_board: bool = False

    @classmethod
    def of(cls, troop: Troop) -> TroopBody:
        """The JSON form's value of ``troop``."""
        return cls(troop.id, troop.kind.value, troop.figures, troop.markers, troop.actions_used, troop.off_board)


LEDGER_GROUP: Final = Shared(
    "LedgerGroup",
    "A group of the side: its id, kind and figures, the markers on it and the actions it used this turn (L14, "
    "L15), and for angels whether it is off the board (L18).",
    (
        Member("id", ID, "The group's name, unique in the ledger (L14)."),
        Member("kind", UNIT_NAME, "The unit (L1), by the edition's name."),
        Member("figures", FIGURES, "Figures on the tile: 1 to what it holds (L1)."),
        Member("markers", Integer(0), "Markers lying on it (L14). Default 0.", default=0),
        Member("actions_used", Integer(0), "Actions it took this turn, each of which laid a marker (L15). "
               "Default 0.", default=0),
        Member("off_board", Flag(), "Angels only: it is off the board (L18). Default false.", default=False),
    ),
    TroopBody,
)


def _count(name: str, doc: str) -> Member:
    """A count a record has only where it has one."""
    return Member(name, Integer(0), doc, default=None, omit=True)


SUPPLY: Final = Record(
    "Supply",
    "The side's resources: wood, stone, gold; in Stahl und Sterne biomass, iron, uranium (LS4). Each defaults to 0.",
    (
        _count("wood", "Wood (L20)."),
        _count("stone", "Stone (L22)."),
        _count("gold", "Gold (L19, L23)."),
        _count("biomass", "Stahl und Sterne: biomass, the wood (LS4)."),
        _count("iron", "Stahl und Sterne: iron, the stone (LS4)."),
        _count("uranium", "Stahl und Sterne: uranium, the gold (LS4)."),
    ),
)

BUILDINGS_OF: Final = Record("Buildings", "The side's buildings (L25–L27, LS10). Each defaults to 0.", (
    _count("farm", "Farms (L25)."),
    _count("quarry", "Quarries (L25)."),
    _count("tower", "The castle's towers, the first one the count starts with (L11, L26, LS10); at most 4."),
    _count("wall", "The castle's walls, the gate not counted (L26); at most 3."),
    _count("gate", "The gate, the castle's last part and fourth wall (L26); at most 1."),
    _count("dragon", "The angels' dragon (L27); at most 1."),
    _count("catapult", "The dwarves' catapult (L27); at most 1."),
))


@dataclass(frozen=True)
class LedgerBody:
    """A ledger as its JSON gives it: its groups' kinds, its resources and its buildings
    by name (the edition's, in an answer), before the rules judge them."""

    side: Side
    markers: int = 0
    supply: Mapping[str, int] = field(default_factory=dict)
    groups: tuple[TroopBody, ...] = ()
    buildings: Mapping[str, int] = field(default_factory=dict)
    fluids: int = 0
    stacks: tuple[int, ...] = ()

    @classmethod
    def of(cls, edition: Edition, ledger: Ledger) -> LedgerBody:
        """The JSON form's value of ``ledger``: the edition's resources and buildings, zeros
        included."""
        return cls(
            ledger.side,
            ledger.markers,
            {r.value: ledger.resource(r) for r in RESOURCES[edition]},
            tuple(TroopBody.of(t) for t in ledger.groups),
            {b.value: ledger.building(b) for b in BUILDINGS[edition]},
            ledger.fluids,
            tuple(ledger.stacks),
        )


LEDGER: Final = Shared(
    "Ledger",
    "A side's ledger: its supply of markers and resources, its groups, its buildings, and for the Fluid its fluids "
    "and stacks (L12–L30).",
    (
        Member("side", SIDE, "Whose ledger (L9): `graf` (`imperator` in Stahl und Sterne), `zwerge`, `engel`, "
               "`fluid`."),
        Member("markers", Integer(0), "Markers in the supply (L12, L14). Default 0.", default=0),
        Member("supply", SUPPLY, "Resources. Default none.", default={}),
        Member("groups", ListOf(LEDGER_GROUP), "The side's groups. Default none.", default=()),
        Member("buildings", BUILDINGS_OF, "Buildings. Default none.", default={}),
        Member("fluids", Integer(0), "The Fluid: fluids on the board (L30). Default 0.", default=0),
        Member("stacks", ListOf(Integer(2), "A stack's height."), "The Fluid: the heights of its stacks (L30). "
               "Default none.", default=()),
    ),
    LedgerBody,
    # Its buildings are read, and their problems named, before its groups.
    order=("side", "markers", "supply", "buildings", "groups", "fluids", "stacks"),
)

_GROUP = "The acting group's id."


def _action(name: str, doc: str, build: type, *members: Member, order: tuple[str, ...] = ()) -> Shared:
    title = "".join(part.title() for part in name.split("_"))
    return Shared(f"{title}Action", doc, members, build, whole=True, order=order)


ACTION: Final = ByTag("Action", "type", "`{value}`.", {
    "move": _action(
        "move",
        "A group moves (L14): one action, one marker. Gold pieces on its way are collected (L19); an angel enters "
        "from the edge or flees to it (L18).",
        Move,
        Member("group", ID, _GROUP),
        Member("to", Among(DESTINATIONS), "Angels only: `board` to enter from the edge, `off` to flee to it (L18).",
               default=None, omit=True),
        Member("gold", Integer(0), "Gold pieces collected on the way (asserted; L19). Default 0.", default=0),
    ),
    "work": _action(
        "work",
        "A worker, or a whole group of fighters, works (L20–L24, LS8): one action, one marker.",
        Work,
        Member("group", ID, _GROUP),
        Member("site", Choice(Site), "Where (asserted): `forest`, `field`, `quarry`, `gold` (the angels' workers); "
               "Stahl und Sterne `green`, `blue`, `red`, `gold`."),
        Member("imperator_present", Flag(), "Stahl und Sterne: the imperator is on the world worked, doubling it "
               "(LS9). Default false.", default=False),
    ),
    "attack": _action(
        "attack",
        "A group attacks (L3, L16): one action, one marker; the fight is `POST /v1/turm-und-leute/combat`.",
        Attack,
        Member("group", ID, _GROUP),
    ),
    "build": _action(
        "build",
        "Pay for a building (L25–L27, LS10); no marker.",
        Build,
        Member("project", Choice(Project), "What is built."),
    ),
    "convert": _action(
        "convert",
        "Five unmarked workers become fighters (L28); no marker.",
        Convert,
        Member("workers", ListOf(ID, "A worker's id.", 1, 20), "The five workers."),
        Member("into", Among(tuple(Kind(n) for n in FIGHTER_NAMES)), "Riders or archers (one group), pikemen (two), "
               "by the edition's name."),
    ),
    "hire": _action(
        "hire",
        "The angels hire one angel for 7 gold, the dwarves a group for 1 gold per life (L29, LS11).",
        Hire,
        Member("figures", Integer(1), "Dwarves: the new group's figures (1 to 5); angels: 1. Default 1.", default=1),
    ),
    "bridge": _action(
        "bridge",
        "Stahl und Sterne: a bridge between worlds, 2 markers per field (LS7).",
        Bridge,
        Member("fields", Integer(1), "Fields of the solar system between the worlds."),
    ),
    "place": _action("place", "The Fluid brings a new fluid into play (L30 1).", Place),
    "relocate": _action("relocate", "The Fluid places two fluids elsewhere (L30 2).", Relocate),
    "split": _action(
        "split",
        "The Fluid splits a stack (L30 3).",
        Split,
        Member("stack", Integer(0), "The stack's index in `stacks`."),
        Member("parts", ListOf(Integer(1), "A part's fluids.", 1, 20), "The parts, two or more, as many fluids as "
               "the stack."),
    ),
    "absorb": _action(
        "absorb",
        "The Fluid stacks four single fluids on an opposing group next to them and takes it (L30 4).",
        Absorb,
        Member("side", SIDE, "The group's side."),
        Member("group", ID, "The group's id in its side's ledger."),
        # The group is read first, as for every action that names one.
        order=("group", "side"),
    ),
    "move_planet": _action(
        "move_planet", "Stahl und Sterne: the Fluid moves a planet on its orbit, for both its moves (LS12).",
        MovePlanet,
    ),
})
"""Every action of a ledger (L14–L30, LS7, LS12), by its ``type``."""


@dataclass(frozen=True)
class TurnBody:
    """A turn as a request gives it, its ledger read in the shape stage (:class:`LedgerBody`)."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledger: LedgerBody
    actions: tuple[Action, ...] = ()
    start: bool = True
    end: bool = True


TURN: Final = Obj("Turn", "A side's turn: the game, the side's ledger and its actions (L12–L30, LS4–LS13).", (
    Member("edition", EDITION, "Which edition (L1, LS4)."),
    Member("peoples", ListOf(PEOPLE, "A people.", 1, len(PEOPLES)),
           "The peoples playing against the count, each once (L9)."),
    Member("ledger", LEDGER, "The side's ledger before the turn."),
    Member("actions", ListOf(ACTION, "", 0, MAX_ACTIONS), "The actions, in order. Default none.", default=()),
    Member("start", Flag(), "The turn starts here: markers removed and received first (L12, L13, L18, LS6). "
           "Default true.", default=True),
    Member("end", Flag(), "The actions are the whole turn (the Fluid's two moves, L30). Default true.", default=True),
), TurnBody)


@dataclass(frozen=True)
class GoalBody:
    """The goal question as a request gives it, its ledgers read in the shape stage."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledgers: tuple[LedgerBody, ...]
    people_safe: bool = False


GOAL: Final = Obj("Goal", "Every side's ledger, for the goals (L31, LS10).", (
    Member("edition", EDITION, "Which edition."),
    Member("peoples", ListOf(PEOPLE, "A people.", 1, len(PEOPLES)), "The peoples playing against the count (L9)."),
    Member("ledgers", ListOf(LEDGER, "", 1, 4), "One ledger per side in play, the count's included."),
    Member("people_safe", Flag(), "Turm und Leute: all the count's people are in safety (asserted; L31). "
           "Default false.", default=False),
), GoalBody)

# ------------------------------------------------------------ the answers' statement


class SideBody(NamedTuple):
    """One side at the start, as the set-up answer writes it."""

    side: Side
    markers_per_turn: int
    ledger: LedgerBody


class SetupBody(NamedTuple):
    """The set-up answer's value (L9–L12)."""

    edition: Edition
    peoples: tuple[Side, ...]
    order: tuple[Side, ...]
    sides: tuple[SideBody, ...]


SETUP_ANSWER: Final = Obj("SetupAnswer", "Every side of the game in the order they move (L10), with its forces (L11).", (
    Member("edition", EDITION, "The edition."),
    Member("peoples", ListOf(PEOPLE, "A people.")),
    Member("order", ListOf(SIDE, "A side.")),
    Member("sides", ListOf(Obj("SideSetup", "One side at the start.", (
        Member("side", SIDE, "The side."),
        Member("markers_per_turn", Integer(0), "Markers it receives at the start of each turn (L12)."),
        Member("ledger", LEDGER),
    ), SideBody))),
), SetupBody)

VIOLATION: Final = Obj("Violation", "The first illegal action of a turn.", (
    Member("rule", Text(), "The rule id it breaks."),
    Member("index", Integer(0), "The index of the offending action; the number of actions when the turn ends too "
           "early (L30)."),
    Member("detail", Text(), "A sentence a player understands."),
    Member("interpretations", Readings(), omit=True),
), Violation)

VERDICT: Final = wire.verdict_statement(VIOLATION, "action")
"""The validation's answer: legal, or the first illegal action."""

PRODUCTION: Final = Record(
    "Production", "What the turn's work produced (L20–L23, LS8, LS9); members only for what it produced.", (
        _count("wood", "Wood."),
        _count("stone", "Stone."),
        _count("gold", "Gold."),
        _count("biomass", "Biomass."),
        _count("iron", "Iron."),
        _count("uranium", "Uranium."),
        _count("arbeiter", "New workers."),
    ),
)

EVENT: Final = Record("Event", "Something that happened, in order; `type` says what, the other members its details.", (
    Member("type", Word(EVENT_TYPES), "What happened."),
    Member("group", Text(), "The group.", default=None, omit=True),
    Member("to", Word(DESTINATIONS), "Where an angel went (L18).", default=None, omit=True),
    _count("markers", "Markers removed, received or paid."),
    _count("gold", "Gold collected, or produced."),
    Member("kept", Flag(), "The collected gold is kept (angels, dwarves; L19).", default=None, omit=True),
    Member("site", Word(tuple(s.value for s in Site)), "Where the group worked.", default=None, omit=True),
    Member("workers", ListOf(Text(), "A worker."), "New workers, or the workers converted.", default=None, omit=True),
    _count("wood", "Wood produced."),
    _count("stone", "Stone produced."),
    _count("biomass", "Biomass produced."),
    _count("iron", "Iron produced."),
    _count("uranium", "Uranium produced."),
    Member("project", Word(tuple(p.value for p in Project)), "What was built.", default=None, omit=True),
    Member("groups", ListOf(Text(), "A group."), "The groups a conversion made.", default=None, omit=True),
    Member("figures", Integer(1), "A hired group's figures.", default=None, omit=True),
    Member("fields", Integer(1), "A bridge's length in fields.", default=None, omit=True),
    Member("stack", Integer(2), "The height of the stack split.", default=None, omit=True),
    Member("parts", ListOf(Integer(1), "A part."), "The parts of a split.", default=None, omit=True),
    Member("side", Word(tuple(s.value for s in Side)), "The side of the group taken.", default=None, omit=True),
    Member("interpretations", Readings(), default=None, omit=True),
))


class TurnAnswer(NamedTuple):
    """The apply answer's value: the ledger after the turn (its JSON form's value), its
    production, the markers it spent and its events (each ``{"type", …members}``)."""

    ledger: LedgerBody
    production: Mapping[str, int]
    markers_spent: int
    events: tuple[Mapping[str, object], ...]


APPLY_ANSWER: Final = Obj("ApplyAnswer", "The ledger after the turn, its production, the markers it spent and its "
                          "events.", (
    Member("ledger", LEDGER),
    Member("production", PRODUCTION),
    Member("markers_spent", Integer(0), "Markers taken from the supply (L14, LS7)."),
    Member("events", ListOf(EVENT)),
), TurnAnswer)

GOAL_ANSWER: Final = Obj("GoalAnswer", "Each side's aim, whether the count is removed, the winners (L31).", (
    Member("sides", ListOf(Obj("SideGoal", "One side's aim and whether it is reached.", (
        Member("side", SIDE, "The side."),
        Member("aim", Choice(Aim), "Its aim (L31, LS10)."),
        Member("met", Flag(), "The aim is reached."),
        Member("missing", ListOf(Text(), "What is still missing.")),
    ), SideGoal))),
    Member("count_removed", Flag(), "The count has no group of himself left: his opponents win together (L31)."),
    Member("winners", ListOf(SIDE, "A side.")),
    Member("game_over", Flag(), "Someone has won."),
), GoalResult)


# ------------------------------------------------------------------------------ reading


def parse_peoples_list(text: str) -> tuple[Side, ...]:
    """The ``peoples`` query parameter: the peoples' names separated by commas.

    >>> parse_peoples_list("engel,fluid")
    (<Side.ENGEL: 'engel'>, <Side.FLUID: 'fluid'>)
    """
    shape = Shape()
    found = [shape.member(Side, name, "/peoples") for name in text.split(",")]
    shape.done()
    return tuple(p for p in found if p is not None)


def _build_ledger(edition: Edition, body: LedgerBody, where: str) -> Ledger:
    troops = []
    for i, troop in enumerate(body.groups):
        kind = _KINDS.get(troop.kind)
        if kind is None:
            raise InvalidPositionError("L1", unknown_kind_detail(edition, troop.kind), f"{where}/groups/{i}/kind")
        troops.append(Troop(troop.id, kind, troop.figures, troop.markers, troop.actions_used, troop.off_board))
    return Ledger(
        body.side,
        markers=body.markers,
        resources={Resource(k): v for k, v in body.supply.items()},
        groups=tuple(troops),
        buildings={Building(k): v for k, v in body.buildings.items()},
        fluids=body.fluids,
        stacks=tuple(body.stacks),
    )


@dataclass(frozen=True)
class TurnQuery:
    """A turn to validate or apply: the game's edition and peoples, the side's ledger,
    its actions, and whether the turn starts here and ends with them."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledger: Ledger
    actions: tuple[Action, ...]
    start: bool = True
    end: bool = True


def parse_turn(data: object) -> TurnQuery:
    """Read the body of ``POST /v1/turm-und-leute/turns/validate`` (and ``…/apply``):
    :data:`TURN`.

    Raises :class:`~service.common.errors.MalformedError` for every shape problem, then
    :class:`InvalidPositionError` for a ledger the rules make impossible (L1, L9, L11,
    L14, L15, L18, L26, L27, L30, LS4, LS8) or a choice of peoples they forbid (L9).
    """
    body: TurnBody = wire.read(TURN, data)
    edition, peoples = body.edition, body.peoples
    _check_peoples(edition, peoples)
    ledger = _build_ledger(edition, body.ledger, "/ledger")
    check_ledger(edition, peoples, ledger)
    return TurnQuery(edition, peoples, ledger, body.actions, body.start, body.end)


def _check_peoples(edition: Edition, peoples: Sequence[Side]) -> None:
    # A body's peoples are part of what it describes, so a bad choice is an impossible
    # ledger's 422 (InvalidLedger), as the set-up query's is a refused question's.
    try:
        check_peoples(edition, peoples)
    except InvalidQueryError as exc:
        raise InvalidPositionError(exc.rule, exc.detail, exc.field) from None


@dataclass(frozen=True)
class GoalQuery:
    """Every side's ledger, and whether the count's people are safe (L31)."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledgers: tuple[Ledger, ...]
    people_safe: bool = False


def parse_goal(data: object) -> GoalQuery:
    """Read the body of ``POST /v1/turm-und-leute/goal`` (:data:`GOAL`); the ledgers are
    checked when the goal is asked (:func:`~service.turm_und_leute.goal.goal`)."""
    body: GoalBody = wire.read(GOAL, data)
    _check_peoples(body.edition, body.peoples)
    ledgers = tuple(_build_ledger(body.edition, raw, f"/ledgers/{i}") for i, raw in enumerate(body.ledgers))
    return GoalQuery(body.edition, body.peoples, ledgers, body.people_safe)


# ------------------------------------------------------------------------------ writing


def ledger_to_dict(edition: Edition, ledger: Ledger) -> dict[str, Any]:
    """A ledger with the edition's resources and buildings written out, zeros included.

    >>> ledger_to_dict(Edition.STAHL_UND_STERNE, Ledger(Side.ENGEL))["supply"]
    {'biomass': 0, 'iron': 0, 'uranium': 0}
    """
    written: dict[str, Any] = LEDGER.write(LedgerBody.of(edition, ledger))
    return written


def setup_to_dict(game: Game) -> dict[str, Any]:
    """The answer of ``GET /v1/turm-und-leute/setup`` (:data:`SETUP_ANSWER`)."""
    body = SetupBody(
        game.edition,
        game.peoples,
        game.order,
        tuple(SideBody(s.side, s.markers_per_turn, LedgerBody.of(game.edition, s.ledger)) for s in game.sides),
    )
    written: dict[str, Any] = SETUP_ANSWER.write(body)
    return written


def violation_to_dict(violation: Violation) -> dict[str, Any]:
    """``{"rule", "index", "detail"}``."""
    written: dict[str, Any] = VIOLATION.write(violation)
    return written


def _event(event: Event) -> Mapping[str, object]:
    readings = event.interpretations
    return {"type": event.type, **event.members, **({"interpretations": readings} if readings else {})}


def event_to_dict(event: Event) -> dict[str, Any]:
    """``{"type", …members}``, the members in the order the engine gives them."""
    written: dict[str, Any] = EVENT.write(_event(event))
    return written


def result_to_dict(edition: Edition, result: TurnResult) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/turns/apply`` (:data:`APPLY_ANSWER`)."""
    body = TurnAnswer(
        LedgerBody.of(edition, result.ledger),
        result.production,
        result.markers_spent,
        tuple(_event(e) for e in result.events),
    )
    written: dict[str, Any] = APPLY_ANSWER.write(body)
    return written


def goal_to_dict(result: GoalResult) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/goal`` (:data:`GOAL_ANSWER`)."""
    written: dict[str, Any] = GOAL_ANSWER.write(result)
    return written
