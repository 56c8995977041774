"""A side's turn as a ledger: markers and actions, the economy, hiring, the Fluid
(L14–L30, LS7–LS13), in both editions. Each test plays turns on the set-up's ledgers
(tests/turm_und_leute/ledgers.py) and checks what the rules say they do."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.common import InvalidPositionError
from service.turm_und_leute.actions import (
    Absorb,
    Attack,
    Bridge,
    Build,
    Convert,
    Hire,
    Move,
    MovePlanet,
    Place,
    Relocate,
    Split,
    Work,
)
from service.turm_und_leute.check import check_ledger
from service.turm_und_leute.peoples import PEOPLES, Side, count_side
from service.turm_und_leute.position import Building, Ledger, Project, Resource, Site, Troop, cost, wood
from service.turm_und_leute.units import UNITS, Edition, Kind, translate

from .ledgers import SUS, TUL, play, refuse, start, with_buildings, with_groups, with_supply

EDITIONS = (TUL, SUS)


def k(edition: Edition, name: str) -> Kind:
    """A kind by its base-game name, under the edition's name."""
    return translate(Kind(name), edition)


def g(edition: Edition, name: str) -> str:
    """A group id of the set-up by its base-game name (``reiter-1``), under the edition's."""
    kind, _, n = name.rpartition("-")
    return f"{k(edition, kind).value}-{n}"


def count(edition: Edition) -> Ledger:
    return start(edition, count_side(edition))


# ------------------------------------------------------------------ markers and actions


@pytest.mark.parametrize("edition", EDITIONS)
def test_l14_each_action_lays_one_marker_from_the_supply(edition) -> None:
    result = play(
        edition,
        count(edition),
        Move(g(edition, "reiter-1")),
        Work("arbeiter-1", site_forest(edition)),
        Attack(g(edition, "pikeniere-1")),
    )
    assert result.markers_spent == 3 and result.ledger.markers == 12 - 3
    marked = {t.id: (t.markers, t.actions_used) for t in result.ledger.groups if t.markers}
    assert marked == {g(edition, "reiter-1"): (1, 1), "arbeiter-1": (1, 1), g(edition, "pikeniere-1"): (1, 1)}


def site_forest(edition: Edition) -> Site:
    return Site.FOREST if edition is TUL else Site.GREEN


@pytest.mark.parametrize("edition", EDITIONS)
def test_l14_no_action_without_a_marker(edition) -> None:
    one_people = start(edition, count_side(edition), (Side.ENGEL,))  # 4 markers a turn
    moves = [Move(f"arbeiter-{i}") for i in range(1, 5)] + [Move(g(edition, "reiter-1"))]
    violation = refuse(edition, one_people, *moves, peoples=(Side.ENGEL,))
    assert (violation.index, violation.rule) == (4, "L14")
    assert "needs 1 marker from the supply, which has 0" in violation.detail


@pytest.mark.parametrize("edition", EDITIONS)
def test_l14_an_action_names_a_group_of_the_side(edition) -> None:
    violation = refuse(edition, count(edition), Move("zwerge-1"))
    assert (violation.index, violation.rule) == (0, "L14")


@pytest.mark.parametrize("edition", EDITIONS)
def test_l14_saved_markers_may_all_be_played(edition) -> None:
    ledger = with_supply(edition, start(edition, Side.ZWERGE), markers=30)
    result = play(edition, ledger, Move("zwerge-1"), Move("zwerge-2"), Move("zwerge-3"))
    assert result.ledger.markers == 30 + 6 - 3


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("name", "actions"),
    [("reiter", 2), ("pikeniere", 1), ("bogenschuetzen", 1), ("arbeiter", 1), ("graf", 1)],
)
def test_l15_one_action_a_turn_riders_two(edition, name, actions) -> None:
    kind = k(edition, name)
    group = next(t.id for t in count(edition).groups if t.kind is kind)
    assert play(edition, count(edition), *[Move(group)] * actions).markers_spent == actions
    violation = refuse(edition, count(edition), *[Move(group)] * (actions + 1))
    assert (violation.index, violation.rule) == (actions, "L15")


@pytest.mark.parametrize("edition", EDITIONS)
def test_l15_angels_act_twice(edition) -> None:
    angels = start(edition, Side.ENGEL)
    result = play(edition, angels, Move("engel-1", to="board"), Attack("engel-1"))
    assert result.ledger.group("engel-1") == Troop("engel-1", Kind.ENGEL, 1, 2, 2, False)
    assert (
        refuse(edition, angels, Move("engel-1", to="board"), Attack("engel-1"), Move("engel-1")).rule == "L15"
    )


@pytest.mark.parametrize("edition", EDITIONS)
def test_l15_a_group_placed_marked_does_not_act_that_turn(edition) -> None:
    ledger = with_buildings(count(edition), farm=1) if edition is TUL else count(edition)
    site = Site.FIELD if edition is TUL else Site.BLUE
    result = play(edition, ledger, Work("arbeiter-1", site))
    new = result.ledger.groups[-1]
    assert (new.kind, new.markers, new.actions_used, new.blocked) == (Kind.ARBEITER, 1, 0, True)
    violation = refuse(edition, ledger, Work("arbeiter-1", site), Move(new.id))
    assert (violation.index, violation.rule) == (1, "L15")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("name", "verb", "allowed"),
    [
        ("arbeiter", "attack", False),
        ("arbeiter", "work", True),
        ("graf", "attack", False),
        ("graf", "work", False),
        ("graf", "move", True),
        ("pikeniere", "attack", True),
        ("reiter", "work", True),
    ],
)
def test_l16_workers_move_or_work_the_count_moves(edition, name, verb, allowed) -> None:
    kind = k(edition, name)
    group = next(t.id for t in count(edition).groups if t.kind is kind)
    action = {"move": Move(group), "attack": Attack(group), "work": Work(group, site_forest(edition))}[verb]
    if allowed:
        play(edition, count(edition), action)
    else:
        assert refuse(edition, count(edition), action).rule == "L16"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l16_l24_dwarves_and_angels_are_fighters_and_work(edition) -> None:
    # "Kämpfer" are every fighting group: the dwarves' and the angels' too (L16, L24).
    result = play(edition, start(edition, Side.ZWERGE), Work("zwerge-1", site_forest(edition)))
    assert result.production == {wood(edition).value: 1}
    angels = start(edition, Side.ENGEL)
    result = play(edition, angels, Move("engel-1", to="board"), Work("engel-1", site_forest(edition)))
    assert result.production == {wood(edition).value: 1}
    # Not for gold, which only the angels' workers make (L23), and not off the board (L18).
    assert refuse(edition, angels, Move("engel-1", to="board"), Work("engel-1", Site.GOLD)).rule == "L23"
    assert refuse(edition, angels, Work("engel-1", site_forest(edition))).rule == "L18"
    # A dwarves' group works whole, as the count's fighters do.
    few = replace(start(edition, Side.ZWERGE), groups=(Troop("zwerge-1", Kind.ZWERGE, 3),))
    assert refuse(edition, few, Work("zwerge-1", site_forest(edition))).rule == "L24"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l17_defence_markers_are_gone_at_the_start_and_cost_the_supply_nothing(edition) -> None:
    # A group that defended in another side's turn carries a marker from outside the supply.
    dwarves = start(edition, Side.ZWERGE)
    defended = replace(dwarves, groups=tuple(replace(t, markers=1) for t in dwarves.groups))
    assert all(t.blocked for t in defended.groups)
    result = play(edition, defended, Attack("zwerge-1"))
    assert result.ledger.markers == 6 - 1
    assert not result.ledger.group("zwerge-2").blocked
    assert result.events[0].members == {"markers": 3}
    # Without the start, the blocked group may not act.
    assert refuse(edition, defended, Attack("zwerge-1"), start=False).rule == "L15"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l18_angels_enter_from_the_edge_and_flee(edition) -> None:
    angels = start(edition, Side.ENGEL)
    assert refuse(edition, angels, Move("engel-1")).rule == "L18"
    result = play(
        edition, angels, Move("engel-1", to="board"), Move("engel-1", to="off"), Move("engel-2", to="board")
    )
    assert [(t.id, t.off_board) for t in result.ledger.groups] == [("engel-1", True), ("engel-2", False)]
    assert refuse(edition, angels, Move("engel-1", to="board"), Move("engel-2", to="off")).rule == "L18"
    assert refuse(edition, angels, Move("engel-1", to="board"), Move("engel-1", to="board")).rule == "L18"
    assert refuse(edition, count(edition), Move(g(edition, "reiter-1"), to="board")).rule == "L18"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l18_ls13_angels_off_the_board_do_not_attack(edition) -> None:
    violation = refuse(edition, start(edition, Side.ENGEL), Attack("engel-1"))
    assert violation.rule == ("LS13" if edition is SUS else "L18")
    play(edition, start(edition, Side.ENGEL), Move("engel-1", to="board"), Attack("engel-1"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_l18_the_last_angel_comes_back_off_the_board(edition) -> None:
    none_left = with_groups(
        replace(start(edition, Side.ENGEL), groups=()), Troop("arbeiter-1", Kind.ARBEITER, 1)
    )
    result = play(edition, none_left)
    assert [(t.kind, t.off_board, t.markers) for t in result.ledger.groups][-1] == (Kind.ENGEL, True, 0)
    assert "angel_returned" in [e.type for e in result.events]
    result = play(edition, start(edition, Side.ENGEL))
    assert "angel_returned" not in [e.type for e in result.events]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    ("side", "group", "kept"),
    [
        (Side.ZWERGE, "zwerge-1", True),
        (Side.ENGEL, "engel-1", True),
        (None, "reiter-1", False),
    ],
)
def test_l19_only_angels_and_dwarves_keep_gold(edition, side, group, kept) -> None:
    ledger = start(edition, side or count_side(edition))
    move = Move(group if side else g(edition, group), "board" if side is Side.ENGEL else None, gold=2)
    result = play(edition, ledger, move)
    gold = [r for r in Resource if r.value in ("gold", "uranium") and r in ledger.resources][0]
    assert result.ledger.resource(gold) == (2 if kept else 0)
    assert result.events[-1].members == {"group": move.group, "gold": 2, "kept": kept}


# ----------------------------------------------------------------------------- economy


@pytest.mark.parametrize("edition", EDITIONS)
def test_l20_forest_gives_one_wood(edition) -> None:
    result = play(
        edition,
        count(edition),
        Work("arbeiter-1", site_forest(edition)),
        Work(g(edition, "pikeniere-1"), site_forest(edition)),
    )
    wood = Resource.WOOD if edition is TUL else Resource.BIOMASS
    assert result.ledger.resource(wood) == 2 and result.production == {wood.value: 2}


def test_l21_a_field_gives_a_worker_only_with_a_farm() -> None:
    assert refuse(TUL, count(TUL), Work("arbeiter-1", Site.FIELD)).rule == "L21"
    result = play(
        TUL, with_buildings(count(TUL), farm=1), Work("arbeiter-1", Site.FIELD), Work("reiter-1", Site.FIELD)
    )
    assert result.production == {"arbeiter": 2}
    assert [t.id for t in result.ledger.groups][-2:] == ["arbeiter-13", "arbeiter-14"]


def test_l22_a_quarry_gives_one_stone_per_worker() -> None:
    assert refuse(TUL, count(TUL), Work("arbeiter-1", Site.QUARRY)).rule == "L22"
    result = play(
        TUL, with_buildings(count(TUL), quarry=1), *(Work(f"arbeiter-{i}", Site.QUARRY) for i in (1, 2, 3))
    )
    assert result.ledger.resource(Resource.STONE) == 3 and result.production == {"stone": 3}


@pytest.mark.parametrize("edition", EDITIONS)
def test_l23_the_angels_workers_make_gold(edition) -> None:
    angels = with_groups(start(edition, Side.ENGEL), Troop("arbeiter-1", Kind.ARBEITER, 1))
    result = play(edition, angels, Work("arbeiter-1", Site.GOLD))
    gold = Resource.GOLD if edition is TUL else Resource.URANIUM
    assert result.ledger.resource(gold) == 1 and result.production == {gold.value: 1}
    assert refuse(edition, count(edition), Work("arbeiter-1", Site.GOLD)).rule == "L23"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l24_fighters_work_only_as_a_whole_group(edition) -> None:
    pikemen = k(edition, "pikeniere")
    ledger = with_groups(count(edition), Troop("half", pikemen, 3))
    assert refuse(edition, ledger, Work("half", site_forest(edition))).rule == "L24"
    play(edition, ledger, Work(g(edition, "pikeniere-1"), site_forest(edition)))


@pytest.mark.parametrize("project", [Project.FARM, Project.QUARRY])
def test_l25_farm_and_quarry_cost_four_wood(project) -> None:
    assert refuse(TUL, with_supply(TUL, count(TUL), wood=3), Build(project)).rule == "L25"
    result = play(TUL, with_supply(TUL, count(TUL), wood=9), Build(project), Build(project))
    assert result.ledger.resource(Resource.WOOD) == 1 and result.ledger.building(Building(project.value)) == 2
    assert result.markers_spent == 0


def test_l26_castle_parts_then_the_gate() -> None:
    rich = with_supply(TUL, count(TUL), wood=100, stone=100)
    result = play(TUL, rich, *[Build(Project.CASTLE_PART)] * 3, Build(Project.GATE))
    b = result.ledger.buildings
    assert (b[Building.TOWER], b[Building.WALL], b[Building.GATE]) == (4, 3, 1)
    assert result.ledger.resource(Resource.WOOD) == 100 - 16 and result.ledger.resource(Resource.STONE) == 84
    assert refuse(TUL, rich, Build(Project.CASTLE_PART), Build(Project.GATE)).rule == "L26"
    assert refuse(TUL, rich, *[Build(Project.CASTLE_PART)] * 4).index == 3
    assert (
        refuse(TUL, with_supply(TUL, count(TUL), wood=4, stone=3), Build(Project.CASTLE_PART)).rule == "L26"
    )
    assert (
        refuse(
            TUL, with_supply(TUL, start(TUL, Side.ZWERGE), wood=8, stone=8), Build(Project.CASTLE_PART)
        ).rule
        == "L26"
    )


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("side", "project"), [(Side.ENGEL, Project.DRAGON), (Side.ZWERGE, Project.CATAPULT)])
def test_l27_dragon_and_catapult_cost_23_gold(edition, side, project) -> None:
    ledger = with_supply(edition, start(edition, side), gold=30)
    result = play(edition, ledger, Build(project))
    assert result.ledger.building(Building(project.value)) == 1
    assert sum(result.ledger.resources.values()) == 7
    assert refuse(edition, ledger, Build(project), Build(project)).rule == "L27"
    assert refuse(edition, with_supply(edition, start(edition, side), gold=22), Build(project)).rule == "L27"
    other = Side.ZWERGE if side is Side.ENGEL else Side.ENGEL
    assert refuse(edition, with_supply(edition, start(edition, other), gold=30), Build(project)).rule == "L27"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(("into", "groups"), [("reiter", 1), ("bogenschuetzen", 1), ("pikeniere", 2)])
def test_l28_five_unmarked_workers_become_fighters(edition, into, groups) -> None:
    kind = k(edition, into)
    workers = tuple(f"arbeiter-{i}" for i in range(1, 6))
    result = play(edition, count(edition), Convert(workers, kind))
    assert result.markers_spent == 0
    new = [t for t in result.ledger.groups if t.markers]
    assert [(t.kind, t.figures, t.blocked) for t in new] == [
        (kind, UNITS[edition][kind].max_figures, True)
    ] * groups
    assert not any(t.id in workers for t in result.ledger.groups)
    # A marked worker is not converted; four are not enough; workers do not become dwarves.
    assert refuse(edition, count(edition), Move("arbeiter-1"), Convert(workers, kind)).rule == "L28"
    assert refuse(edition, count(edition), Convert(workers[:4], kind)).rule == "L28"
    assert refuse(edition, count(edition), Convert(workers, Kind.ZWERGE)).rule == "L28"
    # The other edition's name for the same kind is not a kind of this one.
    assert refuse(edition, count(edition), Convert(workers, k(other(edition), into))).rule == "L28"


def other(edition: Edition) -> Edition:
    return SUS if edition is TUL else TUL


def test_l29_angels_hire_off_the_board_and_do_nothing_else() -> None:
    angels = with_supply(TUL, start(TUL, Side.ENGEL), gold=14)
    result = play(TUL, angels, Hire(), Hire())
    new = result.ledger.groups[-2:]
    assert [(t.kind, t.off_board, t.blocked) for t in new] == [(Kind.ENGEL, True, True)] * 2
    assert result.ledger.resource(Resource.GOLD) == 0 and result.markers_spent == 0
    assert refuse(TUL, angels, Hire(), Hire(), Hire()).rule == "L29"
    assert refuse(TUL, angels, Move("engel-1", to="board"), Hire()).index == 1
    assert refuse(TUL, angels, Hire(), Move("engel-1", to="board")).index == 1
    on_board = replace(angels, groups=(replace(angels.groups[0], off_board=False), angels.groups[1]))
    assert refuse(TUL, on_board, Hire()).rule == "L29"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l29_dwarves_pay_one_gold_per_life(edition) -> None:
    dwarves = with_supply(edition, start(edition, Side.ZWERGE), gold=8)
    result = play(edition, dwarves, Hire(5), Hire(3), Move("zwerge-1"))
    assert [(t.figures, t.blocked) for t in result.ledger.groups[-2:]] == [(5, True), (3, True)]
    assert sum(result.ledger.resources.values()) == 0
    assert refuse(edition, dwarves, Hire(6)).rule == "L29"
    assert refuse(edition, dwarves, Hire(5), Hire(4)).index == 1
    assert refuse(edition, with_supply(edition, count(edition), gold=10), Hire(1)).rule == "L29"


def test_ls11_angels_hire_on_the_board_among_other_actions() -> None:
    angels = with_supply(SUS, start(SUS, Side.ENGEL), gold=7)
    angels = replace(angels, groups=(replace(angels.groups[0], off_board=False), angels.groups[1]))
    result = play(SUS, angels, Attack("engel-1"), Hire(), Move("engel-2", to="board"))
    new = result.ledger.groups[-1]
    assert (new.kind, new.off_board, new.blocked) == (Kind.ENGEL, False, True)
    assert result.ledger.resource(Resource.URANIUM) == 0


# ---------------------------------------------------------------------------- the Fluid


@pytest.mark.parametrize("edition", EDITIONS)
def test_l30_the_fluid_makes_exactly_two_moves(edition) -> None:
    fluid = start(edition, Side.FLUID)
    result = play(edition, fluid, Place(), Relocate())
    assert (result.ledger.fluids, result.markers_spent) == (6, 0)
    violation = refuse(edition, fluid, Place())
    assert (violation.index, violation.rule) == (1, "L30")
    play(edition, fluid, Place(), end=False)
    assert refuse(edition, fluid, Place(), Place(), Place()).index == 2
    assert refuse(edition, fluid, Move("x")).rule == "L30"
    assert refuse(edition, count(edition), Place()).rule == "L30"


@pytest.mark.parametrize("edition", EDITIONS)
def test_l30_absorb_and_split(edition) -> None:
    fluid = start(edition, Side.FLUID)
    result = play(edition, fluid, Absorb(Side.ZWERGE, "zwerge-1"), Place())
    assert (result.ledger.fluids, result.ledger.stacks, result.ledger.singles) == (7, (5,), 2)
    assert result.events[-2].members == {"side": "zwerge", "group": "zwerge-1"}
    stacked = result.ledger
    result = play(edition, stacked, Split(0, (2, 2, 1)), Relocate())
    assert (result.ledger.fluids, result.ledger.stacks, result.ledger.singles) == (7, (2, 2), 3)
    assert refuse(edition, stacked, Split(0, (3, 3)), Place()).rule == "L30"
    assert refuse(edition, stacked, Split(1, (2, 3)), Place()).rule == "L30"
    assert refuse(edition, stacked, Absorb(Side.ENGEL, "engel-1"), Place()).rule == "L30"  # 2 singles left
    assert refuse(edition, fluid, Absorb(Side.FLUID, "x"), Place()).rule == "L30"
    assert refuse(edition, fluid, Absorb(Side.ENGEL, "engel-1"), Place(), peoples=(Side.FLUID,)).rule == "L30"
    assert refuse(edition, replace(fluid, fluids=1), Relocate(), Place()).rule == "L30"


# ------------------------------------------------------------------- Stahl und Sterne


def test_ls7_a_bridge_costs_two_markers_per_field() -> None:
    result = play(SUS, count(SUS), Bridge(3), Move("daemonenreiter-1"))
    assert (result.markers_spent, result.ledger.markers) == (7, 12 - 7)
    assert result.events[-2].members == {"fields": 3, "markers": 6}
    assert refuse(SUS, count(SUS), Bridge(7)).rule == "LS7"
    assert refuse(TUL, count(TUL), Bridge(1)).rule == "LS7"


@pytest.mark.parametrize(
    ("site", "produced"), [(Site.GREEN, "biomass"), (Site.BLUE, "arbeiter"), (Site.RED, "iron")]
)
def test_ls8_the_worlds_replace_the_buildings(site, produced) -> None:
    result = play(SUS, count(SUS), Work("arbeiter-1", site))
    assert result.production == {produced: 1}
    assert refuse(SUS, count(SUS), Work("arbeiter-1", Site.FOREST)).rule == "LS8"
    assert refuse(TUL, count(TUL), Work("arbeiter-1", site)).rule == "LS8"
    assert refuse(SUS, with_supply(SUS, count(SUS), wood=8), Build(Project.FARM)).rule == "LS8"


def test_ls9_the_imperators_presence_doubles() -> None:
    result = play(SUS, count(SUS), Work("arbeiter-1", Site.RED, True), Work("arbeiter-2", Site.BLUE, True))
    assert result.production == {"iron": 2, "arbeiter": 2}
    assert refuse(TUL, count(TUL), Work("arbeiter-1", Site.FOREST, True)).rule == "LS9"


def test_ls9_the_imperator_doubles_the_planets_production_whoever_works_it() -> None:
    # "Er verdoppelt durch seine Anwesenheit auf einem Planeten die Produktion": the
    # planet's, so another side's work there is doubled too.
    angels = with_groups(start(SUS, Side.ENGEL), Troop("arbeiter-1", Kind.ARBEITER, 1))
    assert play(SUS, angels, Work("arbeiter-1", Site.GOLD, True)).production == {"uranium": 2}
    dwarves = start(SUS, Side.ZWERGE)
    assert play(SUS, dwarves, Work("zwerge-1", Site.RED, True)).production == {"iron": 2}
    assert play(SUS, dwarves, Work("zwerge-1", Site.RED)).production == {"iron": 1}
    # Turm und Leute has no imperator: the member is refused there, for every side.
    tul_dwarves = start(TUL, Side.ZWERGE)
    assert refuse(TUL, tul_dwarves, Work("zwerge-1", Site.FOREST, True)).rule == "LS9"


def test_ls10_towers_cost_biomass_and_iron() -> None:
    rich = with_supply(SUS, count(SUS), wood=12, stone=12)
    result = play(SUS, rich, *[Build(Project.TOWER)] * 3)
    assert result.ledger.building(Building.TOWER) == 4 and sum(result.ledger.resources.values()) == 0
    assert dict(cost(SUS, Project.TOWER)) == {Resource.BIOMASS: 4, Resource.IRON: 4}
    assert (
        refuse(SUS, with_supply(SUS, count(SUS), wood=16, stone=16), *[Build(Project.TOWER)] * 4).rule
        == "LS10"
    )
    assert (
        refuse(SUS, with_supply(SUS, start(SUS, Side.ZWERGE), wood=4, stone=4), Build(Project.TOWER)).rule
        == "LS10"
    )
    assert refuse(SUS, rich, Build(Project.CASTLE_PART)).rule == "LS8"
    assert refuse(TUL, with_supply(TUL, count(TUL), wood=4, stone=4), Build(Project.TOWER)).rule == "L26"


def test_ls12_moving_a_planet_takes_both_moves() -> None:
    fluid = start(SUS, Side.FLUID)
    result = play(SUS, fluid, MovePlanet())
    assert [e.type for e in result.events][-1] == "planet_moved"
    assert refuse(SUS, fluid, Place(), MovePlanet()).rule == "LS12"
    assert refuse(SUS, fluid, MovePlanet(), Place()).rule == "L30"
    assert refuse(TUL, start(TUL, Side.FLUID), MovePlanet()).rule == "LS12"


# ----------------------------------------------------------------- impossible ledgers


@pytest.mark.parametrize(
    ("change", "rule", "field"),
    [
        (lambda led: with_groups(led, Troop("graf", Kind.GRAF, 1)), "L14", "/ledger/groups/25/id"),
        (lambda led: with_groups(led, Troop("x", Kind.IMPERATOR, 1)), "L1", "/ledger/groups/25/kind"),
        (lambda led: with_groups(led, Troop("x", Kind.REITER, 3)), "L1", "/ledger/groups/25/figures"),
        (lambda led: with_groups(led, Troop("x", Kind.GRAF, 1)), "L11", "/ledger/groups/25/kind"),
        (
            lambda led: with_groups(led, Troop("x", Kind.REITER, 2, 3, 3)),
            "L15",
            "/ledger/groups/25/actions_used",
        ),
        (lambda led: with_groups(led, Troop("x", Kind.REITER, 2, 0, 1)), "L14", "/ledger/groups/25/markers"),
        (
            lambda led: with_groups(led, Troop("x", Kind.REITER, 2, off_board=True)),
            "L18",
            "/ledger/groups/25/off_board",
        ),
        (lambda led: with_buildings(led, tower=5), "L26", "/ledger/buildings/tower"),
        (lambda led: with_buildings(led, wall=2), "L26", "/ledger/buildings/wall"),
        (lambda led: with_buildings(led, gate=1), "L26", "/ledger/buildings/gate"),
        (lambda led: with_buildings(led, dragon=1), "L27", "/ledger/buildings/dragon"),
        (lambda led: replace(led, fluids=2), "L30", "/ledger/fluids"),
        (lambda led: replace(led, resources={Resource.URANIUM: 1}), "LS4", "/ledger/supply/uranium"),
    ],
)
def test_l1_l11_l14_l15_l18_l26_l27_l30_ls4_impossible_ledgers(change, rule, field) -> None:
    with pytest.raises(InvalidPositionError) as err:
        check_ledger(TUL, PEOPLES, change(count(TUL)))
    assert (err.value.rule, err.value.field) == (rule, field)


def test_l9_l30_ls8_impossible_ledgers_of_the_peoples() -> None:
    for ledger, peoples, rule in [
        (start(TUL, Side.ENGEL), (Side.ZWERGE,), "L9"),
        (replace(start(TUL, Side.FLUID), markers=1), PEOPLES, "L30"),
        (with_groups(start(TUL, Side.FLUID), Troop("x", Kind.ARBEITER, 1)), PEOPLES, "L30"),
        (replace(start(TUL, Side.FLUID), stacks=(3, 3)), PEOPLES, "L30"),
        (with_buildings(start(TUL, Side.ZWERGE), catapult=1, dragon=0), PEOPLES, None),
    ]:
        if rule is None:
            check_ledger(TUL, peoples, ledger)
            continue
        with pytest.raises(InvalidPositionError) as err:
            check_ledger(TUL, peoples, ledger)
        assert err.value.rule == rule
    with pytest.raises(InvalidPositionError) as err:
        check_ledger(SUS, PEOPLES, with_buildings(start(SUS, Side.IMPERATOR), farm=1))
    assert err.value.rule == "LS8"


@pytest.mark.parametrize(("building", "where"), [("tower", "tower"), ("wall", "wall"), ("gate", "gate")])
def test_l26_a_castle_on_a_peoples_ledger_is_named_where_it_stands(building, where) -> None:
    # The pointer names the castle's building the ledger has, not always the tower.
    dwarves = with_buildings(start(TUL, Side.ZWERGE), **{building: 1})
    with pytest.raises(InvalidPositionError) as err:
        check_ledger(TUL, PEOPLES, dwarves)
    assert (err.value.rule, err.value.field) == ("L26", f"/ledger/buildings/{where}")
    with pytest.raises(InvalidPositionError) as err:
        check_ledger(TUL, PEOPLES, dwarves, "/ledgers/1")
    assert (err.value.rule, err.value.field) == ("L26", f"/ledgers/1/buildings/{where}")


@pytest.mark.parametrize(
    ("edition", "moves"),
    [(TUL, "place, relocate, split and absorb"), (SUS, "place, relocate, split, absorb and move_planet")],
)
def test_l30_the_fluid_makes_only_its_moves_and_only_it(edition, moves) -> None:
    assert refuse(edition, start(edition, Side.FLUID), Move("x")).detail == f"the Fluid's moves are {moves}"
    # Named as the contract names the action.
    violation = refuse(edition, count(edition), MovePlanet() if edition is SUS else Place())
    assert violation.rule == "L30"
    assert violation.detail.startswith("move_planet is" if edition is SUS else "place is")
