"""Large answers gzip-compressed when the client accepts it, by flask-compress.

A replay with every position answers megabytes of JSON and a batch hundreds of
kilobytes; compressed they are a twentieth of that (a 2.2 MB replay: 106 KB at gzip's
level 6, 18 ms of CPU). Answers under :data:`MIN_SIZE` are left as they are: most answers
are a few kilobytes, where compressing saves little, and a hook on every answer would
cost every request some microseconds. So the JSON provider, which knows an answer's
length as it writes it, hands flask-compress only the answers of at least that size, and
only such an answer says ``Vary: Accept-Encoding`` (the smaller ones never vary).

Only JSON answers (the operations') are compressed here; behind the project's nginx,
which asks the oracle for plain answers and compresses them itself, nothing is
(deploy/compose/nginx.conf, docs/deploying.md).
"""

from __future__ import annotations

from typing import Final

from flask import Flask, Response, current_app, request
from flask_compress import Compress

#: Answers at least this long are compressed (when accepted).
MIN_SIZE: Final = 16 * 1024
EXTENSION: Final = "oracle.compress"


def compressed(response: Response) -> Response:
    """``response``, a JSON answer of at least :data:`MIN_SIZE` bytes, gzip-compressed by
    flask-compress if the request accepts gzip (:class:`~service.api.json_provider.OrjsonProvider`
    asks, so that the smaller answers pay nothing). flask-compress takes ``gzip;q=0``,
    which refuses gzip, for an acceptance: werkzeug's reading of the header decides."""
    if request.accept_encodings.quality("gzip") <= 0:
        return response
    compress: Compress = current_app.extensions[EXTENSION]
    return compress.after_request(response)


def register(app: Flask) -> None:
    """Let ``app``'s large JSON answers be gzip-compressed (:func:`compressed`)."""
    app.config.update(
        COMPRESS_REGISTER=False,  # no hook on every answer: the JSON provider asks
        COMPRESS_ALGORITHM=["gzip"],
        COMPRESS_MIMETYPES=["application/json"],
        COMPRESS_LEVEL=6,
        COMPRESS_MIN_SIZE=MIN_SIZE,
        COMPRESS_STREAMS=False,
    )
    compress = Compress()
    compress.init_app(app)
    app.extensions[EXTENSION] = compress
