"""Request bodies are read only as they are sent: one with a Content-Encoding other than
identity is refused 415 problem details, naming the codings read (service/api/compression.py);
a proxy that decodes bodies can never see another request than the one answered."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
REMOVALS = (EXAMPLES / "removals.json").read_bytes()
#: A light operation, a heavy one (answered by a helper when served) and a picture.
PATHS = {"/v1/removals": "removals.json", "/v1/batch": "batch.json", "/v1/render": "render.json"}


def _post(client: Any, path: str, body: bytes, coding: str | None) -> Any:
    headers = {"Content-Encoding": coding} if coding is not None else {}
    return client.post(path, data=body, content_type="application/json", headers=headers)


@pytest.mark.parametrize("path", sorted(PATHS))
@pytest.mark.parametrize(("coding", "pack"), [
    ("gzip", gzip.compress), ("deflate", zlib.compress), ("br", bytes), ("x-gzip", gzip.compress),
    ("gzip, identity", gzip.compress), ("identity, br", bytes), ("GZIP", gzip.compress),
])
def test_a_coded_body_is_415_naming_the_codings_read(client: Any, path: str, coding: str, pack: Any) -> None:
    body = (EXAMPLES / PATHS[path]).read_bytes()
    answer = _post(client, path, pack(body), coding)
    assert answer.status_code == 415, answer.data[:300]
    assert answer.mimetype == "application/problem+json"
    assert answer.json["status"] == 415 and "Content-Encoding" in answer.json["detail"]
    assert answer.headers["Accept-Encoding"] == "identity"


@pytest.mark.parametrize("coding", [None, "identity", "Identity", "identity, identity"])
def test_a_plain_body_is_read(client: Any, coding: str | None) -> None:
    assert _post(client, "/v1/removals", REMOVALS, coding).status_code == 200


def test_the_refusal_is_in_the_readers_language(client: Any) -> None:
    answer = client.post("/v1/removals", data=gzip.compress(REMOVALS), content_type="application/json",
                         headers={"Content-Encoding": "gzip", "Accept-Language": "de"})
    assert answer.status_code == 415 and answer.headers["Content-Language"] == "de"
    assert "Content-Encoding" in answer.json["detail"] and "Dienst" in answer.json["detail"]


def test_a_request_without_a_body_is_not_judged_by_its_coding(client: Any) -> None:
    assert client.get("/healthz", headers={"Content-Encoding": "gzip"}).status_code == 200
