"""The serving model compared, and one pod's capacity, under wrk.

    python -m bench.serving [--seconds 4] [--rounds 3] [--connections 8] [--markdown]
    python -m bench.serving --capacity [--seconds 10] [--rounds 3] [--connections 16]

The default compares gunicorn's sync, gthread and gevent workers (two each, the
machine's cores): ``GET /healthz`` and ``POST /v1/removals``, each kept alive and with a
new connection per request. Every model runs in every round (a fresh server each time,
the models interleaved so that a neighbour's burst on a shared machine hits them
alike); the table has the medians over the rounds of req/s, p50/p99 and the CPU time
gunicorn spent per request, then each process's memory after the load.

``--capacity`` measures what one pod serves: the project's settings with two workers
(the pod of deploy/kubernetes), every endpoint in turn, kept alive; then each endpoint
alone.

The bodies are the request examples of openapi.yaml (docs/examples: a 3-player game
after its first round). The server is ``python -m service`` on a free loopback port,
with the models' settings in a config file that imports the project's. wrk is the
Debian package; bench/wrk.lua sends the requests. Not part of ``make bench``:
``make bench-serving`` runs both.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bench.server import Server, children, cpu_seconds, table
from bench.server import memory as server_memory

ROOT: Final = Path(__file__).resolve().parent.parent
EXAMPLES: Final = ROOT / "docs" / "examples"
WRK_SCRIPT: Final = ROOT / "bench" / "wrk.lua"


@dataclass(frozen=True)
class Endpoint:
    method: str
    path: str
    body: str | None  # a file of docs/examples

    @property
    def label(self) -> str:
        return f"{self.method} {self.path.split('?')[0]}"


HEALTHZ: Final = Endpoint("GET", "/healthz", None)
REMOVALS: Final = Endpoint("POST", "/v1/removals", "removals.json")
#: Every endpoint that answers a question, for --capacity.
MIX: Final = (
    REMOVALS,
    Endpoint("POST", "/v1/placements", "placements.json"),
    Endpoint("POST", "/v1/reach", "reach.json"),
    Endpoint("POST", "/v1/captures", "captures.json"),
    Endpoint("POST", "/v1/goal", "goal.json"),
    Endpoint("POST", "/v1/turns/validate", "validate.json"),
    Endpoint("POST", "/v1/turns/apply", "apply.json"),
    Endpoint("POST", "/v1/notation", "notation.json"),
    Endpoint("GET", "/v1/setup?players=4", None),
    Endpoint("GET", "/v1/board", None),
    HEALTHZ,
)


@dataclass(frozen=True)
class Model:
    label: str
    settings: dict[str, Any]


#: gthread with 2 threads a worker, and with 4: a stalled body holds a thread for good.
MODELS: Final = (
    Model("sync, 2 workers", {"workers": 2, "worker_class": "sync"}),
    Model("gthread, 2 workers × 2 threads", {"workers": 2, "worker_class": "gthread", "threads": 2}),
    Model("gthread, 2 workers × 4 threads", {"workers": 2, "worker_class": "gthread", "threads": 4}),
    Model("gevent, 2 workers (project)", {"workers": 2}),
)


# ----------------------------------------------------------------------- the server


def memory(pid: int) -> dict[str, float]:
    """MiB: VmRSS and Pss of ``pid``."""
    kib = server_memory(pid)
    return {"rss": kib["VmRSS"] / 1024, "pss": kib.get("Pss", 0) / 1024}


def request(port: int, endpoint: Endpoint) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        body = (EXAMPLES / endpoint.body).read_bytes() if endpoint.body else None
        headers = {"Content-Type": "application/json"} if body else {}
        connection.request(endpoint.method, endpoint.path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


@contextmanager
def server(settings: dict[str, Any], directory: Path) -> Iterator[tuple[int, int]]:
    """``python -m service`` with ``settings`` over the project's (bench/server.py's
    :class:`Server`), every endpoint warm; yields the master's pid and the port."""
    with Server(settings=settings, log=directory / "gunicorn.log") as running:
        assert running.process is not None
        for endpoint in MIX:
            for _ in range(20):
                status = request(running.port, endpoint)
                if status != 200:
                    raise RuntimeError(f"{endpoint.label} answered {status}")
        yield running.process.pid, running.port


# ------------------------------------------------------------------------------ wrk


def wrk(
    port: int, endpoints: tuple[Endpoint, ...], seconds: float, connections: int, close: bool, directory: Path
) -> dict[str, Any]:
    """wrk (one thread) over ``endpoints`` in turn; its figures (bench/wrk.lua)."""
    listing = directory / "requests"
    listing.write_text(
        "".join(f"{e.method} {e.path} {EXAMPLES / e.body if e.body else '-'}\n" for e in endpoints)
    )
    binary = shutil.which("wrk")
    if binary is None:
        raise SystemExit(
            "wrk is not installed: `apt-get install -y wrk` (make bench-serving does it as root)"
        )
    env = dict(os.environ, WRK_REQUESTS=str(listing), WRK_CLOSE="1" if close else "0")
    command = [binary, "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "10s",
               "-s", str(WRK_SCRIPT), f"http://127.0.0.1:{port}"]
    result = subprocess.run(
        command, env=env, capture_output=True, text=True, timeout=seconds + 60, check=False
    )
    for line in result.stdout.splitlines():
        if line.startswith("WRK_RESULT "):
            figures: dict[str, Any] = json.loads(line.removeprefix("WRK_RESULT "))
            return figures
    raise RuntimeError(f"wrk gave no result:\n{result.stdout}\n{result.stderr}")


def rps(result: dict[str, Any]) -> float:
    return float(result["requests"] / (result["duration_us"] / 1e6))


def failures(result: dict[str, Any]) -> int:
    return int(sum(result[k] for k in ("status_errors", "timeouts", "read_errors", "connect_errors")))


#: The machine's load when the run started (a shared machine's neighbours show here).
LOAD_AT_START = os.getloadavg()[0]


def describe(args: argparse.Namespace, what: str) -> list[str]:
    import gunicorn

    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True,
                            text=True, check=False).stdout.strip()
    wrk_version = subprocess.run(["wrk", "--version"], capture_output=True, text=True, check=False)
    return [
        f"{what}, {time.strftime('%Y-%m-%dT%H:%M:%S')}, commit {commit or '?'}",
        f"CPython {platform.python_version()}, {len(os.sched_getaffinity(0))} cores, load average "
        f"{LOAD_AT_START:.1f} at the start; gunicorn {gunicorn.__version__}; "
        f"{(wrk_version.stdout or wrk_version.stderr).split('Copyright')[0].strip()}, 1 thread, "
        f"{args.connections} connections, loopback; bodies from docs/examples",
    ]


# ---------------------------------------------------------------------- the measures


def compare(args: argparse.Namespace, directory: Path) -> list[str]:
    runs: dict[tuple[str, str, bool], list[tuple[float, dict[str, Any]]]] = {}
    held: dict[str, list[tuple[float, float, float]]] = {}
    for round_ in range(args.rounds):
        for model in MODELS:
            with server(model.settings, directory) as (master, port):
                for endpoint in (HEALTHZ, REMOVALS):
                    for close in (False, True):
                        before = cpu_seconds(master)
                        result = wrk(port, (endpoint,), args.seconds, args.connections, close, directory)
                        runs.setdefault((model.label, endpoint.label, close), []).append(
                            (cpu_seconds(master) - before, result)
                        )
                workers = [memory(w) for w in children(master)]
                held.setdefault(model.label, []).append(
                    (memory(master)["rss"], max(w["rss"] for w in workers),
                     memory(master)["pss"] + sum(w["pss"] for w in workers))
                )
            print(f"  round {round_ + 1}/{args.rounds}: {model.label}", file=sys.stderr)
    rows = []
    for model in MODELS:
        for endpoint in (HEALTHZ, REMOVALS):
            cells = [model.label, endpoint.label]
            for close in (False, True):
                measured = runs[(model.label, endpoint.label, close)]
                cells += [
                    f"{statistics.median(rps(r) for _, r in measured):,.0f}",
                    f"{statistics.median(r['p50_us'] for _, r in measured) / 1e3:.2f}",
                    f"{statistics.median(r['p99_us'] for _, r in measured) / 1e3:.2f}",
                    f"{statistics.median(c / max(1, r['requests']) for c, r in measured) * 1e6:,.0f}",
                ]
                failed = sum(failures(r) for _, r in measured)
                if failed:
                    cells[-1] += f" ({failed} failed)"
            rows.append(cells)
    lines = describe(args, "Serving models compared")
    lines.append(
        f"{args.rounds} round(s) × {args.seconds:g} s per model, endpoint and connection mode; medians"
    )
    lines.append("")
    head = ["model", "endpoint"]
    for mode in ("keep-alive", "new conn."):
        head += [f"req/s {mode}", "p50 ms", "p99 ms", "CPU µs/req"]
    lines += table(head, rows, args.markdown)
    lines.append("")
    rows = [
        [model.label]
        + [f"{statistics.median(x[i] for x in held[model.label]):.1f}" for i in range(3)]
        for model in MODELS
    ]
    lines += table(
        ["model", "master VmRSS MiB", "largest worker VmRSS MiB", "PSS in all MiB"], rows, args.markdown
    )
    return lines


def capacity(args: argparse.Namespace, directory: Path) -> list[str]:
    mixed: list[tuple[float, dict[str, Any]]] = []
    alone: dict[str, list[float]] = {}
    rss: list[tuple[float, float]] = []
    short = max(2.0, args.seconds / 5)
    for round_ in range(args.rounds):
        with server({"workers": 2}, directory) as (master, port):
            before = cpu_seconds(master)
            result = wrk(port, MIX, args.seconds, args.connections, False, directory)
            mixed.append((cpu_seconds(master) - before, result))
            for endpoint in MIX:
                alone.setdefault(endpoint.label, []).append(
                    rps(wrk(port, (endpoint,), short, args.connections, False, directory))
                )
            workers = [memory(w)["rss"] for w in children(master)]
            rss.append((max(workers), memory(master)["rss"] + sum(workers)))
        print(f"  round {round_ + 1}/{args.rounds}", file=sys.stderr)
    lines = describe(args, "One pod's capacity (2 gevent workers, project settings)")
    lines.append(
        f"{args.rounds} round(s): every endpoint in turn for {args.seconds:g} s, then each alone for "
        f"{short:g} s; kept alive; medians"
    )
    lines.append("")
    lines.append(
        f"- every endpoint in turn: {statistics.median(rps(r) for _, r in mixed):,.0f} req/s "
        f"(rounds {', '.join(f'{rps(r):,.0f}' for _, r in mixed)}), "
        f"p50 {statistics.median(r['p50_us'] for _, r in mixed) / 1e3:.2f} ms, "
        f"p99 {statistics.median(r['p99_us'] for _, r in mixed) / 1e3:.2f} ms, "
        f"{statistics.median(c / max(1, r['requests']) for c, r in mixed) * 1e6:,.0f} µs of CPU a request, "
        f"{sum(failures(r) for _, r in mixed)} failed"
    )
    lines.append(f"- VmRSS after the load: largest worker {max(w for w, _ in rss):.1f} MiB, "
                 f"master and workers {max(t for _, t in rss):.1f} MiB")
    lines.append("")
    lines += table(["endpoint alone", "req/s"],
                   [[e.label, f"{statistics.median(alone[e.label]):,.0f}"] for e in MIX], args.markdown)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--capacity", action="store_true", help="one pod's capacity instead of the comparison"
    )
    parser.add_argument("--seconds", type=float, help="default 4, with --capacity 10")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, help="default 8, with --capacity 16")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    args.seconds = args.seconds or (10.0 if args.capacity else 4.0)
    args.connections = args.connections or (16 if args.capacity else 8)
    with tempfile.TemporaryDirectory() as tmp:
        lines = capacity(args, Path(tmp)) if args.capacity else compare(args, Path(tmp))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
