"""Phase 2, placing stones (P1–P3): where a stone may go, and what placing it changes.

A rule of the place phase lives here whole: :func:`placement_refusal` and
:func:`legal_placements` answer the questions, and :class:`PlacementJudge` judges and
counts a turn's stones one after another (the turn module plays them with it).
"""

from __future__ import annotations

from service.terra_turrium.board import RING, SQUARES, Square
from service.terra_turrium.position import MAX_HEIGHT, NOBODY, Phase, Position, Seat
from service.terra_turrium.refusals import Reason


def placement_refusal(position: Position, square: Square) -> Reason | None:
    """Why a stone may not go onto ``square`` now (P2, B4, B5), or ``None`` if it may.

    >>> from service.terra_turrium.board import parse_square
    >>> from service.terra_turrium.setup import setup_position
    >>> placement_refusal(setup_position(3), parse_square("a1")).rule
    'B4'
    """
    if position.is_game_over:
        return Reason.GAME_OVER
    if position.turn.phase is Phase.MOVE:
        return Reason.PLACE_PHASE_OVER
    if not position.is_in_play(square):
        return Reason.OUT_OF_PLAY
    if position.occupant[square] != NOBODY:
        return Reason.PLACE_ON_TURRIAN
    if position.heights[square] >= MAX_HEIGHT:
        return Reason.TOWER_TOO_HIGH
    return None


def legal_placements(position: Position) -> tuple[Square, ...]:
    """P2: every square a stone may be placed on, in board order.

    Any in-play square without a turrian, at any height and in any territory. The
    answer is the same in the take phase (for planning) and the place phase; it is
    empty in the move phase and once the game is over.

    >>> from service.terra_turrium.setup import setup_position
    >>> len(legal_placements(setup_position(3)))
    64
    """
    if position.turn.phase is Phase.MOVE or position.is_game_over:
        return ()
    occupant, ring, heights = position.occupant, position.outermost_ring, position.heights
    return tuple(
        s for s in SQUARES if occupant[s] == NOBODY and RING[s] >= ring and heights[s] < MAX_HEIGHT
    )


class PlacementJudge:
    """The place phase of one turn as it goes: each stone judged on the board as the
    stones before it left it, and counted where a rule counts it.

    >>> from service.terra_turrium.board import parse_square
    >>> from service.terra_turrium.setup import place_turrians, setup_position
    >>> p = place_turrians(setup_position(2), {"yellow": ["b9"], "red": ["b2"]})
    >>> judge = PlacementJudge(p)
    >>> judge.refusal(parse_square("b9")).rule, judge.refusal(parse_square("c9"))
    ('P2', None)
    >>> judge.placed(parse_square("c9")); judge.heights[parse_square("c9")] - p.heights[parse_square("c9")]
    1
    """

    def __init__(self, position: Position) -> None:
        self.position = position
        self.heights = list(position.heights)
        self.mover: Seat = position.mover
        """The mover's seat with what its stones so far have changed."""

    def refusal(self, square: Square) -> Reason | None:
        """Why the next stone may not go onto ``square`` (as :func:`placement_refusal`)."""
        refusal = placement_refusal(self.position, square)
        if refusal is None and self.heights[square] >= MAX_HEIGHT:
            refusal = Reason.TOWER_TOO_HIGH  # grown by this turn's own stones
        return refusal

    def placed(self, square: Square) -> None:
        """A stone went onto ``square``."""
        self.heights[square] += 1
