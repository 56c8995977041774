"""Bodies read against a deadline, a bounded number at once (service/bodies.py), on the
server as ``make run`` starts it (gunicorn exposed): a body that stops mid-way is
answered 408 and closed within the documented deadline, and no number of stalled bodies
locks the other clients out.

Every wait is scaled to the deadline (``BODY_TIMEOUT``) with generous margins; no test
judges how fast an answer comes, only whether it comes.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from service.bodies import BODY_TIMEOUT, readers
from tests.serving.server import REMOVALS, Server, closed_by_server, serve, stalled_body

#: A test-sized worker_connections, so that a few hundred stalled bodies are more than
#: the workers can hold (the setting is 1,000 a worker).
CONNECTIONS = 40
WORKERS = 2
#: Time allowed past the deadline for the answer to arrive on a machine busy with other
#: work: the deadline itself again, and some seconds.
MARGIN = BODY_TIMEOUT + 10


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("bodies"), workers=WORKERS,
               options=["--worker-connections", str(CONNECTIONS)]) as running:
        yield running


def _answer(sock: socket.socket, within: float) -> bytes:
    """Everything the server sends on ``sock`` until it closes it (at most ``within`` s)."""
    sock.settimeout(within)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pytest.fail(f"the server held the connection for over {within:g} s: {data[:200]!r}")
    except ConnectionResetError:
        pass  # closed with the rest of the body unread: closed is what counts
    return data


def test_a_body_that_stops_mid_way_is_408_and_closed_within_the_deadline(server: Server) -> None:
    sock = stalled_body(server.port)
    start = time.monotonic()
    with sock:
        answer = _answer(sock, BODY_TIMEOUT + MARGIN)
    took = time.monotonic() - start
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.split(b" ")[1] == b"408", answer[:300]
    assert b"application/problem+json" in head.lower() and b"connection: close" in head.lower()
    assert json.loads(body)["status"] == 408
    # Not cut before its time: the deadline is the whole of it.
    assert took >= BODY_TIMEOUT * 0.9, took


def test_a_body_trickled_a_byte_at_a_time_gets_no_longer_than_one_that_stops(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=BODY_TIMEOUT / 20) as sock:
        sock.sendall(b"POST /v1/removals HTTP/1.1\r\nHost: oracle\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n")
        start, answer, closed = time.monotonic(), b"", False
        while not closed and time.monotonic() - start < BODY_TIMEOUT + MARGIN:
            try:
                sock.sendall(b" ")
                chunk = sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:  # reset: the server closed it with a byte of ours unread
                chunk = b""
            answer += chunk
            closed = not chunk
    # Answered 408 and closed, or closed (a reset can overtake the answer).
    assert closed, answer[:300]
    assert not answer or answer.split(b" ")[1] == b"408", answer[:300]


def test_a_slow_body_within_the_deadline_is_answered(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=BODY_TIMEOUT + MARGIN) as sock:
        sock.sendall(b"POST /v1/removals HTTP/1.1\r\nHost: oracle\r\nContent-Type: application/json\r\n"
                     b"Connection: close\r\nContent-Length: %d\r\n\r\n" % len(REMOVALS))
        half = len(REMOVALS) // 2
        sock.sendall(REMOVALS[:half])
        time.sleep(BODY_TIMEOUT / 4)
        sock.sendall(REMOVALS[half:])
        answer = _answer(sock, BODY_TIMEOUT + MARGIN)
    assert answer.split(b" ")[1] == b"200", answer[:300]


def test_more_stalled_bodies_than_the_workers_connections_lock_no_one_out(server: Server) -> None:
    count = 4 * WORKERS * CONNECTIONS  # twice as many as the workers' connections, and more
    with ExitStack() as stack:
        stalled = []
        for _ in range(count):
            sock = stalled_body(server.port)
            stack.callback(sock.close)
            stalled.append(sock)
        opened = time.monotonic()
        # The bodies beyond each worker's bound are refused at once; the others are held
        # until the deadline. Either way /healthz is answered once that has passed.
        time.sleep(max(0.0, BODY_TIMEOUT - (time.monotonic() - opened)))
        status, _, _ = server.request("GET", "/healthz", timeout=MARGIN)
        assert status == 200
        # Every stalled body has been answered 408 or 503 and closed, or closed.
        answers: dict[bytes, int] = {}
        for sock in stalled:
            left = BODY_TIMEOUT + MARGIN - (time.monotonic() - opened)
            answer = _answer(sock, max(left, 1.0))
            code = answer.split(b" ")[1] if answer else b"closed"
            answers[code] = answers.get(code, 0) + 1
    assert set(answers) <= {b"408", b"503", b"closed"}, answers
    assert server.post(timeout=MARGIN)[0] == 200
    # At most half of each worker's connections were held mid-body: the rest refused.
    held = WORKERS * readers(CONNECTIONS)
    assert answers.get(b"408", 0) <= held, answers
    assert answers.get(b"503", 0) >= count - held - answers.get(b"closed", 0), answers


def test_a_body_refused_for_want_of_room_is_a_problem_with_retry_after(server: Server) -> None:
    with ExitStack() as stack:
        for _ in range(WORKERS * CONNECTIONS):
            stack.callback(stalled_body(server.port).close)
        # With every worker's bound taken, a new body is refused at once (no wait for
        # the deadline), its connection closed.
        deadline = time.monotonic() + BODY_TIMEOUT
        status, headers = 0, {}
        while status != 503 and time.monotonic() < deadline:
            try:
                status, headers, body = server.post(timeout=MARGIN)
            except ConnectionResetError:
                continue
        assert status == 503, status
        assert headers["Content-Type"] == "application/problem+json" and headers["Retry-After"] == "1"
        assert json.loads(body)["status"] == 503


def test_the_stalled_bodies_are_let_go(server: Server) -> None:
    sock = stalled_body(server.port)
    with sock:
        assert closed_by_server(sock, within=BODY_TIMEOUT + MARGIN) is not None
