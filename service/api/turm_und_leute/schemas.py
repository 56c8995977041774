"""Turm und Leute's requests and answers, as the document describes them: the combat and
its unit tables (L1–L8, LS1–LS3), the set-up, a side's turn kept as a ledger and the goal
(L9–L31, LS4–LS13).

The body of a fight is read whole by the engine (:class:`~service.api.declare.Whole`);
its schema, and the answers', are made from the codec's statement of their members
(:data:`~service.turm_und_leute.codec.FIGHT`, :data:`~service.turm_und_leute.codec.OUTCOME`,
:data:`~service.turm_und_leute.codec.UNITS_ANSWER`) by :mod:`service.api.declare.wire`, so
that nothing here states them a second time. A kind is any string and figures any integer
in the document: a kind the edition does not have, or more figures than a tile holds, is
a rule (L1, 422), not a malformed request. The ledger's bodies are read the same way,
from the codec's ``TURN``, ``GOAL``, ``LEDGER`` and ``ACTION``: a building count is any
integer from 0 (more towers than four is L26, 422). Component names start with ``Tul``.
"""

from __future__ import annotations

from typing import ClassVar

from service.api.declare import Query, Whole, one_of, text, wire
from service.turm_und_leute import Edition
from service.turm_und_leute.codec import (
    APPLY_ANSWER,
    EDITION,
    FIGHT,
    GOAL,
    GOAL_ANSWER,
    OUTCOME,
    SETUP_ANSWER,
    TURN,
    UNITS_ANSWER,
    VERDICT,
    VIOLATION,
    parse_fight,
    parse_goal,
    parse_turn,
)

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


# ------------------------------------------------------------------------------ the ledger

PEOPLES_PATTERN = "^(zwerge|engel|fluid)(,(zwerge|engel|fluid)){0,2}$"


class _Turn(Whole):
    problems: ClassVar = {422: "InvalidLedger"}
    parse: ClassVar = staticmethod(parse_turn)


class _ApplyTurn(_Turn):
    problems: ClassVar = {422: "InvalidLedgerOrTurn"}


class _Goal(Whole):
    problems: ClassVar = {422: "InvalidLedger"}
    parse: ClassVar = staticmethod(parse_goal)


TulTurn = wire.whole_request(TURN, "Tul", _Turn, "TulTurn")
TulApplyTurn = wire.whole_request(TURN, "Tul", _ApplyTurn, "TulApplyTurn")
TulApplyTurn.__doc__ = "A side's turn to play."
TulGoalQuery = wire.whole_request(GOAL, "Tul", _Goal, "TulGoalQuery")


class TulSetupQuery(Query):
    """Which edition, and which peoples play against the count."""

    problems: ClassVar = {422: "InvalidPeoples"}

    edition = one_of(EDITIONS, "The edition.", required=True)
    peoples = text(
        "The peoples against the count, by name, separated by commas (`zwerge,engel`); each once (L9).",
        PEOPLES_PATTERN,
        "one to three of zwerge, engel, fluid separated by commas",
        example="zwerge,engel",
        required=True,
    )


# ------------------------------------------------------------------------ ledger answers
#
# Each made from the codec's statement of what its writer writes.

TulSetupAnswer = wire.answer_schema(SETUP_ANSWER, "Tul")
TulViolation = wire.answer_schema(VIOLATION, "Tul")
TulValidateAnswer = wire.answer_schema(VERDICT, "Tul")
TulApplyAnswer = wire.answer_schema(APPLY_ANSWER, "Tul")
TulGoalAnswer = wire.answer_schema(GOAL_ANSWER, "Tul")
