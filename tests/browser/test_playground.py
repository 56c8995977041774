"""The playground in a real browser: Debian's headless Chromium, driven by Playwright,
against the service on a live local server.

The page is loaded, a 4-player position with every turrian placed is pasted in, a
turrian of the seat to move is clicked, and the squares the picture highlights and the
list beside it must be exactly what ``/v1/reach`` answers; a take that R4 forbids must
get the violation's sentence from ``/v1/turns/validate``. Every request the page makes
must go to the service itself (no CDN).

Chromium is ``/usr/bin/chromium`` (Debian's package, which ``make test`` installs when it
is missing); Playwright never downloads a browser of its own here. Without it the tests
are skipped on a developer's machine, but fail where ``CI`` is set.
"""

from __future__ import annotations

import json
import os
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright
from werkzeug.serving import make_server

from service import create_app
from service.rules import place_turrians, position_to_dict, setup_position

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

#: Every seat's six turrians on the 4-player set-up (S3). Yellow's on e6 has foreign
#: turrians next to it (f6 red, e5 green), so its reach includes captures (M6–M8).
TURRIANS = {
    "yellow": ["b9", "c7", "d6", "e8", "a10", "e6"],
    "red": ["f6", "g8", "h7", "i9", "j10", "f9"],
    "blue": ["f5", "g3", "h4", "i2", "j1", "f2"],
    "green": ["e5", "d3", "c4", "b2", "a1", "e2"],
}
CLICKED = "e6"
#: A second stone from green's territory SW in one turn, which R4 forbids.
ILLEGAL_TAKE = ["a5", "a4"]


def _position() -> dict[str, Any]:
    return position_to_dict(place_turrians(setup_position(4), TURRIANS))


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
    """The playground, loaded, with its first set-up shown; fails the test on a script
    error or on any request that does not go to the service."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    elsewhere: list[str] = []
    errors: list[str] = []

    def only_the_service(route: Any) -> None:
        if route.request.url.startswith(base_url + "/"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_service)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(base_url + "/playground")
    expect(page.locator("#message")).to_contain_text("Set-up loaded")
    try:
        yield page
    finally:
        context.close()
    assert elsewhere == []
    assert errors == []


def _api(base_url: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        base_url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def _show(page: Page, position: dict[str, Any]) -> None:
    page.fill("#position-json", json.dumps(position))
    page.click("#show-position")
    expect(page.locator("#message")).to_have_text("Position shown.")
    expect(page.locator("#board circle.turrian")).to_have_count(24)


def test_clicking_a_turrian_shows_exactly_what_v1_reach_answers(page: Page, base_url: str) -> None:
    position = _position()
    _show(page, position)
    # The turrian's disc, or the height printed on it: what a player clicks.
    page.click(f'#board g[data-square="{CLICKED}"]')
    expect(page.locator(f'#board g[data-square="{CLICKED}"] circle.turrian')).to_have_attribute(
        "data-seat", "yellow"
    )
    expect(page.locator("#message")).to_have_text("Click an answer to add its path as a move segment.")
    expect(page.locator("#answers-title")).to_have_text(f"Reach from {CLICKED}")

    reach = _api(base_url, "/v1/reach", {"position": position, "from": CLICKED})["reachable"]
    assert any(r["square"] in r["captures"] for r in reach)  # both styles are exercised

    # The picture: each reachable square highlighted with its cost, captures as such.
    shown = page.eval_on_selector_all(
        "#board g.square",
        """groups => groups
            .filter(g => g.classList.contains("reach") || g.classList.contains("capture"))
            .map(g => ({
                square: g.dataset.square,
                style: g.classList.contains("capture") ? "capture" : "reach",
                label: g.querySelector("text.label")?.textContent ?? null,
            }))""",
    )
    assert shown == [
        {
            "square": r["square"],
            "style": "capture" if r["square"] in r["captures"] else "reach",
            "label": str(r["cost"]),
        }
        for r in reach  # both in board order
    ]
    origin = page.eval_on_selector_all("#board g.square.origin", "gs => gs.map(g => g.dataset.square)")
    assert origin == [CLICKED]

    # The list beside it: cheapest first, each with its cost, path and captures.
    listed = page.eval_on_selector_all(
        "#answers li", "items => items.map(li => [li.dataset.square, li.textContent])"
    )
    assert listed == [
        [
            r["square"],
            f"{r['square']} · cost {r['cost']} · path {' '.join(r['path'])}"
            + (f" · captures {' '.join(r['captures'])}" if r["captures"] else ""),
        ]
        for r in sorted(reach, key=lambda r: r["cost"])
    ]


def test_validate_shows_the_sentence_of_an_illegal_take(page: Page, base_url: str) -> None:
    position = _position()
    _show(page, position)
    page.check('input[name="mode"][value="take"]')
    for square in ILLEGAL_TAKE:
        page.click(f'#board [data-square="{square}"]')
    # The take is numbered on the picture as it is built.
    for i, square in enumerate(ILLEGAL_TAKE, 1):
        expect(page.locator(f'#board [data-square="{square}"] text.pick')).to_have_text(f"T{i}")
    turn = {"take": ILLEGAL_TAKE, "place": [], "move": []}
    expect(page.locator("#turn-json")).to_have_text(json.dumps(turn, separators=(",", ":")))
    page.click("#validate")

    answer = _api(base_url, "/v1/turns/validate", {"position": position, "turn": {"take": ILLEGAL_TAKE}})
    assert answer["legal"] is False
    violation = answer["violation"]
    assert (violation["rule"], violation["phase"], violation["index"]) == ("R4", "take", 1)
    verdict = page.locator("#verdict")
    expect(verdict).to_have_class("illegal")
    expect(verdict).to_have_text(f"Illegal (R4, take #2): {violation['detail']}")
