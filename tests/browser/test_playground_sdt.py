"""The Spiel der Türme playground in a real browser (``/playground?game=spiel-der-tuerme``),
driven as a person uses it: by clicks.

- A fresh 2-player deal from the new-game form is played by clicks alone, four turns:
  a chain of moves after a symbol square (TM7), with an undo in the middle of it; a
  tower; a chain stopped by "End turn"; a neutral stone (TN2). Before every click the
  stacks the board frames and the targets it highlights must be what
  ``/v1/spiel-der-tuerme/moves`` answers, and after it the page's position must be what
  ``/v1/spiel-der-tuerme/turns/apply`` gives for the moves clicked so far. The address
  is the game record (the deal and the turns), short; a reload of it, also mid-turn,
  gives the same position back.
- The last turns of a game, opened from a link, are played by clicks to the end (TE1):
  the page names the winner and shows the scores ``/v1/spiel-der-tuerme/score`` answers.
- A pasted position where nobody can move is passed (TM8), which ends the game (TE3).
- The links at the top switch between the games, and the new-game form offers what the
  set-up operation accepts.

``PLAYGROUND_SDT_SCREENSHOT=docs/playground-spiel-der-tuerme.png`` (``make screenshot``)
saves the page at the start of the third turn, a stack picked, for the README.
"""

from __future__ import annotations

import json
import os
import urllib.parse
import urllib.request
from typing import Any

from playwright.sync_api import Page, expect

from service.spiel_der_tuerme import position_to_dict
from tests.browser.live import PlaygroundPlayer
from tests.spiel_der_tuerme.builders import DEADLOCK, parse_compact

SDT = "/v1/spiel-der-tuerme"
SCREENSHOT = os.environ.get("PLAYGROUND_SDT_SCREENSHOT")
STYLES = ("move", "continue", "end")

#: Five turns before the end of a 2-player game (random play from seed 10): red builds a
#: tower, both move a neutral stone, and red's last turn is a chain, h7-j7 onto a symbol
#: square and d3-c3, which completes quarter 1 (TE1) and counts it double (TS2).
NEAR_END = (
    "seats=yr to_move=r max=5 | a1=Ab b1=Ag d1=Bg g1=Ab j1=Dg k1=Cb l1=Cgr n1=Db a2=Bby b2=Cbyyr "
    "c2=Dr d2=Ag g2=Ag n2=Ay a3=Dg b3=Ar d3=Bbr f3=By i3=Ay j3=Br k3=Dby m3=Br c4=Cgy e4=Dyry f4=Bb "
    "i4=Cryy k4=Cb l4=Cgr b5=Bgy c5=Ab d5=Bb g5=Dg h5=Cb j5=Bg m5=Agry n5=Cr c6=Dr d6=Db k6=Db "
    "n6=Dyry a7=Bb f7=Bgy h7=Br j7=Bgr k7=Ab m7=By n7=Abryr a8=Cg c8=Dg d8=Ar e8=Ag g8=Db h8=Dr "
    "j8=Ay k8=Dg l8=Cb n8=Cg"
)
LAST_TURNS = [
    [("l1", "l8")],
    [("a7", "a4")],
    [("f4", "h4")],
    [("e4", "d4")],
    [("h7", "j7"), ("d3", "c3")],
]


class Player(PlaygroundPlayer):
    """A person at the Spiel der Türme playground."""

    PATH = "/playground?game=spiel-der-tuerme"

    def position(self) -> dict[str, Any]:
        """The position in the page's field."""
        return json.loads(self.page.input_value("#notation"))

    def address(self) -> dict[str, Any]:
        """The position in the page's address: a JSON position, or a game record (the deal
        and the turns, docs/spiel-der-tuerme.md) dealt and replayed here through the API."""
        fragment = urllib.parse.unquote(urllib.parse.urlsplit(self.page.url).fragment)
        if fragment.startswith("{"):
            return json.loads(fragment)
        return replay(self, fragment)

    def scores(self) -> dict[str, int]:
        return {
            seat: int(points)
            for seat, points in self.page.eval_on_selector_all(
                "#scores li", "lis => lis.map(li => [li.dataset.seat, li.dataset.points])"
            )
        }

    def moves(self, **query: Any) -> list[dict[str, Any]]:
        """The legal moves the API answers for the page's position."""
        return self.api(f"{SDT}/moves", {"position": self.position(), **query})["moves"]


def _moves(text: str) -> list[dict[str, str]]:
    # A move is written "from-to", two squares: any other form is a broken address, not half a move.
    return [
        dict(zip(("from", "to"), move.split("-"), strict=True))
        for move in text.split(",")
        if move and text != "pass"
    ]


def replay(player: PlaygroundPlayer, record: str) -> dict[str, Any]:
    """The position a game record stands for, as the API deals and plays it."""
    query = urllib.parse.parse_qs(record, keep_blank_values=True)
    deal = urllib.parse.urlencode({k: v[0] for k, v in query.items() if k not in ("turns", "unfinished")})
    position = player.api(f"{SDT}/setup?{deal}")
    for turn in filter(None, query.get("turns", [""])[0].split(";")):
        body = {"position": position, "turn": {"moves": _moves(turn)}}
        position = player.api(f"{SDT}/turns/apply", body)["position"]
    unfinished = query.get("unfinished", [""])[0]
    if unfinished:
        turn = {"moves": _moves(unfinished), "end_turn": False}
        position = player.api(f"{SDT}/turns/apply", {"position": position, "turn": turn})["position"]
    return position


def _turn(moves: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    return {"moves": [{"from": m["from"], "to": m["to"]} for m in moves], **options}


def _pick(player: Player, origin: str) -> list[dict[str, Any]]:
    """Click a stack and check that its moves are highlighted as the API answers them."""
    moves = player.moves()
    assert sorted(player.styled("movable")) == sorted({m["from"] for m in moves})
    player.click(origin)
    mine = [m for m in moves if m["from"] == origin]
    assert player.styled(*STYLES) == [m["to"] for m in mine]
    assert player.styled("continue") == [m["to"] for m in mine if m["may_continue"] and not m["ends_game"]]
    assert player.labels() == {m["to"]: f"{m['height']}{'+' if m['may_continue'] else ''}" for m in mine}
    assert player.styled("origin") == [origin]
    return mine


def _play(player: Player, start: dict[str, Any], done: list[dict[str, Any]], move: dict[str, Any]) -> None:
    """Click ``move`` (its stack, then its target) after the moves ``done`` of the turn
    begun at ``start``; the page must show what the API plays for them."""
    _pick(player, move["from"])
    player.click(move["to"])
    done.append(move)
    if move["may_continue"]:
        after = player.api(f"{SDT}/turns/apply", {"position": start, "turn": _turn(done, end_turn=False)})
        expect(player.page.locator("#turn-buttons button[data-action=end]")).to_be_visible()
    else:
        after = player.api(f"{SDT}/turns/apply", {"position": start, "turn": _turn(done)})
    assert player.position() == after["position"]
    assert player.address() == after["position"]


# -------------------------------------------------------------------------------- tests


def test_a_fresh_deal_played_by_clicks_alone_is_the_game_the_api_plays(page: Page, base_url: str) -> None:
    player = Player(page, base_url)
    player.open()
    page.select_option('select[name="players"]', "2")
    player.idle()
    page.fill('input[name="seed"]', "42")
    page.click("#new")
    player.idle()
    position = player.api(f"{SDT}/setup?players=2&seed=42")
    assert player.position() == position
    expect(page.locator("#message")).to_have_text("A new game for 2 players, dealt from seed 42.")
    expect(page.locator("#whose")).to_have_text("yellow to move")

    # Yellow: onto a symbol square (TM7), taken back, played again, then a move that ends the turn.
    start, done = position, []
    first = next(m for m in player.moves() if m["may_continue"])
    _play(player, start, done, first)
    expect(page.locator("#whose")).to_have_text("yellow to move")
    expect(page.locator("#actions li")).to_have_count(2)  # the move and the symbol square
    # Reloaded mid-turn: the address's unfinished turn is played again, Undo still works.
    midway = player.position()
    midturn = f"unfinished={first['from']}-{first['to']}"
    assert urllib.parse.urlsplit(page.url).fragment == f"players=2&seed=42&{midturn}"
    page.reload()
    player.idle()
    assert player.position() == midway
    expect(page.locator("#actions li")).to_have_count(2)
    player.press("undo")
    assert player.position() == start
    assert player.styled("origin") == []  # nothing left picked: the stack is back
    done.clear()
    _play(player, start, done, first)
    second = next(m for m in player.moves() if not m["may_continue"])
    _play(player, start, done, second)
    expect(page.locator("#whose")).to_have_text("red to move")
    expect(page.locator("#log li").first).to_contain_text(
        f"moved a stack of 1 from {first['from']} to {first['to']}"
    )

    # Red: a square the stack cannot reach gets the service's reason; then a tower.
    start, done = player.position(), []
    tower = next(m for m in player.moves() if m["covers"] and not m["may_continue"])
    _pick(player, tower["from"])
    busy = {*player.styled(*STYLES, "origin"), *(m["from"] for m in player.moves())}
    wrong = next(s for s in ("a1", "n8", "b2", "m7", "g5") if s not in busy)
    player.click(wrong)
    verdict = player.api(
        f"{SDT}/turns/validate",
        {"position": start, "turn": {"moves": [{"from": tower["from"], "to": wrong}]}},
    )
    expect(page.locator("#message .rule")).to_have_text(verdict["violation"]["rule"])
    expect(page.locator("#message")).to_contain_text(verdict["violation"]["detail"])
    assert player.position() == start
    player.click(tower["from"])
    _play(player, start, done, tower)
    expect(page.locator("#log li").first).to_contain_text(
        f"built a tower of {tower['height']} on {tower['to']}"
    )

    # Yellow: onto a symbol square, then stops there (End turn).
    start, done = player.position(), []
    if SCREENSHOT:  # the stack with the most moves, one of them onto a symbol square, picked
        moves = player.moves()

        def shown(origin: str) -> tuple[bool, int]:
            mine = [m for m in moves if m["from"] == origin]
            return any(m["may_continue"] for m in mine), len(mine)

        _pick(player, max(sorted({m["from"] for m in moves}), key=shown))
        page.screenshot(path=SCREENSHOT, full_page=True)
        player.click(player.styled("origin")[0])
    _play(player, start, done, next(m for m in player.moves() if m["may_continue"]))
    player.press("end")
    assert (
        player.position()
        == player.api(f"{SDT}/turns/apply", {"position": start, "turn": _turn(done)})["position"]
    )
    expect(page.locator("#whose")).to_have_text("red to move")

    # Red: a neutral stone (TN2), which the next seat may not move (TN4).
    start, done = player.position(), []
    neutral = next(m for m in player.moves() if m["neutral"])
    _play(player, start, done, neutral)
    assert player.position()["blocked"] == [neutral["to"]]
    assert player.styled("blocked") == [neutral["to"]]
    expect(page.locator("#log li").first).to_contain_text("moved the neutral")
    expect(page.locator("#log li")).to_have_count(4)

    # The scores as the board stands, and a reload of the address: the same position.
    assert player.scores() == {
        s["id"]: s["points"] for s in player.api(f"{SDT}/score", {"position": player.position()})["seats"]
    }
    before = player.position()
    # The address is the game record, short: the deal and the turns' moves, not JSON.
    address = urllib.parse.urlsplit(page.url).fragment
    assert address.startswith("players=2&seed=42&turns=") and address.count(";") == 3
    assert len(page.url) < 300 and "{" not in page.url and "%7B" not in page.url
    page.reload()
    player.idle()
    assert player.position() == before
    expect(page.locator("#whose")).to_have_text("yellow to move")
    expect(page.locator("#move-list button")).to_have_count(5)


def test_the_last_turns_played_by_clicks_end_the_game_with_the_api_s_scores(
    page: Page, base_url: str
) -> None:
    position = position_to_dict(parse_compact(NEAR_END))
    player = Player(page, base_url)
    player.open("#" + urllib.parse.quote(json.dumps(position)))
    assert player.position() == position
    expect(page.locator("#banner")).to_be_hidden()

    for turn in LAST_TURNS:
        start, done = player.position(), []
        for frm, to in turn:
            move = next(m for m in player.moves() if (m["from"], m["to"]) == (frm, to))
            _play(player, start, done, move)

    final = player.position()
    assert final["over"] == {"reason": "quarter", "quarter": 1, "seat": "red"}
    score = player.api(f"{SDT}/score", {"position": final})
    assert score["game_over"] and score["winners"] == ["red"]
    expect(page.locator("#banner")).to_be_visible()
    expect(page.locator("#banner")).to_have_text("Game over. Winner: red — red completed quarter 1 (TE1)")
    expect(page.locator("#goals h3")).to_have_text("Final score")
    assert player.scores() == {s["id"]: s["points"] for s in score["seats"]}
    expect(page.locator('#scores li[data-seat="red"]')).to_contain_text("1: 16 doubled")
    expect(page.locator("#log li").first).to_contain_text("game over, red completed quarter 1 (TE1): red won")
    expect(page.locator("#turn-buttons button")).to_have_count(0)
    player.click("a1")
    expect(page.locator("#message")).to_have_text(
        "The game is over: start a new one, or open another position."
    )


def test_a_seat_without_a_move_passes_and_a_deadlock_ends_the_game(page: Page, base_url: str) -> None:
    player = Player(page, base_url)
    player.open()
    page.fill("#notation", "setup|yellow:NW")  # not Spiel der Türme's: said in words
    page.click("#open")
    player.idle()
    expect(page.locator("#paste-error")).to_contain_text("is written as its record")

    deadlock = position_to_dict(parse_compact(DEADLOCK))
    page.fill("#notation", json.dumps({"position": deadlock}))
    page.click("#open")
    player.idle()
    assert player.position() == deadlock
    assert player.moves() == [] and player.styled("movable") == []
    expect(page.locator("#instruction")).to_contain_text("has no legal move and passes (TM8)")
    player.click("f1")  # yellow's, but boxed in: the service answers no move
    expect(page.locator("#message")).to_contain_text("cannot move anywhere now")
    player.press("pass")

    after = player.api(f"{SDT}/turns/apply", {"position": deadlock, "turn": {"moves": []}})
    assert [e["type"] for e in after["events"]] == ["pass", "game_over"]
    assert player.position() == after["position"]
    expect(page.locator("#banner")).to_contain_text("yellow is stuck (TE3)")
    expect(page.locator("#log li").first).to_contain_text("passed: no legal move (TM8)")
    assert player.scores() == {s["id"]: s["points"] for s in after["events"][-1]["scores"]}


def test_the_links_switch_games_and_the_form_offers_the_set_up_options(page: Page, base_url: str) -> None:
    player = Player(page, base_url)
    page.goto(base_url + "/playground")
    player.idle()
    expect(page.locator("#title")).to_have_text("Terra Turrium playground")
    page.click('#games a[data-game="spiel-der-tuerme"]')
    page.wait_for_url(lambda url: "game=spiel-der-tuerme" in url)
    player.idle()
    expect(page.locator("#title")).to_have_text("Spiel der Türme playground")
    expect(page).to_have_title("Spiel der Türme playground")
    # A first visit's game is against the computer, which the address says too.
    assert urllib.parse.urlsplit(page.url).query == "game=spiel-der-tuerme&computer=red:2"
    expect(page.locator('#games a[aria-current="page"]')).to_have_text("Spiel der Türme")

    # The form of GET /v1/spiel-der-tuerme/setup: 2–4 players, a seed (empty: random), the height limit.
    assert page.eval_on_selector_all('select[name="players"] option', "os => os.map(o => o.value)") == [
        "2",
        "3",
        "4",
    ]
    expect(page.locator('input[name="seed"]')).to_have_attribute("placeholder", "random")
    expect(page.locator('select[name="max_height"] option[value="none"]')).to_be_enabled()
    page.select_option('select[name="players"]', "3")
    player.idle()
    page.fill('input[name="seed"]', "7")
    page.select_option('select[name="max_height"]', "none")
    page.click("#new")
    player.idle()
    assert player.position() == player.api(f"{SDT}/setup?players=3&seed=7&max_height=none")
    expect(page.locator("#scores li")).to_have_count(3)
    page.fill('input[name="seed"]', "")
    page.click("#new")
    player.idle()
    expect(page.locator("#message")).to_contain_text("A new game for 3 players, dealt from seed ")

    # Back to the first game; a link to the second, pasted there, opens the second.
    link = page.url
    page.click('#games a[data-game="terra-turrium"]')
    page.wait_for_url(lambda url: "game=" not in url)
    player.idle()
    expect(page.locator("#title")).to_have_text("Terra Turrium playground")
    expect(page.locator("#whose")).to_have_text("yellow puts its turrians on the board")
    page.fill("#notation", link)
    page.click("#open")
    page.wait_for_url(lambda url: "game=spiel-der-tuerme" in url)
    player.idle()
    expect(page.locator("#title")).to_have_text("Spiel der Türme playground")
    expect(page.locator("#scores li")).to_have_count(3)
