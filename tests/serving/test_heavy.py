"""Heavy requests never starve light ones, and nothing is pinned: the service as
deployed (``python -m service``, two gevent workers) on a loopback port.

- While six clients loop the heaviest requests the contract allows (level-3 suggestions
  of both board games with a 2 s budget, the replay of the longest game a 64 KiB body
  holds, with every position), /healthz, /readyz and a reach request answer within
  p50 30 ms and p99 150 ms, none failing; every heavy request gets 200, or 503 problem
  details with Retry-After (service/offload.py).
- Forty clients that send that replay and never read the answer grow the workers (and
  their helpers) by at most 160 MiB in all, and their connections are closed within
  60 s (service/serving.py: SEND_TIMEOUT, 10 s).

Bounded: about 15 s (up to 45 s on a machine too busy for a round) and 25 s.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.heavy_load import HeavyLoad, heavy_requests, light_latencies, longest_replay, percentile, summary
from service.offload import RETRY_AFTER
from tests.serving.server import Server, children, serve

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("heavy")) as running:
        yield running


def _family(server: Server) -> list[int]:
    """The workers and their helpers."""
    workers = server.workers()
    return workers + [helper for worker in workers for helper in children(worker)]


def _rss(pids: list[int]) -> int:
    """Resident bytes of ``pids`` together."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/statm").read_text().split()
        except OSError:
            continue
        total += int(fields[1]) * 4096
    return total


def _sockets(pids: list[int]) -> int:
    """Open sockets of ``pids``."""
    count = 0
    for pid in pids:
        try:
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    count += fd.readlink().name.startswith("socket:")
                except OSError:
                    pass
        except OSError:
            pass
    return count


def _helpers_started(server: Server) -> None:
    """Wait (20 s at most) for every worker to have one helper: a worker forks its helper
    before it takes requests, but one may still be starting."""
    deadline = time.monotonic() + 20
    while any(len(children(worker)) != 1 for worker in server.workers()) and time.monotonic() < deadline:
        time.sleep(0.2)


def test_each_worker_has_a_helper_for_heavy_requests(server: Server) -> None:
    _helpers_started(server)
    assert {worker: len(children(worker)) for worker in server.workers()} == dict.fromkeys(server.workers(), 1)


def _cpu_ticks(pid: int) -> int:
    """The CPU time, user and system, process ``pid`` has used, in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def test_the_heavy_requests_are_answered_by_the_helpers(server: Server) -> None:
    _helpers_started(server)
    helpers = [helper for worker in server.workers() for helper in children(worker)]
    assert len(helpers) == len(server.workers())
    before = sum(map(_cpu_ticks, helpers))
    for path, body in heavy_requests()[:2]:
        # Bounded by positions, not time, a search costs the same CPU however busy the
        # machine (a helper runs at a lower priority, and may get little of 50 ms).
        lighter = json.loads(body) | {"budget_nodes": 1000}
        status, headers, answer = server.post(path, json.dumps(lighter).encode())
        assert status == 200, answer[:300]
        assert headers["Content-Type"] == "application/json" and headers["X-Request-ID"]
        assert json.loads(answer)["level"] == 3
    # The searches ran in the helpers: their CPU time grew by the searches'.
    assert sum(map(_cpu_ticks, helpers)) > before
    # Their metrics are counted by the helpers, and added up with the workers'.
    assert f'endpoint="{heavy_requests()[0][0]}",method="POST",status="200"' in server.request("GET", "/metrics")[2].decode()


def _meets_the_targets(took: dict[str, list[float]]) -> bool:
    return all(
        float("inf") not in times and percentile(times, 0.5) <= 0.030 and percentile(times, 0.99) <= 0.150
        for times in took.values()
    )


def test_light_requests_stay_fast_while_heavy_ones_run(server: Server) -> None:
    """p50 <= 30 ms and p99 <= 150 ms for each light request, none failing, under six
    clients of heavy requests. The machine is shared (the rest of the suite runs beside
    this test): a round whose figures miss the targets is tried again, at most three in
    all, and every round is reported. Heavy requests held in the workers miss them in
    every round (p99 of 0.6 to 1.3 s: docs/deploying.md)."""
    rounds = []
    for _ in range(3):
        with HeavyLoad(server.port, clients=6, seconds=12) as load:
            time.sleep(2)  # every client has its first request in
            took = light_latencies(server.port, seconds=8)
            heavy = load.result()
        rounds.append({name: summary(times) for name, times in took.items()} | {"heavy": heavy})
        # Every heavy request got 200 or a refusal with problem details and Retry-After
        # (the client counts any other answer under a name of its own), none failed.
        assert set(heavy) <= {"200", "503"}, rounds
        assert heavy.get("200", 0) >= 1, rounds
        if _meets_the_targets(took):
            break
    else:
        pytest.fail(f"the light requests missed p50 30 ms / p99 150 ms in every round: {rounds}")


def _warm(server: Server, body: bytes, answers: int) -> None:
    """``answers`` replays answered 200 (a 503 waits as its Retry-After asks)."""
    deadline = time.monotonic() + 60
    while answers and time.monotonic() < deadline:
        status, headers, _ = server.post("/v1/games/replay", body, timeout=30)
        if status == 200:
            answers -= 1
        else:
            assert status == 503 and headers["Retry-After"] == str(RETRY_AFTER), status
            time.sleep(1)
    assert not answers


def test_readers_that_never_read_are_dropped_and_pin_little(server: Server) -> None:
    body = longest_replay()
    family = _family(server)
    # Each helper has answered the replay, so that what a first answer leaves (its code
    # and tables paged in) is not counted as growth.
    _warm(server, body, 4)
    before, sockets_before = _rss(family), _sockets(family)

    clients = []
    for _ in range(40):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel holds little of it
        sock.connect(("127.0.0.1", server.port))
        sock.sendall(b"POST /v1/games/replay HTTP/1.1\r\nHost: oracle\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        clients.append(sock)
    try:
        peak, closed_after = before, None
        start = time.monotonic()
        while time.monotonic() - start < 60:
            peak = max(peak, _rss(family))
            if time.monotonic() - start > 2 and _sockets(family) <= sockets_before:
                closed_after = time.monotonic() - start
                break
            time.sleep(0.25)
        grown = (peak - before) / 2**20
        assert closed_after is not None, f"connections still open after 60 s; grown {grown:.0f} MiB"
        assert grown <= 160, f"the workers grew by {grown:.0f} MiB"
        # The service answers as before.
        assert server.request("GET", "/healthz", timeout=5)[0] == 200
    finally:
        for sock in clients:
            sock.close()


def test_a_helper_that_overruns_is_replaced(tmp_path: Path) -> None:
    """A helper that has not answered within ORACLE_HEAVY_TIMEOUT is killed, its request
    answered 503 with Retry-After, and a new helper (forked from a worker that has served
    and counted requests) answers the next heavy request, its metrics counted too.

    The helper is stopped (SIGSTOP) rather than given a long search: how long a search
    takes depends on the machine and on what else runs (a helper runs at a lower
    priority), so no request is surely slow and another surely quick under one limit; a
    stopped helper overruns any limit, and the limit can be generous for the next one."""
    replay = (ROOT / "docs" / "examples" / "replay.json").read_bytes()
    with serve(tmp_path, workers=1, ORACLE_HEAVY_TIMEOUT="2") as one:
        assert one.post("/v1/removals")[0] == 200  # the worker has counted (metrics files open)
        (worker,) = one.workers()
        deadline = time.monotonic() + 20
        while len(children(worker)) != 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        (first,) = children(worker)
        os.kill(first, signal.SIGSTOP)
        status, headers, answer = one.post("/v1/games/replay", replay, timeout=30)
        assert status == 503 and headers["Retry-After"] == str(RETRY_AFTER), answer[:300]
        assert json.loads(answer)["status"] == 503
        # The killed helper is reaped, and its replacement is the worker's one helper.
        deadline = time.monotonic() + 20
        while (kids := children(worker)) in ([], [first]) or len(kids) > 1:
            assert time.monotonic() < deadline, kids
            time.sleep(0.1)
        (second,) = kids
        assert second != first
        status, _, answer = one.post("/v1/games/replay", replay, timeout=30)
        assert status == 200, answer[:300]
        metrics = one.request("GET", "/metrics")[2].decode()
        assert 'endpoint="/v1/games/replay",method="POST",status="200"' in metrics
        assert "Heavy request" in one.log() and "replacing it" in one.log()


def test_the_helpers_end_with_their_server_and_hold_no_socket_of_it(tmp_path: Path) -> None:
    """A helper holds none of its worker's sockets (the listener, the client connections)
    but its pipe, and ends when its worker does: a server stopped leaves no process
    behind to keep its port, and it can start again on the same port at once."""
    with serve(tmp_path, workers=1) as first:
        (worker,) = first.workers()
        deadline = time.monotonic() + 20
        while not children(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        (helper,) = children(worker)
        assert _sockets([helper]) == 1
        port = first.port
    deadline = time.monotonic() + 15
    while Path(f"/proc/{helper}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{helper}").exists(), "the helper outlived its server"
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))  # nothing holds the port
