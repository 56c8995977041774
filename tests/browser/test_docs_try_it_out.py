"""/docs "Try it out" asks the service that served the page, on whatever port it runs.

The document's `servers` entry is relative (`/`), so Swagger UI sends each request to the
page's own origin, the only one its Content-Security-Policy admits. The service runs on a
free loopback port, never 8080 (the port `make run` uses); the browser fixture of
tests/browser fails the test on any request to another address. An operation is tried
with what the document gives it: a query parameter's example, a request body's first
example, the optional `X-Request-ID` header's example.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from service.api.spec import REQUEST_ID_PARAMETER
from tests.browser.live import TIMEOUT_MS
from tests.yaml_text import load_yaml

DEFAULT_PORT = 8080


def _operation(page: Page, base_url: str, operation_id: str) -> Any:
    """The operation's block on /docs, expanded, in "Try it out" mode."""
    document = load_yaml(page.request.get(base_url + "/openapi.yaml").text())
    tag = next(
        operation["tags"][0]
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and operation.get("operationId") == operation_id
    )
    block = page.locator(f"#operations-{tag}-{operation_id}")
    block.locator(".opblock-summary").click()
    block.locator(".try-out__btn").click()
    return block


def _execute(block: Any, base_url: str, path: str) -> Any:
    """Execute the request; its live answer (body and headers as Swagger UI shows them),
    which must have come from the page's origin."""
    block.locator("button.execute").click()
    live = block.locator(".live-responses-table")
    expect(live.locator("tr.response .response-col_status")).to_have_text("200", timeout=TIMEOUT_MS)
    expect(block.locator(".request-url pre")).to_have_text(re.compile("^" + re.escape(base_url + path)))
    return live.locator("tr.response .response-col_description")


def test_try_it_out_asks_the_page_origin_with_the_parameters_examples(page: Page, base_url: str) -> None:
    assert not base_url.endswith(f":{DEFAULT_PORT}")
    page.goto(base_url + "/docs")
    block = _operation(page, base_url, "setup")
    live = _execute(block, base_url, "/v1/setup?players=4")
    expect(live).to_contain_text('"to_move"')
    # The optional request id went with it, and came back.
    expect(live).to_contain_text(
        f"x-request-id: {REQUEST_ID_PARAMETER['example']}"
    )


def test_try_it_out_sends_a_bodys_first_example(page: Page, base_url: str) -> None:
    page.goto(base_url + "/docs")
    block = _operation(page, base_url, "removals")
    live = _execute(block, base_url, "/v1/removals")
    expect(live).to_contain_text('"removals"')
