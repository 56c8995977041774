"""Profile one engine operation on one benchmark position with cProfile.

    python -m bench.profiling 4p-midgame validate_turn [--calls 2000] [--top 25] [--sort tottime]

Runs the operation ``--calls`` times, each on a fresh copy of the position (as the
benchmarks do), and prints the functions that take the most time. Operations:
removals, placements, reach_one, reach_all, captures, validate_turn, apply_turn,
parse_position, position_to_dict.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bench.positions import REACH_POINTS, BenchPosition, bench_position, position_names, reach_all
from service.terra_turrium import (
    apply_turn,
    legal_captures,
    legal_placements,
    legal_removals,
    parse_position,
    position_to_dict,
    reachable,
    validate_turn,
)


def operation(name: str, bench: BenchPosition) -> Callable[[], Any]:
    """A no-argument call of operation ``name`` on a fresh copy of ``bench``'s position."""
    p, turn, data = bench.position, bench.turn, bench.data
    calls: dict[str, Callable[[], Any]] = {
        "removals": lambda: legal_removals(replace(p)),
        "placements": lambda: legal_placements(replace(p)),
        "reach_one": lambda: reachable(replace(p), bench.reach_origin, REACH_POINTS),
        "reach_all": lambda: reach_all(replace(p)),
        "captures": lambda: legal_captures(replace(p)),
        "validate_turn": lambda: validate_turn(replace(p), turn),
        "apply_turn": lambda: apply_turn(replace(p), turn),
        "parse_position": lambda: parse_position(data),
        "position_to_dict": lambda: position_to_dict(p),
    }
    return calls[name]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("position", choices=position_names())
    parser.add_argument("operation")
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--sort", default="tottime", help="a pstats sort key: tottime, cumulative …")
    args = parser.parse_args(argv)
    call = operation(args.operation, bench_position(args.position))
    call()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(args.calls):
        call()
    profiler.disable()
    pstats.Stats(profiler).strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
