"""Terra Turrium's wire shapes are described once, by the codec's statement: the
document's schemas have exactly the members the statement has, in its order, required
as it says (in an answer every member but those left out when they have no value), and
the writers write exactly what the statement and the document's answer schemas list."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.common.budget import Budget
from service.terra_turrium import (
    OPTIONS,
    Goal,
    Rules,
    apply_turn,
    goal_status,
    legal_captures,
    legal_removals,
    reachable,
    setup_position,
    winners,
)
from service.terra_turrium.actions import EventType, Violation
from service.terra_turrium.codec import (
    BOARD_ANSWER,
    CAPTURES_ANSWER,
    EVENT,
    GOAL_ANSWER,
    PLACEMENTS_ANSWER,
    REACH_ANSWER,
    REMOVALS_ANSWER,
    TURN,
    VIOLATION,
    CapturesAnswer,
    GoalAnswer,
    ReachAnswer,
    RemovalsAnswer,
    board,
    board_to_dict,
    event_to_dict,
    position_to_dict,
    turn_plan_to_dict,
    violation_to_dict,
)
from service.terra_turrium.opponent import SUGGESTION, suggest_turn
from service.terra_turrium.position import POSITION, Captures, Phase
from service.terra_turrium.random_player import random_setup, random_turn
from service.terra_turrium.refusals import Reason
from tests.api.statements import SCHEMAS, check, objects, written


@pytest.mark.parametrize("answer", [True, False], ids=["answer", "request"])
def test_b5_s1_t1_every_member_of_the_position_is_in_the_document_as_stated(answer):
    shapes = list(objects(POSITION))
    assert [s.name for s in shapes] == ["Position", "Seat", "Rules", "TurnState"]
    for obj in shapes:
        check("", obj, answer)


def test_every_rule_option_is_a_member_of_the_rules_with_its_default():
    # The document's Rules: every option, each with its default for a request that leaves it out.
    assert sorted(SCHEMAS["Rules"]["required"]) == sorted(o.name for o in OPTIONS)
    request = SCHEMAS["RulesInput"]
    assert list(request["properties"]) == [o.name for o in OPTIONS] and "required" not in request
    for option in OPTIONS:
        if not isinstance(option.default, bool):
            assert request["properties"][option.name]["enum"][0] == option.default.value


def test_t1_every_member_of_the_turn_is_in_the_document_as_stated():
    turn, segment = list(objects(TURN))
    for name in ("Turn", "SuggestedTurn"):
        assert list(SCHEMAS[name]["properties"]) == list(turn.names)
    assert "required" not in SCHEMAS["Turn"]  # every list is optional in a request
    assert sorted(SCHEMAS["SuggestedTurn"]["required"]) == sorted(turn.names)  # and written in an answer
    check("", segment, answer=False)


ANSWERS = {"removals": REMOVALS_ANSWER, "placements": PLACEMENTS_ANSWER, "reach": REACH_ANSWER,
           "captures": CAPTURES_ANSWER, "goal": GOAL_ANSWER, "violation": VIOLATION, "event": EVENT,
           "board": BOARD_ANSWER, "suggestion": SUGGESTION}


@pytest.mark.parametrize("statement", ANSWERS.values(), ids=ANSWERS)
def test_every_member_of_each_answer_is_in_the_document_as_stated(statement):
    shapes = list(objects(statement))
    assert shapes
    for obj in shapes:
        check("", obj, answer=True)


def test_every_event_type_is_stated_and_in_the_documents_unions():
    assert set(EVENT.variants) == set(EventType)
    for answer in ("ApplyAnswer", "ProgressAnswer"):
        events = SCHEMAS[answer]["properties"]["events"]["items"]
        assert events["discriminator"]["propertyName"] == EVENT.tag
        assert set(events["discriminator"]["mapping"]) == {t.value for t in EventType}


def _played(seed: int, rules: Rules) -> list[tuple[Any, Any, list[Any]]]:
    """(position, plan, events) of every turn of a game played at random."""
    rng = random.Random(seed)
    position = random_setup(setup_position(3, rules), rng)
    turns = []
    for _ in range(60):
        if position.is_game_over:
            break
        plan = random_turn(position, rng)
        after, events = apply_turn(position, plan)
        turns.append((position, plan, list(events)))
        position = after
    return turns


@pytest.mark.parametrize("rules", [Rules(), Rules(goal=Goal.PRO, captures=Captures.BURGENLAND)],
                         ids=["standard", "pro-burgenland"])
def test_r1_m1_g1_the_writers_write_every_answer_as_stated(rules):
    turns = _played(4, rules)
    types: set[str] = set()
    for position, plan, events in turns:
        assert list(written(POSITION, position_to_dict(position)))[:2] == ["", "/seats/0"]
        assert list(written(TURN, turn_plan_to_dict(plan)))
        for event in events:
            data = event_to_dict(event)
            types.add(data["type"])
            assert list(written(EVENT, data)) == [""]
        assert list(written(REMOVALS_ANSWER, REMOVALS_ANSWER.write(RemovalsAnswer(legal_removals(position)))))
        assert list(written(CAPTURES_ANSWER, CAPTURES_ANSWER.write(CapturesAnswer(legal_captures(position)))))
        seat = next(s for s in position.seats if s.id == position.to_move)
        for origin in seat.turrians[:1]:
            reach = REACH_ANSWER.write(ReachAnswer(reachable(position, origin)))
            assert len(list(written(REACH_ANSWER, reach))) == 1 + len(reach["reachable"])
        goal = GOAL_ANSWER.write(GoalAnswer(tuple(goal_status(position, s) for s in position.seats),
                                            position.is_game_over, winners(position)))
        assert len(list(written(GOAL_ANSWER, goal))) == 1 + len(position.seats)
    assert {"take", "place", "move"} <= types


def test_t1_a_violation_writes_step_only_for_a_walk_and_the_turn_as_its_phase():
    refusal = next(iter(Reason))
    whole = violation_to_dict(Violation(refusal, None, 0, "why"))
    step = violation_to_dict(Violation(refusal, Phase.MOVE, 1, "why", 2))
    assert whole["phase"] == "turn" and "step" not in whole
    assert step["phase"] == "move" and step["step"] == 2
    for data in (whole, step):
        assert list(written(VIOLATION, data)) == [""]


def test_b1_b4_m9_the_board_is_written_as_stated():
    data = board_to_dict()
    assert len(list(written(BOARD_ANSWER, data))) == 1 + len(board().squares) + 2 * len(board().layouts)


def test_s3_a_suggestion_writes_its_turn_the_search_and_a_set_up_only_where_it_set_up():
    fresh = SUGGESTION.write(suggest_turn(setup_position(2), 1, 7, Budget(nodes=500)))
    pointers = list(written(SUGGESTION, fresh))
    assert pointers[:2] == ["", "/turn"] and pointers[-2:] == ["/setup/0", "/setup/1"]
    assert [placed["seat"] for placed in fresh["setup"]] == ["yellow", "red"]
    assert all(len(placed["turrians"]) == 6 for placed in fresh["setup"])  # S2, S3
    position = random_setup(setup_position(2), random.Random(7))
    played = SUGGESTION.write(suggest_turn(position, 2, 7, Budget(nodes=500)))
    assert "setup" not in played and list(written(SUGGESTION, played))[:2] == ["", "/turn"]
    assert played["seed"] == 7 and played["level"] == 2 and 0 < played["nodes"] <= 500
