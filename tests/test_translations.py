"""The rules documents' translations (docs/de, docs/nl, docs/fr) keep the structure of the
English documents (tests/translations.py), and are rendered into pages per language,
with the English page where a translation is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.api.rulebooks import RULEBOOKS
from service.common.language import LANGUAGES
from tests.translations import differences
from tools.pages import pages
from tools.readings import (
    GAMES,
    MARK_WORDS,
    document,
    game_marks,
    outputs,
    translated_languages,
    translated_source,
)

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = sorted(
    (language, game.source)
    for language in LANGUAGES[1:]
    for game in GAMES
    if (ROOT / translated_source(game.source, language)).is_file()
)

#: A stand-in for a rules document and a faithful translation of it: every kind of thing
#: the check compares (a heading, anchors, a mark with its labels, links, a picture,
#: code, a table with ids).
ENGLISH = """# A game — the rules

## Taking stones (R)

- <a id="R1"></a>**R1 One stone.** Take one stone (`take`) from `a1`. See [R2](#R2) and
  [the API](api.md), and [the options](#options).
- <a id="R2"></a>**R2 Outside.** Outside squares count. **[interpretation R2]** *Reads:*
  the rulebook's "außen". *Other reading:* none. *Why:* the picture.

![A position](spiel-der-tuerme.svg)

| id | what |
|---|---|
| [R1](#R1) | a stone |
| `outside_rule` | an option |

## Options
"""
GERMAN = """# Ein Spiel — die Regeln

## Steine nehmen (R)

- <a id="R1"></a>**R1 Ein Stein.** Nimm einen Stein (`take`) von `a1`. Siehe [R2](#R2) und
  [die API](api.md), und [die Optionen](#options).
- <a id="R2"></a>**R2 Außen.** Äußere Felder zählen. **[interpretation R2]** *Liest:*
  „außen“ des Regelhefts. *Andere Lesart:* keine. *Warum:* das Bild.

![Eine Stellung](../spiel-der-tuerme.svg)

| Id | was |
|---|---|
| [R1](#R1) | ein Stein |
| `outside_rule` | eine Option |

<a id="options"></a>
## Optionen
"""


@pytest.mark.parametrize(("language", "source"), TRANSLATIONS, ids=lambda x: str(x))
def test_every_translation_keeps_the_headings_anchors_marks_links_and_code(
    language: str, source: str
) -> None:
    english = (ROOT / source).read_text(encoding="utf-8")
    translated = (ROOT / translated_source(source, language)).read_text(encoding="utf-8")
    assert differences(english, translated) == []


def test_a_faithful_translation_passes_the_check() -> None:
    assert differences(ENGLISH, GERMAN) == []


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (lambda t: t.replace('<a id="R2"></a>', ""), "anchors: lost ['R2']"),
        (lambda t: t.replace('<a id="R1"></a>', '<a id="R9"></a>'), "anchors: lost ['R1'], added ['R9']"),
        (lambda t: t.replace("[interpretation R2]", "[interpretation R2a]"), "marks"),
        (lambda t: t.replace("*Warum:*", "Warum:"), "marks"),
        (lambda t: t.replace("## Steine", "### Steine"), "headings"),
        (lambda t: t.replace("(api.md)", "(api-de.md)"), "links: lost ['api.md'], added ['api-de.md']"),
        (lambda t: t.replace('<a id="options"></a>\n', ""), "links to no anchor"),
        (lambda t: t.replace("`take`", "nehmen"), "code spans lost: ['take']"),
        (lambda t: t.replace("| `outside_rule` |", "| `aussen_regel` |"), "tables' id cells changed"),
    ],
    ids=["anchor-dropped", "anchor-renamed", "mark-id-changed", "mark-label-lost", "heading-level",
         "link-changed", "heading-link-broken", "code-translated", "table-id-changed"],
)
def test_the_check_finds_each_departure(change, found: str) -> None:  # type: ignore[no-untyped-def]
    problems = differences(ENGLISH, change(GERMAN))
    assert any(problem.startswith(found) for problem in problems), problems


def _stand_in(root: Path, *, translated: bool) -> None:
    """A repository below ``root`` with the real English documents and, if ``translated``,
    the German stand-in as the German Terra Turrium rules."""
    for game in GAMES:
        (root / game.source).parent.mkdir(parents=True, exist_ok=True)
        (root / game.source).write_text((ROOT / game.source).read_text(encoding="utf-8"), encoding="utf-8")
    if translated:
        (root / "docs" / "de").mkdir()
        (root / "docs" / "de" / "rules.md").write_text(GERMAN, encoding="utf-8")


def test_a_translated_document_becomes_its_language_page_and_the_others_stay_english(tmp_path: Path) -> None:
    _stand_in(tmp_path, translated=True)
    for path, text in outputs(tmp_path).items():
        path = tmp_path / path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    written = pages(tmp_path)
    assert "de/terra-turrium.html" in written
    # Only the documents translated, and the readings of that language.
    assert {name for name in written if "/" in name} == {"de/terra-turrium.html", "de/interpretations.html"}
    page = written["de/terra-turrium.html"]
    assert 'id="R1"' in page and 'id="R2"' in page
    # Its links lead where the service serves their targets, its picture too.
    assert 'href="/docs"' in page and 'href="#options"' in page
    assert 'src="/rules/spiel-der-tuerme.svg"' in page
    assert 'href="/rules/interpretations#R2"' in page  # the mark links to its reading


def test_the_readings_of_a_language_are_listed_from_its_translations(tmp_path: Path) -> None:
    _stand_in(tmp_path, translated=True)
    assert translated_languages(tmp_path) == ("de",)
    listed = document(game_marks(tmp_path, "de"), "de", tmp_path)
    # The German stand-in's mark, linked to its rule in the German document; the games not
    # translated link to the English documents, above the language's folder.
    assert '- <a id="R2"></a>**[R2](rules.md#R2)** *Liest:*' in listed
    assert "(../spiel-der-tuerme.md#" in listed and "](../api.md))" in listed


def test_without_translations_only_the_english_pages_are_written(tmp_path: Path) -> None:
    _stand_in(tmp_path, translated=False)
    assert translated_languages(tmp_path) == ()
    (tmp_path / "docs" / "interpretations.md").write_text(
        outputs(tmp_path)[Path("docs/interpretations.md")], encoding="utf-8"
    )
    assert set(pages(tmp_path)) == {book.page for book in RULEBOOKS.values()}


@pytest.mark.parametrize(("language", "source"), TRANSLATIONS)
def test_a_translation_marks_its_readings_in_its_own_words(language: str, source: str) -> None:
    """A mark is written with the language's word for a reading (German ``[Auslegung R6]``,
    Dutch ``[lezing R6]``, French ``[lecture R6]``), in the marks and where the text shows
    one; its page links it to the reading under the same word."""
    text = (ROOT / translated_source(source, language)).read_text(encoding="utf-8")
    word = MARK_WORDS[language]
    assert "[interpretation" not in text
    assert f"**[{word} " in text
    page = pages(ROOT)[f"{language}/{next(g.name for g in GAMES if g.source == source)}.html"]
    assert f">[{word} " in page and ">[interpretation " not in page
