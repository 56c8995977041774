"""The move list beside Terra Turrium's board, in Debian's headless Chromium: a game record
(the replay endpoint's format) opened, stepped through by keys, continued from an earlier
position, played on and copied out again, every position checked against the service.
Spiel der Türme's list the same way, its record (the deal and the turns) in the address,
copied, opened again after a new game, and followed by Back and Forward.
"""

from __future__ import annotations

import os
import urllib.parse
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.live import PlaygroundPlayer

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")
SETUP_2 = "?placing#setup|yellow:NW,NE|red:SE,SW"


def _heights(page: Page) -> dict[str, int]:
    return dict(page.eval_on_selector_all(
        "#board g.square", "gs => gs.map(g => [g.dataset.square, Number(g.dataset.height)])"
    ))


def _drawn(position: dict[str, Any]) -> dict[str, int]:
    return {f"{'abcdefghij'[f]}{r + 1}": position["heights"][r][f] for r in range(10) for f in range(10)}


def _shows(page: Page, position: dict[str, Any]) -> None:
    """The board comes to draw ``position``: a key's step is drawn after the key returns, so
    the board is read again until it agrees (or the wait, which judges no speed, ends)."""
    wanted = _drawn(position)
    for _ in range(200):
        if _heights(page) == wanted:
            return
        page.wait_for_timeout(50)
    assert _heights(page) == wanted


def _record(player: PlaygroundPlayer, start: str, turns: int) -> tuple[str, list[dict[str, Any]]]:
    """A record of ``turns`` turns the computer suggests from ``start``, in the turn
    notation; the positions after each, as the service replays the record."""
    lines, position = [start], start
    for seed in range(turns):
        suggested = player.api("/v1/turns/suggest", {"position": position, "level": 1, "seed": seed})["turn"]
        lines.append(" ".join([*(f"-{s}" for s in suggested["take"]), *(f"+{s}" for s in suggested["place"]),
                               *("-".join([m["from"], *m["path"]]) for m in suggested["move"])]) or "pass")
        position = player.api("/v1/turns/apply", {"position": position, "turn": suggested})["position"]
    replayed = player.api("/v1/games/replay", {"record": "\n".join(lines), "positions": True})
    return "\n".join(lines), [t["position"] for t in replayed["turns"]]


def test_a_record_opened_stepped_through_by_keys_and_continued(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(SETUP_2)
    player.press("random")
    expect(page.locator("#move-list button")).to_have_count(1)  # the start
    start = page.input_value("#notation")
    record, positions = _record(player, start, 3)

    # The record opened as a position is: the move list, the game after its last turn.
    page.fill("#notation", record)
    page.click("#open")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(4)
    _shows(page, positions[-1])
    assert page.get_attribute("#move-list button[aria-current]", "data-at") == "3"
    # The address holds the position's compact notation, not JSON.
    assert "%7B" not in page.url and "{" not in page.url

    # Keys: Home to the start, → one turn on, End back to the game.
    page.focus("#move-list button[aria-current]")
    page.keyboard.press("Home")
    player.idle()
    start_position = player.api("/v1/notation", {"position": start})["position"]
    _shows(page, start_position)
    page.keyboard.press("ArrowRight")
    player.idle()
    _shows(page, positions[0])
    assert page.evaluate("() => document.activeElement.dataset.at") == "1"
    # A click on the board while an earlier position is shown is refused in words.
    square = next(iter(_drawn(positions[0])))
    page.click(f'#board g[data-square="{square}"]')
    expect(page.locator("#message")).to_contain_text("earlier position")
    page.focus("#move-list button[aria-current]")
    page.keyboard.press("End")
    player.idle()
    _shows(page, positions[-1])
    assert page.get_attribute("body", "data-viewing") is None

    # Continue from after turn 1: the later turns are dropped, red plays on from there.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    player.idle()
    _shows(page, positions[0])
    if SCREENSHOTS:
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=f"{SCREENSHOTS}/playground-move-list.png")
    page.click("#continue-here")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(2)
    assert player.api("/v1/notation", {"position": page.input_value("#notation")})["position"] == positions[0]

    # A turn played by the computer is written in the turn notation, which the service
    # replays to the position the page shows.
    page.select_option("#opponent-pause", "150")
    page.select_option(f"#opponent-{positions[0]['to_move']}", "1")
    expect(page.locator("#move-list button")).to_have_count(3, timeout=30_000)
    page.wait_for_function("() => !document.body.dataset.computer && document.body.hasAttribute('data-idle')")
    page.click("#copy-record")
    player.idle()
    copied = page.input_value("#notation")
    lines = copied.split("\n")
    assert lines[:2] == record.split("\n")[:2] and len(lines) == 3
    replayed = player.api("/v1/games/replay", {"record": copied})
    assert all(t["legal"] for t in replayed["turns"])
    # The address holds the game record, so that a reload or a link has the move list.
    shown = urllib.parse.unquote(page.evaluate("() => new URL(location.href).hash.slice(1)"))
    assert shown == copied


def test_a_finished_game_stepped_through_by_keys(page: Page, base_url: str) -> None:
    """G3: yellow meets the goal and finishes, the round completes and the game is over;
    its record opened, every position of it is reached by keys."""
    from service.terra_turrium.notation import write_notation
    from tests.terra_turrium.builders import build

    stairs = {"a10": 1, "b10": 2, "c10": 3, "d10": 4, "e10": 5, "a8": 5, "a7": 6}
    turrians = {"yellow": ["a10", "b10", "c10", "d10", "e10", "a8"]}
    start = write_notation(build(4, flat=1, heights=stairs, turrians=turrians))
    homes = {
        "yellow": ["c7", "d8", "b7"], "red": ["h8", "i8", "g7"], "blue": ["h3", "i3", "g4"],
        "green": ["c3", "b3", "d4"],
    }
    lines = [" ".join([*(f"-{s}" for s in homes[seat]), *(f"+{s}" for s in homes[seat])]) for seat in homes]
    lines[0] += " a8-a7"
    record = "\n".join([start, *lines])
    player = PlaygroundPlayer(page, base_url)
    replayed = player.api("/v1/games/replay", {"record": record, "positions": True})
    assert replayed["result"]["game_over"] and replayed["result"]["winners"] == ["yellow"]
    first = player.api("/v1/notation", {"position": start})["position"]
    positions = [first] + [t["position"] for t in replayed["turns"]]

    player.open(SETUP_2)
    page.fill("#notation", record)
    page.click("#open")
    player.idle()
    expect(page.locator("#banner")).to_contain_text("Game over")
    expect(page.locator("#move-list button")).to_have_count(5)
    page.focus("#move-list button[aria-current]")
    page.keyboard.press("Home")
    player.idle()
    for k, position in enumerate(positions):
        _shows(page, position)
        assert page.evaluate("() => document.activeElement.dataset.at") == str(k)
        page.keyboard.press("ArrowRight")
        player.idle()
    # Past the last turn there is nothing: the game, over, is shown again.
    assert page.get_attribute("body", "data-viewing") is None
    expect(page.locator("#banner")).to_contain_text("Game over")


def test_spiel_der_tuerme_turns_are_listed_and_stepped_through(page: Page, base_url: str) -> None:
    """The same list for Spiel der Türme: each turn's moves, the position after each."""
    import json

    player = PlaygroundPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme")
    positions = [json.loads(page.input_value("#notation"))]
    for _ in range(2):
        moves = player.api("/v1/spiel-der-tuerme/moves", {"position": positions[-1]})["moves"]
        move = next(m for m in moves if not m["may_continue"])
        player.click(move["from"])
        player.click(move["to"])
        positions.append(json.loads(page.input_value("#notation")))
    expect(page.locator("#move-list button")).to_have_count(3)
    expect(page.locator("#move-list button").nth(1)).to_contain_text("-")
    expect(page.locator("#copy-record")).to_be_visible()  # a dealt game has a record

    def shown() -> dict[str, int]:
        return dict(page.eval_on_selector_all(
            "#board g.square", "gs => gs.map(g => [g.dataset.square, Number(g.dataset.height)])"))

    at_end = shown()
    page.focus("#move-list button[aria-current]")
    page.keyboard.press("Home")
    player.idle()
    at_start = shown()
    assert at_start != at_end
    page.keyboard.press("End")
    player.idle()
    assert shown() == at_end
    page.keyboard.press("Home")
    player.idle()
    page.click("#continue-here")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(1)
    assert json.loads(page.input_value("#notation")) == positions[0]
    assert shown() == at_start


def test_a_spiel_der_tuerme_record_copied_then_opened_after_a_new_game(page: Page, base_url: str) -> None:
    """Copy game record gives the deal and the turns (the address's text); opened after
    a new game, it gives the same position, the same move list and the same address."""
    import json

    player = PlaygroundPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme")
    positions = [json.loads(page.input_value("#notation"))]
    for _ in range(3):
        position = positions[-1]
        moves = player.api("/v1/spiel-der-tuerme/moves", {"position": position})["moves"]
        move = next(m for m in moves if not m["may_continue"])
        player.click(move["from"])
        player.click(move["to"])
        positions.append(json.loads(page.input_value("#notation")))
    played = positions[-1]
    listed = page.locator("#move-list button").all_inner_texts()
    address = page.url
    assert len(listed) == 4
    assert len(address) < 300 and "{" not in address and "%7B" not in address

    # Back: the address of two turns, the game's own position after them, its list kept.
    page.go_back()
    player.idle()
    assert json.loads(page.input_value("#notation")) == positions[2]
    assert page.locator("#move-list button").all_inner_texts() == listed
    assert page.get_attribute("#move-list button[aria-current]", "data-at") == "2"
    page.go_forward()
    player.idle()
    assert page.url == address and json.loads(page.input_value("#notation")) == played

    page.click("#copy-record")
    player.idle()
    record = page.input_value("#notation")
    assert record == urllib.parse.unquote(urllib.parse.urlsplit(address).fragment)
    assert record.count(";") == 2 and "&turns=" in record

    page.click("#new")
    player.idle()
    expect(page.locator("#move-list button")).to_have_count(1)
    assert json.loads(page.input_value("#notation")) != played

    page.fill("#notation", record)
    page.click("#open")
    player.idle()
    expect(page.locator("#paste-error")).to_be_hidden()
    assert json.loads(page.input_value("#notation")) == played
    assert page.locator("#move-list button").all_inner_texts() == listed
    assert page.get_attribute("#move-list button[aria-current]", "data-at") == "3"
    assert page.url == address

    # A record with a turn the rules refuse is not opened: the turn and the rule are named.
    page.fill("#notation", record.replace("&turns=", "&turns=a1-a1;"))
    page.click("#open")
    player.idle()
    expect(page.locator("#paste-error")).to_contain_text("Turn 1 of the record is not legal")
    assert page.locator("#move-list button").all_inner_texts() == listed
    assert page.url == address
