"""Turm und Leute's requests, as the document describes them: the combat and its unit
tables (L1–L8, LS1–LS3), the set-up, a side's turn kept as a ledger and the goal
(L9–L31, LS4–LS13).

Every shape of the game (the fight, the ledger, the actions, every answer) is the
engine's own schema (:mod:`service.turm_und_leute.wire.schemas`). A body here is one of those
shapes whole, so its request is that schema as a :class:`~service.common.queries.Query`,
which says what error answers it can give and, once the whole body is well-formed, has
the codec judge it (:func:`~service.turm_und_leute.wire.codec.fight_of`, ``turn_of``,
``goal_of``: L1, LS1, L3, L9 and the ledger's structure, 422); the view gets the judged
value as ``body``. A kind is any string and figures any integer in the document: a kind
the edition does not have, or more figures than a tile holds, is a rule (L1, 422), not a
malformed request. Component names start with ``Tul``.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from marshmallow import ValidationError, fields, post_load

from service.common.queries import Query
from service.common.schema import Choice, Worded
from service.common.shapes import MUST_BE
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.units import Edition
from service.turm_und_leute.wire.codec import check_no_fields, fight_of, fight_on_map, goal_of, turn_of
from service.turm_und_leute.wire.schemas import (
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


class _Judged(Query):
    """A body that is one engine shape whole, loaded as ``{"body": judge(value)}``."""

    def made(self, data: dict[str, Any]) -> Any:
        build = type(self).build
        assert build is not None
        return {"body": self.judge(build(**data))}

    def judge(self, value: Any) -> Any:
        """The value the rules make of the loaded ``value`` (or their first error)."""
        raise NotImplementedError


#: The sector facts (LS2) a fight's request may assert: its own members, and each group's.
_FACTS = ("attack_from_outside", "attack_from_tower", "target_side_imperator")


def asserted(sent: dict[str, Any]) -> frozenset[str]:
    """The pointers of the sector facts (LS2) a well-formed fight body sends itself, which
    a map must not contradict: loading fills in their defaults, so only the body says."""
    groups = [
        *((f"/attackers/{i}", a) for i, a in enumerate(sent["attackers"])),
        ("/target", sent["target"]),
        *((f"/helpers/{i}", h) for i, h in enumerate(sent.get("helpers", ()))),
    ]
    return frozenset(
        [f"/{name}" for name in _FACTS if name in sent]
        + [f"{pointer}/position" for pointer, group in groups if "position" in group]
    )


class TulFight(_Judged, TulFightBody):
    """A fight to resolve: the attacking groups, the target and its helpers (L2); with a
    map, its sector facts are the map's (LS2), answered as ``facts``."""

    problems: ClassVar = {422: "InvalidFight"}

    @post_load(pass_original=True)
    def _build(self, data: dict[str, Any], original: dict[str, Any], **kwargs: Any) -> Any:
        body = self.made(data)["body"]
        if body.map is None:
            check_no_fields(body)
            return {"body": fight_of(body), "facts": None}
        placed, facts = fight_on_map(body, asserted(original))
        return {"body": fight_of(placed), "facts": facts}

    def judge(self, value: Any) -> Any:
        return value


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


class Peoples(Worded, fields.String):
    """The peoples against the count, by name, separated by commas: loaded as the sides
    (whether a people is named twice is L9's to say, 422)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "description": "The peoples against the count, by name, separated by commas (`zwerge,engel`); "
            "each once (L9).",
            "pattern": PEOPLES_PATTERN,
            "example": "zwerge,engel",
        }
        super().__init__(metadata=metadata, **kwargs)
        self.words = re.compile(PEOPLES_PATTERN)
        self.mistake = MUST_BE(what="one to three of zwerge, engel, fluid separated by commas")

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is not str or self.words.fullmatch(value) is None:
            raise ValidationError(self.mistake)
        return tuple(Side(name) for name in value.split(","))


def _edition() -> Choice:
    return Choice(Edition, required=True, metadata={"description": "The edition."})


class TulUnitsQuery(Query):
    """Which edition's units."""

    context_location: ClassVar = "query"
    edition = _edition()


class TulSetupQuery(Query):
    """Which edition, and which peoples play against the count."""

    context_location: ClassVar = "query"
    problems: ClassVar = {422: "InvalidPeoples"}
    edition = _edition()
    peoples = Peoples(required=True)
