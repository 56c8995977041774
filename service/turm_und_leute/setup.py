"""The start of a game (L9–L12, LS4–LS6): every side in the order they move, with its
markers per turn and its ledger.

>>> game = setup_game(Edition.TURM_UND_LEUTE, (Side.ENGEL, Side.ZWERGE))
>>> [(s.side.value, s.markers_per_turn) for s in game.sides]
[('graf', 8), ('zwerge', 6), ('engel', 6)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.turm_und_leute.peoples import (
    START_FLUIDS,
    START_TOWERS,
    Side,
    check_peoples,
    markers_per_turn,
    starting_groups,
    turn_order,
)
from service.turm_und_leute.position import RESOURCES, Building, Ledger, Troop
from service.turm_und_leute.units import UNITS, Edition, Kind


@dataclass(frozen=True)
class SideSetup:
    """One side at the start: its markers per turn (L12) and its ledger (L11)."""

    side: Side
    markers_per_turn: int
    ledger: Ledger


@dataclass(frozen=True)
class Game:
    """The set-up of a game: the peoples the count's opponents chose, and every side in
    the order they move (L10)."""

    edition: Edition
    peoples: tuple[Side, ...]
    sides: tuple[SideSetup, ...]

    @property
    def order(self) -> tuple[Side, ...]:
        """L10: the sides in the order they move."""
        return tuple(s.side for s in self.sides)


def setup_ledger(edition: Edition, side: Side, opponents: int) -> Ledger:
    """L11, LS5: ``side``'s ledger at the start of the game, before its first turn; groups
    are full tiles named ``kind-N`` (the count himself ``graf`` or ``imperator``), angels
    off the board.

    >>> [t.id for t in setup_ledger(Edition.TURM_UND_LEUTE, Side.ZWERGE, 2).groups]
    ['zwerge-1', 'zwerge-2', 'zwerge-3']
    """
    groups: list[Troop] = []
    for kind, number in starting_groups(edition, side, opponents):
        unit = UNITS[edition][kind]
        for n in range(1, number + 1):
            name = kind.value if kind in (Kind.GRAF, Kind.IMPERATOR) else f"{kind.value}-{n}"
            groups.append(Troop(name, kind, unit.max_figures, off_board=kind is Kind.ENGEL))
    return Ledger(
        side,
        resources={r: 0 for r in RESOURCES[edition]},
        groups=tuple(groups),
        buildings={Building.TOWER: START_TOWERS} if side.is_count else {},
        fluids=START_FLUIDS if side is Side.FLUID else 0,
    )



def setup_game(edition: Edition, peoples: Sequence[Side]) -> Game:
    """L9–L12: every side of a game with these opposing ``peoples``, in turn order.

    Raises :class:`~service.common.errors.InvalidQueryError` (L9) for a choice of peoples
    the rules do not allow.
    """
    check_peoples(edition, peoples)
    opponents = len(peoples)
    return Game(
        edition,
        tuple(peoples),
        tuple(
            SideSetup(side, markers_per_turn(side, opponents), setup_ledger(edition, side, opponents))
            for side in turn_order(edition, peoples)
        ),
    )
