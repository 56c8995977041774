"""The HTTP layer's own part of declaring an operation, on flask-smorest.

A request or an answer is described by a marshmallow schema (the games' in
``service/<game>/wire/``: its shapes, ``schemas.py``, and its requests, ``queries.py``, on the fields of
:mod:`service.common.schema`); flask-smorest's decorators load the request with it,
dump the answer with it and document both:

.. code-block:: python

    bp = Blueprint("queries", __name__, description="Questions about a position.")

    @bp.post("/v1/removals")
    @bp.arguments(PositionQuery)          # loads and validates the body, documents it
    @bp.response(200, RemovalsAnswer)     # dumps the answer, documents it
    def removals(query):
        \"\"\"Summary line.

        Description for the document.
        \"\"\"
        return Removals(...)

What this package adds to flask-smorest: :mod:`.transport`'s
:class:`~.transport.RequestParser` (JSON bodies read by the service's own decoder, 415
for another media type, 413 over 64 KiB however framed, a refused body's problems as a
400 in document order) and :mod:`.blueprint`'s :class:`~.blueprint.Blueprint` (which
reads with it, lets flask-smorest dump each answer with its schema, and documents each
operation's error answers from its request schema's ``problems``), with :func:`~.blueprint.negotiate`
and the media types of pictures.
"""

from __future__ import annotations

from service.api.declare.blueprint import DRAWING, OCTETS, PICTURE, SVG, Blueprint, negotiate
from service.api.declare.transport import BODY_TOO_LARGE, MAX_BODY, RequestParser

__all__ = [
    "BODY_TOO_LARGE", "DRAWING", "MAX_BODY", "OCTETS", "PICTURE", "SVG",
    "Blueprint", "RequestParser", "negotiate",
]
