"""Every page on a second visit: reloaded, and reached again by Back and Forward, in
Debian's headless Chromium with its HTTP cache at work.

The browser revalidates what it keeps (``If-None-Match``) and lays the 304's headers over
its copy: a 304 that carried the data policy (``sandbox``) once left a reloaded page blank
and unstyled. This tab routes nothing (Playwright's routing turns the cache off), so the
page lives with the service's own Content-Security-Policy.
"""

from __future__ import annotations

import os
from typing import Any

from playwright.sync_api import Browser, Page

from tests.browser.live import TIMEOUT_MS
from tests.browser.test_access import PAGES

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")

#: What a page drawn in full shows: every style sheet applied, and what its script
#: draws (a board, the combat form's outcome, Swagger UI's operations).
DRAWN = """(ready) => {
  const sheets = [...document.querySelectorAll('link[rel=stylesheet]')];
  const styled = sheets.length > 0 && sheets.every((l) => l.sheet && l.sheet.cssRules.length > 0);
  return { styled, ready: Boolean(document.querySelector(ready)),
           board: Boolean(document.querySelector('#board svg g[data-square]')) };
}"""


def _drawn(page: Page, path: str, ready: str) -> None:
    page.wait_for_selector(ready, state="attached")
    if path.startswith("/playground"):
        page.wait_for_selector("#board svg g[data-square]", state="attached")
    shown = page.evaluate(DRAWN, ready)
    assert shown["styled"], f"{path}: a style sheet is not applied"
    assert not path.startswith("/playground") or shown["board"], f"{path}: no board"


def test_every_page_is_whole_on_reload_back_and_forward(browser: Browser, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    revalidated: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)

    def answered(response: Any) -> None:
        if response.status == 304:
            revalidated.append(response.url)

    page.on("response", answered)
    try:
        paths = list(PAGES.items())
        for path, ready in paths:
            page.goto(base_url + path)
            _drawn(page, path, ready)
            page.reload()
            _drawn(page, path, ready)
            if SCREENSHOTS and path == "/playground":
                page.screenshot(path=f"{SCREENSHOTS}/playground-reloaded.png")
        # Back through every page, then Forward through them again.
        for path, ready in reversed(paths[:-1]):
            page.go_back()
            _drawn(page, path, ready)
        for path, ready in paths[1:]:
            page.go_forward()
            _drawn(page, path, ready)
    finally:
        context.close()
    assert errors == []
    # The cache was at work: the reloads' files were answered 304.
    for kept in ("/playground/playground.css", "/playground/playground.js", "/docs/static/rules.css"):
        assert any(url.endswith(kept) for url in revalidated), (kept, revalidated)
