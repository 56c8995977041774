"""JSON ↔ objects for the set-up, the turn ledger and the goal (L9–L31, LS4–LS13).

Reading is two-staged as for a fight: first the shape, every problem collected and
raised together as :class:`~service.common.errors.MalformedError`; then the structure of
the ledger (:func:`~service.turm_und_leute.ledger.check_ledger`), raised as
:class:`~service.common.errors.InvalidPositionError`. Whether the actions are legal is
the turn's question (:func:`~service.turm_und_leute.ledger.validate_turn`), answered as
a violation, not an error.

>>> body = {"edition": "turm-und-leute", "peoples": ["zwerge"],
...         "ledger": setup_to_dict(setup_game(Edition.TURM_UND_LEUTE, (Side.ZWERGE,)))["sides"][1]["ledger"],
...         "actions": [{"type": "hire", "figures": 3}]}
>>> validate_answer(body)["violation"]["detail"]
'a group of 3 dwarves costs 3 gold; the supply has 0 gold'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

from service.common import wire
from service.common.errors import IllegalTurnError, InvalidPositionError, InvalidQueryError
from service.common.refusal import N_
from service.common.shapes import Shape
from service.common.wire import (
    Among,
    ByTag,
    Choice,
    Flag,
    Integer,
    ListOf,
    Member,
    Obj,
    Record,
    Shared,
    String,
    Text,
    Word,
)
from service.turm_und_leute.codec import EDITION, FIGURES, UNIT_NAME
from service.turm_und_leute.game import Aim, Game, GoalResult, SideGoal, goal, setup_game
from service.turm_und_leute.ledger import (
    BUILDINGS,
    RESOURCES,
    Absorb,
    Action,
    Attack,
    Bridge,
    Build,
    Building,
    Convert,
    Event,
    Hire,
    Ledger,
    Move,
    MovePlanet,
    Place,
    Project,
    Relocate,
    Resource,
    Site,
    Split,
    Troop,
    TurnResult,
    Violation,
    Work,
    check_ledger,
    play_turn,
)
from service.turm_und_leute.peoples import PEOPLES, Side, check_peoples
from service.turm_und_leute.units import Edition, Kind, unknown_kind_detail

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

_KINDS: Final = {k.value: k for k in Kind}


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
    checked when the goal is asked (:func:`~service.turm_und_leute.game.goal`)."""
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


def setup(edition: Edition, peoples: Sequence[Side]) -> dict[str, Any]:
    """The whole of ``GET /v1/turm-und-leute/setup``."""
    return setup_to_dict(setup_game(edition, peoples))


def violation_to_dict(violation: Violation) -> dict[str, Any]:
    """``{"rule", "index", "detail"}``."""
    written: dict[str, Any] = VIOLATION.write(violation)
    return written


def _event(event: Event) -> Mapping[str, object]:
    return {"type": event.type, **event.members}


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


def _play(query: TurnQuery) -> TurnResult | Violation:
    return play_turn(
        query.edition, query.peoples, query.ledger, query.actions, start=query.start, end=query.end
    )


def validate_answer(data: object) -> dict[str, Any]:
    """The whole of ``POST /v1/turm-und-leute/turns/validate``: body in, answer out."""
    return validate_query(parse_turn(data))


def validate_query(query: TurnQuery) -> dict[str, Any]:
    """``{"legal": true}`` or ``{"legal": false, "violation": …}``."""
    played = _play(query)
    written: dict[str, Any] = VERDICT.write(wire.Verdict(played if isinstance(played, Violation) else None))
    return written


def apply_query(query: TurnQuery) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/turns/apply``; raises
    :class:`~service.common.errors.IllegalTurnError` (``field`` the offending action)
    for an illegal turn."""
    played = _play(query)
    if isinstance(played, Violation):
        error = IllegalTurnError(played, played.rule, played.detail, violation_to_dict(played))
        error.field = f"/actions/{played.index}" if played.index < len(query.actions) else "/actions"
        raise error
    return result_to_dict(query.edition, played)


def goal_to_dict(result: GoalResult) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/goal`` (:data:`GOAL_ANSWER`)."""
    written: dict[str, Any] = GOAL_ANSWER.write(result)
    return written


def goal_query(query: GoalQuery) -> dict[str, Any]:
    """The whole goal check of a parsed request."""
    return goal_to_dict(goal(query.edition, query.peoples, query.ledgers, people_safe=query.people_safe))
