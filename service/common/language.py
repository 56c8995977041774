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
from pathlib import Path
from typing import Final

from babel.support import Translations

LANGUAGES: Final = ("en", "de", "nl", "fr")
"""The languages of the rulebooks, English first: it is the default and the fallback."""
DEFAULT_LANGUAGE: Final = "en"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogs are: ``<lang>/LC_MESSAGES/<domain>.po`` and ``.mo``."""
DOMAINS: Final = ("messages", "pages")
"""The catalogs of each language: the JSON API's and the engines' words (``messages``),
and the pages' (``pages``)."""


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
