"""Turm und Leute's combat request and answer, as the document describes them.

The body of a fight is read whole by the engine (:class:`~service.api.declare.Whole`);
its schema, and the answers', are made from the codec's statement of their members
(:data:`~service.turm_und_leute.codec.FIGHT`, :data:`~service.turm_und_leute.codec.OUTCOME`,
:data:`~service.turm_und_leute.codec.UNITS_ANSWER`) by :mod:`service.api.declare.wire`, so
that nothing here states them a second time. A kind is any string and figures any integer
in the document: a kind the edition does not have, or more figures than a tile holds, is
a rule (L1, 422), not a malformed request. Component names start with ``Tul``.
"""

from __future__ import annotations

from typing import ClassVar

from service.api.declare import Query, Whole, one_of, wire
from service.turm_und_leute import Edition
from service.turm_und_leute.codec import EDITION, FIGHT, OUTCOME, UNITS_ANSWER, parse_fight

EDITIONS = [e.value for e in Edition]


class _Fight(Whole):
    problems: ClassVar = {422: "InvalidFight"}
    parse: ClassVar = staticmethod(parse_fight)


TulFight = wire.whole_request(FIGHT, "Tul", _Fight, "TulFight")


class TulUnitsQuery(Query):
    """Which edition's units."""

    edition = one_of(EDITION.values, "The edition.", required=True)


# ----------------------------------------------------------------------------- answers
#
# Each made from the codec's statement of what its writer writes.

TulOutcome = wire.answer_schema(OUTCOME, "Tul")
TulUnitsAnswer = wire.answer_schema(UNITS_ANSWER, "Tul")
