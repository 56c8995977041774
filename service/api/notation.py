"""A position between its two forms: the JSON object of API.md and the one-line notation.

Every POST body takes either form for its ``position`` (``convert.load_position``);
``POST /v1/notation`` answers both, so a client can turn one into the other.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from service.api.convert import dump_notation, dump_position, load_position
from service.api.schemas import PositionRequestSchema, json_body

bp = Blueprint("notation", __name__)


@bp.post("/v1/notation")
def notation() -> dict[str, Any]:
    """A position in both forms: its notation and its object (docs/notation.md).
    ---
    post:
      tags: [notation]
      description: >-
        Reads `position` in either form, checks it like every other endpoint (400 for
        a string outside the notation's grammar or an object outside the schema, 422
        for a structural rule) and answers both forms: `notation`, the canonical
        string (every default left out, the same string for the same position), and
        `position`, the object with every member written out. Converting the answer's
        `notation` again gives the same answer.
      requestBody:
        required: true
        content:
          application/json:
            schema: PositionRequestSchema
      responses:
        200:
          description: The position in both forms.
          content:
            application/json:
              schema: NotationResponseSchema
        400: InvalidRequest
        413: PayloadTooLarge
        415: UnsupportedMediaType
        422: InvalidPosition
        500: InternalError
    """
    position = load_position(json_body(PositionRequestSchema)["position"])
    return {"notation": dump_notation(position), "position": dump_position(position)}
