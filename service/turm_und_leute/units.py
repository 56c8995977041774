"""L1, the units of both editions, and the positions a group may stand on (L6, LS1).

The table is computed once at import time into read-only mappings per edition, so a
fight looks a unit up instead of branching on its kind.

>>> unit(Edition.TURM_UND_LEUTE, Kind.REITER).strength(2)
8
>>> [k.value for k in kinds(Edition.STAHL_UND_STERNE)][:4]
['imperator', 'elektrokaempfer', 'strahlenwerfer', 'daemonenreiter']
>>> translate(Kind.GRAF, Edition.STAHL_UND_STERNE)
<Kind.IMPERATOR: 'imperator'>
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from service.common.refusal import N_, Text


class Edition(str, enum.Enum):
    """The base game and its supplement, which renames units and replaces the castle."""

    TURM_UND_LEUTE = "turm-und-leute"
    STAHL_UND_STERNE = "stahl-und-sterne"

    @property
    def full_name(self) -> str:
        """The edition's name as players write it.

        >>> Edition.STAHL_UND_STERNE.full_name
        'Stahl und Sterne'
        """
        return _TITLES[self]


_TITLES: Final = {Edition.TURM_UND_LEUTE: "Turm und Leute", Edition.STAHL_UND_STERNE: "Stahl und Sterne"}


class Kind(str, enum.Enum):
    """Every unit name of both editions (L1); :func:`kinds` lists those of one edition."""

    GRAF = "graf"
    PIKENIERE = "pikeniere"
    BOGENSCHUETZEN = "bogenschuetzen"
    REITER = "reiter"
    IMPERATOR = "imperator"
    ELEKTROKAEMPFER = "elektrokaempfer"
    STRAHLENWERFER = "strahlenwerfer"
    DAEMONENREITER = "daemonenreiter"
    ENGEL = "engel"
    ZWERGE = "zwerge"
    ARBEITER = "arbeiter"


class Placement(str, enum.Enum):
    """Where a group stands (the ``position`` member of a group, L6 and LS1).

    In *Stahl und Sterne* ``small_tower`` and ``big_tower`` mean "in a sector with that
    tower"; ``bridge`` and ``wall`` exist only in *Turm und Leute*.
    """

    GROUND = "ground"
    BRIDGE = "bridge"
    WALL = "wall"
    SMALL_TOWER = "small_tower"
    BIG_TOWER = "big_tower"


BONUS: Final[Mapping[Placement, int]] = MappingProxyType(
    {
        Placement.GROUND: 1,
        Placement.BRIDGE: 2,
        Placement.WALL: 2,
        Placement.SMALL_TOWER: 3,
        Placement.BIG_TOWER: 4,
    }
)
"""L6: the defence multiplier of each position."""

HEIGHT: Final[Mapping[Placement, int]] = MappingProxyType(
    {
        Placement.GROUND: 0,
        Placement.BRIDGE: 1,
        Placement.WALL: 1,
        Placement.SMALL_TOWER: 2,
        Placement.BIG_TOWER: 3,
    }
)
"""L6: ground < bridge = wall < small tower < big tower; a defender's bonus is lost to an
attacker standing higher (*Turm und Leute*)."""

ELEVATED: Final = frozenset({Placement.WALL, Placement.SMALL_TOWER, Placement.BIG_TOWER})
"""L3, L4: the castle's parts from which, in *Turm und Leute*, only ranged units fight.
The bridge is not one of them: the rule names walls and towers only."""

TOWERS: Final = frozenset({Placement.SMALL_TOWER, Placement.BIG_TOWER})
"""LS2: the positions that are a sector with a tower."""


@dataclass(frozen=True)
class Unit:
    """One row of the L1 table.

    ``ranged`` units (archers and angels) attack over a distance; in *Turm und Leute*
    they are also the only ones that fight from a wall or a tower (L3, L4).
    """

    kind: Kind
    max_figures: int
    lives: int
    points: int
    may_attack: bool
    ranged: bool
    may_defend: bool
    actions: int

    def strength(self, figures: int) -> int:
        """A group's strength: its figures × the points per figure (L1).

        >>> unit(Edition.TURM_UND_LEUTE, Kind.BOGENSCHUETZEN).strength(3)
        6
        """
        return figures * self.points

    @property
    def full_strength(self) -> int:
        """The strength of a full tile."""
        return self.strength(self.max_figures)


def _row(
    kind: Kind, figures: int, points: int, *, attack: bool, ranged: bool, defend: bool, actions: int
) -> Unit:
    # Every figure of both editions has one life (L1), so lives is not a column here.
    return Unit(kind, figures, 1, points, attack, ranged, defend, actions)


# The columns of L1, with the base game's names; the supplement renames four units.
_BASE: Final = (
    _row(Kind.GRAF, 1, 5, attack=False, ranged=False, defend=True, actions=1),
    _row(Kind.PIKENIERE, 5, 1, attack=True, ranged=False, defend=True, actions=1),
    _row(Kind.BOGENSCHUETZEN, 3, 2, attack=True, ranged=True, defend=True, actions=1),
    _row(Kind.REITER, 2, 4, attack=True, ranged=False, defend=True, actions=2),
    _row(Kind.ENGEL, 1, 7, attack=True, ranged=True, defend=True, actions=2),
    # [interpretation] five figures of one life and one point each (L1).
    _row(Kind.ZWERGE, 5, 1, attack=True, ranged=False, defend=True, actions=1),
    _row(Kind.ARBEITER, 1, 0, attack=False, ranged=False, defend=False, actions=1),
)

RENAMED: Final[Mapping[Kind, Kind]] = MappingProxyType(
    {
        Kind.GRAF: Kind.IMPERATOR,
        Kind.PIKENIERE: Kind.ELEKTROKAEMPFER,
        Kind.BOGENSCHUETZEN: Kind.STRAHLENWERFER,
        Kind.REITER: Kind.DAEMONENREITER,
    }
)
"""*Turm und Leute* name → *Stahl und Sterne* name, for the units the supplement renames."""

_BACK: Final = {new: old for old, new in RENAMED.items()}


def _table(edition: Edition) -> Mapping[Kind, Unit]:
    rows: tuple[Unit, ...] = _BASE
    if edition is Edition.STAHL_UND_STERNE:
        rows = tuple(replace(u, kind=RENAMED.get(u.kind, u.kind)) for u in _BASE)
    return MappingProxyType({u.kind: u for u in rows})


UNITS: Final[Mapping[Edition, Mapping[Kind, Unit]]] = MappingProxyType({e: _table(e) for e in Edition})
"""L1 per edition, in the order of the rules' table."""

PLACEMENTS: Final[Mapping[Edition, tuple[Placement, ...]]] = MappingProxyType(
    {
        Edition.TURM_UND_LEUTE: tuple(Placement),
        # LS1: no bridge and no walls in space; towers stand in sectors.
        Edition.STAHL_UND_STERNE: (Placement.GROUND, Placement.SMALL_TOWER, Placement.BIG_TOWER),
    }
)
"""The positions of each edition, lowest first."""


def kinds(edition: Edition) -> tuple[Kind, ...]:
    """The unit kinds of ``edition``, in the order of the L1 table."""
    return tuple(UNITS[edition])


def unit(edition: Edition, kind: Kind) -> Unit:
    """The L1 row of ``kind``; raises :class:`KeyError` if the edition has no such unit.

    >>> unit(Edition.STAHL_UND_STERNE, Kind.GRAF)
    Traceback (most recent call last):
    ...
    KeyError: <Kind.GRAF: 'graf'>
    """
    return UNITS[edition][kind]


def translate(kind: Kind, edition: Edition) -> Kind:
    """The name ``kind`` has in ``edition`` (the same unit, perhaps renamed).

    >>> translate(Kind.DAEMONENREITER, Edition.TURM_UND_LEUTE), translate(Kind.ENGEL, Edition.TURM_UND_LEUTE)
    (<Kind.REITER: 'reiter'>, <Kind.ENGEL: 'engel'>)
    """
    if edition is Edition.STAHL_UND_STERNE:
        return RENAMED.get(kind, kind)
    return _BACK.get(kind, kind)


def unknown_kind_detail(edition: Edition, name: str) -> Text:
    """The sentence for a unit name ``edition`` does not have (L1), with its name there
    if ``name`` is the other edition's.

    >>> unknown_kind_detail(Edition.TURM_UND_LEUTE, "imperator").split(":")[0]
    "'imperator' is not a unit of Turm und Leute (there it is called 'graf')"
    """
    names = ", ".join(k.value for k in kinds(edition))
    if name in _KIND_NAMES:
        other = translate(Kind(name), edition)
        if other.value != name:
            return N_(
                "{name} is not a unit of {edition} (there it is called {other}): its units are {names}"
            )(name=repr(name), edition=edition.full_name, other=repr(other.value), names=names)
    return N_("{name} is not a unit of {edition}: its units are {names}")(
        name=repr(name), edition=edition.full_name, names=names
    )


_KIND_NAMES: Final = frozenset(k.value for k in Kind)
