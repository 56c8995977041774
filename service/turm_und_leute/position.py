"""A side's ledger in Turm und Leute and Stahl und Sterne: its supply, its groups with
their markers and its buildings (L12–L31, LS4–LS13), and the tables of what each costs
and where it works.

Nothing here needs a distance or the board: where an action depends on them (a field in
reach, four fluids adjacent, the imperator on the planet worked), the client asserts
it, as for a fight (L2).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from service.turm_und_leute.peoples import Side
from service.turm_und_leute.units import Edition, Kind


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
        Kind.ENGEL,
        Kind.ZWERGE,
    }
)
"""The "Kämpfer" of the text: every fighting group, the count's pikemen, archers and
riders and the peoples' dwarves and angels; they move, attack and work, as whole groups
(L16, L24). The count and the workers are not among them."""

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



BUILDING_RULE: Final = {
    Building.FARM: "L25",
    Building.QUARRY: "L25",
    Building.TOWER: "L26",
    Building.WALL: "L26",
    Building.GATE: "L26",
    Building.DRAGON: "L27",
    Building.CATAPULT: "L27",
}
"""The rule under which each building is built, counted and paid for."""
