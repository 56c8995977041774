"""Stahl und Sterne's map on the wire (:mod:`service.turm_und_leute.board`), the questions
on it and their answers (:mod:`service.turm_und_leute.map_rules`), each shape one
marshmallow schema on the fields of :mod:`.fields`, as the game's other shapes
(:mod:`.schemas`).

A map loads into the engine's :class:`~service.turm_und_leute.board.Map`; whether it can
be read as a whole (a field outside its world, an orbit that does not exist) and whether
the rules allow it (LS15, LS17, LS19) is :func:`~service.turm_und_leute.board.check_map`'s
to say, once the shape is well-formed. Component names start with ``Tul``.

>>> from service.turm_und_leute.board import example_map
>>> written = TulMap().dump(example_map())
>>> written["worlds"][0]["name"], written["orbits"], written["towers"]
('techno', [4, 6, 8], [{'field': 'techno:3:0', 'size': 'big'}])
>>> TulMap().load(written) == example_map()
True
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from marshmallow import ValidationError

from service.common.queries import Query
from service.common.refusal import N_
from service.common.schema import Schema, String
from service.common.shapes import MUST_BE
from service.turm_und_leute.board import (
    FIELD_NAME,
    MAX_COLUMNS,
    MAX_ORBIT_FIELDS,
    MAX_ORBITS,
    MAX_ROWS,
    MAX_WORLDS,
    SECTOR_ID,
    WORLD_NAME,
    Fluid,
    Map,
    Piece,
    Place,
    Sector,
    Tower,
    TowerTile,
    World,
    check_map,
    parse_field,
)
from service.turm_und_leute.map_rules import Aim, Placing
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.position import Site
from service.turm_und_leute.units import Kind, Placement
from service.turm_und_leute.wire.fields import (
    Among,
    Ident,
    Name,
    choice,
    described,
    flag,
    integer,
    listing,
    nested,
)

LAST_ORBIT_FIELD: Final = MAX_ORBIT_FIELDS - 1
"""The highest field number of an orbit."""
MAX_GROUPS: Final = 200
"""The most groups, towers or fluids a map may list."""
MAX_CAPACITY: Final = MAX_ROWS * MAX_COLUMNS
MAX_HEIGHT: Final = 40
"""The highest stack of fluids a map may list."""
PRODUCING: Final = (Site.GREEN, Site.BLUE, Site.RED)
"""LS8: what a world's work produces."""


class Pattern(Name):
    """A string that matches ``pattern`` in full; any other string is one mistake."""

    def __init__(self, pattern: str, what: str, doc: str = "", **kwargs: Any) -> None:
        super().__init__(doc, **kwargs)
        self.metadata = {"pattern": f"^{pattern}$", **self.metadata}
        self.words = re.compile(pattern)
        self.mistake = MUST_BE(what=what)
        self.error_messages["null"] = self.error_messages["invalid"] = self.mistake

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not str or self.words.fullmatch(value) is None:
            raise ValidationError(self.mistake)
        return value


class FieldName(Pattern):
    """A field of a world, ``world:row:column``, loaded as a :class:`Field`."""

    def __init__(self, doc: str = "A field, `world:row:column` (`techno:3:0`).", **kwargs: Any) -> None:
        super().__init__(FIELD_NAME, N_("a field: world:row:column, as techno:3:0")(), doc, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        found = parse_field(value)
        if found is None:
            raise ValidationError(self.mistake)
        return found

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else str(value)


def world_name(doc: str = "A world's name.", **kwargs: Any) -> Pattern:
    return Pattern(WORLD_NAME, "a world's name: a lower-case word", doc, **kwargs)


def fields_of(doc: str, **kwargs: Any) -> Any:
    return listing(FieldName(), doc, **kwargs)


# ------------------------------------------------------------------------------ the map


class TulSector(Schema):
    """A sector of a world and the most tiles it holds, as printed (LS15)."""

    build = Sector
    id = Pattern(SECTOR_ID, "one letter or digit", "Its letter in the world's layout.", required=True)
    capacity = integer(1, MAX_CAPACITY, "The most tiles it holds, fluids not counted (LS15).", required=True)


def _world(
    name: str,
    layout: list[str],
    sectors: list[Sector],
    orbit: int,
    orbit_field: int,
    produces: Site | None = None,
) -> World:
    return World(name, tuple(layout), tuple(sectors), Place(orbit, orbit_field), produces)


class TulWorld(Schema):
    """A world: its fields as rows of sector letters, joined left to right like a cylinder (LS14), its sectors
    (LS15), its place in the solar system (LS17) and what work on it produces (LS8)."""

    build = _world
    left_out = frozenset({"produces"})
    name = world_name(
        "Its name, which its fields begin with; the TechnoWelt is `techno` (LS19).", required=True
    )
    layout = listing(
        Pattern(
            f"{SECTOR_ID}{{1,{MAX_COLUMNS}}}",
            f"a row of 1 to {MAX_COLUMNS} sector letters",
            "A row of fields, left to right, each its sector's letter.",
        ),
        "Its rows, top to bottom, all of one length.",
        1,
        MAX_ROWS,
        required=True,
    )
    sectors = listing(nested(TulSector), "Its sectors.", 1, MAX_CAPACITY, required=True)
    orbit = integer(0, MAX_ORBITS - 1, "The orbit it stands on, 0 the innermost (LS17).", required=True)
    orbit_field = integer(
        0, MAX_ORBIT_FIELDS - 1, "The field of its orbit, counted clockwise (LS17).", required=True
    )
    produces = Among(
        PRODUCING,
        "What work on it produces (LS8); none for the TechnoWelt.",
        load_default=None,
        allow_none=False,
    )


class TulMapGroup(Schema):
    """A group on a field: its side, its id in the side's ledger, its kind."""

    build = Piece
    side = choice(Side, "Its side.", required=True)
    id = Ident("Its id in its side's ledger (L14).", required=True)
    kind = choice(Kind, "Its kind; one Stahl und Sterne does not have is 422 (L1).", required=True)
    field = FieldName(required=True)


class TulMapTower(Schema):
    """A tower on a field (LS19); it counts as a tile of its sector (LS15)."""

    build = TowerTile
    field = FieldName(required=True)
    size = choice(
        Tower, "`big` (the 7-sector at the bottom of the TechnoWelt) or `small` (a 2-sector).", required=True
    )


class TulMapFluid(Schema):
    """Fluids on a field: one, or a stack (L30); they count for no sector (LS15)."""

    build = Fluid
    field = FieldName(required=True)
    height = integer(1, MAX_HEIGHT, "Fluids stacked there. Default 1.", load_default=1)


def _map(
    worlds: list[World],
    orbits: list[int],
    groups: Any = (),
    towers: Any = (),
    fluids: Any = (),
    bridges: Any = (),
) -> Map:
    return Map(
        tuple(worlds),
        tuple(orbits),
        tuple(groups),
        tuple(towers),
        tuple(fluids),
        tuple(tuple(b) for b in bridges),
    )


class TulMap(Schema):
    """A map of Stahl und Sterne (the supplement prints none): the worlds, the solar system's orbits, the
    groups, towers and fluids on the fields, and the bridges between worlds built since the worlds last moved
    (LS14–LS22)."""

    build = _map
    worlds = listing(
        nested(TulWorld), "The worlds, each on its field of the solar system.", 1, MAX_WORLDS, required=True
    )
    orbits = listing(
        integer(1, MAX_ORBIT_FIELDS, "An orbit's fields."),
        "The solar system's orbits, the innermost first: each its number of fields (LS17).",
        1,
        MAX_ORBITS,
        required=True,
    )
    groups = listing(
        nested(TulMapGroup), "The groups on the worlds. Default none.", 0, MAX_GROUPS, load_default=()
    )
    towers = listing(nested(TulMapTower), "The towers. Default none.", 0, MAX_GROUPS, load_default=())
    fluids = listing(nested(TulMapFluid), "The fluids. Default none.", 0, MAX_GROUPS, load_default=())
    bridges = listing(
        listing(world_name(), "Two worlds.", 2, 2),
        "The bridges built since the worlds last moved, each the two worlds it joins (LS7, LS17). "
        "Default none.",
        0,
        MAX_GROUPS,
        load_default=(),
    )


# ------------------------------------------------------------------------------ answers


class TulReach(Schema):
    """A field a group reaches in one move."""

    left_out = frozenset({"bridge"})
    field = FieldName(required=True)
    markers = integer(
        1, doc="Markers it costs: the move's (L14) and a new bridge's, 2 a field (LS7, LS17).", required=True
    )
    path = fields_of("The fields from the group's own to this one; between worlds, the two.", required=True)
    long = flag("A long move (LS16).", required=True)
    bridge = integer(
        0,
        doc="The fields of the solar system the bridge this move builds spans (LS17); "
        "left out when it builds none.",
    )
    rules = listing(
        String(metadata=described("A rule id.")), "The rules the move is judged by.", required=True
    )


class TulReachAnswer(Schema):
    """Every field the group reaches in one move (LS15–LS17, LS20)."""

    side = choice(Side, "The group's side.", required=True)
    group = Ident("The group.", required=True)
    origin = FieldName("Where it stands.", data_key="from", required=True)
    reach = listing(
        nested(TulReach), "Its own world's fields, nearest first, then the other worlds'.", required=True
    )


class TulTarget(Schema):
    """A field the group may attack: the group on it, or fluids (LS22)."""

    left_out = frozenset({"side", "group"})
    field = FieldName(required=True)
    aim = choice(Aim, "`group`, or `fluid` (destroyed, LS22).", required=True)
    side = choice(Side, "The side of the group attacked.")
    group = Ident("The group attacked.")


class TulTargetsAnswer(Schema):
    """Every field the group may attack (L3, LS18, LS20, LS22)."""

    side = choice(Side, "The attacking group's side.", required=True)
    group = Ident("The attacking group.", required=True)
    targets = listing(nested(TulTarget), "In the order of the fields' names.", required=True)


class TulHelper(Schema):
    """A group that may help defend."""

    side = choice(Side, "Its side.", required=True)
    group = Ident("The group.", attribute="id", required=True)
    field = FieldName(required=True)


class TulHelpersAnswer(Schema):
    """Every group in range to help defend the group on the field (L4, LS18)."""

    field = FieldName("The field attacked.", required=True)
    helpers = listing(
        nested(TulHelper), "In the map's order; whether one carries a marker is L4's.", required=True
    )


class TulPlacementsAnswer(Schema):
    """Every field the tile may be placed on (LS11, LS15, LS19, LS20, L30)."""

    placing = choice(Placing, "What is placed.", required=True)
    fields_ = fields_of(
        "The fields, in the map's order.", data_key="fields", attribute="fields", required=True
    )
    rules = listing(
        String(metadata=described("A rule id.")), "The rules the placement is judged by.", required=True
    )


class TulMapAnswer(Schema):
    """The map after a move of the solar system (LS6, LS12)."""

    map = nested(TulMap, "The map after.", required=True)
    rules = listing(
        String(metadata=described("A rule id.")), "The rules the map was moved by.", required=True
    )


class TulSectorFacts(Schema):
    """LS2's facts of a fight, from where its groups stand: the members of a `POST /v1/turm-und-leute/combat`
    request."""

    target_position = choice(
        Placement, "The target's position: the tower of its sector.", attribute="target", required=True
    )
    helper_positions = listing(
        choice(Placement, "A helper's position."),
        "Each helper's, in the order asked.",
        attribute="helpers",
        required=True,
    )
    attack_from_outside = flag("No attacker stands in the target's sector (LS2).", required=True)
    attack_from_tower = flag("An attacker stands in another sector with a tower (LS2).", required=True)
    target_side_imperator = flag("The target is the imperator's (LS2).", required=True)


# ------------------------------------------------------------------ a turn on the map


def on_map(doc: str) -> FieldName:
    """An action's field on a map (:mod:`.map_turn`): left out without one."""
    return FieldName(doc, load_default=None, allow_none=False)


def planet_members() -> tuple[Pattern, Any]:
    """The Fluid's move of a planet on a map (LS12): the world and the field of its orbit."""
    return (
        world_name("On a map: the planet moved (LS12).", load_default=None, allow_none=False),
        integer(
            0,
            LAST_ORBIT_FIELD,
            "On a map: the field of its orbit it is set on (LS12).",
            load_default=None,
            allow_none=False,
        ),
    )


def turn_map() -> Any:
    """A turn's ``map``: the turn is judged on it too (:mod:`.map_turn`)."""
    return nested(
        TulMap,
        "Stahl und Sterne: the map the turn is played on; its actions are judged on it too "
        "(LS14–LS22). Default none: the players' word.",
        load_default=None,
        allow_none=False,
    )


# The questions on a map: each body carries its map, judged once it is well-formed.


def _checked(value: Map, pointer: str) -> Map:
    """The map's structure; a rule it breaks is put under ``pointer`` by the query."""
    check_map(value, "")
    return value


def _map_member() -> Any:
    return nested(TulMap, "The map (LS14–LS22).", required=True)


class TulMapQuery(Query):
    """A question on a map."""

    problems: ClassVar = {422: "InvalidMap"}
    checks: ClassVar = {"map": _checked}
    map = _map_member()


class TulMapGroupQuery(TulMapQuery):
    """A question about one group on the map."""

    problems: ClassVar = {422: "InvalidMapOrQuery"}
    side = choice(Side, "The group's side.", required=True)
    group = Ident("The group's id in its side's ledger.", required=True)


class TulMapFieldQuery(TulMapQuery):
    """A question about the group on one field."""

    problems: ClassVar = {422: "InvalidMapOrQuery"}
    field = FieldName("The field of the group attacked.", required=True)


class TulMapPlacementQuery(TulMapQuery):
    """Where may a tile be placed?"""

    placing = choice(
        Placing,
        "A new `group` (hired, converted, a new worker), an `angel` entering the board anew, "
        "a `small_tower` or `big_tower`, a `fluid`.",
        required=True,
    )


class TulMapPlanetQuery(TulMapQuery):
    """The Fluid's move of a planet (LS12)."""

    problems: ClassVar = {422: "InvalidMapOrQuery"}
    world = world_name("The planet moved.", required=True)
    orbit_field = integer(0, doc="The field of its orbit it is set on.", required=True)


class TulMapFightQuery(TulMapQuery):
    """Where a fight's groups stand."""

    problems: ClassVar = {422: "InvalidMapOrQuery"}
    attackers = fields_of("The attacking groups' fields.", low=1, high=20, required=True)
    target = FieldName("The target's field.", required=True)
    helpers = fields_of("The helping groups' fields. Default none.", high=20, load_default=())


class TulMapRenderQuery(TulMapQuery):
    """A map to draw, with the reach of one group if `side` and `group` are given."""

    problems: ClassVar = {422: "InvalidMapOrQuery"}
    side = choice(Side, "The group whose reach is drawn: its side.", load_default=None, allow_none=False)
    group = Ident("The group whose reach is drawn (LS16, LS17).", load_default=None, allow_none=False)
