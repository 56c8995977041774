"""A game against the computer kept by the browser, in Debian's headless Chromium: a
person plays a turn, the computer (level 2, as a first visit offers it) plays its own,
and then Back, Forward, a reload and a new tab on the copied link each bring back the
same game: its whole move list, the same opponent, and a record that still replays.
Back goes from one person's turn to the one before, never into the computer's turn,
which the computer would then play a second time.

Both Terra Turrium and Spiel der Türme; the browser and the live service are conftest.py's.
"""

from __future__ import annotations

import json
import os
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import tab
from tests.browser.live import PlaygroundPlayer

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")

SDT = "?game=spiel-der-tuerme"


def _computer_done(page: Page) -> None:
    page.wait_for_function("() => !document.body.dataset.computer && document.body.hasAttribute('data-idle')",
                           timeout=60_000)


def _moves(page: Page) -> list[str]:
    return page.eval_on_selector_all("#move-list button", "bs => bs.map(b => b.textContent)")


def _shown(page: Page) -> str | None:
    return page.get_attribute("#move-list button[aria-current]", "data-at")


def _play_terra_turrium(player: PlaygroundPlayer) -> None:
    """A turn of the seat to move, by clicks: the stones the service suggests taken and
    placed (a turn without a walk is a whole turn), then End turn."""
    position = player.api("/v1/notation", {"position": player.page.input_value("#notation")})["position"]
    suggested = (player.api("/v1/turns/suggest", {"position": position, "level": 1, "seed": seed})["turn"]
                 for seed in range(20))
    turn = next(t for t in suggested if not t["move"])
    for square in [*turn["take"], *turn["place"]]:
        player.click(square)
    player.press("end")


def _play_spiel_der_tuerme(player: PlaygroundPlayer) -> None:
    """A turn of the seat to move, by clicks: the moves the service suggests."""
    page = player.page
    position: dict[str, Any] = json.loads(page.input_value("#notation"))
    asked = {"position": position, "level": 1, "seed": 1}
    turn = player.api("/v1/spiel-der-tuerme/turns/suggest", asked)["turn"]
    for move in turn["moves"]:
        player.click(move["from"])
        player.click(move["to"])
    if page.locator('#turn-buttons button[data-action="end"]').count():
        player.press("end")
    if not turn["moves"]:
        player.press("pass")


def _replays(player: PlaygroundPlayer, game: str) -> None:
    """The game record the page copies opens again: every turn of it legal."""
    player.page.click("#copy-record")
    player.idle()
    record = player.page.input_value("#notation")
    if game == "terra-turrium":
        assert all(t["legal"] for t in player.api("/v1/games/replay", {"record": record})["turns"])
    else:
        player.page.click("#open")
        player.idle()
        expect(player.page.locator("#message")).not_to_have_class("error")


def _kept(page: Page, moves: list[str], at: str, computer: str) -> None:
    """The same game: the whole move list, the position ``at``, the computer on ``computer``
    at level 2, a person to move and the computer not playing."""
    expect(page.locator("#move-list button")).to_have_count(len(moves))
    assert _moves(page) == moves
    assert _shown(page) == at
    assert page.input_value(f"#opponent-{computer}") == "2"
    assert page.get_attribute("body", "data-computer") is None


def _back_forward_reload_new_tab(browser: Browser, page: Page, base_url: str, address: str,
                                 game: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(address, people=False)
    page.select_option("#opponent-pause", "150")
    if game == "terra-turrium":
        player.press("random")
    # The first visit's game: the last seat is the computer's, at level 2.
    computer = page.eval_on_selector_all("#opponent-seats select", "ss => ss[ss.length - 1].dataset.seat")
    assert page.input_value(f"#opponent-{computer}") == "2"
    _computer_done(page)
    play = _play_terra_turrium if game == "terra-turrium" else _play_spiel_der_tuerme
    before = len(_moves(page))
    play(player)
    _computer_done(page)
    expect(page.locator("#move-list button")).to_have_count(before + 2)
    moves = _moves(page)
    assert f"computer={computer}:2" in page.url
    assert page.get_attribute("body", "data-viewing") is None

    # Back: the position before the person's turn (a person to move), the move list
    # whole; the computer does not play its turn again.
    page.go_back()
    player.idle()
    page.wait_for_timeout(600)  # the computer's pause at its fastest, several times over
    _computer_done(page)
    _kept(page, moves, str(before - 1), computer)
    # Forward: after the computer's turn again.
    page.go_forward()
    player.idle()
    _computer_done(page)
    _kept(page, moves, str(before + 1), computer)
    _replays(player, game)

    # A reload, then the link in a new tab: the same game, the same opponent.
    link = page.url
    page.reload()
    player.idle()
    _computer_done(page)
    _kept(page, moves, str(before + 1), computer)
    with tab(browser, base_url) as other:
        again = PlaygroundPlayer(other, base_url)
        other.goto(link)
        again.idle()
        _computer_done(other)
        _kept(other, moves, str(before + 1), computer)
        _replays(again, game)
        if SCREENSHOTS:
            other.set_viewport_size({"width": 1280, "height": 800})
            other.evaluate("() => window.scrollTo(0, 0)")
            other.screenshot(path=f"{SCREENSHOTS}/playground-{game}-history.png")


def test_terra_turrium_back_forward_reload_and_new_tab_keep_game_and_opponent(
        browser: Browser, page: Page, base_url: str) -> None:
    _back_forward_reload_new_tab(browser, page, base_url, "", "terra-turrium")


def test_spiel_der_tuerme_back_forward_reload_and_new_tab_keep_game_and_opponent(
        browser: Browser, page: Page, base_url: str) -> None:
    _back_forward_reload_new_tab(browser, page, base_url, SDT, "spiel-der-tuerme")
