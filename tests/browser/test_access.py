"""Every page for every player, in Debian's headless Chromium: the keyboard alone, what a
screen reader is told, phones and wide screens, and what the pages say.

- axe-core (npm, pinned in tests/browser/axe/package-lock.json, installed by ``make
  install-test``) is run inside every page at 1280 and 390 CSS pixels: no serious or
  critical fault. At 360, 390 and 1280 no page scrolls sideways and no text of the
  playground or the combat page (the pictures' included) is drawn under 12 CSS pixels.
- A Terra Turrium game is set up and two turns are played with the keyboard alone
  (Tab, arrows, Enter, Escape); every step is checked against the API. Spiel der Türme
  is played by keys too.
- The rough edges, each a test: no refused request on loading or on a refused click, a
  set-up that says so, links and Back that keep Undo, rule ids that link to the rules,
  the log's order, and the pages' own navigation.

The browser, the live service and the page's Content-Security-Policy are conftest.py's.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import tab
from tests.browser.live import PlaygroundPlayer

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SCREENSHOTS = os.environ.get("ACCESS_SCREENSHOTS")
FILES = "abcdefghijklmn"

#: Every page a player may open, and how to know it is ready.
PAGES = {
    "/playground": "body[data-idle]",
    "/playground?game=spiel-der-tuerme": "body[data-idle]",
    "/turm-und-leute": "body[data-ready]",
    "/turm-und-leute/ledger": "body[data-idle]",
    "/rules": "main h1",
    "/rules/spiel-der-tuerme": "main h1",
    "/rules/turm-und-leute": "main h1",
    "/rules/interpretations": "main h1",
    "/docs": "#swagger-ui .info",
}
#: Pages whose text is the project's own (the API page's is Swagger UI's).
OWN_TEXT = {"/playground", "/playground?game=spiel-der-tuerme", "/turm-und-leute", "/turm-und-leute/ledger"}
#: A 2-player game at its set-up (S3): yellow owns NW and NE, red SE and SW.
SETUP_2 = "?placing#setup|yellow:NW,NE|red:SE,SW"


def _axe_faults(page: Page, rules: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """axe-core's serious and critical faults of the page as it stands; ``rules``: rules
    axe leaves off by default (its experimental ones) run too."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make install-test` installs it (npm ci in tests/browser/axe)")
    page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(
        """async (rules) => {
            const enabled = Object.fromEntries(rules.map((rule) => [rule, { enabled: true }]));
            const result = await axe.run(document, { resultTypes: ["violations"], rules: enabled });
            return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
              .map((v) => ({
                id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
              }));
        }""",
        list(rules),
    )


def _screenshot(page: Page, base_url: str, path: str, width: int) -> None:
    """``ACCESS_SCREENSHOTS=docs`` (``make screenshot``): the README's pictures of both
    games (a Terra Turrium game set up at random) and of the combat page's example."""
    name = {"/playground": "terra-turrium", "/turm-und-leute": "turm-und-leute",
            "/playground?game=spiel-der-tuerme": "spiel-der-tuerme"}.get(path)
    if name is None:  # a page the README shows no picture of (the ledger)
        return
    if name == "terra-turrium":
        PlaygroundPlayer(page, base_url).press("random")
    if name == "turm-und-leute":
        page.click("#resolve")
        page.wait_for_selector("#outcome:not([hidden])")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=f"{SCREENSHOTS}/screen-{name}-{width}.png")


#: Every visible text's size in CSS pixels: an HTML element's font size, an SVG text's
#: size at the scale its picture is drawn.
SMALL_TEXT = """() => {
  const small = [];
  const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest(".visually-hidden, [hidden], [aria-hidden=true] title, title") || !visible(el)) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGTextElement) size *= el.getScreenCTM().a;
    if (size < 11.95)
      small.push(`${el.tagName} "${el.textContent.trim().slice(0, 30)}" ${size.toFixed(1)}px`);
  }
  return small;
}"""


@pytest.fixture(scope="module")
def axe_installed() -> None:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: `make install-test` installs it (npm ci in tests/browser/axe)")


# ------------------------------------------------------------------ every page, every width


@pytest.mark.parametrize("width", [1280, 390])
def test_axe_finds_no_serious_fault_and_no_page_scrolls_sideways(
    browser, base_url, axe_installed, width
) -> None:  # type: ignore[no-untyped-def]
    faults: dict[str, Any] = {}
    wide: dict[str, int] = {}
    small: dict[str, list[str]] = {}
    with tab(browser, base_url, width, 844 if width < 600 else 900) as page:
        for path, ready in PAGES.items():
            page.goto(base_url + path)
            page.wait_for_selector(ready, state="attached")
            found = _axe_faults(page)
            if found:
                faults[path] = found
            scrolled = page.evaluate("() => document.documentElement.scrollWidth")
            if scrolled > width:
                wide[path] = scrolled
            if path in OWN_TEXT:
                tiny = page.evaluate(SMALL_TEXT)
                if tiny:
                    small[path] = tiny[:6]
                if SCREENSHOTS:
                    _screenshot(page, base_url, path, width)
    assert faults == {}, json.dumps(faults, indent=1)
    assert wide == {}
    assert small == {}, small


def test_at_360_pixels_nothing_scrolls_sideways_and_the_board_fills_the_width(browser, base_url) -> None:  # type: ignore[no-untyped-def]
    with tab(browser, base_url, 360, 740) as page:
        sizes = {}
        for path, ready in PAGES.items():
            page.goto(base_url + path)
            page.wait_for_selector(ready, state="attached")
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, path
            if path in OWN_TEXT:
                assert page.evaluate(SMALL_TEXT) == [], path
            if path.startswith("/playground"):
                sizes[path] = page.evaluate(
                    "() => document.querySelector('#grid rect[data-square]').getBoundingClientRect().width"
                )
        # Terra Turrium's squares were 21 px here, Spiel der Türme's 17 px.
        assert sizes["/playground"] >= 28
        assert sizes["/playground?game=spiel-der-tuerme"] >= 21


@pytest.mark.parametrize("width", [1280, 390])
def test_the_api_page_names_each_operation_by_what_it_shows(browser, base_url, axe_installed, width) -> None:  # type: ignore[no-untyped-def]
    """Swagger UI named each operation's button by its method and path alone, not the
    summary it shows (axe's label-content-name-mismatch, which axe runs only when asked),
    and its page had no main landmark and no heading of the first level."""
    with tab(browser, base_url, width, 844) as page:
        page.goto(base_url + "/docs")
        page.wait_for_selector("#swagger-ui .opblock", state="attached")
        assert _axe_faults(page, ("label-content-name-mismatch",)) == []
        assert page.locator("main #swagger-ui").count() == 1 and page.locator("h1").count() == 1


def test_the_api_page_has_a_title_a_language_and_a_viewport(page: Page, base_url: str) -> None:
    page.goto(base_url + "/docs")
    assert page.title()
    assert page.get_attribute("html", "lang") == "en"
    assert "width=device-width" in (page.get_attribute('meta[name="viewport"]', "content") or "")


def test_every_picture_of_the_rules_pages_loads(page: Page, base_url: str) -> None:
    shown = 0
    for path in ("/rules", "/rules/spiel-der-tuerme", "/rules/turm-und-leute"):
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        broken = page.eval_on_selector_all(
            "img", "imgs => imgs.filter(i => !(i.naturalWidth > 0)).map(i => i.src)"
        )
        assert broken == [], path
        shown += page.evaluate("() => document.images.length")
    assert shown >= 1


def test_the_combat_page_is_linked_from_every_page_and_links_back(page: Page, base_url: str) -> None:
    for path, ready in PAGES.items():
        page.goto(base_url + path)
        page.wait_for_selector(ready, state="attached")
        expect(page.locator('a[href="/turm-und-leute"]').first).to_be_attached()
    page.goto(base_url + "/turm-und-leute")
    for href in ("/playground", "/rules/turm-und-leute"):
        expect(page.locator(f'nav a[href="{href}"]')).to_have_count(1)


# ------------------------------------------------------------------------- the keyboard


class KeyPlayer(PlaygroundPlayer):
    """A person at the playground with a keyboard and no mouse."""

    def focused(self) -> dict[str, Any]:
        return self.page.evaluate(
            """() => { const f = document.activeElement;
              return { square: f && f.dataset ? f.dataset.square || null : null,
                       role: f && f.getAttribute ? f.getAttribute("role") : null,
                       action: f && f.dataset ? f.dataset.action || null : null,
                       name: f && f.getAttribute ? f.getAttribute("aria-label") : null }; }"""
        )

    def tab_to(self, wanted: Any, limit: int = 80) -> None:
        for _ in range(limit):
            self.page.keyboard.press("Tab")
            if wanted(self.focused()):
                return
        raise AssertionError("Tab never reached it")

    def to_board(self) -> None:
        if self.focused()["role"] != "gridcell":
            self.tab_to(lambda f: f["role"] == "gridcell")

    def go(self, square: str) -> None:
        """Arrows from the focused square to ``square``, then nothing else."""
        self.to_board()
        here = self.focused()["square"]
        dx = FILES.index(square[0]) - FILES.index(here[0])
        dy = int(square[1:]) - int(here[1:])
        for _ in range(abs(dx)):
            self.page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        for _ in range(abs(dy)):
            self.page.keyboard.press("ArrowUp" if dy > 0 else "ArrowDown")
        assert self.focused()["square"] == square

    def enter(self, square: str) -> None:
        self.go(square)
        self.page.keyboard.press("Enter")
        self.idle()

    def button(self, action: str) -> None:
        self.tab_to(lambda f: f["action"] == action)
        self.page.keyboard.press("Enter")
        self.idle()

    def announced(self) -> str:
        return self.page.text_content("#announce") or ""

    def name(self, square: str) -> str:
        return self.page.get_attribute(f'#grid rect[data-square="{square}"]', "aria-label") or ""


def _heights(position: dict[str, Any]) -> dict[str, int]:
    return {f"{'abcdefghij'[f]}{r + 1}": position["heights"][r][f] for r in range(10) for f in range(10)}


def _keyboard_turn(player: KeyPlayer, start: str) -> dict[str, list[Any]]:
    """A whole Terra Turrium turn by keys, checked against the API; the plan played."""
    page = player.page
    plan: dict[str, list[Any]] = {"take": [], "place": [], "move": []}

    def now() -> dict[str, Any]:
        return player.api("/v1/turns/progress", {"position": start, "turn": plan})["position"]

    for _ in range(3):
        offered = [r["square"] for r in player.api("/v1/removals", {"position": now()})["removals"]]
        assert player.styled("removal") == offered
        assert "may be taken" in player.name(offered[0])
        plan["take"].append(offered[0])
        player.enter(offered[0])
        assert "Taken so far" in player.announced() or "Place a stone" in player.announced()
    for k in range(3):
        offered = player.api("/v1/placements", {"position": now()})["squares"]
        plan["place"].append(offered[k])
        player.enter(offered[k])
    position = now()
    mover = next(s for s in position["seats"] if s["id"] == position["to_move"])
    origin = next(
        t
        for t in mover["turrians"]
        if player.api("/v1/reach", {"position": position, "from": t})["reachable"]
    )
    player.enter(origin)
    assert "picked" in player.name(origin)
    page.keyboard.press("Escape")  # put back …
    player.idle()
    assert player.styled("origin") == []
    player.enter(origin)  # … and picked again
    reach = player.api("/v1/reach", {"position": position, "from": origin})["reachable"]
    target = min(reach, key=lambda r: (r["cost"], r["square"]))
    points = "point" if target["cost"] == 1 else "points"
    assert f"for {target['cost']} {points}" in player.name(target["square"])
    plan["move"].append({"from": origin, "path": target["path"]})
    player.enter(target["square"])
    # Every action keeps the focus where the player is: on the board after a square …
    assert player.focused()["role"] == "gridcell"
    player.button("end")
    # … and on the board after End turn, where the next player acts (not on <body>).
    assert player.focused()["role"] == "gridcell"
    return plan


def test_a_terra_turrium_set_up_and_two_turns_played_with_the_keyboard_alone(
    page: Page, base_url: str
) -> None:
    player = KeyPlayer(page, base_url)
    player.open(SETUP_2)
    # From the top of the page the board comes before the turn's buttons.
    player.tab_to(lambda f: f["role"] in {"gridcell", "button"} or f["action"] is not None)
    assert player.focused()["role"] == "gridcell"
    # … and the seats' blocks after it, named by what they say.
    player.tab_to(lambda f: f["role"] != "gridcell")
    assert player.focused()["role"] == "button" and "yellow" in (player.focused()["name"] or "")
    player.page.keyboard.press("Shift+Tab")

    # S3 by keys: each seat's six turrians on free squares of its own territories.
    board = player.api("/v1/board")["squares"]
    territories = {"yellow": {"NW", "NE"}, "red": {"SE", "SW"}}
    for seat in ("yellow", "red"):
        own = [s["square"] for s in board if s["territory"] in territories[seat]]
        for square in [s for s in player.styled("placement") if s in own][:6]:
            assert "a turrian may go here" in player.name(square)
            player.enter(square)
        if seat == "yellow":
            expect(page.locator("#whose")).to_contain_text("red")
    expect(page.locator("#whose")).to_have_text("yellow to move")
    assert "yellow to move" in player.announced()

    # A refusal is announced with its rule: a stone inside yellow's own territory that
    # is not offered.
    outside = next(
        s
        for s in (f"{f}{r}" for r in range(1, 11) for f in "abcdefghij")
        if s not in player.styled("removal")
    )
    player.enter(outside)
    expect(page.locator("#message a.rule")).to_be_visible()
    rule = page.text_content("#message a.rule")
    assert rule and rule in player.announced()

    for _turn in range(2):
        start = player.page.input_value("#notation")
        plan = _keyboard_turn(player, start)
        after = player.api("/v1/turns/apply", {"position": start, "turn": plan})["position"]
        heights = dict(
            page.eval_on_selector_all(
                "#board g.square", "gs => gs.map(g => [g.dataset.square, Number(g.dataset.height)])"
            )
        )
        assert heights == _heights(after)
        expect(page.locator("#notation")).to_have_value(
            player.api("/v1/notation", {"position": after})["notation"]
        )
    # The log: newest first, numbered from the first turn.
    assert page.eval_on_selector_all("#log li", "lis => lis.map(li => li.value)") == [2, 1]


def test_spiel_der_tuerme_played_with_the_keyboard(page: Page, base_url: str) -> None:
    player = KeyPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme")
    position = json.loads(page.input_value("#notation"))
    moves = player.api("/v1/spiel-der-tuerme/moves", {"position": position})["moves"]
    move = next(m for m in moves if not m["may_continue"])
    player.enter(move["from"])
    assert player.styled("origin") == [move["from"]]
    assert "picked" in player.name(move["from"])
    # The picked frame stays in sight under the focus: the focus ring is drawn round the
    # square, outside its dashed frame.
    ring, frame = page.evaluate(
        """(square) => [document.querySelector(`#grid rect[data-square="${square}"]`),
                        document.querySelector(`#board g[data-square="${square}"] .origin-mark`)]
          .map((el) => {
            const r = el.getBoundingClientRect();
            return [r.left, r.top, r.right, r.bottom];
          })""",
        move["from"],
    )
    assert (
        ring[0] < frame[0] - 1
        and ring[1] < frame[1] - 1
        and ring[2] > frame[2] + 1
        and ring[3] > frame[3] + 1
    )
    # The board is one Tab stop: Tab leaves it for the next control (the seats' blocks,
    # which do nothing in this game, are none), Shift+Tab comes back to the same square.
    page.keyboard.press("Tab")
    assert player.focused()["role"] not in ("gridcell", "grid", "button")
    page.keyboard.press("Shift+Tab")
    assert player.focused()["square"] == move["from"]
    page.keyboard.press("Escape")
    player.idle()
    assert player.styled("origin") == []
    player.enter(move["from"])
    assert "it can go here" in player.name(move["to"])
    player.enter(move["to"])
    expect(page.locator("#log li")).to_have_count(1)
    assert "turn is played" in player.announced()


# ------------------------------------------------------------------------ rough edges


def _refused(page: Page) -> list[str]:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return failed


def test_loading_and_refused_clicks_log_no_refused_request(page: Page, base_url: str) -> None:
    failed = _refused(page)
    player = KeyPlayer(page, base_url)
    player.open()
    page.select_option('select[name="players"]', "2")
    expect(page.locator('input[name="team_play"]')).to_be_disabled()
    page.select_option('select[name="players"]', "4")
    expect(page.locator('select[name="two_player_board"]')).to_be_disabled()
    player.press("random")
    not_offered = next(
        s
        for s in (f"{f}{r}" for r in range(1, 11) for f in "abcdefghij")
        if s not in player.styled("removal")
    )
    player.click(not_offered)
    expect(page.locator("#message")).to_have_class("error")
    href = page.get_attribute("#message a.rule", "href") or ""
    assert href.startswith("/rules#")
    # Spiel der Türme: an empty square says why, as a verdict.
    player.open("?game=spiel-der-tuerme")
    empty = next(
        g
        for g in page.eval_on_selector_all(
            "#board g.square", "gs => gs.map(g => [g.dataset.square, g.dataset.height])"
        )
        if g[1] == "0"
    )[0]
    player.click(empty)
    expect(page.locator("#message")).to_contain_text("TM1")
    assert (page.get_attribute("#message a.rule", "href") or "").startswith("/rules/spiel-der-tuerme#TM1")
    assert failed == []


def test_the_set_up_says_set_up_and_its_notation_reopens_in_it(browser, base_url) -> None:  # type: ignore[no-untyped-def]
    with tab(browser, base_url) as page:
        player = KeyPlayer(page, base_url)
        player.open(SETUP_2)
        assert "set-up" in (page.text_content("#board text.headline") or "")
        player.click(player.styled("placement")[0])
        notation = page.input_value("#notation")
        assert "placing" in page.url
        # The notation alone (no `placing` in it) is still a game being set up.
        player.open("#" + notation)
        expect(page.locator("#whose")).to_have_text("yellow puts its turrians on the board")


def test_a_mid_turn_link_and_back_after_end_turn_keep_undo(browser, base_url) -> None:  # type: ignore[no-untyped-def]
    with tab(browser, base_url) as page:
        player = KeyPlayer(page, base_url)
        player.open()
        player.press("random")
        player.click(player.styled("removal")[0])
        link = page.url
        with tab(browser, base_url) as other:
            reader = KeyPlayer(other, base_url)
            other.goto(link)
            reader.idle()
            expect(other.locator("#actions li")).to_have_count(1)
            expect(other.locator('button[data-action="undo"]')).to_be_enabled()
            reader.press("undo")
            expect(other.locator("#actions li")).to_have_count(0)
        for _ in range(2):
            player.click(player.styled("removal")[0])
        for _ in range(3):
            player.click(player.styled("placement")[0])
        player.press("end")
        expect(page.locator("#log li")).to_have_count(1)
        page.go_back()
        player.idle()
        expect(page.locator("#actions li")).to_have_count(6)
        expect(page.locator('button[data-action="undo"]')).to_be_enabled()
        expect(page.locator('button[data-action="restart"]')).to_be_enabled()


def test_spiel_der_tuerme_undo_leaves_nothing_picked(page: Page, base_url: str) -> None:
    player = KeyPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme")
    position = json.loads(page.input_value("#notation"))
    moves = player.api("/v1/spiel-der-tuerme/moves", {"position": position})["moves"]
    move = next(m for m in moves if m["may_continue"])
    player.click(move["from"])
    player.click(move["to"])
    player.press("undo")
    assert player.styled("origin") == []
    player.click(move["from"])  # picks it: nothing was left picked to put back
    player.click(move["to"])
    expect(page.locator("#message")).not_to_have_class("error")
    expect(page.locator("#actions li").first).to_contain_text(f"from {move['from']} to {move['to']}")


def test_a_capture_is_told_after_the_move_that_made_it(page: Page, base_url: str) -> None:
    player = KeyPlayer(page, base_url)
    player.open()
    events = [
        {"type": "capture", "seat": "yellow", "square": "e6", "victim": "red", "kind": "defence"},
        {"type": "move", "seat": "yellow", "square": "e6", "origin": "d6", "cost": 2},
        {"type": "capture", "seat": "yellow", "square": "g8", "victim": "red", "kind": "attack"},
        {"type": "attack", "seat": "yellow", "attacks": 1},
        {"type": "move", "seat": "yellow", "square": "g8", "origin": "f7", "cost": 3},
    ]
    told = page.evaluate(
        "async (events) => (await import('/terra-turrium/terra-turrium.js')).inOrder(events).map((e) => "
        "e.type)",
        events,
    )
    assert told == ["move", "capture", "move", "capture", "attack"]


def test_the_panel_options_stay_inside_the_picture(page: Page, base_url: str) -> None:
    player = KeyPlayer(page, base_url)
    player.open("#setup|yellow:NW,NE|red:SE,SW|rules=pro,path,6x6,burgenland,outside")
    right = page.eval_on_selector_all(
        "#board text.options",
        "ts => ts.map(t => { const b = t.getBBox(); return b.x + b.width; })",
    )
    width = page.evaluate("() => document.querySelector('#board svg').viewBox.baseVal.width")
    assert right and max(right) <= width
