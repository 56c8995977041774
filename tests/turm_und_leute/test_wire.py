"""The schemas of Turm und Leute's shapes (``schemas.TulFightBody``, ``schemas.TulTurnBody``
…) are what the codec reads and writes: every member described is written in the
described order (a record's in the engine's order), read back into the same value and
checked where it stands; problems keep the order the contract names them in (a ledger's
buildings before its groups, an action missing a member named alone)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, get_args

import pytest

from service.api.turm_und_leute.views import apply_query, combat, setup
from service.common import MalformedError
from service.common.schema import Schema, load
from service.common.schema_shapes import Readings
from service.turm_und_leute import Edition, fight_to_dict, parse_fight, parse_outcome
from service.turm_und_leute.actions import (
    Absorb,
    Action,
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
from service.turm_und_leute.peoples import PEOPLES, Side
from service.turm_und_leute.position import Project, Site
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.units import Kind, Placement
from service.turm_und_leute.wire.codec import ledger_to_dict, parse_turn, units_to_dict
from service.turm_und_leute.wire.fields import Record
from service.turm_und_leute.wire.schemas import (
    ACTIONS,
    EVENT_TYPES,
    GoalBody,
    LedgerBody,
    Tile,
    TroopBody,
    TulApplyAnswer,
    TulFightBody,
    TulGoalBody,
    TulLedger,
    TulOutcome,
    TulSetupAnswer,
    TulTurnBody,
    TulUnitsAnswer,
    TurnBody,
)
from tests.api.replacing import replaced as _replaced
from tests.described import members, places
from tests.turm_und_leute.builders import SUS, TUL, fight, g

ROOT = Path(__file__).resolve().parents[2]

#: A fight with a value other than its default in every member a schema makes optional.
FIGHT_FULL = fight(
    g("engel", 1, "wall", used=1),
    g("reiter", 2),
    target=g("graf", 1, "big_tower", marked=True),
    helpers=(g("bogenschuetzen", 2, "small_tower", marked=True), g("pikeniere", 5)),
    outside=False,
    from_tower=True,
    imperator=True,
)

#: One action of every type, every optional member given.
ACTIONS_FULL: tuple[Action, ...] = (
    Move("reiter-1", "board", 2),
    Work("arbeiter-1", Site.GOLD, True),
    Attack("reiter-1"),
    Build(Project.CASTLE_PART),
    Convert(("a", "b", "c", "d", "e"), Kind.BOGENSCHUETZEN),
    Hire(3),
    Bridge(2),
    Place(),
    Relocate(),
    Split(1, (1, 2)),
    Absorb(Side.ZWERGE, "zwerge-1"),
    MovePlanet(),
)

LEDGER_FULL = LedgerBody(
    Side.FLUID,
    markers=3,
    supply={"wood": 1, "gold": 2, "uranium": 4},
    groups=(TroopBody("fluid-1", "fluid", 1, 1, 1, True), TroopBody("x", "drache", 9)),
    buildings={"farm": 1, "tower": 2, "catapult": 1},
    fluids=5,
    stacks=(2, 3),
)

TURN_FULL = TurnBody(TUL, (Side.FLUID, Side.ENGEL), LEDGER_FULL, ACTIONS_FULL, start=False, end=False)
GOAL_FULL = GoalBody(SUS, (Side.ENGEL,), (LEDGER_FULL, LedgerBody(Side.IMPERATOR)), people_safe=True)


def _written_as_described(schema: type[Schema], data: Any) -> int:
    """Checks that every object of ``data`` has the members its schema lists, in their
    order (a record: only members it lists); returns how many objects it checked."""
    objects = 0
    for pointer, described, value in places(schema, data):
        if isinstance(described, type) and issubclass(described, Schema) and value is not None:
            objects += 1
            if issubclass(described, Record):
                assert set(value) <= set(members(described)), pointer
            else:
                assert [m for m in members(described) if m in value] == list(value), pointer
                omitted = [f.data_key or n for n, f in described._declared_fields.items()
                           if (f.attribute or n) in described.left_out or isinstance(f, Readings)]
                assert set(members(described)) - set(value) <= set(omitted), pointer
    return objects


def _checked_where_it_stands(schema: type[Schema], data: Any, read: Any) -> int:
    """Each member's value is checked: a value of no type at all is one problem, there."""
    pointers = dict.fromkeys(pointer for pointer, _described, _value in places(schema, data) if pointer)
    for pointer in pointers:
        with pytest.raises(MalformedError) as err:
            read(_replaced(data, pointer, 1.5))
        assert [p.pointer for p in err.value.problems] == [pointer], pointer
    return len(pointers)


# ------------------------------------------------------------------------ the combat


def test_l2_the_fight_writer_writes_every_described_member_in_order() -> None:
    data = fight_to_dict(FIGHT_FULL)
    assert _written_as_described(TulFightBody, data) == 1 + 2 + 1 + 2  # the fight and its five groups
    assert [list(a) for a in data["attackers"]] == [["kind", "figures", "position", "actions_used"]] * 2
    assert list(data["target"]) == ["kind", "figures", "position", "marked"]


def test_l2_a_fight_is_read_back_from_what_its_schema_writes() -> None:
    data = fight_to_dict(FIGHT_FULL)
    assert parse_fight(data) == FIGHT_FULL
    body = load(TulFightBody(), data)
    assert TulFightBody().dump(body) == data
    assert body.target == Tile("graf", 1, Placement.BIG_TOWER, True, 0)


def test_l2_every_member_of_a_fight_is_checked_where_it_stands() -> None:
    data = fight_to_dict(FIGHT_FULL)
    checked = _checked_where_it_stands(TulFightBody, data, parse_fight)
    # The fight (its map left out, with the groups' fields: a fight without a map), its
    # lists' entries, their groups.
    assert checked == len(members(TulFightBody)) - 1 + 4 + 5 * 4


def test_l7_the_outcome_is_written_and_read_by_its_schema() -> None:
    answer = combat(fight_to_dict(FIGHT_FULL))
    assert _written_as_described(TulOutcome, answer) == 1 + 5
    assert list(answer) == [m for m in members(TulOutcome) if m != "sector_facts"]  # only with a map
    assert TulOutcome().dump(parse_outcome(answer)) == answer
    _checked_where_it_stands(TulOutcome, answer, parse_outcome)


def test_l5_l7_an_outcome_names_its_numbers_before_its_flags() -> None:
    answer = combat(fight_to_dict(FIGHT_FULL))
    wrong = {**answer, "defended": None, "gold": 5, "attack": "x"}
    with pytest.raises(MalformedError) as err:
        parse_outcome(wrong)
    assert [(p.pointer, str(p.detail)) for p in err.value.problems] == [
        ("/attack", "must be an integer"),
        ("/gold", "must be between 0 and 1"),
        ("/defended", "must be a boolean"),
    ]


@pytest.mark.parametrize("edition", list(Edition))
def test_l1_ls1_the_units_table_is_written_as_described(edition: Edition) -> None:
    table = units_to_dict(edition)
    assert _written_as_described(TulUnitsAnswer, table) == 1 + len(table["units"]) + len(table["positions"])


# ------------------------------------------------------------------------ the ledger


def test_l14_to_l30_every_action_of_the_engine_is_described_once() -> None:
    builds = [variant.build for variant in ACTIONS.values()]
    assert sorted(builds, key=str) == sorted(get_args(Action), key=str)
    assert {type(a) for a in ACTIONS_FULL} == set(builds)
    for value, variant in ACTIONS.items():
        assert members(variant)[0] == "type" and variant._declared_fields["type"].dump_default == value


def test_l12_to_l30_every_event_the_engine_tells_is_described() -> None:
    source = "".join((ROOT / "service" / "turm_und_leute" / name).read_text(encoding="utf-8")
                     for name in ("start.py", "turn.py"))
    assert set(re.findall(r'Event\("(\w+)"', source)) == set(EVENT_TYPES)


@pytest.mark.parametrize("body", [TURN_FULL, GOAL_FULL], ids=["turn", "goal"])
def test_l9_l14_a_body_is_read_back_from_what_its_schema_writes(body: Any) -> None:
    schema = TulTurnBody if isinstance(body, TurnBody) else TulGoalBody
    data = schema().dump(body)
    # The body, each ledger with its supply and buildings, the ledgers' groups, the actions.
    groups = len(LEDGER_FULL.groups)
    objects = 1 + 3 + groups + len(ACTIONS_FULL) if schema is TulTurnBody else 1 + 2 * 3 + groups
    assert _written_as_described(schema, data) == objects
    assert load(schema(), json.loads(json.dumps(data))) == body


@pytest.mark.parametrize("body", [TURN_FULL, GOAL_FULL], ids=["turn", "goal"])
def test_l9_l14_every_member_of_a_body_is_checked_where_it_stands(body: Any) -> None:
    schema = TulTurnBody if isinstance(body, TurnBody) else TulGoalBody
    data = schema().dump(body)
    checked = _checked_where_it_stands(schema, data, lambda sent: load(schema(), sent))
    assert checked > len(members(schema)) + len(members(TulLedger))


def test_l14_an_action_of_no_type_is_one_problem_at_its_type() -> None:
    data = TulTurnBody().dump(TURN_FULL)
    for wrong in ({"group": "x"}, {"type": "fly", "group": "x"}, {"type": None}, {"type": ["move"]}):
        with pytest.raises(MalformedError) as err:
            parse_turn(_replaced(data, "/actions/2", wrong))
        assert [(p.pointer, p.detail) for p in err.value.problems] == [
            ("/actions/2/type", "must be one of " + ", ".join(repr(t) for t in ACTIONS))
        ]


def test_l14_an_action_missing_a_member_is_read_no_further() -> None:
    data = TulTurnBody().dump(TURN_FULL)
    wrong = _replaced(data, "/actions/1", {"type": "work", "imperator_present": 3, "extra": 1})
    with pytest.raises(MalformedError) as err:
        parse_turn(wrong)
    assert [(p.pointer, str(p.detail)) for p in err.value.problems] == [
        ("/actions/1/extra", "is not a member of this object"),
        ("/actions/1/group", "is required"),
        ("/actions/1/site", "is required"),
    ]


def test_l26_a_ledger_names_its_buildings_problems_before_its_groups() -> None:
    data = TulTurnBody().dump(TURN_FULL)
    groups = [{"id": "", "kind": "reiter", "figures": 1}]
    ledger = {**data["ledger"], "groups": groups, "buildings": {"tower": -1}}
    with pytest.raises(MalformedError) as err:
        parse_turn({**data, "ledger": ledger})
    assert [p.pointer for p in err.value.problems] == ["/ledger/buildings/tower", "/ledger/groups/0/id"]


def test_l19_a_wrong_type_is_the_members_own_mistake_even_when_null() -> None:
    data = TulTurnBody().dump(TURN_FULL)
    wrong = _replaced(_replaced(data, "/ledger/markers", None), "/actions/0/to", None)
    with pytest.raises(MalformedError) as err:
        parse_turn(wrong)
    assert [(p.pointer, str(p.detail)) for p in err.value.problems] == [
        ("/ledger/markers", "must be an integer"),
        ("/actions/0/to", "must be one of 'board', 'off'"),
    ]


@pytest.mark.parametrize("edition", list(Edition))
def test_l11_ls4_a_ledger_is_written_as_described_with_the_editions_resources(edition: Edition) -> None:
    game = setup_game(edition, PEOPLES)
    for side in game.sides:
        data = ledger_to_dict(edition, side.ledger)
        assert _written_as_described(TulLedger, data) == 3 + len(data["groups"])
        assert load(TulLedger(), data) == LedgerBody.of(edition, side.ledger)
    answer = setup(edition, PEOPLES)
    assert _written_as_described(TulSetupAnswer, answer) == 1 + len(game.sides) * 4 + sum(
        len(s.ledger.groups) for s in game.sides
    )


def test_l12_to_l30_a_turns_answer_is_written_as_described() -> None:
    game = setup_game(TUL, (Side.ZWERGE, Side.ENGEL))
    body = {
        "edition": "turm-und-leute",
        "peoples": ["zwerge", "engel"],
        "ledger": ledger_to_dict(TUL, game.sides[0].ledger),
        "actions": [
            {"type": "move", "group": "reiter-1"},
            {"type": "work", "group": "arbeiter-1", "site": "forest"},
        ],
    }
    answer = apply_query(parse_turn(body))
    assert {e["type"] for e in answer["events"]} >= {"markers_received", "moved", "worked"}
    assert _written_as_described(TulApplyAnswer, answer) >= 1 + 3 + len(answer["events"])
