"""The browser tests' live service and browser: Debian's headless Chromium, driven by
Playwright, against the service on a local server in a thread of the test process.

Every page is served with a Content-Security-Policy that forbids inline scripts, inline
event handlers and inline styles, as the page is meant to be deployed; a violation, a
script error or a request that does not go to the service fails the test.

Chromium and the server come from tests/browser/live.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.live import TIMEOUT_MS, chromium, serve_app

#: The policy the page must live with: its own scripts and styles only, nothing inline.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The service on 127.0.0.1 at a free port, in a thread of this process."""
    with serve_app() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@contextmanager
def tab(browser: Browser, base_url: str, width: int = 1360, height: int = 900) -> Iterator[Page]:
    """A browser tab of ``width`` × ``height`` CSS pixels on nothing yet; fails the test on
    a script error, a breach of the Content-Security-Policy, or any request that does
    not go to the service."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(TIMEOUT_MS)
    elsewhere: list[str] = []
    errors: list[str] = []

    def only_the_service(route: Any) -> None:
        request = route.request
        if not request.url.startswith(base_url + "/"):
            elsewhere.append(request.url)
            route.abort()
        elif request.resource_type == "document":
            response = route.fetch()
            route.fulfill(response=response, headers={**response.headers, "content-security-policy": CSP})
        else:
            route.continue_()

    context.route("**/*", only_the_service)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: errors.append(message.text) if "Content Security Policy" in message.text else None,
    )
    try:
        yield page
    finally:
        context.close()
    assert elsewhere == []
    assert errors == []


@pytest.fixture()
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A browser tab on nothing yet, 1360 × 900 (:func:`tab`)."""
    with tab(browser, base_url) as opened:
        yield opened
