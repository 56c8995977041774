"""Spiel der Türme over HTTP: every operation under /v1/spiel-der-tuerme.

Each answer is compared with the engine (``service.spiel_der_tuerme``) called directly on
the same input, and checked for the properties the rules (docs/spiel-der-tuerme.md) give
it; a refusal must be a small problem details answer naming the rule and the field. The
last part plays whole random games through HTTP alone and checks the rules' invariants
after every move from the answers only.
"""

from __future__ import annotations

import copy
import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from service import create_app
from service.api.spiel_der_tuerme.examples import midgame
from service.render.spiel_der_tuerme import highlights_for_moves, render_svg
from service.spiel_der_tuerme import (
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    MalformedError,
    apply_turn,
    board_to_dict,
    event_to_dict,
    legal_moves,
    moves_to_dict,
    parse_position,
    parse_square,
    parse_turn_plan,
    position_to_dict,
    random_game,
    score,
    score_to_dict,
    setup_position,
    validate_turn,
    violation_to_dict,
)
from service.spiel_der_tuerme.interpretations import interpretations_of
from service.spiel_der_tuerme.wire.codec import read_position
from service.spiel_der_tuerme.wire.queries import (
    SdtApplyQuery,
    SdtMovesQuery,
    SdtPositionQuery,
    SdtRenderQuery,
    SdtValidateQuery,
)
from tests.spiel_der_tuerme.builders import ANCHORS, DEADLOCK, OPEN_QUARTERS, parse_compact, position_dict
from tests.spiel_der_tuerme.test_docs import rule_ids

from .bodies import DROP, PROBLEM, change_member

P = "/v1/spiel-der-tuerme"
POSTS = ("/moves", "/turns/validate", "/turns/apply", "/score", "/render")
COLOURS = ("yellow", "red", "blue", "green")
JSON = dict[str, Any]
SYMBOLS = ("A", "B", "C", "D")
RULE_IDS = set(rule_ids())
"""Every rule id docs/spiel-der-tuerme.md defines."""


# ------------------------------------------------------------------------- helpers


@pytest.fixture(scope="module")
def app():
    """One application for the module: the service keeps no state between requests."""
    return create_app({"TESTING": True, "CHECK_ANSWERS": True})


def _geometry() -> dict[str, dict[str, Any]]:
    """TB1–TB3 written out from the rules' words, not from the engine: per square its
    kind, quarter and symbol."""
    files = "abcdefghijklmn"
    quarter_files = ("bc", "ef", "ij", "lm")  # west → east
    squares: dict[str, dict[str, Any]] = {}
    for rank in range(1, 9):
        for file in files:
            squares[f"{file}{rank}"] = {"kind": "street", "quarter": None, "symbol": None}
    for row, (south, north) in enumerate(((2, 3), (6, 7))):
        for column, (west, east) in enumerate(quarter_files):
            quarter = row * 4 + column + 1
            corners = ((west, north, "A"), (east, north, "B"), (west, south, "C"), (east, south, "D"))
            for file, rank, symbol in corners:
                squares[f"{file}{rank}"] = {"kind": "symbol", "quarter": quarter, "symbol": symbol}
    return squares


GEOMETRY = _geometry()
STREETS = {name for name, square in GEOMETRY.items() if square["kind"] == "street"}


def _coords(name: str) -> tuple[int, int]:
    return "abcdefghijklmn".index(name[0]), int(name[1:])


def _between(a: str, b: str) -> list[str] | None:
    """The squares strictly between ``a`` and ``b`` on one rank or file, else ``None``."""
    (fa, ra), (fb, rb) = _coords(a), _coords(b)
    if (fa != fb and ra != rb) or a == b:
        return None
    df, dr = (fb > fa) - (fb < fa), (rb > ra) - (rb < ra)
    out, f, r = [], fa + df, ra + dr
    while (f, r) != (fb, rb):
        out.append(f"{'abcdefghijklmn'[f]}{r}")
        f, r = f + df, r + dr
    return out


def hand(stacks: dict[str, str], *, anchors: bool = True, **options: Any) -> dict[str, Any]:
    """A hand-built position's JSON (tests/spiel_der_tuerme/builders.py): ``stacks`` in
    compact form, red, blue and green anchored on the streets, the rest in filler towers."""
    options.setdefault("fill", OPEN_QUARTERS)
    return position_dict({**(ANCHORS if anchors else {}), **stacks}, **options)


def setup(players: int, seed: int, max_height: int | None = 5) -> dict[str, Any]:
    return position_to_dict(setup_position(players, seed, max_height=max_height))


def turn(*moves: str, end_turn: bool | None = None) -> dict[str, Any]:
    """``turn("a3-b3", "d5-d6")`` → the request's ``turn`` member."""
    body: dict[str, Any] = {"moves": [{"from": m[:2], "to": m[3:]} for m in moves]}
    if end_turn is not None:
        body["end_turn"] = end_turn
    return body


def problem(response: Any, status: int) -> dict[str, Any]:
    """The problem details of an error answer, checked for what every one has."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    assert "Traceback" not in response.get_data(as_text=True)
    body = response.get_json()
    assert body["status"] == status and {"type", "title", "detail"} <= body.keys()
    if status == 422:
        assert body["rule"] in RULE_IDS
        assert body["field"].startswith("/")
    return body


def ok(response: Any) -> Any:
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/json"
    return response.get_json()


def engine_violation(position: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any] | None:
    found = validate_turn(parse_position(position), parse_turn_plan(plan))
    return None if found is None else violation_to_dict(found)


def engine_apply(position: dict[str, Any], plan: dict[str, Any]) -> dict[str, Any]:
    after, events = apply_turn(parse_position(position), parse_turn_plan(plan))
    return {"position": position_to_dict(after), "events": [event_to_dict(e) for e in events]}


def count_stones(position: dict[str, Any]) -> Counter[tuple[str, str]]:
    stacks = position["stacks"].values()
    return Counter((colour, stack["symbol"]) for stack in stacks for colour in stack["stones"])


def expected_score(position: dict[str, Any]) -> dict[str, Any]:
    """TS1–TS3 computed from the position's JSON and the rules' words alone."""
    over = position["over"]
    doubled = (over["quarter"], over["seat"]) if over is not None and over["reason"] == "quarter" else None
    per_seat: dict[str, dict[int, int]] = {seat: {} for seat in position["seats"]}
    for name, stack in position["stacks"].items():
        square = GEOMETRY[name]
        top = stack["stones"][-1]
        if square["kind"] == "symbol" and top in per_seat:
            per_seat[top][square["quarter"]] = per_seat[top].get(square["quarter"], 0) + len(stack["stones"])
    seats = []
    for seat, quarters in per_seat.items():
        listed = []
        for quarter in sorted(quarters):
            twice = doubled == (quarter, seat)
            points = quarters[quarter] * (2 if twice else 1)
            listed.append({"quarter": quarter, "points": points, "doubled": twice})
        seats.append({"id": seat, "points": sum(q["points"] for q in listed), "quarters": listed})
    winners: list[str] = []
    if over is not None:
        best = max(s["points"] for s in seats)
        winners = [s["id"] for s in seats if s["points"] == best]
    return {"seats": seats, "game_over": over is not None, "winners": winners}


def _moves_from(post: Any, position: JSON, square: str) -> list[JSON]:
    moves: list[JSON] = ok(post(P + "/moves", {"position": position, "from": square}))["moves"]
    return moves


def check_move_geometry(position: dict[str, Any], move: dict[str, Any]) -> None:
    """TM2–TM6, TN2–TN5 for one offered move, judged from the position's JSON alone."""
    stacks = position["stacks"]
    neutrals = set(COLOURS) - set(position["seats"])
    frm, to = move["from"], move["to"]
    moving = stacks[frm]
    top = moving["stones"][-1]
    assert frm in STREETS  # TM2
    assert frm not in position["blocked"]  # TN4
    if move["neutral"]:  # TN2, TN3
        assert top in neutrals and len(moving["stones"]) == 1
        assert to in STREETS and to not in stacks
    else:  # TM1
        assert top == position["to_move"]
    passed = _between(frm, to)
    assert passed is not None  # TM3
    for square in passed:  # TM4, TN5
        assert square not in stacks or stacks[square]["stones"][-1] == top
    under = stacks.get(to)
    if under is None:  # TM5
        assert GEOMETRY[to]["symbol"] in (None, moving["symbol"])
        assert move["covers"] == []
    else:
        assert under["symbol"] == moving["symbol"]
        assert move["covers"] == under["stones"]
    assert move["height"] == len(moving["stones"]) + len(move["covers"])  # TM6
    if position["rules"]["max_height"] is not None:
        assert move["height"] <= position["rules"]["max_height"]
    assert move["symbol_square"] == (GEOMETRY[to]["kind"] == "symbol")
    assert move["may_continue"] == (move["symbol_square"] and not move["ends_game"])  # TM7


# --------------------------------------------------------------- TB: the board


def test_TB1_TB2_TB3_board_is_the_engines_and_the_rules_layout(client):
    answer = ok(client.get(P + "/board"))
    assert answer == board_to_dict()
    assert answer["files"] == list("abcdefghijklmn") and answer["ranks"] == 8
    assert [s["square"] for s in answer["squares"]] == list(GEOMETRY)  # board order a1, b1 … n8
    described = {s["square"]: {k: s[k] for k in ("kind", "quarter", "symbol")} for s in answer["squares"]}
    assert described == GEOMETRY
    assert len(STREETS) == 80 and len(GEOMETRY) - len(STREETS) == 32
    assert [q["quarter"] for q in answer["quarters"]] == list(range(1, 9))
    for quarter in answer["quarters"]:
        by_symbol = quarter["squares"]
        assert sorted(by_symbol) == list(SYMBOLS)
        for symbol, name in by_symbol.items():
            assert GEOMETRY[name] == {"kind": "symbol", "quarter": quarter["quarter"], "symbol": symbol}
        # TB3: A north-west, B north-east, C south-west, D south-east of a 2 × 2 block.
        (fa, ra), (fb, rb) = _coords(by_symbol["A"]), _coords(by_symbol["B"])
        (fc, rc), (fd, rd) = _coords(by_symbol["C"]), _coords(by_symbol["D"])
        assert (fb, rb) == (fa + 1, ra) and (fc, rc) == (fa, ra - 1) and (fd, rd) == (fa + 1, ra - 1)


# ------------------------------------------------------------- TB4, TB5: set-up


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TB5_TN1_setup_deals_one_stone_on_every_street_square(client, players):
    response = client.get(f"{P}/setup?players={players}&seed=11")
    answer = ok(response)
    assert answer == setup(players, 11)
    assert parse_position(answer) == setup_position(players, 11)
    assert set(answer["stacks"]) == STREETS
    assert all(len(stack["stones"]) == 1 for stack in answer["stacks"].values())
    assert count_stones(answer) == Counter({(c, s): 5 for c in COLOURS for s in SYMBOLS})  # TB4
    assert answer["seats"] == list(COLOURS[:players]) and answer["to_move"] == answer["seats"][0]
    assert answer["rules"] == {"max_height": 5}
    assert answer["turn"] == {"moves": 0, "may_continue": False}
    assert answer["blocked"] == [] and answer["over"] is None
    assert list(answer["stacks"]) == [name for name in GEOMETRY if name in answer["stacks"]]  # board order


def test_TB5_the_same_seed_deals_the_same_board_whatever_the_players_or_the_limit(client):
    first = client.get(f"{P}/setup?players=2&seed=5")
    assert first.data == client.get(f"{P}/setup?players=2&seed=5").data
    stacks = first.get_json()["stacks"]
    for query in ("players=3&seed=5", "players=4&seed=5", "players=2&seed=5&max_height=none"):
        assert ok(client.get(f"{P}/setup?{query}"))["stacks"] == stacks
    assert ok(client.get(f"{P}/setup?players=2&seed=6"))["stacks"] != stacks


def test_TV1_setup_without_a_height_limit(client):
    answer = ok(client.get(f"{P}/setup?players=3&seed=2&max_height=none"))
    assert answer["rules"] == {"max_height": None}
    assert answer == setup(3, 2, None)
    assert ok(client.get(f"{P}/setup?players=3&seed=2&max_height=5")) == setup(3, 2)


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("players=1&seed=1", "players"),
        ("players=5&seed=1", "players"),
        ("players=two&seed=1", "players"),
        ("players=%2B3&seed=1", "players"),
        ("seed=1", "players"),
        ("players=2", "seed"),
        ("players=2&seed=-1", "seed"),
        ("players=2&seed=1000000", "seed"),
        ("players=2&seed=1.5", "seed"),
        ("players=2&seed=1&max_height=6", "max_height"),
        ("players=2&seed=1&max_height=null", "max_height"),
        ("players=2&seed=1&player=3", "player"),
        ("players=2&players=3&seed=1", "players"),
    ],
)
def test_setup_refuses_a_bad_query_parameter_by_name(client, query, parameter):
    body = problem(client.get(f"{P}/setup?{query}"), 400)
    assert body["type"] == "urn:terra-turrium:problem:invalid-request"
    assert [e["parameter"] for e in body["errors"]] == [parameter]


# ------------------------------------------------------------------- TM, TN: moves


def _played(players: int, seed: int, turns: int, max_height: int | None = 5) -> dict[str, Any]:
    """The position after ``turns`` random turns of the engine's random player."""
    start = setup_position(players, seed, max_height=max_height)
    return position_to_dict(random_game(start, random.Random(seed), max_turns=turns).final)


#: Positions the moves, scores and pictures are compared on, by name.
POSITIONS = {
    "dealt-2": lambda: setup(2, 3),
    "dealt-3": lambda: setup(3, 4),
    "dealt-4": lambda: setup(4, 5),
    "midgame-3": lambda: position_to_dict(midgame()),
    "late-2": lambda: _played(2, 8, 300),
    "late-4-unlimited": lambda: _played(4, 9, 120, max_height=None),
    "chain-open": lambda: hand({"a3": "Ay", "a2": "Cy", "d5": "Ay", "e5": "Ar", "b3": "Ay"}, turn=(1, True)),
    "blocked-3": lambda: hand({"d4": "Ay", "d5": "Ag"}, seats="yrb", blocked=["d5"]),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_TM1_moves_are_the_engines_in_board_order(post, name):
    position = POSITIONS[name]()
    answer = ok(post(P + "/moves", {"position": position}))
    assert answer == moves_to_dict(legal_moves(parse_position(position)))
    keys = [(parse_square(m["from"]), parse_square(m["to"])) for m in answer["moves"]]
    assert keys == sorted(set(keys))  # board order of from, then to; no move twice


@pytest.mark.parametrize("name", list(POSITIONS))
def test_TM2_to_TM7_TN2_to_TN5_every_move_offered_keeps_the_rules(post, name):
    position = POSITIONS[name]()
    moves = ok(post(P + "/moves", {"position": position}))["moves"]
    assert moves
    for move in moves:
        check_move_geometry(position, move)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_TM1_from_lists_exactly_the_moves_from_that_square(post, name):
    position = POSITIONS[name]()
    every = ok(post(P + "/moves", {"position": position}))["moves"]
    for origin in sorted({m["from"] for m in every}):
        answer = ok(post(P + "/moves", {"position": position, "from": origin}))
        assert answer["moves"] == [m for m in every if m["from"] == origin]
        assert answer == moves_to_dict(legal_moves(parse_position(position), parse_square(origin)))


def test_TN2_TN3_neutral_stones_move_only_with_two_or_three_players_and_onto_free_streets(post):
    for name in ("late-2", "midgame-3"):
        assert any(m["neutral"] for m in ok(post(P + "/moves", {"position": POSITIONS[name]()}))["moves"])
    four = POSITIONS["late-4-unlimited"]()
    assert not any(m["neutral"] for m in ok(post(P + "/moves", {"position": four}))["moves"])
    # TN3: on a board as dealt no street square is free, so no neutral stone can move yet.
    assert not any(m["neutral"] for m in ok(post(P + "/moves", {"position": setup(2, 1)}))["moves"])


def test_TM1_a_movable_stack_without_a_move_answers_an_empty_list(post):
    # Red's a1 is boxed in by yellow stones of other symbols (TM4, TM5).
    position = hand({"a1": "Ar", "a2": "Cy", "b1": "By", "d4": "Ay"}, anchors=False, seats="yr", to_move="r")
    assert ok(post(P + "/moves", {"position": position, "from": "a1"})) == {"moves": []}


@pytest.mark.parametrize(
    ("stacks", "options", "origin", "rule"),
    [
        ({"d5": "Ay"}, {}, "e5", "TM1"),  # nothing there
        ({"d5": "Ay"}, {}, "a1", "TM1"),  # red's stack
        ({"d5": "Ay", "b3": "Ay"}, {}, "b3", "TM2"),  # a stack on a symbol square
        ({"d4": "Ay", "d5": "Ag"}, {"seats": "yrb", "blocked": ["d5"]}, "d5", "TN4"),
        ({"d4": "Ay", "d5": "Ag"}, {}, "d5", "TM1"),  # green is a seat with four players
    ],
)
def test_TM1_TM2_TN4_a_from_with_nothing_to_move_is_422(post, stacks, options, origin, rule):
    position = hand(stacks, **options)
    with pytest.raises(InvalidQueryError) as err:
        legal_moves(parse_position(position), parse_square(origin))
    for path in ("/moves", "/render"):
        body = problem(post(P + path, {"position": position, "from": origin}), 422)
        assert body["type"] == "urn:terra-turrium:problem:invalid-query"
        assert (err.value.rule, err.value.field) == (rule, "/from")
        assert (body["rule"], body["field"], body["detail"]) == (rule, "/from", err.value.detail)


def test_TM6_a_tower_of_five_is_safe_and_TV1_lifts_the_limit(post):
    stacks = {"d5": "Ayy", "c5": "Arrrr", "d6": "Abbbbb"}
    limited = hand(stacks)
    offered = {m["to"]: m for m in ok(post(P + "/moves", {"position": limited, "from": "d5"}))["moves"]}
    assert "c5" not in offered and "d6" not in offered
    for target in ("c5", "d6"):
        verdict = ok(post(P + "/turns/validate", {"position": limited, "turn": turn(f"d5-{target}")}))
        assert verdict["legal"] is False and verdict["violation"]["rule"] == "TM6"
    unlimited = hand(stacks, max_height=None)
    offered = {m["to"]: m for m in ok(post(P + "/moves", {"position": unlimited, "from": "d5"}))["moves"]}
    assert offered["c5"]["height"] == 6 and offered["d6"]["height"] == 7
    after = ok(post(P + "/turns/apply", {"position": unlimited, "turn": turn("d5-d6")}))
    assert after["position"]["stacks"]["d6"]["stones"] == ["blue"] * 5 + ["yellow"] * 2
    assert after["position"]["rules"] == {"max_height": None}
    assert after == engine_apply(unlimited, turn("d5-d6"))


def test_TM6_towers_are_never_split(post):
    position = hand({"d5": "Arby", "e5": "Ag"})
    after = ok(post(P + "/turns/apply", {"position": position, "turn": turn("d5-e5")}))["position"]
    assert "d5" not in after["stacks"]
    assert after["stacks"]["e5"]["stones"] == ["green", "red", "blue", "yellow"]


# ------------------------------------------------------------ validate and apply

CHAIN = {"a3": "Ay", "a2": "Cy", "d5": "Ay", "e5": "Ar"}
QUARTER_ONE = {"d2": "Dy", "b3": "Ay", "c3": "By", "b2": "Cy", "d5": "Ay"}
NEUTRAL = {"d4": "Ay", "d5": "Ag", "h4": "Ar", "k4": "Ab"}
BOXED = {"a1": "Ay", "a2": "Br", "b1": "Cb", "d5": "Ar", "e5": "Bb", "f5": "Cg"}

#: (name, position, turn, rule of the first illegal move or None, its index)
TURNS = [
    ("one-move", lambda: hand(CHAIN), turn("d5-e5"), None, 0),
    ("chain", lambda: hand(CHAIN), turn("a3-b3", "a2-b2", "d5-d6"), None, 0),
    ("stop-after-symbol-square", lambda: hand(CHAIN), turn("a3-b3"), None, 0),
    ("open-chain", lambda: hand(CHAIN), turn("a3-b3", end_turn=False), None, 0),
    ("TM1-not-yours", lambda: hand(CHAIN), turn("e5-e6"), "TM1", 0),
    ("TM1-empty", lambda: hand(CHAIN), turn("e4-e6"), "TM1", 0),
    ("TM3-diagonal", lambda: hand(CHAIN), turn("d5-e6"), "TM3", 0),
    ("TM3-standing-still", lambda: hand(CHAIN), turn("d5-d5"), "TM3", 0),
    ("TM4-passes-red", lambda: hand(CHAIN), turn("d5-f5"), "TM4", 0),
    ("TM5-wrong-symbol-square", lambda: hand({"d3": "Ay"}), turn("d3-c3"), "TM5", 0),
    ("TM5-onto-another-symbol", lambda: hand(CHAIN), turn("a2-a3"), "TM5", 0),
    ("TM5-wrong-symbol-stack", lambda: hand({"d5": "Ay", "e5": "Br"}), turn("d5-e5"), "TM5", 0),
    ("TM8-two-moves", lambda: hand(CHAIN), turn("d5-d6", "a3-b3"), "TM8", 1),
    ("TM8-third-after-street", lambda: hand(CHAIN), turn("a3-b3", "d5-d6", "a2-b2"), "TM8", 2),
    ("TM8-pass-while-moves-exist", lambda: hand(CHAIN), turn(), "TM8", 0),
    ("TM8-pass-when-boxed", lambda: hand(BOXED, anchors=False, fill=(8, 7, 6, 5)), turn(), None, 0),
    ("TN2-neutral-move", lambda: hand(NEUTRAL, seats="yrb"), turn("d5-e5"), None, 0),
    ("TN3-neutral-onto-a-stack", lambda: hand({"d4": "Ay", "b4": "Ag", "c4": "Ab"}, seats="yrb"),
     turn("b4-c4"), "TN3", 0),
    ("TN3-neutral-onto-a-symbol-square", lambda: hand({"d4": "Ay", "b4": "Ag"}, seats="yrb"), turn("b4-b3"),
     "TN3", 0),
    ("TN4-blocked", lambda: hand(NEUTRAL, seats="yrb", blocked=["d5"]), turn("d5-e5"), "TN4", 0),
    ("TN5-over-a-neutral", lambda: hand({"d5": "Ay", "f5": "Bg"}, seats="yrb"), turn("d5-g5"), "TN5", 0),
    ("TM8-neutral-ends-the-turn", lambda: hand({"a3": "Ay", "d4": "Ay", "d5": "Ag"}, seats="yrb"),
     turn("d5-e5", "a3-b3"), "TM8", 1),
    ("TE1-quarter", lambda: hand(QUARTER_ONE), turn("d2-c2"), None, 0),
    ("TE4-move-after-the-end", lambda: hand(QUARTER_ONE), turn("d2-c2", "d5-d6"), "TE4", 1),
    ("TE3-stuck", lambda: hand({"n7": "Dy", "d5": "Ay"}), turn("n7-n8"), None, 0),
    ("TE3-deadlock-pass", lambda: position_to_dict(parse_compact(DEADLOCK)), turn(), None, 0),
]


@pytest.mark.parametrize(("name", "make", "plan", "rule", "index"), TURNS, ids=[t[0] for t in TURNS])
def test_validate_and_apply_agree_with_the_engine_and_with_each_other(post, name, make, plan, rule, index):
    position = make()
    body = {"position": position, "turn": plan}
    verdict = ok(post(P + "/turns/validate", body))
    violation = engine_violation(position, plan)
    if rule is None:
        assert violation is None and verdict == {"legal": True}
        answer = ok(post(P + "/turns/apply", body))
        assert answer == engine_apply(position, plan)
        assert parse_position(answer["position"])  # a position the service itself accepts
    else:
        assert verdict == {"legal": False, "violation": violation}
        assert (violation["rule"], violation["index"]) == (rule, index)
        refused = problem(post(P + "/turns/apply", body), 422)
        assert refused["type"] == "urn:terra-turrium:problem:illegal-turn"
        assert (refused["rule"], refused["field"], refused["violation"]) == (rule, "/turn", violation)
        with pytest.raises(IllegalTurnError):
            apply_turn(parse_position(position), parse_turn_plan(plan))


def test_TM1_one_move_hands_the_turn_on_with_its_events(post):
    position = hand(CHAIN)
    answer = ok(post(P + "/turns/apply", {"position": position, "turn": turn("d5-e5")}))
    after = answer["position"]
    assert after["to_move"] == "red" and after["turn"] == {"moves": 0, "may_continue": False}
    assert "d5" not in after["stacks"] and after["stacks"]["e5"]["stones"] == ["red", "yellow"]
    move, tower = answer["events"]
    assert move == {
        "type": "move", "seat": "yellow", "from": "d5", "to": "e5", "colour": "yellow", "height": 1
    }
    assert tower == {"type": "tower", "seat": "yellow", "square": "e5", "height": 2, "covers": ["red"]}
    assert count_stones(after) == count_stones(position)


def test_TM7_TM8_a_chain_played_one_move_at_a_time_ends_where_the_whole_chain_does(post):
    position = hand(CHAIN)
    whole = ok(post(P + "/turns/apply", {"position": position, "turn": turn("a3-b3", "a2-b2", "d5-d6")}))
    step = position
    events = []
    for move in ("a3-b3", "a2-b2"):
        answer = ok(post(P + "/turns/apply", {"position": step, "turn": turn(move, end_turn=False)}))
        step, events = answer["position"], events + answer["events"]
        assert step["to_move"] == "yellow" and step["turn"]["may_continue"] is True
        # TM7: the moves answer lists the rest of the turn.
        rest = ok(post(P + "/moves", {"position": step}))
        assert rest == moves_to_dict(legal_moves(parse_position(step)))
        assert events[-1]["type"] == "symbol_square" and events[-1]["square"] == move[3:]
    assert step["turn"]["moves"] == 2
    last = ok(post(P + "/turns/apply", {"position": step, "turn": turn("d5-d6")}))
    assert last["position"] == whole["position"] and events + last["events"] == whole["events"]


def test_TM8_an_empty_turn_after_a_symbol_square_stops_the_turn(post):
    open_turn = ok(post(P + "/turns/apply", {"position": hand(CHAIN), "turn": turn("a3-b3", end_turn=False)}))
    position = open_turn["position"]
    assert ok(post(P + "/turns/validate", {"position": position, "turn": turn()})) == {"legal": True}
    stopped = ok(post(P + "/turns/apply", {"position": position, "turn": turn()}))
    assert stopped["events"] == []
    assert stopped["position"]["to_move"] == "red" and stopped["position"]["turn"]["moves"] == 0
    kept = ok(post(P + "/turns/apply", {"position": position, "turn": turn(end_turn=False)}))
    assert kept == {"position": position, "events": []}
    # A move that does not allow another ends the turn whatever end_turn says.
    ended = ok(post(P + "/turns/apply", {"position": position, "turn": turn("d5-d6", end_turn=False)}))
    assert ended["position"]["to_move"] == "red"


def test_TM8_a_seat_that_cannot_move_passes(post):
    position = hand(BOXED, anchors=False, fill=(8, 7, 6, 5))
    assert ok(post(P + "/moves", {"position": position})) == {"moves": []}
    answer = ok(post(P + "/turns/apply", {"position": position, "turn": turn()}))
    assert answer["events"] == [{"type": "pass", "seat": "yellow"}]
    assert answer["position"]["to_move"] == "red" and answer["position"]["stacks"] == position["stacks"]


def test_TN4_a_neutral_stone_moved_is_blocked_for_the_next_seat_only(post):
    position = hand(NEUTRAL, seats="yrb")
    after = ok(post(P + "/turns/apply", {"position": position, "turn": turn("d5-e5")}))["position"]
    assert after["to_move"] == "red" and after["blocked"] == ["e5"]
    assert all(m["from"] != "e5" for m in ok(post(P + "/moves", {"position": after}))["moves"])
    assert problem(post(P + "/moves", {"position": after, "from": "e5"}), 422)["rule"] == "TN4"
    red = ok(post(P + "/turns/apply", {"position": after, "turn": turn("h4-h5")}))["position"]
    assert red["to_move"] == "blue" and red["blocked"] == []
    assert any(m["from"] == "e5" for m in ok(post(P + "/moves", {"position": red}))["moves"])


def test_TE1_TS2_completing_a_quarter_ends_the_game_and_counts_it_double(post):
    position = hand(QUARTER_ONE)
    (offered,) = [m for m in _moves_from(post, position, "d2") if m["to"] == "c2"]
    assert offered["ends_game"] and not offered["may_continue"]
    answer = ok(post(P + "/turns/apply", {"position": position, "turn": turn("d2-c2")}))
    after = answer["position"]
    assert after["over"] == {"reason": "quarter", "quarter": 1, "seat": "yellow"}
    assert after["to_move"] == "yellow" and after["turn"] == {"moves": 0, "may_continue": False}
    assert after["blocked"] == []
    end = answer["events"][-1]
    assert end["type"] == "game_over"
    assert (end["reason"], end["quarter"], end["seat"]) == ("quarter", 1, "yellow")
    scored = ok(post(P + "/score", {"position": after}))
    assert scored == expected_score(after) == score_to_dict(score(parse_position(after)))
    assert end["scores"] == scored["seats"] and end["winners"] == scored["winners"]
    yellow = scored["seats"][0]
    (first,) = [q for q in yellow["quarters"] if q["quarter"] == 1]
    stones = sum(len(after["stacks"][sq]["stones"]) for sq in ("b2", "c2", "b3", "c3"))
    assert first == {"quarter": 1, "points": 2 * stones, "doubled": True}
    # TE4: once over, no turn, not even an empty one, and no move.
    assert ok(post(P + "/moves", {"position": after})) == {"moves": []}
    for plan in (turn(), turn("d5-d6")):
        verdict = ok(post(P + "/turns/validate", {"position": after, "turn": plan}))
        assert verdict["legal"] is False
        assert (verdict["violation"]["rule"], verdict["violation"]["index"]) == ("TE4", 0)


def test_TE3_when_no_seat_can_move_the_pass_ends_the_game(post):
    position = position_to_dict(parse_compact(DEADLOCK))
    for seat in position["seats"]:  # nobody can move, whoever is to move
        assert ok(post(P + "/moves", {"position": {**position, "to_move": seat}})) == {"moves": []}
    answer = ok(post(P + "/turns/apply", {"position": position, "turn": turn()}))
    assert [e["type"] for e in answer["events"]] == ["pass", "game_over"]
    assert answer["position"]["over"] == {"reason": "stuck", "quarter": None, "seat": "yellow"}
    assert answer["position"]["to_move"] == "yellow"


def test_TE2_TS2_a_board_without_street_stacks_is_over_and_nothing_counts_double(post):
    position = hand({}, anchors=False, fill=range(1, 9), over={"reason": "streets_empty"})
    assert not set(position["stacks"]) & STREETS
    answer = ok(post(P + "/score", {"position": position}))
    assert answer == expected_score(position) == score_to_dict(score(parse_position(position)))
    assert answer["game_over"] is True and answer["winners"]
    assert not any(q["doubled"] for seat in answer["seats"] for q in seat["quarters"])
    assert ok(post(P + "/moves", {"position": position})) == {"moves": []}  # TE4


def test_TE3_covering_the_last_street_stack_of_a_seat_ends_the_game(post):
    position = hand({"n7": "Dy", "d5": "Ay"})
    (move,) = [m for m in _moves_from(post, position, "n7") if m["to"] == "n8"]
    assert move["ends_game"] and move["covers"] == ["green"]
    after = ok(post(P + "/turns/apply", {"position": position, "turn": turn("n7-n8")}))
    assert after["position"]["over"] == {"reason": "stuck", "quarter": None, "seat": "green"}
    assert "quarter" not in after["events"][-1] and after["events"][-1]["seat"] == "green"


# ------------------------------------------------------------------------ scoring


@pytest.mark.parametrize("name", list(POSITIONS))
def test_TS1_TS3_score_is_the_engines_and_the_rules_count(post, name):
    position = POSITIONS[name]()
    answer = ok(post(P + "/score", {"position": position}))
    assert answer == score_to_dict(score(parse_position(position))) == expected_score(position)
    assert [s["id"] for s in answer["seats"]] == position["seats"]
    assert answer["winners"] == [] and answer["game_over"] is False  # TS3: only once over


def test_TS2_TS3_after_a_stuck_seat_nothing_counts_double(post):
    game = random_game(setup_position(4, 1), random.Random(1))
    final = position_to_dict(game.final)
    assert final["over"]["reason"] == "stuck"
    answer = ok(post(P + "/score", {"position": final}))
    assert answer == expected_score(final) and answer["game_over"] is True and answer["winners"]
    assert not any(q["doubled"] for seat in answer["seats"] for q in seat["quarters"])


# ---------------------------------------------------------------------- rendering


def _groups(svg: bytes) -> list[ET.Element]:
    """Every ``<g>`` of an SVG document (which must be well-formed XML)."""
    return list(ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"))


@pytest.mark.parametrize("name", list(POSITIONS))
def test_render_draws_the_engines_picture_with_the_moves_from_a_square(post, name):
    position = POSITIONS[name]()
    engine = parse_position(position)
    plain = post(P + "/render", {"position": position})
    assert plain.status_code == 200 and plain.mimetype == "image/svg+xml"
    assert plain.get_data(as_text=True) == render_svg(engine)
    squares = {g.get("data-square"): g for g in _groups(plain.data) if g.get("data-square")}
    assert list(squares) == list(GEOMETRY)
    for name_, g in squares.items():
        stack = position["stacks"].get(name_)
        assert int(g.get("data-height")) == (0 if stack is None else len(stack["stones"]))
    moves = ok(post(P + "/moves", {"position": position}))["moves"]
    origin = moves[0]["from"]
    lit = post(P + "/render", {"position": position, "from": origin})
    highlights = highlights_for_moves(engine, parse_square(origin))
    assert lit.get_data(as_text=True) == render_svg(engine, highlights)
    classes = {g.get("data-square"): set(g.get("class", "").split()) for g in _groups(lit.data)}
    marked = {square for square, kinds in classes.items() if {"move", "continue", "end"} & kinds}
    assert marked == {m["to"] for m in moves if m["from"] == origin}
    assert [square for square, kinds in classes.items() if "origin" in kinds] == [origin]


def test_render_answers_the_same_bytes_and_octets_on_request(client, post):
    body = {"position": position_to_dict(midgame())}
    first = post(P + "/render", body)
    assert first.data == post(P + "/render", body).data
    octets = client.post(P + "/render", json=body, headers={"Accept": "application/octet-stream"})
    assert octets.status_code == 200 and octets.mimetype == "application/octet-stream"
    assert octets.data == first.data


# -------------------------------------------------------------- refusals: 422

STRUCTURE = [
    # (name, how the valid position is changed, rule, field in the position)
    ("seated-twice", lambda p: p.update(seats=["yellow", "red", "yellow", "green"]), "TN1", "/seats/2"),
    ("to-move-not-seated", lambda p: p.update(seats=["yellow", "red"], to_move="blue"), "TN1", "/to_move"),
    ("over-seat-not-seated", lambda p: p.update(seats=["yellow", "red"],
                                                over={"reason": "stuck", "seat": "blue"}),
     "TN1", "/over/seat"),
    ("stack-on-another-symbol", lambda p: _move_stone(p, "B", "b3"), "TM5", "/stacks/b3/symbol"),
    ("neutral-on-a-symbol-square", lambda p: (p.update(seats=["yellow", "red"]), _move_stone(p, "A", "b3",
                                                                                            "green")),
     "TN3", "/stacks/b3/stones"),
    ("neutral-on-a-tower", lambda p: (p.update(seats=["yellow", "red"]), _tower(p, "A", ["red", "green"])),
     "TN3", None),
    ("too-high", lambda p: _tower(p, "A", ["red"] * 5 + ["yellow"]), "TM6", None),
    ("a-stone-missing", lambda p: p["stacks"].pop("a1"), "TB4", "/stacks"),
    ("a-stone-too-many", lambda p: p["stacks"]["a1"]["stones"].insert(0, p["stacks"]["a1"]["stones"][0]),
     "TB4", "/stacks"),
    ("two-blocked", lambda p: (p.update(seats=["yellow", "red", "blue"]), _block_neutrals(p, 2)), "TN4",
     "/blocked"),
    ("blocked-not-neutral", lambda p: p.update(blocked=["a1"]), "TN4", "/blocked/0"),
    ("continue-without-a-move", lambda p: p.update(turn={"moves": 0, "may_continue": True}), "TM7",
     "/turn/may_continue"),
    ("continue-without-a-symbol-square", lambda p: p.update(turn={"moves": 1, "may_continue": True}), "TM7",
     "/turn/may_continue"),
    ("moves-in-a-finished-turn", lambda p: p.update(turn={"moves": 2, "may_continue": False}), "TM8",
     "/turn/moves"),
    ("off-the-board", lambda p: p["stacks"].update({"o9": p["stacks"].pop("a1")}), "TB1", "/stacks/o9"),
]
"""Changes to a dealt 4-player board that break one structural rule each (the table of
docs/spiel-der-tuerme.md); ``None`` where the field names a square the change picks."""

BREAKS = {name: change for name, change, _, _ in STRUCTURE}

OVER = [
    ("TE1-quarter-not-over", hand(QUARTER_ONE | {"c2": "Dy"}), "TE1", "/over"),
    ("TE3-stuck-not-over", hand({"d5": "Ay"}, anchors=False), "TE3", "/over"),
    ("TE1-wrong-quarter", hand(QUARTER_ONE | {"c2": "Dy"}, over={"reason": "quarter", "quarter": 2,
                                                                  "seat": "yellow"}), "TE1", "/over/quarter"),
    ("TE5-quarter-before-stuck", hand(QUARTER_ONE | {"c2": "Dy"}, over={"reason": "stuck", "seat": "yellow"}),
     "TE5", "/over/reason"),
    ("TE3-nobody-stuck", hand({"d5": "Ay"}, over={"reason": "stuck", "seat": "yellow"}), "TE3",
     "/over/reason"),
    ("TE2-streets-not-empty", hand({"d5": "Ay"}, over={"reason": "streets_empty"}), "TE2", "/over/reason"),
    ("TE5-not-the-first-stuck-seat",
     hand({"d5": "Ay"}, anchors=False, over={"reason": "stuck", "seat": "blue"}), "TE5", "/over/seat"),
    ("TE2-streets-empty-not-over", hand({}, anchors=False, fill=range(1, 9)), "TE2", "/over"),
    ("TE5-streets-empty-before-stuck",
     hand({}, anchors=False, fill=range(1, 9), over={"reason": "stuck", "seat": "yellow"}),
     "TE5", "/over/reason"),
    ("TE4-turn-once-over", hand(QUARTER_ONE | {"c2": "Dy"}, turn=(1, True), over={"reason": "quarter",
                                                                                   "quarter": 1,
                                                                                   "seat": "yellow"}),
     "TE4", "/turn"),
]
"""Hand-built positions whose end of the game (TE1–TE5) is not what the board says."""


def _move_stone(position: dict[str, Any], symbol: str, square: str, colour: str | None = None) -> None:
    """Move one street stone of ``symbol`` (and ``colour``) onto ``square``."""
    stacks = position["stacks"]
    source = next(
        name for name, stack in stacks.items()
        if stack["symbol"] == symbol and (colour is None or stack["stones"] == [colour])
    )
    stacks[square] = stacks.pop(source)


def _tower(position: dict[str, Any], symbol: str, stones: list[str]) -> str:
    """Gather single stones of ``symbol`` into a tower of ``stones`` on the first one's square."""
    stacks = position["stacks"]
    sources = []
    for colour in stones:
        sources.append(next(n for n, s in stacks.items() if s == {"symbol": symbol, "stones": [colour]}
                            and n not in sources))
    for name in sources:
        del stacks[name]
    stacks[sources[0]] = {"symbol": symbol, "stones": stones}
    return sources[0]


def _block_neutrals(position: dict[str, Any], count: int) -> None:
    neutrals = [n for n, s in position["stacks"].items() if s["stones"] == ["green"]]
    position["blocked"] = neutrals[:count]


def _broken(change: Any) -> dict[str, Any]:
    position = setup(4, 1)
    change(position)
    return position


BROKEN = [pytest.param(lambda c=c: _broken(c), r, f, id=n) for n, c, r, f in STRUCTURE] + [
    pytest.param(lambda p=p: copy.deepcopy(p), r, f, id=n) for n, p, r, f in OVER
]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize(("make", "rule", "field"), BROKEN)
def test_a_position_breaking_a_structural_rule_is_422_naming_rule_and_field(post, path, make, rule, field):
    position = make()
    with pytest.raises(InvalidPositionError) as err:
        parse_position(position)
    assert err.value.rule == rule
    if field is not None:
        assert err.value.field == field
    body = {"position": position}
    if path.startswith("/turns"):
        body["turn"] = turn()
    answer = problem(post(P + path, body), 422)
    assert answer["type"] == "urn:terra-turrium:problem:invalid-position"
    expected = (err.value.rule, "/position" + err.value.field, err.value.detail)
    assert (answer["rule"], answer["field"], answer["detail"]) == expected
    readings = interpretations_of(err.value.rule)  # named when the rule rests on a reading
    assert answer.get("interpretations") == (list(readings) if readings else None)
    assert set(answer) == {"type", "title", "status", "detail", "rule", "field"} | (
        {"interpretations"} if readings else set()
    )


def test_a_board_where_nobody_can_move_is_accepted_while_the_game_goes_on(post):
    position = position_to_dict(parse_compact(DEADLOCK))
    assert position["over"] is None
    assert ok(post(P + "/score", {"position": position}))["game_over"] is False


# -------------------------------------------------------------- refusals: 400

"""Instead of a value: the member is left out."""

SHAPES = [
    # (name, the object changed (a pointer into the body), its member, the value it gets, pointers named)
    ("no-position", "", "position", DROP, ["/position"]),
    ("unknown-member", "", "colour", "red", ["/colour"]),
    ("position-not-an-object", "", "position", [], ["/position"]),
    ("unknown-position-member", "/position", "history", [], ["/position/history"]),
    ("unknown-stack-member", "/position/stacks/a1", "height", 1, ["/position/stacks/a1/height"]),
    ("unknown-rules-member", "/position/rules", "variant", "x", ["/position/rules/variant"]),
    ("unknown-turn-state-member", "/position/turn", "phase", "x", ["/position/turn/phase"]),
    ("unknown-over-member", "/position", "over", {"reason": "streets_empty", "winner": "red"},
     ["/position/over/winner"]),
    ("stones-empty", "/position/stacks/a1", "stones", [], ["/position/stacks/a1/stones"]),
    ("stone-colour", "/position/stacks/a1", "stones", ["purple"], ["/position/stacks/a1/stones/0"]),
    ("symbol", "/position/stacks/a1", "symbol", "E", ["/position/stacks/a1/symbol"]),
    ("one-seat", "/position", "seats", ["yellow"], ["/position/seats"]),
    ("five-seats", "/position", "seats", [*COLOURS, "yellow"], ["/position/seats"]),
    ("max-height-4", "/position/rules", "max_height", 4, ["/position/rules/max_height"]),
    ("max-height-5.0", "/position/rules", "max_height", 5.0, ["/position/rules/max_height"]),
    ("moves-negative", "/position/turn", "moves", -1, ["/position/turn/moves"]),
    ("may-continue-1", "/position/turn", "may_continue", 1, ["/position/turn/may_continue"]),
    ("blocked-not-a-square", "/position", "blocked", ["z9"], ["/position/blocked/0"]),
    ("over-reason", "/position", "over", {"reason": "bored"}, ["/position/over/reason"]),
    ("over-quarter-missing", "/position", "over", {"reason": "quarter", "seat": "red"},
     ["/position/over/quarter"]),
    ("over-seat-on-streets-empty", "/position", "over", {"reason": "streets_empty", "seat": "red"},
     ["/position/over/seat"]),
    ("seat-and-to-move", "/position", "seats", ["yellow", 3], ["/position/seats/1"]),
]

TURN_SHAPES = [
    ("no-turn", "", "turn", DROP, ["/turn"]),
    ("turn-not-an-object", "", "turn", [], ["/turn"]),
    ("no-moves", "/turn", "moves", DROP, ["/turn/moves"]),
    ("unknown-turn-member", "/turn", "pass", True, ["/turn/pass"]),
    ("unknown-move-member", "/turn/moves/0", "height", 1, ["/turn/moves/0/height"]),
    ("move-from-missing", "/turn/moves/0", "from", DROP, ["/turn/moves/0/from"]),
    ("move-to-not-a-square", "/turn/moves/0", "to", "D6", ["/turn/moves/0/to"]),
    ("end-turn-string", "/turn", "end_turn", "no", ["/turn/end_turn"]),
]

FROM_SHAPES = [
    ("from-number", "", "from", 5, ["/from"]),
    ("from-null", "", "from", None, ["/from"]),
    ("from-off-board", "", "from", "o1", ["/from"]),
    ("from-with-newline", "", "from", "d5\n", ["/from"]),
]




def _shape_cases() -> list[Any]:
    tables = [
        (POSTS, SHAPES),
        (("/turns/validate", "/turns/apply"), TURN_SHAPES),
        (("/moves", "/render"), FROM_SHAPES),
    ]
    return [
        pytest.param(path, change, pointers, id=f"{path}-{name}")
        for paths, table in tables
        for path in paths
        for name, *change, pointers in table
    ]


def _valid_body(path: str) -> dict[str, Any]:
    body: dict[str, Any] = {"position": hand(CHAIN)}
    if path.startswith("/turns"):
        body["turn"] = turn("d5-e5")
    return body


@pytest.mark.parametrize(("path", "change", "pointers"), _shape_cases())
def test_a_body_of_the_wrong_shape_is_400_naming_every_member(post, path, change, pointers):
    body = _valid_body(path)
    change_member(body, *change)
    answer = problem(post(P + path, body), 400)
    assert answer["type"] == "urn:terra-turrium:problem:invalid-request"
    assert [e["pointer"] for e in answer["errors"]] == pointers
    assert all(e["detail"] for e in answer["errors"])
    if "position" in body and pointers[0].startswith("/position/"):
        # The engine's own reader names the same members.
        with pytest.raises(MalformedError) as err:
            read_position(body["position"])
        assert ["/position" + p.pointer for p in err.value.problems] == pointers


@pytest.mark.parametrize("path", POSTS)
def test_a_shape_problem_is_answered_before_any_rule(post, path):
    for rule_breaking in (_broken(BREAKS["off-the-board"]), _broken(BREAKS["a-stone-missing"])):  # TB1, TB4
        body: dict[str, Any] = {"position": rule_breaking, "extra": True}
        if path.startswith("/turns"):
            body["turn"] = turn()
        answer = problem(post(P + path, body), 400)
        assert [e["pointer"] for e in answer["errors"]] == ["/extra"]


def test_at_most_twenty_problems_are_named_in_the_order_of_the_body(post):
    position = setup(4, 1)
    for name in list(position["stacks"])[:30]:
        position["stacks"][name]["stones"] = ["purple"]
    answer = problem(post(P + "/score", {"position": position}), 400)
    names = list(position["stacks"])[:20]
    assert [e["pointer"] for e in answer["errors"]] == [f"/position/stacks/{n}/stones/0" for n in names]


@pytest.mark.parametrize("path", POSTS)
def test_what_is_not_a_json_body_is_refused(client, path):
    assert problem(client.post(P + path, data="{}", content_type="text/plain"), 415)["type"] == "about:blank"
    invalid = problem(client.post(P + path, data='{"position": ', content_type="application/json"), 400)
    assert invalid["errors"][0]["pointer"] == ""
    large = problem(client.post(P + path, data=b" " * (64 * 1024 + 1), content_type="application/json"), 413)
    assert large["type"] == "about:blank"
    wrong = client.get(P + path)
    assert problem(wrong, 405) and "POST" in wrong.headers["Allow"]


# ------------------------------------------------------------ stateless answers


@pytest.mark.parametrize(
    ("path", "schema", "extra"),
    [
        ("/moves", SdtMovesQuery, {"from": "a3"}),
        ("/turns/validate", SdtValidateQuery, {"turn": turn("a3-b3", end_turn=False)}),
        ("/turns/apply", SdtApplyQuery, {"turn": turn("a3-b3", "a2-b2", "d5-d6")}),
        ("/score", SdtPositionQuery, {}),
        ("/render", SdtRenderQuery, {"from": "a3"}),
    ],
)
def test_the_request_is_never_changed_and_the_same_request_is_the_same_answer(app, post, path, schema, extra):
    body = {"position": hand(CHAIN), **extra}
    original = copy.deepcopy(body)
    with app.test_request_context():
        query = schema().load(body)
    assert body == original
    if "turn" in query:
        apply_turn(query["position"], query["turn"])
    legal_moves(query["position"])
    assert body == original and query["position"] == parse_position(original["position"])
    first = post(P + path, body)
    assert first.status_code == 200 and body == original
    assert post(P + path, body).data == first.data
    assert first.headers["X-Rules-Version"]


# ------------------------------------------------------- random games over HTTP


class HttpGame:
    """A game played through the service alone: the test knows of the rules only what the
    answers say, the rules' words (GEOMETRY) and the invariants it checks."""

    MAX_TURNS = 1500
    """TE: a game ends long before this (these take a few hundred turns)."""
    EVERY_MOVE = 25
    """Every this many turns, every move offered is validated, not just a sample."""
    MOVE_RULES = {"TM1", "TM2", "TM3", "TM4", "TM5", "TM6", "TN3", "TN4", "TN5", "TN6"}

    def __init__(self, client: Any, players: int, seed: int, max_height: str) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.board = ok(client.get(P + "/board"))
        self.symbol_of = {s["square"]: s["symbol"] for s in self.board["squares"]}
        self.position = ok(client.get(f"{P}/setup?players={players}&seed={seed}&max_height={max_height}"))
        self.stones = count_stones(self.position)
        self.limit = self.position["rules"]["max_height"]
        self.highest = 1
        self.turns = 0
        self.kinds: Counter[str] = Counter()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        return ok(self.client.post(P + path, json=body))

    def legal(self, position: dict[str, Any], move: dict[str, Any]) -> Any:
        plan = {"moves": [{"from": move["from"], "to": move["to"]}], "end_turn": False}
        return self.post("/turns/validate", {"position": position, "turn": plan})

    def choose(self, moves: list[dict[str, Any]]) -> dict[str, Any]:
        """A seeded random move; mostly the seat's own, sometimes onto a symbol square,
        so that a game ends in a few hundred turns rather than thousands."""
        own = [m for m in moves if not m["neutral"]]
        pool = own if own and self.rng.random() < 0.9 else moves
        onto = [m for m in pool if m["symbol_square"]]
        return self.rng.choice(onto if onto and self.rng.random() < 0.4 else pool)

    def check_offer(self, position: dict[str, Any], moves: list[dict[str, Any]]) -> None:
        """The moves answer and the validation agree: what is offered is legal, a move
        along a rank or file from a stack the seat may move that is not offered is not."""
        for offered in moves:
            check_move_geometry(position, offered)
        sample = moves if self.turns % self.EVERY_MOVE == 0 else [self.rng.choice(moves)]
        for offered in sample:
            assert self.legal(position, offered) == {"legal": True}
        offered_pairs = {(m["from"], m["to"]) for m in moves}
        origin = self.rng.choice(sorted({m["from"] for m in moves}))
        others = [n for n in GEOMETRY if _between(origin, n) is not None and (origin, n) not in offered_pairs]
        if others:
            verdict = self.legal(position, {"from": origin, "to": self.rng.choice(others)})
            assert verdict["legal"] is False and verdict["violation"]["index"] == 0
            assert verdict["violation"]["rule"] in self.MOVE_RULES

    def check(self, before: dict[str, Any], after: dict[str, Any]) -> None:
        """What holds after every move, judged from the answers alone."""
        assert count_stones(after) == self.stones  # TB4: stones never leave the board
        assert after["seats"] == before["seats"] and after["rules"] == before["rules"]
        for name, stack in after["stacks"].items():
            if self.limit is not None:
                assert len(stack["stones"]) <= self.limit  # TM6
            if self.symbol_of[name] is not None:
                assert stack["symbol"] == self.symbol_of[name]  # TM5
            self.highest = max(self.highest, len(stack["stones"]))
        for name, stack in before["stacks"].items():
            if self.symbol_of[name] is not None:  # TM2: symbol squares keep their stacks, and only grow
                assert after["stacks"][name]["stones"][: len(stack["stones"])] == stack["stones"]

    def play_turn(self) -> None:
        start = self.position
        seat = start["to_move"]
        moves = self.post("/moves", {"position": start})["moves"]
        if not moves:  # TM8: a pass, and only then
            plan = turn()
            assert self.post("/turns/validate", {"position": start, "turn": plan}) == {"legal": True}
            answer = self.post("/turns/apply", {"position": start, "turn": plan})
            assert answer["events"][0] == {"type": "pass", "seat": seat}
            self.kinds["pass"] += 1
            self.after_turn(start, answer["position"], seat, None)
            return
        verdict = self.post("/turns/validate", {"position": start, "turn": turn()})  # TM8: no pass now
        assert verdict["legal"] is False and verdict["violation"]["rule"] == "TM8"
        played: list[dict[str, Any]] = []
        events: list[dict[str, Any]] = []
        position = start
        while True:
            self.check_offer(position, moves)
            move = self.choose(moves)
            plan = {"moves": [{"from": move["from"], "to": move["to"]}], "end_turn": False}
            assert self.post("/turns/validate", {"position": position, "turn": plan}) == {"legal": True}
            answer = self.post("/turns/apply", {"position": position, "turn": plan})
            after = answer["position"]
            self.check(position, after)
            self.check_move(position, move, after, answer["events"])
            played.append(plan["moves"][0])
            events += answer["events"]
            position = after
            if not after["turn"]["may_continue"]:
                break
            assert after["to_move"] == seat and after["turn"]["moves"] == len(played)  # TM7
            moves = self.post("/moves", {"position": after})["moves"]
            if not moves or self.rng.random() >= 0.75:
                stopped = self.post("/turns/apply", {"position": after, "turn": turn()})  # TM8: stop here
                assert [e["type"] for e in stopped["events"]] in ([], ["game_over"])
                position, events = stopped["position"], events + stopped["events"]
                break
        if len(played) > 1:
            # The same chain sent whole from the turn's start ends in the same place.
            whole = {"position": start, "turn": {"moves": played}}
            assert self.post("/turns/validate", whole) == {"legal": True}
            assert self.post("/turns/apply", whole) == {"position": position, "events": events}
            self.kinds["chain"] += 1
        self.after_turn(start, position, seat, move)

    def check_move(self, before: JSON, move: JSON, after: JSON, events: list[JSON]) -> None:
        """The move did what the moves answer said it would (TM6, TM7, TE)."""
        frm, to = move["from"], move["to"]
        moving = before["stacks"][frm]["stones"]
        assert frm not in after["stacks"]
        assert after["stacks"][to]["stones"] == move["covers"] + moving
        assert len(after["stacks"][to]["stones"]) == move["height"]
        assert events[0] == {
            "type": "move", "seat": before["to_move"], "from": frm, "to": to, "colour": moving[-1],
            "height": len(moving),
        }
        kinds = [e["type"] for e in events]
        assert ("tower" in kinds) == bool(move["covers"])
        assert ("symbol_square" in kinds) == move["symbol_square"]
        assert (after["over"] is not None) == move["ends_game"] == ("game_over" in kinds)
        if move["may_continue"]:
            assert after["turn"] == {"moves": before["turn"]["moves"] + 1, "may_continue": True}
        self.kinds["neutral" if move["neutral"] else "own"] += 1
        self.kinds["tower" if move["covers"] else "plain"] += 1

    def after_turn(self, start: JSON, after: JSON, seat: str, last: JSON | None) -> None:
        seats = start["seats"]
        if after["over"] is None:  # the next seat moves, with a fresh turn
            assert after["to_move"] == seats[(seats.index(seat) + 1) % len(seats)]
            assert after["turn"] == {"moves": 0, "may_continue": False}
            # TN4: the neutral stone moved last is blocked for the next seat; nothing else is.
            assert after["blocked"] == ([last["to"]] if last is not None and last["neutral"] else [])
        else:  # TE: the game ends at once, the mover stays
            assert after["to_move"] == seat and after["blocked"] == []
            assert after["turn"] == {"moves": 0, "may_continue": False}
        self.position = after
        self.turns += 1

    def play(self) -> int:
        while self.position["over"] is None:
            assert self.turns < self.MAX_TURNS, "the game does not end"
            self.play_turn()
        return self.turns

    def check_the_end(self) -> None:
        final = self.position
        over, stacks = final["over"], final["stacks"]
        streets = {name for name, symbol in self.symbol_of.items() if symbol is None}
        tops_on_streets = Counter(stacks[n]["stones"][-1] for n in streets if n in stacks)
        if over["reason"] == "quarter":  # TE1
            (quarter,) = [q for q in self.board["quarters"] if q["quarter"] == over["quarter"]]
            assert all(stacks[n]["stones"][-1] == over["seat"] for n in quarter["squares"].values())
        elif over["reason"] == "stuck":  # TE3: the seat has no street stack, or nobody can move
            if tops_on_streets[over["seat"]]:
                assert all(tops_on_streets[s] for s in final["seats"])
                for seat in final["seats"]:
                    going_on = {**final, "to_move": seat, "over": None}
                    assert self.post("/moves", {"position": going_on}) == {"moves": []}
        else:  # TE2
            assert not tops_on_streets
        scored = self.post("/score", {"position": final})
        assert scored == expected_score(final)  # TS1–TS3
        assert scored["game_over"] is True and set(scored["winners"]) <= set(final["seats"])
        assert self.post("/moves", {"position": final}) == {"moves": []}  # TE4
        verdict = self.post("/turns/validate", {"position": final, "turn": turn()})
        assert verdict["legal"] is False and verdict["violation"]["rule"] == "TE4"


GAMES = [(2, 2), (3, 3), (4, 4)]
"""(players, seed) of the random games: one each, since a game is a few thousand requests."""


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_games_over_http_keep_every_invariant(client, players, seed):
    game = HttpGame(client, players, seed, "5")
    turns = game.play()
    game.check_the_end()
    assert turns > 0 and game.kinds["own"] and game.kinds["tower"]
    if players < 4:
        assert game.kinds["neutral"]  # TN2 offered and played
    else:
        assert not game.kinds["neutral"]


def test_TV1_a_random_game_without_a_height_limit(client):
    game = HttpGame(client, 3, 7, "none")
    assert game.limit is None
    game.play()
    game.check_the_end()
    assert game.highest > 5  # the variant's towers grow past the standard limit


def test_tn1_tb5_a_bad_setup_query_is_named_in_the_readers_words():
    client = create_app({"TESTING": True}).test_client()
    answer = client.get("/v1/spiel-der-tuerme/setup?players=x", headers={"Accept-Language": "de"})
    assert answer.status_code == 400
    assert answer.get_json()["errors"] == [
        {"parameter": "players", "detail": "muss eine ganze Zahl sein"},
        {"parameter": "seed", "detail": "muss angegeben werden"},
    ]
