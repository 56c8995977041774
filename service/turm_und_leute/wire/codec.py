"""JSON ↔ objects, as the HTTP contract writes them: the combat's request and answer and
the L1 table; the set-up, a side's turn on its ledger and the goal (L9–L31, LS4–LS13).

Reading is two-staged, as everywhere in the oracle: first the shape, which the schemas
(:mod:`service.turm_und_leute.wire.schemas`) load, every problem raised together as
:class:`~service.common.errors.MalformedError`; then the rules a request can break,
judged here on the loaded value (L1, LS1, L3; the structure of a ledger,
:func:`~service.turm_und_leute.check.check_ledger`), the first one raised as
:class:`~service.common.errors.InvalidQueryError` (a ledger's as
:class:`~service.common.errors.InvalidPositionError`) with the JSON pointer of the member
it is about. Whether a turn's actions are legal is the turn's question
(:func:`~service.turm_und_leute.turn.validate_turn`), answered as a violation, not an
error. Writing is the answers' schemas' dump.

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
the HTTP layer's (:mod:`service.api.turm_und_leute.views`); this module only reads,
judges and writes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from marshmallow import ValidationError

from service.common.errors import InvalidPositionError, InvalidQueryError, MalformedError, Problem
from service.common.refusal import N_
from service.common.schema import Schema, load
from service.turm_und_leute.actions import Action, Event, TurnResult, Violation
from service.turm_und_leute.board import Field, Map, Piece, check_map
from service.turm_und_leute.check import check_ledger
from service.turm_und_leute.combat import (
    Fight,
    Group,
    Outcome,
    Role,
    attack_refusal,
    group_name,
    group_refusal,
)
from service.turm_und_leute.goal import GoalResult
from service.turm_und_leute.map_rules import SectorFacts, placement_of, sector_facts
from service.turm_und_leute.peoples import Side, check_peoples
from service.turm_und_leute.position import Building, Ledger, Resource, Troop
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
from service.turm_und_leute.wire.fields import parse_group_name
from service.turm_und_leute.wire.schemas import (
    EVENT_TYPES,
    FightBody,
    GoalBody,
    LedgerBody,
    Tile,
    TulApplyAnswer,
    TulAttacker,
    TulDefender,
    TulFightBody,
    TulGoalAnswer,
    TulGoalBody,
    TulLedger,
    TulOutcome,
    TulSetupAnswer,
    TulTurnBody,
    TulUnitsAnswer,
    TulViolation,
    TurnBody,
)

_KINDS: Final = {k.value: k for k in Kind}
_NAMED: Final = frozenset({"resources", "groups", "buildings"})
"""A ledger's members its JSON gives by name, read into the engine's values here."""
_OWN: Final = tuple(f.name for f in fields(Ledger) if f.name not in _NAMED)
"""A ledger's other members, taken as they are loaded."""
_FIGHT: Final = TulFightBody()
_EDITION: Final = TulFightBody._declared_fields["edition"]
"""The edition as every body names it: the same field reads it here."""
_OUTCOME: Final = TulOutcome()
_TURN: Final = TulTurnBody()
_GOAL: Final = TulGoalBody()
_LEDGER: Final = TulLedger()
_SETUP: Final = TulSetupAnswer()
_VIOLATION: Final = TulViolation()
_UNITS: Final = TulUnitsAnswer()
_GOAL_ANSWER: Final = TulGoalAnswer()
_APPLY: Final = TulApplyAnswer()


def _defaults(*schemas: type[Schema]) -> Mapping[str, Any]:
    found: dict[str, Any] = {}
    for schema in schemas:
        for name, field in schema._declared_fields.items():
            if not field.required:
                found[field.data_key or name] = field._serialize(field.load_default, name, None)
    return MappingProxyType(found)


DEFAULTS: Final[Mapping[str, Any]] = _defaults(TulDefender, TulAttacker, TulFightBody)
"""The JSON value an optional member of a fight has when it is left out."""


# ------------------------------------------------------------------- the answers' values
#
# What an answer's schema dumps where no engine value has its shape.


class PositionBonus(NamedTuple):
    """A position of an edition and its bonus, as the units answer lists it."""

    position: Placement
    bonus: int


class UnitsTable(NamedTuple):
    """The units answer's value: an edition's L1 table and its positions (L6, LS1)."""

    edition: Edition
    units: tuple[Unit, ...]
    positions: tuple[PositionBonus, ...]


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


class TurnAnswer(NamedTuple):
    """The apply answer's value: the ledger after the turn (its JSON form's value), its
    production, the markers it spent and its events (each ``{"type", …members}``)."""

    ledger: LedgerBody
    production: Mapping[str, int]
    markers_spent: int
    events: tuple[Mapping[str, object], ...]
    map: Map | None = None


# ------------------------------------------------------------------------ the combat


def parse_edition(value: object, where: str = "/edition") -> Edition:
    """``"turm-und-leute"`` or ``"stahl-und-sterne"``; anything else is malformed.

    >>> parse_edition("stahl-und-sterne")
    <Edition.STAHL_UND_STERNE: 'stahl-und-sterne'>
    """
    try:
        edition: Edition = _EDITION.deserialize(value)
    except ValidationError as error:
        raise MalformedError(problems=[Problem(where, error.messages[0])]) from None
    return edition


def _group(edition: Edition, tile: Tile, role: Role, index: int) -> Group:
    where = group_name(role, index)
    kind = _KINDS.get(tile.kind)
    if kind is None or kind not in UNITS[edition]:
        raise InvalidQueryError("L1", unknown_kind_detail(edition, tile.kind), f"{where}/kind")
    group = Group(kind, tile.figures, tile.position, tile.marked, tile.actions_used)
    refusal = attack_refusal(edition, group) if role is Role.ATTACKER else group_refusal(edition, group)
    if refusal is not None:
        raise InvalidQueryError(refusal.rule, refusal.text, where + refusal.field)
    return group


def fight_of(body: FightBody) -> Fight:
    """The fight a well-formed body asks about, once the rules let every group take part
    as asked; raises :class:`~service.common.errors.InvalidQueryError` for the first that
    may not (a kind unknown to the edition or a wrong number of figures: L1; a position
    the edition does not have: LS1; an attacker that may not attack: L3), in the order
    attackers, target, helpers. A fight made here always resolves."""
    edition = body.edition
    return Fight(
        edition,
        attackers=tuple(_group(edition, a, Role.ATTACKER, i) for i, a in enumerate(body.attackers)),
        target=_group(edition, body.target, Role.TARGET, 0),
        helpers=tuple(_group(edition, h, Role.HELPER, i) for i, h in enumerate(body.helpers)),
        attack_from_outside=body.attack_from_outside,
        attack_from_tower=body.attack_from_tower,
        target_side_imperator=body.target_side_imperator,
    )


def parse_fight(data: object) -> Fight:
    """Read the body of ``POST /v1/turm-und-leute/combat``
    (:class:`~service.turm_und_leute.wire.schemas.TulFightBody`), then judge it (:func:`fight_of`).

    Raises :class:`~service.common.errors.MalformedError` (every shape problem, up to 20)
    when ``data`` is not of the contract's shape, then
    :class:`~service.common.errors.InvalidQueryError` for the first group the rules do not
    let take part as asked.

    >>> parse_fight({"edition": "turm-und-leute", "attackers": [{"kind": "graf", "figures": 1}],
    ...              "target": {"kind": "reiter", "figures": 2}})
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidQueryError: L3: a group of graf may not attack
    """
    body: FightBody = load(_FIGHT, data)
    return fight_of(body)


def parse_outcome(data: object) -> Outcome:
    """Read an answer of ``POST /v1/turm-und-leute/combat``
    (:class:`~service.turm_und_leute.wire.schemas.TulOutcome`; for clients and tests).

    Raises :class:`~service.common.errors.MalformedError` when it is not of the contract's
    shape; its numbers are not checked against any fight.
    """
    outcome: Outcome = load(_OUTCOME, data)
    return outcome


def _tile(group: Group) -> Tile:
    return Tile(group.kind.value, group.figures, group.position, group.marked, group.actions_used)


def fight_to_dict(fight: Fight) -> dict[str, Any]:
    """The request body for ``fight``, every optional member written out.

    >>> fight_to_dict(Fight(Edition.TURM_UND_LEUTE, (Group(Kind.ENGEL, 1),), Group(Kind.GRAF, 1)))["target"]
    {'kind': 'graf', 'figures': 1, 'position': 'ground', 'marked': False}
    """
    body = FightBody(
        fight.edition,
        tuple(_tile(g) for g in fight.attackers),
        _tile(fight.target),
        tuple(_tile(g) for g in fight.helpers),
        fight.attack_from_outside,
        fight.attack_from_tower,
        fight.target_side_imperator,
    )
    written: dict[str, Any] = _FIGHT.dump(body)
    return written


def outcome_to_dict(outcome: Outcome) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/combat``: exactly the contract's members,
    in their order."""
    written: dict[str, Any] = _OUTCOME.dump(outcome)
    return written


def units_table(edition: Edition) -> UnitsTable:
    """The L1 table of ``edition`` in its order, and the positions of the edition with
    their bonus (L6, LS1)."""
    return UnitsTable(
        edition,
        tuple(UNITS[edition].values()),
        tuple(PositionBonus(p, BONUS[p]) for p in PLACEMENTS[edition]),
    )


def units_to_dict(edition: Edition) -> dict[str, Any]:
    """The answer of ``GET /v1/turm-und-leute/units?edition=…`` (:func:`units_table`).

    >>> table = units_to_dict(Edition.STAHL_UND_STERNE)
    >>> table["units"][3]
    {'kind': 'daemonenreiter', 'max_figures': 2, 'lives': 1, 'points': 4, 'full_strength': 8, \
'may_attack': True, 'ranged': False, 'may_defend': True, 'actions': 2}
    >>> table["positions"]
    [{'position': 'ground', 'bonus': 1}, {'position': 'small_tower', 'bonus': 3}, \
{'position': 'big_tower', 'bonus': 4}]
    """
    written: dict[str, Any] = _UNITS.dump(units_table(edition))
    return written


# ------------------------------------------------------------------------ the ledger


def _ledger(edition: Edition, body: LedgerBody, where: str) -> Ledger:
    troops = []
    for i, troop in enumerate(body.groups):
        kind = _KINDS.get(troop.kind)
        if kind is None:
            detail = unknown_kind_detail(edition, troop.kind)
            raise InvalidPositionError("L1", detail, f"{where}/groups/{i}/kind")
        troops.append(Troop(troop.id, kind, troop.figures, troop.markers, troop.actions_used,
                            troop.off_board))
    return Ledger(
        resources={Resource(k): v for k, v in body.supply.items()},
        groups=tuple(troops),
        buildings={Building(k): v for k, v in body.buildings.items()},
        # Every other member is the body's own, as loaded.
        **{name: getattr(body, name) for name in _OWN},
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
    map: Map | None = None


def _check_peoples(edition: Edition, peoples: Sequence[Side]) -> None:
    # A body's peoples are part of what it describes, so a bad choice is an impossible
    # ledger's 422 (InvalidLedger), as the set-up query's is a refused question's.
    try:
        check_peoples(edition, peoples)
    except InvalidQueryError as exc:
        raise InvalidPositionError(exc.rule, exc.detail, exc.field) from None


def turn_of(body: TurnBody) -> TurnQuery:
    """The turn a well-formed body asks about; raises :class:`InvalidPositionError` for a
    ledger the rules make impossible (L1, L9, L11, L14, L15, L18, L26, L27, L30, LS4,
    LS8) or a choice of peoples they forbid (L9)."""
    edition, peoples = body.edition, body.peoples
    _check_peoples(edition, peoples)
    ledger = _ledger(edition, body.ledger, "/ledger")
    check_ledger(edition, peoples, ledger)
    if body.map is not None:
        if edition is not Edition.STAHL_UND_STERNE:
            raise InvalidPositionError("LS14", N_("maps are Stahl und Sterne's")(), "/map")
        check_map(body.map, "/map")
    return TurnQuery(edition, peoples, ledger, body.actions, body.start, body.end, body.map)


def parse_turn(data: object) -> TurnQuery:
    """Read the body of ``POST /v1/turm-und-leute/turns/validate`` (and ``…/apply``,
    :class:`~service.turm_und_leute.wire.schemas.TulTurnBody`), then judge it (:func:`turn_of`).

    Raises :class:`~service.common.errors.MalformedError` for every shape problem, then
    :class:`InvalidPositionError` for a ledger or a choice of peoples the rules forbid.
    """
    body: TurnBody = load(_TURN, data)
    return turn_of(body)


@dataclass(frozen=True)
class GoalQuery:
    """Every side's ledger, and whether the count's people are safe (L31)."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledgers: tuple[Ledger, ...]
    people_safe: bool = False


def goal_of(body: GoalBody) -> GoalQuery:
    """The goal question a well-formed body asks; the ledgers are checked when the goal is
    asked (:func:`~service.turm_und_leute.goal.goal`)."""
    _check_peoples(body.edition, body.peoples)
    ledgers = tuple(_ledger(body.edition, raw, f"/ledgers/{i}") for i, raw in enumerate(body.ledgers))
    return GoalQuery(body.edition, body.peoples, ledgers, body.people_safe)


def parse_goal(data: object) -> GoalQuery:
    """Read the body of ``POST /v1/turm-und-leute/goal``
    (:class:`~service.turm_und_leute.wire.schemas.TulGoalBody`), then judge it (:func:`goal_of`)."""
    body: GoalBody = load(_GOAL, data)
    return goal_of(body)


def ledger_to_dict(edition: Edition, ledger: Ledger) -> dict[str, Any]:
    """A ledger with the edition's resources and buildings written out, zeros included.

    >>> ledger_to_dict(Edition.STAHL_UND_STERNE, Ledger(Side.ENGEL))["supply"]
    {'biomass': 0, 'iron': 0, 'uranium': 0}
    """
    written: dict[str, Any] = _LEDGER.dump(LedgerBody.of(edition, ledger))
    return written


def setup_body(game: Game) -> SetupBody:
    """The set-up answer's value of ``game``."""
    return SetupBody(
        game.edition,
        game.peoples,
        game.order,
        tuple(SideBody(s.side, s.markers_per_turn, LedgerBody.of(game.edition, s.ledger))
              for s in game.sides),
    )


def setup_to_dict(game: Game) -> dict[str, Any]:
    """The answer of ``GET /v1/turm-und-leute/setup`` (:func:`setup_body`)."""
    written: dict[str, Any] = _SETUP.dump(setup_body(game))
    return written


def violation_to_dict(violation: Violation) -> dict[str, Any]:
    """``{"rule", "index", "detail"}``, and the readings it rests on."""
    written: dict[str, Any] = _VIOLATION.dump(violation)
    return written


def event_value(event: Event) -> Mapping[str, object]:
    """An event's JSON form's value: ``{"type", …members}``, the members in the order the
    engine gives them, then the readings it rests on."""
    readings = event.interpretations
    return {"type": event.type, **event.members, **({"interpretations": readings} if readings else {})}


def turn_answer(edition: Edition, result: TurnResult, board: Map | None = None) -> TurnAnswer:
    """The apply answer's value of a turn played (on ``board``, the map after it)."""
    return TurnAnswer(
        LedgerBody.of(edition, result.ledger),
        result.production,
        result.markers_spent,
        tuple(event_value(e) for e in result.events),
        board,
    )


def result_to_dict(edition: Edition, result: TurnResult) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/turns/apply`` (:func:`turn_answer`)."""
    written: dict[str, Any] = _APPLY.dump(turn_answer(edition, result))
    return written


def goal_to_dict(result: GoalResult) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/goal``."""
    written: dict[str, Any] = _GOAL_ANSWER.dump(result)
    return written


__all__ = [
    "DEFAULTS",
    "EVENT_TYPES",
    "GoalQuery",
    "TurnQuery",
    "fight_of",
    "fight_to_dict",
    "goal_of",
    "goal_to_dict",
    "ledger_to_dict",
    "outcome_to_dict",
    "parse_edition",
    "parse_fight",
    "parse_goal",
    "parse_group_name",
    "parse_outcome",
    "parse_turn",
    "result_to_dict",
    "setup_to_dict",
    "turn_of",
    "units_to_dict",
    "violation_to_dict",
]


# ------------------------------------------------------------------ a fight on its map
# A fight of Stahl und Sterne on its map (LS2): the sector facts from where its groups
# stand. Without a map they are the players' word; with one each group names its field
# and the facts are the map's (map_rules.sector_facts, placement_of); a fact the client
# asserts all the same must agree with the map, since two answers to one question would
# leave the fight undecided.

NO_FIELD: Final = N_("with a map, every group of the fight names its field")
CONTRADICTED: Final = N_("{member} contradicts the map: where the groups stand decides it")
NO_GROUP: Final = N_("there is no group on {field}")
NO_MAP: Final = N_("a group's field is read only on a map: send the map too")


def check_no_fields(body: FightBody) -> None:
    """Without a map, a group's ``field`` would be silently ignored: 422 (LS2)."""
    groups = [
        *((f"/attackers/{i}", a) for i, a in enumerate(body.attackers)),
        ("/target", body.target),
        *((f"/helpers/{i}", h) for i, h in enumerate(body.helpers)),
    ]
    for pointer, tile in groups:
        if tile.field is not None:
            raise InvalidQueryError("LS2", NO_MAP(), f"{pointer}/field")


def _field(board: Map, tile: Tile, pointer: str) -> Field:
    if tile.field is None:
        raise InvalidQueryError("LS2", NO_FIELD(), f"{pointer}/field")
    if not isinstance(board.tiles.get(tile.field), Piece):
        raise InvalidQueryError("LS18", NO_GROUP(field=str(tile.field)), f"{pointer}/field")
    field: Field = tile.field
    return field


def fight_on_map(body: FightBody, asserted: Collection[str] = ()) -> tuple[FightBody, SectorFacts]:
    """The fight ``body`` asks about with its sector facts taken from its map, and those facts.

    ``asserted`` are the JSON pointers of the facts the request sent itself
    (``/attack_from_outside``, ``/target/position``, ``/helpers/0/position`` …): one the
    map contradicts is 422 (LS2). A map of Turm und Leute is 422 (LS14), a map the rules
    make impossible 422 with its rule; a group without a field is 422 (LS2), a field
    without a group 422 (LS18).

    >>> from service.turm_und_leute.board import example_map, parse_field
    >>> body = FightBody(Edition.STAHL_UND_STERNE, (Tile("pikeniere", 3, field=parse_field("techno:2:0")),),
    ...                  Tile("pikeniere", 3, field=parse_field("techno:3:1")), map=example_map())
    >>> fight, facts = fight_on_map(body)
    >>> fight.target.position.value, fight.attack_from_outside
    ('big_tower', True)
    >>> fight_on_map(body, {"/target/position"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidQueryError: LS2: /target/position contradicts the map: ...
    """
    board: Map = body.map
    if body.edition is not Edition.STAHL_UND_STERNE:
        raise InvalidPositionError("LS14", N_("maps are Stahl und Sterne's")(), "/map")
    check_map(board, "/map")
    groups = [
        *((f"/attackers/{i}", a) for i, a in enumerate(body.attackers)),
        ("/target", body.target),
        *((f"/helpers/{i}", h) for i, h in enumerate(body.helpers)),
    ]
    at = {pointer: _field(board, tile, pointer) for pointer, tile in groups}
    attackers = [at[f"/attackers/{i}"] for i in range(len(body.attackers))]
    helping = [at[f"/helpers/{i}"] for i in range(len(body.helpers))]
    facts = sector_facts(board, attackers, at["/target"], helping)
    positions = {pointer: placement_of(board, at[pointer]) for pointer, _tile in groups}
    derived: dict[str, tuple[object, object]] = {
        "/attack_from_outside": (body.attack_from_outside, facts.attack_from_outside),
        "/attack_from_tower": (body.attack_from_tower, facts.attack_from_tower),
        "/target_side_imperator": (body.target_side_imperator, facts.target_side_imperator),
        **{f"{pointer}/position": (tile.position, positions[pointer]) for pointer, tile in groups},
    }
    for pointer, (sent, made) in derived.items():
        if pointer in asserted and sent != made:
            raise InvalidQueryError("LS2", CONTRADICTED(member=pointer), pointer)
    placed = {pointer: replace(tile, position=positions[pointer]) for pointer, tile in groups}
    fight = replace(
        body,
        attackers=tuple(placed[f"/attackers/{i}"] for i in range(len(body.attackers))),
        target=placed["/target"],
        helpers=tuple(placed[f"/helpers/{i}"] for i in range(len(body.helpers))),
        attack_from_outside=facts.attack_from_outside,
        attack_from_tower=facts.attack_from_tower,
        target_side_imperator=facts.target_side_imperator,
    )
    return fight, facts
