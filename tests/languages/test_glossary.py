"""Each language keeps to its glossary (docs/translations.md, "The words"): no catalog entry
and no translated document of a language uses a word its glossary rules out — French
never calls a seat a "place", nor a Terra Turrium stack a "pile"; Dutch never writes
"keren slaan" for captures nor "naast het speelbord" for off the board.

The glossary's tables are read from the document, so the test and the document cannot
say different things: one table for all games and the service, one per game. A cell
gives the term and, in ``(not: …)``, the words that must not stand for it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from service.common.language import LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "translations.md"
TRANSLATED = [language for language in LANGUAGES if language != "en"]
COLUMNS = {"German": "de", "Dutch": "nl", "French": "fr"}
#: The glossary's tables by the heading above them, and the game each is about (None: all).
SCOPES = {"All games and the service": None, "Terra Turrium": "terra-turrium",
          "Spiel der Türme": "spiel-der-tuerme", "Turm und Leute": "turm-und-leute"}
#: Each game's translated document, and the words in a catalog entry's location that say
#: the entry is written for that game.
DOCUMENTS = {"terra-turrium": "rules.md", "spiel-der-tuerme": "spiel-der-tuerme.md",
             "turm-und-leute": "turm-und-leute.md"}
#: Set phrases in which a ruled-out word means something else, per language: French
#: "mise en place" (set-up), "à la place de" (instead of), a group "prend la place" of
#: another (LS3), "pas de place à prendre".
SET_PHRASES = {
    "fr": [r"mise en place", r"mettre en place", r"à la place d(?:e|')", r"peut à la place",
           r"prendre (?:la|sa) place", r"prend (?:la|sa) place", r"pas de place à prendre"],
    "de": [],
    "nl": [],
}


@dataclass(frozen=True)
class Rule:
    """A word ``language`` must not use for ``term`` (in ``game``'s texts, or anywhere)."""

    language: str
    game: str | None
    term: str
    word: str

    def pattern(self) -> re.Pattern[str]:
        words = r"\s+".join(re.escape(word) for word in self.word.split())
        return re.compile(rf"(?<![\w-]){words}(?![\w-])", re.IGNORECASE)


@cache
def rules() -> tuple[Rule, ...]:
    """Every ruled-out word of the glossary, with its language and game."""
    found: list[Rule] = []
    game: str | None = None
    header: list[str] | None = None
    in_words = False
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            in_words = line == "## The words"
            continue
        if not in_words:
            continue
        if line.startswith("### "):
            title = line[4:]
            game = next((scope for name, scope in SCOPES.items() if title.startswith(name)), "?")
            header = None
            continue
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set(line) <= set("|-"):
            continue
        for column, cell in zip(header, cells, strict=True):
            language = COLUMNS.get(column)
            ruled_out = re.search(r"\(not: ([^)]*)\)", cell)
            if language and ruled_out:
                for word in ruled_out.group(1).split(","):
                    found.append(Rule(language, game, cells[0], word.strip()))
    return tuple(found)


def readable(text: str, language: str) -> str:
    """``text`` without what the glossary does not rule: code blocks, code spans, links'
    targets, notation written out (``players=2&seed=…``, a query's members as sent),
    quotations of the German rulebooks ("…" and „…“), the language's set phrases; its
    white space made single."""
    text = re.sub(r"^```.*?^```", " ", text, flags=re.MULTILINE | re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\b\w+=[^\s)]*", " ", text)
    text = re.sub(r"\{\w*\}", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r'"[^"\n]*"|„[^“]*“', " ", text)
    text = re.sub(r"\s+", " ", text)
    for phrase in SET_PHRASES[language]:
        text = re.sub(phrase, " ", text, flags=re.IGNORECASE)
    return text


def game_of(locations: list[tuple[str, int | None]]) -> str | None:
    """The game a catalog entry is written for, if all its uses are that game's."""
    games = set()
    for where, _line in locations:
        key = where.replace("_", "-")
        games.add(next((game for game in DOCUMENTS if game in key), None))
    return games.pop() if len(games) == 1 else None


@cache
def texts(language: str) -> tuple[tuple[str, str | None, str], ...]:
    """(where, game, text) of every translated sentence and document of ``language``."""
    found = []
    for domain in ("messages", "pages"):
        with (LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
            catalog = read_po(file, locale=language)
        for message in catalog:
            if not message.id:
                continue
            forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
            key = message.id if isinstance(message.id, str) else message.id[0]
            for form in forms:
                found.append((f"{domain}.po: {key!r}", game_of(message.locations), form))
    for path in sorted((ROOT / "docs" / language).glob("*.md")):
        game = next((game for game, name in DOCUMENTS.items() if name == path.name), None)
        found.append((str(path.relative_to(ROOT)), game, path.read_text(encoding="utf-8")))
    return tuple(found)


def test_the_glossary_rules_out_words_in_every_language_and_every_table():
    """The tables are read: every language has words ruled out, and each table's heading
    names a scope the test knows."""
    found = rules()
    assert {rule.language for rule in found} == set(TRANSLATED)
    assert "?" not in {rule.game for rule in found}
    assert Rule("fr", None, "seat (a player of a position)", "place") in found
    assert Rule("fr", "terra-turrium", "stack of stones on a square", "pile") in found


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_and_document_keeps_to_the_glossary(language):
    """No ruled-out word in a sentence of the language, in the texts its rule covers."""
    wrong = []
    for rule in (rule for rule in rules() if rule.language == language):
        pattern = rule.pattern()
        for where, game, text in texts(language):
            if rule.game is not None and game != rule.game:
                continue
            found = pattern.search(readable(text, language))
            if found:
                wrong.append(f"{where}: {found.group(0)!r} for {rule.term!r}")
    assert not wrong, f"{language}: {len(wrong)} words the glossary rules out:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize(
    ("language", "text", "ruled_out"),
    [
        ("fr", "la place peut rejouer", True),
        ("fr", "Chaque place a 6 drapeaux", True),
        ("fr", "B6 Mise en\n  place. À 4 joueurs", False),
        ("fr", "le coup neutre est proposé à la place de n'importe quel coup", False),
        ("fr", "un attaquant doit prendre sa place", False),
        ("fr", "`place`, poser un nouveau fluide", False),
        ("nl", "een speler telt keren\n  slaan alleen", True),
        ("nl", "engelen naast het speelbord", True),
        ("nl", "engelen buiten het speelbord", False),
    ],
)
def test_a_ruled_out_word_is_found_in_prose_and_not_in_code_or_set_phrases(language, text, ruled_out):
    """The check itself: it finds a ruled-out word across a line break, and not inside a
    code span or a set phrase that means something else."""
    found = any(rule.pattern().search(readable(text, language))
                for rule in rules() if rule.language == language)
    assert found is ruled_out
