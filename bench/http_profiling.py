"""Time or profile the request path in-process: the Flask app called as WSGI, no server.

    python -m bench.http_profiling                       # µs per request, every endpoint
    python -m bench.http_profiling removals [--calls 2000] [--sort tottime] [--top 30]
    python -m bench.http_profiling --stages              # one request taken apart

Each request is the one bench/http_load.py sends (4-player mid-game bodies), built once
as a WSGI environ and replayed, so what is measured is Flask, the schemas, the engine
and the JSON encoding: everything but gunicorn and the network. With an endpoint name it
runs the request ``--calls`` times under cProfile. ``--stages`` times the steps of a POST
one by one (decode, schema load, engine parse, question, answer) on the same body.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bench.positions import REACH_POINTS, bench_position
from bench.server import ENDPOINTS, POSITION, Endpoint, bodies

Call = Callable[[], Any]


def _app() -> Any:
    os.environ["ORACLE_BENCH_FLOOR"] = "1"
    from service import create_app

    return create_app()


def wsgi_call(app: Any, endpoint: Endpoint) -> Call:
    """A no-argument call that sends ``endpoint``'s request through ``app``; checks 200."""
    from werkzeug.test import EnvironBuilder

    body = bodies()[endpoint.body] if endpoint.body is not None else None
    path, _, query = endpoint.path.partition("?")
    headers = [("Content-Type", "application/json")] if body is not None else []
    environ = EnvironBuilder(
        path=path, method=endpoint.method, data=body, query_string=query, headers=headers
    ).get_environ()
    statuses: list[str] = []

    def start_response(status: str, headers: Any, exc_info: Any = None) -> None:
        statuses.append(status)

    def call() -> bytes:
        env = dict(environ)
        if body is not None:
            env["wsgi.input"] = io.BytesIO(body)
        statuses.clear()
        answer = app(env, start_response)
        data = b"".join(answer)
        answer.close()
        if not statuses[0].startswith("200"):
            raise SystemExit(f"{endpoint.path} answered {statuses[0]}: {data[:200]!r}")
        return data

    return call


def per_call(call: Call, calls: int, repeats: int = 7) -> float:
    """Median over ``repeats`` of the mean µs of ``calls`` calls."""
    for _ in range(max(10, calls // 20)):
        call()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            call()
        samples.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(samples)


def stages(calls: int) -> list[tuple[str, Call]]:
    """The steps of the POST endpoints, each a call on the benchmark body."""
    from service.api.convert import dump_position, dump_removal, load_position, load_turn
    from service.api.json_provider import OrjsonProvider
    from service.api.schemas import PositionRequestSchema, TurnRequestSchema, _instance
    from service.rules import apply_turn, legal_removals, validate_turn

    raw = bodies()["position"]
    raw_turn = bodies()["turn"]
    provider = OrjsonProvider(_app())
    data, data_turn = json.loads(raw), json.loads(raw_turn)
    position_schema, turn_schema = _instance(PositionRequestSchema), _instance(TurnRequestSchema)
    loaded, loaded_turn = position_schema.load(data), turn_schema.load(data_turn)
    bench = bench_position(POSITION)
    position, turn = bench.position, bench.turn
    after, events = apply_turn(position, turn)
    removals = legal_removals(position)
    answer = {"position": dump_position(after), "events": [e.to_dict() for e in events]}
    return [
        ("JSON decode of the body (position)", lambda: provider.loads(raw)),
        ("schema load, position body", lambda: position_schema.load(data)),
        ("schema load, body with a turn", lambda: turn_schema.load(data_turn)),
        ("engine: parse_position (load_position)", lambda: load_position(loaded["position"])),
        ("engine: parse_turn_plan (load_turn)", lambda: load_turn(loaded_turn["turn"])),
        ("engine: legal_removals (fresh copy)", lambda: legal_removals(replace(position))),
        ("engine: validate_turn (fresh copy)", lambda: validate_turn(replace(position), turn)),
        ("engine: apply_turn (fresh copy)", lambda: apply_turn(replace(position), turn)),
        ("answer: removals to dicts", lambda: [dump_removal(r) for r in removals]),
        ("answer: apply to dicts", lambda: (dump_position(after), [e.to_dict() for e in events])),
        ("answer: apply encoded (orjson)", lambda: provider.dumpb(answer)),
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("endpoint", nargs="?", choices=[e.name for e in ENDPOINTS])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime", help="a pstats sort key: tottime, cumulative …")
    parser.add_argument("--stages", action="store_true", help="time the steps of a POST one by one")
    args = parser.parse_args(argv)
    if args.stages:
        for label, call in stages(args.calls):
            print(f"{label:<42} {per_call(call, args.calls // 4):8.1f} µs")
        return
    app = _app()
    if args.endpoint is None:
        print(f"In-process µs per request ({POSITION} bodies; reach {REACH_POINTS} points), no server:")
        for endpoint in ENDPOINTS:
            print(
                f"  {endpoint.method:<4} {endpoint.path:<22} {per_call(wsgi_call(app, endpoint), 300):8.0f}"
            )
        return
    call = wsgi_call(app, next(e for e in ENDPOINTS if e.name == args.endpoint))
    call()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(args.calls):
        call()
    profiler.disable()
    pstats.Stats(profiler).strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
