"""Engine micro-benchmarks: every rules question of the HTTP contract, on every
benchmark position (bench/positions.py). Run with ``make bench``.

A :class:`Position` caches what it derives (``occupant``, ``owner``, ``mover_index`` …)
with :func:`functools.cached_property`, so timing one instance over and over would
measure warm caches that a real request, which parses a new position, never has.
Each round therefore gets a fresh instance, ``dataclasses.replace(position)``, made
outside the timed call; what that copy costs is measured on its own (``copy``).
Operations that start from JSON or text or read no cache (``parse_position``,
``read_notation+check``, ``position_to_dict``, ``write_notation``, the copy itself) are
timed the ordinary way, calibrated by pytest-benchmark.

A request's position reaches the engine in one of two forms, and the HTTP layer reads
each the way these benchmarks do: the object with ``read_position`` (its shape) and the
string with ``read_notation``, then ``check_position`` (the structural rules) on either.
``parse_position`` is the first pair in one call; ``check_position`` alone shows how the
two parts share it.

Each benchmark is grouped by operation and carries ``extra_info`` (operation, position,
players, stage, fingerprint) that ``bench/report.py`` turns into the summary tables.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from bench.positions import REACH_POINTS, BenchPosition, bench_position, position_names, reach_all
from service.terra_turrium import (
    Position,
    apply_turn,
    check_position,
    legal_captures,
    legal_placements,
    legal_removals,
    parse_position,
    position_to_dict,
    reachable,
    validate_turn,
    write_notation,
)
from service.terra_turrium.notation import read_notation

NAMES = position_names()

MIN_ROUNDS = 30
MAX_ROUNDS = 5000


@pytest.fixture(params=NAMES)
def bench(request: pytest.FixtureRequest) -> BenchPosition:
    """The benchmark position of this parameter, built once per session."""
    name: str = request.param
    return bench_position(name)


@pytest.fixture()
def budget(request: pytest.FixtureRequest) -> float:
    """Seconds of timed calls per fresh-copy benchmark: ``--benchmark-max-time``."""
    return float(request.config.getoption("benchmark_max_time"))


def _label(benchmark: BenchmarkFixture, operation: str, bench: BenchPosition) -> None:
    benchmark.group = operation
    benchmark.extra_info.update(
        operation=operation,
        position=bench.name,
        players=bench.players,
        stage=bench.stage,
        fingerprint=bench.fingerprint,
        fingerprint_matches=bench.matches_record,
    )


def on_fresh_copy(
    benchmark: BenchmarkFixture,
    budget: float,
    bench: BenchPosition,
    operation: Callable[[Position], Any],
) -> Any:
    """Time ``operation(fresh copy of the position)``; the copy is made untimed.

    One call per round (pedantic mode does not allow a setup with more); the rounds
    fill ``budget`` seconds, within :data:`MIN_ROUNDS` … :data:`MAX_ROUNDS`.
    """
    position = bench.position
    operation(replace(position))  # warm the interpreter's caches and imports
    probe = 5
    start = time.perf_counter()
    for _ in range(probe):
        operation(replace(position))
    each = (time.perf_counter() - start) / probe
    rounds = max(MIN_ROUNDS, min(MAX_ROUNDS, int(budget / max(each, 1e-7))))
    pedantic: Callable[..., Any] = benchmark.pedantic  # pytest-benchmark leaves it untyped
    return pedantic(
        operation,
        setup=lambda: ((replace(position),), {}),
        rounds=rounds,
        warmup_rounds=min(20, rounds // 10),
    )


def test_copy(benchmark: BenchmarkFixture, bench: BenchPosition) -> None:
    """``dataclasses.replace(position)``: the fresh-copy overhead of the other benchmarks."""
    _label(benchmark, "copy", bench)
    copy = benchmark(replace, bench.position)
    assert copy == bench.position and copy is not bench.position


def test_removals(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """R1–R7: every legal removal of the mover (``POST /v1/removals``)."""
    _label(benchmark, "removals", bench)
    removals = on_fresh_copy(benchmark, budget, bench, legal_removals)
    assert removals


def test_placements(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """P2: every legal placement (``POST /v1/placements``)."""
    _label(benchmark, "placements", bench)
    assert on_fresh_copy(benchmark, budget, bench, legal_placements)


def test_reach_one(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """M1–M10: reachability of one turrian with 5 points (``POST /v1/reach``), the
    mover's turrian that reaches the most squares."""
    _label(benchmark, "reach_one", bench)
    origin = bench.reach_origin
    on_fresh_copy(benchmark, budget, bench, lambda p: reachable(p, origin, REACH_POINTS))


def test_reach_all(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """Reachability of every turrian of the mover and of a reserve turrian, 5 points
    each: what a client asks to draw every possible move."""
    _label(benchmark, "reach_all", bench)
    on_fresh_copy(benchmark, budget, bench, reach_all)


def test_captures(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """Every capture of the mover with the turn's points (``POST /v1/captures``)."""
    _label(benchmark, "captures", bench)
    on_fresh_copy(benchmark, budget, bench, legal_captures)


def test_validate_turn(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """A complete legal turn, validated (``POST /v1/turns/validate``)."""
    _label(benchmark, "validate_turn", bench)
    turn = bench.turn
    assert on_fresh_copy(benchmark, budget, bench, lambda p: validate_turn(p, turn)) is None


def test_apply_turn(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """The same turn, applied (``POST /v1/turns/apply``, without serialising)."""
    _label(benchmark, "apply_turn", bench)
    turn = bench.turn
    after, _ = on_fresh_copy(benchmark, budget, bench, lambda p: apply_turn(p, turn))
    assert after.to_move != bench.position.to_move


def test_parse_position(benchmark: BenchmarkFixture, bench: BenchPosition) -> None:
    """The position from its JSON form: shape, then structural rules (``parse_position``,
    what a request's ``position`` object costs)."""
    _label(benchmark, "parse_position", bench)
    assert benchmark(parse_position, bench.data) == bench.position


def test_check_position(benchmark: BenchmarkFixture, budget: float, bench: BenchPosition) -> None:
    """The structural rules alone (``check_position``), the part of a position's reading
    both forms share."""
    _label(benchmark, "check_position", bench)
    assert on_fresh_copy(benchmark, budget, bench, check_position) is None


def _read_notation_and_check(text: str) -> Position:
    position = read_notation(text)
    check_position(position)
    return position


def test_read_notation(benchmark: BenchmarkFixture, bench: BenchPosition) -> None:
    """The position from its one-line notation, then its structural rules: what a
    request's ``position`` string costs (``read_notation`` + ``check_position``)."""
    text = write_notation(bench.position)
    _label(benchmark, "read_notation+check", bench)
    assert benchmark(_read_notation_and_check, text) == bench.position


def test_position_to_dict(benchmark: BenchmarkFixture, bench: BenchPosition) -> None:
    """The position to its JSON form (the answer of ``/v1/turns/apply``)."""
    _label(benchmark, "position_to_dict", bench)
    assert benchmark(position_to_dict, bench.position) == bench.data


def test_write_notation(benchmark: BenchmarkFixture, bench: BenchPosition) -> None:
    """The position in the one-line notation (the answer of ``/v1/notation``)."""
    _label(benchmark, "write_notation", bench)
    assert benchmark(write_notation, bench.position)
