"""The request path in-process: CPU time per stage of every POST, and cProfile of one request.

    python -m bench.http_profiling [--calls 100] [--runs 9] [--load bench/results/http.json] [--markdown]
    python -m bench.http_profiling removals [--calls 2000] [--sort tottime] [--top 30]

Without an endpoint name it prints the stage table: for each POST endpoint of
bench/server.py, with the body bench/http_load.py sends (4-player mid-game), the CPU
time of each stage of a request, one after the other on the same data as a request
would run them:

``decode``
    the body's bytes to Python values, by the app's JSON provider (``app.json.loads``);
``check``
    the endpoint's request schema from service/terra_turrium/wire/queries.py loading those
    values (inside ``app.test_request_context()``): the engine's parsers read the
    position and the turn, then ``check_position`` checks its structural rules;
``engine``
    the engine call the view makes (``legal_removals``, ``apply_turn`` …; for
    ``/v1/notation``, ``write_notation``);
``encode``
    the codec's ``*_to_dict`` functions building the view's answer, then the app's JSON
    encoding (``app.json.dumpb``).

Then the whole request through the Flask app as a WSGI call (no server, no socket): the
stages plus Flask and werkzeug (environ, routing, request and response objects),
flask-smorest and webargs (reading the body, instantiating the schema, the answer
schema's ``dump``) and the after-request hook; ``framework`` is that call minus the
stages. ``GET /healthz`` (the HTTP benchmark's floor), ``/v1/setup`` and ``/v1/board``
have only the WSGI call. With ``--load``, the CPU time per request the same endpoint
cost through gunicorn in a saved HTTP run is shown beside it, and ``server`` is the
difference: gunicorn's sync worker (accept, parse, write, close) and its access log.

Every figure is CPU time of this process (``time.process_time_ns``, its own cost
measured and taken off), the mean over ``--calls`` requests of one run; the table gives
the median over ``--runs`` runs. The endpoints take turns within every run, so a
neighbour's burst on a shared machine disturbs one run of each rather than every run of
one. Each position comes fresh from ``check``, as in a request, so the engine meets cold
caches. Before timing, the stages' answer is checked to be byte for byte the app's.

With an endpoint name it runs that request ``--calls`` times through the app under
cProfile instead.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bench.server import ENDPOINTS, POSITION, Endpoint, bodies, table
from service.terra_turrium import (
    apply_turn,
    event_to_dict,
    goal_status,
    legal_captures,
    legal_placements,
    legal_removals,
    position_to_dict,
    progress_turn,
    reachable,
    square_name,
    validate_turn,
    violation_to_dict,
    winners,
    write_notation,
)
from service.terra_turrium.wire.codec import (
    capture_to_dict,
    goal_status_to_dict,
    reach_to_dict,
    removal_to_dict,
)

Call = Callable[[], Any]
STAGES: Final = ("decode", "check", "engine", "encode")


@dataclass(frozen=True)
class Route:
    """A POST endpoint taken apart: its request schema, the engine call of its view and
    the answer its view builds from the engine's result (service/api/terra_turrium)."""

    name: str
    schema: str
    """The request schema's name in service/terra_turrium/wire/queries.py."""
    engine: Callable[[dict[str, Any]], Any]
    answer: Callable[[Any], dict[str, Any]]


def _goal(query: dict[str, Any]) -> Any:
    position = query["position"]
    return (
        [goal_status(position, seat) for seat in position.seats],
        position.is_game_over,
        list(winners(position)),
    )


def _verdict(violation: Any) -> dict[str, Any]:
    return (
        {"legal": True} if violation is None else {"legal": False, "violation": violation_to_dict(violation)}
    )


def _played(result: Any) -> dict[str, Any]:
    position, events = result
    return {"position": position_to_dict(position), "events": [event_to_dict(e) for e in events]}


#: The views of service/api/terra_turrium/questions.py, turns.py and notation.py, stage by stage.
ROUTES: Final = (
    Route(
        "removals",
        "PositionQuery",
        lambda q: legal_removals(q["position"]),
        lambda r: {"removals": [removal_to_dict(x) for x in r]},
    ),
    Route(
        "placements",
        "PositionQuery",
        lambda q: legal_placements(q["position"]),
        lambda r: {"squares": [square_name(s) for s in r]},
    ),
    Route(
        "reach",
        "ReachQuery",
        lambda q: reachable(q["position"], q["origin"], q.get("points")),
        lambda r: {"reachable": [reach_to_dict(x) for x in r]},
    ),
    Route(
        "captures",
        "CapturesQuery",
        lambda q: legal_captures(q["position"], q.get("points")),
        lambda r: {"captures": [capture_to_dict(x) for x in r]},
    ),
    Route(
        "goal",
        "PositionQuery",
        _goal,
        lambda r: {"seats": [goal_status_to_dict(s) for s in r[0]], "game_over": r[1], "winners": r[2]},
    ),
    Route("turns/validate", "ValidateQuery", lambda q: validate_turn(q["position"], q["turn"]), _verdict),
    Route("turns/apply", "ApplyQuery", lambda q: apply_turn(q["position"], q["turn"]), _played),
    Route("turns/progress", "ApplyQuery", lambda q: progress_turn(q["position"], q["turn"]), _played),
    Route(
        "notation",
        "PositionQuery",
        lambda q: (write_notation(q["position"]), q["position"]),
        lambda r: {"notation": r[0], "position": position_to_dict(r[1])},
    ),
)


def _app() -> Any:
    from service import create_app

    return create_app()


def _endpoint(name: str) -> Endpoint:
    return next(e for e in ENDPOINTS if e.name == name)


def wsgi_call(app: Any, endpoint: Endpoint) -> Callable[[], bytes]:
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


def timer_cost() -> int:
    """Nanoseconds an empty interval between two ``process_time_ns`` calls reads as."""
    clock = time.process_time_ns
    samples = []
    for _ in range(5):
        start = clock()
        for _ in range(2000):
            clock()
        samples.append((clock() - start) // 2001)
    return min(samples)


class StageTimer:
    """One route's stages on one body, timed stage by stage."""

    def __init__(self, app: Any, route: Route) -> None:
        from service.terra_turrium.wire import queries

        self.app = app
        self.route = route
        self.raw = bodies()[_endpoint(route.name).body or ""]
        self.schema = getattr(queries, route.schema)()

    def once(self) -> bytes:
        """The answer's bytes, built stage by stage (for the comparison with the app's)."""
        data = self.app.json.loads(self.raw)
        query = self.schema.load(data)
        return bytes(self.app.json.dumpb(self.route.answer(self.route.engine(query))))

    def run(self, calls: int, overhead: int) -> list[float]:
        """Mean µs of each stage over ``calls`` requests (inside a request context)."""
        clock = time.process_time_ns
        loads, load, engine, answer, dumpb = (
            self.app.json.loads,
            self.schema.load,
            self.route.engine,
            self.route.answer,
            self.app.json.dumpb,
        )
        raw = self.raw
        totals = [0, 0, 0, 0]
        for _ in range(calls):
            t0 = clock()
            data = loads(raw)
            t1 = clock()
            query = load(data)
            t2 = clock()
            result = engine(query)
            t3 = clock()
            dumpb(answer(result))
            t4 = clock()
            totals[0] += t1 - t0
            totals[1] += t2 - t1
            totals[2] += t3 - t2
            totals[3] += t4 - t3
        return [max(0.0, (total / calls - overhead) / 1e3) for total in totals]


def whole(call: Call, calls: int) -> float:
    """Mean CPU µs of ``call`` over ``calls`` calls."""
    start = time.process_time_ns()
    for _ in range(calls):
        call()
    return (time.process_time_ns() - start) / calls / 1e3


@dataclass
class Measured:
    stages: dict[str, list[list[float]]]
    """Route name → one list of stage µs per run."""
    wsgi: dict[str, list[float]]
    """Endpoint name → µs of the whole request in-process, one per run."""


def measure(calls: int, runs: int) -> Measured:
    app = _app()
    timers = [StageTimer(app, route) for route in ROUTES]
    requests = {e.name: wsgi_call(app, e) for e in ENDPOINTS}
    with app.test_request_context():
        for timer in timers:
            expected = requests[timer.route.name]().rstrip(b"\n")
            if timer.once() != expected:
                raise SystemExit(f"the stages of {timer.route.name} do not build the app's answer")
    overhead = timer_cost()
    for call in requests.values():  # warm: imports, caches, the interpreter's specialisations
        for _ in range(max(10, calls // 5)):
            call()
    measured = Measured({t.route.name: [] for t in timers}, {name: [] for name in requests})
    by_name = {t.route.name: t for t in timers}
    for run in range(runs):
        # A different endpoint starts each run, so none is always first after a pause.
        shift = run % len(ENDPOINTS)
        for endpoint in ENDPOINTS[shift:] + ENDPOINTS[:shift]:
            stages = by_name.get(endpoint.name)
            if stages is not None:
                with app.test_request_context():
                    measured.stages[endpoint.name].append(stages.run(calls, overhead))
            measured.wsgi[endpoint.name].append(whole(requests[endpoint.name], calls))
        print(f"  stage profile: run {run + 1}/{runs}", file=sys.stderr)
    return measured


def _gunicorn_cpu(path: Path) -> tuple[str, dict[str, float]]:
    """The header line and the CPU µs per request of every endpoint of a saved HTTP run."""
    saved = json.loads(path.read_text())
    cpu = {}
    for name, runs in saved["runs"].items():
        requests = sum(int(r["requests"]) for r in runs)
        cpu[name] = sum(r["cpu_s"] for r in runs) / max(1, requests) * 1e6
    return saved["header"][0], cpu


def stage_table(measured: Measured, calls: int, runs: int, load: Path | None, markdown: bool) -> list[str]:
    gunicorn: dict[str, float] = {}
    source = ""
    if load is not None and load.exists():
        source, gunicorn = _gunicorn_cpu(load)
    rows = []
    for endpoint in ENDPOINTS:
        per_run = measured.stages.get(endpoint.name)
        wsgi = statistics.median(measured.wsgi[endpoint.name])
        if per_run:
            stages = [statistics.median(run[i] for run in per_run) for i in range(len(STAGES))]
            total = sum(stages)
            cells = [f"{s:,.0f}" for s in stages] + [f"{total:,.0f}"]
        else:
            total = 0.0
            cells = ["—"] * (len(STAGES) + 1)
        row = [
            endpoint.title,
            *cells,
            f"{wsgi:,.0f}",
            f"{wsgi - total:,.0f}",
        ]
        if gunicorn:
            through = gunicorn.get(endpoint.name)
            row += ["—", "—"] if through is None else [f"{through:,.0f}", f"{through - wsgi:,.0f}"]
        rows.append(row)
    head = ["endpoint", *STAGES, "stages", "in-process", "framework"]
    if gunicorn:
        head += ["gunicorn", "server"]
    lines = [
        f"Request path in-process, CPU µs per request ({POSITION} bodies): medians of {runs} interleaved "
        f"runs of {calls} requests; in-process is the whole request through the Flask app (WSGI), "
        "framework = in-process − stages"
        + (f"; gunicorn is CPU µs/req from {source}, server = gunicorn − in-process" if gunicorn else ""),
    ]
    if markdown:
        lines = [f"- {line}" for line in lines]
    return [*lines, "", *table(head, rows, markdown)]


def profile(name: str, calls: int, sort: str, top: int) -> None:
    call = wsgi_call(_app(), _endpoint(name))
    call()
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(calls):
        call()
    profiler.disable()
    pstats.Stats(profiler).strip_dirs().sort_stats(sort).print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("endpoint", nargs="?", choices=[e.name for e in ENDPOINTS])
    parser.add_argument("--calls", type=int, help="requests per run (100), per profile (2000)")
    parser.add_argument("--runs", type=int, default=9, help="interleaved runs; the table gives medians")
    parser.add_argument("--load", type=Path, help="a saved HTTP run (bench/results/http.json) to set beside")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime", help="a pstats sort key: tottime, cumulative …")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args(argv)
    if args.endpoint is not None:
        profile(args.endpoint, args.calls or 2000, args.sort, args.top)
        return 0
    calls = args.calls or 100
    measured = measure(calls, args.runs)
    print("\n".join(stage_table(measured, calls, args.runs, args.load, args.markdown)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
