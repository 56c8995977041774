"""Ledgers for the turn tests: the set-up's, or one built from a few groups."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from service.turm_und_leute.actions import Action, TurnResult, Violation
from service.turm_und_leute.peoples import PEOPLES, Side
from service.turm_und_leute.position import RESOURCES, Building, Ledger, Troop
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.turn import play_turn
from service.turm_und_leute.units import Edition

TUL, SUS = Edition.TURM_UND_LEUTE, Edition.STAHL_UND_STERNE
ALL = PEOPLES


def start(edition: Edition, side: Side, peoples: tuple[Side, ...] = ALL) -> Ledger:
    """``side``'s ledger at the start of a game against ``peoples``."""
    game = setup_game(edition, peoples)
    return next(s.ledger for s in game.sides if s.side is side)


def with_supply(edition: Edition, ledger: Ledger, markers: int | None = None, **amounts: int) -> Ledger:
    """``ledger`` with its supply changed: ``wood=4`` names the edition's first resource
    (``biomass`` in Stahl und Sterne), and so on."""
    names = dict(zip(("wood", "stone", "gold"), RESOURCES[edition], strict=True))
    resources = dict(ledger.resources)
    for name, amount in amounts.items():
        resources[names[name]] = amount
    return replace(ledger, resources=resources, markers=ledger.markers if markers is None else markers)


def with_buildings(ledger: Ledger, **counts: int) -> Ledger:
    return replace(ledger, buildings={**ledger.buildings, **{Building(k): v for k, v in counts.items()}})


def with_groups(ledger: Ledger, *troops: Troop) -> Ledger:
    return replace(ledger, groups=(*ledger.groups, *troops))


def play(
    edition: Edition, ledger: Ledger, *actions: Action, peoples: tuple[Side, ...] = ALL, **kwargs: Any
) -> TurnResult:
    """The turn played; fails the test if it is illegal."""
    result = play_turn(edition, peoples, ledger, actions, **kwargs)
    assert isinstance(result, TurnResult), result
    return result


def refuse(
    edition: Edition, ledger: Ledger, *actions: Action, peoples: tuple[Side, ...] = ALL, **kwargs: Any
) -> Violation:
    """The first illegal action; fails the test if the turn is legal."""
    result = play_turn(edition, peoples, ledger, actions, **kwargs)
    assert isinstance(result, Violation), result
    return result
