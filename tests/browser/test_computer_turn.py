"""The computer's turn as a person sees and hears it, in Debian's headless Chromium: the
Turn panel says the computer is playing and which step it is at, the person's buttons
are off and the board frames nothing for the person to click; a click meanwhile is
refused, and the reason stays on the page until the person acts again. Every step is
read out by the live region, a step said twice read twice.

The browser and the live service are conftest.py's.
"""

from __future__ import annotations

import os

from playwright.sync_api import Page, expect

from tests.browser.live import PlaygroundPlayer

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")
SETUP_2 = "?placing#setup|yellow:NW,NE|red:SE,SW"

#: The frames the board shows a person (what may be clicked), as drawn now.
FRAMES = """() => [...document.querySelectorAll(
    '#board g[data-square]:not(.origin) > rect.highlight, #board rect.movable')]
  .filter((r) => getComputedStyle(r).display !== 'none').length"""

#: Every line the live region is given, in order.
LISTEN = """() => {
  window.heard = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (node) => window.heard.push(node.textContent.trim()))))
    .observe(document.querySelector('#announce'), {childList: true});
}"""

WAIT = "The computer is playing this seat"


def test_a_click_during_the_computers_turn_is_refused_and_the_panel_says_who_plays(
        page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(SETUP_2)
    player.press("random")
    assert page.evaluate(FRAMES) > 0  # the person's turn: stones to take, framed
    mover = player.api("/v1/notation", {"position": page.input_value("#notation")})["position"]["to_move"]
    page.evaluate(LISTEN)
    page.select_option("#opponent-pause", "1200")
    page.select_option(f"#opponent-{mover}", "1")
    page.wait_for_function("() => document.body.dataset.computer === 'playing'")

    # The panel speaks of the computer; nothing is offered to the person.
    expect(page.locator("#whose")).to_have_text(f"{mover} (computer, level 1) is playing its turn")
    assert page.eval_on_selector_all("#turn-buttons button", "bs => bs.every(b => b.disabled)")
    assert page.evaluate(FRAMES) == 0
    if SCREENSHOTS:
        page.set_viewport_size({"width": 1280, "height": 800})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=f"{SCREENSHOTS}/playground-computer-playing.png")

    # A click on the board: refused in words, which stay while the computer plays on.
    page.click('#board g[data-square="e5"]', force=True)
    expect(page.locator("#message")).to_contain_text(WAIT)
    step = page.text_content("#instruction")
    page.wait_for_function("(step) => document.querySelector('#instruction').textContent !== step", arg=step)
    expect(page.locator("#message")).to_contain_text(WAIT)
    expect(page.locator("#whose")).to_contain_text("is playing its turn")
    page.wait_for_function("() => !document.body.dataset.computer && document.body.hasAttribute('data-idle')",
                           timeout=60_000)
    # The computer's turn is over: the reason is still there until the person acts.
    expect(page.locator("#message")).to_contain_text(WAIT)
    expect(page.locator("#whose")).not_to_contain_text("computer")
    assert page.evaluate(FRAMES) > 0
    heard = page.evaluate("window.heard")
    steps = [line for line in heard if line.startswith(f"{mover} (computer)")]
    # Every step read out: three stones taken and three placed at the least, then the end.
    assert len(steps) >= 7 and steps[-1].startswith(f"{mover} (computer) ends the turn"), heard
    assert any(line.startswith(WAIT) for line in heard)

    # The person acts: the reason goes.
    player.click(page.eval_on_selector("#board g.removal", "g => g.dataset.square"))
    expect(page.locator("#message")).not_to_contain_text(WAIT)


def test_a_sentence_said_twice_is_read_twice(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(SETUP_2)
    page.evaluate(LISTEN)
    page.evaluate("""async () => {
      const { speak } = await import('/playground/core.js');
      speak('red (computer) places a stone on h4.');
      speak('red (computer) places a stone on h4.');
    }""")
    heard = page.evaluate("window.heard")
    assert heard.count("red (computer) places a stone on h4.") == 2


def test_at_set_up_the_card_of_the_seat_placing_says_to_move(page: Page, base_url: str) -> None:
    """S3: yellow's turrians are on the board, red places its own; red's card, not
    yellow's, bears the sign of the seat to act."""
    player = PlaygroundPlayer(page, base_url)
    position = player.api("/v1/notation", {"position": "setup|yellow:NW,NE|red:SE,SW"})["position"]
    setup = player.api("/v1/turns/suggest", {"position": position, "level": 1, "seed": 1})["setup"]
    yellow = next(entry["turrians"] for entry in setup if entry["seat"] == "yellow")
    player.open(f"?placing#setup|yellow:NW,NE:{','.join(yellow)}|red:SE,SW")
    expect(page.locator("#whose")).to_have_text("red puts its turrians on the board")
    marked = page.eval_on_selector_all("#board g.seat.to-move",
                                       "gs => gs.map(g => [g.dataset.seat, g.textContent])")
    assert len(marked) == 1 and marked[0][0] == "red" and "▶" in marked[0][1], marked
    assert "▶" not in (page.text_content('#board g.seat[data-seat="yellow"]') or "")
