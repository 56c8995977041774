"""Turm und Leute's set-up, turn ledger and goal: requests and answers as the document
describes them (L9–L31, LS4–LS13).

The bodies are read whole by the engine (:class:`~service.api.declare.Whole`); their
schemas, and the answers', are made from the codec's statement of their members
(:mod:`service.turm_und_leute.codec`: ``TURN``, ``GOAL``, ``LEDGER``, ``ACTION`` …)
by :mod:`service.api.declare.wire`, so that what the document admits the engine reads
and nothing here states a shape a second time. A kind is any string (a kind the edition
does not have is L1, 422); a building count any integer from 0 (more towers than four is
L26, 422). Component names start with ``Tul``.
"""

from __future__ import annotations

from typing import ClassVar

from service.api.declare import Query, Whole, one_of, text, wire
from service.api.turm_und_leute.schemas import EDITIONS
from service.turm_und_leute.codec import (
    APPLY_ANSWER,
    GOAL,
    GOAL_ANSWER,
    SETUP_ANSWER,
    TURN,
    VERDICT,
    VIOLATION,
    parse_goal,
    parse_turn,
)

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


# ------------------------------------------------------------------------------ answers
#
# Each made from the codec's statement of what its writer writes.

TulSetupAnswer = wire.answer_schema(SETUP_ANSWER, "Tul")
TulViolation = wire.answer_schema(VIOLATION, "Tul")
TulValidateAnswer = wire.answer_schema(VERDICT, "Tul")
TulApplyAnswer = wire.answer_schema(APPLY_ANSWER, "Tul")
TulGoalAnswer = wire.answer_schema(GOAL_ANSWER, "Tul")
