"""The codecs' statements of Turm und Leute's shapes (``codec.FIGHT``, ``codec.TURN``
…) are what the readers read and the writers write: every member stated is written in the
stated order (a record's in the engine's order), read back into the same value, and
checked where it stands: a value of no kind at all is one problem, at its pointer."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

import pytest

from service.api.turm_und_leute.views import apply_query, combat, setup
from service.common import MalformedError, wire
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
from service.turm_und_leute.codec import (
    ACTION,
    APPLY_ANSWER,
    EVENT_TYPES,
    FIGHT,
    GOAL,
    LEDGER,
    OUTCOME,
    SETUP_ANSWER,
    TURN,
    UNITS_ANSWER,
    FightBody,
    GoalBody,
    LedgerBody,
    Tile,
    TroopBody,
    TurnBody,
    ledger_to_dict,
    parse_turn,
    units_to_dict,
)
from service.turm_und_leute.peoples import PEOPLES, Side
from service.turm_und_leute.position import Project, Site
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.units import Kind, Placement
from tests.api.statements import replaced as _replaced
from tests.turm_und_leute.builders import SUS, TUL, fight, g

ROOT = Path(__file__).resolve().parents[2]

#: A fight with a value other than its default in every member the statement makes optional.
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
ACTIONS: tuple[Action, ...] = (
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

TURN_FULL = TurnBody(TUL, (Side.FLUID, Side.ENGEL), LEDGER_FULL, ACTIONS, start=False, end=False)
GOAL_FULL = GoalBody(SUS, (Side.ENGEL,), (LEDGER_FULL, LedgerBody(Side.IMPERATOR)), people_safe=True)


def _places(kind: wire.Kind, data: Any, pointer: str = "") -> Iterator[tuple[str, wire.Kind, Any]]:
    """Every value of ``data`` with the kind the statement gives it, walked together."""
    yield pointer, kind, data
    if data is None:
        return
    if isinstance(kind, wire.ByTag):
        variant = kind.variants[data[kind.tag]]
        yield f"{pointer}/{kind.tag}", kind, data[kind.tag]
        kind = variant
    if isinstance(kind, wire.Obj):
        for member in kind.members:
            if member.name in data:
                yield from _places(member.kind, data[member.name], f"{pointer}/{member.name}")
    elif isinstance(kind, wire.ListOf):
        for index, item in enumerate(data):
            yield from _places(kind.item, item, f"{pointer}/{index}")


def _written_as_stated(kind: wire.Kind, data: Any) -> int:
    """Checks that every object of ``data`` has the members its statement lists, in the
    stated order (a record: only stated members); returns how many objects it checked."""
    objects = 0
    for pointer, place, value in _places(kind, data):
        if isinstance(place, wire.ByTag) and isinstance(value, dict):
            assert list(value)[0] == place.tag, pointer
            members = place.variants[value[place.tag]].members
            assert list(value)[1:] == [m.name for m in members], pointer
            objects += 1
        elif isinstance(place, wire.Record):
            assert set(value) <= set(place.names), pointer
            objects += 1
        elif isinstance(place, wire.Obj):
            assert list(value) == [m.name for m in place.members if m.written or value.get(m.name) is not None], (
                pointer
            )
            objects += 1
    return objects


# ------------------------------------------------------------------------ the combat


def test_l2_the_fight_writer_writes_every_stated_member_in_the_stated_order() -> None:
    data = fight_to_dict(FIGHT_FULL)
    assert _written_as_stated(FIGHT, data) == 1 + 2 + 1 + 2  # the fight and its five groups
    assert [list(a) for a in data["attackers"]] == [["kind", "figures", "position", "actions_used"]] * 2
    assert list(data["target"]) == ["kind", "figures", "position", "marked"]


def test_l2_a_fight_is_read_back_from_what_its_statement_writes() -> None:
    data = fight_to_dict(FIGHT_FULL)
    assert parse_fight(data) == FIGHT_FULL
    body = wire.read(FIGHT, data)
    assert isinstance(body, FightBody) and FIGHT.write(body) == data
    assert body.target == Tile("graf", 1, Placement.BIG_TOWER, True, 0)


def test_l2_every_member_of_a_fight_is_checked_where_it_stands() -> None:
    data = fight_to_dict(FIGHT_FULL)
    checked = 0
    for pointer, _kind, _value in _places(FIGHT, data):
        if pointer:
            with pytest.raises(MalformedError) as err:
                parse_fight(_replaced(data, pointer, 1.5))
            assert [p.pointer for p in err.value.problems] == [pointer]
            checked += 1
    assert checked == len(FIGHT.names) + 4 + 5 * 4  # the fight, its lists' entries, their groups


def test_l7_the_outcome_is_written_and_read_by_its_statement() -> None:
    answer = combat(fight_to_dict(FIGHT_FULL))
    assert _written_as_stated(OUTCOME, answer) == 1 + 5
    assert list(answer) == list(OUTCOME.names)
    outcome = parse_outcome(answer)
    assert OUTCOME.write(outcome) == answer
    for pointer, _kind, _value in _places(OUTCOME, answer):
        if pointer:
            with pytest.raises(MalformedError) as err:
                parse_outcome(_replaced(answer, pointer, 1.5))
            assert [p.pointer for p in err.value.problems] == [pointer]


@pytest.mark.parametrize("edition", list(Edition))
def test_l1_ls1_the_units_table_is_written_as_stated(edition: Edition) -> None:
    table = units_to_dict(edition)
    assert _written_as_stated(UNITS_ANSWER, table) == 1 + len(table["units"]) + len(table["positions"])


# ------------------------------------------------------------------------ the ledger


def test_l14_to_l30_every_action_of_the_engine_is_stated_once() -> None:
    builds = [variant.build for variant in ACTION.variants.values()]
    assert sorted(builds, key=str) == sorted(get_args(Action), key=str)
    assert {type(a) for a in ACTIONS} == set(builds)


def test_l12_to_l30_every_event_the_engine_tells_is_stated() -> None:
    source = (ROOT / "service" / "turm_und_leute" / "turn.py").read_text(encoding="utf-8")
    assert set(re.findall(r'Event\("(\w+)"', source)) == set(EVENT_TYPES)


@pytest.mark.parametrize("body", [TURN_FULL, GOAL_FULL], ids=["turn", "goal"])
def test_l9_l14_a_body_is_read_back_from_what_its_statement_writes(body: Any) -> None:
    statement = TURN if isinstance(body, TurnBody) else GOAL
    data = statement.write(body)
    # The body, each ledger with its supply and buildings, the ledgers' groups, the actions.
    groups = len(LEDGER_FULL.groups)
    objects = 1 + 3 + groups + len(ACTIONS) if statement is TURN else 1 + 2 * 3 + groups
    assert _written_as_stated(statement, data) == objects
    assert wire.read(statement, data) == body


@pytest.mark.parametrize("body", [TURN_FULL, GOAL_FULL], ids=["turn", "goal"])
def test_l9_l14_every_member_of_a_body_is_checked_where_it_stands(body: Any) -> None:
    statement = TURN if isinstance(body, TurnBody) else GOAL
    data = statement.write(body)
    checked = 0
    for pointer, _kind, _value in _places(statement, data):
        if pointer:
            with pytest.raises(MalformedError) as err:
                wire.read(statement, _replaced(data, pointer, 1.5))
            assert [p.pointer for p in err.value.problems] == [pointer], pointer
            checked += 1
    assert checked > len(statement.names) + len(LEDGER.names)


def test_l14_an_action_of_no_type_is_one_problem_at_its_type() -> None:
    data = TURN.write(TURN_FULL)
    for wrong in ({"group": "x"}, {"type": "fly", "group": "x"}, {"type": None}):
        with pytest.raises(MalformedError) as err:
            parse_turn(_replaced(data, "/actions/2", wrong))
        assert [(p.pointer, p.detail) for p in err.value.problems] == [
            ("/actions/2/type", "must be one of " + ", ".join(repr(t) for t in ACTION.variants))
        ]


@pytest.mark.parametrize("edition", list(Edition))
def test_l11_ls4_a_ledger_is_written_as_stated_with_the_editions_resources(edition: Edition) -> None:
    game = setup_game(edition, PEOPLES)
    for side in game.sides:
        data = ledger_to_dict(edition, side.ledger)
        assert _written_as_stated(LEDGER, data) == 3 + len(data["groups"])
        assert wire.read(LEDGER, data) == LedgerBody.of(edition, side.ledger)
    answer = setup(edition, PEOPLES)
    assert _written_as_stated(SETUP_ANSWER, answer) == 1 + len(game.sides) * 4 + sum(
        len(s.ledger.groups) for s in game.sides
    )


def test_l12_to_l30_a_turns_answer_is_written_as_stated() -> None:
    game = setup_game(TUL, (Side.ZWERGE, Side.ENGEL))
    body = {
        "edition": "turm-und-leute",
        "peoples": ["zwerge", "engel"],
        "ledger": ledger_to_dict(TUL, game.sides[0].ledger),
        "actions": [{"type": "move", "group": "reiter-1"}, {"type": "work", "group": "arbeiter-1", "site": "forest"}],
    }
    answer = apply_query(parse_turn(body))
    assert {e["type"] for e in answer["events"]} >= {"markers_received", "moved", "worked"}
    assert _written_as_stated(APPLY_ANSWER, answer) >= 1 + 3 + len(answer["events"])


def _outcome(read: Any, data: Any) -> Any:
    try:
        return read(data)
    except MalformedError as exc:
        return [(p.pointer, str(p.detail)) for p in exc.problems]


def _full(read: Any, data: Any) -> Any:
    """The outcome of ``read`` with every quick reading refused (the full reading only)."""
    from unittest import mock

    with mock.patch.object(wire.Kind, "quick_reader", lambda self: wire._never):
        return _outcome(read, data)


@pytest.mark.parametrize("statement, value", [(FIGHT, FIGHT_FULL), (TURN, TURN_FULL), (GOAL, GOAL_FULL)],
                         ids=["fight", "turn", "goal"])
def test_l2_l9_l14_a_body_is_read_alike_on_the_quick_and_the_full_path(statement: Any, value: Any) -> None:
    import json

    from tests.terra_turrium.test_reading import _mistakes

    data = json.loads(json.dumps(statement.write(value)))  # as a client sends it
    read = lambda sent: wire.read(statement, sent)  # noqa: E731
    # The quick path is taken at all, and reads what the full reading reads.
    full = _full(read, data)
    assert not isinstance(full, list) and statement.quick_reader()(data) == full
    sent = 0
    for wrong in _mistakes(data):
        assert _outcome(read, wrong) == _full(read, wrong), wrong
        sent += 1
    assert sent > 100
