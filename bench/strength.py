"""How strong the computer players are: seeded games between levels, for both games.

    python -m bench.strength [--game tt|sdt|both] [--players 2,3,4] [--markdown] [--strict]

For 2, 3 and 4 players, each level plays against random play and against the level
below it: the level under test takes one seat (a different one from game to game), the
other seats are all played by its opponent. Every game is dealt and played from a fixed
seed and every search is bounded by a fixed number of positions judged (never by the
clock), so the table is the same on any machine. It prints, per matchup, the games, the
win rate of the level under test with its 95 % Wilson interval, the games nobody won
within the turn limit, and the average game length (all turns, and the tested seat's
own). Then the targets: every level wins ≥ 90 % of two-player games against random
play, each level ≥ 60 % against the level below, and level 2 finishes a two-player
Terra Turrium game against random play within 60 of its own turns on average.

A win: Terra Turrium, the tested seat is among the finishers when the game is over
(G3); Spiel der Türme, it is among the winners (TS3, ties share the win).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Final

from service.common.budget import Budget

MATCHUPS: Final = ((1, 0), (2, 0), (3, 0), (2, 1), (3, 2))
"""(level under test, its opponent); 0 is random play."""

GAMES: Final = {"tt": {2: 20, 3: 12, 4: 12}, "sdt": {2: 12, 3: 12, 4: 12}}
"""Games per matchup against random play, by game and player count."""

GAMES_BETWEEN_LEVELS: Final = {"tt": {2: 40, 3: 12, 4: 12}, "sdt": {2: 32, 3: 12, 4: 12}}
"""Games per matchup of a level against the level below. Two-player rows are judged
against 60 %, which a dozen games cannot tell from 50 % (one game moves the rate by eight
points, and a tenth of Spiel der Türme's games are decided by the deal in five turns);
32–40 games narrow the interval to about ±15 points. Against random play, where the
target is 90 % and the levels win nearly every game, fewer games tell as much. With 3
and 4 players, 12 games give every seat the tested level as often (the level under test
takes seat ``index % players``)."""


def games_of(game: str, players: int, opponent: int) -> int:
    """How many games a matchup plays.

    >>> games_of("sdt", 2, 0), games_of("sdt", 2, 1)
    (12, 32)
    """
    return (GAMES if opponent == 0 else GAMES_BETWEEN_LEVELS)[game][players]

NODES: Final = {"tt": 4000, "sdt": 3000}
"""Positions judged per turn: the fixed budget of every search (Spiel der Türme's level 3
needs about 2,200 at the start of a two-player game, where most moves are open)."""

MAX_TURNS: Final = {"tt": 120, "sdt": 1000}
"""Turns per player after which a game counts as won by nobody (a Terra Turrium game of
two random players never ends; Spiel der Türme games between computer players end in a
few hundred)."""

BUDGET_MS: Final = 600_000
"""Far above any search: only the node budget bounds it."""


@dataclass(frozen=True)
class Result:
    won: bool
    finished: bool
    turns: int
    own_turns: int


def _play_tt(players: int, levels: list[int], seed: int, nodes: int) -> tuple[list[str], bool, int]:
    from service.terra_turrium.opponent import play_game
    from service.terra_turrium.setup import setup_position

    final, turns = play_game(setup_position(players), levels, seed, Budget(BUDGET_MS, nodes),
                             MAX_TURNS["tt"] * players)
    return list(final.finishers) if final.is_game_over else [], final.is_game_over, turns


def _play_sdt(players: int, levels: list[int], seed: int, nodes: int) -> tuple[list[str], bool, int]:
    from service.spiel_der_tuerme.goal import score
    from service.spiel_der_tuerme.opponent import play_game
    from service.spiel_der_tuerme.setup import setup_position

    final, turns = play_game(setup_position(players, seed), levels, seed, Budget(BUDGET_MS, nodes),
                             MAX_TURNS["sdt"] * players)
    winners = [c.value for c in score(final).winners]
    return winners, final.is_over, turns


PLAY: Final[dict[str, Callable[[int, list[int], int, int], tuple[list[str], bool, int]]]] = {
    "tt": _play_tt, "sdt": _play_sdt,
}
SEAT_IDS: Final = {"tt": ("yellow", "red", "blue", "green"), "sdt": ("yellow", "red", "blue", "green")}


def play_one(game: str, players: int, tested: int, opponent: int, index: int) -> Result:
    """Game ``index`` of a matchup: the tested level on seat ``index % players``."""
    seat = index % players
    levels = [opponent] * players
    levels[seat] = tested
    seed = 1000 * players + index
    winners, finished, turns = PLAY[game](players, levels, seed, NODES[game])
    own = turns // players + (1 if seat < turns % players else 0)
    return Result(SEAT_IDS[game][seat] in winners, finished, turns, own)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(9, 10)]
    [0.596, 0.982]
    """
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Row:
    game: str
    players: int
    tested: int
    opponent: int
    results: tuple[Result, ...]

    @property
    def wins(self) -> int:
        return sum(r.won for r in self.results)

    @property
    def rate(self) -> float:
        return self.wins / len(self.results)

    @property
    def unfinished(self) -> int:
        return sum(not r.finished for r in self.results)

    def mean(self, what: str) -> float:
        values: list[int] = [getattr(r, what) for r in self.results]
        return sum(values) / len(values)

    def mean_won(self, what: str) -> float | None:
        won: list[int] = [getattr(r, what) for r in self.results if r.won]
        return sum(won) / len(won) if won else None


NAMES: Final = {"tt": "Terra Turrium", "sdt": "Spiel der Türme"}


def _who(level: int) -> str:
    return "random" if level == 0 else f"level {level}"


def table(rows: list[Row], markdown: bool) -> str:
    head = ("game", "players", "level", "against", "games", "won", "95 % interval", "no winner",
            "turns", "own turns", "own turns (won)")
    lines = []
    body = []
    for row in rows:
        low, high = wilson(row.wins, len(row.results))
        won_own = row.mean_won("own_turns")
        body.append(
            (
                NAMES[row.game],
                str(row.players),
                str(row.tested),
                _who(row.opponent),
                str(len(row.results)),
                f"{row.rate:.0%}",
                f"{low:.0%}–{high:.0%}",
                str(row.unfinished),
                f"{row.mean('turns'):.0f}",
                f"{row.mean('own_turns'):.0f}",
                "–" if won_own is None else f"{won_own:.0f}",
            )
        )
    if markdown:
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "|".join("---" for _ in head) + "|")
        lines += ["| " + " | ".join(cells) + " |" for cells in body]
    else:
        widths = [max(len(h), *(len(c[i]) for c in body)) for i, h in enumerate(head)]
        lines.append("  ".join(h.ljust(w) for h, w in zip(head, widths, strict=True)))
        lines += ["  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) for cells in body]
    return "\n".join(lines)


def targets(rows: list[Row]) -> list[tuple[str, bool]]:
    found = []
    for row in rows:
        if row.players != 2:
            continue
        name = f"{NAMES[row.game]}, 2 players: level {row.tested} against {_who(row.opponent)}"
        goal = 0.9 if row.opponent == 0 else 0.6
        found.append((f"{name} wins {row.rate:.0%} (target ≥ {goal:.0%})", row.rate >= goal))
        if row.game == "tt" and row.tested == 2 and row.opponent == 0:
            own = row.mean_won("own_turns")
            found.append((f"{name} finishes in {own or 0:.0f} of its own turns on average (target ≤ 60)",
                          own is not None and own <= 60))
    return found


def shares(rows: list[Row]) -> list[str]:
    """The 3- and 4-player rows of a level against the level below, beside a fair share
    of the wins (one seat in three or four): reported, not judged (docs/performance.md)."""
    return [
        f"{NAMES[row.game]}, {row.players} players: level {row.tested} against {_who(row.opponent)} "
        f"wins {row.rate:.0%} (a fair share: {1 / row.players:.0%})"
        for row in rows if row.players > 2 and row.opponent
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["tt", "sdt", "both"], default="both")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--strict", action="store_true", help="exit with status 1 when a target is missed")
    args = parser.parse_args(argv)
    games = ["tt", "sdt"] if args.game == "both" else [args.game]
    counts = [int(p) for p in args.players.split(",")]
    jobs = [(g, n, t, o, i) for g in games for n in counts for t, o in MATCHUPS
            for i in range(games_of(g, n, o))]
    started = time.monotonic()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play_one, *zip(*jobs, strict=True), chunksize=1))
    by_matchup: dict[tuple[str, int, int, int], list[Result]] = {}
    for (g, n, t, o, _), result in zip(jobs, results, strict=True):
        by_matchup.setdefault((g, n, t, o), []).append(result)
    rows = [Row(g, n, t, o, tuple(r)) for (g, n, t, o), r in by_matchup.items()]
    print(table(rows, args.markdown))
    print(f"\n{len(jobs)} games in {time.monotonic() - started:.0f} s; "
          f"{', '.join(f'{NAMES[g]} {NODES[g]} positions per turn' for g in games)}\n")
    missed = 0
    for text, met in targets(rows):
        print(f"{'PASS' if met else 'MISS'}  {text}")
        missed += not met
    for text in shares(rows):
        print(f"SHARE {text}")
    return 1 if args.strict and missed else 0


if __name__ == "__main__":
    sys.exit(main())
