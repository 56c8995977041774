"""HTTP load benchmark: every endpoint through gunicorn, driven by wrk, against a floor.

    python -m bench.http_load [--seconds 2] [--rounds 5] [--connections 4] [--only NAME,…]
                              [--markdown] [--strict]
    python -m bench.http_load --report bench/results/http.json [--markdown] [--strict]
    python -m bench.http_load --compare [--seconds 4] [--rounds 3] [--connections 8] [--markdown]

Starts the service with the project's gunicorn settings on a free loopback port, and
beside it the bare Flask app of bench/bare_app.py on the same settings (worker class,
worker count, access log), and drives them with wrk (bench/wrk.lua) from a separate
process, one endpoint at a time. The floor is ``GET /healthz`` on the bare app: gunicorn
and Flask with a constant answer and nothing of the service, so every ratio shows all
the service adds, its own ``/healthz`` (the hooks every request pays) included. Every POST carries the
4-player mid-game position of bench/positions.py; reach asks for the mover's busiest
turrian, validate, apply and progress send the position's fixed legal turn.

The endpoints run in ``--rounds`` rounds of ``--seconds`` each, so that a neighbour's
burst on a shared machine falls into one round, not one endpoint. Within a round the
floor runs (for half as long) before every endpoint and once more at the end, and an
endpoint's ratio in that round is its throughput divided by the mean of the two floor
runs around it: a neighbour who starts or stops during a round moves both sides of the
ratio. req/s is over all rounds; p50 and p99 are the means of the rounds' percentiles.
"of floor" is the median of the endpoint's ratios over the rounds: the targets are
judged on it. The rounds are an odd number (5), so the median is one round's ratio and
two rounds disturbed by a neighbour, which on a shared machine cut an endpoint's or the
floor's throughput by half or more, cannot move it. "CPU µs/req" is the CPU time
gunicorn (master and workers) used per request, read from /proc, and "of floor (CPU)"
the floor's divided by the endpoint's: it leaves wrk out, and the neighbours' share of
the cores, but not what they do to the server's caches and clock, which weighs more on
the floor's short requests; a verdict it would give otherwise is marked (then run again
when the machine is quiet). wrk shares the machine's cores with gunicorn, and its own
cost per request is the same for every endpoint, which lifts every throughput ratio
towards 100 %.

``--compare`` measures gunicorn settings instead (see :data:`COMPARED`): worker counts and
classes, preload, worker recycling, the access log; each on a mixed load of every
endpoint, once with a new connection per request and once with keep-alive.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from bench.server import (
    BARE,
    BATCH_GAIN,
    COMPILED,
    ENDPOINTS,
    FLOOR,
    POSITION,
    RESULTS,
    ROOT,
    Endpoint,
    Server,
    bodies,
    children_cpu,
    cpu_seconds,
    machine_cpu,
    memory,
    request,
    run_wrk,
    table,
    write_requests,
    wrk_version,
)
from service import gunicorn_conf

WARM_UP_REQUESTS: Final = 20


@dataclass
class Figures:
    """One endpoint's runs: one per round, the floor's one per endpoint and round and one
    more at the end of each round."""

    runs: list[dict[str, Any]] = field(default_factory=list)

    def add(self, result: dict[str, Any], cpu: float, **more: Any) -> None:
        self.runs.append({**result, "cpu_s": cpu, **more})

    @property
    def requests(self) -> int:
        return sum(int(r["requests"]) for r in self.runs)

    @property
    def rps(self) -> float:
        seconds = sum(r["duration_us"] for r in self.runs) / 1e6
        return self.requests / seconds if seconds else 0.0

    def round_rps(self, i: int) -> float:
        run = self.runs[i]
        return float(run["requests"] / (run["duration_us"] / 1e6))

    @property
    def errors(self) -> int:
        keys = ("connect_errors", "read_errors", "write_errors", "timeouts", "status_errors")
        return sum(r[k] for r in self.runs for k in keys)

    @property
    def p50_ms(self) -> float:
        return statistics.fmean(r["p50_us"] for r in self.runs) / 1e3

    @property
    def p99_ms(self) -> float:
        return statistics.fmean(r["p99_us"] for r in self.runs) / 1e3

    @property
    def cpu_us(self) -> float:
        """gunicorn's CPU time (master and workers) per request."""
        return float(sum(r["cpu_s"] for r in self.runs)) / max(1, self.requests) * 1e6


def check(port: int, endpoint: Endpoint) -> None:
    """One request: it must be answered 200 with the expected kind of answer."""
    status, body = request(port, endpoint)
    if status != 200:
        raise SystemExit(f"{endpoint.method} {endpoint.path} answered {status}: {body[:300]!r}")
    answer = json.loads(body)
    if endpoint.name == "turns/validate" and answer != {"legal": True}:
        raise SystemExit(f"the benchmark turn is not legal: {answer}")
    if endpoint.name == "reach" and not answer["reachable"]:
        raise SystemExit("the benchmark turrian reaches nothing")
    if endpoint.name.startswith("batch/") and any(r["status"] != 200 for r in answer["responses"]):
        raise SystemExit(f"a benchmark batch question was refused: {answer['responses'][0]}")
    if endpoint.name == "replay" and not all(t["legal"] for t in answer["turns"]):
        raise SystemExit("the benchmark game has an illegal turn")


def warm_up(port: int, endpoints: list[Endpoint]) -> None:
    for endpoint in endpoints:
        check(port, endpoint)
        for _ in range(WARM_UP_REQUESTS):
            request(port, endpoint)


def _git_commit() -> str:
    result = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    return result.stdout.strip() or "?"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def header(settings: str, args: argparse.Namespace) -> list[str]:
    import gunicorn

    sizes = ", ".join(
        f"{name} {len(body):,} B" for name, body in bodies().items() if name in {"position", "turn"}
    )
    return [
        f"HTTP benchmark, {time.strftime('%Y-%m-%dT%H:%M:%S')}, commit {_git_commit()}",
        f"CPython {platform.python_version()} on {_cpu()}, {len(os.sched_getaffinity(0))} cores; "
        f"gunicorn {gunicorn.__version__} ({settings}); {wrk_version()}, 1 thread, "
        f"{args.connections} connections, loopback",
        f"{args.rounds} round(s) × {args.seconds:g} s per endpoint, the floor (a bare Flask app, "
        f"bench/bare_app.py, on the same settings) {max(1.0, args.seconds / 2):g} s before each "
        "and at the end of every round; "
        f"bodies from {POSITION} ({sizes})",
    ]


def endpoint_table(figures: dict[str, Figures], markdown: bool) -> tuple[list[str], bool]:
    """The table, and whether every target passed.

    "of floor" is the median over the rounds of the endpoint's throughput ÷ the mean of
    the floor runs around it, and the targets are judged on it; "of floor (CPU)" is the
    floor's CPU time per request ÷ the endpoint's, the server's work alone. A verdict the
    CPU ratio would give otherwise is marked with an asterisk. The floor is the bare
    Flask app (runs saved before it was measured: the service's /healthz).
    """
    floor_endpoint = BARE if BARE.name in figures else FLOOR
    floor = figures[floor_endpoint.name]

    def floor_rps(i: int, run: dict[str, Any]) -> float:
        # The floor runs around this one (runs saved before the floor was bracketed: the
        # round's one floor run).
        return statistics.fmean(floor.round_rps(j) for j in run.get("floor_runs", [i]))

    rows, all_pass, disagree = [], True, False
    for endpoint in (BARE, *ENDPOINTS):
        if endpoint.name not in figures:
            continue  # a saved run from before the endpoint was measured
        f = figures[endpoint.name]
        if endpoint is floor_endpoint:
            ratio = 1.0
        else:
            ratio = statistics.median(f.round_rps(i) / floor_rps(i, r) for i, r in enumerate(f.runs))
        cpu_ratio = floor.cpu_us / f.cpu_us if f.cpu_us else 0.0
        if endpoint is floor_endpoint:
            target, verdict = "floor", ""
        elif endpoint.target is None:
            target, verdict = "", ""
        else:
            target = f"≥ {endpoint.target:.0%}"
            verdict = "PASS" if ratio >= endpoint.target else "FAIL"
            all_pass &= verdict == "PASS"
            if (ratio >= endpoint.target) != (cpu_ratio >= endpoint.target):
                verdict += "*"
                disagree = True
        if f.errors:
            verdict = (verdict + f" ({f.errors} errors)").strip()
            all_pass = False
        rows.append(
            [
                endpoint.title,
                f"{f.rps:,.0f}",
                f"{ratio:.1%}",
                f"{f.p50_ms:.2f}",
                f"{f.p99_ms:.2f}",
                f"{f.cpu_us:,.0f}",
                f"{cpu_ratio:.1%}",
                target,
                verdict,
            ]
        )
    head = [
        "endpoint",
        "req/s",
        "of floor",
        "p50 ms",
        "p99 ms",
        "CPU µs/req",
        "of floor (CPU)",
        "target",
        "verdict",
    ]
    lines = table(head, rows, markdown)
    if disagree:
        lines += [
            "",
            "* the CPU ratio says otherwise: the machine was busy during some rounds, or the "
            "endpoint is near its target (see bench/results/http.json); run again when it is quiet",
        ]
    gain_lines, gains_pass = batch_gains(figures)
    return [*lines, "", *gain_lines], all_pass and gains_pass


def batch_gains(figures: dict[str, Figures]) -> tuple[list[str], bool]:
    """Reach questions answered per second, one per request and in batches: a batch must
    answer :data:`BATCH_GAIN` times as many (the median over the rounds of each round's
    ratio, since a round's runs are minutes apart at most)."""
    single = figures.get("reach")
    lines, all_pass = [], True
    if single is None:
        return lines, all_pass
    for endpoint in ENDPOINTS:
        if endpoint.questions == 1 or endpoint.name not in figures or not figures[endpoint.name].runs:
            continue
        batched = figures[endpoint.name]
        gain = statistics.median(
            batched.round_rps(i) * endpoint.questions / single.round_rps(i) for i in range(len(batched.runs))
        )
        verdict = "PASS" if gain >= BATCH_GAIN else "FAIL"
        all_pass &= verdict == "PASS"
        lines.append(
            f"reach questions/s, batches of {endpoint.questions}: {batched.rps * endpoint.questions:,.0f} "
            f"against {single.rps:,.0f} one per request, {gain:.1f}× (target ≥ {BATCH_GAIN:g}×) {verdict}"
        )
    return lines, all_pass


def run_endpoints(args: argparse.Namespace) -> int:
    measured = [e for e in ENDPOINTS if e is FLOOR or not args.only or e.name in args.only]
    figures = {endpoint.name: Figures() for endpoint in (BARE, *measured)}
    # The service with its engines compiled (make compile), when built: every endpoint runs
    # on it right after the pure one, between the same two floor runs.
    compiled = args.compiled and (COMPILED / "service").is_dir()
    compiled_figures = {e.name: (figures[e.name] if e is BARE else Figures()) for e in (BARE, *measured)}
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory())
        server = stack.enter_context(Server(log=RESULTS / "http-gunicorn.log"))
        bare = stack.enter_context(Server(app="bench.bare_app:app", log=RESULTS / "http-bare-gunicorn.log"))
        if compiled:
            compiled_server = stack.enter_context(
                Server(root=COMPILED, log=RESULTS / "http-compiled-gunicorn.log")
            )
            warm_up(compiled_server.port, measured)
        directory = Path(tmp)
        lists = {e.name: write_requests(directory, [e], e.name.replace("/", "-")) for e in (BARE, *measured)}
        warm_up(server.port, measured)
        warm_up(bare.port, [BARE])
        workers = len(server.workers())
        floor_seconds = max(1.0, args.seconds / 2)

        def measure(
            endpoint: Endpoint, seconds: float, round_: int, on_compiled: bool = False, **more: Any
        ) -> None:
            serving = bare if endpoint is BARE else compiled_server if on_compiled else server
            into = compiled_figures if on_compiled else figures
            assert serving.process is not None
            master = serving.process.pid
            before, wrk_before, (busy_before, total_before) = (
                cpu_seconds(master),
                children_cpu(),
                machine_cpu(),
            )
            result = run_wrk(serving.port, lists[endpoint.name], seconds, args.connections)
            cpu = cpu_seconds(master) - before
            wrk = children_cpu() - wrk_before
            busy, total = machine_cpu()
            # Whatever else ran on the machine meanwhile, as a share of all its cores.
            others = (busy - busy_before - cpu - wrk) / max(1e-9, total - total_before)
            into[endpoint.name].add(result, cpu, wrk_cpu_s=wrk, others=max(0.0, others), **more)
            print(
                f"  round {round_ + 1}/{args.rounds} "
                f"{endpoint.name + (' compiled' if on_compiled else ''):<24} "
                f"{result['requests'] / (result['duration_us'] / 1e6):8,.0f} req/s",
                file=sys.stderr,
            )

        floor_runs = figures[BARE.name].runs
        for round_ in range(args.rounds):
            for endpoint in measured:
                measure(BARE, floor_seconds, round_)
                around = [len(floor_runs) - 1, len(floor_runs)]
                measure(endpoint, args.seconds, round_, floor_runs=around)
                if compiled:
                    measure(endpoint, args.seconds, round_, on_compiled=True, floor_runs=around)
            measure(BARE, floor_seconds, round_)
    head = header(f"project settings: {workers} {gunicorn_conf.worker_class} workers", args)
    if not args.only:  # a partial run does not replace the saved one
        RESULTS.mkdir(parents=True, exist_ok=True)
        raw = {name: f.runs for name, f in figures.items()}
        saved: dict[str, Any] = {"header": head, "runs": raw}
        if compiled:
            saved["compiled_runs"] = {
                name: f.runs for name, f in compiled_figures.items() if f is not figures[name]
            }
        (RESULTS / "http.json").write_text(json.dumps(saved, indent=1))
    return report(head, figures, args, compiled_figures if compiled else None)


def machine_lines(figures: dict[str, Figures]) -> list[str]:
    """What else used the machine's CPU during the runs (if the runs say): wrk, whose cost
    per request is the same for every endpoint and lifts every throughput ratio above the
    CPU ratio, and other processes."""
    runs = [r for f in figures.values() for r in f.runs if "others" in r]
    if not runs:
        return []
    shares = [r["others"] for r in runs]
    wrk_us = statistics.median(r["wrk_cpu_s"] / max(1, r["requests"]) * 1e6 for r in runs)
    return [
        f"wrk used {wrk_us:,.0f} µs of CPU per request (median over the runs); other processes "
        f"used {statistics.median(shares):.0%} of the machine's CPU during a run "
        f"({max(shares):.0%} in the busiest)"
    ]


def compiled_lines(figures: dict[str, Figures], compiled: dict[str, Figures], markdown: bool) -> list[str]:
    """Each endpoint's share of the floor, pure and compiled, throughput / CPU."""
    floor = figures[BARE.name]
    rows = []
    for endpoint in ENDPOINTS:
        if endpoint.name not in compiled or not compiled[endpoint.name].runs:
            continue
        cells = [endpoint.title]
        for f in (figures[endpoint.name], compiled[endpoint.name]):
            ratio = statistics.median(
                f.round_rps(i) / statistics.fmean(floor.round_rps(j) for j in run["floor_runs"])
                for i, run in enumerate(f.runs)
            )
            cells += [f"{ratio:.1%} / {floor.cpu_us / f.cpu_us:.1%}", f"{f.cpu_us:,.0f}"]
        rows.append(cells)
    title = "Pure Python against the engines compiled by mypyc: of floor (throughput / CPU), CPU µs/req"
    head = ["endpoint", "pure, of floor", "pure µs", "compiled, of floor", "compiled µs"]
    return [
        "",
        f"**{title}**" if markdown else title,
        *([""] if markdown else []),
        *table(head, rows, markdown),
    ]


def report(
    head: list[str], figures: dict[str, Figures], args: argparse.Namespace,
    compiled: dict[str, Figures] | None = None,
) -> int:
    head = [*head, *machine_lines(figures)]
    lines = [f"- {line}" for line in head] if args.markdown else list(head)
    table_lines, all_pass = endpoint_table(figures, args.markdown)
    print("\n".join([*lines, "", *table_lines]))
    if compiled is not None:
        compiled_table, _ = endpoint_table(compiled, args.markdown)
        title = "The same, the engines compiled by mypyc (make compile)"
        print("\n".join(["", f"**{title}**" if args.markdown else title, "", *compiled_table]))
        print("\n".join(compiled_lines(figures, compiled, args.markdown)))
    return 1 if args.strict and not all_pass else 0


def report_file(path: Path, args: argparse.Namespace) -> int:
    """The table of a run saved in ``path`` (bench/results/http.json)."""
    saved = json.loads(path.read_text())
    figures = {name: Figures(runs) for name, runs in saved["runs"].items()}
    compiled = None
    if "compiled_runs" in saved:
        compiled = {name: Figures(runs) for name, runs in saved["compiled_runs"].items()}
        compiled[BARE.name] = figures[BARE.name]
    return report(saved["header"], figures, args, compiled)


# ------------------------------------------------------------------ gunicorn settings


@dataclass(frozen=True)
class Setting:
    label: str
    settings: dict[str, Any]


#: The settings compared by --compare: each a set of overrides of service/gunicorn_conf.py.
COMPARED: Final = (
    Setting("sync, 1 worker", {"workers": 1}),
    Setting("sync, 2 workers", {"workers": 2}),
    Setting("sync, 3 workers", {"workers": 3}),
    Setting("sync, 4 workers", {"workers": 4}),
    Setting("gthread, 1 worker × 2 threads", {"workers": 1, "worker_class": "gthread", "threads": 2}),
    Setting("gthread, 2 workers × 2 threads", {"workers": 2, "worker_class": "gthread", "threads": 2}),
    Setting("gthread, 2 workers × 4 threads", {"workers": 2, "worker_class": "gthread", "threads": 4}),
    Setting("gthread, 4 workers × 2 threads", {"workers": 4, "worker_class": "gthread", "threads": 2}),
    Setting("sync, 2 workers, no preload", {"workers": 2, "preload_app": False}),
    Setting(
        "sync, 2 workers, max_requests 500 ± 50",
        {"workers": 2, "max_requests": 500, "max_requests_jitter": 50},
    ),
    Setting("sync, 2 workers, no access log", {"workers": 2, "accesslog": None}),
)

#: The mixed load of --compare: every endpoint in turn, the floor too.
MIX: Final = [e for e in ENDPOINTS if e.questions == 1 and e.name != "replay"]


def run_compare(args: argparse.Namespace) -> int:
    """Every setting in every round (a fresh server each time); medians over the rounds."""
    runs: dict[tuple[str, bool], list[tuple[float, dict[str, Any]]]] = {}
    boot: dict[str, list[float]] = {}
    pss: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        listing = write_requests(Path(tmp), MIX, "mix")
        for round_ in range(args.rounds):
            for setting in COMPARED:
                with Server(settings=setting.settings, log=RESULTS / "compare-gunicorn.log") as server:
                    assert server.process is not None
                    master = server.process.pid
                    warm_up(server.port, MIX)
                    for close in (True, False):
                        before = cpu_seconds(master)
                        result = run_wrk(server.port, listing, args.seconds, args.connections, close=close)
                        runs.setdefault((setting.label, close), []).append(
                            (cpu_seconds(master) - before, result)
                        )
                    workers = [master, *server.workers()]
                    pss.setdefault(setting.label, []).append(
                        sum(memory(p).get("Pss", 0) for p in workers) / 1024
                    )
                boot.setdefault(setting.label, []).append(server.boot_seconds)
                print(f"  round {round_ + 1}/{args.rounds} {setting.label}", file=sys.stderr)

    def rps(result: dict[str, Any]) -> float:
        return float(result["requests"] / (result["duration_us"] / 1e6))

    rows = []
    for setting in COMPARED:
        cells = [setting.label]
        for close in (True, False):
            measured = runs[(setting.label, close)]
            cells += [
                f"{statistics.median(rps(r) for _, r in measured):,.0f}",
                f"{statistics.median(r['p50_us'] for _, r in measured) / 1e3:.2f}",
                f"{statistics.median(r['p99_us'] for _, r in measured) / 1e3:.2f}",
                f"{statistics.median(cpu / max(1, r['requests']) for cpu, r in measured) * 1e6:,.0f}",
            ]
            errors = sum(
                r[k]
                for _, r in measured
                for k in ("status_errors", "timeouts", "read_errors", "connect_errors")
            )
            if errors:
                cells[-1] += f" ({errors} errors)"
        cells += [
            f"{statistics.median(boot[setting.label]):.2f}",
            f"{statistics.median(pss[setting.label]):.0f}",
        ]
        rows.append(cells)
    lines = header("settings compared", args)
    lines[-1] = (
        f"{args.rounds} round(s) × {args.seconds:g} s per setting and connection mode, medians over the "
        f"rounds; a mixed load of every endpoint in turn, bodies from {POSITION}"
    )
    if args.markdown:
        lines = [f"- {line}" for line in lines]
    head = ["gunicorn setting"]
    for mode in ("new conn.", "keep-alive"):
        head += [f"req/s {mode}", "p50 ms", "p99 ms", "CPU µs/req"]
    head += ["boot s", "PSS MiB"]
    print("\n".join([*lines, "", *table(head, rows, args.markdown)]))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, help="load per endpoint and round (2), per setting (8)")
    parser.add_argument("--rounds", type=int, help="default 5, with --compare 3")
    parser.add_argument("--connections", type=int, help="default 4, with --compare 8")
    parser.add_argument("--compare", action="store_true", help="compare gunicorn settings instead")
    parser.add_argument(
        "--only",
        type=lambda text: set(text.split(",")),
        default=set(),
        help="measure only these endpoints (names as in the progress lines, comma-separated) "
        "beside the floor, without saving the run",
    )
    parser.add_argument(
        "--report", type=Path, help="print the table of a saved run (bench/results/http.json)"
    )
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument(
        "--no-compiled", dest="compiled", action="store_false",
        help="leave out the service with its engines compiled (measured when make compile built it)",
    )
    args = parser.parse_args(argv)
    if args.connections is None:
        args.connections = 8 if args.compare else 4
    if args.seconds is None:
        args.seconds = 4.0 if args.compare else 2.0
    if args.rounds is None:
        args.rounds = 3 if args.compare else 5
    if args.report is not None:
        return report_file(args.report, args)
    if args.compare:
        return run_compare(args)
    return run_endpoints(args)


if __name__ == "__main__":
    sys.exit(main())
