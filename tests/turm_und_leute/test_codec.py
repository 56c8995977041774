"""The JSON of the HTTP contract: reading a fight (shape, then L1, LS1, L3), writing the
answer and the L1 table."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.api.turm_und_leute.views import combat
from service.common import MAX_PROBLEMS, InvalidQueryError, MalformedError, RuleError
from service.turm_und_leute import (
    DEFAULTS,
    UNITS,
    Edition,
    Kind,
    Placement,
    fight_to_dict,
    outcome_to_dict,
    parse_edition,
    parse_fight,
    parse_group_name,
    parse_outcome,
    resolve_combat,
    units_to_dict,
)
from tests.turm_und_leute.builders import SUS, TUL, fight, g

OPENAPI = Path(__file__).resolve().parents[2] / "openapi.yaml"

#: The request of the contract, as the shared description gives it.
CONTRACT_EXAMPLE: dict[str, Any] = {
    "edition": "turm-und-leute",
    "attackers": [{"kind": "reiter", "figures": 2, "position": "ground", "actions_used": 0}],
    "target": {"kind": "pikeniere", "figures": 5, "position": "wall", "marked": False},
    "helpers": [{"kind": "bogenschuetzen", "figures": 3, "position": "small_tower", "marked": False}],
    "attack_from_outside": True,
    "attack_from_tower": False,
    "target_side_imperator": False,
}

ANSWER_MEMBERS = [
    "attack",
    "defence",
    "defended",
    "losses",
    "target_figures_after",
    "removed",
    "gold",
    "convertible",
    "must_occupy",
    "contributions",
]


def body(**changes: Any) -> dict[str, Any]:
    """A small valid request with members replaced."""
    data: dict[str, Any] = {
        "edition": "turm-und-leute",
        "attackers": [{"kind": "reiter", "figures": 2}],
        "target": {"kind": "pikeniere", "figures": 5},
    }
    data.update(changes)
    return data


def problems(data: object) -> list[tuple[str, str]]:
    with pytest.raises(MalformedError) as caught:
        parse_fight(data)
    return [(p.pointer, p.detail) for p in caught.value.problems]


def refusal(data: object) -> tuple[str, str, str]:
    with pytest.raises(InvalidQueryError) as caught:
        parse_fight(data)
    return caught.value.rule, caught.value.field, caught.value.detail


# ------------------------------------------------------------------ the answer


def test_l6_the_contracts_example_is_defended_by_wall_and_tower() -> None:
    assert combat(CONTRACT_EXAMPLE) == {
        "attack": 8,
        "defence": 5 * 2 + 6 * 3,
        "defended": True,
        "losses": 0,
        "target_figures_after": 5,
        "removed": False,
        "gold": 0,
        "convertible": False,
        "must_occupy": False,
        "contributions": [
            {"group": "/attackers/0", "strength": 8, "bonus": 1, "counted": True},
            {"group": "/target", "strength": 5, "bonus": 2, "counted": True},
            {"group": "/helpers/0", "strength": 6, "bonus": 3, "counted": True},
        ],
    }


def test_l7_the_answer_has_exactly_the_contracts_members_in_json_types() -> None:
    answer = combat(body())
    assert list(answer) == ANSWER_MEMBERS
    assert json.loads(json.dumps(answer)) == answer
    assert [type(answer[m]) for m in ANSWER_MEMBERS[:-1]] == [int, int, bool, int, int, bool, int, bool, bool]
    assert all(list(c) == ["group", "strength", "bonus", "counted"] for c in answer["contributions"])


def test_l2_optional_members_take_their_documented_defaults() -> None:
    short = parse_fight(body())
    full = parse_fight(
        body(
            attackers=[{"kind": "reiter", "figures": 2, "position": "ground", "actions_used": 0}],
            target={"kind": "pikeniere", "figures": 5, "position": "ground", "marked": False},
            helpers=[],
            attack_from_outside=True,
            attack_from_tower=False,
            target_side_imperator=False,
        )
    )
    assert short == full
    assert (short.attack_from_outside, short.attack_from_tower, short.target_side_imperator) == (
        True,
        False,
        False,
    )
    # Every optional member's default is the one the contract's description names.
    assert dict(DEFAULTS) == documented_defaults()
    # And a member written out as its default reads the same as one left out.
    attacker, target = {"kind": "reiter", "figures": 2}, {"kind": "pikeniere", "figures": 5}
    written = parse_fight(
        body(
            attackers=[attacker | {k: DEFAULTS[k] for k in ("position", "actions_used")}],
            target=target | {k: DEFAULTS[k] for k in ("position", "marked")},
            **{
                k: DEFAULTS[k]
                for k in ("helpers", "attack_from_outside", "attack_from_tower", "target_side_imperator")
            },
        )
    )
    assert written == short


def documented_defaults() -> dict[str, Any]:
    """``{member: default}`` of a fight's optional members, as openapi.yaml's descriptions
    of TulAttacker, TulDefender and TulFight say them ("Default `ground`.", "Default 0.",
    "Default none." for a list or a member left out, "Default true.")."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    schemas = yaml.load(OPENAPI.read_text(encoding="utf-8"), Loader=loader)["components"]["schemas"]
    words = {"true": True, "false": False, "none": []}
    found: dict[str, Any] = {}
    for name in ("TulDefender", "TulAttacker", "TulFight"):
        schema = schemas[name]
        for member, spec in schema["properties"].items():
            if member in schema["required"]:
                continue
            said = re.search(r"Default\s+(`[^`]+`|\w+)", " ".join(spec["description"].split()))
            assert said, (name, member)
            word = said[1].strip("`")
            if word == "none":
                found[member] = [] if spec.get("type") == "array" else None
                continue
            found[member] = words[word] if word in words else int(word) if word.isdigit() else word
    return found


def test_l2_a_fight_written_out_reads_back_the_same() -> None:
    f = fight(
        g("engel", 1, "wall", used=1),
        target=g("graf", 1, "big_tower", marked=True),
        helpers=(g("bogenschuetzen", 2, "small_tower"),),
        outside=False,
        from_tower=True,
        imperator=True,
    )
    data = fight_to_dict(f)
    assert data["attackers"] == [{"kind": "engel", "figures": 1, "position": "wall", "actions_used": 1}]
    assert data["target"] == {"kind": "graf", "figures": 1, "position": "big_tower", "marked": True}
    assert parse_fight(json.loads(json.dumps(data))) == f


def test_l7_an_answer_reads_back_the_same() -> None:
    outcome = resolve_combat(parse_fight(CONTRACT_EXAMPLE))
    assert parse_outcome(json.loads(json.dumps(outcome_to_dict(outcome)))) == outcome


def test_l7_a_malformed_answer_is_named_member_by_member() -> None:
    answer = combat(CONTRACT_EXAMPLE)
    answer["gold"] = 2
    answer["contributions"][1]["group"] = "/helpers/x"
    answer["contributions"][2]["bonus"] = 0
    with pytest.raises(MalformedError) as caught:
        parse_outcome(answer)
    assert [p.pointer for p in caught.value.problems] == [
        "/gold",
        "/contributions/1/group",
        "/contributions/2/bonus",
    ]
    answer = combat(CONTRACT_EXAMPLE)
    answer["contributions"][0] = "attacker"
    with pytest.raises(MalformedError) as caught:
        parse_outcome(answer)
    assert [(p.pointer, p.detail) for p in caught.value.problems] == [
        ("/contributions/0", "must be an object")
    ]
    with pytest.raises(MalformedError) as caught:
        parse_outcome([answer])
    assert caught.value.field == ""


@pytest.mark.parametrize(
    "name, named",
    [
        ("/target", ("target", 0)),
        ("/attackers/0", ("attackers", 0)),
        ("/helpers/12", ("helpers", 12)),
        ("/helpers/012", None),
        ("/helpers/-1", None),
        ("/target/0", None),
        ("target", None),
        ("/attackers", None),
        (3, None),
    ],
)
def test_l2_group_names_are_json_pointers_into_the_request(
    name: object, named: tuple[str, int] | None
) -> None:
    found = parse_group_name(name)
    assert (None if found is None else (found[0].value, found[1])) == named


# ------------------------------------------------------------------ the table


@pytest.mark.parametrize("edition", list(Edition))
def test_l1_the_units_answer_is_the_table_of_the_edition(edition: Edition) -> None:
    answer = units_to_dict(edition)
    assert answer["edition"] == edition.value
    assert [u["kind"] for u in answer["units"]] == [k.value for k in UNITS[edition]]
    for row, u in zip(answer["units"], UNITS[edition].values(), strict=True):
        assert row == {
            "kind": u.kind.value,
            "max_figures": u.max_figures,
            "lives": u.lives,
            "points": u.points,
            "full_strength": u.max_figures * u.points,
            "may_attack": u.may_attack,
            "ranged": u.ranged,
            "may_defend": u.may_defend,
            "actions": u.actions,
        }
    assert json.loads(json.dumps(answer)) == answer


def test_ls1_the_units_answer_lists_each_editions_positions_with_their_bonus() -> None:
    assert units_to_dict(TUL)["positions"] == [
        {"position": "ground", "bonus": 1},
        {"position": "bridge", "bonus": 2},
        {"position": "wall", "bonus": 2},
        {"position": "small_tower", "bonus": 3},
        {"position": "big_tower", "bonus": 4},
    ]
    assert [p["position"] for p in units_to_dict(SUS)["positions"]] == ["ground", "small_tower", "big_tower"]


def test_l1_an_edition_is_one_of_the_two_names() -> None:
    assert parse_edition("turm-und-leute") is TUL
    with pytest.raises(MalformedError) as caught:
        parse_edition("Turm und Leute", "edition")
    assert (caught.value.field, caught.value.detail) == (
        "edition",
        "must be one of 'turm-und-leute', 'stahl-und-sterne'",
    )


# ------------------------------------------------------------ malformed (400)


def test_l2_a_body_that_is_not_an_object_is_malformed() -> None:
    assert problems([CONTRACT_EXAMPLE]) == [("", "must be an object")]


def test_l2_the_edition_the_attackers_and_the_target_are_required() -> None:
    assert problems({}) == [
        ("/edition", "is required"),
        ("/attackers", "is required"),
        ("/target", "is required"),
    ]


def test_l2_one_or_more_attackers_is_the_shape_of_the_request() -> None:
    assert problems(body(attackers=[])) == [("/attackers", "must have at least 1 entry")]


def test_l2_every_shape_problem_is_named_with_its_pointer() -> None:
    data = body(
        edition="tul",
        attackers=[{"kind": "reiter", "figures": "2", "marked": True}, "reiter"],
        target={"kind": 5, "figures": True, "position": "tower", "actions_used": 0},
        helpers=[{"figures": 1, "marked": "no"}],
        attack_from_tower=None,
        dragon=True,
    )
    assert problems(data) == [
        ("/dragon", "is not a member of this object"),
        ("/edition", "must be one of 'turm-und-leute', 'stahl-und-sterne'"),
        ("/attackers/0/marked", "is not a member of this object"),
        ("/attackers/0/figures", "must be an integer"),
        ("/attackers/1", "must be an object"),
        ("/target/actions_used", "is not a member of this object"),
        ("/target/kind", "must be a string"),
        ("/target/figures", "must be an integer"),
        ("/target/position", "must be one of 'ground', 'bridge', 'wall', 'small_tower', 'big_tower'"),
        ("/helpers/0/kind", "is required"),
        ("/helpers/0/marked", "must be a boolean"),
        ("/attack_from_tower", "must be a boolean"),
    ]


def test_l3_actions_used_is_a_count_from_zero() -> None:
    assert problems(body(attackers=[{"kind": "reiter", "figures": 2, "actions_used": -1}])) == [
        ("/attackers/0/actions_used", "must be at least 0")
    ]


def test_l1_a_shape_problem_is_answered_before_any_rule() -> None:
    data = body(attackers=[{"kind": "drache", "figures": 0}], attack_from_outside="yes")
    assert problems(data) == [("/attack_from_outside", "must be a boolean")]


def test_l2_reading_stops_after_twenty_problems() -> None:
    data = body(helpers=[{"kind": i, "figures": "x"} for i in range(30)])
    assert len(problems(data)) == MAX_PROBLEMS


# -------------------------------------------------------- forbidden (422)


@pytest.mark.parametrize(
    "edition, kind, hint",
    [
        ("turm-und-leute", "imperator", "(there it is called 'graf')"),
        ("turm-und-leute", "strahlenwerfer", "(there it is called 'bogenschuetzen')"),
        ("stahl-und-sterne", "reiter", "(there it is called 'daemonenreiter')"),
        ("turm-und-leute", "drache", ""),
        ("stahl-und-sterne", "Engel", ""),
        ("turm-und-leute", "", ""),
    ],
)
def test_l1_a_kind_unknown_to_the_edition_is_forbidden(edition: str, kind: str, hint: str) -> None:
    data = body(
        edition=edition,
        attackers=[{"kind": "engel", "figures": 1}],
        target={"kind": "zwerge", "figures": 5},
        helpers=[{"kind": kind, "figures": 1}],
    )
    rule, field, detail = refusal(data)
    assert (rule, field) == ("L1", "/helpers/0/kind")
    names = ", ".join(k.value for k in UNITS[Edition(edition)])
    title = "Turm und Leute" if edition == "turm-und-leute" else "Stahl und Sterne"
    assert detail == f"{kind!r} is not a unit of {title}{' ' + hint if hint else ''}: its units are {names}"


@pytest.mark.parametrize("figures", [0, -1, 6, 10**30])
def test_l1_fewer_than_one_or_more_figures_than_a_tile_holds_is_forbidden(figures: int) -> None:
    assert refusal(body(target={"kind": "pikeniere", "figures": figures})) == (
        "L1",
        "/target/figures",
        f"a tile holds 1 to 5 pikeniere, not {figures}",
    )
    assert refusal(body(attackers=[{"kind": "graf", "figures": 2}]))[:2] == ("L1", "/attackers/0/figures")


def test_ls1_a_position_unknown_to_the_edition_is_forbidden() -> None:
    data = body(edition="stahl-und-sterne", attackers=[{"kind": "engel", "figures": 1, "position": "bridge"}])
    data["target"] = {"kind": "zwerge", "figures": 5}
    assert refusal(data)[:2] == ("LS1", "/attackers/0/position")


@pytest.mark.parametrize(
    "attacker, field",
    [
        ({"kind": "graf", "figures": 1}, "/attackers/1/kind"),
        ({"kind": "arbeiter", "figures": 1}, "/attackers/1/kind"),
        ({"kind": "pikeniere", "figures": 5, "actions_used": 1}, "/attackers/1/actions_used"),
        ({"kind": "reiter", "figures": 1, "position": "wall"}, "/attackers/1/position"),
    ],
)
def test_l3_an_attacker_that_may_not_attack_is_forbidden(attacker: dict[str, Any], field: str) -> None:
    rule, found, _ = refusal(body(attackers=[{"kind": "engel", "figures": 1}, attacker]))
    assert (rule, found) == ("L3", field)


def test_l3_the_first_forbidden_group_is_named_in_the_order_attackers_target_helpers() -> None:
    data = body(
        attackers=[{"kind": "engel", "figures": 1}, {"kind": "reiter", "figures": 3}],
        target={"kind": "graf", "figures": 0},
        helpers=[{"kind": "drache", "figures": 1}],
    )
    assert refusal(data)[:2] == ("L1", "/attackers/1/figures")
    data["attackers"].pop()
    assert refusal(data)[:2] == ("L1", "/target/figures")
    data["target"]["figures"] = 1
    assert refusal(data)[:2] == ("L1", "/helpers/0/kind")


def test_l4_defenders_that_may_not_defend_are_no_error() -> None:
    data = body(
        target={"kind": "arbeiter", "figures": 1, "marked": True},
        helpers=[{"kind": "pikeniere", "figures": 5, "position": "wall"}],
    )
    assert [c["counted"] for c in combat(data)["contributions"]] == [True, False, False]


def test_l3_refusals_are_rule_errors_of_the_shared_family() -> None:
    with pytest.raises(RuleError):
        parse_fight(body(attackers=[{"kind": "graf", "figures": 1}]))
    # A library user's own Fight gets the same answer from resolve_combat.
    with pytest.raises(InvalidQueryError) as caught:
        resolve_combat(fight(g("graf", 1), target=g("pikeniere", 5)))
    assert (caught.value.rule, caught.value.field) == ("L3", "/attackers/0/kind")
    assert Placement.GROUND.value == DEFAULTS["position"] and Kind.GRAF in UNITS[TUL]
