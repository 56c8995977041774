"""The combat page in a real browser (Debian's headless Chromium, driven by Playwright,
from tests/browser/live.py), served by the service itself with its real endpoints.

The page must build the contract's request, show the answer with every contribution,
show a refusal's rule and detail, and ask nothing of any other origin.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from service.api.turm_und_leute.views import combat
from tests.browser.live import TIMEOUT_MS, chromium, serve_app


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with serve_app({"CHECK_ANSWERS": True}) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


class Watched:
    """One browser page for the module (a new context per test costs half a second),
    with what it asked of other origins and the script errors it raised."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.base_url = base_url
        self.context = browser.new_context()
        self.context.set_default_timeout(TIMEOUT_MS)
        self.elsewhere: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self.only_the_service)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def only_the_service(self, route: Any) -> None:
        if route.request.url.startswith(self.base_url + "/"):
            route.continue_()
        else:
            self.elsewhere.append(route.request.url)
            route.abort()


@pytest.fixture(scope="module")
def watched(browser: Browser, base_url: str) -> Iterator[Watched]:
    watched = Watched(browser, base_url)
    try:
        yield watched
    finally:
        watched.context.close()


@pytest.fixture()
def page(watched: Watched) -> Iterator[Page]:
    """The page, loaded afresh with its first fight; fails on a script error or a
    request that does not go to the page's own origin."""
    watched.page.goto(watched.base_url + "/turm-und-leute")
    expect(watched.page.locator("body")).to_have_attribute("data-ready", "true")
    yield watched.page
    assert watched.elsewhere == []
    assert watched.errors == []


def _sent(page: Page) -> dict[str, Any]:
    page.locator("details summary").click()
    return json.loads(page.locator("#request").inner_text())  # type: ignore[no-any-return]


def test_l7_the_page_shows_the_seeds_fight_and_every_contribution(page: Page) -> None:
    expect(page.locator("#units tbody tr")).to_have_count(7)
    # Players read the units' names, not the ids sent (L1).
    expect(page.locator("#units tbody tr").first).to_contain_text("Graf")
    expect(page.locator("#units tbody")).to_contain_text("Bogenschützen")
    expect(page.locator("#units tbody")).not_to_contain_text("bogenschuetzen")
    # The sectors and towers are Stahl und Sterne's (LS2): not to be set here.
    for box in page.locator("#sector input").all():
        expect(box).to_be_disabled()
    page.click("#add-helper")
    helper = page.locator("#helpers .group").first
    helper.locator('[data-member="kind"]').select_option("bogenschuetzen")
    helper.locator('[data-member="figures"]').fill("3")
    helper.locator('[data-member="position"]').select_option("wall")
    helper.locator('[data-member="marked"]').check()
    page.click("#resolve")
    expect(page.locator("#message")).to_have_text("Not defended: 8 against 5; the target loses 3.")

    sent = _sent(page)
    assert sent["attackers"] == [{"kind": "reiter", "figures": 2, "position": "ground", "actions_used": 0}]
    assert sent["helpers"] == [{"kind": "bogenschuetzen", "figures": 3, "position": "wall", "marked": True}]
    answer = combat(sent)
    rows = page.eval_on_selector_all(
        "#contributions tbody tr",
        "rows => rows.map(r => [r.dataset.group, ...[...r.cells].map(c => c.textContent)])",
    )
    assert rows == [
        [
            c["group"],
            label,
            str(c["strength"]),
            f"×{c['bonus']}",
            "yes" if c["counted"] else "no",
            str(c["strength"] * c["bonus"] if c["counted"] else 0),
        ]
        for c, label in zip(
            answer["contributions"],
            [
                "Attacker 1: 2 × Reiter (ground)",
                "Target: 5 × Pikeniere (ground)",
                "Helper 1: 3 × Bogenschützen (wall)",
            ],
            strict=True,
        )
    ]
    expect(page.locator('#outcome dd[data-member="target\'s figures after"]')).to_have_text("2")


def test_l3_and_ls3_a_refusal_and_the_other_edition(page: Page) -> None:
    page.click("#resolve")
    expect(page.locator("#outcome")).to_be_visible()
    attacker = page.locator("#attackers .group").first
    attacker.locator('[data-member="kind"]').select_option("graf")
    attacker.locator('[data-member="figures"]').fill("1")
    page.click("#resolve")
    expect(page.locator("#message")).to_have_text("L3: a group of graf may not attack")
    expect(page.locator("#problems li")).to_have_text(
        ["L3 · Attacker 1, kind: a group of graf may not attack"]
    )
    expect(attacker.locator('[data-member="kind"]')).to_have_class("bad")
    # The answer to the fight before is gone.
    expect(page.locator("#outcome")).to_be_hidden()
    expect(page.locator("#contributions")).to_be_hidden()

    # Stahl und Sterne: the same rows under the new names, no wall, and LS3.
    page.select_option("#edition", "stahl-und-sterne")
    expect(attacker.locator('[data-member="kind"]')).to_have_value("imperator")
    expect(page.locator("#units tbody tr").first).to_contain_text("Imperator")
    expect(page.locator("#sector input").first).to_be_enabled()
    assert page.eval_on_selector_all(
        '#target [data-member="position"] option', "os => os.map(o => o.value)"
    ) == ["ground", "small_tower", "big_tower"]
    attacker.locator('[data-member="kind"]').select_option("daemonenreiter")
    attacker.locator('[data-member="figures"]').fill("2")
    page.locator('#target [data-member="figures"]').fill("3")
    page.click("#resolve")
    expect(page.locator("#message")).to_have_text("Not defended: 8 against 3; the target loses 3.")
    expect(page.locator('#outcome dd[data-member="an attacker must take its place"]')).to_have_text("yes")
    assert _sent(page)["target"] == {
        "kind": "elektrokaempfer",
        "figures": 3,
        "position": "ground",
        "marked": False,
    }
