"""Spiel der Türme's wire shapes are described once, by the codec's statement: the
document's schemas have exactly the members the statement has, in its order, required
as it says (in an answer every member but those left out when they have no value), and
the writer writes exactly what the statement and the document's answer schema list."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from service.common import wire
from service.spiel_der_tuerme import (
    Colour,
    EndReason,
    Over,
    apply_turn,
    legal_moves,
    position_to_dict,
    score,
    setup_position,
)
from service.spiel_der_tuerme.codec import (
    BOARD,
    BOARD_ANSWER,
    EVENT,
    MOVES_ANSWER,
    POSITION,
    SCORE_ANSWER,
    TURN,
    VIOLATION,
    board_to_dict,
    event_to_dict,
    moves_to_dict,
    score_to_dict,
    violation_to_dict,
)
from service.spiel_der_tuerme.opponent import SUGGESTION
from service.spiel_der_tuerme.position import Rules, TurnState
from service.spiel_der_tuerme.random_player import random_turn
from service.spiel_der_tuerme.records import EventType, Violation
from tests.api.statements import SCHEMAS, check, objects, written


def _schema(name: str) -> dict[str, Any]:
    return SCHEMAS[name]


def _objects(kind: wire.Kind) -> Any:
    return objects(kind)


def _check(obj: Any, answer: bool) -> None:
    check("Sdt", obj, answer)


@pytest.mark.parametrize("answer", [True, False], ids=["answer", "request"])
def test_every_member_of_the_position_is_in_the_document_as_stated(answer):
    shapes = list(_objects(POSITION))
    assert len(shapes) >= 5  # the position, its stacks, rules, turn and end
    for obj in shapes:
        _check(obj, answer)


def test_every_member_of_the_turn_is_in_the_document_as_stated():
    turn, move = list(_objects(TURN))
    schema = _schema("SdtTurn")
    assert list(schema["properties"]) == list(turn.names) and schema["required"] == list(turn.required)
    _check(move, answer=False)


def test_tb1_te1_the_writer_writes_what_the_documents_position_lists():
    position = replace(setup_position(2, seed=4), rules=Rules(None), turn=TurnState(1, True),
                       over=Over(EndReason.QUARTER, 2, Colour.YELLOW))
    written = position_to_dict(position)
    document = _schema("SdtPosition")
    assert list(written) == list(document["properties"]) == sorted(document["required"], key=list(written).index)
    stack = next(iter(written["stacks"].values()))
    assert list(stack) == list(_schema("SdtStack")["properties"])
    assert list(written["rules"]) == list(_schema("SdtRules")["properties"])
    assert list(written["turn"]) == list(_schema("SdtTurnState")["properties"])
    assert list(written["over"]) == list(_schema("SdtQuarterOver")["properties"])


ANSWERS = {"moves": MOVES_ANSWER, "violation": VIOLATION, "score": SCORE_ANSWER, "event": EVENT,
           "board": BOARD_ANSWER, "suggestion": SUGGESTION}


@pytest.mark.parametrize("statement", ANSWERS.values(), ids=ANSWERS)
def test_every_member_of_each_answer_is_in_the_document_as_stated(statement):
    shapes = list(_objects(statement))
    assert shapes
    for obj in shapes:
        _check(obj, answer=True)


def test_every_event_type_is_stated_and_in_the_documents_union():
    assert set(EVENT.variants) == set(EventType)
    events = _schema("SdtApplyAnswer")["properties"]["events"]["items"]
    assert events["discriminator"]["propertyName"] == EVENT.tag
    assert set(events["discriminator"]["mapping"]) == {t.value for t in EventType}


_written = written


def _played() -> tuple[list[Any], Any]:
    """Every event of a game played to its end, and the last position."""
    rng = random.Random(2)
    position, events = setup_position(2, seed=2), []
    while not position.is_over:
        position, happened = apply_turn(position, random_turn(position, rng))
        events += happened
    return events, position


def test_tm1_ts1_te1_the_writers_write_every_answer_as_stated():
    events, end = _played()
    written = [event_to_dict(e) for e in events]
    assert {e["type"] for e in written} >= {"move", "game_over"}
    assert len([p for e in written for p in _written(EVENT, e)]) >= len(events)
    start = setup_position(3, seed=1)
    assert len(list(_written(MOVES_ANSWER, moves_to_dict(legal_moves(start))))) > 1
    assert len(list(_written(SCORE_ANSWER, score_to_dict(score(end))))) > len(end.seats)
    for violation in (Violation("TM1", 0, "why"), Violation("TE3", 2, "why")):
        assert list(_written(VIOLATION, violation_to_dict(violation))) == [""]
    assert violation_to_dict(Violation("TE3", 2, "why"))["interpretations"] == ["TE3a", "TE3b"]
    board = board_to_dict()
    assert len(list(_written(BOARD_ANSWER, board))) == 1 + len(BOARD.squares) + 2 * len(BOARD.quarters)
