"""A phone, 390 × 844 CSS pixels with a touch screen and no keys, in Debian's headless
Chromium: one whole Terra Turrium turn played by taps with the board, what to do, the
status line and End turn on one screen; Spiel der Türme's squares at a legible size.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.live import TIMEOUT_MS, PlaygroundPlayer

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")
WIDTH, HEIGHT = 390, 844

#: Where the board, the status line and the turn's buttons are, in page pixels.
PLACES = """() => Object.fromEntries(
  ['#board-frame', '#message', '#instruction', '#turn-buttons'].map((s) => {
  const box = document.querySelector(s).getBoundingClientRect();
  return [s, [box.top + scrollY, box.bottom + scrollY]];
}))"""


@pytest.fixture()
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True)
    context.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert errors == []


class Thumb(PlaygroundPlayer):
    def click(self, square: str) -> None:
        self.page.tap(f'#board g[data-square="{square}"]')
        self.idle()

    def press(self, action: str) -> None:
        self.page.tap(f'#turn-buttons button[data-action="{action}"]')
        self.idle()

    def on_one_screen(self) -> None:
        places = self.page.evaluate(PLACES)
        top = places["#board-frame"][0]
        bottom = max(bottom for _, bottom in places.values())
        assert bottom - top <= HEIGHT, places
        # … the board first, then the status line, what to do and the buttons.
        assert places["#board-frame"][1] <= places["#message"][0] <= places["#instruction"][0], places
        assert places["#instruction"][1] <= places["#turn-buttons"][0], places


def test_a_whole_turn_by_taps_on_one_screen(phone: Page, base_url: str) -> None:
    player = Thumb(phone, base_url)
    player.open("?placing#setup|yellow:NW,NE|red:SE,SW")
    assert phone.evaluate("() => getComputedStyle(document.querySelector('#keys')).display") == "none"
    player.press("random")
    start = phone.input_value("#notation")
    plan: dict[str, list[Any]] = {"take": [], "place": [], "move": []}

    def now() -> dict[str, Any]:
        return player.api("/v1/turns/progress", {"position": start, "turn": plan})["position"]

    player.on_one_screen()
    for _ in range(3):
        square = player.api("/v1/removals", {"position": now()})["removals"][0]["square"]
        plan["take"].append(square)
        player.click(square)
        player.on_one_screen()
    for k in range(3):
        square = player.api("/v1/placements", {"position": now()})["squares"][k]
        plan["place"].append(square)
        player.click(square)
        player.on_one_screen()
    position = now()
    mover = next(s for s in position["seats"] if s["id"] == position["to_move"])
    origin, reach = next(
        (t, r) for t in mover["turrians"]
        if (r := player.api("/v1/reach", {"position": position, "from": t})["reachable"])
    )
    player.click(origin)
    player.on_one_screen()
    player.click(reach[0]["square"])
    plan["move"].append({"from": origin, "path": reach[0]["path"]})
    player.on_one_screen()
    # The plan's labels (T1, P1 … M1) are each readable: none runs into another.
    boxes = phone.evaluate("""() => [...document.querySelectorAll('#board text.pick')].map((t) => {
        const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.top, r.right, r.bottom]; })""")
    assert len(boxes) >= 2, boxes
    for i, (one, left, top, right, bottom) in enumerate(boxes):
        for other, left2, top2, right2, bottom2 in boxes[i + 1:]:
            assert right <= left2 or right2 <= left or bottom <= top2 or bottom2 <= top, (one, other, boxes)
    if SCREENSHOTS:
        phone.evaluate("() => document.querySelector('#board-frame').scrollIntoView()")
        phone.screenshot(path=f"{SCREENSHOTS}/playground-phone-turn.png")
    player.press("end")
    after = player.api("/v1/turns/apply", {"position": start, "turn": plan})["position"]
    assert player.api("/v1/notation", {"position": after})["notation"] == phone.input_value("#notation")
    player.on_one_screen()
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= WIDTH


def test_spiel_der_tuerme_squares_are_legible_on_a_phone(phone: Page, base_url: str) -> None:
    player = Thumb(phone, base_url)
    player.open("?game=spiel-der-tuerme")
    square = phone.evaluate(
        "() => document.querySelector('#board g[data-square] rect').getBoundingClientRect().width")
    assert square >= 32
    # The board scrolls in its own box; the page does not.
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
    assert phone.evaluate("() => document.querySelector('#board-scroll').scrollWidth") > WIDTH
    if SCREENSHOTS:
        phone.evaluate("() => document.querySelector('#board-frame').scrollIntoView()")
        phone.screenshot(path=f"{SCREENSHOTS}/playground-phone-spiel-der-tuerme.png")


#: Where the board and End turn are on the screen as the page is (not scrolled).
ON_SCREEN = """() => {
  const board = document.querySelector('#board-frame').getBoundingClientRect();
  const buttons = [...document.querySelectorAll('#turn-buttons button')]
    .map((b) => b.getBoundingClientRect());
  return { board: [board.top, board.bottom], buttons: buttons.map((b) => [b.top, b.bottom]) };
}"""


def _board_and_buttons_on_screen(phone: Page, phase: str) -> None:
    """The whole board and every button of the turn within the phone's screen, as the
    page opens (nothing scrolled)."""
    phone.evaluate("() => window.scrollTo(0, 0)")
    seen = phone.evaluate(ON_SCREEN)
    assert seen["board"][0] >= 0 and seen["board"][1] <= HEIGHT, (phase, seen)
    assert seen["buttons"] and all(bottom <= HEIGHT for _, bottom in seen["buttons"]), (phase, seen)


#: Each plan mark's box and the boxes of the height and the turrian on its square.
MARKS = """() => [...document.querySelectorAll('#board text.pick')].map((t) => {
  const square = document.querySelector(`#board g[data-square="${t.dataset.square}"]`);
  const boxes = [...square.querySelectorAll('text.label, circle.turrian, text.turrian')]
    .map((e) => e.getBoundingClientRect());
  const r = t.getBoundingClientRect();
  return { mark: t.textContent, box: [r.left, r.top, r.right, r.bottom],
           under: boxes.map((b) => [b.left, b.top, b.right, b.bottom]) };
})"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_phone_move_phase_with_end_turn_on_screen(phone: Page, base_url: str, lang: str) -> None:
    """Every phase of a Terra Turrium turn, set-up to the move phase, in English and German:
    the board and End turn on the first screen; the turn's marks clear of each height and
    turrian."""
    player = Thumb(phone, base_url)
    player.open(f"?placing&lang={lang}#setup|yellow:NW,NE|red:SE,SW")
    _board_and_buttons_on_screen(phone, "set-up")
    player.press("random")
    start = phone.input_value("#notation")
    position = player.api("/v1/notation", {"position": start})["position"]
    asked = ({"position": position, "level": 2, "seed": seed} for seed in range(30))
    turn = next(t for a in asked if (t := player.api("/v1/turns/suggest", a)["turn"])["move"])
    _board_and_buttons_on_screen(phone, "take")
    for square in turn["take"]:
        player.click(square)
    _board_and_buttons_on_screen(phone, "place")
    for square in turn["place"]:
        player.click(square)
    segment = turn["move"][0]
    if segment["from"] == "reserve":
        player.press("reserve")
    else:
        player.click(segment["from"])
    player.click(segment["path"][-1])
    _board_and_buttons_on_screen(phone, "move")
    assert phone.locator('#turn-buttons button[data-action="end"]').is_visible()
    for seen in phone.evaluate(MARKS):
        left, top, right, bottom = seen["box"]
        for l2, t2, r2, b2 in seen["under"]:
            assert right <= l2 or r2 <= left or bottom <= t2 or b2 <= top, seen
    if SCREENSHOTS:
        phone.screenshot(path=f"{SCREENSHOTS}/playground-phone-move-{lang}.png")


def test_spiel_der_tuerme_says_its_board_scrolls_on_a_phone(phone: Page, base_url: str) -> None:
    player = Thumb(phone, base_url)
    player.open("?game=spiel-der-tuerme")
    hint = phone.locator("#scroll-hint")
    assert hint.is_visible()
    assert "swipe" in (hint.text_content() or "")
    # The hint is above the board, on the first screen.
    bottom = phone.evaluate("() => document.querySelector('#scroll-hint').getBoundingClientRect().bottom")
    assert bottom <= HEIGHT
    # A stack picked: each target's height badge inside its square, its number on it.
    position = player.api("/v1/spiel-der-tuerme/setup?players=2&seed=1")
    moves = player.api("/v1/spiel-der-tuerme/moves", {"position": position})["moves"]
    player.open("?game=spiel-der-tuerme#players=2&seed=1")
    player.click(moves[0]["from"])
    badges = phone.evaluate(BADGES)
    assert badges, "no badge drawn"
    for square, cell, badge, label in badges:
        inside = cell[0] <= badge[0] and badge[2] <= cell[2] + 0.5 and cell[1] <= badge[1]
        assert inside, (square, cell, badge)
        assert badge[0] <= label[0] and label[2] <= badge[2] + 0.5, (square, badge, label)


#: Each square's box, its badge's box and its badge label's box (a picked stack's targets).
BADGES = """() => [...document.querySelectorAll('#board g[data-square]')]
  .filter((g) => g.querySelector('rect[rx] + text.label'))
  .map((g) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const label = g.querySelector('rect[rx] + text.label');
    return [g.dataset.square, box(g.querySelector('rect')), box(label.previousElementSibling), box(label)];
  })"""
