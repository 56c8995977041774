"""The Turm und Leute ledger page in a real browser: a player sets up a game and keeps
turns by clicks (L9–L31, LS4–LS13). What the page shows must be what the service
answers for the same turn, and a refused click must show its rule and be taken back."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.live import call_api

PATH = "/turm-und-leute/ledger"


class Keeper:
    """A player at the ledger page."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        page.goto(base_url + PATH)
        self.idle()

    def idle(self) -> None:
        self.page.wait_for_selector("body[data-idle]", state="attached")

    def set_up(self, edition: str, peoples: tuple[str, ...]) -> None:
        self.page.select_option("#edition", edition)
        for people in ("zwerge", "engel", "fluid"):
            self.page.set_checked(f'input[name="people"][value="{people}"]', people in peoples)
        self.page.click("#new-game")
        self.idle()

    def act(self, group: str, action: str, site: str | None = None) -> None:
        row = self.page.locator(f'#groups tr[data-group="{group}"]')
        if site is not None:
            row.locator("select").select_option(site)
        row.locator(f'button[data-act="{action}"]').first.click()
        self.idle()

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.idle()

    def supply(self) -> dict[str, str]:
        return dict(
            self.page.eval_on_selector_all(
                "#supply td", "cells => cells.map(c => [c.dataset.supply, c.textContent])"
            )
        )

    def message(self) -> str:
        return self.page.text_content("#message") or ""

    def api(self, path: str, body: dict[str, Any] | None = None) -> Any:
        return call_api(self.base_url, path, body)


def test_l12_l14_l15_l20_keeping_the_grafs_turn_and_the_dwarves(page: Page, base_url: str) -> None:
    keeper = Keeper(page, base_url)
    keeper.set_up("turm-und-leute", ("zwerge",))
    expect(page.locator("#side-name")).to_have_text("the count")
    assert keeper.supply() == {"markers": "4", "wood": "0", "stone": "0", "gold": "0"}

    keeper.act("reiter-1", "move")
    keeper.act("reiter-1", "move")
    keeper.act("reiter-1", "move")  # riders have two actions (L15): refused and taken back
    assert keeper.message().startswith("L15: reiter-1 has used its 2 actions")
    assert page.locator("#actions li").count() == 2
    keeper.act("arbeiter-1", "work", site="forest")
    assert keeper.supply() == {"markers": "1", "wood": "1", "stone": "0", "gold": "0"}
    expect(page.locator("#production")).to_have_text("1 wood")

    # The page shows what the service answers for the same turn.
    setup = keeper.api("/v1/turm-und-leute/setup?edition=turm-und-leute&peoples=zwerge")
    answer = keeper.api(
        "/v1/turm-und-leute/turns/apply",
        {
            "edition": "turm-und-leute",
            "peoples": ["zwerge"],
            "ledger": setup["sides"][0]["ledger"],
            "actions": [{"type": "move", "group": "reiter-1"}] * 2
            + [{"type": "work", "group": "arbeiter-1", "site": "forest"}],
        },
    )
    shown = page.eval_on_selector_all("#groups tbody tr", "rows => rows.map(r => r.dataset.group)")
    assert shown == [g["id"] for g in answer["ledger"]["groups"]]
    assert page.locator("#events li").count() == len(answer["events"])

    keeper.click("#end-turn")
    expect(page.locator("#side-name")).to_have_text("the dwarves")
    assert keeper.supply()["markers"] == "6"
    keeper.act("zwerge-1", "attack")
    # The dwarves are fighters, and fighters work (L16, L24).
    keeper.act("zwerge-2", "work", site="forest")
    assert keeper.supply()["wood"] == "1"
    keeper.click("#end-turn")
    # Back to the Graf: the marker he saved, and 4 new ones (L12).
    expect(page.locator("#side-name")).to_have_text("the count")
    assert keeper.supply()["markers"] == "5"
    assert page.locator("#goals li").count() == 2


def test_l28_l30_ls12_converting_workers_and_the_fluids_moves(page: Page, base_url: str) -> None:
    keeper = Keeper(page, base_url)
    keeper.set_up("stahl-und-sterne", ("fluid",))
    expect(page.locator("#side-name")).to_have_text("the imperator")
    for worker in ("arbeiter-1", "arbeiter-2", "arbeiter-3", "arbeiter-4"):
        page.check(f'input[data-convert="{worker}"]')
    page.select_option("#into", "strahlenwerfer")
    keeper.click("#convert")
    assert keeper.message().startswith("L28: a conversion takes five different workers")
    keeper.click("#end-turn")
    expect(page.locator("#side-name")).to_have_text("the Fluid")
    expect(page.locator("#groups")).to_be_hidden()
    keeper.click('button[data-fluid="place"]')
    keeper.click("#end-turn")  # one move only: refused (L30)
    assert keeper.message().startswith("L30: the Fluid makes two moves a turn")
    keeper.click('button[data-fluid="move_planet"]')  # not after another move (LS12)
    assert keeper.message().startswith("LS12")
    keeper.click('button[data-fluid="relocate"]')
    assert dict(keeper.supply())["fluids"] == "6"
    keeper.click("#end-turn")
    expect(page.locator("#side-name")).to_have_text("the imperator")
