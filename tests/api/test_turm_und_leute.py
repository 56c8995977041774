"""Turm und Leute over HTTP: POST /v1/turm-und-leute/combat, GET /v1/turm-und-leute/units
and the fight builder's page, in both editions.

Each answer is compared with the engine (``service.turm_und_leute``) called directly, and
the outcome of every fight is worked out again here from the unit table the service
answers and the words of the rules (docs/turm-und-leute.md, L1 … L8, LS1 … LS3). A fight
the rules forbid must be a 422 naming the rule and the member; a malformed one a 400
naming every member by its pointer.
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app
from service.common import InvalidQueryError, MalformedError
from service.turm_und_leute import (
    DEFAULTS,
    Edition,
    Fight,
    fight_to_dict,
    outcome_to_dict,
    parse_fight,
    resolve_combat,
    units_to_dict,
)
from service.turm_und_leute.interpretations import interpretations_of
from service.turm_und_leute.wire.queries import TulFight
from tests.turm_und_leute.strategies import fights

from .bodies import DROP, PROBLEM, change_member

COMBAT = "/v1/turm-und-leute/combat"
UNITS = "/v1/turm-und-leute/units"
TUL, SUS = "turm-und-leute", "stahl-und-sterne"
EDITIONS = (TUL, SUS)
JSON = dict[str, Any]
DOC = Path(__file__).resolve().parents[2] / "docs" / "turm-und-leute.md"

HEIGHT = {"ground": 0, "bridge": 1, "wall": 1, "small_tower": 2, "big_tower": 3}
"""L6, in the rules' words: ground < bridge = wall < small tower < big tower."""
ELEVATED = {"wall", "small_tower", "big_tower"}
"""L3, L4: walls and towers (not the bridge), from which in Turm und Leute only the
ranged units fight."""

SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module")
def app():
    """One application for the module: the service keeps no state between requests."""
    return create_app({"TESTING": True, "CHECK_ANSWERS": True})


# ------------------------------------------------------------------------- helpers


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    assert response.headers["X-Rules-Version"]
    return response.get_json()


def problem(response: Any, status: int) -> JSON:
    """The problem details of an error answer, checked for what every one has."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body: JSON = response.get_json()
    assert body["status"] == status and {"type", "title", "detail"} <= body.keys()
    assert "Traceback" not in response.get_data(as_text=True)
    if status == 422:
        assert re.fullmatch(r"L[1-8]|LS[1-3]", body["rule"])
        assert body["type"] == "urn:terra-turrium:problem:invalid-query"
    return body


def group(kind: str, figures: int, position: str | None = None, **members: Any) -> JSON:
    found: JSON = {"kind": kind, "figures": figures}
    if position is not None:
        found["position"] = position
    return {**found, **members}


def body(
    edition: str, attackers: list[JSON], target: JSON, helpers: list[JSON] | None = None, **facts: bool
) -> JSON:
    found: JSON = {"edition": edition, "attackers": attackers, "target": target}
    if helpers is not None:
        found["helpers"] = helpers
    return {**found, **facts}


class Tables:
    """The unit tables and positions of both editions, as GET /units answers them."""

    def __init__(self, client: Any) -> None:
        self.units = {}
        self.bonus = {}
        for edition in EDITIONS:
            answer = ok(client.get(f"{UNITS}?edition={edition}"))
            self.units[edition] = {u["kind"]: u for u in answer["units"]}
            self.bonus[edition] = {p["position"]: p["bonus"] for p in answer["positions"]}


@pytest.fixture(scope="module")
def tables(app) -> Tables:
    return Tables(app.test_client())


def expected_outcome(fight: JSON, tables: Tables) -> JSON:
    """L5–L8 and LS2, LS3 worked out from the request, the units answer and the rules' words."""
    edition = fight["edition"]
    units, bonus_of = tables.units[edition], tables.bonus[edition]
    attackers = fight["attackers"]
    helpers = fight.get("helpers", [])

    def position(g: JSON) -> str:
        return g.get("position", "ground")

    def strength(g: JSON) -> int:
        return int(units[g["kind"]]["points"]) * g["figures"]

    contributions = [
        {"group": f"/attackers/{i}", "strength": strength(g), "bonus": 1, "counted": True}
        for i, g in enumerate(attackers)
    ]
    attack = sum(strength(g) for g in attackers)
    if fight["target"]["kind"] == "zwerge":
        attack //= 2  # L5
    defence = 0
    for name, g in [("/target", fight["target"]), *((f"/helpers/{i}", h) for i, h in enumerate(helpers))]:
        unit = units[g["kind"]]
        if edition == TUL:  # L6: lost to an attacker standing higher
            higher = any(HEIGHT[position(a)] > HEIGHT[position(g)] for a in attackers)
            bonus = 1 if higher else bonus_of[position(g)]
        else:  # LS2
            from_tower = fight.get("attack_from_tower", False) or any(
                position(a) in ("small_tower", "big_tower") for a in attackers
            )
            applies = fight.get("target_side_imperator", False) and fight.get("attack_from_outside", True)
            bonus = bonus_of[position(g)] if applies and not from_tower else 1
        counted = unit["may_defend"] and not g.get("marked", False)  # L4
        if edition == TUL and name != "/target" and position(g) in ELEVATED and not unit["ranged"]:
            counted = False  # L4: from a wall or a tower only archers and angels help
        defence += strength(g) * bonus if counted else 0
        contributions.append({"group": name, "strength": strength(g), "bonus": bonus, "counted": counted})
    figures = fight["target"]["figures"]
    defended = defence >= attack  # L7
    losses = 0 if defended else min(figures, attack - defence)
    removed = figures - losses == 0
    kinds = {a["kind"] for a in attackers}
    return {
        "attack": attack,
        "defence": defence,
        "defended": defended,
        "losses": losses,
        "target_figures_after": figures - losses,
        "removed": removed,
        "gold": 1 if removed and kinds & {"engel", "zwerge"} else 0,  # L8
        "convertible": removed and "engel" in kinds,
        "must_occupy": removed and edition == SUS,  # LS3
        "contributions": contributions,
    }


def without_defaults(fight: JSON) -> JSON:
    """The same fight with every optional member that has its default left out."""
    short = {k: v for k, v in fight.items() if k not in DEFAULTS or v != DEFAULTS[k]}
    for role in ("attackers", "helpers"):
        if role in short:
            short[role] = [
                {k: v for k, v in g.items() if k not in DEFAULTS or v != DEFAULTS[k]} for g in short[role]
            ]
    short["target"] = {k: v for k, v in fight["target"].items() if k not in DEFAULTS or v != DEFAULTS[k]}
    return short


def engine_refusal(fight: JSON) -> InvalidQueryError:
    with pytest.raises(InvalidQueryError) as err:
        parse_fight(fight)
    return err.value


# --------------------------------------------------------------------- L1: units


@pytest.mark.parametrize("edition", EDITIONS)
def test_L1_units_are_the_engines_table(client, edition):
    answer = ok(client.get(f"{UNITS}?edition={edition}"))
    assert answer == units_to_dict(Edition(edition))
    assert answer["edition"] == edition
    for unit in answer["units"]:
        assert unit["full_strength"] == unit["max_figures"] * unit["points"]
        assert unit["lives"] == 1  # every figure has one life
        assert not unit["ranged"] or unit["may_attack"]
    assert client.get(f"{UNITS}?edition={edition}").data == client.get(f"{UNITS}?edition={edition}").data


def test_L1_the_rules_own_example_of_strengths(tables):
    units = tables.units[TUL]
    assert (units["pikeniere"]["max_figures"], units["pikeniere"]["full_strength"]) == (5, 5)
    assert units["bogenschuetzen"]["full_strength"] == 3 * 2
    assert units["reiter"]["full_strength"] == 2 * 4


def test_L1_LS1_stahl_und_sterne_renames_four_units_and_keeps_their_values(tables):
    base, space = list(tables.units[TUL].values()), list(tables.units[SUS].values())
    assert len(base) == len(space)
    renamed = {}
    for old, new in zip(base, space, strict=True):
        assert {k: v for k, v in old.items() if k != "kind"} == {k: v for k, v in new.items() if k != "kind"}
        if old["kind"] != new["kind"]:
            renamed[old["kind"]] = new["kind"]
    assert renamed == {
        "graf": "imperator",
        "pikeniere": "elektrokaempfer",
        "bogenschuetzen": "strahlenwerfer",
        "reiter": "daemonenreiter",
    }


def test_L6_LS1_positions_and_their_bonus(tables):
    base, space = tables.bonus[TUL], tables.bonus[SUS]
    assert list(base) == list(HEIGHT)  # lowest first
    assert [base[p] for p in HEIGHT] == sorted(base[p] for p in HEIGHT)  # higher never gives less
    assert base["ground"] == 1
    assert set(space) == set(base) - {"bridge", "wall"}  # LS1: no bridge, no wall in space
    assert all(space[p] == base[p] for p in space)


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("", "edition"),
        ("?edition=turm_und_leute", "edition"),
        ("?edition=Turm%20und%20Leute", "edition"),
        (f"?edition={TUL}&edition={SUS}", "edition"),
        (f"?edition={TUL}&kind=graf", "kind"),
    ],
)
def test_L1_units_refuses_a_bad_query_by_parameter(client, query, parameter):
    answer = problem(client.get(UNITS + query), 400)
    assert answer["type"] == "urn:terra-turrium:problem:invalid-request"
    assert [e["parameter"] for e in answer["errors"]] == [parameter]


# --------------------------------------------------------------- L2–L8: combat


@SETTINGS
@given(fight=fights())
def test_L2_to_L8_LS2_LS3_combat_is_the_engines_and_the_rules_working(client, tables, fight: Fight):
    request = fight_to_dict(fight)
    answer = ok(client.post(COMBAT, json=request))
    assert answer == outcome_to_dict(resolve_combat(fight))
    assert answer == expected_outcome(request, tables)
    # Every optional member left out means its default (the contract's list).
    assert ok(client.post(COMBAT, json=without_defaults(request))) == answer


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(fight=fights(), seed=st.integers(0, 2**16))
def test_L2_the_order_of_attackers_and_helpers_changes_nothing(client, fight: Fight, seed: int):
    request = fight_to_dict(fight)
    shuffled = copy.deepcopy(request)
    rng = random.Random(seed)
    rng.shuffle(shuffled["attackers"])
    rng.shuffle(shuffled["helpers"])
    first, second = ok(client.post(COMBAT, json=request)), ok(client.post(COMBAT, json=shuffled))
    assert {k: v for k, v in first.items() if k != "contributions"} == {
        k: v for k, v in second.items() if k != "contributions"
    }

    def shares(answer: JSON) -> list[tuple[str, int, int, bool]]:
        return sorted(
            (c["group"].split("/")[1], c["strength"], c["bonus"], c["counted"])
            for c in answer["contributions"]
        )

    assert shares(first) == shares(second)


def _contract_example() -> tuple[JSON, JSON]:
    """The request and answer docs/turm-und-leute.md gives as the combat's example."""
    text = DOC.read_text(encoding="utf-8").split("### `POST /v1/turm-und-leute/combat`", 1)[1]
    request, answer = re.findall(r"```json\n(.*?)```", text, re.DOTALL)[:2]
    return json.loads(request), json.loads(answer)


def test_L6_the_contracts_worked_example(client, tables):
    request, documented = _contract_example()
    answer = ok(client.post(COMBAT, json=request))
    assert answer == documented == expected_outcome(request, tables)


def test_L7_the_rules_own_example_two_riders_take_three_of_five_pikemen(client, tables):
    answer = ok(client.post(COMBAT, json=body(TUL, [group("reiter", 2)], group("pikeniere", 5))))
    riders, pikemen = tables.units[TUL]["reiter"], tables.units[TUL]["pikeniere"]
    assert (answer["attack"], answer["defence"]) == (riders["full_strength"], pikemen["full_strength"])
    assert answer["losses"] == answer["attack"] - answer["defence"] == 3
    assert answer["target_figures_after"] == 2 and answer["defended"] is False and answer["removed"] is False


@pytest.mark.parametrize("edition", EDITIONS)
def test_L5_an_attack_on_dwarves_is_halved_and_rounded_down_helping_dwarves_halve_nothing(
    client, tables, edition
):
    riders = "reiter" if edition == TUL else "daemonenreiter"
    foot = "pikeniere" if edition == TUL else "elektrokaempfer"
    attackers = [group(riders, 2), group(foot, 3)]  # 8 + 3 = 11, an odd attack
    plain = ok(client.post(COMBAT, json=body(edition, attackers, group(foot, 2))))
    dwarves = ok(client.post(COMBAT, json=body(edition, attackers, group("zwerge", 2))))
    assert dwarves["attack"] == plain["attack"] // 2 and plain["attack"] % 2 == 1
    helped = ok(client.post(COMBAT, json=body(edition, attackers, group(foot, 2), [group("zwerge", 1)])))
    assert helped["attack"] == plain["attack"]


def test_L5_L7_a_halved_attack_of_nothing_is_defended_even_by_nothing(client):
    answer = ok(client.post(COMBAT, json=body(TUL, [group("pikeniere", 1)], group("zwerge", 5, marked=True))))
    assert (answer["attack"], answer["defence"], answer["defended"], answer["losses"]) == (0, 0, True, 0)


def test_L4_a_marked_defender_adds_nothing_but_is_shown(client):
    helpers = [group("pikeniere", 4), group("pikeniere", 4, marked=True)]
    answer = ok(
        client.post(COMBAT, json=body(TUL, [group("reiter", 2)], group("pikeniere", 5, marked=True), helpers))
    )
    counted = {c["group"]: c["counted"] for c in answer["contributions"]}
    assert counted == {"/attackers/0": True, "/target": False, "/helpers/0": True, "/helpers/1": False}
    assert answer["defence"] == next(
        c["strength"] for c in answer["contributions"] if c["group"] == "/helpers/0"
    )


def test_L4_workers_may_be_attacked_and_help_but_add_nothing_and_the_count_defends(client):
    worker = ok(client.post(COMBAT, json=body(TUL, [group("pikeniere", 1)], group("arbeiter", 1))))
    assert worker["removed"] is True and worker["contributions"][1]["counted"] is False
    count = ok(
        client.post(COMBAT, json=body(TUL, [group("pikeniere", 5)], group("graf", 1), [group("arbeiter", 1)]))
    )
    shares = {c["group"]: (c["strength"], c["counted"]) for c in count["contributions"]}
    assert shares["/target"] == (5, True) and shares["/helpers/0"] == (0, False) and count["defended"]


@pytest.mark.parametrize("position", ["wall", "small_tower", "big_tower"])
def test_L4_from_walls_and_towers_only_archers_and_angels_help_but_anyone_defends_itself(
    client, tables, position
):
    archers = ok(
        client.post(
            COMBAT,
            json=body(
                TUL,
                [group("reiter", 1)],
                group("pikeniere", 5, position),
                [
                    group("bogenschuetzen", 1, position),
                    group("pikeniere", 1, position),
                    group("engel", 1, position),
                    group("reiter", 1, "bridge"),
                ],
            ),
        )
    )
    counted = {c["group"]: (c["counted"], c["bonus"]) for c in archers["contributions"]}
    bonus = tables.bonus[TUL][position]
    assert counted["/target"] == (True, bonus)  # the target defends itself where it stands
    assert counted["/helpers/0"] == (True, bonus) and counted["/helpers/2"] == (True, bonus)
    assert counted["/helpers/1"][0] is False
    assert counted["/helpers/3"] == (True, tables.bonus[TUL]["bridge"])  # the bridge is not a wall
    # LS1: in space the restriction does not apply.
    space = ok(
        client.post(
            COMBAT,
            json=body(
                SUS,
                [group("daemonenreiter", 1)],
                group("elektrokaempfer", 5),
                [group("elektrokaempfer", 1, "small_tower")],
            ),
        )
    )
    assert space["contributions"][-1]["counted"] is True


@pytest.mark.parametrize(
    ("attacker", "target", "kept"),
    [
        ("small_tower", "wall", False),  # archers higher than the wall take its bonus
        ("wall", "wall", True),  # as high as the target: the bonus stays
        ("bridge", "wall", True),
        ("big_tower", "small_tower", False),
        ("wall", "small_tower", True),
    ],
)
def test_L6_a_defenders_bonus_is_lost_to_an_attacker_standing_higher(client, tables, attacker, target, kept):
    answer = ok(
        client.post(
            COMBAT,
            json=body(
                TUL,
                [group("bogenschuetzen", 3, attacker), group("reiter", 2)],
                group("bogenschuetzen", 3, target),
            ),
        )
    )
    (share,) = [c for c in answer["contributions"] if c["group"] == "/target"]
    assert share["bonus"] == (tables.bonus[TUL][target] if kept else 1)
    assert answer["defence"] == share["strength"] * share["bonus"]


def test_LS2_a_towers_bonus_only_for_the_imperators_side_attacked_from_outside_and_not_from_a_tower(
    client, tables
):
    def target_bonus(attacker_position: str = "ground", **facts: bool) -> int:
        request = body(
            SUS, [group("strahlenwerfer", 3, attacker_position)], group("imperator", 1, "big_tower"), **facts
        )
        answer = ok(client.post(COMBAT, json=request))
        return int(answer["contributions"][1]["bonus"])

    tower = tables.bonus[SUS]["big_tower"]
    assert target_bonus(target_side_imperator=True) == tower
    assert target_bonus(target_side_imperator=False) == 1
    assert target_bonus(target_side_imperator=True, attack_from_outside=False) == 1
    assert target_bonus(target_side_imperator=True, attack_from_tower=True) == 1
    assert target_bonus("small_tower", target_side_imperator=True) == 1  # an attacker in a tower sector


def test_LS2_turm_und_leute_ignores_the_sector_facts(client):
    request = body(TUL, [group("bogenschuetzen", 3)], group("pikeniere", 5, "big_tower"))
    first = client.post(COMBAT, json=request)
    for outside in (True, False):
        for tower in (True, False):
            for imperator in (True, False):
                facts = {
                    "attack_from_outside": outside,
                    "attack_from_tower": tower,
                    "target_side_imperator": imperator,
                }
                assert client.post(COMBAT, json={**request, **facts}).data == first.data


@pytest.mark.parametrize(
    ("edition", "attackers", "gold", "convertible"),
    [
        (TUL, [group("engel", 1)], 1, True),
        (TUL, [group("zwerge", 5), group("reiter", 2)], 1, False),
        (TUL, [group("reiter", 2)], 0, False),
        (SUS, [group("engel", 1)], 1, True),
        (SUS, [group("daemonenreiter", 2)], 0, False),
    ],
)
def test_L8_LS3_a_removed_group_leaves_gold_may_be_converted_and_must_be_occupied(
    client, edition, attackers, gold, convertible
):
    removed = ok(client.post(COMBAT, json=body(edition, attackers, group("arbeiter", 1))))
    assert removed["removed"] is True and removed["target_figures_after"] == 0
    assert (removed["gold"], removed["convertible"]) == (gold, convertible)
    assert removed["must_occupy"] is (edition == SUS)
    kept = ok(
        client.post(
            COMBAT, json=body(edition, attackers, group("zwerge", 5, marked=False), [group("engel", 1)])
        )
    )
    assert kept["removed"] is False and (kept["gold"], kept["convertible"], kept["must_occupy"]) == (
        0,
        False,
        False,
    )


def test_L7_losses_never_exceed_the_figures_and_a_tie_is_defended(client):
    crushed = ok(
        client.post(COMBAT, json=body(TUL, [group("engel", 1), group("reiter", 2)], group("pikeniere", 2)))
    )
    assert crushed["attack"] - crushed["defence"] > 2 and crushed["losses"] == 2 and crushed["removed"]
    tie = ok(client.post(COMBAT, json=body(TUL, [group("pikeniere", 5)], group("pikeniere", 5))))
    assert tie["attack"] == tie["defence"] and tie["defended"] and tie["losses"] == 0


# ------------------------------------------------------- refusals: 422 (rules)

RIDERS = group("reiter", 2)
PIKEMEN = group("pikeniere", 5)

REFUSALS = [
    # (name, request, rule, field)
    ("L1-unknown-kind", body(TUL, [RIDERS], group("drache", 1)), "L1", "/target/kind"),
    ("L1-empty-kind", body(TUL, [RIDERS], PIKEMEN, [group("", 1)]), "L1", "/helpers/0/kind"),
    (
        "L1-other-editions-name",
        body(TUL, [RIDERS, group("daemonenreiter", 1)], PIKEMEN),
        "L1",
        "/attackers/1/kind",
    ),
    (
        "L1-other-editions-name-in-space",
        body(SUS, [group("engel", 1)], group("graf", 1)),
        "L1",
        "/target/kind",
    ),
    ("L1-no-figures", body(TUL, [RIDERS], group("pikeniere", 0)), "L1", "/target/figures"),
    ("L1-negative-figures", body(TUL, [RIDERS], PIKEMEN, [group("engel", -1)]), "L1", "/helpers/0/figures"),
    ("L1-more-than-a-tile", body(TUL, [group("reiter", 3)], PIKEMEN), "L1", "/attackers/0/figures"),
    ("L1-far-more-than-a-tile", body(TUL, [RIDERS], group("pikeniere", 2**64)), "L1", "/target/figures"),
    (
        "LS1-wall-in-space",
        body(SUS, [group("engel", 1)], group("zwerge", 5, "wall")),
        "LS1",
        "/target/position",
    ),
    (
        "LS1-bridge-in-space",
        body(SUS, [group("engel", 1, "bridge")], group("zwerge", 5)),
        "LS1",
        "/attackers/0/position",
    ),
    ("L3-the-count-attacks", body(TUL, [RIDERS, group("graf", 1)], PIKEMEN), "L3", "/attackers/1/kind"),
    (
        "L3-the-imperator-attacks",
        body(SUS, [group("imperator", 1)], group("zwerge", 5)),
        "L3",
        "/attackers/0/kind",
    ),
    ("L3-workers-attack", body(TUL, [group("arbeiter", 1)], PIKEMEN), "L3", "/attackers/0/kind"),
    (
        "L3-no-action-left",
        body(TUL, [group("pikeniere", 5, actions_used=1)], PIKEMEN),
        "L3",
        "/attackers/0/actions_used",
    ),
    (
        "L3-riders-second-action-used",
        body(TUL, [group("reiter", 2, actions_used=2)], PIKEMEN),
        "L3",
        "/attackers/0/actions_used",
    ),
    (
        "L3-pikemen-from-a-wall",
        body(TUL, [group("pikeniere", 5, "wall")], PIKEMEN),
        "L3",
        "/attackers/0/position",
    ),
    (
        "L3-riders-from-a-tower",
        body(TUL, [group("reiter", 2, "big_tower")], PIKEMEN),
        "L3",
        "/attackers/0/position",
    ),
    (
        "order-attackers-first",
        body(TUL, [group("graf", 1)], group("drache", 1), [group("reiter", 9)]),
        "L3",
        "/attackers/0/kind",
    ),
    (
        "order-target-before-helpers",
        body(TUL, [RIDERS], group("drache", 1), [group("reiter", 9)]),
        "L1",
        "/target/kind",
    ),
]


@pytest.mark.parametrize(
    ("request_", "rule", "field"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_a_fight_the_rules_forbid_is_422_naming_rule_and_member(client, request_, rule, field):
    engine = engine_refusal(copy.deepcopy(request_))
    answer = problem(client.post(COMBAT, json=request_), 422)
    assert (answer["rule"], answer["field"]) == (rule, field) == (engine.rule, engine.field)
    assert answer["detail"] == engine.detail
    readings = interpretations_of(rule)  # named when the rule rests on a reading
    assert answer.get("interpretations") == (list(readings) if readings else None)
    assert set(answer) == {"type", "title", "status", "detail", "rule", "field"} | (
        {"interpretations"} if readings else set()
    )


def test_L1_the_refusal_of_the_other_editions_name_says_what_it_is_called(client):
    answer = problem(client.post(COMBAT, json=body(TUL, [RIDERS], group("imperator", 1))), 422)
    assert "'graf'" in answer["detail"]
    answer = problem(client.post(COMBAT, json=body(SUS, [group("engel", 1)], group("reiter", 1))), 422)
    assert "'daemonenreiter'" in answer["detail"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_L3_LS1_who_may_attack_from_where(client, tables, edition):
    """Every kind of the edition from every position of it: refused exactly as L3 says."""
    for kind, unit in tables.units[edition].items():
        for position in tables.bonus[edition]:
            for used in range(unit["actions"] + 1):
                request = body(edition, [group(kind, 1, position, actions_used=used)], group("zwerge", 1))
                response = client.post(COMBAT, json=request)
                elevated_ban = edition == TUL and position in ELEVATED and not unit["ranged"]
                if not unit["may_attack"] or used >= unit["actions"] or elevated_ban:
                    assert problem(response, 422)["rule"] == "L3"
                else:
                    assert ok(response)["attack"] == unit["points"] // 2


# ------------------------------------------------------ refusals: 400 (shape)


SHAPES = [
    # (name, the object changed (a pointer into the body), its member, its value, pointers named)
    ("no-edition", "", "edition", DROP, ["/edition"]),
    ("no-attackers", "", "attackers", DROP, ["/attackers"]),
    ("no-target", "", "target", DROP, ["/target"]),
    ("unknown-member", "", "winner", "red", ["/winner"]),
    ("edition", "", "edition", "Turm und Leute", ["/edition"]),
    ("edition-null", "", "edition", None, ["/edition"]),
    ("attackers-empty", "", "attackers", [], ["/attackers"]),
    ("attackers-not-a-list", "", "attackers", {"kind": "reiter", "figures": 2}, ["/attackers"]),
    ("target-not-an-object", "", "target", "pikeniere", ["/target"]),
    ("helpers-null", "", "helpers", None, ["/helpers"]),
    ("flag-null", "", "attack_from_outside", None, ["/attack_from_outside"]),
    ("flag-string", "", "target_side_imperator", "true", ["/target_side_imperator"]),
    ("attacker-marked", "/attackers/0", "marked", False, ["/attackers/0/marked"]),
    ("target-actions-used", "/target", "actions_used", 0, ["/target/actions_used"]),
    ("helper-unknown", "/helpers/0", "sector", 2, ["/helpers/0/sector"]),
    ("figures-float", "/target", "figures", 2.0, ["/target/figures"]),
    ("figures-string", "/target", "figures", "2", ["/target/figures"]),
    ("figures-boolean", "/attackers/0", "figures", True, ["/attackers/0/figures"]),
    ("figures-missing", "/helpers/0", "figures", DROP, ["/helpers/0/figures"]),
    ("kind-number", "/helpers/0", "kind", 5, ["/helpers/0/kind"]),
    ("kind-missing", "/target", "kind", DROP, ["/target/kind"]),
    ("position", "/attackers/0", "position", "tower", ["/attackers/0/position"]),
    ("actions-used-negative", "/attackers/0", "actions_used", -1, ["/attackers/0/actions_used"]),
    ("marked-number", "/target", "marked", 0, ["/target/marked"]),
]


def _valid() -> JSON:
    return body(
        TUL, [group("reiter", 2)], group("pikeniere", 5, "wall"), [group("bogenschuetzen", 3, "small_tower")]
    )




@pytest.mark.parametrize(
    ("where", "member", "value", "pointers"), [s[1:] for s in SHAPES], ids=[s[0] for s in SHAPES]
)
def test_a_malformed_fight_is_400_naming_every_member(client, where, member, value, pointers):
    request = _valid()
    change_member(request, where, member, value)
    answer = problem(client.post(COMBAT, json=request), 400)
    assert answer["type"] == "urn:terra-turrium:problem:invalid-request"
    assert [e["pointer"] for e in answer["errors"]] == pointers
    with pytest.raises(MalformedError) as err:  # the engine's own reader names the same members
        parse_fight(request)
    assert [p.pointer for p in err.value.problems] == pointers


def test_several_mistakes_are_named_in_the_order_of_the_body_at_most_twenty(client):
    request = body(TUL, [group("reiter", "2") for _ in range(25)], group("pikeniere", 5))
    answer = problem(client.post(COMBAT, json=request), 400)
    assert [e["pointer"] for e in answer["errors"]] == [f"/attackers/{i}/figures" for i in range(20)]
    request = {"target": {"kind": 1, "figures": "x"}, "edition": "x"}
    answer = problem(client.post(COMBAT, json=request), 400)
    assert {e["pointer"] for e in answer["errors"]} == {
        "/target/kind",
        "/target/figures",
        "/edition",
        "/attackers",
    }


def test_a_shape_problem_is_answered_before_any_rule(client):
    request = body(TUL, [group("graf", 1)], group("drache", 9), [group("reiter", 2, marked="yes")])
    answer = problem(client.post(COMBAT, json=request), 400)
    assert [e["pointer"] for e in answer["errors"]] == ["/helpers/0/marked"]


def test_what_is_not_a_json_object_is_refused(client):
    assert problem(client.post(COMBAT, json=[_valid()]), 400)["errors"] == [
        {"pointer": "", "detail": "must be an object"}
    ]
    assert (
        problem(client.post(COMBAT, data="{", content_type="application/json"), 400)["errors"][0]["pointer"]
        == ""
    )
    assert problem(client.post(COMBAT, data="{}", content_type="text/plain"), 415)["type"] == "about:blank"
    large = client.post(COMBAT, data=b" " * (64 * 1024 + 1), content_type="application/json")
    assert problem(large, 413)["type"] == "about:blank"
    for path, method in ((COMBAT, "GET"), (UNITS, "POST")):
        wrong = client.open(path, method=method)
        assert problem(wrong, 405) and wrong.headers["Allow"]


# -------------------------------------------------------------- stateless answers


def test_the_request_is_never_changed_and_the_same_request_gives_the_same_bytes(app, client):
    request = _valid()
    original = copy.deepcopy(request)
    with app.test_request_context():
        loaded = TulFight().load(request)
    resolve_combat(loaded["body"])
    assert request == original
    first = client.post(COMBAT, json=request)
    assert first.status_code == 200 and client.post(COMBAT, json=request).data == first.data
    assert request == original


# ------------------------------------------------------------------ the page


def test_the_fight_builder_page_and_its_files_are_served(client):
    page = client.get("/turm-und-leute")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    files = re.findall(r'(?:src|href)="(/turm-und-leute/[^"/]+\.\w+)"', html)
    assert files
    for path in files:
        answer = client.get(path)
        assert answer.status_code == 200 and answer.data
        assert answer.mimetype in ("text/css", "text/javascript", "application/javascript")
    assert problem(client.get("/turm-und-leute/missing.js"), 404)["type"] == "about:blank"
    assert problem(client.post("/turm-und-leute"), 405)


def test_the_page_offers_exactly_the_editions_the_service_answers(client):
    html = client.get("/turm-und-leute").get_data(as_text=True)
    select = re.search(r'<select name="edition"[^>]*>(.*?)</select>', html, re.DOTALL)
    assert select is not None
    offered = re.findall(r'<option value="([^"]+)"', select.group(1))
    assert sorted(offered) == sorted(e.value for e in Edition)
    for edition in offered:
        ok(client.get(f"{UNITS}?edition={edition}"))
