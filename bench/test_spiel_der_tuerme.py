"""Spiel der Türme engine micro-benchmarks: the rules questions of its HTTP contract on
fixed positions. Run with ``make bench`` or, alone::

    .venv/bin/python -m pytest bench/test_spiel_der_tuerme.py -p no:cacheprovider

As in bench/test_engine.py, a :class:`Position` caches what it derives (street stacks
per colour, completed quarters, neutral colours), so each round of an operation that
reads those caches gets a fresh instance, ``dataclasses.replace(position)``, made
outside the timed call.

The positions are those of :mod:`bench.sdt_positions`.

Each benchmark carries ``extra_info`` (operation, position, players, stage) like the
Terra Turrium ones, its operations prefixed ``sdt_``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from bench.sdt_positions import PLAYERS, STAGES, SdtPosition, bench_position
from service.spiel_der_tuerme import (
    Position,
    apply_turn,
    legal_moves,
    parse_position,
    position_to_dict,
    score,
    validate_turn,
)

MIN_ROUNDS = 30
MAX_ROUNDS = 5000


PARAMS = [(players, stage) for players in PLAYERS for stage in STAGES]


@pytest.fixture(params=PARAMS, ids=[f"{p}p-{s}" for p, s in PARAMS])
def bench(request: pytest.FixtureRequest) -> SdtPosition:
    players, stage = request.param
    return bench_position(players, stage)


@pytest.fixture()
def budget(request: pytest.FixtureRequest) -> float:
    """Seconds of timed calls per fresh-copy benchmark: ``--benchmark-max-time``."""
    return float(request.config.getoption("benchmark_max_time"))


def _label(benchmark: BenchmarkFixture, operation: str, bench: SdtPosition) -> None:
    benchmark.group = f"sdt_{operation}"
    benchmark.extra_info.update(
        operation=f"sdt_{operation}", position=bench.name, players=bench.players, stage=bench.stage
    )


def on_fresh_copy(
    benchmark: BenchmarkFixture, budget: float, bench: SdtPosition, operation: Callable[[Position], Any]
) -> Any:
    """Time ``operation(fresh copy of the position)``; the copy is made untimed."""
    position = bench.position
    operation(replace(position))
    probe = 5
    start = time.perf_counter()
    for _ in range(probe):
        operation(replace(position))
    each = (time.perf_counter() - start) / probe
    rounds = max(MIN_ROUNDS, min(MAX_ROUNDS, int(budget / max(each, 1e-7))))
    pedantic: Callable[..., Any] = benchmark.pedantic
    return pedantic(
        operation,
        setup=lambda: ((replace(position),), {}),
        rounds=rounds,
        warmup_rounds=min(20, rounds // 10),
    )


def test_legal_moves(benchmark: BenchmarkFixture, budget: float, bench: SdtPosition) -> None:
    """TM1–TM8, TN2–TN5: every legal move of the seat to move (``POST /moves``)."""
    _label(benchmark, "moves", bench)
    assert on_fresh_copy(benchmark, budget, bench, legal_moves)


def test_validate_turn(benchmark: BenchmarkFixture, budget: float, bench: SdtPosition) -> None:
    """A legal turn, validated (``POST /turns/validate``)."""
    _label(benchmark, "validate_turn", bench)
    turn = bench.turn
    assert on_fresh_copy(benchmark, budget, bench, lambda p: validate_turn(p, turn)) is None


def test_apply_turn(benchmark: BenchmarkFixture, budget: float, bench: SdtPosition) -> None:
    """The same turn, applied (``POST /turns/apply``, without serialising)."""
    _label(benchmark, "apply_turn", bench)
    turn = bench.turn
    after, _ = on_fresh_copy(benchmark, budget, bench, lambda p: apply_turn(p, turn))
    assert after != bench.position


def test_score(benchmark: BenchmarkFixture, budget: float, bench: SdtPosition) -> None:
    """TS1–TS3 (``POST /score``)."""
    _label(benchmark, "score", bench)
    assert on_fresh_copy(benchmark, budget, bench, score).seats


def test_parse_position(benchmark: BenchmarkFixture, bench: SdtPosition) -> None:
    """The position from its JSON form, checked (every request's first step)."""
    _label(benchmark, "parse_position", bench)
    assert benchmark(parse_position, bench.data) == bench.position


def test_position_to_dict(benchmark: BenchmarkFixture, bench: SdtPosition) -> None:
    """The position to its JSON form (the answer of ``POST /turns/apply``)."""
    _label(benchmark, "position_to_dict", bench)
    assert benchmark(position_to_dict, bench.position) == bench.data
