"""The vocabulary of a ledger's turn: the actions a client sends (L14–L30, LS7, LS12),
and what comes of them: the events in the order things happened, the ledger after, or
the first illegal action as a :class:`Violation`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, TypeAlias

from service.common.language import DEFAULT_LANGUAGE
from service.common.refusal import explain
from service.turm_und_leute.board import Field
from service.turm_und_leute.interpretations import interpretations_of
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.position import Ledger, Project, Site
from service.turm_und_leute.units import Kind


@dataclass(frozen=True)
class Move:
    """L14, L18, L19: a group moves. An angel may enter from the edge (``to="board"``) or
    flee to it (``to="off"``); gold pieces on its way are collected."""

    group: str
    to: str | None = None
    gold: int = 0
    field: Field | None = None


@dataclass(frozen=True)
class Work:
    """L20–L24, LS8, LS9: a group works at a site; ``imperator_present`` (asserted) doubles
    the production of the imperator's side on that world."""

    group: str
    site: Site
    imperator_present: bool = False


@dataclass(frozen=True)
class Attack:
    """L3, L16: a group attacks. The fight itself is ``POST /v1/turm-und-leute/combat``; in
    a ledger an attack spends the group's action and its marker. On a map it names the
    field attacked (LS18)."""

    group: str
    field: Field | None = None


@dataclass(frozen=True)
class Build:
    """L25–L27, LS10: pay for a building; no group acts and no marker is spent."""

    project: Project
    field: Field | None = None


@dataclass(frozen=True)
class Convert:
    """L28: five unmarked workers become one group of riders or archers, or two of pikemen."""

    workers: tuple[str, ...]
    into: Kind


@dataclass(frozen=True)
class Hire:
    """L29, LS11: the angels hire one angel; the dwarves a group of ``figures`` dwarves."""

    figures: int = 1
    field: Field | None = None


@dataclass(frozen=True)
class Bridge:
    """LS7: a bridge between worlds, ``fields`` fields of the solar system long."""

    fields: int


@dataclass(frozen=True)
class Place:
    """L30 1): a new fluid, placed anywhere (on a map, on ``field``)."""

    field: Field | None = None


@dataclass(frozen=True)
class Relocate:
    """L30 2): two fluids placed elsewhere."""


@dataclass(frozen=True)
class Split:
    """L30 3): the stack at index ``stack`` of the ledger's stacks, split into ``parts``."""

    stack: int
    parts: tuple[int, ...]


@dataclass(frozen=True)
class Absorb:
    """L30 4): four fluids adjacent to a group of ``side`` stack on it and take it."""

    side: Side
    group: str


@dataclass(frozen=True)
class MovePlanet:
    """LS12: the Fluid moves a planet on its orbit, for both its moves (on a map, ``world``
    to the field ``orbit_field`` of its orbit)."""

    world: str | None = None
    orbit_field: int | None = None


Action: TypeAlias = (
    Move | Work | Attack | Build | Convert | Hire | Bridge | Place | Relocate | Split | Absorb | MovePlanet
)
FLUID_ACTIONS: Final = (Place, Relocate, Split, Absorb, MovePlanet)
FLUID_MOVES: Final = 2
"""L30: the Fluid makes two moves a turn."""


@dataclass(frozen=True)
class Violation:
    """The first illegal action of a turn: its index (the number of actions for a turn
    that ends too early), the rule and a sentence."""

    index: int
    rule: str
    detail: str

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """Its sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        return explain(self.detail, language)

    @property
    def interpretations(self) -> tuple[str, ...]:
        """The readings of the text its rule rests on (docs/interpretations.md)."""
        return interpretations_of(self.rule)


@dataclass(frozen=True)
class Event:
    """Something that happened, in order: ``type`` and its members (JSON values), and the
    ``rules`` it happened by."""

    type: str
    members: Mapping[str, object] = field(default_factory=dict)
    rules: tuple[str, ...] = ()

    @property
    def interpretations(self) -> tuple[str, ...]:
        """The readings of the text its rules rest on (docs/interpretations.md)."""
        return tuple(dict.fromkeys(i for rule in self.rules for i in interpretations_of(rule)))


@dataclass(frozen=True)
class TurnResult:
    """The ledger after a turn, what it produced (resources and new workers, L20–L23,
    LS8), the markers it spent (L14, LS7) and what happened."""

    ledger: Ledger
    production: Mapping[str, int]
    markers_spent: int
    events: tuple[Event, ...]

