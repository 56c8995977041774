"""Answers of at least 16 KiB are gzip-compressed when the request accepts gzip
(service/api/compression.py); smaller ones, and any answer to a request that does not
accept it, are sent as they are."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from bench.heavy_load import longest_replay
from service.api.compression import MIN_SIZE


def _replay(client: Any, accept: str | None) -> Any:
    headers = {"Accept-Encoding": accept} if accept is not None else {}
    return client.post(
        "/v1/games/replay", data=longest_replay(), content_type="application/json", headers=headers
    )


def test_a_large_answer_is_gzipped_when_accepted(client: Any) -> None:
    plain = _replay(client, None)
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    assert len(plain.data) > 1_000_000
    packed = _replay(client, "gzip, deflate, br")
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 10
    assert gzip.decompress(packed.data) == plain.data


@pytest.mark.parametrize("accept", [None, "", "identity", "br", "gzip;q=0", "deflate"])
def test_no_gzip_unless_the_request_accepts_it(client: Any, accept: str | None) -> None:
    answer = _replay(client, accept)
    assert answer.status_code == 200 and "Content-Encoding" not in answer.headers
    json.loads(answer.data)


def test_a_small_answer_is_never_compressed(client: Any) -> None:
    reach = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "reach.json").read_bytes()
    answer = client.post(
        "/v1/reach", data=reach, content_type="application/json", headers={"Accept-Encoding": "gzip"}
    )
    assert answer.status_code == 200 and len(answer.data) < MIN_SIZE
    assert "Content-Encoding" not in answer.headers
    assert "Accept-Encoding" not in answer.headers.get("Vary", "")


# ----------------------------------------------------------------- text answers


def _gzip_and_plain(client: Any, method: str, path: str, **kwargs: Any) -> tuple[Any, Any]:
    plain = client.open(path, method=method, **kwargs)
    headers = {**kwargs.pop("headers", {}), "Accept-Encoding": "gzip"}
    packed = client.open(path, method=method, headers=headers, **kwargs)
    return plain, packed


RENDER = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "render.json").read_bytes()


@pytest.mark.parametrize(("method", "path", "kwargs"), [
    ("POST", "/v1/render", {"data": RENDER, "content_type": "application/json"}),
    ("GET", "/openapi.yaml", {}),
    ("GET", "/openapi.yaml", {"headers": {"Accept": "application/json"}}),
    ("GET", "/rules", {}),
    ("GET", "/docs/swagger-ui-bundle.js", {}),
    ("GET", "/docs/swagger-ui.css", {}),
    ("GET", "/terra-turrium/terra-turrium.js", {}),
])
def test_a_large_text_answer_is_gzipped_when_accepted(
    client: Any, method: str, path: str, kwargs: Any
) -> None:
    plain, packed = _gzip_and_plain(client, method, path, **kwargs)
    assert plain.status_code == 200 and "Content-Encoding" not in plain.headers
    assert len(plain.data) >= MIN_SIZE
    assert packed.status_code == 200 and packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"] and "Accept-Encoding" in plain.headers["Vary"]
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 2
    assert gzip.decompress(packed.data) == plain.data
    assert packed.mimetype == plain.mimetype


@pytest.mark.parametrize("path", ["/openapi.yaml", "/rules", "/terra-turrium/terra-turrium.js"])
def test_a_compressed_copy_is_revalidated_by_its_own_etag(client: Any, path: str) -> None:
    packed = client.get(path, headers={"Accept-Encoding": "gzip"})
    plain = client.get(path)
    assert packed.headers["ETag"] != plain.headers["ETag"]
    for answer, accept in ((packed, "gzip"), (plain, "identity")):
        again = client.get(path, headers={"Accept-Encoding": accept, "If-None-Match": answer.headers["ETag"]})
        assert again.status_code == 304 and not again.data
    # The same bytes each time (kept once compressed).
    assert client.get(path, headers={"Accept-Encoding": "gzip"}).data == packed.data


def test_a_small_text_answer_is_never_compressed(client: Any) -> None:
    answer = client.get("/playground", headers={"Accept-Encoding": "gzip"})
    assert answer.status_code == 200 and len(answer.data) < MIN_SIZE
    assert "Content-Encoding" not in answer.headers
    assert "Accept-Encoding" not in answer.headers.get("Vary", "")


def test_answers_to_made_up_queries_are_compressed_but_not_kept(client: Any) -> None:
    from service.api import compression

    client.get("/rules", headers={"Accept-Encoding": "gzip"})
    kept = len(compression._kept)
    for number in range(compression.KEPT + 5):
        answer = client.get(f"/rules?x={number}", headers={"Accept-Encoding": "gzip"})
        assert answer.headers["Content-Encoding"] == "gzip"
    assert len(compression._kept) == kept
