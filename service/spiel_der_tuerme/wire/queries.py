"""Spiel der Türme's requests, as the document describes them.

Every shape of the game (the position, the turn, every answer) is the engine's own
schema (:mod:`service.spiel_der_tuerme.wire.schemas`); a request here only gathers them, with
what a question adds (``from``), and says which rules are checked once it is
well-formed (:class:`~service.common.queries.Query`). Component names start with ``Sdt`` so
that they never clash with the first game's.
"""

from __future__ import annotations

from typing import Any, ClassVar

from service.common.queries import Digits, Query, suggest_fields
from service.common.schema import Nested, Word
from service.spiel_der_tuerme import check_position
from service.spiel_der_tuerme.position import MAX_PLAYERS, MIN_PLAYERS
from service.spiel_der_tuerme.wire.schemas import (
    GRID,
    SQUARE_WORDS,
    OffBoard,
    SdtApplyAnswer,
    SdtBoardAnswer,
    SdtMovesAnswer,
    SdtPosition,
    SdtPositionInput,
    SdtScoreAnswer,
    SdtSuggestAnswer,
    SdtTurn,
    SdtValidateAnswer,
    square,
)

__all__ = [
    "COMPONENTS",
    "SdtApplyAnswer",
    "SdtApplyQuery",
    "SdtBoardAnswer",
    "SdtMovesAnswer",
    "SdtMovesQuery",
    "SdtPosition",
    "SdtPositionQuery",
    "SdtRenderQuery",
    "SdtScoreAnswer",
    "SdtSetupQuery",
    "SdtSuggestAnswer",
    "SdtSuggestQuery",
    "SdtValidateAnswer",
    "SdtValidateQuery",
]

#: The ``from`` of a question, a component of its own.
COMPONENTS: dict[str, Any] = {
    "SdtSquare": {"type": "string", "pattern": f"^{GRID.name_pattern}$",
                  "description": f"{SQUARE_WORDS[0].upper()}{SQUARE_WORDS[1:]}."},
}


def _origin() -> Any:
    field = square("", data_key="from")
    field.ref = "SdtSquare"  # type: ignore[attr-defined]
    return field


def _check(position: Any, where: str) -> None:
    """The position's structural rules (a stack off the board first, TB1)."""
    if isinstance(position, OffBoard):
        raise position.error
    check_position(position)


class SdtPositionQuery(Query):
    """A question about a Spiel der Türme position."""

    problems: ClassVar = {422: "InvalidPosition"}
    checks: ClassVar = {"position": _check}
    position = Nested(SdtPositionInput, required=True)


class SdtMovesQuery(SdtPositionQuery):
    """Which moves may the seat to move make, perhaps only from one square?"""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    origin = _origin()


class SdtRenderQuery(SdtPositionQuery):
    """A position to draw, perhaps with the moves from one square highlighted."""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    origin = _origin()


class SdtValidateQuery(SdtPositionQuery):
    """A turn to judge."""

    turn = Nested(SdtTurn, required=True)


class SdtApplyQuery(SdtValidateQuery):
    """A turn to play."""

    problems: ClassVar = {422: "InvalidPositionOrTurn"}


SdtSuggestQuery: Any = SdtPositionQuery.from_dict(suggest_fields(), name="SdtSuggestQuery")
SdtSuggestQuery.__doc__ = "A position whose seat to move the computer plays for."
SdtSuggestQuery.problems = {422: "InvalidPositionOrQuery"}


class SdtSetupQuery(Query):
    """A new game's player count, seed and option."""

    context_location: ClassVar = "query"
    players = Digits(MIN_PLAYERS, MAX_PLAYERS, required=True, metadata={"description": "Player count (TN1)."})
    seed = Digits(0, 999_999, required=True,
                  metadata={"description": "The deal's seed (TB5): the same seed gives the same board."})
    max_height = Word(["5", "none"], load_default="5",
                      metadata={"description": "TM6 / TV1: 5, or none for no limit.", "default": "5"})
