"""Example requests, built with the engine so that they are legal and always the same.

They are the request examples of openapi.yaml and, written out to docs/examples by
``make spec`` (tools/spec.py), the bodies of the README's curl commands; a test checks
that both committed copies are current.

Two games supply them: a 3-player game after its first round (yellow to move, every
kind of question has a varied answer), and a 2-player game in its final round (yellow
has finished, red plays the last turn).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from service.terra_turrium import (
    Position,
    apply_turn,
    legal_handovers,
    parse_position,
    parse_turn_plan,
    place_turrians,
    position_to_dict,
    setup_position,
    square_name,
)
from service.terra_turrium.notation import write_notation
from service.terra_turrium.record import GameRecord, write_game_record, write_turn_notation

#: The first round of the 3-player game: each seat builds a tower and moves.
OPENING = (
    {"take": ["b7", "b6", "c8"], "place": ["d7", "d7", "c6"], "move": [{"from": "e6", "path": ["e7", "f7"]}]},
    {"take": ["g9", "h9", "g6"], "place": ["g7", "g7", "h8"], "move": [{"from": "f6", "path": ["e6"]}]},
    {"take": ["g2", "h3", "h2"], "place": ["g4", "g4", "f4"], "move": [{"from": "f5", "path": ["f4"]}]},
)

#: Yellow's second turn: a tower on d8, then a defence on e6 and an attack on g8 (M8).
YELLOW_TURN: dict[str, Any] = {
    "take": ["d9", "e9", "i7"],
    "place": ["d8", "d8", "d8"],
    "move": [{"from": "d6", "path": ["e6"]}, {"from": "f7", "path": ["f8", "g8"]}],
}

#: That turn as a picture's marks: takes, places, and where the two segments end.
TURN_MARKS = [
    {"square": "d9", "style": "removal", "label": "T1"},
    {"square": "e9", "style": "removal", "label": "T2"},
    {"square": "i7", "style": "removal", "label": "T3"},
    {"square": "d8", "style": "placement", "label": "P1-3"},
    {"square": "e6", "style": "reach", "label": "M1"},
    {"square": "g8", "style": "capture", "label": "M2"},
]

#: The same turn taking a second stone from red's territory NE, which R4 forbids.
ILLEGAL_TURN = {"take": ["d9", "i7", "i8"], "place": ["d8", "d8", "d8"], "move": []}

#: Red's last turn in the final round: it builds and climbs, but cannot reach the goal.
LAST_TURN = {
    "take": ["b3", "b4", "b5"],
    "place": ["g3", "g3", "h3"],
    "move": [{"from": "f4", "path": ["g4"]}],
}


#: A 4-player game with both variants of the translations (V1–V4), in the move phase:
#: yellow on b9 beside red's c9, one turrian of yellow's in reserve.
VARIANTS = (
    "setup|yellow:NW:b9,a10,c10,d10,e10|red:NE:c9|blue:SE|green:SW"
    "|rules=burgenland,outside|phase=move"
)


YELLOW_TURRIANS = ("b8", "c9", "c7", "d6", "e8", "e6")


@cache
def _placed() -> Position:
    """3 players with their turrians placed (S3), before the first turn."""
    return place_turrians(
        setup_position(3),
        {
            "yellow": list(YELLOW_TURRIANS),
            "red": ["f6", "g8", "h7", "i9", "f9", "h6"],
            "blue": ["f5", "g3", "h4", "i2", "f2", "h5"],
        },
    )


@cache
def midgame() -> Position:
    """3 players after the first round; yellow is to move."""
    position = _placed()
    for turn in OPENING:
        position, _ = apply_turn(position, parse_turn_plan(turn))
    return position


def _record() -> str:
    """The first round and yellow's turn in the game notation."""
    plans = [parse_turn_plan(turn) for turn in (*OPENING, YELLOW_TURN)]
    return write_game_record(GameRecord(_placed(), tuple(plans)))


#: The final-round board of the 2-player game, rank 9 first, files b … i (8 × 8 play area).
FINAL_ROWS = (
    "0 0 0 0 0 0 0 1",
    "1 6 5 4 0 1 0 1",
    "0 1 2 3 1 0 1 1",
    "0 1 0 1 1 0 0 1",
    "1 1 1 1 1 2 0 1",
    "1 0 1 1 3 4 3 0",
    "1 0 1 1 2 1 1 0",
    "1 1 0 1 0 0 1 0",
)


@cache
def final_round() -> Position:
    """2 players; yellow met the goal (G1) and finished, red plays the round's last turn."""
    heights = [[0] * 10 for _ in range(10)]
    for i, row in enumerate(FINAL_ROWS):
        heights[8 - i][1:9] = [int(h) for h in row.split()]
    return parse_position(
        {
            "heights": heights,
            "seats": [
                {
                    "id": "yellow",
                    "territories": ["NW", "NE"],
                    "turrians": ["b8", "c8", "d8", "e8", "d7", "e7"],
                    "attacks": 2,
                },
                {
                    "id": "red",
                    "territories": ["SE", "SW"],
                    "turrians": ["f5", "f4", "g5", "e3", "c2", "h2"],
                    "attacks": 3,
                },
            ],
            "to_move": "red",
            "finishers": ["yellow"],
        }
    )


def request_form(position: Position) -> dict[str, Any]:
    """A position as a client would send it: members at their defaults left out."""
    data = position_to_dict(position)
    defaults = position_to_dict(setup_position(4))
    for seat in data["seats"]:
        if seat["bonus_stones"] == 0:
            del seat["bonus_stones"]
        if seat["pro_hold"] is None:
            del seat["pro_hold"]
        if seat["captures"] == 0:
            del seat["captures"]
    if not data["captures_open"]:
        del data["captures_open"]
    if data["round_start"] == data["seats"][0]["id"]:
        del data["round_start"]
    for key in ("finishers", "rules", "turn"):
        if data[key] == defaults[key]:
            del data[key]
    return data


def examples() -> dict[str, dict[str, dict[str, Any]]]:
    """Per operation id, its named request examples (``{"summary", "value"}``); the first
    of each is the one in docs/examples."""
    mid = {"position": request_form(midgame())}
    final = {"position": request_form(final_round())}
    mid_notation = {"position": write_notation(midgame())}
    return {
        "removals": {
            "midgame": {"summary": "Yellow's take phase, 3 players", "value": mid},
            "notation": {"summary": "The same position in the notation", "value": mid_notation},
        },
        "placements": {"midgame": {"summary": "Where yellow may place, 3 players", "value": mid}},
        "reach": {
            "midgame": {"summary": "Yellow's turrian on f7 with 5 points", "value": {**mid, "from": "f7"}},
            "reserve": {
                "summary": "Red's captured turrian re-entering with 3 points",
                "value": {"position": request_form(_after_yellow()), "from": "reserve", "points": 3},
            },
            "reentry-outside": {
                "summary": "Variant V4: a reserve turrian re-enters on any outside square",
                "value": {"position": VARIANTS, "from": "reserve", "points": 1},
            },
        },
        "captures": {"midgame": {"summary": "Every capture open to yellow", "value": mid}},
        "notation": {
            "object": {"summary": "The 3-player game as an object: answered with its notation", "value": mid},
            "string": {
                "summary": "The final round of the 2-player game in the notation: answered with its object",
                "value": {"position": write_notation(final_round())},
            },
        },
        "render": {
            "midgame": {
                "summary": "The reach of yellow's turrian on f7, as /v1/reach answers it",
                "value": {**mid, "highlight": {"kind": "reach", "from": "f7"}},
            },
            "turn-plan": {
                "summary": "Yellow's turn marked square by square by the client",
                "value": {**mid, "squares": TURN_MARKS},
            },
        },
        "goal": {"final-round": {"summary": "Yellow has finished, red has not", "value": final}},
        "handover": {
            "midgame": {
                "summary": "The handicap (P3): blue hands two stones of its own territory to yellow",
                "value": {
                    **mid,
                    "handover": {
                        "from": "blue",
                        "to": "yellow",
                        "squares": [square_name(s) for s in legal_handovers(midgame(), "blue")[-2:]],
                    },
                },
            },
        },
        "validate": {
            "illegal": {
                "summary": "Two stones from one foreign territory (R4)",
                "value": {**mid, "turn": ILLEGAL_TURN},
            },
            "legal": {"summary": "Yellow's whole turn", "value": {**mid, "turn": YELLOW_TURN}},
            "burgenland-closed": {
                "summary": "Variant V1: no capture before the Burgenland capture phase opens",
                "value": {"position": VARIANTS, "turn": {"move": [{"from": "b9", "path": ["c9"]}]}},
            },
        },
        "apply": {
            "midgame": {
                "summary": "Yellow builds, defends and attacks",
                "value": {**mid, "turn": YELLOW_TURN},
            },
            "last-turn": {
                "summary": "The final round's last turn ends the game",
                "value": {**final, "turn": LAST_TURN},
            },
        },
        "replay": {
            "turns": {
                "summary": "The 3-player game's first round and yellow's turn, as objects and as turn lines",
                "value": {
                    "start": request_form(_placed()),
                    "turns": [*OPENING, write_turn_notation(parse_turn_plan(YELLOW_TURN))],
                },
            },
            "record": {
                "summary": "The same game in the game notation, every position included",
                "value": {"record": _record(), "positions": True},
            },
        },
        "batch": {
            "reach-everywhere": {
                "summary": "Where can each of yellow's turrians go? Six questions about one position",
                "value": {
                    **mid,
                    "requests": [
                        {"op": "reach", "body": {"from": square_name(square)}}
                        for square in midgame().mover.turrians
                    ]
                    + [{"op": "captures", "body": {}}],
                },
            },
        },
        "suggest": {
            "midgame": {
                "summary": "Yellow's turn played by the computer at level 2, bounded by positions judged",
                "value": {**mid, "level": 2, "seed": 1, "budget_nodes": 2000},
            },
            "set-up": {
                "summary": "A new game: the computer sets up every seat, then plays yellow's turn at level 3",
                "value": {
                    "position": "setup|yellow:NW,NE|red:SE,SW",
                    "level": 3,
                    "seed": 7,
                    "budget_ms": 200,
                },
            },
        },
        "progress": {
            "taken-two": {
                "summary": "Yellow has taken two stones: the take phase is still open",
                "value": {**mid, "turn": {"take": YELLOW_TURN["take"][:2]}},
            },
            "placed": {
                "summary": "Yellow has taken and placed its three stones and moved one turrian",
                "value": {**mid, "turn": {**YELLOW_TURN, "move": YELLOW_TURN["move"][:1]}},
            },
        },
    }


def _after_yellow() -> Position:
    position, _ = apply_turn(midgame(), parse_turn_plan(YELLOW_TURN))
    return position
