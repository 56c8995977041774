"""Phase 2, placing stones (P1–P3)."""

from __future__ import annotations

from service.rules.board import RING, SQUARES, Square, square_name
from service.rules.position import NOBODY, Phase, Position


def placement_refusal(position: Position, square: Square) -> tuple[str, str] | None:
    """``(rule, reason)`` if a stone may not go onto ``square``, else ``None`` (P2, B4)."""
    name = square_name(square)
    if position.is_game_over:
        return "G3", "the game is over"
    if position.turn.phase is Phase.MOVE:
        return "T1", "stones are placed only in the second phase of the turn"
    if not position.is_in_play(square):
        return "B4", f"{name} is out of play"
    if position.occupant[square] != NOBODY:
        return "P2", f"a turrian stands on {name}; stones go only onto squares without one"
    return None


def legal_placements(position: Position) -> tuple[Square, ...]:
    """P2: every square a stone may be placed on, in board order.

    Any in-play square without a turrian, at any height and in any territory. The
    answer is the same in the take phase (for planning) and the place phase; it is
    empty in the move phase and once the game is over.

    >>> from service.rules.setup import setup_position
    >>> len(legal_placements(setup_position(3)))
    64
    """
    if position.turn.phase is Phase.MOVE or position.is_game_over:
        return ()
    occupant, low = position.occupant, position.lowest_ring
    return tuple(s for s in SQUARES if occupant[s] == NOBODY and RING[s] >= low)
