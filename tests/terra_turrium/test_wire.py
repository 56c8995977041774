"""Terra Turrium's schemas (:mod:`service.terra_turrium.wire.schemas`) are what the reader reads
and the writer writes: every member described is written in the schema's order, read
back into the engine's value and checked; every answer a writer writes is one its
schema validates. """

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from marshmallow import ValidationError

from service.common import MalformedError
from service.common.budget import Budget
from service.common.schema import List, Schema
from service.common.schema_shapes import Either
from service.terra_turrium import (
    OPTIONS,
    Goal,
    OutsideRule,
    Phase,
    Position,
    Reason,
    Rules,
    TurnState,
    TwoPlayerBoard,
    apply_turn,
    goal_status,
    legal_captures,
    legal_removals,
    parse_turn_plan,
    position_to_dict,
    reachable,
    setup_position,
    turn_plan_to_dict,
    winners,
)
from service.terra_turrium.actions import Violation
from service.terra_turrium.opponent import suggest_turn
from service.terra_turrium.position import Captures, Reentry
from service.terra_turrium.random_player import random_setup, random_turn
from service.terra_turrium.wire.codec import (
    CapturesAnswer,
    GoalAnswer,
    ReachAnswer,
    RemovalsAnswer,
    board_to_dict,
    event_to_dict,
    read_position,
    violation_to_dict,
)
from service.terra_turrium.wire.schemas import (
    EVENTS,
    BoardAnswer,
    CapturesAnswerSchema,
    GoalAnswerSchema,
    PositionAnswer,
    PositionInput,
    ReachAnswerSchema,
    RemovalsAnswerSchema,
    RulesInput,
    SuggestAnswer,
    Turn,
    ViolationSchema,
)
from tests.api.replacing import replaced
from tests.described import members, places


def test_t1_a_requests_turn_reads_as_the_turns_schema_and_a_mistake_as_its_problems():
    from service.terra_turrium.wire.fields import TurnMember

    member, schema = TurnMember(Turn), Turn()
    rng = random.Random(7)
    position = random_setup(setup_position(4), rng)
    for _ in range(12):
        plan = random_turn(position, rng)
        data = turn_plan_to_dict(plan)
        assert member.deserialize(data) == schema.load(data) == plan
        position, _ = apply_turn(position, plan)
    for wrong in ({"take": None}, {"take": "d9"}, {"take": ["z9"]}, {"extra": []}, {"move": [{"from": "a1"}]},
                  {"move": [{"from": "a1", "path": []}]}, {"move": [{"from": 3, "path": ["a2"]}]}):
        with pytest.raises(ValidationError) as found:
            member.deserialize(wrong)
        with pytest.raises(ValidationError) as expected:
            schema.load(wrong)
        assert found.value.messages == expected.value.messages

def _played(players: int, rules: Rules, turns: int, seed: int) -> Position:
    rng = random.Random(seed)
    position = random_setup(setup_position(players, rules), rng)
    for _ in range(turns):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


#: Positions with every member of a position in use: handicap stones, a pro hold, the
#: capture phase, a turn part-way through.
POSITIONS = [
    _played(2, Rules(goal=Goal.PRO, two_player_board=TwoPlayerBoard.SIX), 20, 1),
    _played(3, Rules(captures=Captures.BURGENLAND, outside_rule=OutsideRule.PATH), 30, 2),
    _played(4, Rules(team_play=True, reentry=Reentry.OUTSIDE), 10, 3),
]
POSITIONS += [
    replace(POSITIONS[0], seats=(replace(POSITIONS[0].seats[0], bonus_stones=2, pro_hold=(11, 12, 13)),
                                 *POSITIONS[0].seats[1:])),
    replace(POSITIONS[1], captures_open=True, finishers=(POSITIONS[1].seats[2].id,),
            turn=TurnState(Phase.PLACE, (33, 34), 2)),
]


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p.players}p")
def test_b5_s1_s4_t1_the_writer_writes_every_member_in_the_schemas_order(position):
    data = position_to_dict(position)
    objects = 0
    for pointer, described, value in places(PositionAnswer, data):
        if isinstance(described, type) and issubclass(described, Schema) and value is not None:
            objects += 1
            assert list(value) == members(described), pointer
    assert objects == 1 + len(position.seats) + 2  # the position, its seats, rules, turn


@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p.players}p")
def test_b5_s1_s4_t1_the_reader_reads_back_every_member(position):
    data = position_to_dict(position)
    assert read_position(data) == position
    # Each member's value is checked: a value of no type at all is a problem there.
    for pointer, _described, _value in places(PositionInput, data):
        if pointer:
            with pytest.raises(MalformedError) as err:
                read_position(replaced(data, pointer, 1.5))
            assert [p.pointer for p in err.value.problems] == [pointer]


def test_every_rule_option_is_a_member_of_the_rules_with_its_default():
    fields = RulesInput._declared_fields
    assert list(fields) == [option.name for option in OPTIONS]
    assert RulesInput().load({}) == Rules()
    for option in OPTIONS:
        assert fields[option.name].load_default == option.default


def test_t1_a_turn_is_written_and_read_by_its_schema():
    rng = random.Random(5)
    position = random_setup(setup_position(4), rng)
    for _ in range(8):
        plan = random_turn(position, rng)
        data = turn_plan_to_dict(plan)
        assert list(data) == members(Turn) and parse_turn_plan(data) == plan
        for segment in data["move"]:
            assert tuple(segment) == ("from", "path")
        position, _ = apply_turn(position, plan)


def _played(players: int, rules: Rules, turns: int = 12) -> Iterator[tuple[Any, Any, Any]]:
    rng = random.Random(players)
    position = random_setup(setup_position(players, rules), rng)
    for _ in range(turns):
        plan = random_turn(position, rng)
        after, events = apply_turn(position, plan)
        yield position, plan, events
        position = after


@pytest.mark.parametrize("rules", [Rules(), Rules(goal=Goal.PRO, captures=Captures.BURGENLAND)],
                         ids=["standard", "pro-burgenland"])
def test_r1_m1_g1_the_writers_write_every_answer_its_schema_describes(rules):
    types: set[str] = set()
    for position, _plan, events in _played(4, rules):
        for event in events:
            data = event_to_dict(event)
            types.add(data["type"])
            assert list(data)[:2] == ["type", "seat"]
            assert EVENTS[data["type"]]().validate(data) == {}
        for schema, value in [
            (RemovalsAnswerSchema, RemovalsAnswer(legal_removals(position))),
            (CapturesAnswerSchema, CapturesAnswer(legal_captures(position))),
            (GoalAnswerSchema, GoalAnswer(tuple(goal_status(position, s) for s in position.seats),
                                          position.is_game_over, winners(position))),
            *[(ReachAnswerSchema, ReachAnswer(reachable(position, origin)))
              for origin in position.mover.turrians[:1]],
        ]:
            written = schema().dump(value)
            assert schema().validate(written) == {}, schema.__name__
    assert {"take", "place", "move"} <= types


def test_t1_a_violation_writes_step_only_for_a_walk_and_the_turn_as_its_phase():
    refusal = next(iter(Reason))
    whole = violation_to_dict(Violation(refusal, None, 0, "why"))
    step = violation_to_dict(Violation(refusal, Phase.MOVE, 1, "why", 2))
    assert whole["phase"] == "turn" and "step" not in whole
    assert step["phase"] == "move" and step["step"] == 2
    for data in (whole, step):
        assert ViolationSchema().validate(data) == {}


def test_b1_b4_m9_the_board_is_written_as_its_schema_describes():
    data = board_to_dict()
    assert BoardAnswer().validate(data) == {}
    assert list(data["layouts"][0]["entry_rows"]) == ["NW", "NE", "SE", "SW"]


def test_s3_a_suggestion_writes_its_turn_the_search_and_a_set_up_only_where_it_set_up():
    fresh = SuggestAnswer().dump(suggest_turn(setup_position(2), 1, 7, Budget(nodes=500)))
    assert list(fresh)[0] == "turn" and list(fresh)[-1] == "setup"
    assert [placed["seat"] for placed in fresh["setup"]] == ["yellow", "red"]
    assert all(len(placed["turrians"]) == 6 for placed in fresh["setup"])  # S2, S3
    position = random_setup(setup_position(2), random.Random(7))
    played = SuggestAnswer().dump(suggest_turn(position, 2, 7, Budget(nodes=500)))
    assert "setup" not in played and list(played)[0] == "turn"
    assert played["seed"] == 7 and played["level"] == 2 and 0 < played["nodes"] <= 500
    for answer in (fresh, played):
        assert SuggestAnswer().validate(answer) == {}


def test_replay_turns_are_one_of_two_alternatives():
    from service.terra_turrium.wire.schemas import ReplayAnswerSchema

    turns = ReplayAnswerSchema._declared_fields["turns"]
    assert isinstance(turns, List) and isinstance(turns.inner, Either)
    assert [v.__name__ for v in turns.inner.variants] == ["ReplayIllegalTurn", "ReplayLegalTurn"]


def test_m9_a_walks_start_is_a_square_or_the_reserve():
    """The reader of a ``from`` member (compiled too: the field loads a square's number,
    or None for the reserve, where it is a string for the document)."""
    from service.terra_turrium.board import GRID
    from service.terra_turrium.wire.codec import parse_origin

    assert [parse_origin(name) for name in GRID.names] == list(range(len(GRID.names)))
    assert parse_origin("reserve") is None
    for wrong in ("k1", "a0", "", 3, None):
        with pytest.raises(MalformedError):
            parse_origin(wrong)
