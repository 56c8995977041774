"""The "What happened" log of a long game, in Debian's headless Chromium: once it holds
more turns than its box shows it scrolls, and a keyboard reaches it to scroll it; axe
finds no serious fault on the page (its scrollable-region-focusable among them), in
both games, at 1280 and 390 pixels.

The browser, the live service and axe-core are conftest.py's and test_access.py's.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import tab
from tests.browser.live import PlaygroundPlayer, call_api
from tests.browser.test_access import _axe_faults
from tests.browser.test_move_list import SETUP_2, _record

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")
TURNS = 14


def _spiel_der_tuerme_record(base_url: str) -> str:
    """A 2-player deal and ``TURNS`` turns the computer suggests, as the page writes a record."""
    position: dict[str, Any] = call_api(base_url, "/v1/spiel-der-tuerme/setup?players=2&seed=7")
    turns = []
    for seed in range(TURNS):
        asked = {"position": position, "level": 1, "seed": seed}
        turn = call_api(base_url, "/v1/spiel-der-tuerme/turns/suggest", asked)["turn"]
        turns.append(",".join(f"{m['from']}-{m['to']}" for m in turn["moves"]) or "pass")
        played = {"position": position, "turn": turn}
        position = call_api(base_url, "/v1/spiel-der-tuerme/turns/apply", played)["position"]
        if position.get("over"):
            break
    return f"players=2&seed=7&turns={';'.join(turns)}"


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("game", ["terra-turrium", "spiel-der-tuerme"])
def test_axe_finds_no_serious_fault_with_a_full_log(browser: Browser, base_url: str, width: int,
                                                    game: str) -> None:
    with tab(browser, base_url, width, 844 if width < 600 else 900) as page:
        player = PlaygroundPlayer(page, base_url)
        if game == "terra-turrium":
            player.open(SETUP_2)
            player.press("random")
            record, _ = _record(player, page.input_value("#notation"), TURNS)
        else:
            player.open("?game=spiel-der-tuerme")
            record = _spiel_der_tuerme_record(base_url)
        page.fill("#notation", record)
        page.click("#open")
        player.idle()
        expect(page.locator("#message")).not_to_have_class("error")
        # The log holds more than its box shows …
        assert page.eval_on_selector("#log", "l => l.scrollHeight > l.clientHeight + 2")
        # … and a key reaches it to scroll it.
        assert page.eval_on_selector("#log", "l => l.tabIndex") == 0
        assert _axe_faults(page) == []
        if SCREENSHOTS and width == 390 and game == "terra-turrium":
            page.locator("#history").scroll_into_view_if_needed()
            page.screenshot(path=f"{SCREENSHOTS}/playground-log-{width}.png")
