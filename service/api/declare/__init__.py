"""Declaring an operation once: what it reads, what it answers, how it can fail.

One module per concern: :mod:`.transport` (a body from the wire to a schema, and a
refusal's reasons), :mod:`.requests` (request schemas and their members), :mod:`.answers`,
:mod:`.fields` (the shorthands every game's schemas declare members with) and
:mod:`.blueprint` (flask-smorest's, with the document hooks); this package names them
all.

Built on flask-smorest, whose decorators both load a request and document it:

.. code-block:: python

    bp = Blueprint("queries", __name__, description="Questions about a position.")

    @bp.post("/v1/removals")
    @bp.arguments(PositionQuery)          # loads and validates the body, documents it
    @bp.response(200, RemovalsAnswer)     # documents the answer
    def removals(query):
        \"\"\"Summary line.

        Description for the document.
        \"\"\"
        return {"removals": [...]}

What this module adds to flask-smorest:

- :class:`RequestParser`: JSON bodies are read by the service's own decoder (exact
  integers, no ``NaN``), a body that is not JSON is 415, any body over 64 KiB is 413
  however it is framed, and a body the schema refuses is 400 with at most
  :data:`~service.common.MAX_PROBLEMS` reasons in the order of the document.
- :class:`Parsed`: a request member read by a game engine's own parser (a position, a
  turn), documented by a named component. The engine checks it once; its shape problems
  join the other members' 400, its structural rules are checked after the whole request
  is well-formed (422).
- :class:`Request` declares, per request schema, which problems beyond 400 its
  operation can answer (``problems``); :class:`Blueprint` documents every operation's
  error answers from that, so no view lists them.
- :class:`Answer`: an answer schema that documents (and, in tests, checks) what a view
  returns without re-encoding it; :class:`OneOf` answers and :class:`Union` members are
  discriminated unions in the document.
"""

from __future__ import annotations

from service.api.declare.transport import (
    BODY_TOO_LARGE as BODY_TOO_LARGE,
    GIVEN_TWICE as GIVEN_TWICE,
    MAX_BODY as MAX_BODY,
    MUST_BE_TEXT_OF as MUST_BE_TEXT_OF,
    MUST_MATCH as MUST_MATCH,
    MUST_NOT_BE_NULL as MUST_NOT_BE_NULL,
    NOT_JSON_MEDIA as NOT_JSON_MEDIA,
    NOT_VALID as NOT_VALID,
    NOT_VALID_JSON as NOT_VALID_JSON,
    NO_CONTENT_TYPE as NO_CONTENT_TYPE,
    Reason as Reason,
    RequestParser as RequestParser,
    TOO_LARGE as TOO_LARGE,
    reasons as reasons,
)
from service.api.declare.requests import (
    Alternatives as Alternatives,
    Bool as Bool,
    CappedList as CappedList,
    Closed as Closed,
    Either as Either,
    Int as Int,
    List as List,
    MESSAGES as MESSAGES,
    Nested as Nested,
    Parsed as Parsed,
    Query as Query,
    Ready as Ready,
    Request as Request,
    Str as Str,
    Union as Union,
    Whole as Whole,
    instance as instance,
)
from service.api.declare.answers import (
    Answer as Answer,
    OneOf as OneOf,
)
from service.api.declare.fields import (
    DRAWING as DRAWING,
    FullMatch as FullMatch,
    OCTETS as OCTETS,
    PICTURE as PICTURE,
    QueryBool as QueryBool,
    QueryInt as QueryInt,
    SVG as SVG,
    array as array,
    flag as flag,
    integer as integer,
    nested as nested,
    one_of as one_of,
    range_of as range_of,
    text as text,
)
from service.api.declare.blueprint import (
    Blueprint as Blueprint,
    negotiate as negotiate,
)
