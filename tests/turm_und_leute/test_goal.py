"""Who wins (L31, LS10): the count's castle or towers, his removal, the peoples' aims."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.common import InvalidPositionError
from service.turm_und_leute.actions import Build
from service.turm_und_leute.goal import goal
from service.turm_und_leute.peoples import PEOPLES, Side, count_side
from service.turm_und_leute.position import Ledger, Project
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.units import Kind

from .ledgers import SUS, TUL, play, with_buildings, with_supply

EDITIONS = (TUL, SUS)


def ledgers(edition, peoples=PEOPLES) -> dict[Side, Ledger]:
    return {s.side: s.ledger for s in setup_game(edition, peoples).sides}


def winners(edition, by_side, peoples=PEOPLES, **kwargs) -> list[str]:
    return [w.value for w in goal(edition, peoples, list(by_side.values()), **kwargs).winners]


def test_l31_the_graf_wins_with_his_castle_and_his_people_safe() -> None:
    by_side = ledgers(TUL)
    rich = with_supply(TUL, by_side[Side.GRAF], wood=16, stone=16)
    by_side[Side.GRAF] = play(TUL, rich, *[Build(Project.CASTLE_PART)] * 3, Build(Project.GATE)).ledger
    assert winners(TUL, by_side) == []
    result = goal(TUL, PEOPLES, list(by_side.values()), people_safe=True)
    assert [w.value for w in result.winners] == ["graf"] and result.game_over
    by_side[Side.GRAF] = with_buildings(by_side[Side.GRAF], gate=0)
    missing = goal(TUL, PEOPLES, list(by_side.values()), people_safe=True).sides[0].missing
    assert missing == ("the gate",)


def test_ls10_the_imperator_wins_with_four_towers() -> None:
    by_side = ledgers(SUS)
    by_side[Side.IMPERATOR] = with_buildings(by_side[Side.IMPERATOR], tower=3)
    assert winners(SUS, by_side) == []
    by_side[Side.IMPERATOR] = with_buildings(by_side[Side.IMPERATOR], tower=4)
    assert winners(SUS, by_side) == ["imperator"]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("peoples", [(Side.ENGEL,), (Side.ZWERGE, Side.FLUID), PEOPLES])
def test_l31_the_opponents_win_together_once_the_count_is_removed(edition, peoples) -> None:
    by_side = ledgers(edition, peoples)
    count = count_side(edition)
    by_side[count] = replace(
        by_side[count],
        groups=tuple(t for t in by_side[count].groups if t.kind not in (Kind.GRAF, Kind.IMPERATOR)),
    )
    result = goal(edition, peoples, list(by_side.values()))
    assert result.count_removed
    assert [w.value for w in result.winners] == [p.value for p in PEOPLES if p in peoples]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("side", "building"), [(Side.ENGEL, "dragon"), (Side.ZWERGE, "catapult")])
def test_l31_the_dragon_and_the_catapult(edition, side, building) -> None:
    by_side = ledgers(edition)
    by_side[side] = with_buildings(by_side[side], **{building: 1})
    assert winners(edition, by_side) == [side.value]


@pytest.mark.parametrize("edition", EDITIONS)
def test_l31_the_fluid_takes_everything(edition) -> None:
    by_side = ledgers(edition, (Side.ZWERGE, Side.FLUID))
    by_side[Side.ZWERGE] = replace(by_side[Side.ZWERGE], groups=())
    result = goal(edition, (Side.ZWERGE, Side.FLUID), list(by_side.values()))
    left = len(by_side[count_side(edition)].groups)
    groups = f"{left} group{'' if left == 1 else 's'}"
    assert result.sides[-1].missing == (f"{groups} of the other sides on the board",)
    by_side[count_side(edition)] = replace(by_side[count_side(edition)], groups=())
    assert winners(edition, by_side, (Side.ZWERGE, Side.FLUID)) == ["zwerge", "fluid"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_l31_l18_angels_off_the_board_are_not_left_for_the_fluid(edition) -> None:
    # The Fluid takes groups on the board (L30 4); angels off it cannot be taken, and the
    # angels' last one comes back at once (L18): they do not keep the Fluid from its aim.
    peoples = (Side.ENGEL, Side.FLUID)
    by_side = ledgers(edition, peoples)
    by_side[count_side(edition)] = replace(by_side[count_side(edition)], groups=())
    angels = by_side[Side.ENGEL]
    assert all(t.off_board for t in angels.groups)
    assert goal(edition, peoples, list(by_side.values())).sides[-1].met
    on_board = replace(angels, groups=(replace(angels.groups[0], off_board=False), *angels.groups[1:]))
    by_side[Side.ENGEL] = on_board
    assert goal(edition, peoples, list(by_side.values())).sides[-1].missing == (
        "1 group of the other sides on the board",
    )


@pytest.mark.parametrize("edition", EDITIONS)
def test_l9_one_ledger_per_side_in_play(edition) -> None:
    by_side = ledgers(edition)
    with pytest.raises(InvalidPositionError) as err:
        goal(edition, PEOPLES, list(by_side.values())[:3])
    assert (err.value.rule, err.value.field) == ("L9", "/ledgers")
    with pytest.raises(InvalidPositionError) as err:
        goal(edition, PEOPLES, [*by_side.values(), by_side[Side.ENGEL]])
    assert (err.value.rule, err.value.field) == ("L9", "/ledgers/4/side")
