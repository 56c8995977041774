"""The language of an answer: negotiated from ``Accept-Language``, said in ``Content-Language``.

:func:`negotiate` reads the header with werkzeug's parser (RFC 9110 language ranges with
q-values, in order of preference) and picks the first range the oracle speaks by RFC 4647
lookup: ``de-CH`` is answered in ``de``, ``*`` in the first language not refused with
``q=0``, anything else in English, the default and the fallback. A page's ``?lang=``
(:func:`request_language`'s ``query``) wins over the header when it names a language.

The request's language is kept in its WSGI environment (:data:`ENVIRON_LANGUAGE`): every
answer says it in ``Content-Language``, with ``Vary: Accept-Language`` (added with the
other headers every answer carries, :mod:`service.api.envelope`).

>>> negotiate("fr;q=0.5, nl-BE")
'nl'
>>> negotiate("en-GB, de;q=0.9")
'en'
>>> negotiate("es, *;q=0.1"), negotiate(None), negotiate("de", query="fr")
('en', 'en', 'fr')
"""

from __future__ import annotations

import functools
from typing import Any, Final

from flask import request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from service.common.language import DEFAULT_LANGUAGE, LANGUAGES

ENVIRON_LANGUAGE: Final = "oracle.language"
"""Where the request's language is kept in its WSGI environment, once negotiated."""
_ACCEPT: Final = "HTTP_ACCEPT_LANGUAGE"
#: The headers of an answer in each language, built once.
HEADERS: Final = {
    language: (("Content-Language", language), ("Vary", "Accept-Language")) for language in LANGUAGES
}


def negotiate(accept_language: str | None, query: str | None = None) -> str:
    """The language to answer in: ``query`` (a page's ``?lang=``) if it is one of
    :data:`~service.common.language.LANGUAGES`, else the first range of
    ``accept_language`` (by q-value, then order) that names one, else English."""
    if query is not None:
        chosen = query.strip().lower()
        if chosen in LANGUAGES:
            return chosen
    if not accept_language:
        return DEFAULT_LANGUAGE
    return _lookup(accept_language[:512])  # a header longer than any sensible one is cut


@functools.lru_cache(maxsize=512)
def _lookup(accept_language: str) -> str:
    # Clients send few distinct headers (a browser's is the same on every request), so
    # each is parsed once; the cache is bounded, as a client may send any header.
    ranges = parse_accept_header(accept_language, LanguageAccept)
    refused = {tag.lower() for tag, quality in ranges if quality <= 0}
    for tag, quality in ranges:  # werkzeug sorts by quality, keeping the order of equals
        if quality <= 0:
            continue
        if tag == "*":
            for language in LANGUAGES:
                if language not in refused:
                    return language
            continue
        subtags = tag.lower().split("-")
        while subtags:  # RFC 4647 lookup: de-CH-1996, then de-CH, then de
            candidate = "-".join(subtags)
            if candidate in LANGUAGES and candidate not in refused:
                return candidate
            subtags.pop()
    return DEFAULT_LANGUAGE


def request_language(query: str | None = None) -> str:
    """The language of the current request, negotiated once and kept for its answer's
    ``Content-Language``. A page passes its ``?lang=`` as ``query``; the JSON API has no
    such parameter and passes nothing."""
    environ = request.environ
    language: str | None = environ.get(ENVIRON_LANGUAGE)
    if language is None or query is not None:
        language = environ[ENVIRON_LANGUAGE] = negotiate(environ.get(_ACCEPT), query)
    return language


def answer_headers(environ: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """``Content-Language`` and ``Vary: Accept-Language`` for the answer to ``environ``'s
    request: the language its view used, or the header's choice (negotiated only when
    the request sent one)."""
    language = environ.get(ENVIRON_LANGUAGE)
    if language is None:
        language = negotiate(environ.get(_ACCEPT))
    return HEADERS[language]
