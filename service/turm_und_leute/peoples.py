"""The sides of a game, their order, their markers and their forces at the start (L9–L13, LS4–LS6).

The count (``graf``, in *Stahl und Sterne* the ``imperator``) always plays; his
opponents choose which of the three peoples they bring (L9). Everything here is a table
of the rules: who moves when, how many markers a side receives, what it starts with.

>>> [s.value for s in turn_order(Edition.TURM_UND_LEUTE, (Side.FLUID, Side.ENGEL))]
['graf', 'engel', 'fluid']
>>> markers_per_turn(Side.GRAF, opponents=3), markers_per_turn(Side.ZWERGE, opponents=3)
(12, 6)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from service.common.errors import InvalidQueryError
from service.common.refusal import N_
from service.turm_und_leute.units import Edition, Kind, translate


class Side(str, enum.Enum):
    """A side of the game: the count, under his name in each edition, and the three peoples."""

    GRAF = "graf"
    IMPERATOR = "imperator"
    ZWERGE = "zwerge"
    ENGEL = "engel"
    FLUID = "fluid"

    @property
    def is_count(self) -> bool:
        """The Graf's (the imperator's) side."""
        return self in (Side.GRAF, Side.IMPERATOR)


PEOPLES: Final = (Side.ZWERGE, Side.ENGEL, Side.FLUID)
"""L9: the peoples the count's opponents may bring, in the order they move (L10)."""


def count_side(edition: Edition) -> Side:
    """The count's side in ``edition`` (LS4 renames him).

    >>> count_side(Edition.STAHL_UND_STERNE)
    <Side.IMPERATOR: 'imperator'>
    """
    return Side.IMPERATOR if edition is Edition.STAHL_UND_STERNE else Side.GRAF


def sides(edition: Edition) -> tuple[Side, ...]:
    """Every side ``edition`` knows, in the order they move (L10)."""
    return (count_side(edition), *PEOPLES)


def check_peoples(edition: Edition, peoples: Sequence[Side], where: str = "/peoples") -> None:
    """L9: one to three of the peoples, each at most once; never the count, who always plays.

    >>> check_peoples(Edition.TURM_UND_LEUTE, (Side.ENGEL, Side.ENGEL))
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidQueryError: L9: each people plays at most once: 'engel' is named twice
    """
    if not peoples:
        raise InvalidQueryError("L9", N_("the count needs at least one opposing people")(), where)
    seen: set[Side] = set()
    for i, people in enumerate(peoples):
        if people not in PEOPLES:
            raise InvalidQueryError(
                "L9",
                N_(
                    "{people} is not one of the peoples (zwerge, engel, fluid): the count always plays and "
                    "is no choice"
                )(people=repr(people.value)),
                f"{where}/{i}",
            )
        if people in seen:
            raise InvalidQueryError(
                "L9",
                N_("each people plays at most once: {people} is named twice")(people=repr(people.value)),
                f"{where}/{i}",
            )
        seen.add(people)
    del edition  # both editions know the same peoples


def turn_order(edition: Edition, peoples: Sequence[Side]) -> tuple[Side, ...]:
    """L10: always the count first, then the dwarves, the angels and the Fluid, those in play."""
    return tuple(s for s in sides(edition) if s.is_count or s in peoples)


def markers_per_turn(side: Side, opponents: int) -> int:
    """L12: what a side receives at the start of its turn: the count 4 per opposing
    people, every other people 6, the Fluid none (it has two moves instead, L30)."""
    if side.is_count:
        return 4 * opponents
    if side is Side.FLUID:
        return 0
    return 6


# L11: per opposing people, the count's groups; the kinds under their base-game names.
COUNT_FORCE: Final = ((Kind.REITER, 1), (Kind.BOGENSCHUETZEN, 1), (Kind.PIKENIERE, 2), (Kind.ARBEITER, 4))
"""L11: the groups the count brings per opposing people: kind and number of groups."""

PEOPLE_FORCE: Final[Mapping[Side, tuple[Kind, int]]] = MappingProxyType(
    {Side.ZWERGE: (Kind.ZWERGE, 3), Side.ENGEL: (Kind.ENGEL, 2)}
)
"""L11: the dwarves' and the angels' groups at the start."""

START_FLUIDS: Final = 5
"""L11: the Fluid starts with five fluids."""

START_TOWERS: Final = 1
"""L11, LS5: the count starts with one tower (in *Stahl und Sterne* the big tower)."""


def starting_groups(edition: Edition, side: Side, opponents: int) -> tuple[tuple[Kind, int], ...]:
    """L11: the kinds of ``side``'s groups at the start, each with its number of groups,
    under the edition's names (LS4).

    >>> starting_groups(Edition.STAHL_UND_STERNE, Side.IMPERATOR, 1)[:2]
    ((<Kind.IMPERATOR: 'imperator'>, 1), (<Kind.DAEMONENREITER: 'daemonenreiter'>, 1))
    """
    if side.is_count:
        force = ((Kind.GRAF, 1), *((kind, n * opponents) for kind, n in COUNT_FORCE))
    elif side in PEOPLE_FORCE:
        force = (PEOPLE_FORCE[side],)
    else:
        force = ()
    return tuple((translate(kind, edition), n) for kind, n in force)
