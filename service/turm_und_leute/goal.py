"""Who has reached their goal (L31, LS10), given every side's ledger.

>>> from service.turm_und_leute.setup import setup_game
>>> game = setup_game(Edition.TURM_UND_LEUTE, (Side.ENGEL, Side.ZWERGE))
>>> goal(Edition.TURM_UND_LEUTE, game.peoples, [s.ledger for s in game.sides]).winners
()
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from service.common.errors import InvalidPositionError
from service.common.refusal import N_, Nn_
from service.turm_und_leute.check import check_ledger
from service.turm_und_leute.peoples import Side, check_peoples, count_side, turn_order
from service.turm_und_leute.position import Building, Ledger
from service.turm_und_leute.units import Edition, Kind

# What a side still lacks to meet its goal (``missing``), as a player reads it.
TOWERS_MISSING: Final = Nn_("{count} tower", "{count} towers", "count")
WALLS_MISSING: Final = Nn_("{count} wall", "{count} walls", "count")


class Aim(str, enum.Enum):
    """What each side plays for (L31, LS10)."""

    CASTLE = "castle"
    TOWERS = "towers"
    DRAGON = "dragon"
    CATAPULT = "catapult"
    EVERYTHING = "everything"


@dataclass(frozen=True)
class SideGoal:
    """Whether ``side`` has reached its aim, and what it still lacks."""

    side: Side
    aim: Aim
    met: bool
    missing: tuple[str, ...]


@dataclass(frozen=True)
class GoalResult:
    """Each side's aim and the winners (L31); the game is over once there are any."""

    sides: tuple[SideGoal, ...]
    count_removed: bool
    winners: tuple[Side, ...]

    @property
    def game_over(self) -> bool:
        return bool(self.winners)


CASTLE_TOWERS = 4
CASTLE_WALLS = 3
"""L26, L31: four towers and four walls, the gate being the fourth."""


def goal(
    edition: Edition, peoples: Sequence[Side], ledgers: Sequence[Ledger], *, people_safe: bool = False
) -> GoalResult:
    """L31, LS10: who has reached their aim, given every side's ledger (one per side in
    play, any order) and whether all the count's people are safe (asserted, *Turm und
    Leute*).

    The count wins with his castle (and, in *Turm und Leute*, all his people safe); his
    opponents win together once he is removed, and a removed count has not met his aim,
    whatever he has built; the angels win with the dragon, the dwarves with the catapult,
    the Fluid once no other side has a group on the board.
    """
    check_peoples(edition, peoples)
    count = count_side(edition)
    playing = (count, *peoples)
    by_side: dict[Side, Ledger] = {}
    for i, ledger in enumerate(ledgers):
        check_ledger(edition, peoples, ledger, f"/ledgers/{i}")
        if ledger.side in by_side:
            raise InvalidPositionError(
                "L9", N_("two ledgers of the {side}")(side=ledger.side.value), f"/ledgers/{i}/side"
            )
        by_side[ledger.side] = ledger
    for side in playing:
        if side not in by_side:
            raise InvalidPositionError(
                "L9", N_("the ledger of the {side} is missing")(side=side.value), "/ledgers"
            )
    counts = by_side[count]
    removed = not any(t.kind in (Kind.GRAF, Kind.IMPERATOR) for t in counts.groups)
    results: list[SideGoal] = []
    for side in (s for s in turn_order(edition, peoples)):
        ledger = by_side[side]
        missing: list[str] = []
        if side.is_count:
            towers = ledger.building(Building.TOWER)
            if edition is Edition.STAHL_UND_STERNE:
                aim = Aim.TOWERS
                if towers < CASTLE_TOWERS:
                    missing.append(TOWERS_MISSING(count=CASTLE_TOWERS - towers))
            else:
                aim = Aim.CASTLE
                walls = ledger.building(Building.WALL) + ledger.building(Building.GATE)
                if towers < CASTLE_TOWERS:
                    missing.append(TOWERS_MISSING(count=CASTLE_TOWERS - towers))
                if walls < CASTLE_WALLS + 1:
                    missing.append(
                        WALLS_MISSING(count=CASTLE_WALLS + 1 - walls)
                        if ledger.building(Building.WALL) < CASTLE_WALLS
                        else N_("the gate")()
                    )
                if not people_safe:
                    missing.append(N_("all his people safe")())
            if removed:
                missing.append(N_("the {kind} himself")(kind=count.value))
        elif side is Side.ENGEL:
            aim = Aim.DRAGON
            if not ledger.building(Building.DRAGON):
                missing.append(N_("the dragon")())
        elif side is Side.ZWERGE:
            aim = Aim.CATAPULT
            if not ledger.building(Building.CATAPULT):
                missing.append(N_("the catapult")())
        else:
            aim = Aim.EVERYTHING
            # L31: the Fluid takes groups on the board; angels off it cannot be taken, and
            # the angels' last one comes back at once (L18).
            left = sum(not t.off_board for s in playing if s is not Side.FLUID for t in by_side[s].groups)
            if left:
                missing.append(
                    Nn_(
                        "{count} group of the other sides on the board",
                        "{count} groups of the other sides on the board",
                        "count",
                    )(count=left)
                )
        results.append(SideGoal(side, aim, not missing, tuple(missing)))
    winners = [r.side for r in results if r.met]
    if removed:
        winners = [s for s in turn_order(edition, peoples) if not s.is_count]
    return GoalResult(tuple(results), removed, tuple(winners))
