"""Turm und Leute's set-up, turn ledger and goal: requests and answers as the document
describes them (L9–L31, LS4–LS13).

The bodies are read whole by the engine (:class:`~service.api.declare.Whole`); these
schemas describe them, member for member, so that what the document admits the engine
reads. A kind is any string (a kind the edition does not have is L1, 422); a building
count any integer from 0 (more towers than four is L26, 422). Component names start
with ``Tul``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import validate

from service.api.declare import (
    Answer,
    Closed,
    Int,
    List,
    Nested,
    Query,
    Str,
    Union,
    Whole,
    array,
    flag,
    integer,
    one_of,
    text,
)
from service.api.turm_und_leute.schemas import EDITIONS
from service.api.turns import verdict_answer
from service.turm_und_leute.ledger import Project, Site
from service.turm_und_leute.ledger_codec import (
    ACTION_MEMBERS,
    DESTINATIONS,
    FIGHTER_NAMES,
    MAX_ACTIONS,
    MAX_ID,
    parse_goal,
    parse_turn,
)
from service.turm_und_leute.peoples import PEOPLES, Side

SIDES = [s.value for s in Side]
PEOPLE_NAMES = [p.value for p in PEOPLES]
PEOPLES_PATTERN = "^(zwerge|engel|fluid)(,(zwerge|engel|fluid)){0,2}$"


def _id(description: str, **kwargs: Any) -> Str:
    return Str(
        validate=validate.Length(1, MAX_ID, error=f"must be a string of 1 to {MAX_ID} characters"),
        metadata={"description": description},
        **kwargs,
    )


def _count(description: str) -> Int:
    return integer(description, 0)


class TulLedgerGroup(Closed):
    """A group of the side: its id, kind and figures, the markers on it and the actions it
    used this turn (L14, L15), and for angels whether it is off the board (L18)."""

    id = _id("The group's name, unique in the ledger (L14).", required=True)
    kind = Str(required=True, metadata={"description": "The unit (L1), by the edition's name."})
    figures = Int(required=True, metadata={"description": "Figures on the tile: 1 to what it holds (L1)."})
    markers = _count("Markers lying on it (L14). Default 0.")
    actions_used = _count("Actions it took this turn, each of which laid a marker (L15). Default 0.")
    off_board = flag("Angels only: it is off the board (L18). Default false.")


class TulSupply(Closed):
    """The side's resources: wood, stone, gold; in Stahl und Sterne biomass, iron, uranium
    (LS4). Each defaults to 0."""

    wood = _count("Wood (L20).")
    stone = _count("Stone (L22).")
    gold = _count("Gold (L19, L23).")
    biomass = _count("Stahl und Sterne: biomass, the wood (LS4).")
    iron = _count("Stahl und Sterne: iron, the stone (LS4).")
    uranium = _count("Stahl und Sterne: uranium, the gold (LS4).")


class TulBuildings(Closed):
    """The side's buildings (L25–L27, LS10). Each defaults to 0."""

    farm = _count("Farms (L25).")
    quarry = _count("Quarries (L25).")
    tower = _count("The castle's towers, the first one the count starts with (L11, L26, LS10); at most 4.")
    wall = _count("The castle's walls, the gate not counted (L26); at most 3.")
    gate = _count("The gate, the castle's last part and fourth wall (L26); at most 1.")
    dragon = _count("The angels' dragon (L27); at most 1.")
    catapult = _count("The dwarves' catapult (L27); at most 1.")


class TulLedger(Closed):
    """A side's ledger: its supply of markers and resources, its groups, its buildings,
    and for the Fluid its fluids and stacks (L12–L30)."""

    side = one_of(
        SIDES,
        "Whose ledger (L9): `graf` (`imperator` in Stahl und Sterne), `zwerge`, `engel`, `fluid`.",
        required=True,
    )
    markers = _count("Markers in the supply (L12, L14). Default 0.")
    supply = Nested(TulSupply, metadata={"description": "Resources. Default none."})
    groups = List(Nested(TulLedgerGroup), metadata={"description": "The side's groups. Default none."})
    buildings = Nested(TulBuildings, metadata={"description": "Buildings. Default none."})
    fluids = _count("The Fluid: fluids on the board (L30). Default 0.")
    stacks = List(
        integer("A stack's height.", 2),
        metadata={"description": "The Fluid: the heights of its stacks (L30). Default none."},
    )


# ------------------------------------------------------------------------------ actions

_GROUP = "The acting group's id."


def _action_schema(kind: str, doc: str, **members: Any) -> Any:
    cls = Closed.from_dict(
        {"type": one_of([kind], f"`{kind}`.", required=True), **members},
        name="Tul" + "".join(p.title() for p in kind.split("_")) + "Action",
    )
    cls.__doc__ = doc
    return cls


ACTIONS: dict[str, Any] = {
    "move": _action_schema(
        "move",
        "A group moves (L14): one action, one marker. Gold pieces on its way are collected (L19); an "
        "angel enters from the edge or flees to it (L18).",
        group=_id(_GROUP, required=True),
        to=one_of(
            list(DESTINATIONS), "Angels only: `board` to enter from the edge, `off` to flee to it (L18)."
        ),
        gold=_count("Gold pieces collected on the way (asserted; L19). Default 0."),
    ),
    "work": _action_schema(
        "work",
        "A worker, or a whole group of fighters, works (L20–L24, LS8): one action, one marker.",
        group=_id(_GROUP, required=True),
        site=one_of(
            [s.value for s in Site],
            "Where (asserted): `forest`, `field`, `quarry`, `gold` (the angels' "
            "workers); Stahl und Sterne `green`, `blue`, `red`, `gold`.",
            required=True,
        ),
        imperator_present=flag(
            "Stahl und Sterne: the imperator is on the world worked, doubling it (LS9). Default false."
        ),
    ),
    "attack": _action_schema(
        "attack",
        "A group attacks (L3, L16): one action, one marker; the fight is `POST /v1/turm-und-leute/combat`.",
        group=_id(_GROUP, required=True),
    ),
    "build": _action_schema(
        "build",
        "Pay for a building (L25–L27, LS10); no marker.",
        project=one_of([p.value for p in Project], "What is built.", required=True),
    ),
    "convert": _action_schema(
        "convert",
        "Five unmarked workers become fighters (L28); no marker.",
        workers=array(_id("A worker's id."), "The five workers.", 1, 20, required=True),
        into=one_of(
            list(FIGHTER_NAMES),
            "Riders or archers (one group), pikemen (two), by the edition's name.",
            required=True,
        ),
    ),
    "hire": _action_schema(
        "hire",
        "The angels hire one angel for 7 gold, the dwarves a group for 1 gold per life (L29, LS11).",
        figures=integer("Dwarves: the new group's figures (1 to 5); angels: 1. Default 1.", 1),
    ),
    "bridge": _action_schema(
        "bridge",
        "Stahl und Sterne: a bridge between worlds, 2 markers per field (LS7).",
        fields=integer("Fields of the solar system between the worlds.", 1, required=True),
    ),
    "place": _action_schema("place", "The Fluid brings a new fluid into play (L30 1)."),
    "relocate": _action_schema("relocate", "The Fluid places two fluids elsewhere (L30 2)."),
    "split": _action_schema(
        "split",
        "The Fluid splits a stack (L30 3).",
        stack=integer("The stack's index in `stacks`.", 0, required=True),
        parts=array(
            integer("A part's fluids.", 1),
            "The parts, two or more, as many fluids as the stack.",
            1,
            20,
            required=True,
        ),
    ),
    "absorb": _action_schema(
        "absorb",
        "The Fluid stacks four single fluids on an opposing group next to them and takes it (L30 4).",
        side=one_of(SIDES, "The group's side.", required=True),
        group=_id("The group's id in its side's ledger.", required=True),
    ),
    "move_planet": _action_schema(
        "move_planet", "Stahl und Sterne: the Fluid moves a planet on its orbit, for both its moves (LS12)."
    ),
}
assert list(ACTIONS) == list(ACTION_MEMBERS)


class TulTurn(Whole):
    """A side's turn: the game, the side's ledger and its actions (L12–L30, LS4–LS13)."""

    problems: ClassVar = {422: "InvalidLedger"}
    parse: ClassVar = staticmethod(parse_turn)

    edition = one_of(EDITIONS, "Which edition (L1, LS4).", required=True)
    peoples = array(
        one_of(PEOPLE_NAMES, "A people."),
        "The peoples playing against the count, each once (L9).",
        1,
        3,
        required=True,
    )
    ledger = Nested(TulLedger, required=True, metadata={"description": "The side's ledger before the turn."})
    actions = array(Union("type", ACTIONS), "The actions, in order. Default none.", 0, MAX_ACTIONS)
    start = flag(
        "The turn starts here: markers removed and received first (L12, L13, L18, LS6). Default true."
    )
    end = flag("The actions are the whole turn (the Fluid's two moves, L30). Default true.")


class TulApplyTurn(TulTurn):
    """A side's turn to play."""

    problems: ClassVar = {422: "InvalidLedgerOrTurn"}


class TulGoalQuery(Whole):
    """Every side's ledger, for the goals (L31, LS10)."""

    problems: ClassVar = {422: "InvalidLedger"}
    parse: ClassVar = staticmethod(parse_goal)

    edition = one_of(EDITIONS, "Which edition.", required=True)
    peoples = array(
        one_of(PEOPLE_NAMES, "A people."), "The peoples playing against the count (L9).", 1, 3, required=True
    )
    ledgers = array(
        Nested(TulLedger), "One ledger per side in play, the count's included.", 1, 4, required=True
    )
    people_safe = flag("Turm und Leute: all the count's people are in safety (asserted; L31). Default false.")


class TulSetupQuery(Query):
    """Which edition, and which peoples play against the count."""

    problems: ClassVar = {422: "InvalidPeoples"}

    edition = one_of(EDITIONS, "The edition.", required=True)
    peoples = text(
        "The peoples against the count, by name, separated by commas (`zwerge,engel`); each once (L9).",
        PEOPLES_PATTERN,
        "one to three of zwerge, engel, fluid separated by commas",
        example="zwerge,engel",
        required=True,
    )


# ------------------------------------------------------------------------------ answers


class TulSideSetup(Answer):
    """One side at the start."""

    side = one_of(SIDES, "The side.", required=True)
    markers_per_turn = integer("Markers it receives at the start of each turn (L12).", 0, required=True)
    ledger = Nested(TulLedger, required=True)


class TulSetupAnswer(Answer):
    """Every side of the game in the order they move (L10), with its forces (L11)."""

    edition = one_of(EDITIONS, "The edition.", required=True)
    peoples = List(one_of(PEOPLE_NAMES, "A people."), required=True)
    order = List(one_of(SIDES, "A side."), required=True)
    sides = List(Nested(TulSideSetup), required=True)


class TulViolation(Answer):
    """The first illegal action of a turn."""

    rule = text("The rule id it breaks.", required=True)
    index = integer(
        "The index of the offending action; the number of actions when the turn ends too early (L30).",
        required=True,
    )
    detail = text("A sentence a player understands.", required=True)


TulValidateAnswer = verdict_answer("Tul", TulViolation, "action")


class TulProduction(Answer):
    """What the turn's work produced (L20–L23, LS8, LS9); members only for what it produced."""

    wood = _count("Wood.")
    stone = _count("Stone.")
    gold = _count("Gold.")
    biomass = _count("Biomass.")
    iron = _count("Iron.")
    uranium = _count("Uranium.")
    arbeiter = _count("New workers.")


class TulEvent(Answer):
    """Something that happened, in order; `type` says what, the other members its details."""

    type = one_of(
        [
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
        ],
        "What happened.",
        required=True,
    )
    group = text("The group.")
    to = one_of(list(DESTINATIONS), "Where an angel went (L18).")
    markers = _count("Markers removed, received or paid.")
    gold = _count("Gold collected, or produced.")
    kept = flag("The collected gold is kept (angels, dwarves; L19).")
    site = one_of([s.value for s in Site], "Where the group worked.")
    workers = List(text("A worker."), metadata={"description": "New workers, or the workers converted."})
    wood = _count("Wood produced.")
    stone = _count("Stone produced.")
    biomass = _count("Biomass produced.")
    iron = _count("Iron produced.")
    uranium = _count("Uranium produced.")
    project = one_of([p.value for p in Project], "What was built.")
    groups = List(text("A group."), metadata={"description": "The groups a conversion made."})
    figures = integer("A hired group's figures.", 1)
    bridge_fields = integer("A bridge's length in fields.", 1, data_key="fields")
    stack = integer("The height of the stack split.", 2)
    parts = List(integer("A part.", 1), metadata={"description": "The parts of a split."})
    side = one_of(SIDES, "The side of the group taken.")


class TulApplyAnswer(Answer):
    """The ledger after the turn, its production, the markers it spent and its events."""

    ledger = Nested(TulLedger, required=True)
    production = Nested(TulProduction, required=True)
    markers_spent = integer("Markers taken from the supply (L14, LS7).", 0, required=True)
    events = List(Nested(TulEvent), required=True)


class TulSideGoal(Answer):
    """One side's aim and whether it is reached."""

    side = one_of(SIDES, "The side.", required=True)
    aim = one_of(
        ["castle", "towers", "dragon", "catapult", "everything"], "Its aim (L31, LS10).", required=True
    )
    met = flag("The aim is reached.", required=True)
    missing = List(text("What is still missing."), required=True)


class TulGoalAnswer(Answer):
    """Each side's aim, whether the count is removed, the winners (L31)."""

    sides = List(Nested(TulSideGoal), required=True)
    count_removed = flag(
        "The count has no group of himself left: his opponents win together (L31).", required=True
    )
    winners = List(one_of(SIDES, "A side."), required=True)
    game_over = flag("Someone has won.", required=True)
