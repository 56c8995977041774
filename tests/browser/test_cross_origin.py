"""The service as browsers see it: a front end on another origin calls the API (CORS),
and the service's own pages run under their Content-Security-Policy, unframed.

Debian's headless Chromium (tests/browser/live.py, as for the playground) loads a page
from a second small server on another loopback port; its script asks the service,
which runs on a port of its own, and shows the answers. With the origin not allowed,
the same script gets nothing. The playground and the API documentation must load with
no policy violation, and must refuse to be framed by another site.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from service.api.spec import TITLE
from tests.browser.live import TIMEOUT_MS, serve_app, serving

#: The front end: a page and its script, as another site would serve them.
FRONT_END_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>A front end</title>
<script src="front-end.js" defer></script></head>
<body><pre id="removals">…</pre><pre id="request-id">…</pre><pre id="error"></pre>
<iframe id="framed" title="the playground, framed"></iframe></body></html>
"""
FRONT_END_SCRIPT = """
const api = new URLSearchParams(location.search).get("api");
fetch(api + "/v1/removals", {
  method: "POST",
  headers: {"Content-Type": "application/json", "X-Request-ID": "front-end-1"},
  body: JSON.stringify({position: "setup|yellow:NW|red:NE|blue:SE|green:SW"}),
}).then(async (response) => {
  document.getElementById("request-id").textContent = response.headers.get("X-Request-ID");
  document.getElementById("removals").textContent = JSON.stringify(await response.json());
}).catch((error) => {
  document.getElementById("error").textContent = error.name;
});
"""


@pytest.fixture(scope="module")
def api() -> Iterator[str]:
    """The service, allowing every origin (the default)."""
    with serve_app({}) as url:
        yield url


@pytest.fixture(scope="module")
def front_end(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The front end's own server: another port, so another origin."""
    root = tmp_path_factory.mktemp("front-end")
    (root / "index.html").write_text(FRONT_END_PAGE)
    (root / "front-end.js").write_text(FRONT_END_SCRIPT)

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    with serving(ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(root)))) as url:
        yield url


@pytest.fixture()
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_front_end_on_another_origin_gets_answers(page: Page, api: str, front_end: str) -> None:
    assert front_end != api
    page.goto(f"{front_end}/index.html?api={api}")
    expect(page.locator("#removals")).to_contain_text('"removals"')
    answer = json.loads(page.locator("#removals").text_content() or "")
    assert {"square": "a1", "territory": "SW", "height": 1, "rule": "outside"} in answer["removals"]
    # The request id the script sent came back, readable because it is exposed.
    expect(page.locator("#request-id")).to_have_text("front-end-1")
    expect(page.locator("#error")).to_have_text("")


def test_a_front_end_on_an_origin_not_allowed_gets_nothing(page: Page, front_end: str) -> None:
    with serve_app({"CORS_ORIGINS": ["https://the-only-front-end.example"]}) as allowed:
        page.goto(f"{front_end}/index.html?api={allowed}")
        expect(page.locator("#error")).to_have_text("TypeError")  # the browser refused the answer
        expect(page.locator("#removals")).to_have_text("…")


@pytest.mark.parametrize("path", ["/playground", "/docs"])
def test_the_pages_run_under_their_policy(page: Page, api: str, path: str) -> None:
    page.add_init_script(
        "window.violations = [];"
        "document.addEventListener('securitypolicyviolation',"
        " (e) => window.violations.push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    response = page.goto(api + path)
    assert response is not None and "script-src 'self'" in response.headers["content-security-policy"]
    if path == "/docs":
        expect(page.locator(".swagger-ui .info .title")).to_contain_text(TITLE)
        expect(page.locator(".opblock").first).to_be_visible()
    else:
        # A fresh game opens with its first seat putting its turrians on the board (S3).
        expect(page.locator("#whose")).to_contain_text("puts its turrians on the board")
        expect(page.locator("#board svg")).to_be_visible()
    assert page.evaluate("window.violations") == []
    assert errors == []


def test_another_site_cannot_frame_the_pages(page: Page, api: str, front_end: str) -> None:
    page.goto(f"{front_end}/index.html?api={api}")
    expect(page.locator("#request-id")).to_have_text("front-end-1")
    with page.expect_event("console", predicate=lambda m: "frame-ancestors" in m.text):
        page.eval_on_selector("#framed", f"frame => {{ frame.src = {json.dumps(api + '/playground')}; }}")
    framed = page.frame_locator("#framed")
    expect(framed.locator("#message")).to_have_count(0)
