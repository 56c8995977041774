"""Content codings: large answers gzip-compressed when the client accepts it (by
flask-compress), request bodies read only as they are sent.

Answers. A replay with every position answers megabytes of JSON and a batch hundreds of
kilobytes; compressed they are a twentieth of that (docs/deploying.md, "Compression").
A picture (a board's SVG, tens of kilobytes for a question of a line of notation), the
OpenAPI document, the pages, their scripts and style sheets are text that compresses as
well. Answers under :data:`MIN_SIZE` are left as they are: most answers are
a few kilobytes, where compressing saves little.

- JSON: the JSON provider, which knows an answer's length as it writes it, hands
  flask-compress only the answers of at least that size (:func:`compressed`).
- Every other text answer (:data:`TEXT`) of at least that size, by one hook after every
  view (:func:`compress_text`), which costs an answer of another kind two comparisons.
  An answer with an ``ETag`` (the document, the pages, the files) is the same bytes
  every time: it is compressed once per worker and kept (:data:`KEPT` answers at most),
  and its ETag gets ``:gzip`` (flask-compress's convention), so a revalidation of the
  compressed copy is a 304.

An answer that may be compressed says ``Vary: Accept-Encoding`` whether or not it was;
the smaller ones never vary. Behind the project's nginx, which asks the oracle for plain
answers and compresses them itself, nothing is (deploy/compose/nginx.conf,
docs/deploying.md).

Requests. A body with a ``Content-Encoding`` other than ``identity`` is refused 415
(:func:`refuse_coded_bodies`), with ``Accept-Encoding: identity`` (RFC 9110, 15.5.16):
read as if plain, a gzip body was answered "not UTF-8" and a plain one labelled ``br``
was answered as usual, so a proxy in front that decodes bodies would have seen another
request than the one answered. Decoding them is no service to a client (bodies are at
most 64 KiB of JSON) and would need a cap on the decoded size of its own.
"""

from __future__ import annotations

import gzip
from typing import Any, Final

from flask import Flask, Response, current_app, request
from flask_compress import Compress
from werkzeug.exceptions import UnsupportedMediaType

from service.bodies import has_body
from service.common.refusal import N_

#: Answers at least this long are compressed (when accepted).
MIN_SIZE: Final = 16 * 1024
#: gzip's level, for every answer.
LEVEL: Final = 6
EXTENSION: Final = "oracle.compress"
#: The media types of the text answers the hook compresses: pictures (also when asked for
#: as octets), the document (YAML, or JSON: not written by the JSON provider), pages,
#: scripts, style sheets, the metrics. The provider's own JSON answers are compressed
#: already, or too small.
TEXT: Final = frozenset({
    "image/svg+xml", "application/octet-stream", "application/yaml", "application/json", "text/html",
    "text/css", "text/javascript", "application/javascript", "text/plain",
})
#: The most compressed answers with an ETag a worker keeps (the document, the pages in each
#: language, the files: a few dozen); past it they are all let go and compressed anew.
KEPT: Final = 128
_kept: dict[tuple[str, str], bytes] = {}

CODED = N_("The body is sent in a content coding (Content-Encoding); the service reads bodies only as "
           "they are, uncompressed.")


def _vary(response: Response) -> None:
    response.vary.add("Accept-Encoding")


def _accepts_gzip() -> bool:
    """flask-compress takes ``gzip;q=0``, which refuses gzip, for an acceptance:
    werkzeug's reading of the header decides."""
    return request.accept_encodings.quality("gzip") > 0


def compressed(response: Response) -> Response:
    """``response``, a JSON answer of at least :data:`MIN_SIZE` bytes, gzip-compressed by
    flask-compress if the request accepts gzip (:class:`~service.api.json_provider.OrjsonProvider`
    asks, so that the smaller answers pay nothing)."""
    if not _accepts_gzip():
        _vary(response)
        return response
    compress: Compress = current_app.extensions[EXTENSION]
    return compress.after_request(response)


def compress_text(response: Response) -> Response:
    """After every view: a text answer (:data:`TEXT`) of at least :data:`MIN_SIZE` bytes
    gzip-compressed if the request accepts gzip; one with an ETag compressed once."""
    if response.status_code != 200 or response.mimetype not in TEXT:
        return response
    length = response.content_length
    if length is None or length < MIN_SIZE or "Content-Encoding" in response.headers:
        return response
    if not _accepts_gzip():
        _vary(response)
        return response
    etag, weak = response.get_etag()
    if etag is None:
        return compressed(response)
    key = (etag, response.mimetype)
    packed = _kept.get(key)
    response.direct_passthrough = False  # a file: read here, whole (it is text, and small)
    if packed is None:
        packed = gzip.compress(response.get_data(), LEVEL, mtime=0)
        # Only the answers every client gets are kept: a page repeats its query in its
        # links, and a query made up for each request would otherwise push them out.
        if request.args.keys() <= {"lang"}:
            if len(_kept) >= KEPT:
                _kept.clear()
            _kept[key] = packed
    elif hasattr(response.response, "close"):
        response.response.close()  # the file, unread
    response.set_data(packed)
    response.headers["Content-Encoding"] = "gzip"
    _vary(response)
    response.set_etag(f"{etag}:gzip", weak=bool(weak))
    response.make_conditional(request)
    return response


class CodedBody(UnsupportedMediaType):
    """415 for a body in a content coding, saying which codings are read (none but
    ``identity``)."""

    def get_headers(self, environ: Any = None, scope: Any = None) -> list[tuple[str, str]]:
        return [*super().get_headers(environ, scope), ("Accept-Encoding", "identity")]


def refuse_coded_bodies() -> None:
    """Before every view: a body with a ``Content-Encoding`` other than ``identity`` is 415."""
    coding = request.environ.get("HTTP_CONTENT_ENCODING")
    if coding is None or not has_body(request.environ):
        return
    if any(part.strip().lower() not in ("", "identity") for part in coding.split(",")):
        raise CodedBody(CODED())


def register(app: Flask) -> None:
    """Let ``app``'s large answers be gzip-compressed, and refuse coded bodies."""
    app.config.update(
        COMPRESS_REGISTER=False,  # no flask-compress hook: the JSON provider and compress_text ask
        COMPRESS_ALGORITHM=["gzip"],
        COMPRESS_MIMETYPES=sorted(TEXT),
        COMPRESS_LEVEL=LEVEL,
        COMPRESS_MIN_SIZE=MIN_SIZE,
        COMPRESS_STREAMS=False,
    )
    compress = Compress()
    compress.init_app(app)
    app.extensions[EXTENSION] = compress
    app.before_request(refuse_coded_bodies)
    app.after_request(compress_text)
