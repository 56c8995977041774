"""The pages in another language, in Debian's headless Chromium: a player switches the
playground to German with the language switcher (by keys), keeps the position, and
plays a refused move: the refusal is the one the API gives in German, the page's own
words are the German catalog's, and every link and request keeps the language.
"""

from __future__ import annotations

import json
import os
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from service.api import localized
from tests.browser.conftest import tab
from tests.browser.live import PlaygroundPlayer
from tests.browser.test_access import PAGES, _axe_faults, axe_installed  # noqa: F401 - a fixture

#: A 2-player game after the set-up (S3): yellow is to take its stones.
STARTED = "setup|yellow:NW,NE:b6,c6,d6,e6,f6,g6|red:SE,SW:b2,c2,d2,e2,f2,g2"


def _ask(base_url: str, path: str, body: dict[str, Any], language: str) -> Any:
    request = urllib.request.Request(
        base_url + path, data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": language},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def test_a_player_switches_the_playground_to_german_and_reads_a_refusal_in_german(
    page: Page, base_url: str
) -> None:
    german = localized.catalog("de")
    player = PlaygroundPlayer(page, base_url)
    player.open(f"#{STARTED}")
    expect(page.locator("#whose")).to_have_text("yellow to move")
    asked: list[tuple[str, str | None]] = []
    page.on(
        "request",
        lambda r: asked.append((r.url, r.headers.get("accept-language"))) if "/v1/" in r.url else None,
    )

    # The switcher, by keys: Tab to "Deutsch", Enter. The position stays.
    switch = page.locator('nav.languages a[hreflang="de"]')
    expect(switch).to_have_attribute("lang", "de")
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.getAttribute('hreflang')") == "de":
            break
    page.keyboard.press("Enter")
    page.wait_for_url("**lang=de**")
    player.idle()
    assert page.get_attribute("html", "lang") == "de"
    expect(page.locator("#notation")).to_have_value(STARTED)
    # The page's own words are the German catalog's: a heading, whose turn it is (the
    # seat's colour too), both written by the page's scripts.
    assert german.gettext("Turn") != "Turn"
    expect(page.locator("#turn-title")).to_have_text(german.gettext("Turn"))
    yellow = german.pgettext("seat", "yellow")
    expect(page.locator("#whose")).to_have_text(german.gettext("{seat} to move").format(seat=yellow))

    # A refused move: a stone that may not be taken.
    refused = next(
        f"{f}{r}" for r in range(1, 11) for f in "abcdefghij" if f"{f}{r}" not in player.styled("removal")
    )
    asked.clear()
    player.click(refused)
    expect(page.locator("#message.error")).to_be_visible()
    turn = {"take": [refused], "place": [], "move": []}
    position = _ask(base_url, "/v1/notation", {"position": STARTED}, "en")["position"]
    german_answer = _ask(base_url, "/v1/turns/validate", {"position": position, "turn": turn}, "de")[
        "violation"
    ]
    english_answer = _ask(base_url, "/v1/turns/validate", {"position": position, "turn": turn}, "en")[
        "violation"
    ]
    assert german_answer["rule"] == english_answer["rule"]
    assert german_answer["detail"] != english_answer["detail"]
    # What the player reads is the API's German sentence, under the rule's id, which links
    # to the rule on the German rules page.
    expect(page.locator("#message")).to_contain_text(german_answer["detail"])
    rule = page.locator("#message a.rule")
    expect(rule).to_have_text(german_answer["rule"])
    assert "lang=de" in (rule.get_attribute("href") or "")
    # Every request the page made asked for German.
    assert asked and all(language == "de" for _, language in asked), asked

    # The links the page makes keep the language, the address too.
    for href in page.eval_on_selector_all("#games a", "links => links.map(a => a.getAttribute('href'))"):
        assert "lang=de" in href, href
    assert "lang=de" in page.url
    # Back in English by the switcher, at the same position.
    page.click('nav.languages a[hreflang="en"]')
    page.wait_for_url("**lang=en**")
    player.idle()
    assert page.get_attribute("html", "lang") == "en"
    expect(page.locator("#turn-title")).to_have_text("Turn")
    expect(page.locator("#notation")).to_have_value(STARTED)


#: ``LANGUAGE_SCREENSHOTS=DIR``: each page in German and French saved at 390 and 1280
#: pixels, to look at long words.
SCREENSHOTS = os.environ.get("LANGUAGE_SCREENSHOTS")


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.usefixtures("axe_installed")
def test_every_page_in_german_and_french_passes_axe_and_fits_a_phone(browser, base_url, language) -> None:  # type: ignore[no-untyped-def]
    """Long words (German compounds, French phrases) must not make a page wider than a
    phone, and the translated pages keep axe-core's verdict; at 1280 pixels only when
    pictures are asked for."""
    faults: dict[str, Any] = {}
    wide: dict[str, int] = {}
    for width in (390, 1280) if SCREENSHOTS else (390,):
        with tab(browser, base_url, width, 844 if width < 600 else 900) as page:
            for path, ready in PAGES.items():
                joined = "&" if "?" in path else "?"
                page.goto(f"{base_url}{path}{joined}lang={language}")
                page.wait_for_selector(ready, state="attached")
                assert page.get_attribute("html", "lang") == language
                found = _axe_faults(page)
                if found:
                    faults[f"{path} {width}"] = found
                scrolled = page.evaluate("() => document.documentElement.scrollWidth")
                if scrolled > width:
                    wide[f"{path} {width}"] = scrolled
                if SCREENSHOTS:
                    name = path.strip("/").replace("/", "-").replace("?game=", "-") or "index"
                    page.screenshot(path=f"{SCREENSHOTS}/{name}-{language}-{width}.png", full_page=False)
    assert faults == {}, json.dumps(faults, indent=1)
    assert wide == {}
