"""Memory of one gunicorn worker under a long mixed load.

    python -m bench.http_memory [--requests 100000] [--max-seconds 120] [--connections 4]
                                [--markdown] [--strict]

Starts the service with the project's settings but one worker (WEB_CONCURRENCY=1) and no
worker recycling (``max_requests = 0``, so the same process serves every request and
any growth shows), then sends ``--requests`` requests with wrk: every endpoint of
bench/server.py in turn, plus a 400 (a malformed body) and a 422 (an unknown seat),
with the 4-player mid-game bodies. The worker's memory (``/proc/<pid>/status``: VmRSS
and its anonymous / file parts; Pss from ``smaps_rollup``) is sampled after a warm-up
of ``--warm-up`` seconds and after about every further ``--chunk`` requests (wrk runs for
a time, not a count, so each run is sized by the rate measured so far). On a machine
busy with other work the requests may not all fit in ``--max-seconds`` of load: the run
then stops there and says how many were sent.

Targets: VmRSS below 80 MiB at the end, and no growth after the warm-up (less than
``--growth-limit`` MiB, allowing for the allocator's page granularity).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Final

from bench.server import (
    ENDPOINTS,
    POSITION,
    RESULTS,
    Endpoint,
    Server,
    memory,
    run_wrk,
    table,
    write_requests,
)
from service import gunicorn_conf

LIMIT_MIB: Final = 80.0

#: Every endpoint, and two error answers (400 and 422).
MIX: Final = [
    *ENDPOINTS,
    Endpoint("malformed", "POST", "/v1/removals", "malformed", None),
    Endpoint("invalid", "POST", "/v1/goal", "invalid", None),
]
ERRORS_IN_MIX: Final = 2


def mib(kib: int) -> str:
    return f"{kib / 1024:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--warm-up", type=float, default=10.0, help="seconds of load before the first sample")
    parser.add_argument("--chunk", type=int, default=10_000, help="requests between samples")
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--max-seconds", type=float, default=120.0, help="stop the load after this long")
    parser.add_argument("--growth-limit", type=float, default=1.0, help="MiB of VmRSS growth allowed")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)

    samples: list[tuple[int, dict[str, int]]] = []
    sent = errors = 0
    started = time.monotonic()
    settings = {"workers": 1, "max_requests": 0, "max_requests_jitter": 0}
    with (
        tempfile.TemporaryDirectory() as tmp,
        Server(settings=settings, log=RESULTS / "memory-gunicorn.log") as server,
    ):
        listing = write_requests(Path(tmp), MIX, "mix")
        (worker,) = server.workers()
        samples.append((0, memory(worker)))
        rate = 0.0
        deadline = time.monotonic() + args.max_seconds
        while sent < args.requests and time.monotonic() < deadline - 1:
            want = min(args.chunk, args.requests - sent)
            seconds = max(1.0, want / rate) if rate else args.warm_up
            seconds = min(seconds, max(1.0, deadline - time.monotonic()))
            result = run_wrk(server.port, listing, seconds, args.connections)
            sent += result["requests"]
            errors += result["connect_errors"] + result["read_errors"] + result["timeouts"]
            rate = result["requests"] / (result["duration_us"] / 1e6)
            samples.append((sent, memory(worker)))
            print(f"  {sent:>7,} requests: VmRSS {mib(samples[-1][1]['VmRSS'])} MiB", file=sys.stderr)
        if server.workers() != [worker]:
            raise SystemExit("the worker was replaced during the run")
        master = memory(server.process.pid) if server.process else {}
    elapsed = time.monotonic() - started

    warm = samples[1][1]
    end = samples[-1][1]
    peak = max(s[1]["VmRSS"] for s in samples[1:])
    growth = (end["VmRSS"] - warm["VmRSS"]) / 1024
    below = end["VmRSS"] / 1024 < LIMIT_MIB
    flat = growth < args.growth_limit
    cut = ""
    if sent < args.requests:
        cut = f", stopped after {args.max_seconds:g} s of load short of {args.requests:,}"
    lines = [
        f"Memory benchmark: {sent:,} mixed requests ({len(MIX)} kinds in turn, {ERRORS_IN_MIX} of them "
        f"errors) to one {gunicorn_conf.worker_class} worker, max_requests 0, {args.connections} "
        "connections, bodies from "
        f"{POSITION}; {elapsed:.0f} s{cut}",
        f"Master process: VmRSS {mib(master.get('VmRSS', 0))} MiB, Pss {mib(master.get('Pss', 0))} MiB",
    ]
    if args.markdown:
        lines = [f"- {line}" for line in lines]
    head = ["after requests", "VmRSS MiB", "RssAnon MiB", "RssFile MiB", "Pss MiB"]
    rows = [
        [
            f"{n:,}" + (" (start)" if n == 0 else " (warm)" if i == 1 else ""),
            mib(m["VmRSS"]),
            mib(m["RssAnon"]),
            mib(m["RssFile"]),
            mib(m.get("Pss", 0)),
        ]
        for i, (n, m) in enumerate(samples)
    ]
    lines += ["", *table(head, rows, args.markdown), ""]
    verdicts = [
        f"VmRSS at the end {mib(end['VmRSS'])} MiB (peak {mib(peak)}) < {LIMIT_MIB:.0f} MiB: "
        + ("PASS" if below else "MISS"),
        f"growth after warm-up {growth:+.2f} MiB (< {args.growth_limit:g} MiB): "
        + ("PASS" if flat else "MISS"),
    ]
    if errors:
        verdicts.append(f"{errors} connection errors or timeouts")
    lines += [f"- {v}" for v in verdicts] if args.markdown else verdicts
    print("\n".join(lines))
    return 1 if args.strict and not (below and flat and not errors) else 0


if __name__ == "__main__":
    sys.exit(main())
