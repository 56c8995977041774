"""Turm und Leute's wire shapes are described once, by the codecs' statements: the
document's schemas have exactly the members the statement has, in its order, required as
it says (a request's, and a ledger's everywhere: those without a default; an answer's:
every member but those left out when they have no value), with the values and ranges it
states; and the writers write exactly what the document's answer schemas list."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.api.turm_und_leute.views import apply_query, combat, goal_query, setup, validate_query
from service.common import wire
from service.turm_und_leute import Edition, units_to_dict
from service.turm_und_leute.codec import (
    ACTION,
    APPLY_ANSWER,
    FIGHT,
    GOAL,
    GOAL_ANSWER,
    OUTCOME,
    SETUP_ANSWER,
    TURN,
    UNITS_ANSWER,
    VIOLATION,
    ledger_to_dict,
    parse_goal,
    parse_turn,
)
from service.turm_und_leute.peoples import PEOPLES, Side

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["schemas"]

#: Each request body the engine reads whole, and the components that describe it.
BODIES = {"TulFight": FIGHT, "TulTurn": TURN, "TulApplyTurn": TURN, "TulGoalQuery": GOAL}
ANSWERS = {"TulOutcome": OUTCOME, "TulUnitsAnswer": UNITS_ANSWER, "TulSetupAnswer": SETUP_ANSWER,
           "TulViolation": VIOLATION, "TulApplyAnswer": APPLY_ANSWER, "TulGoalAnswer": GOAL_ANSWER}


def _objects(kind: wire.Kind) -> Iterator[wire.Obj]:
    """Every object shape the statement ``kind`` holds, itself first (a union's variants)."""
    if isinstance(kind, wire.Obj):
        yield kind
        for member in kind.members:
            yield from _objects(member.kind)
    elif isinstance(kind, wire.ByTag):
        for variant in kind.variants.values():
            yield from _objects(variant)
    elif isinstance(kind, wire.ListOf):
        yield from _objects(kind.item)


def _tags() -> dict[int, tuple[str, str]]:
    """The tag and its value of each variant of a union, by the variant's id."""
    return {id(obj): (ACTION.tag, value) for value, obj in ACTION.variants.items()}


def _check_member(name: str, member: wire.Member, schema: dict[str, Any]) -> None:
    """The document's description of one member states its kind's values and range."""
    kind, where = member.kind, (name, member.name)
    if isinstance(kind, wire.Choice | wire.Among | wire.Word):
        values = kind.values if isinstance(kind, wire.Choice) else (
            kind.names if isinstance(kind, wire.Among) else list(kind.words))
        assert schema["enum"] == values, where
    elif isinstance(kind, wire.Integer):
        assert (schema["type"], schema["minimum"], schema.get("maximum")) == ("integer", kind.low, kind.high), where
    elif isinstance(kind, wire.AnyInteger):
        assert schema["type"] == "integer" and "minimum" not in schema, where
    elif isinstance(kind, wire.Flag):
        assert schema["type"] == "boolean", where
    elif isinstance(kind, wire.String | wire.Text):
        assert schema["type"] == "string" and "enum" not in schema, where
        if isinstance(kind, wire.String) and kind.high is not None:
            assert (schema["minLength"], schema["maxLength"]) == (kind.low, kind.high), where
    elif isinstance(kind, wire.ListOf):
        assert schema["type"] == "array", where
        assert (schema.get("minItems", 0), schema.get("maxItems")) == (kind.low, kind.high), where
    assert schema.get("nullable", False) is member.nullable, where


def _check(obj: wire.Obj, name: str, answer: bool) -> None:
    """The component ``name`` describes ``obj`` member for member."""
    schema = SCHEMAS[name]
    tag = _tags().get(id(obj))
    names = ([tag[0]] if tag else []) + [m.name for m in obj.members]
    assert list(schema.get("properties", {})) == names, name
    # A ledger, and everything in it, is described as a request gives it.
    written = answer and not isinstance(obj, wire.Shared)
    required = ([tag[0]] if tag else []) + [m.name for m in obj.members if (m.written if written else m.required)]
    assert sorted(schema.get("required", [])) == sorted(required), name
    assert schema["additionalProperties"] is False, name
    if tag:
        assert schema["properties"][tag[0]]["enum"] == [tag[1]], name
    for member in obj.members:
        _check_member(name, member, schema["properties"][member.name])


@pytest.mark.parametrize("name", BODIES)
def test_l2_l9_l14_every_member_of_a_request_body_is_in_the_document_as_stated(name: str) -> None:
    statement = BODIES[name]
    _check(statement, name, answer=False)
    nested = list(_objects(statement))[1:]
    assert nested
    for obj in nested:
        _check(obj, "Tul" + obj.name, answer=False)


@pytest.mark.parametrize("name", ANSWERS)
def test_l1_l7_l12_l31_every_member_of_an_answer_is_in_the_document_as_stated(name: str) -> None:
    statement = ANSWERS[name]
    _check(statement, name, answer=True)
    for obj in list(_objects(statement))[1:]:
        _check(obj, "Tul" + obj.name, answer=True)


def test_l14_every_action_is_a_variant_of_the_documents_union() -> None:
    items = SCHEMAS["TulTurn"]["properties"]["actions"]["items"]
    assert items["discriminator"]["propertyName"] == ACTION.tag
    assert list(items["discriminator"]["mapping"]) == list(ACTION.variants)
    assert [ref["$ref"].rsplit("/", 1)[1] for ref in items["oneOf"]] == [
        "Tul" + variant.name for variant in ACTION.variants.values()
    ]


def _written(kind: wire.Kind, data: Any, name: str) -> Iterator[str]:
    """Walks an answer with the document's schemas; yields the component of every object."""
    if isinstance(kind, wire.Obj):
        schema = SCHEMAS[name]
        listed = list(schema["properties"])
        # What the writer writes is what the document lists, in its order; only members
        # the document does not require may be left out.
        assert list(data) == [m for m in listed if m in data], name
        assert set(schema.get("required", [])) <= set(data), name
        yield name
        for member in kind.members:
            if data.get(member.name) is not None:
                yield from _written(member.kind, data[member.name], "Tul" + _name(member.kind))
    elif isinstance(kind, wire.ListOf):
        for item in data:
            yield from _written(kind.item, item, "Tul" + _name(kind.item))


def _name(kind: wire.Kind) -> str:
    return kind.name if isinstance(kind, wire.Obj) else ""


@pytest.mark.parametrize("edition", list(Edition))
def test_l1_l7_l11_l31_the_writers_write_what_the_documents_answers_list(edition: Edition) -> None:
    fight = {"edition": edition.value, "attackers": [{"kind": "engel", "figures": 1}],
             "target": {"kind": "arbeiter", "figures": 1}, "helpers": [{"kind": "arbeiter", "figures": 1}]}
    assert len(list(_written(OUTCOME, combat(fight), "TulOutcome"))) == 1 + 3
    table = units_to_dict(edition)
    assert len(list(_written(UNITS_ANSWER, table, "TulUnitsAnswer"))) == 1 + len(table["units"]) + len(
        table["positions"])
    game = setup(edition, PEOPLES)
    assert len(list(_written(SETUP_ANSWER, game, "TulSetupAnswer"))) > 1 + 4 * 4
    count = game["sides"][0]
    body = {"edition": edition.value, "peoples": [p.value for p in PEOPLES], "ledger": count["ledger"],
            "actions": [{"type": "move", "group": count["ledger"]["groups"][0]["id"]},
                        {"type": "work", "group": "arbeiter-1",
                         "site": "forest" if edition is Edition.TURM_UND_LEUTE else "green"}]}
    applied = apply_query(parse_turn(body))
    events = list(_written(APPLY_ANSWER, applied, "TulApplyAnswer"))
    assert events.count("TulEvent") == len(applied["events"]) >= 3
    body["actions"] = [{"type": "attack", "group": "no-such-group"}]
    verdict = validate_query(parse_turn(body))
    assert list(_written(VIOLATION, verdict["violation"], "TulViolation")) == ["TulViolation"]
    ledgers = [s["ledger"] for s in game["sides"]]
    goal = goal_query(parse_goal({"edition": edition.value, "peoples": [p.value for p in PEOPLES],
                                  "ledgers": ledgers}))
    assert len(list(_written(GOAL_ANSWER, goal, "TulGoalAnswer"))) == 1 + len(ledgers)
    assert ledger_to_dict(edition, parse_turn(body).ledger) == count["ledger"]
    assert Side.GRAF.value in {s["side"] for s in game["sides"]} or edition is Edition.STAHL_UND_STERNE
