"""The playground in a real browser: Debian's headless Chromium, driven by Playwright,
against the service on a live local server, as a person uses it: by clicks.

- A new 2-player game is set up by clicking each turrian onto the board (S3); two whole
  turns are built by clicks alone. After every click the squares the board offers, the
  heights it shows and the costs on it must be exactly what the JSON API answers for the
  position part-way through the turn (``/v1/turns/progress`` and then ``/v1/removals``,
  ``/v1/placements``, ``/v1/reach``); the page keeps no rules of its own. Reloading the
  page's address gives the same position back.
- A position in its final round, opened from a link, is finished by clicks: the last turn
  ends the game and the page names the winners ``/v1/goal`` names.
- What a person pastes (a bare notation, JSON, a mistake) is opened or answered with the
  service's reason, never with a script error.

The browser, the live service and the page's Content-Security-Policy are conftest.py's.

``PLAYGROUND_SCREENSHOT=docs/playground.png`` (``make screenshot``) saves the page in the
middle of the second turn, for the README.
"""

from __future__ import annotations

import json
import os
import urllib.parse
import urllib.request
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.live import PlaygroundPlayer

SCREENSHOT = os.environ.get("PLAYGROUND_SCREENSHOT")

#: S3 for a 2-player game: yellow owns NW and NE, red SE and SW. The turrians face each
#: other across the middle, so that moves can capture (M6).
YELLOW = ["c6", "e6", "g6", "d7", "f7", "h8"]
RED = ["d5", "f5", "h5", "c4", "e4", "g3"]
#: A 2-player game in its final round (G3): yellow finished, red plays the last turn.
FINAL_ROUND = (
    "00000001/16540101/01231011/01011001/11111201/10113430/10112110/11010010"
    "|yellow:NW,NE:d7,e7,b8,c8,d8,e8:2|red:SE,SW:c2,h2,e3,f4,f5,g5:3|move=red|finishers=yellow"
)


# ------------------------------------------------------------------------------ helpers


class Player(PlaygroundPlayer):
    """A person at the Terra Turrium playground."""

    def heights(self) -> dict[str, int]:
        return {
            square: int(height)
            for square, height in self.page.eval_on_selector_all(
                "#board g.square", "gs => gs.map(g => [g.dataset.square, g.dataset.height])"
            )
        }

    def turrians(self) -> dict[str, str]:
        return dict(
            self.page.eval_on_selector_all(
                "#board circle.turrian",
                "cs => cs.map(c => [c.closest('g.square').dataset.square, c.dataset.seat])",
            )
        )

    def notation(self) -> str:
        return self.page.input_value("#notation")

    def address(self) -> str:
        return urllib.parse.unquote(urllib.parse.urlsplit(self.page.url).fragment)


def _heights(position: dict[str, Any]) -> dict[str, int]:
    return {f"{'abcdefghij'[f]}{r + 1}": position["heights"][r][f] for r in range(10) for f in range(10)}


def _turrians(position: dict[str, Any]) -> dict[str, str]:
    return {square: seat["id"] for seat in position["seats"] for square in seat["turrians"]}


def _play_a_turn_by_clicks(player: Player, screenshot: str | None = None) -> None:
    """Take, place and move by clicks, checking the board against the API after each
    click, then end the turn and check the position the page goes on with."""
    page = player.page
    start = player.notation()
    plan: dict[str, list[Any]] = {"take": [], "place": [], "move": []}

    def now() -> dict[str, Any]:
        return player.api("/v1/turns/progress", {"position": start, "turn": plan})["position"]

    # Take (R): only the legal removals are offered, recomputed after each stone.
    for _ in range(3):
        offered = player.styled("removal")
        assert offered == [r["square"] for r in player.api("/v1/removals", {"position": now()})["removals"]]
        plan["take"].append(offered[-1])
        player.click(offered[-1])
        expect(page.locator("#actions li")).to_have_count(len(plan["take"]))
        expect(page.locator(f'#board text.pick[data-square="{offered[-1]}"]')).to_contain_text(
            f"T{len(plan['take'])}"
        )
        if len(plan["take"]) == 1:  # undo the action being built, then take it again
            player.press("undo")
            expect(page.locator("#actions li")).to_have_count(0)
            assert player.styled("removal") == offered
            player.click(offered[-1])

    # Place (P): the board shows the heights as they are after each stone.
    for k in range(3):
        offered = player.styled("placement")
        assert offered == player.api("/v1/placements", {"position": now()})["squares"]
        square = offered[k * 5]
        plan["place"].append(square)
        player.click(square)
        assert player.heights() == _heights(now())

    # Move (M): the turrians of the seat to move are marked; the reach of the one clicked
    # is computed on the board after the take and place phases, with the points left.
    mover = now()["to_move"]
    expect(page.locator("#whose")).to_have_text(f"{mover} to move")
    mine = sorted(square for square, seat in _turrians(now()).items() if seat == mover)
    assert sorted(player.styled("mark")) == mine
    origin = mine[0]
    player.click(origin)
    for step in range(2):
        position = now()
        reach = player.api("/v1/reach", {"position": position, "from": origin})["reachable"]
        assert player.styled("reach", "capture") == [r["square"] for r in reach]
        assert player.styled("capture") == [r["square"] for r in reach if r["square"] in r["captures"]]
        assert player.labels() == {r["square"]: str(r["cost"]) for r in reach}
        assert player.styled("origin") == [origin]
        expect(page.locator("#instruction")).to_contain_text(f"Points left: {position['turn']['points']}.")
        if step == 1 or not reach:
            break
        # The cheapest square: the turrian goes on from there with the points left.
        target = min(reach, key=lambda r: (r["cost"], r["square"]))
        plan["move"].append({"from": origin, "path": target["path"]})
        player.click(target["square"])
        origin = target["square"]
        expect(page.locator("#board polyline.walk")).to_have_count(1)
    if screenshot:
        page.screenshot(path=screenshot, full_page=True)

    player.press("end")
    after = player.api("/v1/turns/apply", {"position": start, "turn": plan})["position"]
    notation = player.api("/v1/notation", {"position": after})["notation"]
    expect(page.locator("#notation")).to_have_value(notation)
    # The address holds the game record: its start and each turn, up to this one.
    assert player.api("/v1/games/replay", {"record": player.address()})["final"] == after
    assert player.heights() == _heights(after)
    assert player.turrians() == _turrians(after)
    expect(page.locator("#log li").first).to_contain_text(mover)


# -------------------------------------------------------------------------------- tests


def test_a_person_sets_up_by_clicks_and_plays_two_turns_by_clicks_alone(page: Page, base_url: str) -> None:
    player = Player(page, base_url)
    player.open()

    # A new 2-player game from the form, whose options are the service's: team play is
    # refused with 2 players (S1), so it cannot be ticked.
    page.select_option('select[name="players"]', "2")
    player.idle()
    expect(page.locator('input[name="team_play"]')).to_be_disabled()
    page.click("#new")
    player.idle()
    fresh = player.api("/v1/setup?players=2")
    written = player.api("/v1/notation", {"position": fresh})["notation"]
    expect(page.locator("#notation")).to_have_value(written)

    # S3: yellow is offered the free squares of its own territories, as the API answers
    # them; a square elsewhere is refused in words.
    board = player.api("/v1/board")
    free = player.api("/v1/placements", {"position": fresh})["squares"]
    for seat, squares in (("yellow", YELLOW), ("red", RED)):
        expect(page.locator("#whose")).to_have_text(f"{seat} puts its turrians on the board")
        territories = next(s["territories"] for s in fresh["seats"] if s["id"] == seat)
        own = {s["square"] for s in board["squares"] if s["territory"] in territories}
        taken = set(_turrians(player.api("/v1/notation", {"position": player.notation()})["position"]))
        assert player.styled("placement") == [s for s in free if s in own and s not in taken]
        if seat == "yellow":
            player.click(RED[0])
            expect(page.locator("#message .rule")).to_have_text("S3")
        for square in squares:
            player.click(square)
            expect(page.locator(f'#board g[data-square="{square}"] circle.turrian')).to_have_attribute(
                "data-seat", seat
            )

    # Every turrian is on the board: the game begins, and the address holds it.
    expect(page.locator("#whose")).to_have_text("yellow to move")
    placed = player.api("/v1/notation", {"position": player.notation()})["position"]
    assert _turrians(placed) == {**dict.fromkeys(YELLOW, "yellow"), **dict.fromkeys(RED, "red")}
    assert player.address() == player.notation()

    _play_a_turn_by_clicks(player)
    expect(page.locator("#whose")).to_have_text("red to move")
    _play_a_turn_by_clicks(player, screenshot=SCREENSHOT)
    expect(page.locator("#whose")).to_have_text("yellow to move")

    # A reload opens the position of the address: the same one.
    notation, heights, turrians = player.notation(), player.heights(), player.turrians()
    page.reload()
    player.idle()
    expect(page.locator("#notation")).to_have_value(notation)
    assert (player.heights(), player.turrians()) == (heights, turrians)


def test_the_last_turn_of_a_final_round_played_by_clicks_shows_the_winners(page: Page, base_url: str) -> None:
    player = Player(page, base_url)
    player.open("#" + FINAL_ROUND.replace("|", "%7C"))
    expect(page.locator("#notation")).to_have_value(FINAL_ROUND)
    expect(page.locator("#whose")).to_have_text("red to move")
    expect(page.locator("#banner")).to_be_hidden()

    # A stone under a turrian is not offered; clicking it anyway gets the service's reason.
    player.click("e8")
    turn = {"take": ["e8"]}
    violation = player.api("/v1/turns/validate", {"position": FINAL_ROUND, "turn": turn})["violation"]
    expect(page.locator("#message .rule")).to_have_text(violation["rule"])
    expect(page.locator("#message")).to_contain_text(violation["detail"])

    start = FINAL_ROUND
    plan: dict[str, list[Any]] = {"take": [], "place": [], "move": []}
    for phase, style in (("take", "removal"), ("place", "placement")):
        for _ in range(3):
            square = player.styled(style)[0]
            plan[phase].append(square)
            player.click(square)
    player.click("h2")
    progress = player.api("/v1/turns/progress", {"position": start, "turn": plan})["position"]
    target = player.api("/v1/reach", {"position": progress, "from": "h2"})["reachable"][0]
    assert player.styled("reach", "capture")[0] == target["square"]
    plan["move"].append({"from": "h2", "path": target["path"]})
    player.click(target["square"])
    player.press("end")

    after = player.api("/v1/turns/apply", {"position": start, "turn": plan})
    assert after["events"][-1]["type"] == "game_over"
    goal = player.api("/v1/goal", {"position": after["position"]})
    assert goal["game_over"] and goal["winners"] == ["yellow"]
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner")).to_have_text("Game over. Winner: yellow")
    expect(page.locator("#log li").first).to_contain_text("game over: yellow won")
    expect(page.locator("#turn-buttons button")).to_have_count(0)
    expect(page.locator("#notation")).to_have_value(
        player.api("/v1/notation", {"position": after["position"]})["notation"]
    )


def test_pasted_positions_open_and_mistakes_are_answered_in_words(page: Page, base_url: str) -> None:
    player = Player(page, base_url)
    player.open("?position=not-a-position")  # a broken link: a new game, and the reason
    expect(page.locator("#message")).to_contain_text("neither 'setup' nor ranks of digits")
    expect(page.locator("#whose")).to_have_text("yellow puts its turrians on the board")

    # Random set-up (S3), checked by the service: every seat's six turrians on the board.
    player.press("random")
    expect(page.locator("#whose")).to_have_text("yellow to move")
    assert len(player.turrians()) == 24

    # A bare notation, a link and JSON, pasted and opened; a notation of a game still
    # being set up (set-up heights, turrians missing) opens in the set-up (S3).
    bare = "setup|yellow:NW:b9,a10|red:NE:j10|blue:SE|green:SW|move=red"
    page.fill("#notation", bare)
    page.click("#open")
    player.idle()
    expect(page.locator("#whose")).to_have_text("red puts its turrians on the board")
    assert player.address() == bare
    assert player.turrians() == {"b9": "yellow", "a10": "yellow", "j10": "red"}
    page.click("#copy-notation")
    player.idle()
    expect(page.locator("#message")).not_to_have_class("error")
    page.fill("#notation", f"{base_url}/playground#{bare.replace('move=red', 'move=blue')}")
    page.click("#open")
    player.idle()
    expect(page.locator("#whose")).to_have_text("blue puts its turrians on the board")
    page.fill("#notation", json.dumps({"position": player.api("/v1/setup?players=3")}))
    page.click("#open")
    player.idle()
    expect(page.locator("#notation")).to_have_value("setup|yellow:NW|red:NE|blue:SE")

    # A mistake: the service's detail and where it is, under the box it was pasted in;
    # the position shown stays.
    page.fill("#notation", "setup|yellow:NW::6|red:NE|blue:SE|green:SW")
    page.click("#open")
    player.idle()
    expect(page.locator("#paste-error")).to_be_visible()
    expect(page.locator("#paste-error")).to_have_text(
        "This could not be opened: must be between 0 and 5 (at /position/seats/0/attacks)"
    )
    expect(page.locator("#message")).not_to_have_class("error")
    assert player.address() == "setup|yellow:NW|red:NE|blue:SE"

    # The icon every browser asks for is there.
    icon = page.request.get(base_url + "/favicon.ico")
    assert icon.ok and icon.headers["content-type"] in {"image/vnd.microsoft.icon", "image/x-icon"}
