"""A request the server has no room for (service/offload.py marks it) is answered 503
problem details with Retry-After, in the request's language, with the headers every
answer carries; the same request unmarked is answered as usual."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from service.api.envelope import OVERLOADED

REACH = (Path(__file__).resolve().parents[2] / "docs" / "examples" / "reach.json").read_bytes()


@pytest.mark.parametrize("language", ["en", "de", "nl", "fr"])
def test_a_refused_request_is_a_503_with_retry_after(client: Any, language: str) -> None:
    answer = client.post("/v1/reach", data=REACH, content_type="application/json",
                         headers={"Accept-Language": language, "X-Request-ID": "busy-1"},
                         environ_overrides={OVERLOADED: 1})
    assert answer.status_code == 503
    assert answer.mimetype == "application/problem+json"
    assert answer.headers["Retry-After"] == "1"
    assert (
        answer.headers["X-Request-ID"] == "busy-1" and answer.headers["X-Content-Type-Options"] == "nosniff"
    )
    problem = answer.get_json()
    assert problem["status"] == 503 and "1 s" in problem["detail"]
    if language == "en":
        assert problem["detail"].startswith("The service is answering as many heavy requests")
    else:
        assert "heavy" not in problem["detail"]


def test_the_same_request_unmarked_is_answered(client: Any) -> None:
    assert client.post("/v1/reach", data=REACH, content_type="application/json").status_code == 200
