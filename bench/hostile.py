"""What a hostile body costs: the worst bodies up to 64 KiB this module can build, each
sent to every POST operation in-process, against a valid request.

``python -m bench.hostile`` (part of ``make bench``) prints, per kind of body, the
slowest operation's CPU time per request, its ratio to a valid ``POST /v1/removals``
and the largest answer. tests/api/test_errors.py sends the same bodies, and generated
ones, and checks the bounds (docs/deploying.md, "Hostile bodies").

A body is refused before any rule is judged, so what it costs is reading it, checking
its shape and writing the 400: every builder fills the 64 KiB with what makes one of
those steps do the most work or echo the most text.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final

import yaml

#: The contract's largest body.
LIMIT: Final = 64 * 1024
ROOT = Path(__file__).resolve().parent.parent
#: A small valid request, the unit of the ratios.
VALID_PATH: Final = "/v1/removals"
VALID: Final = json.dumps({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}).encode()


@cache
def posts() -> dict[str, Any]:
    """Every POST operation's path and its first request example, from openapi.yaml."""
    from service.api.examples import examples

    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    found = {}
    for path, item in spec["paths"].items():
        operation = item.get("post")
        if operation:
            named = examples().get(operation["operationId"])
            found[path] = next(iter(named.values()))["value"] if named else {}
    return found


def encode(body: Any) -> bytes:
    """Compact JSON, UTF-8; a lone surrogate (which UTF-8 cannot carry) as its JSON escape
    (Python's ``\\udXXX`` is one)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "backslashreplace")


def fill(
    base: Any,
    member: Callable[[int], tuple[str, Any]],
    into: Callable[[Any], dict[str, Any]] | None = None,
    limit: int = LIMIT,
) -> bytes:
    """``base`` with members ``member(0), member(1), …`` added (to ``into(base)``, the
    body itself by default) while the body stays within ``limit`` bytes."""
    body = json.loads(json.dumps(base))
    target = into(body) if into else body
    size = len(encode(body))
    index = 0
    while True:
        name, value = member(index)
        extra = len(encode({name: value})) - 1  # the member and its comma
        if size + extra > limit:
            return encode(body)
        target[name] = value
        size += extra
        index += 1


def _in_object(body: Any) -> dict[str, Any]:
    """The first object member of the body (a position, a turn), else the body."""
    for value in body.values() if isinstance(body, dict) else ():
        if isinstance(value, dict):
            return value
    return body if isinstance(body, dict) else {}


def nested(depth: int, leaf: Any = 0) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


#: The kinds of worst body, by name: each a function of an operation's valid example.
KINDS: Final[dict[str, Callable[[Any], bytes]]] = {
    # Thousands of unknown members: one reason each, to be put in the order of the body.
    "unknown members": lambda base: fill(base, lambda i: (f"m{i}", 0)),
    "unknown members inside": lambda base: fill(base, lambda i: (f"m{i}", 0), into=_in_object),
    # Few members with names as long as the body allows: echoed in the pointers.
    "long names": lambda base: fill(base, lambda i: (f"{i}" + "n" * 8000, 0)),
    "escaped names": lambda base: fill(base, lambda i: (f"{i}" + "~/" * 2000, 0)),
    "non-ASCII names": lambda base: fill(base, lambda i: (f"{i}" + "\U0001f600" * 2000, 0)),
    "control and surrogate names": lambda base: fill(base, lambda i: (f"{i}" + "\x01\ud800" * 1000, 0)),
    # Nesting: as deep as the reader goes, and deeper.
    "deep nesting": lambda base: fill(base, lambda i: (f"d{i}", nested(900)), limit=LIMIT),
    "too deep": lambda base: b'{"position":' + b"[" * 30000 + b"]" * 30000 + b"}",
    # Numbers: beyond 64 bits, and beyond the digits an integer may have.
    "huge numbers": lambda base: fill(base, lambda i: (f"h{i}", int("9" * 4000))),
    "too many digits": lambda base: b'{"position":' + b"9" * 5000 + b"}",
    "huge members": lambda base: encode(
        {k: int("9" * 2000) for k in (base if isinstance(base, dict) else {})}
    ),
}


def bodies() -> Iterator[tuple[str, str, bytes]]:
    """(kind, path, body) for every kind and every POST operation."""
    for kind, build in KINDS.items():
        for path, base in posts().items():
            yield kind, path, build(base)


def cpu_seconds(client: Any, path: str, body: bytes, rounds: int) -> tuple[float, Any]:
    """The CPU time of one request, the least of ``rounds`` (the others are the machine's)."""
    best, response = float("inf"), None
    for _ in range(rounds):
        start = time.process_time()
        response = client.post(path, data=body, content_type="application/json")
        best = min(best, time.process_time() - start)
    return best, response


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="requests per body; the least CPU time counts")
    args = parser.parse_args()
    from service import create_app

    client = create_app().test_client()
    valid, response = cpu_seconds(client, VALID_PATH, VALID, args.rounds * 20)
    assert response.status_code == 200
    print(f"valid POST {VALID_PATH}: {valid * 1000:.2f} ms of CPU time a request")
    print(f"{'body (64 KiB at most)':30} {'slowest operation':38} {'ms':>7} {'ratio':>6} {'answer':>8}")
    worst = 0.0
    for kind in KINDS:
        rows = []
        for path, base in posts().items():
            body = KINDS[kind](base)
            assert len(body) <= LIMIT, (kind, path, len(body))
            seconds, response = cpu_seconds(client, path, body, args.rounds)
            rows.append((seconds, path, response.status_code, len(response.data)))
        seconds, path, status, _ = max(rows)
        largest = max(row[3] for row in rows)
        worst = max(worst, seconds)
        print(
            f"{kind:30} {path + f' ({status})':38} {seconds * 1000:7.2f} {seconds / valid:6.1f} {largest:8,}"
        )
    print(f"worst hostile body: {worst * 1000:.1f} ms of CPU time, {worst / valid:.0f} times a valid request")


if __name__ == "__main__":
    main()
