"""The error answer every operation of every game shares: RFC 9457 problem details."""

from __future__ import annotations

from typing import Any

from marshmallow import INCLUDE, Schema

from service.common import MAX_PROBLEMS
from service.common.schema import Flag, Integer, List, Nested, String
from service.common.schema import Schema as Closed
from service.common.schema_shapes import INTERPRETATIONS as INTERPRETATIONS
from service.common.schema_shapes import READING


def text(description: str, **kwargs: Any) -> String:
    """A string member, described."""
    return String(metadata={"description": description}, **kwargs)


def integer(description: str, low: int = 0, high: int | None = None, **kwargs: Any) -> Integer:
    """An integer member in ``low`` … ``high``, described."""
    return Integer(low, high, metadata={"description": description}, **kwargs)


def readings(description: str = INTERPRETATIONS) -> List:
    """An ``interpretations`` member: the ids of the readings a ruling rests on."""
    return List(text(READING), metadata={"description": description})


class ProblemError(Closed):
    """One reason a request was refused: where (a body member or a query parameter) and why."""

    pointer = text("JSON pointer into the body (RFC 6901); empty for the body as a whole.")
    parameter = text("Name of the query parameter.")
    detail = text("What is wrong.", required=True)


class ProblemViolation(Schema):
    """The first illegal action of a turn, as the game's turn validation answers it."""

    class Meta:
        unknown = INCLUDE

    rule = text("The rule id it breaks, an anchor of /rules (`/rules#R4`).", required=True)
    index = integer("Its position in its list of actions.", required=True)
    detail = text("A sentence a player understands.", required=True)
    interpretations = readings()


class ProblemSchema(Schema):
    """An error answer: RFC 9457 problem details, with the extension members of this service."""

    class Meta:
        unknown = INCLUDE

    type = text("URI reference naming the kind of problem.", required=True)
    title = text("Short summary of the kind of problem.", required=True)
    status = integer("The HTTP status code.", 400, 599, required=True)
    detail = text("What went wrong, for a person.", required=True)
    errors = List(
        Nested(ProblemError),
        metadata={"description": f"400: each mistake, in the order of the body (at most {MAX_PROBLEMS})."},
    )
    truncated = Flag(
        metadata={
            "description": f"400: present (true) when the answer is shortened: reading stopped after "
            f"{MAX_PROBLEMS} mistakes, so there may be more than `errors` lists, or a pointer or a "
            "sentence echoing the request was cut (it then ends in `…`)."
        }
    )
    rule = text("422: the rule id that is broken, an anchor of /rules (`/rules#R4`).")
    field = text("422: JSON pointer to the offending member of the request, or empty.")
    violation = Nested(ProblemViolation, metadata={"description": "422 for an illegal turn."})
    interpretations = readings("422: " + INTERPRETATIONS)
