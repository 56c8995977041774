"""The image with the compiled engines against the pure one: throughput through podman.

    python -m bench.image [--seconds 3] [--rounds 5] [--connections 8]

Builds the Dockerfile twice with podman (tools/image.py: the base, the stand-in where
it cannot be pulled, the machine's pip configuration): as it ships, the engines
compiled by mypyc, and with ``--build-arg ORACLE_ENGINE=pure``. Runs both side by side,
each with the deployment's two workers, and drives each with wrk (bench/wrk.lua, on
kept-alive connections) on Terra Turrium's reach and validate requests of the HTTP
benchmark (bench/server.py, the 4-player mid-game position). The runs are interleaved:
in every round each request runs on both images back to back, the order alternating
from round to round, so that a neighbour's burst on a shared machine weighs on both.
req/s is the median over the rounds, "compiled ÷ pure" the median of the rounds'
ratios; "CPU µs/req" is the CPU time the container (gunicorn's master and workers) used
per request, read from its cgroup, the median over the rounds: it leaves out wrk and the
neighbours' share of the cores. Also printed: each image's build time and size. The figures go to
bench/results/image.json.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, Final

from bench.server import ENDPOINTS, RESULTS, request, run_wrk, table, write_requests, wrk_version
from tools.image import (
    IMAGE,
    PURE_IMAGE,
    Failure,
    NotTested,
    build,
    container,
    ensure_base,
    ensure_podman,
    podman,
)

#: The requests compared: a query and the validation of a turn.
COMPARED: Final = ("reach", "turns/validate")
ENGINES: Final = ("compiled", "pure")


def cpu_reader(name: str) -> Path:
    """The file of the container's cgroup that counts its CPU time: cgroup v1's
    cpuacct.usage (ns) or v2's cpu.stat (usage_usec)."""
    pid = podman("inspect", "--format", "{{.State.Pid}}", name).stdout.strip()
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpuacct" in controllers.split(","):
            return Path(f"/sys/fs/cgroup/cpuacct{path}/cpuacct.usage")
        if controllers == "":
            return Path(f"/sys/fs/cgroup{path}/cpu.stat")
    raise SystemExit(f"bench.image: no CPU account for {name}")


def cpu_seconds(reader: Path) -> float:
    text = reader.read_text()
    if reader.name == "cpu.stat":
        return int(text.split("usage_usec")[1].split()[0]) / 1e6
    return int(text) / 1e9


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args(argv)
    try:
        ensure_podman()
        print(f"bench.image: base {ensure_base()}", flush=True)
    except NotTested as reason:
        print(f"bench.image: NOT RUN: {reason}")
        return 0
    try:
        built = {"compiled": build(IMAGE, "compiled"), "pure": build(PURE_IMAGE, "pure")}
    except Failure as error:
        print(f"bench.image: the build failed: {error}", file=sys.stderr)
        return 1
    for engine, image in built.items():
        print(f"bench.image: {engine}: {image}", flush=True)
    endpoints = [e for e in ENDPOINTS if e.name in COMPARED]
    rps: dict[tuple[str, str], list[float]] = {(engine, e.name): [] for engine in ENGINES for e in endpoints}
    ratios: dict[str, list[float]] = {e.name: [] for e in endpoints}
    errors: dict[tuple[str, str], int] = dict.fromkeys(rps, 0)
    cpu_us: dict[tuple[str, str], list[float]] = {key: [] for key in rps}
    workers = ("--env", "WEB_CONCURRENCY=2")
    with contextlib.ExitStack() as stack, tempfile.TemporaryDirectory() as work:
        running = {
            engine: stack.enter_context(container(image.tag, *workers)) for engine, image in built.items()
        }
        ports = {engine: port for engine, (_, port) in running.items()}
        readers = {engine: cpu_reader(name) for engine, (name, _) in running.items()}
        for engine, port in ports.items():
            health = json.loads(request(port, ENDPOINTS[0])[1])
            if health.get("engine") != engine:
                raise SystemExit(f"bench.image: the {engine} image runs the {health.get('engine')} engines")
        lists = {e.name: write_requests(Path(work), [e], e.name.replace("/", "-")) for e in endpoints}
        for engine, port in ports.items():  # warm up: every worker has answered
            for endpoint in endpoints:
                status, body = request(port, endpoint)
                if status != 200:
                    raise SystemExit(
                        f"bench.image: {engine} {endpoint.path} answered {status}: {body[:300]!r}"
                    )
                run_wrk(port, lists[endpoint.name], 1, args.connections)
        for round_ in range(args.rounds):
            for endpoint in endpoints:
                order = ENGINES if round_ % 2 == 0 else ENGINES[::-1]
                this: dict[str, float] = {}
                for engine in order:
                    before = cpu_seconds(readers[engine])
                    result = run_wrk(ports[engine], lists[endpoint.name], args.seconds, args.connections)
                    cpu_us[(engine, endpoint.name)].append(
                        (cpu_seconds(readers[engine]) - before) / max(1, result["requests"]) * 1e6)
                    this[engine] = result["requests"] / (result["duration_us"] / 1e6)
                    rps[(engine, endpoint.name)].append(this[engine])
                    errors[(engine, endpoint.name)] += sum(result[k] for k in (
                        "connect_errors", "read_errors", "write_errors", "timeouts", "status_errors"))
                ratios[endpoint.name].append(this["compiled"] / this["pure"])
            print(f"bench.image: round {round_ + 1} of {args.rounds}", flush=True)
    rows = []
    for endpoint in endpoints:
        compiled, pure = (statistics.median(rps[(engine, endpoint.name)]) for engine in ENGINES)
        cpu_compiled, cpu_pure = (statistics.median(cpu_us[(engine, endpoint.name)]) for engine in ENGINES)
        rows.append(
            [
                endpoint.title,
                f"{compiled:,.0f}",
                f"{pure:,.0f}",
                f"{statistics.median(ratios[endpoint.name]):.0%}",
                f"{cpu_compiled:,.0f}",
                f"{cpu_pure:,.0f}",
                f"{cpu_compiled / cpu_pure:.0%}",
                str(errors[("compiled", endpoint.name)] + errors[("pure", endpoint.name)]),
            ]
        )
    print(
        f"\nThe image, compiled engines against pure ({args.rounds} interleaved rounds of "
        f"{args.seconds:g} s, "
        f"{args.connections} kept-alive connections, 2 workers each, {wrk_version()}):"
    )
    print(
        "\n".join(
            table(
                [
                    "request",
                    "compiled req/s",
                    "pure req/s",
                    "compiled ÷ pure",
                    "CPU µs/req compiled",
                    "pure",
                    "compiled ÷ pure (CPU)",
                    "errors",
                ],
                rows,
                False,
            )
        )
    )
    for engine, image in built.items():
        print(f"  {engine}: {image}")
    figures: dict[str, Any] = {
        "builds": {
            engine: {"seconds": image.seconds, "bytes": image.size} for engine, image in built.items()
        },
        "rps": {f"{engine} {name}": values for (engine, name), values in rps.items()},
        "ratios": ratios,
        "errors": {f"{engine} {name}": n for (engine, name), n in errors.items()},
        "cpu_us": {f"{engine} {name}": values for (engine, name), values in cpu_us.items()},
        "settings": vars(args),
    }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "image.json").write_text(json.dumps(figures, indent=1))
    return 1 if any(errors.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
