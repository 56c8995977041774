"""Turm und Leute's JSON shapes, each described once as a marshmallow schema.

A request's shapes load into the values the rules then judge (:mod:`.codec`): a fight's
groups as :class:`Tile` s and a ledger as a :class:`LedgerBody`, their kinds still names,
since whether a kind is a unit of the edition is a rule (L1), not the shape; the actions
load into the engine's own (:mod:`.actions`). The answers' schemas dump the engine's
values. The HTTP layer documents the contract with the same classes (a class's name is
its component's: ``Tul…`` keeps them apart from the other games').

The fields and schema bases they are written with beyond the common ones are in
:mod:`.fields`: they keep the problems as the contract has always named them (a
null as the member's own mistake, an action missing a member read no further, a
ledger's buildings named before its groups).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any, Final

from marshmallow import ValidationError

from service.common.frozen import quick_init
from service.common.schema import List, Nested, Schema, String, Word
from service.common.schema_shapes import Illegal, LegalAnswer, OneOf, Verdicts, readings
from service.common.shapes import MUST_BE_OBJECT
from service.turm_und_leute.actions import (
    Absorb,
    Attack,
    Bridge,
    Build,
    Convert,
    Hire,
    Move,
    MovePlanet,
    Place,
    Relocate,
    Split,
    Work,
)
from service.turm_und_leute.combat import Contribution, Outcome, Role
from service.turm_und_leute.goal import Aim, GoalResult, SideGoal
from service.turm_und_leute.peoples import PEOPLES, Side
from service.turm_und_leute.position import BUILDINGS, RESOURCES, Ledger, Project, Site, Troop
from service.turm_und_leute.units import BONUS, Edition, Kind, Placement
from service.turm_und_leute.wire import map_schemas
from service.turm_und_leute.wire.fields import (
    Among,
    AnyInteger,
    GroupName,
    Groups,
    Ident,
    Name,
    Ordered,
    Record,
    Records,
    StopAtMissing,
    Tag,
    choice,
    count,
    described,
    flag,
    integer,
    listing,
    nested,
)

MAX_ACTIONS: Final = 200
"""The most actions a turn may list (far more than any side's markers allow)."""
DESTINATIONS: Final = ("board", "off")
"""L18: where an angel's move may take it: in from the edge, or off."""
FIGHTER_NAMES: Final = (
    "pikeniere", "bogenschuetzen", "reiter", "elektrokaempfer", "strahlenwerfer", "daemonenreiter",
)
"""The kinds a conversion (L28) may name, of either edition."""
EVENT_TYPES: Final = (
    "markers_removed", "markers_received", "worlds_moved", "angel_returned", "moved", "gold_collected",
    "worked", "attacked", "built", "converted", "hired", "bridge", "placed", "relocated", "split",
    "absorbed", "planet_moved",
)
"""What an event of a turn can say happened (L12–L30, LS6–LS12)."""


# --------------------------------------------------------------------- the combat


@dataclass(frozen=True)
class Tile:
    """A group as a request gives it: its kind still a name, since whether it is a unit is
    a question of the edition (L1), and so is whether its figures fit on a tile."""

    kind: str
    figures: int
    position: Placement = Placement.GROUND
    marked: bool = False
    actions_used: int = 0
    field: Any = None


@dataclass(frozen=True)
class FightBody:
    """A fight as a request gives it, its groups as :class:`Tile` s."""

    edition: Edition
    attackers: tuple[Tile, ...]
    target: Tile
    helpers: tuple[Tile, ...] = ()
    attack_from_outside: bool = True
    attack_from_tower: bool = False
    target_side_imperator: bool = False
    map: Any = None


_KIND_DOC = "The unit (L1), by the edition's name; one the edition does not have is 422 (L1)."
_FIGURES_DOC = "Figures on the tile; fewer than 1 or more than the tile holds is 422 (L1)."
_FIELD_DOC = ("Stahl und Sterne with a `map`: the group's field, whose sector gives its position (LS2). "
              "Default none.")
_POSITION_DOC = "Where it stands (L6, LS1). Default `ground`."


class TulAttacker(Schema):
    """An attacking group."""

    build = Tile
    left_out = frozenset({"field"})
    kind = Name(_KIND_DOC, required=True)
    figures = AnyInteger(_FIGURES_DOC, required=True)
    position = choice(Placement, _POSITION_DOC, load_default=Placement.GROUND)
    actions_used = integer(0, doc="Actions already used this turn (L3). Default 0.", load_default=0)
    field = map_schemas.on_map(_FIELD_DOC)


class TulDefender(Schema):
    """A defending group: the target or a helper."""

    build = Tile
    left_out = frozenset({"field"})
    kind = Name(_KIND_DOC, required=True)
    figures = AnyInteger(_FIGURES_DOC, required=True)
    position = choice(Placement, _POSITION_DOC, load_default=Placement.GROUND)
    marked = flag("It carries a marker: it acted this turn (L4). Default false.", load_default=False)
    field = map_schemas.on_map(_FIELD_DOC)


class TulFightBody(Schema):
    """A fight to resolve: the attacking groups, the target and its helpers (L2)."""

    build = FightBody
    left_out = frozenset({"map"})
    edition = choice(Edition, "Which edition's units and rules (L1, LS1–LS3).", required=True)
    attackers = listing(nested(TulAttacker), "One or more attacking groups (L2).", 1, required=True)
    target = nested(TulDefender, "The group attacked.", required=True)
    helpers = listing(nested(TulDefender), "Groups helping the target. Default none.", load_default=())
    attack_from_outside = flag("Stahl und Sterne: the attack comes from outside the target's sector (LS2). "
                               "Default true.", load_default=True)
    attack_from_tower = flag("Stahl und Sterne: the attack comes from another sector with a tower (LS2). "
                             "Default false.", load_default=False)
    target_side_imperator = flag("Stahl und Sterne: the target's side is the imperator's (LS2). "
                                 "Default false.", load_default=False)
    map = nested(map_schemas.TulMap, "Stahl und Sterne: the map the fight is on; each group names its "
                 "`field`, and the sector facts are the map's (LS2): one sent that it contradicts is 422. "
                 "Default none: the players' word.", load_default=None, allow_none=False)


def _contribution(group: tuple[Role, int], strength: int, bonus: int, counted: bool) -> Contribution:
    return Contribution(group[0], group[1], strength, bonus, counted)


class TulContribution(StopAtMissing):
    """What one group added to its side, and whether it counted."""

    build = _contribution
    group = GroupName("The group, as a JSON pointer into the request: `/target`, `/attackers/N`, "
                      "`/helpers/N`.", required=True)
    strength = integer(0, doc="Figures × combat points per figure (L1).", required=True)
    bonus = integer(1, max(BONUS.values()), "The position bonus applied (L6, LS2): 1 where none applies "
                    "or it is lost.", required=True)
    counted = flag("It added to its side (false: blocked or excluded, L4).", required=True)


class TulOutcome(StopAtMissing, Ordered):
    """The fight's result, with its working (L5–L8, LS3)."""

    build = Outcome
    left_out = frozenset({"sector_facts"})
    # Read, and its problems named, numbers first, then the flags.
    load_order = ("attack", "defence", "losses", "target_figures_after", "gold",
                  "defended", "removed", "convertible", "must_occupy", "contributions")
    attack = integer(0, doc="The attack value (L5).", required=True)
    defence = integer(0, doc="The defence value (L6).", required=True)
    defended = flag("The defence is at least the attack (L7).", required=True)
    losses = integer(0, doc="Figures the target loses (L7).", required=True)
    target_figures_after = integer(0, doc="Figures left on the target.", required=True)
    removed = flag("The target has no figure left (L7).", required=True)
    gold = integer(0, 1, "Gold pieces left on the target's place (L8).", required=True)
    convertible = flag("The angels' player may turn the removed group into its own (L8).", required=True)
    must_occupy = flag("An attacking group must take the removed target's place (LS3).", required=True)
    contributions = listing(nested(TulContribution), required=True)
    sector_facts = nested(map_schemas.TulSectorFacts, "With a `map`: the fight's sector facts (LS2).")


class TulUnit(Schema):
    """One unit of the edition's table (L1)."""

    kind = Name("Its name in the edition.", required=True)
    max_figures = integer(1, doc="Figures a tile holds.", required=True)
    lives = integer(1, doc="Lives per figure.", required=True)
    points = integer(0, doc="Combat points per figure.", required=True)
    full_strength = integer(0, doc="A full tile's strength.", required=True)
    may_attack = flag("It may attack (L3).", required=True)
    ranged = flag("It attacks from a distance (archers' 40 cm).", required=True)
    may_defend = flag("It may defend and help (L4).", required=True)
    actions = integer(1, doc="Actions per turn (L3).", required=True)


class TulPositionBonus(Schema):
    """A position a group can stand on, and its bonus (L6, LS1)."""

    position = choice(Placement, "The position.", required=True)
    bonus = integer(1, doc="Its multiplier.", required=True)


class TulUnitsAnswer(Schema):
    """The edition's units and positions (L1, L6, LS1)."""

    edition = choice(Edition, "The edition.", required=True)
    units = listing(nested(TulUnit), required=True)
    positions = listing(nested(TulPositionBonus), required=True)


# --------------------------------------------------------------------- the ledger


@quick_init
@dataclass(frozen=True)
class TroopBody:
    """A group of a ledger as a request gives it: its kind still a name (L1 is a rule)."""

    id: str
    kind: str
    figures: int
    markers: int = 0
    actions_used: int = 0
    off_board: bool = False

    @classmethod
    def of(cls, troop: Troop) -> TroopBody:
        """The JSON form's value of ``troop``."""
        return cls(troop.id, troop.kind.value, troop.figures, troop.markers, troop.actions_used,
                   troop.off_board)


_BY_NAME: Final = frozenset({"supply", "groups", "buildings"})
"""The members of a ledger its JSON gives by name (a group's kind, a resource, a building)."""


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
        included; every other member the ledger's own."""
        return cls(
            supply={r.value: ledger.resource(r) for r in RESOURCES[edition]},
            groups=tuple(TroopBody.of(t) for t in ledger.groups),
            buildings={b.value: ledger.building(b) for b in BUILDINGS[edition]},
            **{name: getattr(ledger, name) for name in _OWN},
        )


_OWN: Final = tuple(f.name for f in dataclass_fields(LedgerBody) if f.name not in _BY_NAME)
"""The members of a ledger's JSON form that are the ledger's own, as they are."""


class TulLedgerGroup(Schema):
    """A group of the side: its id, kind and figures, the markers on it and the actions it used this
    turn (L14, L15), and for angels whether it is off the board (L18)."""

    build = TroopBody
    id = Ident("The group's name, unique in the ledger (L14).", required=True)
    kind = Name("The unit (L1), by the edition's name.", required=True)
    figures = AnyInteger("Figures on the tile: 1 to what it holds (L1).", required=True)
    markers = integer(0, doc="Markers lying on it (L14). Default 0.", load_default=0)
    actions_used = integer(0, doc="Actions it took this turn, each of which laid a marker (L15). Default 0.",
                           load_default=0)
    off_board = flag("Angels only: it is off the board (L18). Default false.", load_default=False)


class TulSupply(Record):
    """The side's resources: wood, stone, gold; in Stahl und Sterne biomass, iron, uranium (LS4).
    Each defaults to 0."""

    wood = count("Wood (L20).")
    stone = count("Stone (L22).")
    gold = count("Gold (L19, L23).")
    biomass = count("Stahl und Sterne: biomass, the wood (LS4).")
    iron = count("Stahl und Sterne: iron, the stone (LS4).")
    uranium = count("Stahl und Sterne: uranium, the gold (LS4).")


class TulBuildings(Record):
    """The side's buildings (L25–L27, LS10). Each defaults to 0."""

    farm = count("Farms (L25).")
    quarry = count("Quarries (L25).")
    tower = count("The castle's towers, the first one the count starts with (L11, L26, LS10); at most 4.")
    wall = count("The castle's walls, the gate not counted (L26); at most 3.")
    gate = count("The gate, the castle's last part and fourth wall (L26); at most 1.")
    dragon = count("The angels' dragon (L27); at most 1.")
    catapult = count("The dwarves' catapult (L27); at most 1.")


class TulLedger(Ordered):
    """A side's ledger: its supply of markers and resources, its groups, its buildings, and for the Fluid its
    fluids and stacks (L12–L30)."""

    build = LedgerBody
    # Its buildings are read, and their problems named, before its groups.
    load_order = ("side", "markers", "supply", "buildings")
    side = choice(Side, "Whose ledger (L9): `graf` (`imperator` in Stahl und Sterne), `zwerge`, `engel`, "
                  "`fluid`.", required=True)
    markers = integer(0, doc="Markers in the supply (L12, L14). Default 0.", load_default=0)
    supply = nested(TulSupply, "Resources. Default none.", load_default=dict)
    groups = Groups(TulLedgerGroup, "The side's groups. Default none.", load_default=())
    buildings = nested(TulBuildings, "Buildings. Default none.", load_default=dict)
    fluids = integer(0, doc="The Fluid: fluids on the board (L30). Default 0.", load_default=0)
    stacks = listing(integer(2, doc="A stack's height."), "The Fluid: the heights of its stacks (L30). "
                     "Default none.", load_default=())


class Action(StopAtMissing, Ordered):
    """An action of a ledger, told apart by its ``type`` (:data:`ACTIONS`)."""

    def made(self, data: dict[str, Any]) -> Any:
        data.pop("type", None)
        return super().made(data)


_GROUP = "The acting group's id."


class TulMoveAction(Action):
    """A group moves (L14): one action, one marker. Gold pieces on its way are collected (L19); an angel
    enters from the edge or flees to it (L18)."""

    build = Move
    left_out = frozenset({"to", "field"})
    type = Tag("move")
    group = Ident(_GROUP, required=True)
    to = Among(DESTINATIONS, "Angels only: `board` to enter from the edge, `off` to flee to it (L18).",
               load_default=None, allow_none=False)
    gold = integer(0, doc="Gold pieces collected on the way (asserted; L19). Default 0.", load_default=0)
    field = map_schemas.on_map("On a map: the field moved to, or an angel enters on (LS16, LS17, LS20).")


class TulWorkAction(Action):
    """A worker, or a whole group of fighters, works (L20–L24, LS8): one action, one marker."""

    build = Work
    type = Tag("work")
    group = Ident(_GROUP, required=True)
    site = choice(Site, "Where (asserted): `forest`, `field`, `quarry`, `gold` (the angels' workers); "
                  "Stahl und Sterne `green`, `blue`, `red`, `gold`.", required=True)
    imperator_present = flag("Stahl und Sterne: the imperator is on the world worked, doubling it (LS9). "
                             "Default false.", load_default=False)


class TulAttackAction(Action):
    """A group attacks (L3, L16): one action, one marker; the fight is `POST /v1/turm-und-leute/combat`."""

    build = Attack
    left_out = frozenset({"field"})
    type = Tag("attack")
    group = Ident(_GROUP, required=True)
    field = map_schemas.on_map("Stahl und Sterne on a map: the field attacked (LS18, LS20, LS22).")


class TulBuildAction(Action):
    """Pay for a building (L25–L27, LS10); no marker."""

    build = Build
    left_out = frozenset({"field"})
    type = Tag("build")
    project = choice(Project, "What is built.", required=True)
    field = map_schemas.on_map("Stahl und Sterne on a map: the field a small tower stands on (LS19).")


class TulConvertAction(Action):
    """Five unmarked workers become fighters (L28); no marker."""

    build = Convert
    type = Tag("convert")
    workers = listing(Ident("A worker's id."), "The five workers.", 1, 20, required=True)
    into = Among(tuple(Kind(n) for n in FIGHTER_NAMES), "Riders or archers (one group), pikemen (two), "
                 "by the edition's name.", required=True)


class TulHireAction(Action):
    """The angels hire one angel for 7 gold, the dwarves a group for 1 gold per life (L29, LS11)."""

    build = Hire
    left_out = frozenset({"field"})
    type = Tag("hire")
    figures = integer(1, doc="Dwarves: the new group's figures (1 to 5); angels: 1. Default 1.",
                      load_default=1)
    field = map_schemas.on_map("Stahl und Sterne on a map: the field the new group is placed on "
                               "(LS11, LS15, LS20).")


class TulBridgeAction(Action):
    """Stahl und Sterne: a bridge between worlds, 2 markers per field (LS7)."""

    build = Bridge
    type = Tag("bridge")
    # (``fields`` is a schema's own attribute: the member is named by its data_key)
    fields_ = integer(1, doc="Fields of the solar system between the worlds.", required=True,
                      data_key="fields", attribute="fields")


class TulPlaceAction(Action):
    """The Fluid brings a new fluid into play (L30 1)."""

    build = Place
    left_out = frozenset({"field"})
    type = Tag("place")
    field = map_schemas.on_map("Stahl und Sterne on a map: the field of the new fluid (L30, LS15).")


class TulRelocateAction(Action):
    """The Fluid places two fluids elsewhere (L30 2)."""

    build = Relocate
    type = Tag("relocate")


class TulSplitAction(Action):
    """The Fluid splits a stack (L30 3)."""

    build = Split
    type = Tag("split")
    stack = integer(0, doc="The stack's index in `stacks`.", required=True)
    parts = listing(integer(1, doc="A part's fluids."), "The parts, two or more, as many fluids as the "
                    "stack.", 1, 20, required=True)


class TulAbsorbAction(Action):
    """The Fluid stacks four single fluids on an opposing group next to them and takes it (L30 4)."""

    build = Absorb
    # The group is read first, as for every action that names one.
    load_order = ("type", "group", "side")
    type = Tag("absorb")
    side = choice(Side, "The group's side.", required=True)
    group = Ident("The group's id in its side's ledger.", required=True)


class TulMovePlanetAction(Action):
    """Stahl und Sterne: the Fluid moves a planet on its orbit, for both its moves (LS12)."""

    build = MovePlanet
    left_out = frozenset({"world", "orbit_field"})
    type = Tag("move_planet")
    world, orbit_field = map_schemas.planet_members()


ACTIONS: Final[Mapping[str, type[Action]]] = {
    "move": TulMoveAction,
    "work": TulWorkAction,
    "attack": TulAttackAction,
    "build": TulBuildAction,
    "convert": TulConvertAction,
    "hire": TulHireAction,
    "bridge": TulBridgeAction,
    "place": TulPlaceAction,
    "relocate": TulRelocateAction,
    "split": TulSplitAction,
    "absorb": TulAbsorbAction,
    "move_planet": TulMovePlanetAction,
}
"""Every action of a ledger (L14–L30, LS7, LS12), by its ``type``."""


class ActionOf(OneOf):
    """An action, the schema its ``type`` names: an object whose ``type`` is missing or
    names no action is one mistake, at its ``type``; dumped from the engine's action by
    its class."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("type", ACTIONS, **kwargs)
        self.error_messages["null"] = MUST_BE_OBJECT()
        self.by_class = {schema.build: value for value, schema in ACTIONS.items()}

    def _chosen(self, value: Any) -> Schema:
        if type(value) is not dict:
            raise self.make_error("type")
        kind = value.get(self.tag)
        found = self.schemas.get(kind) if type(kind) is str else None
        if found is None:
            raise ValidationError({self.tag: [self.mistake]})
        return found

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else self.schemas[self.by_class[type(value)]].dump(value)


@dataclass(frozen=True)
class TurnBody:
    """A turn as a request gives it, its ledger a :class:`LedgerBody`."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledger: LedgerBody
    actions: tuple[Any, ...] = ()
    start: bool = True
    end: bool = True
    map: Any = None


@dataclass(frozen=True)
class GoalBody:
    """The goal question as a request gives it, its ledgers :class:`LedgerBody` s."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledgers: tuple[LedgerBody, ...]
    people_safe: bool = False


def _peoples(doc: str) -> List:
    return listing(Among(PEOPLES, "A people."), doc, 1, len(PEOPLES), required=True)


class TulTurnBody(Schema):
    """A side's turn: the game, the side's ledger and its actions (L12–L30, LS4–LS13)."""

    build = TurnBody
    left_out = frozenset({"map"})
    edition = choice(Edition, "Which edition (L1, LS4).", required=True)
    peoples = _peoples("The peoples playing against the count, each once (L9).")
    ledger = nested(TulLedger, "The side's ledger before the turn.", required=True)
    actions = listing(ActionOf(), "The actions, in order. Default none.", 0, MAX_ACTIONS, load_default=())
    start = flag("The turn starts here: markers removed and received first (L12, L13, L18, LS6). "
                 "Default true.", load_default=True)
    end = flag("The actions are the whole turn (the Fluid's two moves, L30). Default true.",
               load_default=True)
    map = map_schemas.turn_map()


class TulGoalBody(Schema):
    """Every side's ledger, for the goals (L31, LS10)."""

    build = GoalBody
    edition = choice(Edition, "Which edition.", required=True)
    peoples = _peoples("The peoples playing against the count (L9).")
    ledgers = listing(nested(TulLedger), "One ledger per side in play, the count's included.", 1, 4,
                      required=True)
    people_safe = flag("Turm und Leute: all the count's people are in safety (asserted; L31). Default false.",
                       load_default=False)


# ---------------------------------------------------------------------- the answers


class TulSideSetup(Schema):
    """One side at the start."""

    side = choice(Side, "The side.", required=True)
    markers_per_turn = integer(0, doc="Markers it receives at the start of each turn (L12).", required=True)
    ledger = nested(TulLedger, required=True)


class TulSetupAnswer(Schema):
    """Every side of the game in the order they move (L10), with its forces (L11)."""

    edition = choice(Edition, "The edition.", required=True)
    peoples = listing(Among(PEOPLES, "A people."), required=True)
    order = listing(choice(Side, "A side."), required=True)
    sides = listing(nested(TulSideSetup), required=True)


class TulViolation(Schema):
    """The first illegal action of a turn."""

    rule = String(required=True, metadata=described("The rule id it breaks."))
    index = integer(0, doc="The index of the offending action; the number of actions when the turn ends "
                    "too early (L30).", required=True)
    detail = String(required=True, metadata=described("A sentence a player understands."))
    interpretations = readings()


class TulIllegalAnswer(Illegal):
    """The turn is illegal: its first illegal action."""

    violation = Nested(TulViolation, required=True)


class TulLegalAnswer(LegalAnswer):
    """The whole turn is legal."""


class TulValidateAnswer(Verdicts):
    """Whether the turn is legal; if not, its first illegal action."""

    variants = (TulIllegalAnswer, TulLegalAnswer)


class TulProduction(Record):
    """What the turn's work produced (L20–L23, LS8, LS9); members only for what it produced."""

    wood = count("Wood.")
    stone = count("Stone.")
    gold = count("Gold.")
    biomass = count("Biomass.")
    iron = count("Iron.")
    uranium = count("Uranium.")
    arbeiter = count("New workers.")


class TulEvent(Record):
    """Something that happened, in order; `type` says what, the other members its details."""

    type = Word(EVENT_TYPES, required=True, metadata=described("What happened."))
    group = String(metadata=described("The group."))
    to = Word(DESTINATIONS, metadata=described("Where an angel went (L18)."))
    markers = count("Markers removed, received or paid.")
    gold = count("Gold collected, or produced.")
    kept = flag("The collected gold is kept (angels, dwarves; L19).")
    site = Word([s.value for s in Site], metadata=described("Where the group worked."))
    workers = listing(String(metadata=described("A worker.")), "New workers, or the workers converted.")
    wood = count("Wood produced.")
    stone = count("Stone produced.")
    biomass = count("Biomass produced.")
    iron = count("Iron produced.")
    uranium = count("Uranium produced.")
    project = Word([p.value for p in Project], metadata=described("What was built."))
    groups = listing(String(metadata=described("A group.")), "The groups a conversion made.")
    figures = integer(1, doc="A hired group's figures.")
    fields_ = integer(1, doc="A bridge's length in fields.", data_key="fields", attribute="fields")
    stack = integer(2, doc="The height of the stack split.")
    parts = listing(integer(1, doc="A part."), "The parts of a split.")
    side = Word([s.value for s in Side], metadata=described("The side of the group taken."))
    interpretations = readings()


class TulApplyAnswer(Schema):
    """The ledger after the turn, its production, the markers it spent and its events."""

    left_out = frozenset({"map"})
    ledger = nested(TulLedger, required=True)
    production = nested(TulProduction, required=True)
    markers_spent = integer(0, doc="Markers taken from the supply (L14, LS7).", required=True)
    events = Records(TulEvent, required=True)
    map = nested(map_schemas.TulMap, "The map after the turn, when the turn was played on one.")


class TulSideGoal(Schema):
    """One side's aim and whether it is reached."""

    build = SideGoal
    side = choice(Side, "The side.", required=True)
    aim = choice(Aim, "Its aim (L31, LS10).", required=True)
    met = flag("The aim is reached.", required=True)
    missing = listing(String(metadata=described("What is still missing.")), required=True)


class TulGoalAnswer(Schema):
    """Each side's aim, whether the count is removed, the winners (L31)."""

    build = GoalResult
    sides = listing(nested(TulSideGoal), required=True)
    count_removed = flag("The count has no group of himself left: his opponents win together (L31).",
                         required=True)
    winners = listing(choice(Side, "A side."), required=True)
    game_over = flag("Someone has won.", required=True)
