"""Heavy requests never starve light ones, and nothing is pinned: the service as
deployed (``python -m service``, two gevent workers) on a loopback port.

- A light request is answered while a heavy one waits for its helper (the helper
  stopped: the heavy request cannot be answered before it goes on), so a heavy request
  never holds up a worker; and while six clients loop the heaviest requests the contract
  allows (level-3 suggestions of both board games with a 2 s budget, the replay of the
  longest game a 64 KiB body holds, with every position), /healthz, /readyz and a reach
  request are all answered; every heavy request gets 200, or 503 problem details with
  Retry-After (service/offload.py).
- Forty clients that send that replay and never read the answer grow the workers (and
  their helpers) by at most 160 MiB in all, and their connections are closed
  (service/serving.py: SEND_TIMEOUT).

No assertion here judges the machine's speed: the light requests' latency under the load
is measured by ``make bench`` (bench/heavy_load.py, targets in docs/deploying.md). Where a
test must wait, it waits for an event, bounded by a multiple of what it measured itself.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.heavy_load import LIGHT, HeavyLoad, heavy_requests, light_latencies, longest_replay, summary
from service.offload import RETRY_AFTER
from service.serving import SEND_TIMEOUT
from tests.serving.server import Server, children, serve

ROOT = Path(__file__).resolve().parents[2]
#: How long a wait for something the service does at once (a helper forked, a process
#: reaped) may last before the test gives up: a guard against hanging, not a figure.
PATIENCE = 60
#: The helpers' limit for the module's server: the limit itself is tested with a stopped
#: helper (test_a_helper_that_overruns_is_replaced); here a replay that takes long on a
#: busy machine (a helper runs at a lower priority) must not be cut and refused.
GENEROUS_HEAVY_TIMEOUT = "600"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("heavy"), ORACLE_HEAVY_TIMEOUT=GENEROUS_HEAVY_TIMEOUT) as running:
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
    """Wait for every worker to have one helper: a worker forks its helper before it takes
    requests, but one may still be starting."""
    deadline = time.monotonic() + PATIENCE
    while any(len(children(worker)) != 1 for worker in server.workers()) and time.monotonic() < deadline:
        time.sleep(0.2)


def test_each_worker_has_a_helper_for_heavy_requests(server: Server) -> None:
    _helpers_started(server)
    assert {worker: len(children(worker)) for worker in server.workers()} == dict.fromkeys(
        server.workers(), 1
    )


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
    assert (
        f'endpoint="{heavy_requests()[0][0]}",method="POST",status="200"'
        in server.request("GET", "/metrics")[2].decode()
    )


def _one_helper(server: Server) -> tuple[int, int]:
    """The one worker of ``server`` and its one helper, once forked."""
    (worker,) = server.workers()
    deadline = time.monotonic() + PATIENCE
    while len(children(worker)) != 1:
        assert time.monotonic() < deadline, children(worker)
        time.sleep(0.1)
    (helper,) = children(worker)
    return worker, helper


def test_a_light_request_is_answered_while_a_heavy_one_waits_for_its_helper(tmp_path: Path) -> None:
    """One worker, its helper stopped (SIGSTOP): a heavy request sent to it cannot be
    answered until the helper goes on, and meanwhile every light request is; the heavy
    one is answered once the helper continues. Were the heavy request worked out in the
    worker, the light ones would wait for it (and it would be answered, helper or not).
    No clock decides: the helper is stopped for as long as the light requests take."""
    path, body = heavy_requests()[0]
    lighter = json.dumps(json.loads(body) | {"budget_nodes": 1000}).encode()
    with serve(tmp_path, workers=1, ORACLE_HEAVY_TIMEOUT=GENEROUS_HEAVY_TIMEOUT) as one:
        _, helper = _one_helper(one)
        os.kill(helper, signal.SIGSTOP)
        heavy: list[tuple[int, dict[str, str], bytes]] = []
        try:
            sent = threading.Thread(target=lambda: heavy.append(one.post(path, lighter, timeout=600)))
            sent.start()
            # The worker accepts its connections in the order they came: the heavy one first.
            for name, light_path, light_body in LIGHT * 4:
                if light_body is None:
                    status, _, answer = one.request("GET", light_path, timeout=60)
                else:
                    status, _, answer = one.post(light_path, light_body, timeout=60)
                assert status == 200, (name, answer[:300])
                assert not heavy, "the heavy request was answered while its helper was stopped"
        finally:
            os.kill(helper, signal.SIGCONT)
        sent.join(timeout=600)
        ((status, _, answer),) = heavy
        assert status == 200, answer[:300]
        assert json.loads(answer)["level"] == 3


def test_light_requests_are_all_answered_while_heavy_ones_run(server: Server) -> None:
    """Under six clients that loop the heavy requests every light request is answered 200,
    and every heavy request gets 200 or a refusal with problem details and Retry-After
    (the clients count any other answer under a name of their own). How fast the light
    ones are under this load is ``make bench``'s to measure (bench/heavy_load.py)."""
    with HeavyLoad(server.port, clients=6, seconds=6) as load:
        time.sleep(2)  # every client has its first request in
        took = light_latencies(server.port, seconds=3, timeout=60)
        heavy = load.result(timeout=600)
    report = {name: summary(times) for name, times in took.items()} | {"heavy": heavy}
    assert all(float("inf") not in times for times in took.values()), report
    assert set(heavy) <= {"200", "503"}, report
    assert heavy.get("200", 0) >= 1, report


def _warm(server: Server, body: bytes, answers: int) -> float:
    """``answers`` replays answered 200 (a 503 waits as its Retry-After asks): the longest
    a replay took. Bounded by attempts, not by time: how long a replay takes is the
    machine's affair."""
    slowest = 0.0
    for _ in range(answers * 10):
        started = time.monotonic()
        status, headers, _ = server.post("/v1/games/replay", body, timeout=600)
        if status == 200:
            slowest = max(slowest, time.monotonic() - started)
            answers -= 1
            if not answers:
                return slowest
        else:
            assert status == 503 and headers["Retry-After"] == str(RETRY_AFTER), status
            time.sleep(RETRY_AFTER)
    raise AssertionError(f"{answers} replays still unanswered")


def test_readers_that_never_read_are_dropped_and_pin_little(server: Server) -> None:
    body = longest_replay()
    family = _family(server)
    # Each helper has answered the replay, so that what a first answer leaves (its code
    # and tables paged in) is not counted as growth.
    replay = _warm(server, body, 4)
    before, sockets_before = _rss(family), _sockets(family)

    clients = []
    for _ in range(40):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel holds little of it
        sock.connect(("127.0.0.1", server.port))
        sock.sendall(b"POST /v1/games/replay HTTP/1.1\r\nHost: oracle\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        clients.append(sock)
    # They are dropped once SEND_TIMEOUT passes with nothing read, after at most every
    # replay was worked out, one helper after another (a refusal's connection is closed
    # sooner); the bound only stops a test that would hang, scaled to this machine's replay.
    bound = 3 * SEND_TIMEOUT + len(clients) * replay
    try:
        peak, closed_after = before, None
        start = time.monotonic()
        while time.monotonic() - start < bound:
            peak = max(peak, _rss(family))
            if time.monotonic() - start > 2 and _sockets(family) <= sockets_before:
                closed_after = time.monotonic() - start
                break
            time.sleep(0.25)
        grown = (peak - before) / 2**20
        assert closed_after is not None, f"connections still open after {bound:.0f} s; grown {grown:.0f} MiB"
        assert grown <= 160, f"the workers grew by {grown:.0f} MiB"
        # The service answers as before.
        assert server.request("GET", "/healthz", timeout=5)[0] == 200
    finally:
        for sock in clients:
            sock.close()


def test_a_helper_that_overruns_is_replaced(server: Server, tmp_path: Path) -> None:
    """A helper that has not answered within ORACLE_HEAVY_TIMEOUT is killed, its request
    answered 503 with Retry-After, and a new helper (forked from a worker that has served
    and counted requests) answers the next heavy request, its metrics counted too.

    The helper is stopped (SIGSTOP) rather than given a long search: how long a search
    takes depends on the machine and on what else runs (a helper runs at a lower
    priority), so no request is surely slow and another surely quick under one limit; a
    stopped helper overruns any limit, and the limit is set well above what the same
    replay took through a helper of the module's server, just before, on this machine."""
    replay = (ROOT / "docs" / "examples" / "replay.json").read_bytes()
    started = time.monotonic()
    assert server.post("/v1/games/replay", replay, timeout=600)[0] == 200
    limit = max(2.0, 20 * (time.monotonic() - started))
    with serve(tmp_path, workers=1, ORACLE_HEAVY_TIMEOUT=f"{limit:.1f}") as one:
        assert one.post("/v1/removals")[0] == 200  # the worker has counted (metrics files open)
        worker, first = _one_helper(one)
        os.kill(first, signal.SIGSTOP)
        status, headers, answer = one.post("/v1/games/replay", replay, timeout=limit + PATIENCE)
        assert status == 503 and headers["Retry-After"] == str(RETRY_AFTER), answer[:300]
        assert json.loads(answer)["status"] == 503
        # The killed helper is reaped, and its replacement is the worker's one helper.
        deadline = time.monotonic() + PATIENCE
        while (kids := children(worker)) in ([], [first]) or len(kids) > 1:
            assert time.monotonic() < deadline, kids
            time.sleep(0.1)
        (second,) = kids
        assert second != first
        status, _, answer = one.post("/v1/games/replay", replay, timeout=limit + PATIENCE)
        assert status == 200, answer[:300]
        metrics = one.request("GET", "/metrics")[2].decode()
        assert 'endpoint="/v1/games/replay",method="POST",status="200"' in metrics
        assert "Heavy request" in one.log() and "replacing it" in one.log()


def test_the_helpers_end_with_their_server_and_hold_no_socket_of_it(tmp_path: Path) -> None:
    """A helper holds none of its worker's sockets (the listener, the client connections)
    but its pipe, and ends when its worker does: a server stopped leaves no process
    behind to keep its port, and it can start again on the same port at once."""
    with serve(tmp_path, workers=1) as first:
        _, helper = _one_helper(first)
        assert _sockets([helper]) == 1
        port = first.port
    deadline = time.monotonic() + PATIENCE
    while Path(f"/proc/{helper}").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not Path(f"/proc/{helper}").exists(), "the helper outlived its server"
    with socket.socket() as again:
        again.bind(("127.0.0.1", port))  # nothing holds the port


def test_pictures_are_admitted_like_the_other_heavy_requests(tmp_path: Path) -> None:
    """A render is answered by a helper, within the worker's room for heavy requests: with
    the helper held (SIGSTOP) and no room to wait (ORACLE_HEAVY_QUEUE=0), of three renders
    at once one waits for the helper and two are answered 503 with Retry-After at once;
    the one that waited is answered, gzip-compressed for a client that accepts it."""
    import concurrent.futures

    render = json.dumps({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}).encode()
    with serve(tmp_path, workers=1, ORACLE_HEAVY_QUEUE="0") as one:
        (worker,) = one.workers()
        deadline = time.monotonic() + 20
        while len(children(worker)) != 1 and time.monotonic() < deadline:
            time.sleep(0.1)
        (helper,) = children(worker)
        os.kill(helper, signal.SIGSTOP)
        try:
            with concurrent.futures.ThreadPoolExecutor(3) as pool:
                answers = [pool.submit(one.post, "/v1/render", render, {"Accept-Encoding": "gzip"}, 60)
                           for _ in range(3)]
                deadline = time.monotonic() + 30
                while sum(answer.done() for answer in answers) < 2 and time.monotonic() < deadline:
                    time.sleep(0.1)
                done = [answer for answer in answers if answer.done()]
                refused = [answer.result() for answer in done]
                os.kill(helper, signal.SIGCONT)
                (last,) = [answer.result(timeout=60) for answer in answers if answer not in done]
        finally:
            os.kill(helper, signal.SIGCONT)
        assert [status for status, _, _ in refused] == [503, 503], refused
        for _, headers, body in refused:
            assert headers["Retry-After"] == str(RETRY_AFTER) and json.loads(body)["status"] == 503
        status, headers, body = last
        assert status == 200 and headers["Content-Type"].startswith("image/svg+xml")
        assert headers["Content-Encoding"] == "gzip" and b"<svg" in gzip.decompress(body)[:200]
