"""Turm und Leute's set-up, turn ledger and goal over HTTP (L9–L31, LS4–LS13), in both
editions: GET /v1/turm-und-leute/setup, POST …/turns/validate, …/turns/apply and …/goal.

Answers are compared with the engine called directly; validate and apply must agree;
impossible ledgers are 422 naming the rule and the member, malformed bodies 400 naming
each member. Last, whole games of several rounds are played through the API alone, the
fights resolved by POST …/combat and their losses carried into the ledgers by hand, as
players at a table would.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service import create_app
from service.api.turm_und_leute.views import apply_query, setup, validate_query
from service.turm_und_leute.peoples import PEOPLES
from service.turm_und_leute.units import Edition
from service.turm_und_leute.wire.codec import parse_turn

from .bodies import PROBLEM

BASE = "/v1/turm-und-leute"
TUL, SUS = "turm-und-leute", "stahl-und-sterne"
JSON = dict[str, Any]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True, "CHECK_ANSWERS": True}).test_client()


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def problem(response: Any, status: int) -> JSON:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    return response.get_json()


def set_up(client, edition: str, peoples: str) -> JSON:
    return ok(client.get(f"{BASE}/setup?edition={edition}&peoples={peoples}"))


def ledger_of(game: JSON, side: str) -> JSON:
    return next(s["ledger"] for s in game["sides"] if s["side"] == side)


def turn(edition: str, peoples: list[str], ledger: JSON, *actions: JSON, **flags: bool) -> JSON:
    return {"edition": edition, "peoples": peoples, "ledger": ledger, "actions": list(actions), **flags}


# ------------------------------------------------------------------------------ set-up


@pytest.mark.parametrize("edition", [TUL, SUS])
@pytest.mark.parametrize("peoples", ["zwerge", "fluid,engel", "engel,zwerge,fluid"])
def test_l9_l10_l11_l12_setup_is_the_engines(client, edition, peoples) -> None:
    game = set_up(client, edition, peoples)
    chosen = tuple(p for p in PEOPLES if p.value in peoples.split(","))
    expected = setup(Edition(edition), tuple(p for p in PEOPLES if p.value in peoples.split(",")[:3]))
    assert game["order"] == expected["order"]
    assert game["order"][0] == ("graf" if edition == TUL else "imperator")
    assert game["order"][1:] == [p.value for p in chosen]
    assert {s["side"]: s["markers_per_turn"] for s in game["sides"]} == {
        s["side"]: s["markers_per_turn"] for s in expected["sides"]
    }
    assert game["sides"][0]["markers_per_turn"] == 4 * len(chosen)
    assert game["sides"] == expected["sides"]


def test_l9_a_people_named_twice_is_422(client) -> None:
    body = problem(client.get(f"{BASE}/setup?edition={TUL}&peoples=engel,fluid,engel"), 422)
    assert (body["rule"], body["field"]) == ("L9", "/peoples/2")


@pytest.mark.parametrize(
    "query",
    [
        "edition=turm-und-leute&peoples=graf",
        "edition=x&peoples=engel",
        "edition=turm-und-leute",
        "edition=turm-und-leute&peoples=engel,",
    ],
)
def test_l9_a_malformed_setup_query_is_400(client, query) -> None:
    body = problem(client.get(f"{BASE}/setup?{query}"), 400)
    assert body["errors"] and all("parameter" in e for e in body["errors"])


# ------------------------------------------------------------------ validate and apply


@pytest.mark.parametrize("edition", [TUL, SUS])
def test_l14_l15_validate_and_apply_agree_with_the_engine(client, edition) -> None:
    game = set_up(client, edition, "zwerge,engel")
    count = game["order"][0]
    riders = "reiter-1" if edition == TUL else "daemonenreiter-1"
    ledger = ledger_of(game, count)
    for actions in (
        [{"type": "move", "group": riders}, {"type": "attack", "group": riders}],
        [{"type": "move", "group": riders}] * 3,
        [
            {"type": "work", "group": f"arbeiter-{i}", "site": "forest" if edition == TUL else "green"}
            for i in range(1, 10)
        ],
    ):
        body = turn(edition, ["zwerge", "engel"], ledger, *actions)
        verdict = ok(client.post(f"{BASE}/turns/validate", json=body))
        assert verdict == validate_query(parse_turn(body))
        applied = client.post(f"{BASE}/turns/apply", json=body)
        if verdict["legal"]:
            assert ok(applied) == apply_query(parse_turn(body))
        else:
            answer = problem(applied, 422)
            assert answer["violation"] == verdict["violation"]
            assert answer["rule"] == verdict["violation"]["rule"]
            assert answer["field"] == f"/actions/{verdict['violation']['index']}"


def test_l30_a_fluid_turn_that_ends_early_is_illegal_unless_it_goes_on(client) -> None:
    game = set_up(client, TUL, "fluid")
    body = turn(TUL, ["fluid"], ledger_of(game, "fluid"), {"type": "place"})
    verdict = ok(client.post(f"{BASE}/turns/validate", json=body))
    assert verdict == {
        "legal": False,
        "violation": {
            "rule": "L30",
            "index": 1,
            "detail": verdict["violation"]["detail"],
            # The readings L30 rests on, as for the other games' violations.
            "interpretations": ["L30a", "L30b"],
        },
    }
    assert problem(client.post(f"{BASE}/turns/apply", json=body), 422)["field"] == "/actions"
    assert ok(client.post(f"{BASE}/turns/validate", json={**body, "end": False})) == {"legal": True}


@pytest.mark.parametrize(
    ("change", "rule", "field"),
    [
        (
            lambda led: led["groups"].append({"id": "graf", "kind": "reiter", "figures": 2}),
            "L14",
            "/ledger/groups/9/id",
        ),
        (
            lambda led: led["groups"].append({"id": "x", "kind": "imperator", "figures": 1}),
            "L1",
            "/ledger/groups/9/kind",
        ),
        (
            lambda led: led["groups"].append({"id": "x", "kind": "reiter", "figures": 0}),
            "L1",
            "/ledger/groups/9/figures",
        ),
        (lambda led: led["buildings"].update(tower=5), "L26", "/ledger/buildings/tower"),
        (lambda led: led["supply"].update(iron=1), "LS4", "/ledger/supply/iron"),
        (lambda led: led.update(side="fluid"), "L9", "/ledger/side"),
    ],
)
def test_l1_l9_l14_l26_ls4_an_impossible_ledger_is_422(client, change, rule, field) -> None:
    game = set_up(client, TUL, "zwerge")
    ledger = copy.deepcopy(ledger_of(game, "graf"))
    change(ledger)
    for path in ("turns/validate", "turns/apply"):
        body = problem(client.post(f"{BASE}/{path}", json=turn(TUL, ["zwerge"], ledger)), 422)
        assert (body["rule"], body["field"]) == (rule, field)


def test_l14_a_malformed_turn_is_400_naming_every_member(client) -> None:
    game = set_up(client, TUL, "zwerge")
    body = turn(
        TUL,
        ["zwerge", "zwerge", "zwerge", "zwerge"],
        ledger_of(game, "graf"),
        {"type": "move"},
        {"type": "fly", "group": "x"},
        {"type": "work", "group": "", "site": "sea"},
        {"type": "hire", "figures": 0, "extra": 1},
        {"type": "move", "group": "a", "to": None},
    )
    answer = problem(client.post(f"{BASE}/turns/validate", json=body), 400)
    pointers = [e["pointer"] for e in answer["errors"]]
    assert pointers == [
        "/peoples",
        "/actions/0/group",
        "/actions/1/type",
        "/actions/2/group",
        "/actions/2/site",
        "/actions/3/extra",
        "/actions/3/figures",
        "/actions/4/to",
    ]


# ---------------------------------------------------------------------------------- goal


@pytest.mark.parametrize("edition", [TUL, SUS])
def test_l31_the_goal_over_http(client, edition) -> None:
    game = set_up(client, edition, "zwerge,engel")
    ledgers = [s["ledger"] for s in game["sides"]]
    answer = ok(
        client.post(
            f"{BASE}/goal", json={"edition": edition, "peoples": ["zwerge", "engel"], "ledgers": ledgers}
        )
    )
    assert answer["winners"] == [] and not answer["game_over"]
    assert [s["aim"] for s in answer["sides"]] == [
        "castle" if edition == TUL else "towers",
        "catapult",
        "dragon",
    ]
    ledgers[1]["buildings"]["catapult"] = 1
    answer = ok(
        client.post(
            f"{BASE}/goal", json={"edition": edition, "peoples": ["zwerge", "engel"], "ledgers": ledgers}
        )
    )
    assert answer["winners"] == ["zwerge"] and answer["game_over"]
    problem(
        client.post(
            f"{BASE}/goal", json={"edition": edition, "peoples": ["zwerge", "engel"], "ledgers": ledgers[:2]}
        ),
        422,
    )


# ------------------------------------------------------------------ a game of rounds


class Table:
    """A game kept through the API alone: each side's ledger as the service answers it."""

    def __init__(self, client, edition: str, peoples: str) -> None:
        self.client = client
        self.edition = edition
        game = set_up(client, edition, peoples)
        self.peoples = game["peoples"]
        self.order = game["order"]
        self.ledgers = {s["side"]: s["ledger"] for s in game["sides"]}
        self.events: list[JSON] = []

    def play(self, side: str, *actions: JSON) -> JSON:
        body = turn(self.edition, self.peoples, self.ledgers[side], *actions)
        assert ok(self.client.post(f"{BASE}/turns/validate", json=body)) == {"legal": True}
        answer = ok(self.client.post(f"{BASE}/turns/apply", json=body))
        self.ledgers[side] = answer["ledger"]
        self.events.extend(answer["events"])
        return answer

    def refused(self, side: str, *actions: JSON) -> JSON:
        body = turn(self.edition, self.peoples, self.ledgers[side], *actions)
        return ok(self.client.post(f"{BASE}/turns/validate", json=body))["violation"]

    def group(self, side: str, gid: str) -> JSON:
        return next(g for g in self.ledgers[side]["groups"] if g["id"] == gid)

    def fight(self, attacker_side: str, attackers: list[str], target_side: str, target: str) -> JSON:
        """The fight resolved by the combat endpoint; the target's losses carried into its
        ledger (the attackers lose nothing, L7)."""

        def part(side: str, gid: str, attacking: bool) -> JSON:
            g = self.group(side, gid)
            member = {"actions_used": g["actions_used"] - 1} if attacking else {"marked": g["markers"] > 0}
            return {"kind": g["kind"], "figures": g["figures"], **member}

        outcome = ok(
            self.client.post(
                f"{BASE}/combat",
                json={
                    "edition": self.edition,
                    "attackers": [part(attacker_side, a, True) for a in attackers],
                    "target": part(target_side, target, False),
                },
            )
        )
        ledger = self.ledgers[target_side]
        if outcome["removed"]:
            ledger["groups"] = [g for g in ledger["groups"] if g["id"] != target]
        else:
            self.group(target_side, target)["figures"] = outcome["target_figures_after"]
        return outcome

    def goal(self, **facts: bool) -> JSON:
        return ok(
            self.client.post(
                f"{BASE}/goal",
                json={
                    "edition": self.edition,
                    "peoples": self.peoples,
                    "ledgers": list(self.ledgers.values()),
                    **facts,
                },
            )
        )


def work(group: str, site: str) -> JSON:
    return {"type": "work", "group": group, "site": site}


def move(group: str, **more: Any) -> JSON:
    return {"type": "move", "group": group, **more}


def test_l9_to_l31_three_rounds_of_turm_und_leute(client) -> None:
    t = Table(client, TUL, "zwerge,engel,fluid")
    assert t.order == ["graf", "zwerge", "engel", "fluid"]

    # Round 1. The Graf (12 markers) cuts wood with eight workers, rides, and shoots at dwarves.
    answer = t.play(
        "graf",
        *(work(f"arbeiter-{i}", "forest") for i in range(1, 9)),
        move("reiter-1"),
        move("reiter-1"),
        {"type": "attack", "group": "bogenschuetzen-1"},
    )
    assert (answer["ledger"]["markers"], answer["markers_spent"], answer["production"]) == (
        1,
        11,
        {"wood": 8},
    )
    shot = t.fight("graf", ["bogenschuetzen-1"], "zwerge", "zwerge-1")
    assert (shot["attack"], shot["defended"]) == (3, True)  # L5: halved against dwarves
    # The dwarves (6) attack the pikemen, who fall and leave a gold piece (L8).
    t.play("zwerge", {"type": "attack", "group": "zwerge-1"}, {"type": "attack", "group": "zwerge-2"})
    fallen = t.fight("zwerge", ["zwerge-1", "zwerge-2"], "graf", "pikeniere-1")
    assert (fallen["removed"], fallen["gold"]) == (True, 1)
    # The angels come in from the edge; one picks up the gold and keeps it (L18, L19).
    t.play("engel", move("engel-1", to="board"), move("engel-1", gold=1), move("engel-2", to="board"))
    assert t.ledgers["engel"]["supply"]["gold"] == 1
    t.play("fluid", {"type": "place"}, {"type": "place"})
    assert t.ledgers["fluid"]["fluids"] == 7

    # Round 2. The Graf builds a farm and a quarry, works a field and the quarry, and turns
    # five workers into two groups of pikemen (L21, L22, L25, L28).
    assert t.refused("graf", {"type": "build", "project": "castle_part"})["rule"] == "L26"
    answer = t.play(
        "graf",
        {"type": "build", "project": "farm"},
        {"type": "build", "project": "quarry"},
        work("arbeiter-1", "field"),
        work("arbeiter-2", "quarry"),
        work("reiter-2", "forest"),
        {"type": "convert", "workers": [f"arbeiter-{i}" for i in range(8, 13)], "into": "pikeniere"},
    )
    assert answer["ledger"]["markers"] == 1 + 12 - 3
    assert answer["production"] == {"arbeiter": 1, "stone": 1, "wood": 1}
    assert answer["ledger"]["supply"] == {"wood": 1, "stone": 1, "gold": 0}
    new = [g["id"] for g in answer["ledger"]["groups"] if g["markers"] > g["actions_used"]]
    assert new == ["arbeiter-13", "pikeniere-7", "pikeniere-8"]
    t.play("zwerge", move("zwerge-3"))
    # An angel takes a worker over (L8): it joins the angels' ledger.
    t.play("engel", {"type": "attack", "group": "engel-1"})
    taken = t.fight("engel", ["engel-1"], "graf", "arbeiter-3")
    assert taken["convertible"]
    t.ledgers["engel"]["groups"].append({"id": "arbeiter-1", "kind": "arbeiter", "figures": 1})
    # The Fluid takes the new worker with four fluids (L30).
    answer = t.play("fluid", {"type": "absorb", "side": "graf", "group": "arbeiter-13"}, {"type": "relocate"})
    t.ledgers["graf"]["groups"] = [g for g in t.ledgers["graf"]["groups"] if g["id"] != "arbeiter-13"]
    assert (answer["ledger"]["fluids"], answer["ledger"]["stacks"]) == (8, [5])

    # Round 3. The Graf's markers from round 2 are gone (L13); he works, his saved marker
    # still counts (L12).
    answer = t.play("graf", *(work(f"arbeiter-{i}", "forest") for i in (1, 2, 4, 5, 6, 7)))
    # three actions of round 2 and the two new pikemen groups' markers (the new worker is the Fluid's)
    assert answer["events"][0] == {"type": "markers_removed", "markers": 3 + 2}
    assert answer["ledger"]["markers"] == 10 + 12 - 6
    assert answer["ledger"]["supply"]["wood"] == 7
    # The dwarves hire a small group with the gold they have none of (L29): refused.
    assert t.refused("zwerge", {"type": "hire", "figures": 2})["rule"] == "L29"
    t.play("zwerge", move("zwerge-1"))
    # The angels' worker makes gold (L23); the angels now have 2.
    answer = t.play("engel", work("arbeiter-1", "gold"), move("engel-2"))
    assert answer["ledger"]["supply"]["gold"] == 2 and answer["production"] == {"gold": 1}
    answer = t.play("fluid", {"type": "split", "stack": 0, "parts": [3, 1, 1]}, {"type": "place"})
    assert (answer["ledger"]["fluids"], answer["ledger"]["stacks"]) == (9, [3])

    result = t.goal()
    assert (result["winners"], result["game_over"], result["count_removed"]) == ([], False, False)
    graf = result["sides"][0]
    assert graf["missing"] == ["3 towers", "4 walls", "all his people safe"]


def test_ls4_to_ls13_two_rounds_of_stahl_und_sterne(client) -> None:
    t = Table(client, SUS, "engel,fluid")
    assert t.order == ["imperator", "engel", "fluid"]
    # Round 1. The worlds turn (LS6); the imperator's workers work the three worlds, doubled
    # where he stands (LS8, LS9), and he bridges two fields (LS7).
    answer = t.play(
        "imperator",
        work("arbeiter-1", "green") | {"imperator_present": True},
        work("arbeiter-2", "red"),
        work("arbeiter-3", "red"),
        work("arbeiter-4", "blue"),
        {"type": "bridge", "fields": 2},
    )
    # The worlds move first, by LS6's reading of the text (docs/interpretations.md).
    assert answer["events"][0] == {"type": "worlds_moved", "interpretations": ["LS6"]}
    assert answer["production"] == {"biomass": 2, "iron": 2, "arbeiter": 1}
    assert (answer["ledger"]["markers"], answer["markers_spent"]) == (0, 8)
    assert t.refused("engel", {"type": "attack", "group": "engel-1"})["rule"] == "LS13"
    t.play("engel", move("engel-1", to="board"), move("engel-1", gold=3))
    t.play("fluid", {"type": "move_planet"})
    # Round 2. More iron and biomass, then a tower (LS10).
    answer = t.play(
        "imperator",
        work("arbeiter-1", "green") | {"imperator_present": True},
        work("arbeiter-2", "red") | {"imperator_present": True},
        {"type": "build", "project": "tower"},
    )
    assert answer["ledger"]["supply"] == {"biomass": 0, "iron": 0, "uranium": 0}
    assert answer["ledger"]["buildings"] == {"tower": 2, "dragon": 0, "catapult": 0}
    # The angels hire on the board, among other actions (LS11): 3 uranium are not enough,
    # 4 more picked up on the way are.
    assert t.refused("engel", move("engel-1"), {"type": "hire"})["rule"] == "L29"
    answer = t.play("engel", move("engel-1", gold=4), {"type": "hire"})
    assert answer["ledger"]["supply"]["uranium"] == 0
    assert answer["ledger"]["groups"][-1] == {
        "id": "engel-3",
        "kind": "engel",
        "figures": 1,
        "markers": 1,
        "actions_used": 0,
        "off_board": False,
    }
    t.play("fluid", {"type": "place"}, {"type": "relocate"})
    result = t.goal()
    assert result["sides"][0] == {
        "side": "imperator",
        "aim": "towers",
        "met": False,
        "missing": ["2 towers"],
    }


def test_the_ledger_page_and_its_files_are_served(client) -> None:
    page = client.get("/turm-und-leute/ledger")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    for name in ("ledger.js", "ledger.css", "turm-und-leute.css"):
        assert f"/turm-und-leute/{name}" in html
        assert client.get(f"/turm-und-leute/{name}").status_code == 200
    script = client.get("/turm-und-leute/ledger.js").get_data(as_text=True)
    # The page calls the operations this contract declares, and no other origin.
    for path in ("/setup?", "/turns/apply", "/goal", "/units?"):
        assert path in script
    assert "http://" not in script and "https://" not in script
    assert "/turm-und-leute/ledger" in client.get("/turm-und-leute").get_data(as_text=True)


def test_l26_l9_a_castle_on_a_peoples_ledger_is_named_where_it_stands(client) -> None:
    dwarves = {"side": "zwerge", "buildings": {"wall": 1}}
    body = problem(client.post(f"{BASE}/turns/validate", json=turn(TUL, ["zwerge"], dwarves)), 422)
    assert (body["rule"], body["field"]) == ("L26", "/ledger/buildings/wall")
    game = set_up(client, TUL, "zwerge")
    goal = {"edition": TUL, "peoples": ["zwerge"], "ledgers": [ledger_of(game, "graf"), dwarves]}
    body = problem(client.post(f"{BASE}/goal", json=goal), 422)
    assert (body["rule"], body["field"]) == ("L26", "/ledgers/1/buildings/wall")


def test_l12_to_ls12_events_and_violations_name_the_readings_they_rest_on(client) -> None:
    game = set_up(client, SUS, "zwerge")
    dwarves = ledger_of(game, "zwerge")
    doubled = work("zwerge-1", "red") | {"imperator_present": True}
    answer = ok(client.post(f"{BASE}/turns/apply", json=turn(SUS, ["zwerge"], dwarves, doubled)))
    readings = {e["type"]: e.get("interpretations") for e in answer["events"]}
    assert readings == {"markers_removed": None, "markers_received": ["L12"], "worked": ["LS8", "L16", "LS9"]}
    assert answer["production"] == {"iron": 2}
    forest = turn(SUS, ["zwerge"], dwarves, work("zwerge-1", "forest"))
    verdict = ok(client.post(f"{BASE}/turns/validate", json=forest))
    assert verdict["violation"]["rule"] == "LS8" and verdict["violation"]["interpretations"] == ["LS8"]
