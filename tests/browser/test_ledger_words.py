"""Turm und Leute's ledger page in the reader's language, in Debian's headless Chromium, in
English and German: sides, groups and projects by their names (never an id such as
"castle_part" or "bogenschuetzen-1"), the turn's events as sentences with their rules,
every control of a group inside the table's box at 1280 pixels, and links to the
other games.

The browser and the live service are conftest.py's.
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.conftest import tab
from tests.browser.test_tul_ledger_page import PATH, Keeper

#: ``PLAYGROUND_SCREENSHOTS=docs`` (``make screenshot``): where the pictures of what this
#: test checks are written (none without it).
SCREENSHOTS = os.environ.get("PLAYGROUND_SCREENSHOTS")

#: What each language shows for the count's turn and the riders' first group.
WORDS = {
    "en": {"side": "the count", "riders": "Reiter 1", "received": "markers received.",
           "castle": "castle part"},
    "de": {"side": "Graf", "riders": "Reiter 1", "received": "Markierungssteine erhalten.", "castle": None},
}

#: An id of the API as the page would have shown it raw: a word with "_" or "-<number>".
RAW = re.compile(r"[a-z]+_[a-z]+|[a-z]+-\d+")

#: Each control of a group and the table's box, in page pixels.
BOXES = """() => {
  const table = document.querySelector('#groups').getBoundingClientRect();
  const controls = [...document.querySelectorAll('#groups button, #groups select, #groups input')]
    .map((c) => { const r = c.getBoundingClientRect(); return [c.outerHTML.slice(0, 60), r.left, r.right]; });
  return { left: table.left, right: table.right, controls };
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_ledger_page_in_the_readers_language(browser: Browser, base_url: str, lang: str) -> None:
    words = WORDS[lang]
    with tab(browser, base_url, 1280, 800) as page:
        keeper = Keeper.__new__(Keeper)
        keeper.page, keeper.base_url = page, base_url
        page.goto(f"{base_url}{PATH}?lang={lang}")
        keeper.idle()
        keeper.set_up("turm-und-leute", ("zwerge",))
        expect(page.locator("#side-name")).to_have_text(words["side"])
        keeper.act("reiter-1", "move")
        keeper.act("arbeiter-1", "work", site="forest")

        # Names, not ids: the groups, the projects, the turn's actions and its events.
        groups = page.eval_on_selector_all("#groups tbody th", "ths => ths.map(th => th.textContent)")
        assert words["riders"] in groups and "graf" not in groups, groups
        projects = page.eval_on_selector_all("#project option", "os => os.map(o => o.textContent)")
        if words["castle"]:
            assert words["castle"] in projects, projects
        texts = [
            *groups, *projects,
            *page.eval_on_selector_all("#actions li, #events li", "lis => lis.map(li => li.textContent)"),
            page.text_content("#message") or "", page.text_content("#turn-title") or "",
        ]
        for text in texts:
            assert not RAW.search(text), text
        events = page.eval_on_selector_all("#events li", "lis => lis.map(li => li.textContent)")
        assert any(words["received"] in event for event in events), events
        # Each event a sentence with the rules it applies: "12 markers received. (L12, L9)".
        for event in events:
            assert event[0].isupper() or event[0].isdigit(), event
            assert re.search(r"\.( \([A-Z]+\d+(, [A-Z]+\d+)*\))?$", event), event

        # Every control of a group inside the table's box, none beyond its right edge.
        boxes = page.evaluate(BOXES)
        for html, left, right in boxes["controls"]:
            assert boxes["left"] <= left and right <= boxes["right"] + 0.5, (html, boxes["right"], right)
        assert page.eval_on_selector("#groups", "t => t.scrollWidth <= t.clientWidth + 1")

        # The links to the other games, in the page's language.
        links = page.eval_on_selector_all("#games a", "as => as.map(a => a.getAttribute('href'))")
        for path in ("/playground", "/playground?game=spiel-der-tuerme", "/turm-und-leute"):
            assert any(link.startswith(path) for link in links), links
        if lang != "en":
            assert all(f"lang={lang}" in link for link in links), links
        if SCREENSHOTS:
            page.screenshot(path=f"{SCREENSHOTS}/ledger-{lang}-1280.png", full_page=True)
