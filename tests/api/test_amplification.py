"""Small questions never get unbounded answers (docs/deploying.md, "Bounded answers").

The bound, per POST (the only answers whose size a question chooses):

- to a client that accepts gzip: at most ``GZIP_FIXED`` bytes plus ``GZIP_PER_BYTE`` per
  byte of the body (every answer of 16 KiB or more is compressed);
- to one that does not: at most ``PLAIN_FIXED`` bytes plus ``PLAIN_PER_BYTE`` per byte.

Held here against the largest answers for the smallest questions the contract allows:
the pictures of a position written in notation, a batch of 256 bodiless requests on a
shared position (every operation of it), replays with every position at several
lengths up to the longest a 64 KiB body holds, and every request example of every game.
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from bench.heavy_load import longest_replay
from service.api.examples import examples
from service.api.spec import document

#: The bound the documents state (docs/deploying.md, docs/api.md).
GZIP_FIXED, GZIP_PER_BYTE = 16 * 1024, 2
PLAIN_FIXED, PLAIN_PER_BYTE = 96 * 1024, 128

SETUP = "setup|yellow:NW|red:NE|blue:SE|green:SW"
BATCHED = ["removals", "placements", "reach", "captures", "goal", "validate", "apply", "progress", "notation"]


def _compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def _replays() -> list[tuple[str, bytes]]:
    record = json.loads(longest_replay())["record"].split("\n")
    return [("/v1/games/replay", _compact({"record": "\n".join(record[:count]), "positions": True}))
            for count in (2, 10, 50, 200, 800, len(record))]


def _worst() -> list[tuple[str, bytes]]:
    return [
        ("/v1/render", _compact({"position": SETUP})),
        *[("/v1/batch", _compact({"position": SETUP, "requests": [{"op": op, "body": {}}] * 256}))
          for op in BATCHED],
        *_replays(),
    ]


def _bounded(client: Any, path: str, body: bytes) -> None:
    plain = client.post(path, data=body, content_type="application/json")
    packed = client.post(path, data=body, content_type="application/json",
                         headers={"Accept-Encoding": "gzip"})
    assert plain.status_code < 500 and packed.status_code == plain.status_code, plain.data[:300]
    assert len(plain.data) <= PLAIN_FIXED + PLAIN_PER_BYTE * len(body), (path, len(body), len(plain.data))
    assert len(packed.data) <= GZIP_FIXED + GZIP_PER_BYTE * len(body), (path, len(body), len(packed.data))
    if packed.headers.get("Content-Encoding") == "gzip":
        assert gzip.decompress(packed.data) == plain.data


def _name(value: Any) -> str:
    return value if isinstance(value, str) else ""


@pytest.mark.parametrize(("path", "body"), _worst(), ids=_name)
def test_the_largest_answers_for_the_smallest_questions_are_bounded(
    client: Any, path: str, body: bytes
) -> None:
    _bounded(client, path, body)


def test_every_request_example_is_answered_within_the_bound(app: Any, client: Any) -> None:
    with app.app_context():
        paths = {operation["operationId"]: path for path, item in document(app)["paths"].items()
                 for method, operation in item.items() if method == "post"}
    checked = 0
    for operation_id, named in examples().items():
        for example in named.values():
            _bounded(client, paths[operation_id], _compact(example["value"]))
            checked += 1
    assert checked >= len(paths)
