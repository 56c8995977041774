"""Where a gunicorn worker's CPU time goes, layer by layer, under load on one endpoint.

    python -m bench.worker_profile [ENDPOINT …] [--seconds 10] [--connections 4] [--top 0] [--markdown]

Starts the service with the project's gunicorn settings, as the HTTP benchmark does,
with hooks through which every worker samples its own stack on CPU time
(``setitimer(ITIMER_PROF)``: user and system time of the process, so waiting for a
request never shows, and a busy neighbour, which makes a wall-clock sampler such as
py-spy see the worker "in" whatever call it was preempted in, does not skew it) and
writes the samples when it stops. The kernel delivers the timer on its clock ticks, so
there are a few hundred samples per CPU second at most: a run needs seconds per
endpoint. wrk sends each endpoint's request (bench/server.py, the HTTP benchmark's
bodies) for ``--seconds``, the default endpoints being the floor and the POSTs with the
most work.

A sample belongs to the layer of the most specific frame on its stack that names one
(:data:`LAYERS`: the engine's reading and checking of a position beats marshmallow,
marshmallow beats webargs' parse, anything inside the view beats the decorators around
it, and those beat Flask, and everything beats gunicorn). A layer's
share of the samples times the worker's CPU time per request (from /proc, over the same
load) is its µs per request. The sampler's own cost is its own row; it is small but not
nothing, so the totals run a little above the HTTP benchmark's.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, FrameType
from typing import Any, Final

from bench.server import (
    BARE,
    ENDPOINTS,
    POSITION,
    RESULTS,
    Endpoint,
    Server,
    cpu_seconds,
    request,
    run_wrk,
    table,
    write_requests,
)

#: Where the worker writes its samples: a directory, one file per worker process.
OUT_ENV: Final = "BENCH_WORKER_PROFILE"
INTERVAL: Final = 0.001
DEFAULT_ENDPOINTS: Final = ("bare", "healthz", "removals", "reach", "turns/validate", "turns/apply")

# ----------------------------------------------------------------- in the worker

_samples: Counter[tuple[CodeType, ...]] = Counter()


def _sample(signum: int, frame: FrameType | None) -> None:
    stack = []
    while frame is not None:
        stack.append(frame.f_code)
        frame = frame.f_back
    _samples[tuple(stack)] += 1


def post_worker_init(worker: Any) -> None:
    """gunicorn hook (in the worker, once the app is loaded): start sampling."""
    if os.environ.get(OUT_ENV):
        signal.signal(signal.SIGPROF, _sample)
        signal.setitimer(signal.ITIMER_PROF, INTERVAL, INTERVAL)


def worker_exit(server: Any, worker: Any) -> None:
    """gunicorn hook (in the worker as it stops, and in the master): write the samples."""
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    out = os.environ.get(OUT_ENV)
    if not out or not _samples:
        return
    lines = []
    for stack, count in _samples.items():
        frames = ";".join(f"{_where(code.co_filename)}:{code.co_name}" for code in stack)
        lines.append(f"{count}\t{frames}\n")
    Path(out, f"{os.getpid()}.folded").write_text("".join(lines))


def _where(filename: str) -> str:
    """A frame's file as a path from its package (``service/terra_turrium/take.py``,
    ``flask/app.py``), or its bare name for the standard library (``socket.py``)."""
    parts = Path(filename).parts
    if "site-packages" in parts:
        return "/".join(parts[len(parts) - parts[::-1].index("site-packages") :])
    for anchor in ("service", "bench"):
        if anchor in parts:
            return "/".join(parts[len(parts) - 1 - parts[::-1].index(anchor) :])
    return parts[-1] if parts else filename


# ----------------------------------------------------------------------- layers


@dataclass(frozen=True)
class Layer:
    name: str
    rank: int
    """The most specific layer on a stack wins: the highest rank, then the innermost frame."""
    files: tuple[str, ...]
    """Path prefixes (as :func:`_where` writes them) of the frames that name it."""
    functions: tuple[str, ...] = ()
    """Function names within those files; empty for any; ``*_to_dict`` style suffixes
    are written with a leading ``*``."""

    def names(self, file: str, function: str) -> bool:
        if not file.startswith(self.files):
            return False
        if not self.functions:
            return True
        return any(function.endswith(f[1:]) if f.startswith("*") else function == f for f in self.functions)


VIEWS: Final = (
    *(f"service/api/terra_turrium/{m}.py" for m in ("queries", "turns", "notation", "game")),
    "bench/bare_app.py",
    "service/api/meta.py",
)

#: The layers of a request, in the order of the table.
LAYERS: Final = (
    Layer("gunicorn: accept, read, parse, write, close", 1, ("gunicorn/", "socket.py", "selectors.py")),
    Layer("gunicorn: access log", 10, ("gunicorn/glogging.py",), ("access",)),
    Layer("Flask, werkzeug: environ, routing, contexts, Request/Response", 2, ("flask/", "werkzeug/")),
    # webargs' and flask-smorest's decorators wrap the view: their frames are on every
    # stack of the view, so they rank below every layer inside it.
    Layer("flask-smorest, webargs: wrappers around the view", 3, ("flask_smorest/", "webargs/")),
    # The per-request hooks (service/api/envelope.py, metrics.py), each its own row: the
    # frames named are the hooks' own (the middlewares' __call__ wraps the whole request),
    # and flask-cors's and prometheus_client's frames run inside them.
    Layer(
        "hook: request id and body size",
        6,
        ("service/api/envelope.py",),
        ("_begin", "_request_id", "_refuse_large_bodies"),
    ),
    Layer(
        "hook: CORS (flask-cors)",
        6,
        ("flask_cors/", "service/api/envelope.py"),
        ("cors_after_request", "_needs_cors"),
    ),
    Layer(
        "hook: headers (id, hardening, fixed)",
        6,
        ("service/api/envelope.py", "service/api/__init__.py"),
        ("add_headers", "_headers", "_add_rules_version"),
    ),
    Layer(
        "hook: metrics (prometheus_client)", 6, ("service/api/metrics.py",), ("_record", "_start", "_observe")
    ),
    Layer("webargs: parse (location, hooks)", 5, ("webargs/core.py",), ("parse",)),
    Layer("webargs: request schema instantiated", 10, ("webargs/core.py",), ("_get_schema",)),
    Layer("read body (content type, stream)", 7, ("service/api/declare/transport.py",), ("load_json",)),
    Layer("decode: JSON bytes to Python", 10, ("service/api/json_provider.py",), ("loads",)),
    Layer("check: marshmallow's load", 7, ("marshmallow/",)),
    Layer(
        "check: engine reads position/turn",
        10,
        ("service/terra_turrium/wire/codec.py", "service/terra_turrium/notation.py"),
        ("read_position", "parse_turn_plan", "parse_origin", "read_notation"),
    ),
    Layer("check: check_position", 10, ("service/terra_turrium/position.py",), ("check_position",)),
    Layer("the question: engine (the view)", 8, VIEWS),
    Layer("encode: codec *_to_dict", 10, ("service/terra_turrium/wire/codec.py",), ("*_to_dict",)),
    Layer("answer schema dump", 7, ("service/common/schema.py",), ("dump", "_serialize")),
    Layer("encode: JSON and Response", 9, ("service/api/json_provider.py",), ("dumpb", "response")),
    Layer("profiler (this sampler)", 20, ("bench/worker_profile.py",), ("_sample",)),
)
OTHER: Final = "other"


def layer_of(frames: list[tuple[str, str]]) -> str:
    """The layer of a stack, innermost frame first."""
    best: Layer | None = None
    for file, function in frames:
        for layer in LAYERS:
            if layer.names(file, function) and (best is None or layer.rank > best.rank):
                best = layer
    return best.name if best is not None else OTHER


def read_samples(directory: Path) -> Counter[tuple[tuple[str, str], ...]]:
    stacks: Counter[tuple[tuple[str, str], ...]] = Counter()
    for path in directory.glob("*.folded"):
        for line in path.read_text().splitlines():
            count, _, folded = line.partition("\t")
            frames = tuple((f.rsplit(":", 1)[0], f.rsplit(":", 1)[1]) for f in folded.split(";"))
            stacks[frames] += int(count)
    return stacks


# ------------------------------------------------------------------- the driver


@dataclass
class Profile:
    endpoint: Endpoint
    requests: int
    cpu_us: float
    """gunicorn's CPU µs per request (master and workers) over the load, from /proc."""
    layers: Counter[str]
    leaves: Counter[str]


def profile(endpoint: Endpoint, seconds: float, connections: int) -> Profile:
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        out = Path(tmp, "samples")
        out.mkdir()
        os.environ[OUT_ENV] = str(out)
        hooks = "from bench.worker_profile import post_worker_init, worker_exit  # noqa: F401\n"
        try:
            app = "bench.bare_app:app" if endpoint is BARE else None
            with Server(config=hooks, app=app, log=RESULTS / "profile-gunicorn.log") as server:
                listing = write_requests(Path(tmp), [endpoint], "load")
                for _ in range(20):
                    request(server.port, endpoint)
                assert server.process is not None
                before = cpu_seconds(server.process.pid)
                result = run_wrk(server.port, listing, seconds, connections)
                cpu = cpu_seconds(server.process.pid) - before
        finally:
            del os.environ[OUT_ENV]
        time.sleep(0.1)
        stacks = read_samples(out)
    layers: Counter[str] = Counter()
    leaves: Counter[str] = Counter()
    for frames, count in stacks.items():
        layers[layer_of(list(frames))] += count
        leaves[f"{frames[0][1]} ({frames[0][0]})"] += count
    requests = int(result["requests"])
    return Profile(endpoint, requests, cpu / max(1, requests) * 1e6, layers, leaves)


def report(profiles: list[Profile], top: int, markdown: bool) -> list[str]:
    names = [layer.name for layer in LAYERS] + [OTHER]
    head = ["layer (CPU µs per request)"] + [p.endpoint.name for p in profiles]
    rows = []
    for name in names:
        cells = []
        for p in profiles:
            total = sum(p.layers.values())
            share = p.layers[name] / total if total else 0.0
            cells.append(f"{share * p.cpu_us:,.0f}" if p.layers[name] else "·")
        if any(c != "·" for c in cells):
            rows.append([name, *cells])
    rows.append(["total (/proc)", *(f"{p.cpu_us:,.0f}" for p in profiles)])
    rows.append(["samples", *(f"{sum(p.layers.values()):,}" for p in profiles)])
    rows.append(["requests", *(f"{p.requests:,}" for p in profiles)])
    lines = [
        "CPU time of the gunicorn workers (project settings) by layer, sampled on CPU time "
        "(ITIMER_PROF); µs per request = the layer's share of the samples × gunicorn's CPU per "
        f"request (/proc); {POSITION} bodies",
    ]
    if markdown:
        lines = [f"- {line}" for line in lines]
    lines += ["", *table(head, rows, markdown)]
    for p in profiles if top else ():
        total = sum(p.leaves.values())
        lines += ["", f"{p.endpoint.name}: innermost functions, share of samples"]
        lines += [f"  {n / total:6.1%}  {leaf}" for leaf, n in p.leaves.most_common(top)]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "endpoints", nargs="*", metavar="ENDPOINT", help=", ".join(e.name for e in (BARE, *ENDPOINTS))
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--top", type=int, default=0, help="also list the N busiest innermost functions")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args(argv)
    chosen = args.endpoints or list(DEFAULT_ENDPOINTS)
    known = (BARE, *ENDPOINTS)
    unknown = sorted(set(chosen) - {e.name for e in known})
    if unknown:
        parser.error(f"unknown endpoint(s): {', '.join(unknown)}")
    profiles = []
    for name in chosen:
        endpoint = next(e for e in known if e.name == name)
        profiles.append(profile(endpoint, args.seconds, args.connections))
        print(f"  profiled {name}: {profiles[-1].requests:,} requests", file=sys.stderr)
    print("\n".join(report(profiles, args.top, args.markdown)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
