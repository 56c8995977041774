"""Phase 2, placing stones (P1–P3)."""

from __future__ import annotations

from service.terra_turrium.board import RING, SQUARES, Square
from service.terra_turrium.position import MAX_HEIGHT, NOBODY, Phase, Position
from service.terra_turrium.refusals import Refusal


def placement_refusal(position: Position, square: Square) -> Refusal | None:
    """Why a stone may not go onto ``square`` now (P2, B4, B5), or ``None`` if it may.

    >>> from service.terra_turrium.board import parse_square
    >>> from service.terra_turrium.setup import setup_position
    >>> placement_refusal(setup_position(3), parse_square("a1")).rule
    'B4'
    """
    if position.is_game_over:
        return Refusal.GAME_OVER
    if position.turn.phase is Phase.MOVE:
        return Refusal.PLACE_PHASE_OVER
    if not position.is_in_play(square):
        return Refusal.OUT_OF_PLAY
    if position.occupant[square] != NOBODY:
        return Refusal.PLACE_ON_TURRIAN
    if position.heights[square] >= MAX_HEIGHT:
        return Refusal.TOWER_TOO_HIGH
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
