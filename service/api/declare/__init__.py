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

from service.api.declare.answers import (
    Answer as Answer,
)
from service.api.declare.answers import (
    OneOf as OneOf,
)
from service.api.declare.blueprint import (
    Blueprint as Blueprint,
)
from service.api.declare.blueprint import (
    negotiate as negotiate,
)
from service.api.declare.fields import (
    DRAWING as DRAWING,
)
from service.api.declare.fields import (
    OCTETS as OCTETS,
)
from service.api.declare.fields import (
    PICTURE as PICTURE,
)
from service.api.declare.fields import (
    SVG as SVG,
)
from service.api.declare.fields import (
    FullMatch as FullMatch,
)
from service.api.declare.fields import (
    QueryBool as QueryBool,
)
from service.api.declare.fields import (
    QueryInt as QueryInt,
)
from service.api.declare.fields import (
    array as array,
)
from service.api.declare.fields import (
    flag as flag,
)
from service.api.declare.fields import (
    grid_square as grid_square,
)
from service.api.declare.fields import (
    integer as integer,
)
from service.api.declare.fields import (
    nested as nested,
)
from service.api.declare.fields import (
    one_of as one_of,
)
from service.api.declare.fields import (
    range_of as range_of,
)
from service.api.declare.fields import (
    square_pattern as square_pattern,
)
from service.api.declare.fields import (
    text as text,
)
from service.api.declare.requests import (
    MESSAGES as MESSAGES,
)
from service.api.declare.requests import (
    Alternatives as Alternatives,
)
from service.api.declare.requests import (
    AnyObject as AnyObject,
)
from service.api.declare.requests import (
    Bool as Bool,
)
from service.api.declare.requests import (
    CappedList as CappedList,
)
from service.api.declare.requests import (
    Closed as Closed,
)
from service.api.declare.requests import (
    Either as Either,
)
from service.api.declare.requests import (
    Int as Int,
)
from service.api.declare.requests import (
    List as List,
)
from service.api.declare.requests import (
    Nested as Nested,
)
from service.api.declare.requests import (
    Parsed as Parsed,
)
from service.api.declare.requests import (
    Query as Query,
)
from service.api.declare.requests import (
    Ready as Ready,
)
from service.api.declare.requests import (
    Request as Request,
)
from service.api.declare.requests import (
    Str as Str,
)
from service.api.declare.requests import (
    Union as Union,
)
from service.api.declare.requests import (
    Whole as Whole,
)
from service.api.declare.requests import (
    instance as instance,
)
from service.api.declare.transport import (
    BODY_TOO_LARGE as BODY_TOO_LARGE,
)
from service.api.declare.transport import (
    GIVEN_TWICE as GIVEN_TWICE,
)
from service.api.declare.transport import (
    MAX_BODY as MAX_BODY,
)
from service.api.declare.transport import (
    MUST_BE_TEXT_OF as MUST_BE_TEXT_OF,
)
from service.api.declare.transport import (
    MUST_MATCH as MUST_MATCH,
)
from service.api.declare.transport import (
    MUST_NOT_BE_NULL as MUST_NOT_BE_NULL,
)
from service.api.declare.transport import (
    NO_CONTENT_TYPE as NO_CONTENT_TYPE,
)
from service.api.declare.transport import (
    NOT_JSON_MEDIA as NOT_JSON_MEDIA,
)
from service.api.declare.transport import (
    NOT_VALID as NOT_VALID,
)
from service.api.declare.transport import (
    NOT_VALID_JSON as NOT_VALID_JSON,
)
from service.api.declare.transport import (
    TOO_LARGE as TOO_LARGE,
)
from service.api.declare.transport import (
    Reason as Reason,
)
from service.api.declare.transport import (
    RequestParser as RequestParser,
)
from service.api.declare.transport import (
    reasons as reasons,
)
