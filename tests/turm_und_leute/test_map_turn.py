"""A side's turn judged on a map (service/turm_und_leute/map_turn.py): the ledger's rules
first, then the map's, the first illegal action with its rule; a legal turn answers the
map after it."""

from __future__ import annotations

from dataclasses import replace

from service.turm_und_leute.actions import (
    Absorb,
    Action,
    Attack,
    Bridge,
    Build,
    Hire,
    Move,
    MovePlanet,
    Place,
    Violation,
)
from service.turm_und_leute.board import Field, Fluid, Map, example_map, parse_field
from service.turm_und_leute.map_rules import worlds_moved
from service.turm_und_leute.map_turn import MapTurn, play_on_map
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.position import Ledger, Project
from service.turm_und_leute.turn import play_turn

from .ledgers import SUS, start, with_supply

PEOPLES = (Side.ZWERGE, Side.FLUID)


def f(name: str) -> Field:
    found = parse_field(name)
    assert found is not None
    return found


def ledger(side: Side) -> Ledger:
    """The side's ledger at the start, with the markers of a turn (the Fluid has none)."""
    found = start(SUS, side, PEOPLES)
    return found if side is Side.FLUID else replace(found, markers=8)


def played(
    side: Side,
    *actions: Action,
    board: Map | None = None,
    the_ledger: Ledger | None = None,
    begin: bool = False,
) -> MapTurn:
    found = play_on_map(
        SUS,
        PEOPLES,
        the_ledger or ledger(side),
        actions,
        board or example_map(),
        start=begin,
        end=side is not Side.FLUID,
    )
    assert isinstance(found, MapTurn), found
    return found


def refused(
    side: Side, *actions: Action, board: Map | None = None, the_ledger: Ledger | None = None
) -> Violation:
    found = play_on_map(
        SUS, PEOPLES, the_ledger or ledger(side), actions, board or example_map(), start=False, end=False
    )
    assert isinstance(found, Violation), found
    return found


def test_ls16_a_move_on_a_map_goes_where_the_map_lets_it() -> None:
    after = played(Side.ZWERGE, Move("zwerge-1", field=f("green:0:0")))
    assert after.map.piece(Side.ZWERGE, "zwerge-1").field == f("green:0:0")  # type: ignore[union-attr]
    assert after.result.markers_spent == 1
    far = refused(Side.ZWERGE, Move("zwerge-1", field=f("green:0:3")))
    assert (far.index, far.rule) == (0, "LS16")
    nowhere = refused(Side.ZWERGE, Move("zwerge-1"))
    assert nowhere.rule == "LS16"


def test_ls17_a_move_between_worlds_needs_its_bridge_paid_first() -> None:
    imperator = ledger(Side.IMPERATOR)
    unpaid = refused(Side.IMPERATOR, Move("arbeiter-5", field=f("red:0:0")), the_ledger=imperator)
    assert (unpaid.index, unpaid.rule) == (0, "LS17")
    short = refused(Side.IMPERATOR, Bridge(2), Move("arbeiter-5", field=f("red:0:0")), the_ledger=imperator)
    assert (short.index, short.rule) == (1, "LS17")
    paid = played(Side.IMPERATOR, Bridge(1), Move("arbeiter-5", field=f("red:0:0")), the_ledger=imperator)
    assert paid.result.markers_spent == 2 + 1 and paid.map.bridged("blue", "red")
    # The bridge holds: the next crossing pays nothing more.
    again = played(
        Side.IMPERATOR, Move("arbeiter-6", field=f("red:0:1")), board=paid.map, the_ledger=imperator
    )
    assert again.result.markers_spent == 1


def test_ls6_the_imperators_turn_moves_the_worlds_on_the_map() -> None:
    after = played(Side.IMPERATOR, begin=True)
    assert after.map.places == worlds_moved(example_map()).places
    dwarves = played(Side.ZWERGE, begin=True)
    assert dwarves.map == example_map()


def test_ls18_an_attack_on_a_map_names_a_field_in_range() -> None:
    near = played(Side.ZWERGE, Attack("zwerge-2", field=f("techno:0:0")))
    assert near.map == example_map()  # the fight itself is the combat's
    far = refused(Side.ZWERGE, Attack("zwerge-1", field=f("red:0:2")))
    assert far.rule == "LS18"
    assert refused(Side.ZWERGE, Attack("zwerge-1")).rule == "LS18"


def test_ls20_a_tower_sector_is_not_attacked_from_another_world_in_a_turn() -> None:
    found = refused(Side.ZWERGE, Attack("zwerge-2", field=f("techno:3:1")))
    assert found.rule == "LS20"


def test_ls22_an_attack_from_a_tower_sector_destroys_a_fluid() -> None:
    board = replace(example_map(), fluids=(Fluid(f("techno:2:2")),))
    after = played(Side.IMPERATOR, Attack("strahlenwerfer-1", field=f("techno:2:2")), board=board)
    assert after.map.fluids == ()
    found = refused(
        Side.IMPERATOR,
        Attack("elektrokaempfer-2", field=f("techno:1:2")),
        board=replace(board, fluids=(Fluid(f("techno:1:2")),)),
    )
    assert found.rule == "LS22"


def test_ls15_a_hired_group_is_placed_on_the_map() -> None:
    rich = with_supply(SUS, ledger(Side.ZWERGE), gold=5)
    after = played(Side.ZWERGE, Hire(3, field=f("green:0:0")), the_ledger=rich)
    new = after.map.piece(Side.ZWERGE, "zwerge-4")
    assert new is not None and new.field == f("green:0:0")
    taken = refused(Side.ZWERGE, Hire(3, field=f("green:0:1")), the_ledger=rich)
    assert taken.rule == "LS15"


def test_ls19_a_tower_is_built_in_a_2_sector() -> None:
    builder = with_supply(SUS, ledger(Side.IMPERATOR), wood=4, stone=4)
    after = played(Side.IMPERATOR, Build(Project.TOWER, field=f("red:1:0")), the_ledger=builder)
    assert len(after.map.towers) == 2
    found = refused(Side.IMPERATOR, Build(Project.TOWER, field=f("red:0:0")), the_ledger=builder)
    assert found.rule == "LS19"


def test_ls12_the_fluid_moves_a_planet_on_the_map() -> None:
    after = played(Side.FLUID, MovePlanet("red", 1))
    assert after.map.places["red"].field == 1
    assert refused(Side.FLUID, MovePlanet("blue", 1)).rule == "LS12"
    placed = played(Side.FLUID, Place(f("green:0:0")), Place(f("green:0:5")))
    assert len(placed.map.fluids) == 4


def test_ls21_the_fluid_takes_a_group_bordered_by_four_fluids() -> None:
    around = ("green:0:1", "green:1:0", "green:1:2", "green:2:1")
    board = replace(
        example_map(),
        groups=(
            *example_map().groups,
            example_map()
            .groups[0]
            .__class__(Side.IMPERATOR, "x", example_map().groups[1].kind, f("green:1:1")),
        ),
        fluids=tuple(Fluid(f(a)) for a in around),
    )
    fluid = replace(ledger(Side.FLUID), fluids=4)
    after = played(
        Side.FLUID, Absorb(Side.IMPERATOR, "x"), Place(f("red:0:0")), board=board, the_ledger=fluid
    )
    assert after.map.piece(Side.IMPERATOR, "x") is None
    three = replace(board, fluids=board.fluids[:3])
    assert refused(Side.FLUID, Absorb(Side.IMPERATOR, "x"), board=three, the_ledger=fluid).rule == "LS21"


def test_ls13_ls20_an_angel_enters_the_map_but_not_in_a_tower_sector() -> None:
    angels = replace(start(SUS, Side.ENGEL, (Side.ENGEL,)), markers=6)
    found = play_on_map(
        SUS,
        (Side.ENGEL,),
        angels,
        [Move("engel-1", to="board", field=f("green:0:0"))],
        example_map(),
        start=False,
    )
    assert isinstance(found, MapTurn) and found.map.piece(Side.ENGEL, "engel-1") is not None
    tower = play_on_map(
        SUS,
        (Side.ENGEL,),
        angels,
        [Move("engel-1", to="board", field=f("techno:3:5"))],
        example_map(),
        start=False,
    )
    assert isinstance(tower, Violation) and tower.rule == "LS20"
    off = play_on_map(
        SUS, (Side.ENGEL,), angels, [Attack("engel-1", field=f("green:0:0"))], example_map(), start=False
    )
    assert isinstance(off, Violation) and off.rule == "LS13"


def test_l15_the_ledgers_rules_come_first_on_a_map() -> None:
    thrice = [
        Move("daemonenreiter-1", field=f("techno:2:1")),
        Move("daemonenreiter-1", field=f("techno:2:2")),
        Move("daemonenreiter-1", field=f("techno:2:3")),
    ]
    found = refused(Side.IMPERATOR, *thrice)
    assert (found.index, found.rule) == (2, "L15")
    without = play_turn(SUS, PEOPLES, ledger(Side.IMPERATOR), thrice, start=False, end=False)
    assert without == found
