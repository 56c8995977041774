"""The fixed benchmark positions: four stages of a game for 2, 3 and 4 players.

Every position is rebuilt from fixed seeds on first use, only with the engine's own
functions, so the set needs no data files and is the same on every machine:

``opening``
    :func:`service.terra_turrium.setup_position` (default options) and
    :func:`service.terra_turrium.random_player.random_setup`: the set-up heights (B6) and six turrians
    per seat on random squares of their territories. The first seat is to move.
``midgame``
    The same game after 30 turns of :func:`service.terra_turrium.random_player.random_turn`, each
    played with :func:`service.terra_turrium.apply_turn` (7½ rounds with 4 players, 15 with 2).
``late``
    The same game after 120 turns. Random play keeps the stones spread out and uses
    up the attack counters, so this is a flat, sparse, realistic late board.
``crowded``
    Built by hand from a seed, for the expensive end of the range: starting from the
    set-up heights, 120 stones are carried one by one from the rim towards the centre
    (so the stone count is that of a real game, B6) onto a hill whose rings may hold
    at most 2, 3, 4 … stones from the outermost in-play ring inwards: towers of 5–6
    in the middle, an emptied rim. Then every seat puts its turrians on squares drawn
    with a pull towards the centre, so they stand close together and many captures
    are possible, while few squares are reachable. The mover has five turrians on the board and
    one in reserve, and attacks left. It passes :func:`service.terra_turrium.check_position`
    but is not the result of legal play.

For each position the set also fixes the request-shaped inputs an operation needs:
a complete legal turn of the mover (:func:`random_turn` with a seed of its own), and
the turrian used for the one-turrian reachability question (the mover's turrian that
reaches the most squares with 5 points, so the worst case of the position).

:data:`FINGERPRINTS` records a hash of every position and turn. If an engine change
makes random play choose differently, the positions change, the figures stop being
comparable with earlier runs, and ``bench/report.py`` says so.

Print the set with ``python -m bench.positions``.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from service.terra_turrium import (
    RING,
    SQUARES,
    Position,
    TurnPlan,
    apply_turn,
    check_position,
    legal_captures,
    legal_removals,
    position_to_dict,
    reachable,
    setup_position,
    square_name,
    turn_plan_to_dict,
    validate_turn,
)
from service.terra_turrium.position import Seat
from service.terra_turrium.random_player import random_setup, random_turn

PLAYERS: Final = (2, 3, 4)
STAGES: Final = ("opening", "midgame", "late", "crowded")
MIDGAME_TURNS: Final = 30
LATE_TURNS: Final = 120
CROWDED_TRANSFERS: Final = 120
REACH_POINTS: Final = 5

# The expected hash of each position and its benchmark turn (see `fingerprint`).
# Regenerate with `python -m bench.positions --fingerprints` after a deliberate change.
FINGERPRINTS: Final[dict[str, str]] = {
    "2p-opening": "ecdbcf03ff06",
    "2p-midgame": "fa1846786d4a",
    "2p-late": "854c40fe90e8",
    "2p-crowded": "ca9795c99df5",
    "3p-opening": "a34a23d8d19d",
    "3p-midgame": "06b519b9f499",
    "3p-late": "c2ff3ece54ac",
    "3p-crowded": "0545d7a71b40",
    "4p-opening": "483b8f662c5e",
    "4p-midgame": "57bd2e92980d",
    "4p-late": "856b5263f300",
    "4p-crowded": "3ffefcf902f1",
}


@dataclass(frozen=True)
class BenchPosition:
    """One benchmark position with the fixed inputs of every operation."""

    name: str
    players: int
    stage: str
    position: Position
    data: dict[str, Any]
    """The position's JSON form (docs/api.md), the input of ``parse_position``."""
    turn: TurnPlan
    """A complete legal turn of the mover, the input of ``validate_turn``/``apply_turn``."""
    reach_origin: int
    """The mover's turrian for the one-turrian reachability benchmark."""

    @property
    def fingerprint(self) -> str:
        """Twelve hex digits of SHA-256 over the position's and the turn's JSON forms."""
        blob = json.dumps([self.data, turn_plan_to_dict(self.turn)], sort_keys=True)
        return hashlib.sha256(blob.encode()).hexdigest()[:12]

    @property
    def matches_record(self) -> bool:
        """Whether the position is the one :data:`FINGERPRINTS` recorded."""
        return FINGERPRINTS.get(self.name) == self.fingerprint


def position_names() -> list[str]:
    """``2p-opening`` … ``4p-crowded``, grouped by player count."""
    return [f"{players}p-{stage}" for players in PLAYERS for stage in STAGES]


@cache
def _game(players: int) -> dict[str, Position]:
    """One seeded random game per player count, sampled at the stage boundaries."""
    rng = random.Random(f"terra-turrium-bench-{players}")
    position = random_setup(setup_position(players), rng)
    stages = {"opening": position}
    for played in range(1, LATE_TURNS + 1):
        position, _ = apply_turn(position, random_turn(position, rng))
        if position.is_game_over:  # pragma: no cover - would need a new seed
            raise RuntimeError(f"the seeded {players}-player game ended after {played} turns")
        if played == MIDGAME_TURNS:
            stages["midgame"] = position
    stages["late"] = position
    return stages


def _weighted(rng: random.Random, squares: list[int], weight: dict[int, int]) -> int:
    return rng.choices(squares, weights=[weight[s] for s in squares])[0]


def crowded_position(players: int) -> Position:
    """The hand-built ``crowded`` position for ``players`` (see the module's docstring)."""
    rng = random.Random(f"terra-turrium-bench-crowded-{players}")
    start = setup_position(players)
    heights = list(start.heights)
    in_play = [s for s in SQUARES if start.is_in_play(s)]
    low = start.outermost_ring
    inward = {s: (RING[s] - low + 1) ** 2 for s in in_play}
    outward = {s: (6 - RING[s] + low) ** 2 for s in in_play}
    # A hill rather than needles: a square of the n-th in-play ring takes at most
    # n + 2 stones, so the towers can still be climbed step by step (M4).
    cap = {s: RING[s] - low + 2 for s in in_play}
    for _ in range(CROWDED_TRANSFERS):
        source = _weighted(rng, [s for s in in_play if heights[s] > 0], outward)
        heights[source] -= 1
        target = _weighted(rng, [s for s in in_play if heights[s] < cap[s] and s != source], inward)
        heights[target] += 1
    free = [s for s in in_play if heights[s] > 0]
    seats = []
    for index, seat in enumerate(start.seats):
        count = 5 if index in (0, players - 1) else 6  # the mover and the last seat: one in reserve
        turrians = []
        for _ in range(count):
            square = _weighted(rng, free, inward)
            free.remove(square)
            turrians.append(square)
        seats.append(Seat(seat.id, seat.territories, tuple(sorted(turrians)), attacks=(index * 2) % 5))
    position = Position(
        heights=tuple(heights),
        seats=tuple(seats),
        to_move=seats[0].id,
        round_start=seats[0].id,
        rules=start.rules,
    )
    check_position(position)
    return position


def _widest_turrian(position: Position) -> int:
    """The mover's turrian that reaches the most squares with :data:`REACH_POINTS`."""
    turrians = position.mover.turrians
    return max(turrians, key=lambda s: (len(reachable(position, s, REACH_POINTS)), -s))


@cache
def bench_position(name: str) -> BenchPosition:
    """The benchmark position ``name`` (``"4p-midgame"``), built on first use."""
    head, stage = name.split("-", 1)
    players = int(head.rstrip("p"))
    if players not in PLAYERS or stage not in STAGES:
        raise KeyError(name)
    position = crowded_position(players) if stage == "crowded" else _game(players)[stage]
    turn = random_turn(position, random.Random(f"terra-turrium-bench-turn-{name}"))
    if validate_turn(position, turn) is not None:  # pragma: no cover - random_turn is legal
        raise RuntimeError(f"the benchmark turn of {name} is not legal")
    return BenchPosition(
        name=name,
        players=players,
        stage=stage,
        position=position,
        data=position_to_dict(position),
        turn=turn,
        reach_origin=_widest_turrian(position),
    )


def all_positions() -> Iterator[BenchPosition]:
    """Every benchmark position, in :func:`position_names` order."""
    return (bench_position(name) for name in position_names())


def describe(bench: BenchPosition) -> str:
    """One line of facts about a benchmark position, for the docs and the report."""
    p = bench.position
    towers = sorted(p.heights, reverse=True)[:4]
    on_board = sum(len(s.turrians) for s in p.seats)
    reach = len(reachable(p, bench.reach_origin, REACH_POINTS))
    return (
        f"{bench.name:<11} stones {sum(p.heights):3d}, tallest {'/'.join(map(str, towers)):<9} "
        f"turrians {on_board:2d} on board, mover {p.to_move:<6} attacks {p.mover.attacks}, "
        f"removals {len(legal_removals(p)):2d}, captures {len(legal_captures(p)):2d}, "
        f"reach from {square_name(bench.reach_origin):<3} {reach:2d}, "
        f"turn {len(bench.turn.take)}+{len(bench.turn.place)}+{len(bench.turn.move)} actions"
    )


def main(argv: list[str] | None = None) -> None:
    import sys

    args = sys.argv[1:] if argv is None else argv
    if "--fingerprints" in args:
        for bench in all_positions():
            print(f'    "{bench.name}": "{bench.fingerprint}",')
        return
    for bench in all_positions():
        mark = "" if bench.matches_record else "  (differs from the recorded fingerprint)"
        print(describe(bench) + mark)


if __name__ == "__main__":
    main()


def reach_all(position: Position) -> int:
    """Reachability of every turrian of the mover and of a reserve turrian,
    ``REACH_POINTS`` each; the number of answers."""
    return sum(len(reachable(position, origin, REACH_POINTS)) for origin in position.mover.origins)
