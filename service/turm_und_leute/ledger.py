"""A side's turn as a ledger: its supply, its groups with their markers, its buildings
(L12–L31, LS4–LS13), and the actions that change it.

A turn is a list of actions. :func:`validate_turn` finds the first illegal one (its index,
rule id and a sentence), :func:`apply_turn` plays them all and answers the ledger after,
the production and the events. Nothing here needs a distance or the board: where an
action depends on them (a field in reach, four fluids adjacent, the imperator on the
planet worked), the client asserts it, as for a fight (L2).

>>> ledger = setup_ledger(Edition.TURM_UND_LEUTE, Side.GRAF, opponents=1)
>>> turn = (Move("reiter-1"), Work("arbeiter-1", Site.FOREST), Work("arbeiter-2", Site.FOREST))
>>> after = apply_turn(Edition.TURM_UND_LEUTE, (Side.ENGEL,), ledger, turn)
>>> after.ledger.markers, after.ledger.resource(Resource.WOOD), after.markers_spent
(1, 2, 3)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Final, TypeAlias

from service.common.errors import InvalidPositionError
from service.common.language import DEFAULT_LANGUAGE
from service.common.refusal import N_, Message, Nn_, explain
from service.turm_und_leute.peoples import (
    START_FLUIDS,
    START_TOWERS,
    Side,
    markers_per_turn,
    starting_groups,
)
from service.turm_und_leute.units import UNITS, Edition, Kind, translate, unknown_kind_detail


class Resource(str, enum.Enum):
    """What a side keeps in its supply besides markers (L20–L27); *Stahl und Sterne* has
    its own names (LS4)."""

    WOOD = "wood"
    STONE = "stone"
    GOLD = "gold"
    BIOMASS = "biomass"
    IRON = "iron"
    URANIUM = "uranium"


RESOURCES: Final[Mapping[Edition, tuple[Resource, Resource, Resource]]] = MappingProxyType(
    {
        Edition.TURM_UND_LEUTE: (Resource.WOOD, Resource.STONE, Resource.GOLD),
        Edition.STAHL_UND_STERNE: (Resource.BIOMASS, Resource.IRON, Resource.URANIUM),
    }
)
"""Per edition: wood, stone, gold and their *Stahl und Sterne* names (LS4), in that order."""


def wood(edition: Edition) -> Resource:
    """Wood, or biomass (LS4)."""
    return RESOURCES[edition][0]


def stone(edition: Edition) -> Resource:
    """Stone, or iron (LS4)."""
    return RESOURCES[edition][1]


def gold(edition: Edition) -> Resource:
    """Gold, or uranium (LS4)."""
    return RESOURCES[edition][2]


class Building(str, enum.Enum):
    """What a ledger counts of its side's buildings (L25–L27, LS10)."""

    FARM = "farm"
    QUARRY = "quarry"
    TOWER = "tower"
    WALL = "wall"
    GATE = "gate"
    DRAGON = "dragon"
    CATAPULT = "catapult"


BUILDINGS: Final[Mapping[Edition, tuple[Building, ...]]] = MappingProxyType(
    {
        Edition.TURM_UND_LEUTE: tuple(Building),
        # LS8: the worlds replace every building but the towers.
        Edition.STAHL_UND_STERNE: (Building.TOWER, Building.DRAGON, Building.CATAPULT),
    }
)

MOST: Final[Mapping[Building, int | None]] = MappingProxyType(
    {
        Building.FARM: None,
        Building.QUARRY: None,
        Building.TOWER: 4,
        Building.WALL: 3,
        Building.GATE: 1,
        Building.DRAGON: 1,
        Building.CATAPULT: 1,
    }
)
"""The most of each building a side can have (L26, L27, LS10): four towers, three walls
and the gate as the fourth, one dragon, one catapult; farms and quarries without limit."""


class Project(str, enum.Enum):
    """What a ``build`` action builds (L25–L27, LS10)."""

    FARM = "farm"
    QUARRY = "quarry"
    CASTLE_PART = "castle_part"
    GATE = "gate"
    TOWER = "tower"
    DRAGON = "dragon"
    CATAPULT = "catapult"


PROJECTS: Final[Mapping[Edition, tuple[Project, ...]]] = MappingProxyType(
    {
        Edition.TURM_UND_LEUTE: (
            Project.FARM,
            Project.QUARRY,
            Project.CASTLE_PART,
            Project.GATE,
            Project.DRAGON,
            Project.CATAPULT,
        ),
        Edition.STAHL_UND_STERNE: (Project.TOWER, Project.DRAGON, Project.CATAPULT),
    }
)


def cost(edition: Edition, project: Project) -> Mapping[Resource, int]:
    """What ``project`` costs (L25–L27, LS10), in the edition's resources.

    >>> {r.value: n for r, n in cost(Edition.STAHL_UND_STERNE, Project.TOWER).items()}
    {'biomass': 4, 'iron': 4}
    """
    w, s, g = RESOURCES[edition]
    if project in (Project.FARM, Project.QUARRY):
        return {w: 4}
    if project in (Project.CASTLE_PART, Project.GATE, Project.TOWER):
        return {w: 4, s: 4}
    return {g: 23}


class Site(str, enum.Enum):
    """Where a group works (L20–L23, LS8)."""

    FOREST = "forest"
    FIELD = "field"
    QUARRY = "quarry"
    GOLD = "gold"
    GREEN = "green"
    BLUE = "blue"
    RED = "red"


SITES: Final[Mapping[Edition, tuple[Site, ...]]] = MappingProxyType(
    {
        Edition.TURM_UND_LEUTE: (Site.FOREST, Site.FIELD, Site.QUARRY, Site.GOLD),
        Edition.STAHL_UND_STERNE: (Site.GREEN, Site.BLUE, Site.RED, Site.GOLD),
    }
)

FIGHTERS: Final = frozenset(
    {
        Kind.PIKENIERE,
        Kind.BOGENSCHUETZEN,
        Kind.REITER,
        Kind.ELEKTROKAEMPFER,
        Kind.STRAHLENWERFER,
        Kind.DAEMONENREITER,
    }
)
"""The "Kämpfer" of the text: the count's fighting kinds, which work as whole groups
(L24) and which five workers become (L28)."""

ANGEL_PRICE: Final = 7
"""L29: gold per angel hired."""
DWARF_PRICE: Final = 1
"""L29: gold per life of a dwarf group hired."""
BRIDGE_PRICE: Final = 2
"""LS7: markers per field of the solar system a bridge between worlds spans."""


# ---------------------------------------------------------------------------- the ledger


@dataclass(frozen=True)
class Troop:
    """A group in a ledger (L1, L14, L15, L18).

    ``markers`` lie on it; ``actions_used`` of them are its own actions this turn. A group
    with a marker that is not one of its actions (it joined the side during the turn,
    placed marked) is blocked (L15). Only angels stand ``off_board`` (L18).
    """

    id: str
    kind: Kind
    figures: int
    markers: int = 0
    actions_used: int = 0
    off_board: bool = False

    @property
    def blocked(self) -> bool:
        """It carries a marker that is not one of its own actions this turn (L15)."""
        return self.markers > self.actions_used


@dataclass(frozen=True)
class Ledger:
    """A side's supply, groups and buildings (L12, L14, L20–L30).

    The Fluid's ledger has no markers and no groups: its ``fluids`` (on the board) and
    the heights of its ``stacks`` (two or more fluids on one place; every other fluid
    stands alone) are its supply (L30).
    """

    side: Side
    markers: int = 0
    resources: Mapping[Resource, int] = field(default_factory=dict)
    groups: tuple[Troop, ...] = ()
    buildings: Mapping[Building, int] = field(default_factory=dict)
    fluids: int = 0
    stacks: tuple[int, ...] = ()

    def resource(self, resource: Resource) -> int:
        """How much of ``resource`` the side has."""
        return self.resources.get(resource, 0)

    def building(self, building: Building) -> int:
        """How many of ``building`` the side has."""
        return self.buildings.get(building, 0)

    def group(self, group_id: str) -> Troop | None:
        """The group of that id, or ``None``."""
        for troop in self.groups:
            if troop.id == group_id:
                return troop
        return None

    @property
    def singles(self) -> int:
        """The Fluid's fluids that stand alone (L30)."""
        return self.fluids - sum(self.stacks)


def setup_ledger(edition: Edition, side: Side, opponents: int) -> Ledger:
    """L11, LS5: ``side``'s ledger at the start of the game, before its first turn; groups
    are full tiles named ``kind-N`` (the count himself ``graf`` or ``imperator``), angels
    off the board.

    >>> [t.id for t in setup_ledger(Edition.TURM_UND_LEUTE, Side.ZWERGE, 2).groups]
    ['zwerge-1', 'zwerge-2', 'zwerge-3']
    """
    groups: list[Troop] = []
    for kind, number in starting_groups(edition, side, opponents):
        unit = UNITS[edition][kind]
        for n in range(1, number + 1):
            name = kind.value if kind in (Kind.GRAF, Kind.IMPERATOR) else f"{kind.value}-{n}"
            groups.append(Troop(name, kind, unit.max_figures, off_board=kind is Kind.ENGEL))
    return Ledger(
        side,
        resources={r: 0 for r in RESOURCES[edition]},
        groups=tuple(groups),
        buildings={Building.TOWER: START_TOWERS} if side.is_count else {},
        fluids=START_FLUIDS if side is Side.FLUID else 0,
    )


def check_ledger(edition: Edition, peoples: Sequence[Side], ledger: Ledger, where: str = "/ledger") -> None:
    """The structure of a ledger; raises :class:`InvalidPositionError` naming the rule and
    the member (L1, L9, L14, L15, L18, L26, L30, LS4, LS8).

    >>> check_ledger(Edition.TURM_UND_LEUTE, (Side.ZWERGE,), Ledger(Side.ZWERGE, groups=(
    ...     Troop("a", Kind.ZWERGE, 5), Troop("a", Kind.ZWERGE, 3))))
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidPositionError: L14: two groups are called 'a'
    """
    side = ledger.side
    if side not in (_count(edition), *peoples):
        raise InvalidPositionError(
            "L9", N_("{side} is not a side of this game ({sides})")(side=repr(side.value), sides=_sides(edition, peoples)), f"{where}/side"
        )
    for resource in Resource:
        if ledger.resource(resource) and resource not in RESOURCES[edition]:
            raise InvalidPositionError(
                "LS4", N_("{full_name} has no {resource}")(full_name=edition.full_name, resource=resource.value), f"{where}/supply/{resource.value}"
            )
    for building in Building:
        count = ledger.building(building)
        if count and building not in BUILDINGS[edition]:
            raise InvalidPositionError(
                "LS8", N_("{full_name} has no {building}")(full_name=edition.full_name, building=building.value), f"{where}/buildings/{building.value}"
            )
    _check_buildings(side, ledger, f"{where}/buildings")
    if side is Side.FLUID:
        if ledger.markers:
            raise InvalidPositionError(
                "L30", N_("the Fluid has no markers: it has two moves a turn")(), f"{where}/markers"
            )
        if ledger.groups:
            raise InvalidPositionError(
                "L30",
                N_("the Fluid has no groups: its fluids are counted in fluids and stacks")(),
                f"{where}/groups/0",
            )
        if sum(ledger.stacks) > ledger.fluids:
            raise InvalidPositionError(
                "L30",
                N_("the stacks hold {held} fluids, more than the {fluids} on the board")(held=sum(ledger.stacks), fluids=ledger.fluids),
                f"{where}/stacks",
            )
    elif ledger.fluids or ledger.stacks:
        raise InvalidPositionError("L30", N_("only the Fluid has fluids")(), f"{where}/fluids")
    seen: set[str] = set()
    counts = 0
    for i, troop in enumerate(ledger.groups):
        at = f"{where}/groups/{i}"
        _check_troop(edition, side, troop, at)
        if troop.id in seen:
            raise InvalidPositionError("L14", N_("two groups are called {troop}")(troop=repr(troop.id)), f"{at}/id")
        seen.add(troop.id)
        counts += troop.kind in (Kind.GRAF, Kind.IMPERATOR)
        if counts > 1:
            raise InvalidPositionError("L11", N_("the count is one group")(), f"{at}/kind")


def _check_troop(edition: Edition, side: Side, troop: Troop, at: str) -> None:
    unit = UNITS[edition].get(troop.kind)
    if unit is None:
        raise InvalidPositionError("L1", unknown_kind_detail(edition, troop.kind.value), f"{at}/kind")
    if not 1 <= troop.figures <= unit.max_figures:
        raise InvalidPositionError(
            "L1",
            N_("a tile of {kind} holds 1 to {max_figures} figures, not {figures}")(kind=troop.kind.value, max_figures=unit.max_figures, figures=troop.figures),
            f"{at}/figures",
        )
    if troop.kind in (Kind.GRAF, Kind.IMPERATOR) and not side.is_count:
        raise InvalidPositionError(
            "L11", N_("the {kind} belongs to his own side, not to {side}")(kind=troop.kind.value, side=side.value), f"{at}/kind"
        )
    if troop.actions_used > unit.actions:
        raise InvalidPositionError(
            "L15",
            Nn_(
                "a group of {kind} has {actions} action a turn, not {actions_used}",
                "a group of {kind} has {actions} actions a turn, not {actions_used}",
                "actions",
            )(kind=troop.kind.value, actions=unit.actions, actions_used=troop.actions_used),
            f"{at}/actions_used",
        )
    if troop.markers < troop.actions_used:
        raise InvalidPositionError(
            "L14",
            N_("every action lays a marker on the group: it carries fewer markers than its actions")(),
            f"{at}/markers",
        )
    if troop.off_board and troop.kind is not Kind.ENGEL:
        raise InvalidPositionError(
            "L18", N_("only angels stand off the board, not {kind}")(kind=troop.kind.value), f"{at}/off_board"
        )


def _check_buildings(side: Side, ledger: Ledger, where: str) -> None:
    for building, most in MOST.items():
        count = ledger.building(building)
        if most is not None and count > most:
            raise InvalidPositionError(
                _BUILDING_RULE[building],
                N_("a side has at most {most} {building}")(most=most, building=building.value),
                f"{where}/{building.value}",
            )
    castle = (
        ledger.building(Building.WALL) or ledger.building(Building.GATE) or ledger.building(Building.TOWER)
    )
    if castle and not side.is_count:
        raise InvalidPositionError(
            "L26", N_("the castle is the count's, not the {side}'s")(side=side.value), f"{where}/tower"
        )
    if ledger.building(Building.WALL) > ledger.building(Building.TOWER):
        raise InvalidPositionError(
            "L26", N_("each castle part is a wall and a tower: more walls than towers")(), f"{where}/wall"
        )
    if ledger.building(Building.GATE) and (
        ledger.building(Building.TOWER),
        ledger.building(Building.WALL),
    ) != (4, 3):
        raise InvalidPositionError(
            "L26", N_("the gate is the last part: built after four towers and three walls")(), f"{where}/gate"
        )
    for building, owner in ((Building.DRAGON, Side.ENGEL), (Building.CATAPULT, Side.ZWERGE)):
        if ledger.building(building) and side is not owner:
            raise InvalidPositionError(
                "L27", N_("the {building} is the {owner}'s")(building=building.value, owner=owner.value), f"{where}/{building.value}"
            )


_BUILDING_RULE: Final = {
    Building.FARM: "L25",
    Building.QUARRY: "L25",
    Building.TOWER: "L26",
    Building.WALL: "L26",
    Building.GATE: "L26",
    Building.DRAGON: "L27",
    Building.CATAPULT: "L27",
}


def _count(edition: Edition) -> Side:
    return Side.IMPERATOR if edition is Edition.STAHL_UND_STERNE else Side.GRAF


def _sides(edition: Edition, peoples: Sequence[Side]) -> str:
    return ", ".join(s.value for s in (_count(edition), *peoples))


# ---------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Move:
    """L14, L18, L19: a group moves. An angel may enter from the edge (``to="board"``) or
    flee to it (``to="off"``); gold pieces on its way are collected."""

    group: str
    to: str | None = None
    gold: int = 0


@dataclass(frozen=True)
class Work:
    """L20–L24, LS8, LS9: a group works at a site; ``imperator_present`` (asserted) doubles
    the production of the imperator's side on that world."""

    group: str
    site: Site
    imperator_present: bool = False


@dataclass(frozen=True)
class Attack:
    """L3, L16: a group attacks. The fight itself is ``POST /v1/turm-und-leute/combat``; in
    a ledger an attack spends the group's action and its marker."""

    group: str


@dataclass(frozen=True)
class Build:
    """L25–L27, LS10: pay for a building; no group acts and no marker is spent."""

    project: Project


@dataclass(frozen=True)
class Convert:
    """L28: five unmarked workers become one group of riders or archers, or two of pikemen."""

    workers: tuple[str, ...]
    into: Kind


@dataclass(frozen=True)
class Hire:
    """L29, LS11: the angels hire one angel; the dwarves a group of ``figures`` dwarves."""

    figures: int = 1


@dataclass(frozen=True)
class Bridge:
    """LS7: a bridge between worlds, ``fields`` fields of the solar system long."""

    fields: int


@dataclass(frozen=True)
class Place:
    """L30 1): a new fluid, placed anywhere."""


@dataclass(frozen=True)
class Relocate:
    """L30 2): two fluids placed elsewhere."""


@dataclass(frozen=True)
class Split:
    """L30 3): the stack at index ``stack`` of the ledger's stacks, split into ``parts``."""

    stack: int
    parts: tuple[int, ...]


@dataclass(frozen=True)
class Absorb:
    """L30 4): four fluids adjacent to a group of ``side`` stack on it and take it."""

    side: Side
    group: str


@dataclass(frozen=True)
class MovePlanet:
    """LS12: the Fluid moves a planet on its orbit, for both its moves."""


Action: TypeAlias = (
    Move | Work | Attack | Build | Convert | Hire | Bridge | Place | Relocate | Split | Absorb | MovePlanet
)
FLUID_ACTIONS: Final = (Place, Relocate, Split, Absorb, MovePlanet)
FLUID_MOVES: Final = 2
"""L30: the Fluid makes two moves a turn."""


@dataclass(frozen=True)
class Violation:
    """The first illegal action of a turn: its index (the number of actions for a turn
    that ends too early), the rule and a sentence."""

    index: int
    rule: str
    detail: str

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """Its sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        return explain(self.detail, language)


@dataclass(frozen=True)
class Event:
    """Something that happened, in order: ``type`` and its members (JSON values)."""

    type: str
    members: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class TurnResult:
    """The ledger after a turn, what it produced (resources and new workers, L20–L23,
    LS8), the markers it spent (L14, LS7) and what happened."""

    ledger: Ledger
    production: Mapping[str, int]
    markers_spent: int
    events: tuple[Event, ...]


class _Illegal(Exception):
    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(detail)
        self.rule = rule
        self.detail = detail


# ------------------------------------------------------------------------------ a turn


@dataclass
class _Turn:
    """A turn being played: the ledger so far and what it has done."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledger: Ledger
    events: list[Event]
    production: dict[str, int]
    spent: int = 0
    fluid_moves: int = 0
    hired: bool = False
    other: bool = False

    def troops(self) -> dict[str, Troop]:
        return {t.id: t for t in self.ledger.groups}

    def put(self, troop: Troop) -> None:
        self.ledger = replace(
            self.ledger, groups=tuple(troop if t.id == troop.id else t for t in self.ledger.groups)
        )

    def add(self, kind: Kind, figures: int, *, off_board: bool = False) -> Troop:
        """A new group joins the side during the turn, placed marked (L15)."""
        troop = Troop(_new_id(self.ledger, kind), kind, figures, markers=1, off_board=off_board)
        self.ledger = replace(self.ledger, groups=(*self.ledger.groups, troop))
        return troop

    def gain(self, resource: Resource, amount: int) -> None:
        resources = dict(self.ledger.resources)
        resources[resource] = resources.get(resource, 0) + amount
        self.ledger = replace(self.ledger, resources=resources)

    def pay(self, price: Mapping[Resource, int], rule: str, what: str) -> None:
        for resource, amount in price.items():
            if self.ledger.resource(resource) < amount:
                raise _Illegal(
                    rule,
                    N_("{what} costs {price}; the supply has {have} {resource}")(
                        what=what, price=_price(price), have=self.ledger.resource(resource), resource=resource.value
                    ),
                )
        for resource, amount in price.items():
            self.gain(resource, -amount)

    def spend(self, markers: int, rule: str, what: str) -> None:
        if self.ledger.markers < markers:
            raise _Illegal(
                rule, Nn_(
                    "{what} needs {markers} marker from the supply, which has {have}",
                    "{what} needs {markers} markers from the supply, which has {have}",
                    "markers",
                )(what=what, markers=markers, have=self.ledger.markers)
            )
        self.ledger = replace(self.ledger, markers=self.ledger.markers - markers)
        self.spent += markers


def _price(price: Mapping[Resource, int]) -> str:
    return _listing([f"{n} {r.value}" for r, n in price.items()], AND)


AND = N_("{first} and {last}")
OR = N_("{first} or {last}")


def _listing(items: list[str], joined: Message) -> str:
    """``a, b and c`` (or ``or``) in the words of the language the sentence is written in."""
    if len(items) < 2:
        return "".join(items)
    return joined(first=", ".join(items[:-1]), last=items[-1])


def _new_id(ledger: Ledger, kind: Kind) -> str:
    taken = {t.id for t in ledger.groups}
    n = 1 + sum(t.kind is kind for t in ledger.groups)
    while f"{kind.value}-{n}" in taken:
        n += 1
    return f"{kind.value}-{n}"


def start_turn(edition: Edition, peoples: Sequence[Side], ledger: Ledger) -> tuple[Ledger, tuple[Event, ...]]:
    """The start of a side's turn (L13, L12, L18, LS6): the markers on its groups are
    removed, it receives its markers; the imperator moves the worlds; angels that lost
    their last angel get one back, off the board.

    >>> peoples = (Side.ZWERGE, Side.ENGEL)
    >>> after, events = start_turn(Edition.TURM_UND_LEUTE, peoples, Ledger(Side.GRAF, markers=3))
    >>> after.markers, [e.type for e in events]
    (11, ['markers_removed', 'markers_received'])
    """
    events: list[Event] = []
    lying = sum(t.markers for t in ledger.groups)
    groups = tuple(replace(t, markers=0, actions_used=0) for t in ledger.groups)
    events.append(Event("markers_removed", {"markers": lying}))
    income = markers_per_turn(ledger.side, len(peoples))
    if ledger.side is not Side.FLUID:
        events.append(Event("markers_received", {"markers": income}))
    after = replace(ledger, groups=groups, markers=ledger.markers + income)
    if ledger.side is Side.IMPERATOR:
        events.append(Event("worlds_moved", {}))
    if ledger.side is Side.ENGEL and not any(t.kind is Kind.ENGEL for t in groups):
        angel = Troop(_new_id(after, Kind.ENGEL), Kind.ENGEL, 1, off_board=True)
        after = replace(after, groups=(*after.groups, angel))
        events.append(Event("angel_returned", {"group": angel.id}))
    return after, tuple(events)


def play_turn(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    *,
    start: bool = True,
    end: bool = True,
) -> TurnResult | Violation:
    """Play ``actions`` on ``ledger``: the result, or the first :class:`Violation`.

    With ``start`` the turn's start (:func:`start_turn`) comes first; with ``end`` the
    actions are the whole turn (the Fluid must have made its two moves, L30).
    """
    events: tuple[Event, ...] = ()
    if start:
        ledger, events = start_turn(edition, peoples, ledger)
    turn = _Turn(edition, tuple(peoples), ledger, list(events), {})
    for index, action in enumerate(actions):
        try:
            _play(turn, action)
        except _Illegal as illegal:
            return Violation(index, illegal.rule, illegal.detail)
    if end and ledger.side is Side.FLUID and turn.fluid_moves < FLUID_MOVES:
        return Violation(
            len(actions), "L30", N_("the Fluid makes two moves a turn, this turn {fluid_moves}")(fluid_moves=turn.fluid_moves)
        )
    return TurnResult(turn.ledger, dict(turn.production), turn.spent, tuple(turn.events))


def validate_turn(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    *,
    start: bool = True,
    end: bool = True,
) -> Violation | None:
    """The first illegal action of the turn, or ``None``.

    >>> ledger = setup_ledger(Edition.TURM_UND_LEUTE, Side.GRAF, opponents=1)
    >>> validate_turn(Edition.TURM_UND_LEUTE, (Side.ENGEL,), ledger, [Attack("graf")])
    Violation(index=0, rule='L16', detail='a group of graf may only defend or move, not attack')
    """
    played = play_turn(edition, peoples, ledger, actions, start=start, end=end)
    return played if isinstance(played, Violation) else None


class IllegalLedgerTurn(Exception):
    """:func:`apply_turn` on an illegal turn; ``violation`` says why."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.rule}: {violation.detail}")
        self.violation = violation


def apply_turn(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    *,
    start: bool = True,
    end: bool = True,
) -> TurnResult:
    """The turn played; raises :class:`IllegalLedgerTurn` for an illegal one."""
    played = play_turn(edition, peoples, ledger, actions, start=start, end=end)
    if isinstance(played, Violation):
        raise IllegalLedgerTurn(played)
    return played


# --------------------------------------------------------------------------- each action


def _play(turn: _Turn, action: Action) -> None:
    side = turn.ledger.side
    fluid_action = isinstance(action, FLUID_ACTIONS)
    if (side is Side.FLUID) != fluid_action:
        if side is Side.FLUID:
            raise _Illegal(
                "L30",
                "the Fluid's moves are place, relocate, split, absorb"
                + (" and move_planet" if turn.edition is Edition.STAHL_UND_STERNE else ""),
            )
        raise _Illegal(
            "L30", N_("{action} is one of the Fluid's moves, not the {side}'s")(action=type(action).__name__.lower(), side=side.value)
        )
    if fluid_action:
        _fluid(turn, action)
        return
    hire = isinstance(action, Hire)
    if turn.edition is Edition.TURM_UND_LEUTE and side is Side.ENGEL:
        # L29: the angels that hire do nothing else that round.
        if (hire and turn.other) or (not hire and turn.hired):
            raise _Illegal("L29", N_("the angels hire new angels in a turn in which they do nothing else")())
    turn.hired |= hire
    turn.other |= not hire
    if isinstance(action, Move):
        _move(turn, action)
    elif isinstance(action, Work):
        _work(turn, action)
    elif isinstance(action, Attack):
        _attack(turn, action)
    elif isinstance(action, Build):
        _build(turn, action)
    elif isinstance(action, Convert):
        _convert(turn, action)
    elif isinstance(action, Hire):
        _hire(turn, action)
    elif isinstance(action, Bridge):
        _bridge(turn, action)


ALLOWED: Final[Mapping[Kind, frozenset[str]]] = MappingProxyType(
    {
        Kind.ARBEITER: frozenset({"move", "work"}),
        Kind.GRAF: frozenset({"move"}),
        Kind.IMPERATOR: frozenset({"move"}),
        **{k: frozenset({"move", "attack", "work"}) for k in FIGHTERS},
        Kind.ENGEL: frozenset({"move", "attack"}),
        Kind.ZWERGE: frozenset({"move", "attack"}),
    }
)
"""L16, L24: the actions a ledger knows for each kind (defending is the combat's, L17)."""


def _act(turn: _Turn, group_id: str, verb: str) -> Troop:
    """The group ``group_id`` takes an action ``verb``: L14–L16; its marker is spent."""
    troop = turn.troops().get(group_id)
    if troop is None:
        raise _Illegal("L14", N_("the {side} have no group {group_id}")(side=turn.ledger.side.value, group_id=repr(group_id)))
    if verb not in ALLOWED[troop.kind]:
        what = _listing(
            sorted(ALLOWED[troop.kind] | ({"defend"} if troop.kind in (Kind.GRAF, Kind.IMPERATOR) else set())), OR
        )
        raise _Illegal("L16", N_("a group of {kind} may only {what}, not {verb}")(kind=troop.kind.value, what=what, verb=verb))
    if troop.blocked:
        raise _Illegal(
            "L15",
            N_("{group_id} joined the side this turn, placed marked: it is blocked until the markers are removed at the start of the next turn")(group_id=group_id),
        )
    actions = UNITS[turn.edition][troop.kind].actions
    if troop.actions_used >= actions:
        raise _Illegal("L15", Nn_(
            "{group_id} has used its {actions} action this turn", "{group_id} has used its {actions} actions this turn",
            "actions",
        )(group_id=group_id, actions=actions))
    turn.spend(1, "L14", N_("an action of {group_id}")(group_id=group_id))
    troop = replace(troop, markers=troop.markers + 1, actions_used=troop.actions_used + 1)
    turn.put(troop)
    return troop


def _move(turn: _Turn, action: Move) -> None:
    before = turn.troops().get(action.group)
    if before is not None and before.kind is not Kind.ENGEL and action.to is not None:
        raise _Illegal("L18", N_("only angels enter from the edge or flee to it, not {kind}")(kind=before.kind.value))
    if before is not None and before.kind is Kind.ENGEL:
        if before.off_board and action.to != "board":
            raise _Illegal(
                "L18", N_("{group} is off the board: it can only enter from the edge (to: board)")(group=action.group)
            )
        if not before.off_board and action.to == "board":
            raise _Illegal("L18", N_("{group} is on the board already")(group=action.group))
    troop = _act(turn, action.group, "move")
    if action.to is not None:
        troop = replace(troop, off_board=action.to == "off")
        turn.put(troop)
    turn.events.append(Event("moved", {"group": troop.id, **({"to": action.to} if action.to else {})}))
    if action.gold:
        # L19: anyone collects gold pieces; only the angels and the dwarves keep them.
        kept = turn.ledger.side in (Side.ENGEL, Side.ZWERGE)
        if kept:
            turn.gain(gold(turn.edition), action.gold)
        turn.events.append(Event("gold_collected", {"group": troop.id, "gold": action.gold, "kept": kept}))


def _work(turn: _Turn, action: Work) -> None:
    edition, side = turn.edition, turn.ledger.side
    troop = turn.troops().get(action.group)
    if action.site not in SITES[edition]:
        raise _Illegal(
            "LS8",
            N_("{edition} has no site {site}: its sites are {sites}")(
                edition=edition.full_name, site=repr(action.site.value), sites=", ".join(s.value for s in SITES[edition])
            ),
        )
    if (
        troop is not None
        and troop.kind in FIGHTERS
        and troop.figures < UNITS[edition][troop.kind].max_figures
    ):
        raise _Illegal(
            "L24",
            N_("fighters work as a whole group: {troop} has {figures} of {max_figures} figures")(troop=troop.id, figures=troop.figures, max_figures=UNITS[edition][troop.kind].max_figures),
        )
    if troop is not None and troop.off_board:
        raise _Illegal("L18", N_("{troop} is off the board")(troop=troop.id))
    if action.site is Site.GOLD and (
        side is not Side.ENGEL or (troop is not None and troop.kind is not Kind.ARBEITER)
    ):
        raise _Illegal("L23", N_("only the angels' workers work for gold")())
    if action.site is Site.FIELD and not turn.ledger.building(Building.FARM):
        raise _Illegal("L21", N_("a field gives workers only to a side with a farm")())
    if action.site is Site.QUARRY and not turn.ledger.building(Building.QUARRY):
        raise _Illegal("L22", N_("a side without a quarry cannot work in one")())
    if action.imperator_present and (edition is not Edition.STAHL_UND_STERNE or side is not Side.IMPERATOR):
        raise _Illegal(
            "LS9",
            N_("only in Stahl und Sterne, and only the imperator's side, is production doubled by his presence")(),
        )
    troop = _act(turn, action.group, "work")
    amount = 2 if action.imperator_present else 1
    produced: dict[str, object] = {"group": troop.id, "site": action.site.value}
    if action.site in (Site.FIELD, Site.BLUE):
        new = [turn.add(Kind.ARBEITER, 1).id for _ in range(amount)]
        turn.production["arbeiter"] = turn.production.get("arbeiter", 0) + amount
        produced["workers"] = new
    else:
        resource = {
            Site.FOREST: wood,
            Site.GREEN: wood,
            Site.QUARRY: stone,
            Site.RED: stone,
            Site.GOLD: gold,
        }[action.site](edition)
        turn.gain(resource, amount)
        turn.production[resource.value] = turn.production.get(resource.value, 0) + amount
        produced[resource.value] = amount
    turn.events.append(Event("worked", produced))


def _attack(turn: _Turn, action: Attack) -> None:
    troop = turn.troops().get(action.group)
    if troop is not None and troop.off_board:
        rule = "LS13" if turn.edition is Edition.STAHL_UND_STERNE else "L18"
        raise _Illegal(rule, N_("{troop} is off the board: angels do not attack from there")(troop=troop.id))
    troop = _act(turn, action.group, "attack")
    turn.events.append(Event("attacked", {"group": troop.id}))


def _build(turn: _Turn, action: Build) -> None:
    edition, side, ledger = turn.edition, turn.ledger.side, turn.ledger
    project = action.project
    if project not in PROJECTS[edition]:
        names = ", ".join(p.value for p in PROJECTS[edition])
        raise _Illegal(
            "LS8" if edition is Edition.STAHL_UND_STERNE else "L26",
            N_("{full_name} builds {names}, not {project}")(full_name=edition.full_name, names=names, project=project.value),
        )
    if project in (Project.CASTLE_PART, Project.GATE, Project.TOWER) and not side.is_count:
        rule = "LS10" if project is Project.TOWER else "L26"
        raise _Illegal(rule, N_("the castle and its towers are the count's to build, not the {side}'s")(side=side.value))
    if project is Project.DRAGON and side is not Side.ENGEL:
        raise _Illegal("L27", N_("the dragon is the angels' to get")())
    if project is Project.CATAPULT and side is not Side.ZWERGE:
        raise _Illegal("L27", N_("the catapult is the dwarves' to build")())
    towers, walls = ledger.building(Building.TOWER), ledger.building(Building.WALL)
    if project is Project.CASTLE_PART and towers >= 4:
        raise _Illegal("L26", N_("the castle has its four towers: the gate is the last part")())
    if project is Project.GATE and ((towers, walls) != (4, 3) or ledger.building(Building.GATE)):
        raise _Illegal(
            "L26",
            N_("the gate is the last part of the castle: built once, after four towers and three walls (there are {towers} and {walls})")(towers=towers, walls=walls),
        )
    if project is Project.TOWER and towers >= 4:
        raise _Illegal("LS10", N_("the imperator has his four towers")())
    if project in (Project.DRAGON, Project.CATAPULT) and ledger.building(Building(project.value)):
        raise _Illegal("L27", N_("there is one {project}, and it is built")(project=project.value))
    adds = _ADDS[project]
    # A project is paid under the rule of what it adds; the imperator's towers are LS10's.
    rule = "LS10" if project is Project.TOWER else _BUILDING_RULE[adds[0]]
    turn.pay(cost(edition, project), rule, N_("a {project}")(project=project.value))
    buildings = dict(turn.ledger.buildings)
    for building in adds:
        buildings[building] = buildings.get(building, 0) + 1
    turn.ledger = replace(turn.ledger, buildings=buildings)
    turn.events.append(Event("built", {"project": project.value}))


_ADDS: Final[Mapping[Project, tuple[Building, ...]]] = MappingProxyType(
    {
        Project.CASTLE_PART: (Building.WALL, Building.TOWER),
        Project.GATE: (Building.GATE,),
        Project.TOWER: (Building.TOWER,),
        Project.FARM: (Building.FARM,),
        Project.QUARRY: (Building.QUARRY,),
        Project.DRAGON: (Building.DRAGON,),
        Project.CATAPULT: (Building.CATAPULT,),
    }
)
"""The buildings a project adds to the ledger."""

CONVERSION: Final[Mapping[Kind, int]] = MappingProxyType(
    {Kind.REITER: 1, Kind.BOGENSCHUETZEN: 1, Kind.PIKENIERE: 2}
)
"""L28: the groups five workers become, by base-game name."""
WORKERS_PER_CONVERSION: Final = 5


def _convert(turn: _Turn, action: Convert) -> None:
    edition, side = turn.edition, turn.ledger.side
    if not side.is_count:
        raise _Illegal("L28", N_("workers become the count's fighters: the {side} do not convert")(side=side.value))
    base = translate(action.into, Edition.TURM_UND_LEUTE)
    if base not in CONVERSION or action.into not in UNITS[edition]:
        names = ", ".join(translate(k, edition).value for k in CONVERSION)
        raise _Illegal("L28", N_("five workers become {names}, not {into}")(names=names, into=action.into.value))
    if len(action.workers) != WORKERS_PER_CONVERSION or len(set(action.workers)) != WORKERS_PER_CONVERSION:
        raise _Illegal("L28", N_("a conversion takes five different workers, not {count}")(count=len(set(action.workers))))
    troops = turn.troops()
    for worker in action.workers:
        troop = troops.get(worker)
        if troop is None or troop.kind is not Kind.ARBEITER:
            raise _Illegal("L28", N_("{worker} is not a worker of the {side}")(worker=repr(worker), side=side.value))
        if troop.markers:
            raise _Illegal("L28", N_("{worker} carries a marker: only unmarked workers are converted")(worker=worker))
    gone = set(action.workers)
    turn.ledger = replace(turn.ledger, groups=tuple(t for t in turn.ledger.groups if t.id not in gone))
    made = [
        turn.add(action.into, UNITS[edition][action.into].max_figures).id for _ in range(CONVERSION[base])
    ]
    turn.events.append(Event("converted", {"workers": list(action.workers), "groups": made}))


def _hire(turn: _Turn, action: Hire) -> None:
    edition, side, ledger = turn.edition, turn.ledger.side, turn.ledger
    if side is Side.ENGEL:
        if action.figures != 1:
            raise _Illegal("L29", N_("the angels hire one angel at a time: a group of angels is one figure")())
        if edition is Edition.TURM_UND_LEUTE and any(
            t.kind is Kind.ENGEL and not t.off_board for t in ledger.groups
        ):
            raise _Illegal("L29", N_("angels are hired off the board only: every angel must have left it")())
        turn.pay({gold(edition): ANGEL_PRICE}, "L29", N_("an angel")())
        troop = turn.add(Kind.ENGEL, 1, off_board=edition is Edition.TURM_UND_LEUTE)
    elif side is Side.ZWERGE:
        most = UNITS[edition][Kind.ZWERGE].max_figures
        if not 1 <= action.figures <= most:
            raise _Illegal("L29", N_("a group of dwarves has 1 to {most} figures, not {figures}")(most=most, figures=action.figures))
        turn.pay(
            {gold(edition): DWARF_PRICE * action.figures}, "L29",
            Nn_("a group of {figures} dwarf", "a group of {figures} dwarves", "figures")(figures=action.figures),
        )
        troop = turn.add(Kind.ZWERGE, action.figures)
    else:
        raise _Illegal("L29", N_("only the angels and the dwarves hire, not the {side}")(side=side.value))
    turn.events.append(Event("hired", {"group": troop.id, "figures": troop.figures}))


def _bridge(turn: _Turn, action: Bridge) -> None:
    if turn.edition is not Edition.STAHL_UND_STERNE:
        raise _Illegal("LS7", N_("bridges between worlds are Stahl und Sterne's")())
    turn.spend(BRIDGE_PRICE * action.fields, "LS7", Nn_("a bridge over {fields} field", "a bridge over {fields} fields", "fields")(fields=action.fields))
    turn.events.append(Event("bridge", {"fields": action.fields, "markers": BRIDGE_PRICE * action.fields}))


# ------------------------------------------------------------------------------ the Fluid


def _fluid(turn: _Turn, action: Action) -> None:
    needs = FLUID_MOVES if isinstance(action, MovePlanet) else 1
    if isinstance(action, MovePlanet):
        if turn.edition is not Edition.STAHL_UND_STERNE:
            raise _Illegal("LS12", N_("planets are Stahl und Sterne's")())
        if turn.fluid_moves:
            raise _Illegal("LS12", N_("moving a planet takes both of the Fluid's moves")())
    if turn.fluid_moves + needs > FLUID_MOVES:
        raise _Illegal("L30", N_("the Fluid has made its two moves this turn")())
    turn.fluid_moves += needs
    ledger = turn.ledger
    if isinstance(action, Place):
        turn.ledger = replace(ledger, fluids=ledger.fluids + 1)
        turn.events.append(Event("placed", {}))
    elif isinstance(action, Relocate):
        if ledger.fluids < 2:
            raise _Illegal("L30", N_("relocating moves two fluids; {fluids} on the board")(fluids=ledger.fluids))
        turn.events.append(Event("relocated", {}))
    elif isinstance(action, Split):
        if not 0 <= action.stack < len(ledger.stacks):
            raise _Illegal("L30", N_("there is no stack {stack}: the Fluid has {count}")(stack=action.stack, count=len(ledger.stacks)))
        height = ledger.stacks[action.stack]
        if len(action.parts) < 2 or sum(action.parts) != height:
            raise _Illegal(
                "L30", N_("a stack of {height} splits into two or more parts of {height} fluids in all")(height=height)
            )
        rest = ledger.stacks[: action.stack] + ledger.stacks[action.stack + 1 :]
        turn.ledger = replace(ledger, stacks=rest + tuple(p for p in action.parts if p > 1))
        turn.events.append(Event("split", {"stack": height, "parts": list(action.parts)}))
    elif isinstance(action, Absorb):
        if action.side is Side.FLUID or action.side not in (_count(turn.edition), *turn.peoples):
            raise _Illegal(
                "L30", N_("the Fluid takes the groups of the other sides in play, not of {side}")(side=action.side.value)
            )
        if ledger.singles < 4:
            raise _Illegal(
                "L30", N_("taking a group needs four single fluids around it; {singles} stand alone")(singles=ledger.singles)
            )
        turn.ledger = replace(ledger, fluids=ledger.fluids + 1, stacks=(*ledger.stacks, 5))
        turn.events.append(Event("absorbed", {"side": action.side.value, "group": action.group}))
    else:
        turn.events.append(Event("planet_moved", {}))
