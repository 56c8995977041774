"""The browser tests' live service and browser: Debian's headless Chromium, driven by
Playwright, against the service on a local server in a thread of the test process.

Every page is served with a Content-Security-Policy that forbids inline scripts, inline
event handlers and inline styles, as the page is meant to be deployed; a violation, a
script error or a request that does not go to the service fails the test.

Chromium is ``/usr/bin/chromium`` (Debian's package, which ``make test`` installs when it
is missing); Playwright never downloads a browser of its own here. Without it the tests
are skipped on a developer's machine, but fail where ``CI`` is set.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright
from werkzeug.serving import make_server

from service import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    # The machine's network is closed: without these Chromium keeps trying to call home.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000
#: The policy the page must live with: its own scripts and styles only, nothing inline.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The service on 127.0.0.1 at a free port, in a thread of this process."""
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).is_file():
        message = f"{CHROMIUM} is missing: `make test` installs it (apt-get install chromium)"
        if "CI" in os.environ:
            pytest.fail(message)
        pytest.skip(message)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture()
def page(browser: Browser, base_url: str) -> Iterator[Page]:
    """A browser tab on nothing yet; fails the test on a script error, a breach of the
    Content-Security-Policy, or any request that does not go to the service."""
    context = browser.new_context(viewport={"width": 1360, "height": 900})
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
