"""Reviewing an earlier position of a game in the move list, in Debian's headless
Chromium: the Turn panel, the seat to move and the goal are those of the position the
board shows, with nothing offered to play; Continue from here and Start a new game say
which turns they put away and bring them back on one click.

The browser and the live service are conftest.py's; the game record is test_move_list's.
"""

from __future__ import annotations

import os
import re

from playwright.sync_api import Page, expect

from tests.browser.live import PlaygroundPlayer
from tests.browser.test_move_list import SETUP_2, _drawn, _heights, _record

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")


def _goals(page: Page) -> dict[str, str]:
    return dict(page.eval_on_selector_all("#goals li[data-seat]",
                                          "lis => lis.map(li => [li.dataset.seat, li.textContent])"))


def test_reviewing_turn_3_the_panel_agrees_with_the_board(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(SETUP_2)
    player.press("random")
    record, positions = _record(player, page.input_value("#notation"), 5)
    page.fill("#notation", record)
    page.click("#open")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(6)
    live_goals = _goals(page)

    page.click('#move-list button[data-at="3"]')
    player.idle()
    third = positions[2]
    assert _heights(page) == _drawn(third)
    expect(page.locator("#turn-title")).to_have_text("Earlier position")
    expect(page.locator("#whose")).to_have_text(f"{third['to_move']} to move")
    # Nothing to play in it: no button of a turn, no frame to click.
    expect(page.locator("#turn-buttons button")).to_have_count(0)
    assert page.eval_on_selector_all("#board rect.highlight", "rs => rs.length") == 0
    # The goal is that position's, as the service judges it.
    goal = player.api("/v1/goal", {"position": third})
    shown = _goals(page)
    for seat in goal["seats"]:
        if seat["goal_met"]:
            continue
        stands = re.search(r"stands on ([^;]*);", shown[seat["id"]])
        heights = [int(h) for h in re.findall(r"\d+", stands.group(1))] if stands else None
        assert heights == seat["heights"], (seat, shown)
    # Not the live game's goal, unless the service judges both positions alike (a random
    # game's turrians may stand on the same heights in both).
    live = player.api("/v1/goal", {"position": positions[-1]})
    assert shown != live_goals or live["seats"] == goal["seats"]
    if SCREENSHOTS:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=f"{SCREENSHOTS}/playground-review.png")

    # Continue from here: the two later turns are dropped, in words, and come back on a click.
    page.click("#continue-here")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(4)
    expect(page.locator("#message")).to_contain_text("The last 2 turns are dropped.")
    expect(page.locator("#turn-title")).to_have_text("Turn")
    page.click("#bring-back")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(6)
    assert _heights(page) == _drawn(positions[-1])

    # A new game puts the whole game away, and brings it back the same way.
    page.click("#new")
    player.idle()
    expect(page.locator("#message")).to_contain_text("The game of 5 turns is put away.")
    page.click("#bring-back")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(6)
    assert _heights(page) == _drawn(positions[-1])
    # Back in the browser brings back the game before the new one, too.
    page.click("#new")
    player.idle()
    page.go_back()
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(6)
