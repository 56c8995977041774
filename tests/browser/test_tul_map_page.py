"""The Stahl und Sterne map page in a real browser (LS6, LS16, LS17): a player clicks a
group and sees the fields it reaches outlined with their costs, exactly as the service
answers them; clicks one and the group stands there; moves the worlds; and reads the
page in German."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import tab
from tests.browser.live import call_api

PATH = "/turm-und-leute/map"
GROUP = "arbeiter-5"


def _open(page: Page, base_url: str, language: str = "en") -> None:
    page.goto(f"{base_url}{PATH}?lang={language}")
    page.wait_for_selector(f'#board circle[data-group="{GROUP}"]')


def _shown(page: Page) -> dict[str, str]:
    return dict(
        page.eval_on_selector_all(
            "#board text.cost", "costs => costs.map(c => [c.dataset.field, c.textContent])"
        )
    )


def test_ls16_ls17_ls6_a_group_is_shown_its_reach_moved_and_the_worlds_move(
    page: Page, base_url: str
) -> None:
    _open(page, base_url)
    board = call_api(base_url, "/v1/turm-und-leute/map/example")
    reach = call_api(base_url, "/v1/turm-und-leute/map/reach",
                     {"map": board, "side": "imperator", "group": GROUP})["reach"]
    page.click(f'#board circle[data-group="{GROUP}"]')
    page.wait_for_selector("#board rect.reach")
    outlined = page.eval_on_selector_all("#board rect.reach", "rs => rs.map(r => r.dataset.field)")
    assert sorted(outlined) == sorted(r["field"] for r in reach)
    assert _shown(page) == {r["field"]: str(r["markers"]) for r in reach}
    expect(page.locator("#message")).to_contain_text(GROUP)

    near = next(r for r in reach if "bridge" not in r)
    # The player clicks the field itself (inside its outline).
    page.click(f'#board rect[data-field="{near["field"]}"]:not(.reach)')
    disc = page.locator(f'#board circle[data-group="{GROUP}"]')
    expect(disc).to_have_attribute("data-field", near["field"])
    expect(page.locator("#moves li")).to_have_count(1)
    expect(page.locator("#moves li")).to_contain_text(near["field"])

    before = dict(page.eval_on_selector_all(
        "#board circle[data-world]", "ps => ps.map(p => [p.dataset.world, p.dataset.orbitField])"))
    moved = call_api(base_url, "/v1/turm-und-leute/map/worlds-moved", {"map": board})["map"]
    page.click("#worlds")
    expected = {w["name"]: str(w["orbit_field"]) for w in moved["worlds"]}
    assert expected != before
    for world, field in expected.items():
        planet = page.locator(f'#board circle[data-world="{world}"]')
        expect(planet).to_have_attribute("data-orbit-field", field)


def test_the_map_page_in_german_speaks_german(page: Page, base_url: str) -> None:
    _open(page, base_url, "de")
    expect(page.locator("h1")).to_contain_text("Karte")
    expect(page.locator("#worlds")).not_to_contain_text("The imperator")
    page.click(f'#board circle[data-group="{GROUP}"]')
    page.wait_for_selector("#board rect.reach")
    message = page.text_content("#message") or ""
    assert GROUP in message and "outlined" not in message


def test_the_map_page_at_a_desk_and_on_a_phone(browser: Browser, base_url: str, tmp_path: Path) -> None:
    """At 1280 × 800 and 390 × 844 (the pictures in docs/ are these screenshots)."""
    for width, height in ((1280, 800), (390, 844)):
        with tab(browser, base_url, width, height) as page:
            _open(page, base_url)
            page.click(f'#board circle[data-group="{GROUP}"]')
            page.wait_for_selector("#board rect.reach")
            # Nothing wider than the screen: the page scrolls down, never sideways.
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            page.screenshot(path=str(tmp_path / f"turm-und-leute-map-{width}.png"))
