"""Playing against the computer in the playground, in a real browser.

- Terra Turrium, 2 players: yellow is given to the computer at level 1 while the game is
  being set up. It puts its six turrians on the board itself (S3); red, a person, sets
  up by the button; then the computer plays yellow's turn step by step (each stone
  taken, each stone placed, each walk shown in words on the page, one after the other)
  and hands the turn to red. The position the page then shows is the one the service
  plays from the turn the page reports. A click on the board while the computer plays is
  refused in words.
- Spiel der Türme, 2 players: yellow is given to the computer at level 2 and plays its
  turn stack by stack; red, a person, is then to move.

The browser, the live service and the page's Content-Security-Policy are conftest.py's.
"""

from __future__ import annotations

import json
import os

from playwright.sync_api import Page, expect

from tests.browser.live import PlaygroundPlayer

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")

#: Collects every sentence the page says (#message, and each step of the computer's turn
#: in the Turn panel's #instruction) and every one its polite live region reads out (each
#: line added to #announce), in order.
LISTEN = """() => {
  window.said = [];
  window.heard = [];
  // A sentence written again where it stands (the panel drawn anew) is not said again.
  const listen = (selector, into) => {
    let last = null;
    new MutationObserver(() => {
      const text = document.querySelector(selector).textContent;
      if (text !== last) into.push(text);
      last = text;
    }).observe(document.querySelector(selector), {childList: true, characterData: true, subtree: true});
  };
  listen('#message', window.said);
  listen('#instruction', window.said);
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(
    (node) => window.heard.push(node.textContent.trim()))))
    .observe(document.querySelector('#announce'), {childList: true});
}"""


def _computer_done(page: Page) -> None:
    page.wait_for_function("() => !document.body.dataset.computer && document.body.hasAttribute('data-idle')")


def test_the_computer_sets_up_and_plays_yellow_step_by_step(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open()
    page.select_option('select[name="players"]', "2")
    player.idle()
    page.click("#new")
    player.idle()
    expect(page.locator("#turn-title")).to_have_text("Set-up")
    page.select_option("#opponent-pause", "150")
    page.evaluate(LISTEN)
    page.select_option("#opponent-yellow", "1")
    # Yellow's set-up is the computer's; then red, a person, is asked to place its own.
    expect(page.locator("#whose")).to_have_text("red puts its turrians on the board")
    _computer_done(page)
    notation = page.input_value("#notation")
    yellow = notation.split("|")[1]
    assert len(yellow.split(":")[2].split(",")) == 6
    said = page.evaluate("window.said")
    assert sum(s.startswith("yellow (computer) puts a turrian on") for s in said) == 6

    suggested: list[dict] = []
    applied: list[dict] = []
    page.on("response", lambda r: suggested.append(r.json()) if r.url.endswith("/v1/turns/suggest") else None)
    page.on(
        "request", lambda r: applied.append(r.post_data_json) if r.url.endswith("/v1/turns/apply") else None
    )
    page.click('#turn-buttons button[data-action="random"]')
    # The game begins and the computer plays yellow's turn.
    page.wait_for_function("() => document.body.dataset.computer === 'playing'")
    # A person's click while the computer plays (dispatched at once: the computer's turn
    # may be over before a pointer click lands on a board that is redrawn at every step).
    page.evaluate("document.querySelector('#board g[data-square=\"e5\"]')"
                  ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    page.wait_for_function("() => window.said.some(s => s.startsWith('The computer is playing this seat'))")
    expect(page.locator("#whose")).to_have_text("red to move", timeout=30_000)
    _computer_done(page)
    said = page.evaluate("window.said")
    steps = [s for s in said if s.startswith("yellow (computer)") and "puts a turrian" not in s]
    kinds = [s.split(") ", 1)[1].split(" ")[0] for s in steps]
    # Three stones taken, then three placed, then walks (a pick and a walk each), then the end.
    assert kinds[:6] == ["takes"] * 3 + ["places"] * 3, steps
    assert kinds[-1] == "ends" and set(kinds[6:-1]) <= {"picks", "walks"}

    # Each step was read out as it was played (polite live region), not only the end.
    heard = page.evaluate("window.heard")
    for step in steps[:-1]:
        assert any(h.startswith(step) for h in heard), (step, heard)
    # The refusal of the click stays until the person acts; then whose turn it is.
    assert heard[-1].startswith("The computer is playing this seat") and "red to move" in heard[-1], heard

    # The page played exactly the turn the service suggested, and shows where it leads.
    events = page.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)")
    assert len(events) == 1 and events[0].startswith("yellow")
    assert len(suggested) == 1 and len(applied) == 1
    turn = suggested[0]["turn"]
    assert applied[0]["turn"] == turn
    after = player.api("/v1/turns/apply", applied[0])
    shown = player.api("/v1/notation", {"position": page.input_value("#notation")})["position"]
    assert shown == after["position"] and shown["to_move"] == "red"
    # The click refused while the computer played was not kept for red: red's turn is untouched.
    assert page.eval_on_selector_all("#actions li", "lis => lis.length") == 0
    assert "turn=" not in page.url

    # Each event told once: an entry from the reserve is told by its move alone.
    told = events[0].count("; ") + 1
    kept = [e for e in after["events"] if e["type"] not in ("enter", "attack", "capture")]
    assert told >= len(kept) and "brought a turrian back" not in events[0]
    # Captures are heard, each after the walk that made it, naming the seat captured.
    for capture in (e for e in after["events"] if e["type"] == "capture"):
        victim = capture["victim"]
        assert any(f"captured {victim}'s turrian on {capture['square']}" in h for h in heard), heard

    # The turn stays on the board until red begins the next: its stones and its walks.
    signs = dict(page.eval_on_selector_all(
        "#board g.last text.last-sign", "ts => ts.map(t => [t.dataset.square, t.textContent])"))
    for square in turn["take"]:
        assert "T" in signs[square], signs
    for square in turn["place"]:
        assert "P" in signs[square], signs
    walks = page.eval_on_selector_all("#board g.last polyline.last-walk", "ls => ls.length")
    assert walks == sum(
        1 for segment in turn["move"] if segment["from"] != "reserve" or len(segment["path"]) > 1
    )
    cell = page.get_attribute(f'#grid rect[data-square="{turn["take"][0]}"]', "aria-label") or ""
    assert "last turn: a stone taken" in cell
    if SCREENSHOTS:
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=f"{SCREENSHOTS}/playground-computer-turn.png")


def test_the_computer_plays_a_turn_of_spiel_der_tuerme(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme")
    page.select_option('select[name="players"]', "2")
    player.idle()
    page.fill('input[name="seed"]', "42")
    page.click("#new")
    player.idle()
    start = json.loads(page.input_value("#notation"))
    page.select_option("#opponent-pause", "150")
    page.evaluate(LISTEN)
    page.select_option("#opponent-yellow", "2")
    expect(page.locator("#whose")).to_have_text("red to move", timeout=30_000)
    _computer_done(page)
    said = page.evaluate("window.said")
    moves = [s for s in said if s.startswith("yellow (computer) moves it to")]
    picks = [s for s in said if s.startswith("yellow (computer) picks the stack on")]
    assert moves and len(picks) == len(moves)
    # The moves the page announced are the turn the service plays to the page's position.
    turn = {"moves": [{"from": p.rsplit(" ", 1)[1].rstrip("."), "to": m.rsplit(" ", 1)[1].rstrip(".")}
                      for p, m in zip(picks, moves, strict=True)]}
    after = player.api("/v1/spiel-der-tuerme/turns/apply", {"position": start, "turn": turn})["position"]
    assert json.loads(page.input_value("#notation")) == after


#: The option values and names of the service's API, which a player is not shown.
API_WORDS = (
    "outside rule", "outside_rule", "entry_row", "burgenland", "two_player_board", "team_play", "8x8"
)


def test_a_first_visit_offers_two_players_against_the_computer(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    for address in ("", "?lang=de"):
        player.open(address, people=False)
        # Two players, the second the computer at level 2 …
        assert page.input_value('select[name="players"]') == "2"
        assert page.input_value("#opponent-yellow") == "person"
        assert page.input_value("#opponent-red") == "2"
        position = player.api("/v1/notation", {"position": page.input_value("#notation")})["position"]
        assert [s["id"] for s in position["seats"]] == ["yellow", "red"]
        # … and the options in players' words, in the page's language.
        form = page.text_content("#setup-form") or ""
        for word in API_WORDS:
            assert word not in form, (address, word, form)
        standard = page.text_content('#setup-form select[name="captures"] option[value="standard"]')
        assert (standard == "at any time (standard)") == (address == ""), standard
    burgenland = page.locator('#setup-form select[name="captures"] option[value="burgenland"]')
    expect(burgenland).to_contain_text("Burgenland")
    # One click makes it a game of people; one more, against the computer again.
    page.click("#opponent-switch")
    player.idle()
    assert page.input_value("#opponent-red") == "person"
    page.click("#opponent-switch")
    player.idle()
    assert page.input_value("#opponent-red") == "2"


def test_spiel_der_tuerme_first_visit_is_against_the_computer_too(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme", people=False)
    assert page.input_value("#opponent-red") == "2"
    no_limit = page.locator('#setup-form select[name="max_height"] option[value="none"]')
    expect(no_limit).to_have_text("no limit")
