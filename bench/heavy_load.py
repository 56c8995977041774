"""The light requests' latency while heavy ones run (part of ``make bench``).

    python -m bench.heavy_load [--clients 6] [--seconds 20] [--compare]

Starts the service as ``make run`` does (two gevent workers, tests/serving/server.py),
times /healthz, /readyz and a reach request alone, then while ``--clients`` clients loop
the heaviest requests the contract allows: a Spiel der Türme and a Terra Turrium
suggestion at level 3 with the longest budget (2 s, no node bound), and the replay of the
longest game a 64 KiB body holds, with every position (an answer of megabytes). The
clients run in a process of their own (their reading does not share an interpreter with
the probe), each on a connection of its own, and wait as a refusal's ``Retry-After``
asks. ``--compare`` runs the same load once more with the heavy requests answered in the
workers themselves (ORACLE_HEAVY_PROCESSES=0), as before service/offload.py.

Target (docs/deploying.md): p50 <= 30 ms and p99 <= 150 ms for each light request under
the load, none failing. tests/serving/test_heavy.py asserts, with the same pieces, that none
fails (no latency: the machine's speed is this benchmark's to measure).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import subprocess
import sys
import time
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "examples"
MAX_BODY = 64 * 1024
#: The longest budget a suggestion may ask (the contract's bound on budget_ms).
LONGEST_BUDGET_MS = 2000


def _example(name: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text())
    return body


def _compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


@cache
def longest_replay() -> bytes:
    """The replay, with every position, of the longest seeded random 2-player game whose
    record fits in a 64 KiB body."""
    sys.path.insert(0, str(ROOT))
    from service.terra_turrium.random_player import random_setup, random_turn
    from service.terra_turrium.record import GameRecord, write_game_record, write_turn_notation
    from service.terra_turrium.setup import setup_position
    from service.terra_turrium.turn import apply_turn

    rng = random.Random(1)
    position = start = random_setup(setup_position(2), rng)
    frame = len(_compact({"record": write_game_record(GameRecord(start)), "positions": True}))
    turns, size = [], frame
    while True:
        turn = random_turn(position, rng)
        line = write_turn_notation(turn)
        if size + len(line) + 2 > MAX_BODY:  # a line and its escaped newline
            break
        turns.append(turn)
        size += len(line) + 2
        position, _ = apply_turn(position, turn)
    body = _compact({"record": write_game_record(GameRecord(start, tuple(turns))), "positions": True})
    assert len(body) <= MAX_BODY, len(body)
    return body


@cache
def heavy_requests() -> list[tuple[str, bytes]]:
    """(path, body) of the heaviest requests the contract allows."""
    suggestions = []
    for path, name in (
        ("/v1/spiel-der-tuerme/turns/suggest", "sdt_suggest"),
        ("/v1/turns/suggest", "suggest"),
    ):
        body = _example(name)
        body.pop("budget_nodes", None)
        body.update(level=3, budget_ms=LONGEST_BUDGET_MS)
        suggestions.append((path, _compact(body)))
    return [*suggestions, ("/v1/games/replay", longest_replay())]


LIGHT: list[tuple[str, str, bytes | None]] = [
    ("healthz", "/healthz", None),
    ("readyz", "/readyz", None),
    ("reach", "/v1/reach", _compact(_example("reach"))),
]


def _loop(port: int, seconds: float, index: int) -> Counter[str]:
    """One client: the heavy requests in turn, on one kept-alive connection, for
    ``seconds``; counts ``status`` (and ``refusal-without-retry-after`` and the like)."""
    counts: Counter[str] = Counter()
    requests = heavy_requests()
    deadline = time.monotonic() + seconds
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    turn = index
    while time.monotonic() < deadline:
        path, body = requests[turn % len(requests)]
        turn += 1
        try:
            connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            answer = response.read()
        except (OSError, http.client.HTTPException) as exc:
            counts[f"failed: {type(exc).__name__}"] += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            continue
        counts[str(response.status)] += 1
        if response.status != 200:
            problem = response.getheader("Content-Type") == "application/problem+json"
            retry = (response.getheader("Retry-After") or "").isdigit()
            if response.status not in (429, 503) or not problem or not retry:
                counts[f"bad refusal {response.status}: {answer[:200]!r}"] += 1
            time.sleep(min(float(response.getheader("Retry-After") or 1), 1.0))  # as asked
        if response.getheader("Connection", "").lower() == "close":
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.close()
    return counts


def run_clients(port: int, clients: int, seconds: float) -> dict[str, int]:
    """``clients`` looping clients (threads) for ``seconds``: the counts of all."""
    from concurrent.futures import ThreadPoolExecutor

    total: Counter[str] = Counter()
    with ThreadPoolExecutor(clients) as pool:
        for counts in pool.map(lambda i: _loop(port, seconds, i), range(clients)):
            total.update(counts)
    return dict(total)


class HeavyLoad:
    """The heavy clients in a process of their own, for ``seconds`` (a context manager;
    :meth:`result` waits for their counts)."""

    def __init__(self, port: int, clients: int, seconds: float) -> None:
        heavy_requests()  # made here once, so that the clients start at once
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.heavy_load", "--clients-of", str(port), "--clients", str(clients),
             "--seconds", str(seconds)],
            cwd=ROOT, stdout=subprocess.PIPE,
        )

    def result(self, timeout: float = 120) -> dict[str, int]:
        out, _ = self.process.communicate(timeout=timeout)
        counts: dict[str, int] = json.loads(out)
        return counts

    def __enter__(self) -> HeavyLoad:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def light_latencies(
    port: int, seconds: float, pause: float = 0.05, timeout: float = 5
) -> dict[str, list[float]]:
    """Each light request in turn, on a new connection each time (as a probe asks), for
    ``seconds``: its times in seconds (infinite for a failure, a status other than 200 or
    no answer within ``timeout`` seconds)."""
    took: dict[str, list[float]] = {name: [] for name, _, _ in LIGHT}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for name, path, body in LIGHT:
            start = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
            try:
                headers = {"Content-Type": "application/json"} if body else {}
                connection.request("POST" if body else "GET", path, body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                ok = response.status == 200
            except (OSError, http.client.HTTPException):
                ok = False
            finally:
                connection.close()
            took[name].append(time.perf_counter() - start if ok else float("inf"))
        time.sleep(pause)
    return took


def percentile(times: list[float], share: float) -> float:
    """The ``share`` quantile (0.5, 0.99) of ``times``, nearest rank."""
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def summary(times: list[float]) -> str:
    """``p50 … ms, p99 … ms`` (and how many failed)."""
    failed = sum(1 for t in times if t == float("inf"))
    text = f"p50 {percentile(times, 0.5) * 1000:.1f} ms, p99 {percentile(times, 0.99) * 1000:.1f} ms"
    return text + (f", {failed} of {len(times)} failed" if failed else f" ({len(times)} requests)")


def measure(
    clients: int, seconds: float, **env: str
) -> tuple[dict[str, str], dict[str, str], dict[str, int]]:
    """Start a server (with ``env``); the light requests' summaries alone and under the
    heavy load, and the heavy requests' statuses."""
    import tempfile

    sys.path.insert(0, str(ROOT))
    from tests.serving.server import serve

    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp), **env) as server:
        alone = light_latencies(server.port, 3)
        with HeavyLoad(server.port, clients, seconds + 3) as load:
            time.sleep(2)
            loaded = light_latencies(server.port, seconds)
            heavy = load.result()
    return ({k: summary(v) for k, v in alone.items()}, {k: summary(v) for k, v in loaded.items()}, heavy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--compare", action="store_true", help="also with heavy requests in the workers")
    parser.add_argument("--clients-of", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.clients_of:  # the heavy clients' process
        print(json.dumps(run_clients(args.clients_of, args.clients, args.seconds)))
        return
    runs = [("heavy requests in helper processes (the settings)", {})]
    if args.compare:
        runs.append(
            ("heavy requests in the workers (ORACLE_HEAVY_PROCESSES=0)", {"ORACLE_HEAVY_PROCESSES": "0"})
        )
    print(f"Light requests under heavy load: 2 gevent workers, {args.clients} clients looping the heaviest "
          f"suggestions and replay for {args.seconds:g} s, each light request on a new connection")
    for title, env in runs:
        alone, loaded, heavy = measure(args.clients, args.seconds, **env)
        print(f"  {title}: heavy answers {heavy}")
        for name in alone:
            print(f"    {name:8} alone {alone[name]:40} loaded {loaded[name]}")


if __name__ == "__main__":
    main()
