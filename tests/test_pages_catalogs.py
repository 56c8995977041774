"""The pages' catalogs are complete: every message of the pages' template
(service/locale/pages.pot) is translated in German, Dutch and French, not fuzzy, with the
placeholders of its English message and the markup of its links, and each catalog is
compiled as it stands (``make messages-pages``)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from service.common.language import LANGUAGES, LOCALE_DIR

TRANSLATED = [language for language in LANGUAGES if language != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# The markup a message may hold: a link (its target a placeholder) or a span with an id.
TAG = re.compile(r"</?(?:a|span)\b[^>]*>")


@cache
def _read(language: str | None, suffix: str = "po") -> Catalog:
    path = (
        LOCALE_DIR / "pages.pot"
        if language is None
        else LOCALE_DIR / language / "LC_MESSAGES" / f"pages.{suffix}"
    )
    with path.open("rb") as file:
        return read_mo(file) if suffix == "mo" else read_po(file, locale=language)


def _key(message) -> tuple[str, str | None]:  # type: ignore[no-untyped-def]
    context = message.context.decode() if isinstance(message.context, bytes) else message.context  # read_mo's
    return (message.id if isinstance(message.id, str) else message.id[0], context)


def _text(string) -> object:  # type: ignore[no-untyped-def]
    return tuple(string) if isinstance(string, (list, tuple)) else string


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_pages_is_translated(language: str) -> None:
    template = {_key(m) for m in _read(None) if m.id}
    messages = {_key(m): m for m in _read(language) if m.id}
    missing = sorted(template - set(messages), key=str)
    assert not missing, f"{language}: {len(missing)} missing (pybabel update -D pages), first {missing[:4]}"
    untranslated = [key for key, m in messages.items() if key in template and (
        m.fuzzy or not all(m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert not untranslated, (
        f"{language}: {len(untranslated)} untranslated or fuzzy, first {untranslated[:4]}"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_the_placeholders_and_links_of_its_message(language: str) -> None:
    wrong = []
    for message in _read(language):
        if not message.id or not message.string:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        names = set().union(*(set(PLACEHOLDER.findall(text)) for text in english))
        tags = sorted(TAG.findall(english[0]))
        for form in message.string if isinstance(message.string, tuple) else (message.string,):
            if form and (
                set(PLACEHOLDER.findall(form)) - {"n"} != names - {"n"} or sorted(TAG.findall(form)) != tags
            ):
                wrong.append((message.id, form))
    assert not wrong, f"{language}: placeholders or links differ: {wrong[:3]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_pages_catalog_is_compiled_as_it_stands(language: str) -> None:
    written = {(_key(m), _text(m.string)) for m in _read(language) if m.id and m.string and not m.fuzzy}
    compiled = {(_key(m), _text(m.string)) for m in _read(language, "mo") if m.id}
    assert written == compiled, f"{language}: run `make messages-pages`"
