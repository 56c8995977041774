"""Whole games played through the HTTP API alone, the way a client plays them.

A client that knows no rules builds every turn from the oracle's answers: it takes
stones one at a time from what ``/v1/removals`` offers on the board as it stands, with
the growing ``turn.taken`` context (R7, R4); places them where ``/v1/placements`` allows
(P2); moves along paths ``/v1/reach`` lists, with ``turn.points`` falling (M1–M10). It
keeps track of the board itself (heights, turrians, captures from ``captures``, the
attack counter), then has the whole turn judged (``/v1/turns/validate``: legal) and
played (``/v1/turns/apply``), and checks the answer against what it tracked and against
the invariants of the game: stones are conserved apart from bonus stones, at most one
turrian per square and six per seat, attack counters only rise and stay ≤ 5, the
position survives the notation round trip of ``/v1/notation``, and no answer is ever a
5xx. Random play never reaches the goal, so one scripted game is played to its end.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from service import create_app

CLIENT = create_app({"TESTING": True}).test_client()

FILES = "abcdefghij"

#: (players, setup options, bonus stones of the first seat), one game each.
GAMES = [
    (2, {}, 0),
    (2, {"two_player_board": "6x6"}, 0),
    (2, {"outside_rule": "path", "goal": "pro"}, 2),
    (2, {"two_player_board": "6x6", "outside_rule": "path"}, 1),
    (3, {}, 0),
    (3, {"goal": "pro"}, 0),
    (3, {"outside_rule": "path"}, 3),
    (4, {}, 0),
    (4, {"team_play": "true"}, 0),
    (4, {"goal": "pro"}, 2),
    (4, {"team_play": "true", "outside_rule": "path"}, 0),
    (4, {"outside_rule": "path"}, 1),
]
TURNS = 40


def call(path: str, body: Any = None) -> Any:
    """A request's answer; a 5xx fails at once, any other status but 200 too."""
    response = CLIENT.get(path) if body is None else CLIENT.post(path, json=body)
    assert response.status_code < 500, (path, response.get_data(as_text=True))
    assert response.status_code == 200, (path, body, response.get_json())
    return response.get_json()


BOARD = call("/v1/board")
TERRITORY = {square["square"]: square["territory"] for square in BOARD["squares"]}


# --------------------------------------------------------------- the client's board


def _index(square: str) -> tuple[int, int]:
    return int(square[1:]) - 1, FILES.index(square[0])


def height(position: dict[str, Any], square: str) -> int:
    rank, file = _index(square)
    return int(position["heights"][rank][file])


def add_stone(position: dict[str, Any], square: str, stones: int) -> None:
    rank, file = _index(square)
    position["heights"][rank][file] += stones


def mover(position: dict[str, Any]) -> dict[str, Any]:
    return next(seat for seat in position["seats"] if seat["id"] == position["to_move"])


def play_area(position: dict[str, Any]) -> list[str]:
    players = len(position["seats"])
    board = {2: position["rules"]["two_player_board"], 3: "8x8", 4: "10x10"}[players]
    (layout,) = [x for x in BOARD["layouts"] if x["players"] == players and x["board"] == board]
    return list(layout["play_area"])


def stones(position: dict[str, Any]) -> int:
    return sum(map(sum, position["heights"]))


# ------------------------------------------------------------------------- playing


def new_game(players: int, options: dict[str, str], bonus: int, rng: random.Random) -> dict[str, Any]:
    """A new game from /v1/setup, each seat's six turrians put on random squares of its
    territories (S3), as the players do at the table."""
    query = "&".join(f"{key}={value}" for key, value in {"players": players, **options}.items())
    position = call(f"/v1/setup?{query}")
    position["seats"][0]["bonus_stones"] = bonus
    area = play_area(position)
    for seat in position["seats"]:
        own = [s for s in area if TERRITORY[s] in seat["territories"]]
        seat["turrians"] = rng.sample(own, 6)
    return position


def take_stones(position: dict[str, Any], rng: random.Random, avoid: frozenset[str]) -> list[str]:
    """Up to three stones, each chosen from /v1/removals on the board as it stands."""
    taken: list[str] = []
    while True:
        removals = call("/v1/removals", {"position": position})["removals"]
        if len(taken) == 3:
            assert removals == [], "R1: a fourth stone offered"
            return taken
        choices = [r for r in removals if r["square"] not in avoid]
        if not choices:
            return taken
        removal = rng.choice(choices)
        assert removal["height"] == height(position, removal["square"]) >= 1
        taken.append(removal["square"])
        add_stone(position, removal["square"], -1)
        position["turn"].update(taken=list(taken), in_hand=len(taken))


def place_stones(
    position: dict[str, Any], taken: list[str], rng: random.Random, avoid: frozenset[str]
) -> list[str]:
    """The stones in hand and some bonus stones, on squares /v1/placements offers."""
    position["turn"].update(phase="place", taken=taken, in_hand=len(taken))
    squares = [s for s in call("/v1/placements", {"position": position})["squares"] if s not in avoid]
    seat = mover(position)
    extra = rng.randint(0, seat["bonus_stones"])
    place = [rng.choice(squares) for _ in range(len(taken) + extra)]
    for square in place:
        add_stone(position, square, 1)
    seat["bonus_stones"] -= extra
    return place


def walk(position: dict[str, Any], origin: str, reach: dict[str, Any]) -> dict[str, Any]:
    """Play one segment of /v1/reach on the client's board: captures, the attack
    counter (M8), the points left; the segment as a turn lists it."""
    seat = mover(position)
    turn = position["turn"]
    assert 1 <= reach["cost"] <= turn["points"], reach
    for square in reach["captures"]:
        (victim,) = [s for s in position["seats"] if square in s["turrians"]]
        assert victim is not seat
        victim["turrians"].remove(square)
        if TERRITORY[square] not in seat["territories"] and not turn["attacked"]:
            turn["attacked"] = True
            seat["attacks"] += 1
    if origin != "reserve":
        seat["turrians"].remove(origin)
    seat["turrians"].append(reach["path"][-1])
    turn["points"] -= reach["cost"]
    return {"from": origin, "path": reach["path"]}


def move_turrians(position: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Random walks from /v1/reach until the points run out or the player stops."""
    position["turn"].update(phase="move", taken=[], in_hand=0, points=5, attacked=False)
    segments = []
    while position["turn"]["points"] > 0 and rng.random() < 0.85:
        seat = mover(position)
        origins = seat["turrians"] + (["reserve"] if len(seat["turrians"]) < 6 else [])
        origin = rng.choice(origins)
        reachable = call("/v1/reach", {"position": position, "from": origin})["reachable"]
        captures = [r for r in reachable if r["captures"]]
        if captures and rng.random() < 0.7:  # a keen attacker, to bring counters to 5
            segments.append(walk(position, origin, rng.choice(captures)))
        elif reachable:
            segments.append(walk(position, origin, rng.choice(reachable)))
        elif rng.random() < 0.3:
            break
    return segments


def play(
    position: dict[str, Any], turn: dict[str, Any], tracked: dict[str, Any] | None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Judge and play a whole turn; check the answer against the client's board
    ``tracked`` after it and against the invariants of the game."""
    body = {"position": position, "turn": turn}
    assert call("/v1/turns/validate", body) == {"legal": True}, turn
    answer = call("/v1/turns/apply", body)
    after, events = answer["position"], answer["events"]
    if tracked is not None:
        assert after["heights"] == tracked["heights"]
        for seat, mine in zip(after["seats"], tracked["seats"], strict=True):
            assert sorted(seat["turrians"]) == sorted(mine["turrians"]), seat["id"]
            assert (seat["attacks"], seat["bonus_stones"]) == (mine["attacks"], mine["bonus_stones"])
    check_invariants(position, after, events)
    return after, events


def check_invariants(before: dict[str, Any], after: dict[str, Any], events: list[dict[str, Any]]) -> None:
    seats = list(zip(before["seats"], after["seats"], strict=True))
    bonus_placed = sum(b["bonus_stones"] - a["bonus_stones"] for b, a in seats)
    assert bonus_placed == sum(1 for e in events if e["type"] == "place" and e.get("bonus"))
    assert stones(after) == stones(before) + bonus_placed, "stones are conserved (B5, P1)"
    squares = [s for seat in after["seats"] for s in seat["turrians"]]
    assert len(squares) == len(set(squares)), "one turrian per square (S2)"
    assert all(height(after, s) >= 1 for s in squares), "turrians stand on stones (S2)"
    assert all(len(seat["turrians"]) <= 6 for seat in after["seats"]), "six turrians a seat (S2)"
    for b, a in seats:
        assert b["attacks"] <= a["attacks"] <= 5, "attack counters only rise, to 5 (S4, M8)"
    both = call("/v1/notation", {"position": after})
    assert both["position"] == after
    assert call("/v1/notation", {"position": both["notation"]}) == both


def random_turn(position: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """A turn from the oracle's options and the client's board after it."""
    board = copy.deepcopy(position)
    take = take_stones(board, rng, frozenset())
    place = place_stones(board, take, rng, frozenset())
    move = move_turrians(board, rng)
    return {"take": take, "place": place, "move": move}, board


@pytest.mark.parametrize(("players", "options", "bonus"), GAMES)
def test_random_game_through_the_api(players, options, bonus):
    rng = random.Random(f"{players} {sorted(options.items())} {bonus}")
    position = new_game(players, options, bonus, rng)
    for _ in range(TURNS):
        turn, tracked = random_turn(position, rng)
        position, events = play(position, turn, tracked)
        assert not any(e["type"] in ("finish", "game_over") for e in events)
    goal = call("/v1/goal", {"position": position})
    assert (goal["game_over"], goal["winners"]) == (False, [])


# ----------------------------------------------------------------- a game's end

#: 3 players; yellow's turrians stand on 1, 2, 3, 4, 5 and a second 5 beside the 6-tower
#: d8 (ranks 9 … 2, files b … i).
NEAR_GOAL = (
    "12341111/55611111/11122111/11122211/11222211/11222211/11111111/11111111"
    "|yellow:NW:b8,c8,b9,c9,d9,e9|red:NE:h6,i6,f7,g7,h7,i7|blue:SE:h2,i2,f3,g3,h3,i3"
)


def test_a_game_played_to_its_end_through_the_api():
    rng = random.Random(7)
    position = call("/v1/notation", {"position": NEAR_GOAL})["position"]
    assert call("/v1/goal", {"position": position})["seats"][0]["missing"] == [6]

    # Yellow builds elsewhere and steps from c8 (5) onto the 6-tower d8 (M4): G1 is met.
    board = copy.deepcopy(position)
    take = take_stones(board, rng, avoid=frozenset({"d8"}))
    place = place_stones(board, take, rng, avoid=frozenset({"d8"}))
    board["turn"].update(phase="move", taken=[], in_hand=0, points=5, attacked=False)
    reachable = call("/v1/reach", {"position": board, "from": "c8"})["reachable"]
    (onto,) = [r for r in reachable if r["square"] == "d8"]
    move = [walk(board, "c8", onto)]
    position, events = play(position, {"take": take, "place": place, "move": move}, board)
    assert {"type": "finish", "seat": "yellow", "interpretations": ["G3"]} in events  # G3 rests on a reading
    assert position["finishers"] == ["yellow"]
    goal = call("/v1/goal", {"position": position})
    assert goal["seats"][0]["goal_met"] and not goal["game_over"]

    # G3: the round is completed by red and blue, then the game is over.
    for seat in ("red", "blue"):
        assert position["to_move"] == seat
        turn, tracked = random_turn(position, rng)
        position, events = play(position, turn, tracked)
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == ["yellow"]
    assert events[-1]["interpretations"] == ["G3"]
    goal = call("/v1/goal", {"position": position})
    assert (goal["game_over"], goal["winners"]) == (True, ["yellow"])

    # Nothing more is played: no options, and any turn is refused (G3).
    assert call("/v1/removals", {"position": position}) == {"removals": []}
    turn = {"take": [], "place": [], "move": []}
    verdict = call("/v1/turns/validate", {"position": position, "turn": turn})
    assert verdict["legal"] is False and (verdict["violation"]["rule"], verdict["violation"]["phase"]) == (
        "G3",
        "turn",
    )
    refused = CLIENT.post("/v1/turns/apply", json={"position": position, "turn": turn})
    assert refused.status_code == 422
    assert (refused.get_json()["rule"], refused.get_json()["violation"]) == ("G3", verdict["violation"])
