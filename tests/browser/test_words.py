"""The pages' words as a player reads them, in Debian's headless Chromium: no value of the
API ("random", "none", NE) in German, lists written as lists, introductions that speak to
players (not of a service or its documentation), the combat page's refusals naming the
field rather than its JSON pointer, and no keyboard frame on the board after a mouse
click.

The browser and the live service are conftest.py's.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.live import PlaygroundPlayer

SETUP_2 = "?placing&lang=de#setup|yellow:NW,NE|red:SE,SW"
#: Words of a developer's page, which the introductions do not use.
DEVELOPERS = re.compile(r"service|Dienst|API|docs/|oracle|Orakel", re.IGNORECASE)


def test_german_spiel_der_tuerme_has_no_api_values_in_its_form(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open("?game=spiel-der-tuerme&lang=de")
    assert page.get_attribute('#setup-form input[name="seed"]', "placeholder") == "zufällig"
    form = page.inner_text("#setup-form")
    assert not re.search(r"\b(none|random)\b", form), form


def test_german_terra_turrium_names_territories_and_lists_as_german_does(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(SETUP_2)
    instruction = page.text_content("#instruction") or ""
    assert "NW und NO" in instruction and not re.search(r"\bNE\b", instruction), instruction
    labels = page.eval_on_selector_all("#board svg text", "ts => ts.map(t => t.textContent)")
    assert "NO · Gelb" in labels and not any(label.startswith("NE ·") for label in labels), labels
    player.press("random")
    goals = page.eval_on_selector_all("#goals li", "lis => lis.map(li => li.textContent)")
    # "noch 2, 3, 4, 5 und 6 bis zum Ziel", never the bare "2 3 4 5 6".
    assert goals and all(re.search(r"noch (\d, )*\d und \d bis zum Ziel", goal) for goal in goals), goals


@pytest.mark.parametrize("address", ["", "?lang=de", "?game=spiel-der-tuerme",
                                     "?game=spiel-der-tuerme&lang=de"])
def test_the_introductions_speak_to_players(page: Page, base_url: str, address: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(address)
    intro = page.text_content("#intro") or ""
    assert intro and not DEVELOPERS.search(intro), intro


def test_the_combat_pages_refusal_names_the_field_not_its_pointer(page: Page, base_url: str) -> None:
    page.goto(base_url + "/turm-und-leute")
    page.wait_for_selector("body[data-ready]", state="attached")
    page.fill('.group [data-member="figures"]', "")
    page.click("#resolve")
    expect(page.locator("#problems li").first).to_be_visible()
    problems = page.eval_on_selector_all("#problems li", "lis => lis.map(li => li.textContent)")
    assert problems and not any("/attackers" in p or "/target" in p for p in problems), problems
    assert any("figures" in p for p in problems), problems


def test_no_keyboard_frame_after_a_mouse_click(page: Page, base_url: str) -> None:
    player = PlaygroundPlayer(page, base_url)
    player.open(SETUP_2)
    player.press("random")
    player.click(player.styled("removal")[0])
    assert page.evaluate("() => document.querySelectorAll('#grid :focus-visible, #grid :focus').length") == 0
    # A player of the keys is still taken back to the board.
    page.focus('#turn-buttons button[data-action="undo"]')
    page.keyboard.press("Enter")
    player.idle()
    assert page.evaluate("() => Boolean(document.activeElement.closest('#grid, #turn-buttons'))")


@pytest.mark.parametrize("path", ["/rules", "/rules/spiel-der-tuerme", "/rules/turm-und-leute"])
def test_the_rules_pages_point_to_themselves_not_to_the_repository(page: Page, base_url: str,
                                                                   path: str) -> None:
    page.goto(base_url + path)
    text = page.inner_text("main")
    assert not re.search(r"docs/[a-z_-]+\.md|in the repository|rules service", text)
