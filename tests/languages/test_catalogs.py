"""The message catalogs are complete: every message of the code, in every language, with
the same placeholders; the template and the compiled catalogs are current.

English is the message ids themselves; German, Dutch and French each have a catalog
(service/locale/<lang>/LC_MESSAGES/messages.po, compiled to .mo by `make messages`).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from service.common.language import LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [language for language in LANGUAGES if language != "en"]
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``{name}`` placeholders (``{{`` is a brace, not one)."""
    return set(PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


@cache
def extracted() -> dict[str, tuple[str, ...]]:
    """Every message marked in service/, as `make messages` extracts it: with the
    Makefile's own ``--keyword`` options, by its id (the singular), with its plural."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    options = re.search(r"^BABEL_EXTRACT = ((?:.*\\\n)*.*)$", makefile, re.MULTILINE)
    assert options is not None, "the Makefile's BABEL_EXTRACT is gone"
    keywords = {**DEFAULT_KEYWORDS, **parse_keywords(re.findall(r"--keyword (\S+)", options.group(1)))}
    found: dict[str, tuple[str, ...]] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "service"), [("**.py", "python")], keywords=keywords
    ):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[forms[0]] = forms
    return found


@cache
def template() -> Catalog:
    with (LOCALE_DIR / "messages.pot").open("rb") as file:
        return read_po(file)


@cache
def catalog(language: str) -> Catalog:
    with (LOCALE_DIR / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=language)


def ids(found: Catalog) -> set[str]:
    return {message.id if isinstance(message.id, str) else message.id[0] for message in found if message.id}


def test_the_template_lists_every_marked_message_of_the_code():
    """`make messages` was run after the last change to a marked message: the template holds
    exactly what extraction finds now (with the Makefile's keywords)."""
    assert set(extracted()) == ids(template())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_in_every_catalog(language):
    """Every message of the template is in the catalog, translated (every plural form),
    not fuzzy, and no entry the template no longer has is left in it."""
    messages = {message.id if isinstance(message.id, str) else message.id[0]: message
                for message in catalog(language) if message.id}
    missing = sorted(ids(template()) - set(messages))
    assert not missing, f"{language}: {len(missing)} messages missing, first {missing[:5]}"
    assert not sorted(set(messages) - ids(template())), f"{language}: entries the code no longer has"
    untranslated = [key for key, message in messages.items()
                    if message.fuzzy or not all(message.string if isinstance(message.string, tuple)
                                                else (message.string,))]
    assert not untranslated, (
        f"{language}: {len(untranslated)} untranslated or fuzzy, first {untranslated[:5]}"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_has_the_placeholders_of_its_message(language):
    """A translation writes every value its English message writes, and no other: the
    sentence is filled in with the same names (a missing or renamed one would raise, or
    drop a square name)."""
    wrong = []
    for message in catalog(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id
        names = set().union(
            *(placeholders(text) for text in (english if isinstance(english, tuple) else (english,)))
        )
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            if form and placeholders(form) != names:
                wrong.append((message.id, form))
    assert not wrong, f"{language}: placeholders differ: {wrong[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_are_written_in_the_language_not_copied(language):
    """A translation differs from the English, unless the message has no words at all
    (``{name}: {detail}``)."""
    same = []
    for message in catalog(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        if not re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", english)):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if forms and forms[0] == english:
            same.append(english)
    assert not same, f"{language}: {len(same)} messages left in English, first {same[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(language):
    """The committed .mo (what the service loads) says what the .po says: `make messages`
    compiled it after the last change."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "messages.mo").open("rb") as file:
        compiled = read_mo(file)
    assert translated(compiled) == translated(catalog(language), skip_fuzzy=True)


def translated(found: Catalog, skip_fuzzy: bool = False) -> dict[object, tuple[str, ...]]:
    """Message id (a tuple for a plural) → its translated forms, of the translated entries."""
    entries = {}
    for message in found:
        if not message.id or (skip_fuzzy and message.fuzzy):
            continue
        forms = tuple(message.string) if isinstance(message.string, list | tuple) else (message.string,)
        key = tuple(message.id) if isinstance(message.id, list | tuple) else message.id
        # Babel compiles an untranslated plural as its English forms: not a translation.
        if all(forms) and forms != (key if isinstance(key, tuple) else (key,)):
            entries[key] = forms
    return entries


def test_every_message_the_code_marks_is_extracted_and_in_every_compiled_catalog():
    """Every sentence the code marks, as `make messages` extracts it (``N_``, ``Nn_``, with
    its plural), is in the compiled catalog of every language, which is what the service
    reads; and every message marked when the modules are imported is one extraction finds
    (a message built from a variable would not be). Otherwise a sentence reworded without
    `make messages`, or built where extraction cannot see it, is written in English in
    every language without a word of warning."""
    import importlib
    import pkgutil
    import warnings

    import service
    from service.common.language import translations
    from service.common.refusal import marked

    marked_in_code = extracted()
    assert len(marked_in_code) > 300
    for language in TRANSLATED:
        compiled = translations(language)._catalog  # type: ignore[attr-defined]
        missing = [forms for forms in marked_in_code.values()
                   if (forms[0] if len(forms) == 1 else (forms[0], 0)) not in compiled]
        assert not missing, f"{language}: not in the compiled catalog (make messages): {missing[:5]}"
    with warnings.catch_warnings():  # the old names of moved modules say so when imported
        warnings.simplefilter("ignore", DeprecationWarning)
        for module in pkgutil.walk_packages(service.__path__, "service."):
            if module.name not in ("service.__main__", "service.gunicorn_conf"):
                importlib.import_module(module.name)
    running = {text for message in marked() for text in (message.text, message.plural) if text}
    written = {text for forms in marked_in_code.values() for text in forms}
    assert not sorted(running - written), "marked but not extracted: write the message as a literal"
