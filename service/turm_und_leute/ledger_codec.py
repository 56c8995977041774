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
from dataclasses import dataclass
from typing import Any, Final

from service.common.errors import IllegalTurnError, InvalidPositionError, InvalidQueryError, MalformedError
from service.common.refusal import N_
from service.common.shapes import MUST_BE_ONE_OF, Shape
from service.turm_und_leute.codec import read_tile
from service.turm_und_leute.game import Game, GoalResult, goal, setup_game
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

LEDGER_MEMBERS: Final = ("side", "markers", "supply", "groups", "buildings", "fluids", "stacks")
GROUP_MEMBERS: Final = ("id", "kind", "figures", "markers", "actions_used", "off_board")
GROUP_REQUIRED: Final = ("id", "kind", "figures")
TURN_REQUIRED: Final = ("edition", "peoples", "ledger")
TURN_MEMBERS: Final = (*TURN_REQUIRED, "actions", "start", "end")
GOAL_REQUIRED: Final = ("edition", "peoples", "ledgers")
GOAL_MEMBERS: Final = (*GOAL_REQUIRED, "people_safe")

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

ACTION_MEMBERS: Final[Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    # type: (required members besides type, optional members)
    "move": (("group",), ("to", "gold")),
    "work": (("group", "site"), ("imperator_present",)),
    "attack": (("group",), ()),
    "build": (("project",), ()),
    "convert": (("workers", "into"), ()),
    "hire": ((), ("figures",)),
    "bridge": (("fields",), ()),
    "place": ((), ()),
    "relocate": ((), ()),
    "split": (("stack", "parts"), ()),
    "absorb": (("side", "group"), ()),
    "move_planet": ((), ()),
}
"""Every action of a ledger (L14–L30, LS7, LS12) and its members."""

_KINDS: Final = {k.value: k for k in Kind}


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


def _peoples(shape: Shape, value: object) -> tuple[Side, ...] | None:
    listed = shape.array(value, "/peoples", 1, len(PEOPLES))
    if listed is None:
        return None
    names = {p.value: p for p in PEOPLES}
    found = [
        shape.lookup(names, v, f"/peoples/{i}", "one of 'zwerge', 'engel', 'fluid'")
        for i, v in enumerate(listed)
    ]
    if any(p is None for p in found):
        return None
    return tuple(p for p in found if p is not None)


def _id(shape: Shape, value: object, where: str) -> str | None:
    if type(value) is not str or not 1 <= len(value) <= MAX_ID:
        shape.fail(where, N_("must be a string of 1 to {most} characters")(most=MAX_ID))
        return None
    return value


def _group(shape: Shape, value: object, where: str) -> tuple[str, str, int, int, int, bool] | None:
    obj = shape.obj(value, where, GROUP_REQUIRED, GROUP_MEMBERS)
    if obj is None:
        return None
    gid = _id(shape, obj["id"], f"{where}/id") if "id" in obj else None
    tile = read_tile(shape, obj, where)
    markers = shape.integer(obj.get("markers", 0), f"{where}/markers")
    used = shape.integer(obj.get("actions_used", 0), f"{where}/actions_used")
    off = shape.boolean(obj.get("off_board", False), f"{where}/off_board")
    if gid is None or tile is None or markers is None or used is None or off is None:
        return None
    return gid, *tile, markers, used, off


def _counts(shape: Shape, value: object, where: str, names: Sequence[str]) -> dict[str, int] | None:
    obj = shape.obj(value, where, (), names)
    if obj is None:
        return None
    found = {name: shape.integer(obj[name], f"{where}/{name}") for name in names if name in obj}
    if any(v is None for v in found.values()) or any(k not in names for k in obj):
        return None
    return {k: v for k, v in found.items() if v is not None}


def _ledger_shape(shape: Shape, value: object, where: str) -> dict[str, Any] | None:
    obj = shape.obj(value, where, ("side",), LEDGER_MEMBERS)
    if obj is None:
        return None
    side = shape.member(Side, obj["side"], f"{where}/side") if "side" in obj else None
    markers = shape.integer(obj.get("markers", 0), f"{where}/markers")
    supply = _counts(shape, obj.get("supply", {}), f"{where}/supply", [r.value for r in Resource])
    buildings = _counts(shape, obj.get("buildings", {}), f"{where}/buildings", [b.value for b in Building])
    groups = []
    for i, item in enumerate(shape.array(obj.get("groups", []), f"{where}/groups") or ()):
        groups.append(_group(shape, item, f"{where}/groups/{i}"))
    fluids = shape.integer(obj.get("fluids", 0), f"{where}/fluids")
    stacks = []
    for i, item in enumerate(shape.array(obj.get("stacks", []), f"{where}/stacks") or ()):
        stacks.append(shape.integer(item, f"{where}/stacks/{i}", 2))
    if not shape.ok:
        return None
    return {
        "side": side,
        "markers": markers,
        "supply": supply,
        "buildings": buildings,
        "groups": groups,
        "fluids": fluids,
        "stacks": stacks,
    }


def _build_ledger(edition: Edition, raw: dict[str, Any], where: str) -> Ledger:
    troops = []
    for i, (gid, name, figures, markers, used, off) in enumerate(raw["groups"]):
        kind = _KINDS.get(name)
        if kind is None:
            raise InvalidPositionError("L1", unknown_kind_detail(edition, name), f"{where}/groups/{i}/kind")
        troops.append(Troop(gid, kind, figures, markers, used, off))
    return Ledger(
        raw["side"],
        markers=raw["markers"],
        resources={Resource(k): v for k, v in raw["supply"].items()},
        groups=tuple(troops),
        buildings={Building(k): v for k, v in raw["buildings"].items()},
        fluids=raw["fluids"],
        stacks=tuple(raw["stacks"]),
    )


def _action(shape: Shape, value: object, where: str) -> Action | None:
    if type(value) is not dict:
        shape.fail(where, N_("must be an object")())
        return None
    kind = value.get("type")
    if type(kind) is not str or kind not in ACTION_MEMBERS:
        shape.fail(f"{where}/type", MUST_BE_ONE_OF(allowed=", ".join(repr(k) for k in ACTION_MEMBERS)))
        return None
    required, optional = ACTION_MEMBERS[kind]
    shape.obj(value, where, ("type", *required), ("type", *required, *optional))
    if not all(k in value for k in required):
        return None
    v = value
    at = where
    if kind in ("move", "work", "attack", "absorb"):
        group = _id(shape, v["group"], f"{at}/group")
    if kind == "move":
        to = v.get("to")
        if "to" in v and to not in DESTINATIONS:
            shape.fail(f"{at}/to", MUST_BE_ONE_OF(allowed="'board', 'off'"))
        gold = shape.integer(v.get("gold", 0), f"{at}/gold")
        if group is None or gold is None or ("to" in v and to not in DESTINATIONS):
            return None
        return Move(group, to, gold)
    if kind == "work":
        site = shape.member(Site, v["site"], f"{at}/site")
        present = shape.boolean(v.get("imperator_present", False), f"{at}/imperator_present")
        if group is None or site is None or present is None:
            return None
        return Work(group, site, present)
    if kind == "attack":
        return Attack(group) if group is not None else None
    if kind == "build":
        project = shape.member(Project, v["project"], f"{at}/project")
        return Build(project) if project is not None else None
    if kind == "convert":
        listed = shape.array(v["workers"], f"{at}/workers", 1, 20)
        workers = [_id(shape, w, f"{at}/workers/{i}") for i, w in enumerate(listed or ())]
        into = v["into"]
        if into not in FIGHTER_NAMES:
            shape.fail(f"{at}/into", MUST_BE_ONE_OF(allowed=", ".join(repr(n) for n in FIGHTER_NAMES)))
            return None
        if listed is None or any(w is None for w in workers):
            return None
        return Convert(tuple(w for w in workers if w is not None), Kind(into))
    if kind == "hire":
        figures = shape.integer(v.get("figures", 1), f"{at}/figures", 1)
        return Hire(figures) if figures is not None else None
    if kind == "bridge":
        fields = shape.integer(v["fields"], f"{at}/fields", 1)
        return Bridge(fields) if fields is not None else None
    if kind == "split":
        stack = shape.integer(v["stack"], f"{at}/stack")
        listed = shape.array(v["parts"], f"{at}/parts", 1, 20)
        parts = [shape.integer(p, f"{at}/parts/{i}", 1) for i, p in enumerate(listed or ())]
        if stack is None or listed is None or any(p is None for p in parts):
            return None
        return Split(stack, tuple(p for p in parts if p is not None))
    if kind == "absorb":
        side = shape.member(Side, v["side"], f"{at}/side")
        return Absorb(side, group) if side is not None and group is not None else None
    if kind == "place":
        return Place()
    if kind == "relocate":
        return Relocate()
    return MovePlanet()


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


def _read_body(
    data: object, required: Sequence[str], members: Sequence[str]
) -> tuple[Shape, dict[str, Any], Edition | None, tuple[Side, ...] | None]:
    """The start of reading a body that names an edition and the peoples: its problems so
    far, the body, and its edition and peoples where they are well-formed."""
    shape = Shape()
    shape.obj(data, "", required, members)
    if type(data) is not dict:
        raise MalformedError(problems=shape.problems)
    edition = shape.member(Edition, data["edition"], "/edition") if "edition" in data else None
    peoples = _peoples(shape, data["peoples"]) if "peoples" in data else None
    return shape, data, edition, peoples


def parse_turn(data: object) -> TurnQuery:
    """Read the body of ``POST /v1/turm-und-leute/turns/validate`` (and ``…/apply``).

    Raises :class:`MalformedError` for every shape problem, then
    :class:`InvalidPositionError` for a ledger the rules make impossible (L1, L9, L11,
    L14, L15, L18, L26, L27, L30, LS4, LS8) or a choice of peoples they forbid (L9).
    """
    shape, data, edition, peoples = _read_body(data, TURN_REQUIRED, TURN_MEMBERS)
    raw = _ledger_shape(shape, data["ledger"], "/ledger") if "ledger" in data else None
    actions = []
    for i, item in enumerate(shape.array(data.get("actions", []), "/actions", 0, MAX_ACTIONS) or ()):
        actions.append(_action(shape, item, f"/actions/{i}"))
    start = shape.boolean(data.get("start", True), "/start")
    end = shape.boolean(data.get("end", True), "/end")
    shape.done()
    assert (
        edition is not None
        and peoples is not None
        and raw is not None
        and start is not None
        and end is not None
    )
    _check_peoples(edition, peoples)
    ledger = _build_ledger(edition, raw, "/ledger")
    check_ledger(edition, peoples, ledger)
    return TurnQuery(edition, peoples, ledger, tuple(a for a in actions if a is not None), start, end)


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
    """Read the body of ``POST /v1/turm-und-leute/goal``; the ledgers are checked when
    the goal is asked (:func:`~service.turm_und_leute.game.goal`)."""
    shape, data, edition, peoples = _read_body(data, GOAL_REQUIRED, GOAL_MEMBERS)
    raws = []
    if "ledgers" in data:
        for i, item in enumerate(shape.array(data["ledgers"], "/ledgers", 1, 4) or ()):
            raws.append(_ledger_shape(shape, item, f"/ledgers/{i}"))
    safe = shape.boolean(data.get("people_safe", False), "/people_safe")
    shape.done()
    assert edition is not None and peoples is not None and safe is not None
    _check_peoples(edition, peoples)
    ledgers = tuple(
        _build_ledger(edition, raw, f"/ledgers/{i}") for i, raw in enumerate(raws) if raw is not None
    )
    return GoalQuery(edition, peoples, ledgers, safe)


# ------------------------------------------------------------------------------ writing


def troop_to_dict(troop: Troop) -> dict[str, Any]:
    """A group of a ledger, every member written out."""
    return {
        "id": troop.id,
        "kind": troop.kind.value,
        "figures": troop.figures,
        "markers": troop.markers,
        "actions_used": troop.actions_used,
        "off_board": troop.off_board,
    }


def ledger_to_dict(edition: Edition, ledger: Ledger) -> dict[str, Any]:
    """A ledger with the edition's resources and buildings written out, zeros included.

    >>> ledger_to_dict(Edition.STAHL_UND_STERNE, Ledger(Side.ENGEL))["supply"]
    {'biomass': 0, 'iron': 0, 'uranium': 0}
    """
    return {
        "side": ledger.side.value,
        "markers": ledger.markers,
        "supply": {r.value: ledger.resource(r) for r in RESOURCES[edition]},
        "groups": [troop_to_dict(t) for t in ledger.groups],
        "buildings": {b.value: ledger.building(b) for b in BUILDINGS[edition]},
        "fluids": ledger.fluids,
        "stacks": list(ledger.stacks),
    }


def setup_to_dict(game: Game) -> dict[str, Any]:
    """The answer of ``GET /v1/turm-und-leute/setup``."""
    return {
        "edition": game.edition.value,
        "peoples": [p.value for p in game.peoples],
        "order": [s.value for s in game.order],
        "sides": [
            {
                "side": s.side.value,
                "markers_per_turn": s.markers_per_turn,
                "ledger": ledger_to_dict(game.edition, s.ledger),
            }
            for s in game.sides
        ],
    }


def setup(edition: Edition, peoples: Sequence[Side]) -> dict[str, Any]:
    """The whole of ``GET /v1/turm-und-leute/setup``."""
    return setup_to_dict(setup_game(edition, peoples))


def violation_to_dict(violation: Violation) -> dict[str, Any]:
    """``{"rule", "index", "detail"}``."""
    return {"rule": violation.rule, "index": violation.index, "detail": violation.detail}


def event_to_dict(event: Event) -> dict[str, Any]:
    """``{"type", …members}``."""
    return {"type": event.type, **event.members}


def result_to_dict(edition: Edition, result: TurnResult) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/turns/apply``."""
    return {
        "ledger": ledger_to_dict(edition, result.ledger),
        "production": dict(result.production),
        "markers_spent": result.markers_spent,
        "events": [event_to_dict(e) for e in result.events],
    }


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
    if isinstance(played, Violation):
        return {"legal": False, "violation": violation_to_dict(played)}
    return {"legal": True}


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
    """The answer of ``POST /v1/turm-und-leute/goal``."""
    return {
        "sides": [
            {"side": s.side.value, "aim": s.aim.value, "met": s.met, "missing": list(s.missing)}
            for s in result.sides
        ],
        "count_removed": result.count_removed,
        "winners": [w.value for w in result.winners],
        "game_over": result.game_over,
    }


def goal_query(query: GoalQuery) -> dict[str, Any]:
    """The whole goal check of a parsed request."""
    return goal_to_dict(goal(query.edition, query.peoples, query.ledgers, people_safe=query.people_safe))
