"""The languages the oracle speaks, and their message catalogs.

Every sentence a person reads is written in English in the code, where it is the
gettext message id, and translated by a catalog per language: ``service/locale/<lang>/
LC_MESSAGES/<domain>.mo``, compiled by ``make messages`` from the ``.po`` file beside it
(see the README's "Languages"). English has no catalog: its words are the message ids.
Nothing here knows Flask: the engines' :mod:`~service.common.refusal` sentences and the
HTTP layer's problems are written with :func:`translations` alike.

>>> translations("en").gettext("Illegal turn")
'Illegal turn'
>>> translations("de") is translations("de")
True
"""

from __future__ import annotations

import functools
import gettext
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Final

from babel import Locale
from babel.support import Translations

LANGUAGES: Final = ("en", "de", "nl", "fr")
"""The languages of the rulebooks, English first: it is the default and the fallback."""
DEFAULT_LANGUAGE: Final = "en"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogs are: ``<lang>/LC_MESSAGES/<domain>.po`` and ``.mo``."""
FORMS_DOMAIN: Final = "forms"
"""The gettext domain of the values' grammatical forms (:func:`value_form`): written per
language, with no template, as each language has forms of its own."""


def check_language(language: str) -> str:
    """``language`` if the oracle speaks it, else a ValueError naming those it speaks.

    >>> check_language("nl")
    'nl'
    >>> check_language("es")
    Traceback (most recent call last):
    ...
    ValueError: no language 'es': one of en, de, nl, fr
    """
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}: one of {', '.join(LANGUAGES)}")
    return language


@functools.cache
def translations(language: str, domain: str = "messages") -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``language``, loaded once: ``gettext``/``ngettext``
    give the sentence in that language, or the English message id where the catalog
    has none. English is the message ids themselves (no catalog is read)."""
    check_language(language)
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo"
    with path.open("rb") as file:
        # A missing catalog is an error, not English: the tests prove every one complete.
        return Translations(file, domain=domain)


VALUE_KINDS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        # A seat's id: a colour of Terra Turrium or Spiel der Türme, or any other id.
        **dict.fromkeys(
            (
                "seat", "colour", "to_move", "stuck", "winners", "other", "stones", "victim", "where_is",
                "a", "b",
            ),
            ("seat",),
        ),
        "owner": ("seat", "side"),
        "side": ("side",),
        **dict.fromkeys(("kind", "ranged"), ("unit",)),
        "phase": ("phase",),
        **dict.fromkeys(("territory", "territories"), ("territory",)),
        **dict.fromkeys(("resource", "price"), ("resource",)),
        "building": ("building",),
        "project": ("project",),
        **dict.fromkeys(("site", "sites"), ("site",)),
        "position": ("position",),
        **dict.fromkeys(("action", "what", "verb", "moves"), ("action",)),
    }
)
"""What the value of a placeholder is, by the placeholder's name, where it is a value of
the games a person reads (a seat's colour, a phase, a resource …): the contexts under
which the pages' catalog names such values (``tools/pages_catalog.py``), tried in order.
Every other value (a square, a number, a rule id, an echo of the input) is written as it
is."""

_COUNTED: Final = re.compile(r"(\d+) (\w+)\Z")


def value_word(kinds: tuple[str, ...], value: str, language: str) -> str:
    """``value`` as a person reads it in ``language``: the pages' catalog's word for it
    under the first of ``kinds`` that names it (``"yellow"`` → ``"Gelb"``). A list
    (``"yellow, red"``) is written item by item, a counted value (``"4 wood"``) keeps its
    number; a value no catalog names — a seat id that is no colour of the games, a square
    — is written as it is, and so is every value in English.

    >>> value_word(("seat",), "yellow, red", "de"), value_word(("resource",), "4 wood", "fr")
    ('Gelb, Rot', '4 bois')
    >>> value_word(("seat",), "north", "nl"), value_word(("phase",), "move", "en")
    ('north', 'move')
    """
    if language == DEFAULT_LANGUAGE or not kinds:
        return value
    if ", " in value:
        return ", ".join(value_word(kinds, item, language) for item in value.split(", "))
    counted = _COUNTED.match(value)
    if counted is not None:
        # A number before a noun: the noun in the plural category of the number (CLDR's
        # rule of the language: "1 Goldstück", "4 Goldstücke"), where the forms have it.
        number, noun = int(counted.group(1)), counted.group(2)
        category = Locale.parse(language).plural_form(number)
        for kind in kinds:
            found = form_of(language, kind, noun, category) if _named(language, kind, noun) else None
            if found is not None:
                return f"{number} {found}"
        return f"{number} {value_word(kinds, noun, language)}"
    catalog = translations(language, "pages")
    for kind in kinds:
        word = catalog.pgettext(kind, value)
        if word != value or _named(language, kind, value):
            return word
    return value


def value_form(kinds: tuple[str, ...], value: str, language: str, form: str) -> str:
    """``value`` in the grammatical ``form`` a sentence of ``language`` asks for with
    ``{name:form}``: with its article, in its case, number or contraction (German
    ``{side:dem}`` → *den Zwergen*, French ``{side:au}`` → *aux nains*). The forms are the
    catalog ``forms.po`` of the language, each under the context ``kind:form``; a value no
    catalog names (a seat id that is no colour) is written as it is, a list item by item,
    a counted value keeps its number.

    >>> value_form(("side",), "zwerge", "de", "dem"), value_form(("side",), "graf", "fr", "au")
    ('den Zwergen', 'au comte')
    >>> value_form(("seat",), "north", "de", "dem")
    'north'
    """
    if language == DEFAULT_LANGUAGE:
        return value
    if ", " in value:
        return ", ".join(value_form(kinds, item, language, form) for item in value.split(", "))
    counted = _COUNTED.match(value)
    if counted is not None:
        return f"{counted.group(1)} {value_form(kinds, counted.group(2), language, form)}"
    for kind in kinds:
        if _named(language, kind, value):
            found = form_of(language, kind, value, form)
            # A form the catalog lacks is written as the plain word: the tests prove every
            # form a sentence asks for present (tests/languages/test_value_forms.py).
            return found if found is not None else value_word((kind,), value, language)
    return value


def form_of(language: str, kind: str, value: str, form: str) -> str | None:
    """The ``form`` of ``value`` (a value of ``kind``) in ``language``'s forms catalog,
    or None where it has none."""
    found: str | None = _forms(language).get(f"{kind}:{form}\x04{value}")
    return found


@functools.cache
def _forms(language: str) -> Mapping[str, str]:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{FORMS_DOMAIN}.mo"
    if not path.exists():
        return MappingProxyType({})
    with path.open("rb") as file:
        catalog = Translations(file, domain=FORMS_DOMAIN)._catalog
    return MappingProxyType({key: text for key, text in catalog.items() if isinstance(key, str) and key})


class Word(str):
    """A value of the games written into a sentence: its plain word as a string, and with
    a format spec the form the sentence asks for (``"{side:dem}"`` → *den Zwergen*, see
    :func:`value_form`). A sentence with no spec writes the plain word, as before.

    >>> word = Word(("side",), "engel", "nl")
    >>> f"{word}", f"{word:de}"
    ('engelen', 'de engelen')
    """

    kinds: tuple[str, ...]
    value: str
    language: str

    def __new__(cls, kinds: tuple[str, ...], value: str, language: str) -> Word:
        word = super().__new__(cls, value_word(kinds, value, language))
        word.kinds, word.value, word.language = kinds, value, language
        return word

    def __format__(self, form: str) -> str:
        if not form:
            return str.__str__(self)
        return value_form(self.kinds, self.value, self.language, form)


@functools.cache
def _named(language: str, kind: str, value: str) -> bool:
    """Whether the pages' catalog of ``language`` names ``value`` under ``kind`` (its word
    may be the value itself: Dutch *imperator*)."""
    return f"{kind}\x04{value}" in translations(language, "pages")._catalog  # type: ignore[attr-defined]
