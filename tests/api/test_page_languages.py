"""Every page in the reader's language: ``?lang=xx`` first, then ``Accept-Language``;
``<html lang>`` and ``Content-Language`` say which; a page chosen by ``?lang`` keeps it
in every link it makes; each page has a language switcher; its words, its scripts'
included, come from the pages' catalog (service/locale/pages.pot), which is current."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from service.api import localized
from service.api.rulebooks import RULEBOOKS, page_body
from service.common.language import LANGUAGES
from tools.pages import pages
from tools.pages_catalog import messages, template

ROOT = Path(__file__).resolve().parents[2]

#: Every page a person reads.
PAGES = (
    "/", "/playground", "/playground?game=spiel-der-tuerme", "/turm-und-leute", "/turm-und-leute/ledger",
    "/rules", "/rules/spiel-der-tuerme", "/rules/turm-und-leute", "/rules/interpretations", "/docs",
)


class _Links(HTMLParser):
    """The page's ``<html lang>``, its links and its switcher's links."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.links: list[dict[str, str | None]] = []
        self.words: str = ""
        self._in_words = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes)
        self._in_words = tag == "script" and attributes.get("id") == "page-words"

    def handle_endtag(self, tag: str) -> None:
        self._in_words = False

    def handle_data(self, data: str) -> None:
        if self._in_words:
            self.words += data


def _read(client: Any, path: str, **headers: str) -> tuple[Any, _Links]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, path
    parsed = _Links()
    parsed.feed(response.get_data(as_text=True))
    return response, parsed


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", PAGES)
def test_every_page_answers_in_each_language_with_its_lang_and_content_language(
    client, path: str, language: str
) -> None:
    joined = "&" if "?" in path else "?"
    for response, parsed in (_read(client, f"{path}{joined}lang={language}"),
                             _read(client, path, **{"Accept-Language": f"{language};q=0.9, es;q=0.5"})):
        assert parsed.lang == language
        assert response.headers.getlist("Content-Language") == [language]
        assert "Accept-Language" in response.headers["Vary"]


@pytest.mark.parametrize("path", PAGES)
def test_lang_in_the_address_wins_over_the_header_and_a_language_not_spoken_is_ignored(
    client, path: str
) -> None:
    joined = "&" if "?" in path else "?"
    response, parsed = _read(client, f"{path}{joined}lang=nl", **{"Accept-Language": "fr"})
    assert parsed.lang == "nl" and response.headers["Content-Language"] == "nl"
    response, parsed = _read(client, f"{path}{joined}lang=es", **{"Accept-Language": "fr"})
    assert parsed.lang == "fr" and response.headers["Content-Language"] == "fr"


@pytest.mark.parametrize("path", PAGES)
def test_a_page_chosen_by_lang_keeps_it_in_every_link_it_makes(client, path: str) -> None:
    joined = "&" if "?" in path else "?"
    _, parsed = _read(client, f"{path}{joined}lang=de")
    internal = [
        link for link in parsed.links if str(link["href"]).startswith("/") and not link.get("hreflang")
    ]
    assert internal or path.startswith("/playground") or path == "/", (
        path
    )  # the playground's are made by its script
    for link in internal:
        assert re.search(r"[?&]lang=de(&|#|$)", str(link["href"])), link["href"]
    # Chosen by the header alone, the links name no language: the header chooses again.
    _, parsed = _read(client, path, **{"Accept-Language": "de"})
    assert not [link for link in parsed.links if "lang=" in str(link["href"]) and not link.get("hreflang")]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_switcher_to_each_language_keeping_the_address(client, path: str) -> None:
    joined = "&" if "?" in path else "?"
    _, parsed = _read(client, f"{path}{joined}lang=fr")
    switcher = [link for link in parsed.links if link.get("hreflang")]
    assert [link["hreflang"] for link in switcher] == list(LANGUAGES)
    for link in switcher:
        # Each named in its own language, marked with it, the page's own marked current.
        assert link["lang"] == link["hreflang"]
        assert (link.get("aria-current") == "true") == (link["hreflang"] == "fr")
        assert str(link["href"]).startswith(path.split("?")[0] + "?")
        if "game=" in path:
            assert "game=spiel-der-tuerme" in str(link["href"])
    names = [localized.LANGUAGE_NAMES[code] for code in LANGUAGES]
    assert names == ["English", "Deutsch", "Nederlands", "Français"]


def test_a_rules_page_not_yet_translated_is_the_english_one_under_its_languages_frame(client) -> None:
    body, language = page_body("turm-und-leute", "nl")
    if language == "nl":
        pytest.skip("the Dutch combat rules are translated: nothing falls back")
    page = client.get("/rules/turm-und-leute?lang=nl").get_data(as_text=True)
    assert '<html lang="nl">' in page and '<main lang="en">' in page and 'class="untranslated"' in page
    assert body.split("\n", 1)[1][:200] in page


def test_the_committed_rules_pages_are_those_of_the_documents_and_their_translations() -> None:
    directory = ROOT / "service" / "api" / "pages"
    expected = pages(ROOT)
    committed = {path.relative_to(directory).as_posix() for path in directory.rglob("*.html")}
    assert committed == set(expected), "run `make spec`"
    for name, body in expected.items():
        assert (directory / name).read_text(encoding="utf-8") == body, f"{name} is stale: run `make spec`"
    assert {book.page for book in RULEBOOKS.values()} <= committed


def _committed() -> Any:
    from babel.messages.pofile import read_po

    with (ROOT / "service" / "locale" / "pages.pot").open("rb") as file:
        return read_po(file)


def test_the_pages_catalog_template_is_current() -> None:
    assert messages(_committed()) == messages(template(ROOT)), "run `make messages-pages`"


class _StandIn:
    """A German catalog that writes every message in capitals: a translation that can be
    told from the English."""

    def gettext(self, message: str) -> str:
        return message.upper() if "{" not in message else message.replace("the", "THE")

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return f"{message.upper()}!"


@pytest.fixture()
def german(monkeypatch: pytest.MonkeyPatch):
    """The stand-in as the pages' German catalog, for one test."""
    original = localized.catalog
    localized.script_words.cache_clear()
    monkeypatch.setattr(
        localized, "catalog", lambda language: _StandIn() if language == "de" else original(language)
    )
    yield
    localized.script_words.cache_clear()


def test_the_pages_words_come_from_the_catalog_of_the_language(client, german) -> None:
    page = client.get("/turm-und-leute?lang=de").get_data(as_text=True)
    assert "<h2 id=\"attackers-title\">ATTACKERS</h2>" in page
    assert '<nav class="languages" aria-label="LANGUAGE">' in page
    english = client.get("/turm-und-leute?lang=en").get_data(as_text=True)
    assert "<h2 id=\"attackers-title\">Attackers</h2>" in english


def test_a_page_carries_the_translations_its_scripts_use_names_of_the_api_included(client, german) -> None:
    _, parsed = _read(client, "/playground?lang=de")
    words = json.loads(parsed.words)
    assert words["language"] == "de"
    messages = words["messages"]
    assert messages["Nothing picked."] == "NOTHING PICKED."  # a sentence of terra-turrium.js
    assert messages["seat\x04yellow"] == "YELLOW!"  # a value of the API, by its context
    assert messages["unit\x04bogenschuetzen"] == "BOGENSCHUETZEN!"
    assert messages["option\x04players"] == "PLAYERS!"
    # A plural: its forms for 0, 1 and more.
    assert messages["Game over. Winner:"] == [
        "GAME OVER. WINNERS:",
        "GAME OVER. WINNER:",
        "GAME OVER. WINNERS:",
    ]
    # The Python and template messages are not sent to the scripts.
    assert "Rules" not in messages and "Terra Turrium — the rules" not in messages
    _, parsed = _read(client, "/playground?lang=en")
    assert json.loads(parsed.words) == {"language": "en", "messages": {}}


SCRIPTS = sorted((ROOT / "service" / "render" / "static").glob("*/*.js"))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_every_message_of_a_script_is_in_the_template(script: Path) -> None:
    """Babel's JavaScript extractor reads a message given as a string literal, never one
    written inside a template literal (`…${_("x")}…`): each must reach the catalog."""
    code = re.sub(r"(?m)^\s*//.*$", "", script.read_text(encoding="utf-8"))
    inside = [
        m.group(0)[:60]
        for m in re.finditer(r"`[^`]*`", code)
        if re.search(r"\b(?:_|ngettext|N_)\(", m.group(0))
    ]
    assert inside == []
    known: set[str] = set()
    for message in _committed():
        known.update(message.id if isinstance(message.id, tuple) else (message.id,))
    # A call whose first argument is one literal (a concatenation is checked by its parts' sum).
    called = re.findall(r'\b(?:_|N_|ngettext)\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]', code)
    assert called or script.name == "i18n.js"  # the catalog's reader writes no sentence
    assert sorted({text.replace('\\"', '"') for text in called} - known) == []
