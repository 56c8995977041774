"""The structure of a ledger, whatever the turns that led to it (L1, L9, L11, L14, L15,
L18, L25–L27, L30, LS4, LS8).

:func:`check_ledger` raises :class:`~service.common.errors.InvalidPositionError` naming
the rule and the member (a JSON pointer into the request) for the first rule broken.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.common.errors import InvalidPositionError
from service.common.refusal import N_, Nn_
from service.turm_und_leute.peoples import Side, count_side
from service.turm_und_leute.position import (
    BUILDING_RULE,
    BUILDINGS,
    MOST,
    RESOURCES,
    Building,
    Ledger,
    Resource,
    Troop,
)
from service.turm_und_leute.units import UNITS, Edition, Kind, unknown_kind_detail


def check_ledger(edition: Edition, peoples: Sequence[Side], ledger: Ledger, where: str = "/ledger") -> None:
    """The structure of a ledger; raises :class:`InvalidPositionError` naming the rule and
    the member (L1, L9, L14, L15, L18, L26, L30, LS4, LS8).

    >>> check_ledger(Edition.TURM_UND_LEUTE, (Side.ZWERGE,), Ledger(Side.ZWERGE, groups=(
    ...     Troop("a", Kind.ZWERGE, 5), Troop("a", Kind.ZWERGE, 3))))
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidPositionError: L14: two groups are called 'a'
    """
    side = ledger.side
    if side != count_side(edition) and side not in peoples:
        raise InvalidPositionError(
            "L9",
            N_("{side} is not a side of this game ({sides})")(
                side=repr(side.value), sides=_sides(edition, peoples)
            ),
            f"{where}/side",
        )
    for resource in Resource:
        if ledger.resource(resource) and resource not in RESOURCES[edition]:
            raise InvalidPositionError(
                "LS4",
                N_("{full_name} has no {resource}")(full_name=edition.full_name, resource=resource.value),
                f"{where}/supply/{resource.value}",
            )
    for building in Building:
        count = ledger.building(building)
        if count and building not in BUILDINGS[edition]:
            raise InvalidPositionError(
                "LS8",
                N_("{full_name} has no {building}")(full_name=edition.full_name, building=building.value),
                f"{where}/buildings/{building.value}",
            )
    _check_buildings(side, ledger, f"{where}/buildings")
    if side is Side.FLUID:
        if ledger.markers:
            raise InvalidPositionError(
                "L30", N_("the Fluid has no markers: it has two moves a turn")(), f"{where}/markers"
            )
        if ledger.groups:
            raise InvalidPositionError(
                "L30",
                N_("the Fluid has no groups: its fluids are counted in fluids and stacks")(),
                f"{where}/groups/0",
            )
        if sum(ledger.stacks) > ledger.fluids:
            raise InvalidPositionError(
                "L30",
                N_("the stacks hold {held} fluids, more than the {fluids} on the board")(
                    held=sum(ledger.stacks), fluids=ledger.fluids
                ),
                f"{where}/stacks",
            )
    elif ledger.fluids or ledger.stacks:
        raise InvalidPositionError("L30", N_("only the Fluid has fluids")(), f"{where}/fluids")
    seen: set[str] = set()
    counts = 0
    for i, troop in enumerate(ledger.groups):
        at = f"{where}/groups/{i}"
        _check_troop(edition, side, troop, at)
        if troop.id in seen:
            raise InvalidPositionError(
                "L14", N_("two groups are called {troop}")(troop=repr(troop.id)), f"{at}/id"
            )
        seen.add(troop.id)
        counts += troop.kind in (Kind.GRAF, Kind.IMPERATOR)
        if counts > 1:
            raise InvalidPositionError("L11", N_("the count is one group")(), f"{at}/kind")


def _check_troop(edition: Edition, side: Side, troop: Troop, at: str) -> None:
    unit = UNITS[edition].get(troop.kind)
    if unit is None:
        raise InvalidPositionError("L1", unknown_kind_detail(edition, troop.kind.value), f"{at}/kind")
    if not 1 <= troop.figures <= unit.max_figures:
        raise InvalidPositionError(
            "L1",
            N_("a tile of {kind} holds 1 to {max_figures} figures, not {figures}")(
                kind=troop.kind.value, max_figures=unit.max_figures, figures=troop.figures
            ),
            f"{at}/figures",
        )
    if troop.kind in (Kind.GRAF, Kind.IMPERATOR) and not side.is_count:
        raise InvalidPositionError(
            "L11",
            N_("the {kind} belongs to his own side, not to {side}")(kind=troop.kind.value, side=side.value),
            f"{at}/kind",
        )
    if troop.actions_used > unit.actions:
        raise InvalidPositionError(
            "L15",
            Nn_(
                "a group of {kind} has {actions} action a turn, not {actions_used}",
                "a group of {kind} has {actions} actions a turn, not {actions_used}",
                "actions",
            )(kind=troop.kind.value, actions=unit.actions, actions_used=troop.actions_used),
            f"{at}/actions_used",
        )
    if troop.markers < troop.actions_used:
        raise InvalidPositionError(
            "L14",
            N_("every action lays a marker on the group: it carries fewer markers than its actions")(),
            f"{at}/markers",
        )
    if troop.off_board and troop.kind is not Kind.ENGEL:
        raise InvalidPositionError(
            "L18", N_("only angels stand off the board, not {kind}")(kind=troop.kind.value), f"{at}/off_board"
        )


def _check_buildings(side: Side, ledger: Ledger, where: str) -> None:
    for building, most in MOST.items():
        count = ledger.building(building)
        if most is not None and count > most:
            raise InvalidPositionError(
                BUILDING_RULE[building],
                Nn_("a side has at most {most} {building}", "a side has at most {most} {building}s", "most")(
                    most=most, building=building.value
                ),
                f"{where}/{building.value}",
            )
    # The member named is the castle's first building the ledger has, not always the tower.
    castle = next((b for b in (Building.TOWER, Building.WALL, Building.GATE) if ledger.building(b)), None)
    if castle is not None and not side.is_count:
        raise InvalidPositionError(
            "L26", N_("the castle is the count's, not the {side}'s")(side=side.value),
            f"{where}/{castle.value}",
        )
    if ledger.building(Building.WALL) > ledger.building(Building.TOWER):
        raise InvalidPositionError(
            "L26", N_("each castle part is a wall and a tower: more walls than towers")(), f"{where}/wall"
        )
    if ledger.building(Building.GATE) and (
        ledger.building(Building.TOWER),
        ledger.building(Building.WALL),
    ) != (4, 3):
        raise InvalidPositionError(
            "L26", N_("the gate is the last part: built after four towers and three walls")(), f"{where}/gate"
        )
    for building, owner in ((Building.DRAGON, Side.ENGEL), (Building.CATAPULT, Side.ZWERGE)):
        if ledger.building(building) and side is not owner:
            raise InvalidPositionError(
                "L27",
                N_("the {building} is the {owner}'s")(building=building.value, owner=owner.value),
                f"{where}/{building.value}",
            )



def _sides(edition: Edition, peoples: Sequence[Side]) -> str:
    return ", ".join(s.value for s in (count_side(edition), *peoples))

