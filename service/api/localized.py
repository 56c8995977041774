"""The pages a person reads, in the reader's language.

Every page (the rules, the readings, the playground, the combat and ledger pages, the
API documentation's frame) is a Jinja template whose words are gettext messages of the
``pages`` domain (service/locale/pages.pot, one catalog per language, extracted by
``make pages-messages``). The words of the pages' scripts are messages of the same
catalog: each page carries, as a JSON data block, the translations of the messages its
scripts use (:func:`script_words`), so a sentence is written once, in English, where it
is used, and translated once, in the catalog.

The language of a page (:func:`page_language`): ``?lang=xx`` when it names a language of
:data:`~service.common.language.LANGUAGES`, else the best match of ``Accept-Language``
(English by default). A page chosen by ``?lang`` keeps it in every link it makes
(:func:`keep_language`), so a shared link opens in its language; the scripts do the same
with the links they make, and ask the API in the page's language (``Accept-Language``).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Final
from urllib.parse import parse_qsl, quote, unquote_plus, urlencode, urlsplit, urlunsplit

from flask import Response, render_template, request
from markupsafe import Markup

from service.api.language import request_language
from service.common.language import DEFAULT_LANGUAGE, LANGUAGES, LOCALE_DIR, translations

DOMAIN: Final = "pages"
"""The gettext domain of the pages' words."""

TEMPLATE: Final = LOCALE_DIR / f"{DOMAIN}.pot"
"""The domain's template: every message of the pages, with where each is used."""

LANGUAGE_NAMES: Final = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "fr": "Français"}
"""Each language by its own name, as the switcher shows it: a reader looks for the name
of their language in that language, so these are not translated."""

QUERY: Final = "lang"
"""The query parameter that chooses a page's language and wins over the header."""


def P_(message: str) -> str:  # the name the pages' extraction looks for
    """A message marked for the catalog where it is defined, translated where it is shown."""
    return message


def chosen_language() -> str | None:
    """The language ``?lang`` names, if it names one the service speaks."""
    value = request.args.get(QUERY)
    return value if value in LANGUAGES else None


def page_language() -> str:
    """The language of the page asked for: ``?lang`` first, then ``Accept-Language``; the
    answer says it in ``Content-Language`` (:mod:`service.api.language`)."""
    return request_language(chosen_language())


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The pages' catalog of ``language``; English (the messages themselves) while a
    language has none yet, so that a page is never refused for a missing translation."""
    if language == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    try:
        return translations(language, DOMAIN)
    except FileNotFoundError:
        return gettext.NullTranslations()


class Words:
    """The words of one page in one language: ``_("text {name}", name=…)`` and
    ``ngettext``, as the templates and the Python that writes pages call them.

    A translation may hold markup (a link inside a sentence): it is written by the
    project, so it is trusted; the values put into it are escaped.
    """

    def __init__(self, language: str) -> None:
        self.language = language
        self._catalog = catalog(language)

    def __call__(self, message: str, **values: Any) -> Markup:
        return Markup(self._catalog.gettext(message)).format(**values)

    def text(self, message: str, **values: Any) -> str:
        """The translation as plain text (for Markdown and other non-HTML output)."""
        return self._catalog.gettext(message).format(**values)

    def ngettext(self, singular: str, plural: str, n: int, **values: Any) -> Markup:
        return Markup(self._catalog.ngettext(singular, plural, n)).format(n=n, **values)

    def ntext(self, singular: str, plural: str, n: int, **values: Any) -> str:
        return self._catalog.ngettext(singular, plural, n).format(n=n, **values)


@cache
def _script_messages() -> tuple[tuple[str, str | None], ...]:
    """The messages (id, plural id) the pages' scripts use, as the template lists them;
    a value of the API by ``context\x04value``, as gettext keys it."""
    from babel.messages.pofile import read_po

    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    found: list[tuple[str, str | None]] = []
    for message in template:
        if not message.id:
            continue
        if message.context:
            # A value of the API shown by the scripts (a unit, a seat …), by its context.
            found.append((f"{message.context}\x04{message.id}", None))
        elif any(path.endswith(".js") for path, _ in message.locations):
            if isinstance(message.id, (tuple, list)):
                found.append((str(message.id[0]), str(message.id[1])))
            else:
                found.append((str(message.id), None))
    return tuple(found)


@cache
def script_words(language: str) -> Mapping[str, Any]:
    """The translations of the scripts' messages in ``language``: ``{"plural": …,
    "messages": {id: text or [for 0, for 1, for more]}}``, only those that differ from
    the message (English needs none).

    A plural is given as its forms for 0, 1 and 2, which is exact for the service's
    languages: each has two forms, chosen by ``n != 1`` or, in French, by ``n > 1``.
    """
    words = catalog(language)
    messages: dict[str, Any] = {}
    for singular, plural in _script_messages():
        if plural is None:
            context, _, message = singular.rpartition("\x04")
            text = words.pgettext(context, message) if context else words.gettext(singular)
            if text != message:
                messages[singular] = text
        else:
            forms = [words.ngettext(singular, plural, n) for n in (0, 1, 2)]
            if forms != [plural, singular, plural]:
                messages[singular] = forms
    return {"language": language, "messages": messages}


# An <a> element's internal link (a path on this service), as the pages write them.
_LINK: Final = re.compile(r'(<a\b[^>]*?\bhref=")(/[^"]*)("[^>]*>)')


def with_language(url: str, language: str | None) -> str:
    """``url`` (a path of this service) with ``?lang=language`` set, or as it is for None.

    >>> with_language("/rules/turm-und-leute#L9", "de")
    '/rules/turm-und-leute?lang=de#L9'
    >>> with_language("/playground?game=spiel-der-tuerme&amp;lang=fr", "nl")
    '/playground?game=spiel-der-tuerme&amp;lang=nl'
    >>> with_language("/docs", None)
    '/docs'
    """
    if language is None:
        return url
    parts = urlsplit(url.replace("&amp;", "&"))
    query = [(name, value) for name, value in parse_qsl(parts.query, keep_blank_values=True) if name != QUERY]
    query.append((QUERY, language))
    kept = urlunsplit(parts._replace(query=urlencode(query)))
    return kept.replace("&", "&amp;") if "&amp;" in url else kept


def keep_language(html: str, language: str | None) -> str:
    """Every internal link of ``html`` with ``?lang=language`` (for a page chosen by it).

    The links to another language (the switcher's, with ``hreflang``) keep theirs.

    >>> keep_language('<a href="/rules#R4">R4</a> <link href="/x.css">', "fr")
    '<a href="/rules?lang=fr#R4">R4</a> <link href="/x.css">'
    >>> keep_language('<a href="/rules?lang=nl" hreflang="nl">', "fr")
    '<a href="/rules?lang=nl" hreflang="nl">'
    """
    if language is None:
        return html

    def kept(link: re.Match[str]) -> str:
        if "hreflang=" in link.group(0):
            return link.group(0)
        return link.group(1) + with_language(link.group(2), language) + link.group(3)

    return _LINK.sub(kept, html)


#: What may stay as it is in a query parameter a link repeats: its escapes included.
_QUERY_SAFE = "%=+/:;,@!$'()*?~-._"


def _query_as_sent() -> list[str]:
    """The request's query parameters but the language, each as the client wrote it: a
    parameter decoded and encoded again would come back changed (``%ff``, no UTF-8, as
    ``%25FF``); anything a link may not hold is escaped."""
    kept = []
    for pair in request.query_string.decode("latin-1").split("&"):
        if pair and unquote_plus(pair.partition("=")[0]) != QUERY:
            kept.append(quote(pair, safe=_QUERY_SAFE, encoding="latin-1"))
    return kept


def switcher(language: str) -> list[dict[str, Any]]:
    """The language switcher's entries: each language, its link (this page, every query
    parameter kept) and whether it is the page's."""
    query = _query_as_sent()
    entries = []
    for code in LANGUAGES:
        href = request.path + "?" + "&".join([*query, urlencode([(QUERY, code)])])
        entries.append(
            {"code": code, "name": LANGUAGE_NAMES[code], "href": href, "current": code == language}
        )
    return entries


def render_page(template: str, *, cache_control: str | None = "no-cache", **context: Any) -> Response:
    """``template`` rendered in the page's language, with ``<html lang>`` and the
    switcher (``Content-Language`` and ``Vary: Accept-Language`` are every answer's);
    revalidated with an ETag."""
    language = page_language()
    words = Words(language)
    html = render_template(
        template,
        lang=language,
        _=words,
        ngettext=words.ngettext,
        languages=switcher(language),
        script_words=script_words(language),
        **context,
    )
    response = Response(keep_language(html, chosen_language()), mimetype="text/html")
    if cache_control:
        response.headers["Cache-Control"] = cache_control
    response.add_etag()
    response.make_conditional(request)
    return response


def languages_of(directory: Path) -> tuple[str, ...]:
    """The languages other than English with a folder under ``directory`` (docs/de …)."""
    return tuple(code for code in LANGUAGES if code != DEFAULT_LANGUAGE and (directory / code).is_dir())
