"""One set of headers for each kind of answer, whatever its status (docs/api.md,
docs/deploying.md): every answer, 304s and errors included, carries X-Rules-Version,
X-Request-ID and nosniff; an error is never stored (no-store); the pages are revalidated
(no-cache, ETag); the document has an ETag and answers a conditional GET; the metrics
are for the operator's scraper, never readable by a page on another origin."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from service.offload import OVERLOADED

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
REMOVALS = (EXAMPLES / "removals.json").read_bytes()
ORIGIN = "https://elsewhere.example"


def _every_answers_headers(answer: Any) -> None:
    assert answer.headers["X-Rules-Version"], answer.status_code
    assert answer.headers["X-Request-ID"]
    assert answer.headers["X-Content-Type-Options"] == "nosniff"


#: Requests answered with an error, by the status they get.
ERRORS: dict[int, tuple[str, str, dict[str, Any]]] = {
    400: ("POST", "/v1/removals", {"data": b"{", "content_type": "application/json"}),
    404: ("GET", "/no/such/address", {}),
    405: ("DELETE", "/v1/removals", {}),
    413: ("POST", "/v1/removals", {"data": b" " * (64 * 1024 + 1), "content_type": "application/json"}),
    415: ("POST", "/v1/removals", {"data": REMOVALS, "content_type": "text/plain"}),
    422: ("POST", "/v1/reach", {"json": {"position": "setup|yellow:NW|red:NE", "from": "a1"}}),
    503: ("POST", "/v1/batch", {"data": REMOVALS, "content_type": "application/json",
                                "environ_overrides": {OVERLOADED: 1}}),
}


@pytest.mark.parametrize("status", sorted(ERRORS))
def test_an_error_of_any_status_is_never_stored_and_carries_every_answers_headers(
    client: Any, status: int
) -> None:
    method, path, kwargs = ERRORS[status]
    answer = client.open(path, method=method, **kwargs)
    assert answer.status_code == status, answer.data[:300]
    assert answer.mimetype == "application/problem+json"
    assert answer.headers["Cache-Control"] == "no-store"
    _every_answers_headers(answer)


PAGES = ["/", "/playground", "/docs", "/rules", "/rules/spiel-der-tuerme", "/turm-und-leute",
         "/turm-und-leute/ledger"]


@pytest.mark.parametrize("path", PAGES)
def test_a_page_is_revalidated_and_its_304_carries_every_answers_headers(client: Any, path: str) -> None:
    page = client.get(path)
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Cache-Control"] == "no-cache" and page.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    _every_answers_headers(again)
    assert again.headers["X-Rules-Version"] == page.headers["X-Rules-Version"]
    # A 304 lays its headers over the stored page's: no policy that would blank it.
    assert "Content-Security-Policy" not in again.headers


@pytest.mark.parametrize("path", ["/playground/playground.js", "/rules/spiel-der-tuerme.svg"])
def test_a_files_304_carries_the_rules_version(client: Any, path: str) -> None:
    first = client.get(path)
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    _every_answers_headers(again)


@pytest.mark.parametrize("accept", ["application/yaml", "application/json"])
def test_the_document_has_an_etag_and_answers_a_conditional_get(client: Any, accept: str) -> None:
    document = client.get("/openapi.yaml", headers={"Accept": accept})
    assert document.status_code == 200 and document.mimetype == accept
    assert document.headers["Cache-Control"] == "no-cache" and document.headers["ETag"]
    again = client.get("/openapi.yaml", headers={"Accept": accept, "If-None-Match": document.headers["ETag"]})
    assert again.status_code == 304 and not again.data
    _every_answers_headers(again)


@pytest.mark.parametrize("headers", [{}, {"Origin": ORIGIN}])
def test_the_metrics_are_not_readable_from_another_origin(client: Any, headers: dict[str, str]) -> None:
    answer = client.get("/metrics", headers=headers)
    assert answer.status_code == 200
    assert "Access-Control-Allow-Origin" not in answer.headers
    preflight = client.options("/metrics", headers={"Origin": ORIGIN, "Access-Control-Request-Method": "GET"})
    assert "Access-Control-Allow-Origin" not in preflight.headers
    # Every other answer stays readable from any origin (the default setting).
    assert client.get("/healthz", headers=headers).headers["Access-Control-Allow-Origin"] == "*"


@pytest.mark.parametrize(("query", "kept"), [
    ("game=%ff", "game=%ff"),
    ("game=spiel-der-tuerme&lang=de", "game=spiel-der-tuerme"),
    ("x=a%20b&game=%C3%BC", "x=a%20b&amp;game=%C3%BC"),
])
def test_the_language_links_repeat_the_query_as_sent(client: Any, query: str, kept: str) -> None:
    page = client.get(f"/playground?{query}").get_data(as_text=True)
    links = re.findall(r'href="(/playground\?[^"]*)" hreflang', page) or re.findall(
        r'href="(/playground\?[^"]*lang=[a-z]{2})"', page)
    assert len(links) == 4, links
    for link in links:
        assert link.startswith(f"/playground?{kept}&amp;lang="), link
        assert "%25" not in link
