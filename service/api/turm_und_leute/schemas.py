"""Turm und Leute's requests, as the document describes them: the combat and its unit
tables (L1–L8, LS1–LS3), the set-up, a side's turn kept as a ledger and the goal
(L9–L31, LS4–LS13).

Every shape of the game (the fight, the ledger, the actions, every answer) is the
engine's own schema (:mod:`service.turm_und_leute.schemas`). A body here is one of those
shapes whole, so its request is that schema as a :class:`~service.api.queries.Query`,
which says what error answers it can give and, once the whole body is well-formed, has
the codec judge it (:func:`~service.turm_und_leute.codec.fight_of`, ``turn_of``,
``goal_of``: L1, LS1, L3, L9 and the ledger's structure, 422); the view gets the judged
value as ``body``. A kind is any string and figures any integer in the document: a kind
the edition does not have, or more figures than a tile holds, is a rule (L1, 422), not a
malformed request. Component names start with ``Tul``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from service.api.declare import Query as QueryString
from service.api.declare import one_of, text
from service.api.queries import Query
from service.turm_und_leute import Edition
from service.turm_und_leute.codec import fight_of, goal_of, turn_of
from service.turm_und_leute.schemas import (
    TulApplyAnswer,
    TulFightBody,
    TulGoalAnswer,
    TulGoalBody,
    TulOutcome,
    TulSetupAnswer,
    TulTurnBody,
    TulUnitsAnswer,
    TulValidateAnswer,
)

__all__ = [
    "TulApplyAnswer",
    "TulApplyTurn",
    "TulFight",
    "TulGoalAnswer",
    "TulGoalQuery",
    "TulOutcome",
    "TulSetupAnswer",
    "TulSetupQuery",
    "TulTurn",
    "TulUnitsAnswer",
    "TulUnitsQuery",
    "TulValidateAnswer",
]

EDITIONS = [e.value for e in Edition]


class _Judged(Query):
    """A body that is one engine shape whole, loaded as ``{"body": judge(value)}``."""

    def made(self, data: dict[str, Any]) -> Any:
        build = type(self).build
        assert build is not None
        return {"body": self.judge(build(**data))}

    def judge(self, value: Any) -> Any:
        """The value the rules make of the loaded ``value`` (or their first error)."""
        raise NotImplementedError


class TulFight(_Judged, TulFightBody):
    """A fight to resolve: the attacking groups, the target and its helpers (L2)."""

    problems: ClassVar = {422: "InvalidFight"}
    def judge(self, value: Any) -> Any:
        return fight_of(value)


class TulTurn(_Judged, TulTurnBody):
    """A side's turn: the game, the side's ledger and its actions (L12–L30, LS4–LS13)."""

    problems: ClassVar = {422: "InvalidLedger"}
    def judge(self, value: Any) -> Any:
        return turn_of(value)


class TulApplyTurn(TulTurn):
    """A side's turn to play."""

    problems: ClassVar = {422: "InvalidLedgerOrTurn"}


class TulGoalQuery(_Judged, TulGoalBody):
    """Every side's ledger, for the goals (L31, LS10)."""

    problems: ClassVar = {422: "InvalidLedger"}
    def judge(self, value: Any) -> Any:
        return goal_of(value)


# ------------------------------------------------------------------- query strings

PEOPLES_PATTERN = "^(zwerge|engel|fluid)(,(zwerge|engel|fluid)){0,2}$"


class TulUnitsQuery(QueryString):
    """Which edition's units."""

    edition = one_of(EDITIONS, "The edition.", required=True)


class TulSetupQuery(QueryString):
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
