"""The English names of the games' values a person reads (a seat's colour, a phase, a
resource, a building, a site, an action …), and where one is left inside a sentence
written in German, Dutch or French.

The names are those the pages' catalog translates under a context (``tools/pages_catalog.py``):
a name whose word in the language is the name itself (French *uranium*) is no English
left over, nor is a name that is also an ordinary word of the language (French *place*).
What a sentence quotes is not read: an echo of the input (``'graf'``), a JSON value the
request may send (``'forest'``), code, a JSON member named in backquotes, a token of the notation
quoted the way the language's typography quotes (Dutch ``‘NW’``).
"""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from service.common.language import LOCALE_DIR, translations

#: The pages' contexts whose values are English words (units and sides are the German
#: rulebooks' names, written as they are in English).
ENGLISH_CONTEXTS = (
    "seat", "phase", "resource", "building", "project", "site", "aim", "action", "position", "territory",
)
#: The ledger's columns named in the resource context that are JSON members, not values.
MEMBERS = frozenset({"markers", "fluids", "stacks"})
#: English names that are also words of the language, in another meaning.
OWN_WORDS = {"de": frozenset(), "nl": frozenset({"farm"}), "fr": frozenset({"place", "site"})}
# German writes a literal of the request or the notation in its own quotes, „NE“.
QUOTED = re.compile(r"(?<!\w)'[^']*'(?!\w)|‘[^’]*’|„[^“]*“|\"[^\"]*\"|`[^`]*`")


@cache
def names(language: str) -> re.Pattern[str]:
    """A pattern of every English name of a value that ``language`` writes otherwise."""
    with (LOCALE_DIR / "pages.pot").open("rb") as file:
        template = read_po(file)
    catalog = translations(language, "pages")
    found = set()
    for message in template:
        if message.context not in ENGLISH_CONTEXTS or not isinstance(message.id, str):
            continue
        value = message.id
        if value in MEMBERS or value in OWN_WORDS[language]:
            continue
        if catalog.pgettext(message.context, value).casefold() != value.casefold():
            found.add(value)
    assert found, language
    alternatives = "|".join(sorted((re.escape(name) for name in found), key=len, reverse=True))
    return re.compile(rf"(?<![\w'-])(?:{alternatives})(?![\w'-])")


def english_left(text: str, language: str) -> list[str]:
    """The English names of values in ``text``, a sentence written in ``language``."""
    return names(language).findall(QUOTED.sub(" ", text))
