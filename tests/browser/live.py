"""A live service, a headless Chromium and a player at the playground, for every test
that drives a real browser.

Chromium is ``/usr/bin/chromium`` (Debian's package, which ``make test`` installs when it
is missing); Playwright never downloads a browser of its own here. Without it a test is
skipped on a developer's machine, but fails where ``CI`` is set.
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def serving(server: Any) -> Iterator[str]:
    """``server`` (a ``socketserver`` server bound to a loopback port) answering in a
    thread of this process while the block runs; its URL."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def serve_app(config: dict[str, Any] | None = None) -> Any:
    """The service built with ``config``, on a free loopback port (a context manager)."""
    return serving(make_server("127.0.0.1", 0, create_app(config), threaded=True))


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's headless Chromium, or the test skipped (failed under ``CI``) without it."""
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


def call_api(base_url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The service's JSON answer to ``path``: a GET, or a POST of ``body``."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base_url + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


class PlaygroundPlayer:
    """A person at a playground page (``PATH``): clicks, and reads what the page shows."""

    PATH = "/playground"

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def api(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return call_api(self.base_url, path, body)

    def open(self, address: str = "", people: bool = True) -> None:
        """The page at ``address``; ``people``: a first game against the computer (what a
        visit that opens no position is offered) is made a game of people at the screen,
        by the one click the page offers for it."""
        self.page.goto(self.base_url + self.PATH + address)
        self.idle()
        if people and self.page.locator('#opponent-switch[data-against="computer"]').count():
            self.page.click("#opponent-switch")
            self.idle()

    def idle(self) -> None:
        """Wait until the page has finished answering every click so far."""
        self.page.wait_for_selector("body[data-idle]", state="attached")

    def click(self, square: str) -> None:
        self.page.click(f'#board g[data-square="{square}"]')
        self.idle()

    def press(self, action: str) -> None:
        self.page.click(f'#turn-buttons button[data-action="{action}"]')
        self.idle()

    def styled(self, *styles: str) -> list[str]:
        """The squares drawn in one of ``styles``, in board order."""
        selector = ", ".join(f"#board g.square.{style}" for style in styles)
        return self.page.eval_on_selector_all(selector, "gs => gs.map(g => g.dataset.square)")

    def labels(self) -> dict[str, str]:
        """The label drawn on each square that has one (a cost, a height)."""
        return dict(
            self.page.eval_on_selector_all(
                "#board g.square",
                "gs => gs.filter(g => g.querySelector('text.label'))"
                ".map(g => [g.dataset.square, g.querySelector('text.label').textContent])",
            )
        )
