"""A position between its two forms: the JSON object and the one-line notation."""

from __future__ import annotations

from typing import Any

from service.api.declare import Blueprint
from service.terra_turrium.notation import Notated, NotationAnswer, notated
from service.terra_turrium.wire.queries import PositionQuery

bp = Blueprint(
    "notation", __name__, description="Terra Turrium positions between the object and the notation."
)


@bp.post("/v1/notation")
@bp.arguments(PositionQuery)
@bp.response(200, NotationAnswer, description="The position in both forms.")
def notation(query: dict[str, Any]) -> Notated:
    """A position in both forms: its notation and its object (docs/notation.md).

    Reads `position` in either form, checks it like every other endpoint (400 for an
    object outside the schema or a string outside the notation's pattern, 422 for a
    structural rule) and answers both forms: `notation`, the canonical string (every
    default left out, the same string for the same position), and `position`, the
    object with every member written out. Converting the answer's `notation` again gives
    the same answer.
    """
    return notated(query["position"])
