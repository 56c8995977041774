"""Write the golden files ``tests/golden/*.txt`` (format: tests/golden/perft.py).

Run by hand when a case is added or a rule deliberately changes, then review the diff::

    .venv/bin/python -m tests.golden.generate

The tests never run this; ``tests/terra_turrium/test_golden.py`` only compares. Positions come
from seeded random play (``service.terra_turrium.random_player``) or are built by hand; either way
each file stores the position itself, in the notation, so the files do not depend on
the random player staying the same.

A new case is written as a ``snapshot``, which the tests refuse: to review it, write above
each count the comment lines that derive it from the rules and change its status line to
``reviewed``. A case too busy to count by hand is named in :data:`BUSY` instead: it gets
no golden file, and its position, written to ``busy.positions``, is an explicit example
of the properties (tests/terra_turrium/test_properties.py), which state what they check. From then
on the derivation lives in the file, and this script never rewrites it: a reviewed file
whose position and counts the engine still reproduces keeps every line but its title;
one whose position or counts changed is left alone and reported, and the script exits
with status 1 (derive the counts again, or mark the file ``snapshot`` by hand).
"""

from __future__ import annotations

import difflib
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from service.terra_turrium import (
    Goal,
    OutsideRule,
    Position,
    Rules,
    TwoPlayerBoard,
    apply_turn,
    parse_turn_plan,
    setup_position,
)
from service.terra_turrium.notation import parse_notation, write_notation
from service.terra_turrium.random_player import random_partway, random_setup, random_turn
from tests.golden.perft import GOLDEN, REVIEWED, SNAPSHOT, expectations, read_golden, render_golden
from tests.terra_turrium.builders import build


def played(players: int, seed: int, turns: int, *, bonus: int = 0, **options: Any) -> Position:
    """A seeded random game after ``turns`` turns (fewer if it ends)."""
    rng = random.Random(seed)
    position = setup_position(players, Rules(**options))
    if bonus:
        seats = (replace(position.seats[0], bonus_stones=bonus), *position.seats[1:])
        position = replace(position, seats=seats)
    position = random_setup(position, rng)
    for _ in range(turns):
        if position.is_game_over:
            break
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


def partway(position: Position, seed: int, stop: int) -> Position:
    """Part-way through a random turn: ``stop`` stones taken (0–2), the place phase (3)
    or the move phase after the first segment (4)."""
    return random_partway(position, random.Random(seed), stop, segments=1)


def with_bonus(position: Position, stones: int) -> Position:
    """The mover holding ``stones`` bonus stones (P3)."""
    seats = list(position.seats)
    seats[position.mover_index] = replace(position.mover, bonus_stones=stones)
    return replace(position, seats=tuple(seats))


def with_attacks(position: Position, attacks: int) -> Position:
    """The mover's attack counter set to ``attacks`` (S4)."""
    seats = list(position.seats)
    seats[position.mover_index] = replace(position.mover, attacks=attacks)
    return replace(position, seats=tuple(seats))


# Towers 1–6 for the standard goal (G1) and 2–7 for the pro goal (G2), one turrian each.
GREEN_GOAL = {"a1": 1, "b1": 2, "c1": 3, "d1": 4, "e1": 5, "a2": 6}
CLUSTER = {"e6": 1, "f6": 1, "e5": 1, "d6": 1, "d7": 1}
CLUSTER_TURRIANS = {"yellow": ["e6"], "red": ["f6"], "green": ["e5"], "blue": ["d6"]}
SPARSE_6X6 = {"c8": 1, "d7": 1, "d6": 1, "e6": 2, "f5": 1, "f4": 1, "h3": 3}
# The sparse boards of the cases at the end, every other square in play empty.
PATH_3P = {
    "b8": 1, "c7": 1, "d7": 1, "e7": 2, "e6": 1, "f7": 1, "f8": 1, "g7": 1,
    "f6": 1, "e5": 2, "c3": 1, "g5": 1, "f4": 1, "g4": 2, "g3": 1, "i4": 1,
}  # fmt: skip
TAKEN_3P = {
    "d6": 1, "e7": 1, "e5": 1, "e9": 1, "e6": 1, "b3": 1, "i6": 1, "g8": 2,
    "f8": 1, "f9": 1, "h8": 1, "h4": 2, "g3": 1,
}  # fmt: skip
ATTACKS_4P = {"f5": 2, "e5": 2, "f6": 1, "f4": 3, "g5": 2, "h1": 1, "i1": 2, "j1": 1, "d8": 1}
BONUS_2P = {"c8": 1, "e8": 3, "g9": 1, "g7": 1, "g8": 2, "d2": 1, "d3": 2, "c3": 1, "d4": 1, "e3": 1, "i5": 1}
TEAM_4P = {
    "a7": 2, "a8": 1, "b8": 1, "b7": 1, "b10": 1, "c8": 1, "e6": 2, "e5": 2,
    "e4": 1, "f4": 2, "f5": 1, "j6": 1, "c1": 1, "c3": 1, "f1": 1,
}  # fmt: skip
PRO_4P = {
    "a10": 2, "b10": 3, "c10": 4, "d10": 5, "e10": 6, "e9": 7, "j5": 1,
    "j6": 1, "j7": 2, "i7": 1, "h7": 1, "i8": 1, "i6": 1, "g3": 1,
}  # fmt: skip
# The variants (V1-V4).
BURGENLAND = {"captures": "burgenland"}
OUTSIDE = {"reentry": "outside"}
IN_MOVE_PHASE = {"phase": "move", "in_hand": 0}
CLOSED_4P = {
    "a8": 1, "b8": 1, "c8": 1, "d8": 1, "e8": 1, "f8": 1, "g8": 1, "d9": 1, "e9": 2, "f9": 1,
}  # fmt: skip
OPENING_4P = {
    "a10": 1, "b10": 2, "c10": 3, "d10": 4, "e10": 4, "a9": 5, "b9": 4, "a8": 4, "f10": 4,
    "f9": 3, "g9": 2,
}  # fmt: skip
ONE_LEFT_4P = {"a8": 1, "b8": 1, "c8": 1, "d8": 2, "e8": 2, "f8": 1, "g8": 1, "h8": 1, "c7": 1}
USED_3P = {"e8": 1, "f8": 1, "g8": 2, "h8": 1, "i8": 1, "f7": 1, "g7": 1, "g6": 1}
OUTSIDE_3P = {
    "b8": 1, "b7": 2, "e6": 1, "f6": 1, "g6": 1, "f7": 1, "f5": 1, "h9": 1, "i4": 1, "c2": 1,
}  # fmt: skip
OUTSIDE_6X6 = {"c6": 1, "e7": 1, "e6": 1, "e5": 1, "f7": 1, "f6": 2, "f5": 1, "g6": 1, "h3": 1}
OUTSIDE_4P = {
    "b4": 1, "e3": 1, "e4": 1, "e5": 1, "f3": 1, "f4": 2, "f5": 1, "g4": 1, "a9": 2, "j2": 1,
}  # fmt: skip
TEAM_OUTSIDE_4P = {
    "d10": 1, "e10": 1, "f10": 1, "e9": 1, "f9": 2, "g9": 1, "f8": 1, "g8": 1, "j3": 2,
    "a1": 1, "b1": 1,
}  # fmt: skip


def before_opening() -> Position:
    """V2: yellow in the move phase on towers of 1, 2, 3, 4, 4 and 4, one step from the
    5-tower a9 that opens the Burgenland capture phase."""
    return build(
        4,
        flat=0,
        heights=OPENING_4P,
        rules=BURGENLAND,
        turrians={
            "yellow": ["a10", "b10", "c10", "d10", "e10", "b9"],
            "red": ["a8", "f10"],
            "blue": ["f9"],
        },
        turn=IN_MOVE_PHASE,
    )


def after_opening() -> Position:
    """V2: the position after yellow's turn b9-a9, as the engine plays it. The turn ends on
    5, 4, 4, 3, 2, 1, so the capture phase opens; the reviewed file's position says so, and
    regenerating reports it if the engine stops doing it."""
    plan = parse_turn_plan({"move": [{"from": "b9", "path": ["a9"]}]})
    return apply_turn(before_opening(), plan)[0]


@dataclass(frozen=True)
class Case:
    slug: str
    about: str
    make: Callable[[], Position]


CASES: list[Case] = [
    Case(
        "4p-fresh-setup",
        "4 players, B6 set-up, no turrians placed yet: all six of yellow's are in reserve",
        lambda: setup_position(4),
    ),
    Case(
        "2p-6x6-sparse",
        "2 players on the 6x6 board, almost empty: a hand-made position small enough to count",
        lambda: build(
            2,
            flat=0,
            heights=SPARSE_6X6,
            rules={"two_player_board": "6x6"},
            turrians={"yellow": ["d7"], "red": ["f4"]},
        ),
    ),
    Case(
        "4p-attacks-5-defence-only",
        "yellow's attack counter at 5: captures abroad are refused, a defence at home is not (M8)",
        lambda: build(
            4, flat=0, heights=CLUSTER, turrians=CLUSTER_TURRIANS, seats={"yellow": {"attacks": 5}}
        ),
    ),
    Case(
        "4p-attacks-5-attacked-this-turn",
        "the same cluster in the move phase with 3 points, the counter went from 4 to 5 this turn (M8)",
        lambda: build(
            4,
            flat=0,
            heights=CLUSTER,
            turrians=CLUSTER_TURRIANS,
            seats={"yellow": {"attacks": 5}},
            turn={"phase": "move", "points": 3, "attacked": True},
        ),
    ),
    Case(
        "4p-game-over-standard",
        "green finished (G1, G3) and the round came back to yellow: the game is over",
        lambda: build(
            4,
            flat=1,
            heights=GREEN_GOAL,
            turrians={"yellow": ["c8"], "green": list(GREEN_GOAL)},
            finishers=["green"],
        ),
    ),
    Case(
        "4p-game-over-pro-team",
        "team play with the pro goal: yellow and red finished by holding (G2, G4), red has "
        "lost five turrians since (G3: finishers stay winners); the round came back to red, who started it",
        lambda: build(
            4,
            flat=1,
            heights={"a10": 2, "b10": 3, "c10": 4, "d10": 5, "e10": 6, "a9": 7},
            rules={"team_play": True, "goal": "pro"},
            turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "a9"], "red": ["j10"], "blue": ["j1"]},
            seats={"yellow": {"pro_hold": ["d10", "e10", "a9"]}},
            finishers=["yellow", "red"],
            to_move="red",
            round_start="red",
        ),
    ),
    Case(
        "4p-pro-hold-pending",
        "pro goal: yellow met it last turn and its hold is recorded (G2); blue to move, may break it",
        lambda: build(
            4,
            flat=1,
            heights={"a10": 2, "b10": 3, "c10": 4, "d10": 5, "e10": 6, "e9": 7},
            rules={"goal": "pro"},
            turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "e9"], "blue": ["e8", "j1"]},
            seats={"yellow": {"pro_hold": ["d10", "e10", "e9"]}},
            to_move="blue",
        ),
    ),
    Case(
        "3p-goal-met-not-yet-judged",
        "3 players: red stands on 1-6 (G1) but the goal is judged at the end of its own turn (G3)",
        lambda: build(
            3,
            heights={"f9": 1, "g9": 2, "h9": 3, "i9": 4, "f8": 5, "g8": 6},
            turrians={"red": ["f9", "g9", "h9", "i9", "f8", "g8"], "yellow": ["b9", "c9"]},
        ),
    ),
    Case(
        "4p-tall-towers",
        "towers of 10 and more (B5) written as (N); yellow has two turrians in reserve (M9)",
        lambda: build(
            4,
            heights={"c8": 12, "d8": 11, "e8": 10, "a8": 2},
            turrians={"yellow": ["c8", "d8", "e8", "b9"], "red": ["f8", "g9"]},
        ),
    ),
    Case("4p-opening", "4 players after the random set-up (S3)", lambda: played(4, 101, 0)),
    Case("4p-midgame", "4 players, 12 random turns", lambda: played(4, 102, 12)),
    Case("4p-late", "4 players, 40 random turns", lambda: played(4, 103, 40)),
    Case("3p-line", "3 players, line outside rule (R6), 15 turns", lambda: played(3, 104, 15)),
    Case(
        "3p-path",
        "3 players, path outside rule (R6), 20 turns",
        lambda: played(3, 105, 20, outside_rule=OutsideRule.PATH),
    ),
    Case("2p-8x8", "2 players, 8x8 board, 15 turns", lambda: played(2, 106, 15)),
    Case(
        "2p-8x8-path",
        "2 players, path outside rule, 30 turns",
        lambda: played(2, 107, 30, outside_rule=OutsideRule.PATH),
    ),
    Case(
        "2p-6x6",
        "2 players on the 6x6 board (B4), 10 turns",
        lambda: played(2, 108, 10, two_player_board=TwoPlayerBoard.SIX),
    ),
    Case(
        "2p-6x6-late",
        "2 players on the 6x6 board, 30 turns",
        lambda: played(2, 109, 30, two_player_board=TwoPlayerBoard.SIX),
    ),
    Case("4p-team", "team play (S1, R4, M6), 16 turns", lambda: played(4, 110, 16, team_play=True)),
    Case(
        "4p-team-pro-path",
        "team play, pro goal and path outside rule together, 24 turns",
        lambda: played(4, 111, 24, team_play=True, goal=Goal.PRO, outside_rule=OutsideRule.PATH),
    ),
    Case(
        "4p-pro",
        "pro goal (G2, R4: any number from any territory), 20 turns",
        lambda: played(4, 112, 20, goal=Goal.PRO),
    ),
    Case("3p-pro", "3 players, pro goal, 20 turns", lambda: played(3, 113, 20, goal=Goal.PRO)),
    Case(
        "2p-bonus",
        "2 players, the mover holds 3 bonus stones (P3), 6 turns",
        lambda: with_bonus(played(2, 114, 6), 3),
    ),
    Case(
        "4p-bonus", "4 players, yellow holds 2 bonus stones (P3), 4 turns", lambda: played(4, 115, 4, bonus=2)
    ),
    Case(
        "4p-take-1-taken",
        "mid-turn: one stone taken (R1, R4: one per foreign territory)",
        lambda: partway(played(4, 116, 10), 1, 1),
    ),
    Case(
        "4p-take-2-taken",
        "mid-turn: two stones taken",
        lambda: partway(played(4, 117, 14), 2, 2),
    ),
    Case(
        "3p-take-2-taken-path",
        "mid-turn with the path outside rule: two stones taken",
        lambda: partway(played(3, 118, 18, outside_rule=OutsideRule.PATH), 3, 2),
    ),
    Case(
        "3p-place-phase",
        "the place phase, three stones in hand (P1)",
        lambda: partway(played(3, 119, 9), 4, 3),
    ),
    Case(
        "2p-place-phase-bonus",
        "the place phase of a seat holding bonus stones (P3)",
        lambda: partway(with_bonus(played(2, 120, 4), 2), 5, 3),
    ),
    Case(
        "4p-move-phase",
        "the move phase after a first walk: fewer than 5 points left (M1, M10)",
        lambda: partway(played(4, 121, 8), 6, 4),
    ),
    Case(
        "2p-6x6-move-phase",
        "the move phase on the 6x6 board after a first walk",
        lambda: partway(played(2, 122, 12, two_player_board=TwoPlayerBoard.SIX), 7, 4),
    ),
    Case(
        "4p-attacks-4",
        "the mover's counter at 4: one more turn of attacks (M8), 18 turns into a game",
        lambda: with_attacks(played(4, 123, 18), 4),
    ),
    Case(
        "4p-attacks-5",
        "the mover's counter at 5: only defences (M8), 18 turns into a game",
        lambda: with_attacks(played(4, 123, 18), 5),
    ),
    Case(
        "3p-attacks-5-late",
        "3 players, the mover's counter at 5, 30 turns into a game",
        lambda: with_attacks(played(3, 124, 30), 5),
    ),
    # Sparse positions built to be counted by hand: few stones, few squares in play.
    Case(
        "3p-path-sparse",
        "3 players, path outside rule (R6): a stone outside only by a bent empty path, another "
        "opened by taking an own tower down (R7), the neutral territory (R4)",
        lambda: build(
            3,
            flat=0,
            heights=PATH_3P,
            rules={"outside_rule": "path"},
            turrians={
                "yellow": ["d7", "e6"],
                "red": ["f8", "g7", "f6", "e5"],
                "blue": ["c7", "g5", "f4", "g3", "i4"],
            },
        ),
    ),
    Case(
        "3p-take-1-taken-sparse",
        "3 players, red has taken one stone from the neutral territory (R4 closes it); taking "
        "an own stone opens a line to a foreign one (R7)",
        lambda: build(
            3,
            flat=0,
            heights=TAKEN_3P,
            turrians={"yellow": ["d6", "e7", "e5", "e9"], "red": ["g8"], "blue": ["h8", "g3"]},
            to_move="red",
            turn={"taken": ["c4"], "in_hand": 1},
        ),
    ),
    Case(
        "4p-attacks-4-sparse",
        "blue's attack counter at 4: it may still attack this turn (M8); captures downwards, "
        "level and upwards (M7), at home and abroad",
        lambda: build(
            4,
            flat=0,
            heights=ATTACKS_4P,
            turrians={"yellow": ["f4"], "red": ["f6"], "blue": ["f5"], "green": ["e5", "j1"]},
            seats={"blue": {"attacks": 4}},
            to_move="blue",
        ),
    ),
    Case(
        "2p-bonus-sparse",
        "2 players on the 8x8 board, yellow holds 2 bonus stones (P3); any number of stones "
        "from the opponent (R4), a tower opened by an earlier removal (R7)",
        lambda: build(
            2,
            flat=0,
            heights=BONUS_2P,
            turrians={"yellow": ["g7"], "red": ["c3", "d4", "e3", "g8"]},
            seats={"yellow": {"bonus_stones": 2}},
        ),
    ),
    Case(
        "4p-team-sparse",
        "team play, green to move: stones only from the opposing team (R4), the partner's "
        "turrian blocks and cannot be captured (M5, M6), its territory is foreign (S5, M8)",
        lambda: build(
            4,
            flat=0,
            heights=TEAM_4P,
            rules={"team_play": True},
            turrians={"yellow": ["b7", "b10", "c8", "e6"], "red": ["f4"], "blue": ["f5"], "green": ["e5"]},
            to_move="green",
        ),
    ),
    Case(
        "4p-pro-sparse",
        "pro goal: any number of stones from one territory (R4), yellow holds 2-7 with its "
        "hold recorded (G2), blue to move",
        lambda: build(
            4,
            flat=0,
            heights=PRO_4P,
            rules={"goal": "pro"},
            turrians={
                "yellow": ["a10", "b10", "c10", "d10", "e10", "e9"],
                "red": ["h7", "i8", "i6"],
                "blue": ["j5"],
            },
            seats={"yellow": {"pro_hold": ["d10", "e10", "e9"]}},
            to_move="blue",
        ),
    ),
    # The variants, sparse as well.
    Case(
        "4p-burgenland-closed",
        "Burgenland with the capture phase closed (V1): foreign turrians within reach are "
        "neither captured nor passed, so a walk goes round them or stops",
        lambda: build(
            4,
            flat=0,
            heights=CLOSED_4P,
            rules=BURGENLAND,
            turrians={"yellow": ["d8"], "red": ["e8", "f8"], "green": ["b8"]},
        ),
    ),
    Case(
        "4p-burgenland-before-opening",
        "Burgenland, yellow in the move phase on towers of 1, 2, 3, 4, 4, 4, one step from "
        "opening the capture phase (V2); until its turn ends nobody captures (V1)",
        before_opening,
    ),
    Case(
        "4p-burgenland-opened",
        "the same game after yellow's step to the 5-tower: the capture phase is open (V2) and "
        "red, to move, may capture twice, never a third time (V3)",
        after_opening,
    ),
    Case(
        "4p-burgenland-one-capture-left",
        "Burgenland open, yellow has made one capture and red two (V3): yellow's walks make "
        "at most one more, a defence or an attack (M8)",
        lambda: build(
            4,
            flat=0,
            heights=ONE_LEFT_4P,
            rules=BURGENLAND,
            captures_open=True,
            turrians={"yellow": ["d8"], "red": ["c8", "h8"], "blue": ["b8"], "green": ["f8"]},
            seats={"yellow": {"captures": 1}, "red": {"captures": 2}},
        ),
    ),
    Case(
        "3p-burgenland-captures-used",
        "3 players, Burgenland open: red has just made its second capture, an attack (V3, "
        "M8), and in the rest of its move phase captures nothing, at home or abroad",
        lambda: build(
            3,
            flat=0,
            heights=USED_3P,
            rules=BURGENLAND,
            captures_open=True,
            turrians={"yellow": ["e8", "f7"], "red": ["g8"], "blue": ["h8"]},
            seats={"yellow": {"captures": 1}, "red": {"attacks": 1, "captures": 2}},
            to_move="red",
            turn={**IN_MOVE_PHASE, "points": 3, "attacked": True},
        ),
    ),
    Case(
        "3p-reentry-outside",
        "3 players, re-entry on the outside (V4) by the line rule (R6): on the outermost ring "
        "in play and on inner squares, in any territory, at any height",
        lambda: build(
            3,
            flat=0,
            heights=OUTSIDE_3P,
            rules=OUTSIDE,
            turrians={"yellow": ["b8"], "red": ["g6", "h9"], "blue": ["i4"]},
        ),
    ),
    Case(
        "2p-6x6-reentry-outside-path",
        "2 players on the 6x6 board, re-entry on the outside (V4) by the path rule (R6): a "
        "square outside only by the path, one inside with stones on all four sides",
        lambda: build(
            2,
            flat=0,
            heights=OUTSIDE_6X6,
            rules={**OUTSIDE, "outside_rule": "path", "two_player_board": "6x6"},
            turrians={"yellow": ["e7"], "red": ["f7"]},
        ),
    ),
    Case(
        "4p-reentry-outside-path",
        "4 players, re-entry on the outside (V4) by the path rule (R6), green to move: ring 0 "
        "anywhere, a square outside only by the path rule, an inside one refused",
        lambda: build(
            4,
            flat=0,
            heights=OUTSIDE_4P,
            rules={**OUTSIDE, "outside_rule": "path"},
            turrians={"yellow": ["b4"], "blue": ["f3"], "green": ["e5"]},
            to_move="green",
        ),
    ),
    Case(
        "4p-team-reentry-outside-burgenland",
        "team play with re-entry on the outside (V4, line rule) and the Burgenland phase open: "
        "red re-enters in its partner's territory too, which blocks it (M5, M6); the partner's "
        "two captures leave red's own two (V3)",
        lambda: build(
            4,
            flat=0,
            heights=TEAM_OUTSIDE_4P,
            rules={**OUTSIDE, **BURGENLAND, "team_play": True},
            captures_open=True,
            turrians={"yellow": ["e10"], "red": ["g8"], "blue": ["g9"], "green": ["b1"]},
            seats={"yellow": {"captures": 2}},
            to_move="red",
        ),
    ),
]


#: The cases too busy to count by hand (most from seeded random play): their positions are
#: the properties' explicit examples, not golden files. Numbered with the others, so that a
#: golden file keeps its number.
BUSY: frozenset[str] = frozenset({
    "4p-pro-hold-pending", "3p-goal-met-not-yet-judged", "4p-tall-towers", "4p-opening", "4p-midgame",
    "4p-late", "3p-line", "3p-path", "2p-8x8", "2p-8x8-path", "2p-6x6", "2p-6x6-late", "4p-team",
    "4p-team-pro-path", "4p-pro", "3p-pro", "2p-bonus", "4p-bonus", "4p-take-1-taken", "4p-take-2-taken",
    "3p-take-2-taken-path", "3p-place-phase", "2p-place-phase-bonus", "4p-move-phase", "2p-6x6-move-phase",
    "4p-attacks-4", "4p-attacks-5", "3p-attacks-5-late",
})
#: Where the busy cases' positions are kept, one a line after its title comment.
BUSY_POSITIONS = GOLDEN / "busy.positions"


def read_busy_positions(path: Path = BUSY_POSITIONS) -> dict[str, str]:
    """``{slug: notation}`` of the busy cases, as written by :func:`write_busy_positions`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {
        title.split()[2].rstrip(":"): notation
        for title, notation in zip(lines[::2], lines[1::2], strict=True)
    }


def write_busy_positions(cases: Sequence[Case], path: Path = BUSY_POSITIONS) -> None:
    """The busy cases' positions: a title line (``# NN slug: about``), then the notation."""
    lines = []
    for number, case in enumerate(cases, start=1):
        if case.slug in BUSY:
            lines += [f"# {number:02d} {case.slug}: {case.about}", write_notation(case.make())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_golden_files(
    cases: Sequence[Case], directory: Path, busy: frozenset[str] = frozenset()
) -> list[str]:
    """Write one file per case into ``directory``; returns the problems, one per file left
    alone: a reviewed file whose position or counts changed, a file without a known
    status, or one that is not a snapshot and that no case names any more.

    A snapshot file is rewritten from the engine; a reviewed one keeps its body (the
    derivation and the counts), only its title and number follow the case.
    """
    existing = {path.stem[3:]: path for path in directory.glob("*.txt")}
    problems: list[str] = []
    # Every position first, so that a case that fails to build leaves every file as it was.
    made = [case.make() for case in cases]
    for number, (case, position) in enumerate(zip(cases, made, strict=True), start=1):
        if case.slug in busy:
            continue
        notation = write_notation(position)
        assert parse_notation(notation) == position, case.slug
        counts = expectations(position)
        title = f"# {number:02d} {case.slug}: {case.about}"
        path = directory / f"{number:02d}-{case.slug}.txt"
        old_path = existing.pop(case.slug, None)
        if old_path is not None and (old := read_golden(old_path)).status != SNAPSHOT:
            if old.status != REVIEWED:
                problems.append(f"{old_path.name}: its status line is missing or unknown; left alone")
                continue
            if (old.notation, old.expected) != (notation, counts):
                diff = difflib.unified_diff(
                    [old.notation, *old.expected],
                    [notation, *counts],
                    "reviewed (file)",
                    "engine",
                    lineterm="",
                )
                problems.append(
                    f"{old_path.name}: reviewed, but the engine now answers differently; its derivation "
                    "was kept. Derive the counts again (an engine bug?) or mark the file snapshot:\n"
                    + "\n".join(diff)
                )
                continue
            text = render_golden(notation, title, REVIEWED, old.body)
        else:
            text = render_golden(notation, title, SNAPSHOT, counts)
        if old_path is not None and old_path != path:
            old_path.unlink()
        path.write_text(text, encoding="utf-8")
    for slug, path in sorted(existing.items()):
        if read_golden(path).status != SNAPSHOT:
            problems.append(f"{path.name}: not a snapshot, but no case is called {slug!r} any more; kept")
        else:
            path.unlink()
    return problems


def main() -> int:
    problems = write_golden_files(CASES, GOLDEN, BUSY)
    write_busy_positions(CASES)
    print(f"{len(CASES) - len(BUSY)} golden files in {GOLDEN}, {len(problems)} left alone; "
          f"{len(BUSY)} busy positions in {BUSY_POSITIONS.name}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
