"""Stahl und Sterne's map as pure values: the worlds, their fields and sectors, the solar
system the worlds stand in, and what stands on the fields (LS14, LS15, LS17, LS19).

The supplement gives the rules on sector fields but prints no map: a client sends its
own (:class:`Map`). A **world** is a grid of fields, rows from top to bottom and columns
from left to right, "zwischen der linken und der rechten Seite der Karte verbunden,
gleich einem Zylinder" (LS14): column 0 and the last column are neighbours, the top and
bottom rows are not. Each field belongs to one **sector**, written as a letter in the
world's ``layout``; a sector holds at most its printed ``capacity`` of tiles (LS15). The
**solar system** is a ring of orbits around the sun, the innermost first, each cut into
its own number of fields; every world stands on one field of one orbit (LS17). A
**field** of a world is named ``world:row:column`` (``techno:3:0``).

:func:`check_map` judges the structure of a map whose shape is well-formed (the
schema, :mod:`.map_schemas`, names a malformed one's members): a map the rules make
impossible raises :class:`~service.common.errors.InvalidPositionError` with the rule and
the member — a world whose rows differ in length or a field outside its world (LS14), a
sector over capacity, two tiles on a field or a layout letter without a sector (LS15), an
orbit that does not exist or two worlds on one field of the solar system (LS17), a tower
outside its sector (LS19).

>>> board = example_map()
>>> sorted(w.name for w in board.worlds)
['blue', 'green', 'red', 'techno']
>>> [str(f) for f in board.neighbours(Field("techno", 0, 0))]
['techno:0:1', 'techno:0:7', 'techno:1:0']
>>> board.fields_between("blue", "red"), board.joined("techno", "blue")
(1, True)
"""

from __future__ import annotations

import enum
import re
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final

from service.common.cache import cached_property
from service.common.errors import InvalidPositionError
from service.common.refusal import N_, Refusal, refusal
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.position import Site
from service.turm_und_leute.units import UNITS, Edition, Kind

SUS: Final = Edition.STAHL_UND_STERNE

WORLD_NAME: Final = "[a-z][a-z0-9_-]{0,19}"
"""A world's name: a lower-case word."""
SECTOR_ID: Final = "[a-z0-9]"
"""A sector's id: one letter or digit, as the world's layout writes it."""
FIELD_NAME: Final = f"({WORLD_NAME}):(0|[1-9][0-9]?):(0|[1-9][0-9]?)"
"""A field's name: ``world:row:column``."""
_FIELD: Final = re.compile(FIELD_NAME)

MAX_ROWS: Final = 12
MAX_COLUMNS: Final = 24
MAX_WORLDS: Final = 8
MAX_ORBITS: Final = 6
MAX_ORBIT_FIELDS: Final = 24

BIG_TOWER_CAPACITY: Final = 7
"""LS19: the big tower stands in the 7-sector at the bottom of the TechnoWelt."""
SMALL_TOWER_CAPACITY: Final = 2
"""LS19: small towers stand in the 2-sectors."""
TECHNO: Final = "techno"
"""The TechnoWelt's name on a map."""
ABSORBING_FLUIDS: Final = 4
"""LS21: a group bordered by four fluids may be taken."""


class Tower(str, enum.Enum):
    """The size of a tower tile (LS19)."""

    BIG = "big"
    SMALL = "small"


@dataclass(frozen=True, order=True)
class Field:
    """A field of a world (LS14): its world's name, its row (0 at the top) and column."""

    world: str
    row: int
    column: int

    def __str__(self) -> str:
        return f"{self.world}:{self.row}:{self.column}"


def parse_field(name: object) -> Field | None:
    """The field ``name`` stands for (``"techno:3:0"``), or ``None``.

    >>> parse_field("techno:3:0"), parse_field("techno:03:0")
    (Field(world='techno', row=3, column=0), None)
    """
    found = _FIELD.fullmatch(name) if type(name) is str else None
    if found is None:
        return None
    world, row, column = found.groups()
    return Field(world, int(row), int(column))


@dataclass(frozen=True)
class Sector:
    """A sector of a world and the most tiles it holds, as printed (LS15)."""

    id: str
    capacity: int


@dataclass(frozen=True)
class Place:
    """Where a world stands in the solar system: an orbit (0 the innermost) and a field of
    it, counted clockwise (LS17)."""

    orbit: int
    field: int


@dataclass(frozen=True)
class World:
    """A world: its fields as rows of sector ids (``layout``), its sectors, its place in
    the solar system (LS17), and what work on it produces (LS8: ``green``, ``blue``,
    ``red``; the TechnoWelt nothing)."""

    name: str
    layout: tuple[str, ...]
    sectors: tuple[Sector, ...]
    place: Place
    produces: Site | None = None

    @property
    def rows(self) -> int:
        return len(self.layout)

    @property
    def orbit(self) -> int:
        """The orbit it stands on (LS17)."""
        return self.place.orbit

    @property
    def orbit_field(self) -> int:
        """The field of its orbit it stands on (LS17)."""
        return self.place.field

    @property
    def columns(self) -> int:
        return len(self.layout[0]) if self.layout else 0

    def sector_of(self, place: Field) -> str:
        """The id of the sector ``place`` lies in."""
        return self.layout[place.row][place.column]

    def capacity(self, sector: str) -> int:
        for found in self.sectors:
            if found.id == sector:
                return found.capacity
        raise KeyError(sector)

    def fields(self) -> Iterator[Field]:
        """Every field, row by row."""
        for row in range(self.rows):
            for column in range(self.columns):
                yield Field(self.name, row, column)


@dataclass(frozen=True)
class Piece:
    """A group on the map: its side, its id in that side's ledger, its kind and field."""

    side: Side
    id: str
    kind: Kind
    field: Field


@dataclass(frozen=True)
class TowerTile:
    """A tower on a field (LS19): it counts as one tile of its sector (LS15)."""

    field: Field
    size: Tower


@dataclass(frozen=True)
class Fluid:
    """Fluids on a field: one, or a stack (L30). They count for no sector (LS15)."""

    field: Field
    height: int = 1


@dataclass(frozen=True)
class Map:
    """A map of Stahl und Sterne: the worlds (each with its place in the solar system),
    the solar system's orbits (each its number of fields, the innermost first), the
    groups, towers and fluids on the fields, and the bridges built since the worlds last
    moved (LS7)."""

    worlds: tuple[World, ...]
    orbits: tuple[int, ...]
    groups: tuple[Piece, ...] = ()
    towers: tuple[TowerTile, ...] = ()
    fluids: tuple[Fluid, ...] = ()
    bridges: tuple[tuple[str, str], ...] = field(default=())

    # ------------------------------------------------------------------ the worlds

    @cached_property
    def by_name(self) -> Mapping[str, World]:
        return {w.name: w for w in self.worlds}

    def world(self, name: str) -> World:
        return self.by_name[name]

    @property
    def places(self) -> Mapping[str, Place]:
        """Each world's place in the solar system (LS17)."""
        return {w.name: w.place for w in self.worlds}

    def placing(self, places: Mapping[str, Place]) -> Map:
        """The map with the worlds of ``places`` set there, the others where they stand."""
        worlds = tuple(replace(w, place=places.get(w.name, w.place)) for w in self.worlds)
        return replace(self, worlds=worlds)

    def sector(self, place: Field) -> tuple[str, str]:
        """The sector of ``place``, named by its world and id."""
        return place.world, self.world(place.world).sector_of(place)

    def fields(self) -> Iterator[Field]:
        for world in self.worlds:
            yield from world.fields()

    def neighbours(self, place: Field) -> tuple[Field, ...]:
        """LS14: the fields directly adjacent to ``place`` on its world, the left and right
        edges joined like a cylinder, in the order of their names."""
        world = self.world(place.world)
        found = {
            Field(place.world, place.row, (place.column + 1) % world.columns),
            Field(place.world, place.row, (place.column - 1) % world.columns),
        }
        if place.row > 0:
            found.add(Field(place.world, place.row - 1, place.column))
        if place.row < world.rows - 1:
            found.add(Field(place.world, place.row + 1, place.column))
        found.discard(place)
        return tuple(sorted(found))

    def within(self, place: Field, steps: int) -> dict[Field, int]:
        """Every field of ``place``'s world at most ``steps`` steps from it (LS14), with its
        distance, whatever stands on the fields between."""
        found = {place: 0}
        queue = deque([place])
        while queue:
            here = queue.popleft()
            if found[here] == steps:
                continue
            for there in self.neighbours(here):
                if there not in found:
                    found[there] = found[here] + 1
                    queue.append(there)
        return found

    # ------------------------------------------------------------------ what stands where

    @cached_property
    def tiles(self) -> Mapping[Field, Piece | TowerTile]:
        """The tile on each field that has one (a group or a tower)."""
        found: dict[Field, Piece | TowerTile] = {}
        tiles: tuple[Piece | TowerTile, ...] = (*self.towers, *self.groups)
        for tile in tiles:
            found.setdefault(tile.field, tile)
        return found

    @cached_property
    def fluid_at(self) -> Mapping[Field, Fluid]:
        return {f.field: f for f in self.fluids}

    def free(self, place: Field) -> bool:
        """LS15: nothing stands on ``place``: no tile and no fluid."""
        return place not in self.tiles and place not in self.fluid_at

    @cached_property
    def occupancy(self) -> Mapping[tuple[str, str], int]:
        """LS15: the tiles in each sector (fluids not counted)."""
        found: dict[tuple[str, str], int] = {}
        for place in self.tiles:
            key = self.sector(place)
            found[key] = found.get(key, 0) + 1
        return found

    def room(self, sector: tuple[str, str]) -> int:
        """LS15: how many more tiles ``sector`` holds."""
        return self.world(sector[0]).capacity(sector[1]) - self.occupancy.get(sector, 0)

    @cached_property
    def tower_sectors(self) -> Mapping[tuple[str, str], Tower]:
        """The sectors with a tower, and its size (LS19, LS20)."""
        return {self.sector(t.field): t.size for t in self.towers}

    def tower_sector(self, place: Field) -> bool:
        """``place`` lies in a sector with a tower (LS20)."""
        return self.sector(place) in self.tower_sectors

    def piece(self, side: Side, group: str) -> Piece | None:
        for found in self.groups:
            if found.side is side and found.id == group:
                return found
        return None

    # ------------------------------------------------------------------ the solar system

    @cached_property
    def _space(self) -> Mapping[tuple[int, int], tuple[tuple[int, int], ...]]:
        """The solar system's fields and their neighbours: the next fields on the same
        orbit, and the fields of the orbits inside and outside whose arcs overlap."""
        orbits = self.orbits
        found: dict[tuple[int, int], set[tuple[int, int]]] = {}
        for orbit, size in enumerate(orbits):
            for place in range(size):
                near = found.setdefault((orbit, place), set())
                if size > 1:
                    near |= {(orbit, (place + 1) % size), (orbit, (place - 1) % size)}
                if orbit + 1 < len(orbits):
                    outer = orbits[orbit + 1]
                    low, high = Fraction(place, size), Fraction(place + 1, size)
                    for other in range(outer):
                        if Fraction(other, outer) < high and Fraction(other + 1, outer) > low:
                            near.add((orbit + 1, other))
                            found.setdefault((orbit + 1, other), set()).add((orbit, place))
                near.discard((orbit, place))
        return {k: tuple(sorted(v)) for k, v in found.items()}

    def _steps(self, one: str, other: str) -> int:
        places = self.places
        start, goal = places[one], places[other]
        begin, end = (start.orbit, start.field), (goal.orbit, goal.field)
        seen = {begin: 0}
        queue = deque([begin])
        while queue:
            here = queue.popleft()
            if here == end:
                return seen[here]
            for there in self._space[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        raise AssertionError("the solar system's fields are connected")

    def fields_between(self, one: str, other: str) -> int:
        """LS17: the fields of the solar system between two worlds (0 side by side)."""
        return max(self._steps(one, other) - 1, 0)

    def side_by_side(self, one: str, other: str) -> bool:
        """Two worlds stand on neighbouring fields of the solar system (LS18)."""
        return one != other and self._steps(one, other) == 1

    @cached_property
    def _chains(self) -> Mapping[str, frozenset[str]]:
        """LS18: worlds side by side, and worlds side by side with those, are all joined."""
        names = [w.name for w in self.worlds]
        found: dict[str, frozenset[str]] = {}
        for name in names:
            if name in found:
                continue
            chain = {name}
            queue = deque([name])
            while queue:
                here = queue.popleft()
                for other in names:
                    if other not in chain and self.side_by_side(here, other):
                        chain.add(other)
                        queue.append(other)
            for member in chain:
                found[member] = frozenset(chain)
        return found

    def bridged(self, one: str, other: str) -> bool:
        """LS7, LS17: a bridge built since the worlds last moved joins the two."""
        return (one, other) in self.bridges or (other, one) in self.bridges

    def joined(self, one: str, other: str) -> bool:
        """LS18: two worlds are joined in the solar system: side by side, in one chain of
        worlds side by side, or by a bridge (LS17)."""
        return one != other and (other in self._chains[one] or self.bridged(one, other))


# ---------------------------------------------------------------------- the structure


def check_map(board: Map, where: str = "/map") -> None:
    """The structure of ``board``: :class:`InvalidPositionError` with the rule and the
    member for a map the rules make impossible (L1, L14, LS14, LS15, LS17, LS19).

    >>> from dataclasses import replace
    >>> board = example_map()
    >>> check_map(replace(board, groups=(*board.groups, replace(board.groups[0], id="x"))))
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidPositionError: LS15: techno:3:1 holds one tile or one fluid: there are two
    """
    _check_worlds(board, where)
    _check_solar_system(board, where)
    _check_pieces(board, where)


def _check_worlds(board: Map, where: str) -> None:
    names: set[str] = set()
    for i, world in enumerate(board.worlds):
        at = f"{where}/worlds/{i}"
        if world.name in names:
            raise InvalidPositionError(
                "LS14", N_("two worlds are called {name}")(name=repr(world.name)), f"{at}/name"
            )
        names.add(world.name)
        ids = [s.id for s in world.sectors]
        for j, sector in enumerate(world.sectors):
            if sector.id in ids[:j]:
                raise InvalidPositionError(
                    "LS15", N_("two sectors are called {name}")(name=repr(sector.id)), f"{at}/sectors/{j}/id"
                )
        for row, line in enumerate(world.layout):
            if len(line) != world.columns:
                raise InvalidPositionError(
                    "LS14",
                    N_("every row of a world is as long as its first, {columns}; this one is {count}")(
                        columns=world.columns, count=len(line)
                    ),
                    f"{at}/layout/{row}",
                )
            for letter in line:
                if letter not in ids:
                    raise InvalidPositionError(
                        "LS15",
                        N_("{name} is no sector of this world")(name=repr(letter)),
                        f"{at}/layout/{row}",
                    )
        for j, sector in enumerate(world.sectors):
            if not any(sector.id in line for line in world.layout):
                raise InvalidPositionError(
                    "LS15",
                    N_("sector {name} has no field in the layout")(name=repr(sector.id)),
                    f"{at}/sectors/{j}",
                )


def _check_solar_system(board: Map, where: str) -> None:
    names = {w.name for w in board.worlds}
    taken: dict[tuple[int, int], str] = {}
    for i, world in enumerate(board.worlds):
        at = f"{where}/worlds/{i}"
        place = world.place
        if place.orbit >= len(board.orbits):
            raise InvalidPositionError(
                "LS17",
                N_("the solar system's orbits are numbered 0 to {last}")(last=len(board.orbits) - 1),
                f"{at}/orbit",
            )
        if place.field >= board.orbits[place.orbit]:
            raise InvalidPositionError(
                "LS17",
                N_("the fields of orbit {orbit} are numbered 0 to {last}")(
                    orbit=place.orbit, last=board.orbits[place.orbit] - 1
                ),
                f"{at}/place",
            )
        key = (place.orbit, place.field)
        if key in taken:
            raise InvalidPositionError(
                "LS17",
                N_("one world stands on a field of the solar system: {name} and {other} share one")(
                    name=world.name, other=taken[key]
                ),
                f"{at}/place",
            )
        taken[key] = world.name
    for i, (one, other) in enumerate(board.bridges):
        for j, name in enumerate((one, other)):
            if name not in names:
                raise InvalidPositionError(
                    "LS17", N_("there is no world {name}")(name=repr(name)), f"{where}/bridges/{i}/{j}"
                )
        if one == other:
            raise InvalidPositionError(
                "LS17", N_("a bridge joins two different worlds")(), f"{where}/bridges/{i}"
            )


def _place(board: Map, place: Field, at: str) -> None:
    world = board.by_name.get(place.world)
    if world is None:
        raise InvalidPositionError("LS14", N_("there is no world {name}")(name=repr(place.world)), at)
    if place.row >= world.rows or place.column >= world.columns:
        raise InvalidPositionError(
            "LS14",
            N_("the rows of {name} are numbered 0 to {last_row}, its columns 0 to {last_column}")(
                name=place.world, last_row=world.rows - 1, last_column=world.columns - 1
            ),
            at,
        )


def _check_pieces(board: Map, where: str) -> None:
    seen: dict[Field, str] = {}
    units = UNITS[SUS]
    ids: set[tuple[Side, str]] = set()
    for i, piece in enumerate(board.groups):
        at = f"{where}/groups/{i}"
        _place(board, piece.field, f"{at}/field")
        if piece.kind not in units:
            raise InvalidPositionError(
                "L1", N_("Stahl und Sterne has no unit {name}")(name=repr(piece.kind.value)), f"{at}/kind"
            )
        if piece.side is Side.FLUID:
            raise InvalidPositionError(
                "L30", N_("the Fluid has no groups: its fluids are fluids")(), f"{at}/side"
            )
        if (piece.side, piece.id) in ids:
            raise InvalidPositionError(
                "L14",
                N_("the {side} have two groups called {name}")(side=piece.side.value, name=repr(piece.id)),
                f"{at}/id",
            )
        ids.add((piece.side, piece.id))
    big = 0
    for i, tower in enumerate(board.towers):
        at = f"{where}/towers/{i}"
        _place(board, tower.field, f"{at}/field")
        refused = tower_place_refusal(board, tower.field, tower.size, building=False)
        if refused is not None:
            raise InvalidPositionError(refused.rule, refused.text, f"{at}/field")
        big += tower.size is Tower.BIG
        if big > 1:
            raise InvalidPositionError("LS19", N_("there is one big tower")(), f"{at}/size")
    sectors_with: dict[tuple[str, str], int] = {}
    for i, tower in enumerate(board.towers):
        key = board.sector(tower.field)
        if key in sectors_with:
            raise InvalidPositionError(
                "LS19",
                N_("sector {sector} of {name} has a tower already")(sector=key[1], name=key[0]),
                f"{where}/towers/{i}/field",
            )
        sectors_with[key] = i
    for i, fluid in enumerate(board.fluids):
        _place(board, fluid.field, f"{where}/fluids/{i}/field")
    pointers = [
        *((t.field, f"{where}/towers/{i}/field") for i, t in enumerate(board.towers)),
        *((g.field, f"{where}/groups/{i}/field") for i, g in enumerate(board.groups)),
        *((f.field, f"{where}/fluids/{i}/field") for i, f in enumerate(board.fluids)),
    ]
    for place, at in pointers:
        if place in seen:
            raise InvalidPositionError(
                "LS15", N_("{field} holds one tile or one fluid: there are two")(field=str(place)), at
            )
        seen[place] = at
    counted: dict[tuple[str, str], int] = {}
    for place, at in pointers:
        if at.startswith(f"{where}/fluids"):
            continue
        key = board.sector(place)
        counted[key] = counted.get(key, 0) + 1
        capacity = board.world(key[0]).capacity(key[1])
        if counted[key] > capacity:
            raise InvalidPositionError(
                "LS15",
                N_("sector {sector} of {name} is over its number: it holds {capacity}, fluids not counted")(
                    sector=key[1], name=key[0], capacity=capacity
                ),
                at,
            )


def tower_place_refusal(board: Map, place: Field, size: Tower, *, building: bool = True) -> Refusal | None:
    """LS19: why a tower of ``size`` may not stand on ``place``, or ``None``: the big tower
    in the 7-sector at the bottom of the TechnoWelt, small towers in the 2-sectors, one
    tower a sector; a tower being built (``building``) needs a free field with room."""
    world = board.world(place.world)
    sector = world.sector_of(place)
    capacity = world.capacity(sector)
    if size is Tower.BIG:
        if place.world != TECHNO or capacity != BIG_TOWER_CAPACITY or place.row != world.rows - 1:
            return refusal("LS19", N_("the big tower stands in the 7-sector at the bottom of the TechnoWelt"))
    elif capacity != SMALL_TOWER_CAPACITY:
        return refusal(
            "LS19",
            N_("small towers stand in the 2-sectors: sector {sector} of {name} holds {capacity}"),
            sector=sector,
            name=place.world,
            capacity=capacity,
        )
    if building:
        if (place.world, sector) in board.tower_sectors:
            return refusal(
                "LS19", N_("sector {sector} of {name} has a tower already"), sector=sector, name=place.world
            )
        return room_refusal(board, place)
    return None


def room_refusal(board: Map, place: Field, *, leaving: Field | None = None) -> Refusal | None:
    """LS15: why a tile may not be set on ``place``, or ``None``: a field holds one tile or
    one fluid, a sector its printed number of tiles (a tile ``leaving`` the same sector
    makes its own room)."""
    if not board.free(place):
        return refusal("LS15", N_("{field} holds one tile or one fluid, and is taken"), field=str(place))
    sector = board.sector(place)
    if (leaving is None or board.sector(leaving) != sector) and board.room(sector) < 1:
        return refusal(
            "LS15",
            N_("sector {sector} of {name} is full: it holds {capacity}, fluids not counted"),
            sector=sector[1],
            name=sector[0],
            capacity=board.world(sector[0]).capacity(sector[1]),
        )
    return None


# ---------------------------------------------------------------------- the example


def _sectors(printed: str) -> tuple[Sector, ...]:
    """Sectors as a map prints them: each its letter and number (``"a4 b2"``)."""
    return tuple(Sector(word[0], int(word[1:])) for word in printed.split())


EXAMPLE_WORLDS: Final = (
    World(
        TECHNO, ("aaaabbbb",) * 2 + ("ccddeeff", "gggggggg"), _sectors("a4 b4 c2 d2 e2 f2 g7"), Place(0, 0)
    ),
    World("green", ("aaabbb", "aaabbb", "ccdddd"), _sectors("a3 b3 c2 d3"), Place(1, 1), Site.GREEN),
    World("blue", ("aaabbb", "aaabbb", "aaabbb"), _sectors("a5 b3"), Place(1, 2), Site.BLUE),
    World("red", ("aaaaaa", "bbcccc", "bbcccc"), _sectors("a4 b2 c3"), Place(2, 5), Site.RED),
)
"""The example's worlds: the project's own design (the supplement prints no map), with
the blue world's sectors of 5 and 3 the text names and the TechnoWelt's 7-sector at the
bottom."""


EXAMPLE_ORBITS: Final = (4, 6, 8)
"""The example's solar system: orbits of 4, 6 and 8 fields."""


def example_map() -> Map:
    """The project's own example map (the supplement prints none): the imperator against
    the dwarves and the Fluid, as the set-up gives their groups (L11), the big tower in
    the TechnoWelt's 7-sector (LS5, LS19), the dwarves on the green world, two fluids.
    Three worlds stand side by side (techno, green, blue); the red world is one field of
    the solar system away from the blue one."""
    imperator = (
        ("imperator", Kind.IMPERATOR, "techno:3:1"),
        ("daemonenreiter-1", Kind.DAEMONENREITER, "techno:2:0"),
        ("daemonenreiter-2", Kind.DAEMONENREITER, "techno:2:4"),
        ("strahlenwerfer-1", Kind.STRAHLENWERFER, "techno:3:2"),
        ("strahlenwerfer-2", Kind.STRAHLENWERFER, "techno:3:3"),
        ("elektrokaempfer-1", Kind.ELEKTROKAEMPFER, "techno:0:0"),
        ("elektrokaempfer-2", Kind.ELEKTROKAEMPFER, "techno:0:2"),
        ("elektrokaempfer-3", Kind.ELEKTROKAEMPFER, "techno:0:4"),
        ("elektrokaempfer-4", Kind.ELEKTROKAEMPFER, "techno:0:6"),
        *(
            (f"arbeiter-{n}", Kind.ARBEITER, spot)
            for n, spot in enumerate(
                (
                    "techno:1:1",
                    "techno:1:3",
                    "techno:1:5",
                    "techno:1:7",
                    "blue:0:0",
                    "blue:1:1",
                    "blue:2:4",
                    "red:0:2",
                ),
                start=1,
            )
        ),
    )
    dwarves = (("zwerge-1", "green:0:1"), ("zwerge-2", "green:1:4"), ("zwerge-3", "green:2:3"))
    groups = (
        *(Piece(Side.IMPERATOR, name, kind, _named(spot)) for name, kind, spot in imperator),
        *(Piece(Side.ZWERGE, name, Kind.ZWERGE, _named(spot)) for name, spot in dwarves),
    )
    return Map(
        EXAMPLE_WORLDS,
        EXAMPLE_ORBITS,
        groups,
        (TowerTile(_named("techno:3:0"), Tower.BIG),),
        (Fluid(_named("green:1:1")), Fluid(_named("red:2:5"), 2)),
    )


def _named(name: str) -> Field:
    found = parse_field(name)
    assert found is not None, name
    return found
