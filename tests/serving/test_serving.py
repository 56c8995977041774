"""The service as deployed: ``python -m service`` with the project's gunicorn settings
(two workers) on a loopback port, driven over real sockets.

Slow and idle clients must not deny service, bodies over 64 KiB are 413 however they
are framed, /metrics adds up every worker's counts, and the request id reaches the
access log, in text or JSON.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serving.server import (
    REMOVALS,
    WORKERS,
    Server,
    Trickle,
    closed_by_server,
    idle,
    probe,
    raw,
    serve,
    stalled_body,
)

#: gunicorn's keep-alive setting: how long a connection may sit idle, or take to send
#: its request's head.
KEEPALIVE = 5
#: How long a wait for what is bound to happen may last: a guard against hanging, not a
#: figure (a busy machine makes the test longer, not failed).
PATIENCE = 60


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("server")) as running:
        yield running


# --------------------------------------------------------------------- slow clients


def test_idle_and_slow_clients_do_not_deny_service(server: Server) -> None:
    """More idle connections, stalled bodies and byte-a-time heads than there are workers:
    every request asked while they are held is answered (a worker that each of them
    held would answer none until they were cut). How fast the answers come is
    ``python -m tests.serving.server``'s to measure, not this test's."""
    count = WORKERS + 2
    idle_ones = [idle(server.port) for _ in range(count)]
    stalled = [stalled_body(server.port) for _ in range(count)]
    trickles = [Trickle(server.port) for _ in range(count)]
    for trickle in trickles:
        trickle.start()
    try:
        took = probe(server, seconds=2.5, timeout=PATIENCE)
        assert all(float("inf") not in times for times in took.values()), took

        # A connection gets KEEPALIVE seconds to send its request's head: idle ones and
        # tricklers are cut then, wherever they are (a trickler's head would take 800 s).
        for sock in idle_ones:
            assert closed_by_server(sock, within=KEEPALIVE + PATIENCE) is not None
        for trickle in trickles:
            trickle.join(timeout=KEEPALIVE + PATIENCE)
            assert trickle.cut_after is not None
        # The stalled bodies still wait (until their deadline, service/bodies.py), and the
        # service still answers.
        assert server.request("GET", "/healthz", timeout=PATIENCE)[0] == 200
    finally:
        for sock in idle_ones + stalled:
            sock.close()
        for trickle in trickles:
            trickle.stop()


# ------------------------------------------------------------------------- bodies

PADDED = 64 * 1024  # a valid body of exactly the limit, padded with spaces


def _padded(size: int) -> bytes:
    return REMOVALS + b" " * (size - len(REMOVALS))


def _raw(server: Server, head: bytes, body_parts: list[bytes]) -> tuple[int, str, bytes]:
    """Send a request as given, byte for byte; the status, content type and body."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(head)
        for part in body_parts:
            sock.sendall(part)
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head_text, _, body = answer.partition(b"\r\n\r\n")
    lines = head_text.decode("latin-1").split("\r\n")
    content_type = next(
        (line.split(":", 1)[1].strip() for line in lines if line.lower().startswith("content-type:")), ""
    )
    return int(lines[0].split()[1]), content_type, body


def _chunked(body: bytes, size: int = 8192) -> list[bytes]:
    parts = [
        b"%x\r\n%s\r\n" % (len(body[i : i + size]), body[i : i + size]) for i in range(0, len(body), size)
    ]
    return [*parts, b"0\r\n\r\n"]


# Kept alive, as HTTP/1.1 clients do: after a 413 the server reads the rest of the body
# and throws it away before it closes, so the client reads the answer rather than a reset.
HEAD = b"POST /v1/removals HTTP/1.1\r\nHost: oracle\r\nContent-Type: application/json\r\n"


@pytest.mark.parametrize(
    ("size", "status"), [(PADDED, 200), (PADDED + 1, 413), (70_000, 413), (1_000_000, 413)]
)
def test_a_chunked_body_over_64_kib_is_413_never_cut_short(server: Server, size: int, status: int) -> None:
    found, content_type, body = _raw(
        server, HEAD + b"Transfer-Encoding: chunked\r\n\r\n", _chunked(_padded(size))
    )
    assert found == status, body[:300]
    if status == 413:
        assert content_type == "application/problem+json"
        assert json.loads(body)["status"] == 413


@pytest.mark.parametrize(("size", "status"), [(PADDED, 200), (PADDED + 1, 413), (1_000_000, 413)])
def test_a_content_length_over_64_kib_is_413(server: Server, size: int, status: int) -> None:
    head = HEAD + b"Content-Length: %d\r\n\r\n" % size
    found, content_type, body = _raw(server, head, [_padded(size)])
    assert found == status, body[:300]
    if status == 413:
        assert content_type == "application/problem+json"


def test_a_body_over_64_kib_is_413_on_a_route_that_reads_none(server: Server) -> None:
    head = b"GET /healthz HTTP/1.1\r\nHost: oracle\r\nContent-Length: 70000\r\n\r\n"
    assert _raw(server, head, [b" " * 70_000])[0] == 413


# ------------------------------------------------------------------------ metrics


def _samples(text: str, name: str) -> dict[str, float]:
    """``{labels: value}`` of one metric in Prometheus's text format."""
    found = {}
    for line in text.splitlines():
        match = re.fullmatch(rf"{name}\{{(.*)\}} (\S+)", line)
        if match:
            found[match.group(1)] = float(match.group(2))
    return found


def _count(text: str, name: str, **labels: str) -> float:
    wanted = [f'{key}="{value}"' for key, value in labels.items()]
    return sum(v for key, v in _samples(text, name).items() if all(w in key.split(",") for w in wanted))


def test_metrics_add_up_the_counts_of_every_worker(server: Server) -> None:
    before = server.request("GET", "/metrics")[2].decode()

    def counted() -> set[int]:
        # Every worker that answered counted into files of its own.
        pids = {
            int(m.group(1))
            for f in server.metrics.iterdir()
            if (m := re.fullmatch(r"counter_(\d+)\.db", f.name))
        }
        return pids & set(server.workers())

    sent = 0
    # Which worker accepts a new connection is the kernel's choice; so each worker in turn
    # takes them all while the other is stopped (SIGSTOP), unable to accept. One request
    # in four is a 400.
    for paused in server.workers():
        os.kill(paused, signal.SIGSTOP)
        try:
            for i in range(40):
                server.post(body=b"{}" if i % 4 == 0 else REMOVALS)
            sent += 40
        finally:
            os.kill(paused, signal.SIGCONT)
    assert len(counted()) == WORKERS

    scrapes = [server.request("GET", "/metrics")[2].decode() for _ in range(4)]
    for text in scrapes:  # whichever worker answers the scrape, the totals are the sum
        def delta(name: str, text: str = text, **labels: str) -> float:
            return _count(text, name, **labels) - _count(before, name, **labels)

        assert delta("oracle_http_requests_total", endpoint="/v1/removals", method="POST") == sent
        assert delta("oracle_http_requests_total", endpoint="/v1/removals", status="400") == sent // 4
        assert delta("oracle_http_errors_total", endpoint="/v1/removals", status="400") == sent // 4
        assert delta("oracle_http_request_duration_seconds_count", endpoint="/v1/removals") == sent
        assert (
            delta("oracle_http_request_duration_seconds_bucket", endpoint="/v1/removals", le="+Inf") == sent
        )
        assert _count(text, "oracle_http_request_duration_seconds_sum", endpoint="/v1/removals") > 0


def test_metrics_are_prometheus_text(server: Server) -> None:
    status, headers, body = server.request("GET", "/metrics")
    assert status == 200
    assert headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8"
    assert "# TYPE oracle_http_request_duration_seconds histogram" in body.decode()


# --------------------------------------------------------------------- request ids


def _access_lines(server: Server, request_id: str) -> list[str]:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        lines = [line for line in server.stdout.read_text().splitlines() if request_id in line]
        if lines:
            return lines
        time.sleep(0.05)
    return []


def test_the_request_id_is_answered_and_logged(server: Server) -> None:
    status, headers, _ = server.post(headers={"X-Request-ID": "client-7f3a:try=2"})
    assert status == 200 and headers["X-Request-ID"] == "client-7f3a:try=2"
    (line,) = _access_lines(server, "client-7f3a:try=2")
    assert '"POST /v1/removals HTTP/1.1" 200' in line
    assert line.endswith(" client-7f3a:try=2")

    # An id that is not sane (a space, a quote) is replaced by one of the service's.
    status, headers, _ = server.request("GET", "/healthz", headers={"X-Request-ID": 'a "b'})
    made = headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", made)
    assert _access_lines(server, made)


# ------------------------------------------------------- one worker, JSON logs


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("one-worker"), workers=1, ORACLE_LOG_FORMAT="json") as running:
        yield running


def test_kept_alive_connections_are_served_in_turn(one_worker: Server) -> None:
    """Four clients on one worker, each sending its next request as soon as it has an
    answer: each gets its turn, none is served again and again while the others wait.
    Counted, not timed: the clients stop once they have 400 answers between them."""
    counts = [0] * 4
    total = 400
    lock = threading.Lock()
    # Once all are connected, they start together.
    ready = threading.Barrier(len(counts), timeout=PATIENCE)

    def client(index: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", one_worker.port, timeout=PATIENCE)
        try:
            connection.connect()
            ready.wait()
            while sum(counts) < total:
                connection.request(
                    "POST", "/v1/removals", body=REMOVALS, headers={"Content-Type": "application/json"}
                )
                assert connection.getresponse().read()
                with lock:
                    counts[index] += 1
        finally:
            connection.close()

    clients = [threading.Thread(target=client, args=(i,)) for i in range(len(counts))]
    for thread in clients:
        thread.start()
    for thread in clients:
        thread.join(timeout=PATIENCE)
    # Served in turn, each client gets about as many answers as the others (the clients are
    # threads of one process on a shared machine, each waits for the interpreter's lock:
    # within twice); served again and again, one gets nearly all of them.
    assert sum(counts) >= total and min(counts) > 0 and max(counts) <= 2 * min(counts), counts


def test_json_logs_carry_the_request_fields(one_worker: Server) -> None:
    one_worker.post(headers={"X-Request-ID": "json-log-1"})
    one_worker.post(body=b"[", headers={"X-Request-ID": "json-log-2"})
    lines = _access_lines(one_worker, "json-log-2")
    access = [json.loads(line) for line in one_worker.stdout.read_text().splitlines()]
    (first,) = [a for a in access if a.get("request_id") == "json-log-1"]
    assert first["logger"] == "gunicorn.access"
    assert (first["method"], first["path"], first["status"]) == ("POST", "/v1/removals", 200)
    assert first["level"] == "INFO" and first["duration_ms"] > 0 and first["remote_addr"] == "127.0.0.1"
    assert lines and json.loads(lines[0])["status"] == 400
    # gunicorn's own lines are JSON too.
    errors = [json.loads(line) for line in one_worker.stderr.read_text().splitlines()]
    assert any(e["logger"] == "gunicorn.error" and "Booting worker" in e["message"] for e in errors)


# ------------------------------------------------------------------------- paths


@pytest.mark.parametrize("path", ["//docs", "///healthz", "//metrics", "//playground/playground.js",
                                  "/playground/playground.js/", "/%2F/healthz"])
def test_a_doubled_slash_or_a_files_trailing_slash_is_404_as_served(server: Server, path: str) -> None:
    # gunicorn hands the path on as sent; werkzeug's router would strip leading slashes.
    status, headers, body = server.request("GET", path)
    assert status == 404 and headers["Content-Type"] == "application/problem+json", (path, status)
    assert json.loads(body)["status"] == 404


def test_doubled_slashes_are_never_redirected_to_the_host_header(server: Server) -> None:
    for path in ("//docs//x", "//evil.example/docs", "/docs//x"):
        status, headers, _ = server.request("GET", path, headers={"Host": "evil.example"})
        assert status not in (301, 302, 303, 307, 308) and "Location" not in headers, (path, status, headers)


# ------------------------------------------------------------------ refused heads


#: More header fields than the worker reads: gunicorn refuses the head (431).
TOO_MANY_FIELDS = (b"GET /healthz HTTP/1.1\r\nHost: oracle\r\n"
                   + b"".join(b"X-Field-%d: 1\r\n" % i for i in range(60)) + b"\r\n")


def test_a_head_gunicorn_refuses_is_a_problem_with_every_answers_headers(server: Server) -> None:
    status, headers, body = raw(server.port, TOO_MANY_FIELDS)
    _, rules = server.request("GET", "/healthz")[:2]
    assert status == 431 and headers["content-type"] == "application/problem+json"
    assert json.loads(body)["status"] == 431
    assert headers["x-rules-version"] == rules["X-Rules-Version"]
    assert headers["cache-control"] == "no-store"
    assert headers["access-control-allow-origin"] == "*"
    assert "X-Rules-Version" in headers["access-control-expose-headers"]


def test_a_refused_head_allows_no_origin_where_the_origins_are_listed(tmp_path: Path) -> None:
    with serve(tmp_path, workers=1, ORACLE_CORS_ORIGINS="https://play.example") as listed:
        status, headers, _ = raw(listed.port, TOO_MANY_FIELDS)
    assert status == 431 and "x-rules-version" in headers
    assert "access-control-allow-origin" not in headers


# ------------------------------------------------------------------------ headers


def test_a_304_as_served_carries_the_rules_version(server: Server) -> None:
    for path in ("/playground", "/openapi.yaml", "/playground/playground.js"):
        status, headers, _ = server.request("GET", path)
        assert status == 200 and headers["ETag"], path
        again, again_headers, body = server.request("GET", path, headers={"If-None-Match": headers["ETag"]})
        assert again == 304 and not body, path
        assert again_headers["X-Rules-Version"] == headers["X-Rules-Version"], path


def test_the_metrics_as_served_are_not_readable_from_another_origin(server: Server) -> None:
    for headers in ({}, {"Origin": "https://elsewhere.example"}):
        status, answer, _ = server.request("GET", "/metrics", headers=headers)
        assert status == 200 and "Access-Control-Allow-Origin" not in answer
