"""Stahl und Sterne's map (service/turm_und_leute/board.py): its structure, and the rules
on it (map_rules.py), each with a legal and an illegal case named after its rule id."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from service.common.errors import InvalidPositionError, InvalidQueryError
from service.turm_und_leute.board import (
    Field,
    Fluid,
    Map,
    Piece,
    Place,
    Sector,
    Tower,
    TowerTile,
    World,
    check_map,
    example_map,
    parse_field,
)
from service.turm_und_leute.map_rules import (
    Aim,
    Placing,
    absorb_refusal,
    absorbed,
    attack_refusal,
    attack_targets,
    fluid_destroyed,
    help_refusal,
    helpers,
    move_cost,
    move_refusal,
    moved,
    occupy_refusal,
    placement_refusal,
    placements,
    planet_moved,
    planet_refusal,
    reach,
    removed,
    sector_facts,
    worlds_moved,
)
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.units import Kind, Placement

IMP, ZW = Side.IMPERATOR, Side.ZWERGE


def f(name: str) -> Field:
    found = parse_field(name)
    assert found is not None
    return found


def board_with(
    *pieces: tuple[Side, str, Kind, str],
    fluids: tuple[tuple[str, int], ...] = (),
    towers: tuple[tuple[str, Tower], ...] = (("techno:3:0", Tower.BIG),),
    bridges: tuple[tuple[str, str], ...] = (),
) -> Map:
    """The example's worlds and solar system with only the pieces given."""
    board = example_map()
    made = replace(
        board,
        groups=tuple(Piece(side, name, kind, f(spot)) for side, name, kind, spot in pieces),
        towers=tuple(TowerTile(f(spot), size) for spot, size in towers),
        fluids=tuple(Fluid(f(spot), height) for spot, height in fluids),
        bridges=bridges,
    )
    check_map(made)
    return made


def rule_of(found: object) -> str | None:
    return getattr(found, "rule", None)


# ------------------------------------------------------------------ the map's structure


def test_the_example_map_is_a_map_the_rules_allow() -> None:
    board = example_map()
    check_map(board)
    assert {w.name for w in board.worlds} == {"techno", "green", "blue", "red"}
    # The blue world's sectors of 5 and 3, as the text names them (LS15).
    assert sorted(s.capacity for s in board.world("blue").sectors) == [3, 5]


def test_ls14_ls15_ls17_a_map_whose_parts_do_not_fit_names_its_rule_and_member() -> None:
    board = example_map()
    techno = board.worlds[0]
    with pytest.raises(InvalidPositionError) as short_row:
        check_map(
            replace(board, worlds=(replace(techno, layout=(*techno.layout[:3], "ggg")), *board.worlds[1:]))
        )
    assert (short_row.value.rule, short_row.value.field) == ("LS14", "/map/worlds/0/layout/3")
    with pytest.raises(InvalidPositionError) as outside:
        check_map(replace(board, fluids=(Fluid(Field("red", 9, 0)),)))
    assert (outside.value.rule, outside.value.field) == ("LS14", "/map/fluids/0/field")
    with pytest.raises(InvalidPositionError) as no_orbit:
        check_map(board.placing({"red": Place(7, 0)}))
    assert (no_orbit.value.rule, no_orbit.value.field) == ("LS17", "/map/worlds/3/orbit")
    with pytest.raises(InvalidPositionError) as letter:
        bad = World("x", ("ab",), (Sector("a", 1),), Place(2, 0))
        check_map(replace(board, worlds=(*board.worlds, bad)))
    assert (letter.value.rule, letter.value.field) == ("LS15", "/map/worlds/4/layout/0")


def test_l1_a_kind_stahl_und_sterne_does_not_have_is_refused_on_the_map() -> None:
    board = example_map()
    check_map(board)
    with pytest.raises(InvalidPositionError) as refused:
        check_map(replace(board, groups=(replace(board.groups[0], kind=Kind.PIKENIERE),)))
    assert (refused.value.rule, refused.value.field) == ("L1", "/map/groups/0/kind")


def test_l14_two_groups_of_one_side_and_id_are_refused() -> None:
    board_with((IMP, "a", Kind.ARBEITER, "techno:0:0"), (ZW, "a", Kind.ZWERGE, "techno:0:1"))
    with pytest.raises(InvalidPositionError) as refused:
        board_with((IMP, "a", Kind.ARBEITER, "techno:0:0"), (IMP, "a", Kind.ARBEITER, "techno:0:1"))
    assert (refused.value.rule, refused.value.field) == ("L14", "/map/groups/1/id")


# ------------------------------------------------------------------------------ LS14


def test_ls14_a_world_is_joined_left_to_right_like_a_cylinder() -> None:
    board = example_map()
    assert f("techno:0:7") in board.neighbours(f("techno:0:0"))
    assert f("green:2:5") in board.neighbours(f("green:2:0"))


def test_ls14_the_top_and_bottom_rows_are_not_joined() -> None:
    board = example_map()
    assert f("techno:3:0") not in board.neighbours(f("techno:0:0"))
    assert len(board.neighbours(f("techno:0:3"))) == 3
    assert len(board.neighbours(f("techno:1:3"))) == 4


# ------------------------------------------------------------------------------ LS15


def test_ls15_fluids_do_not_count_for_a_sector() -> None:
    # Sector c of the green world holds 2: two tiles and a fluid stand in it.
    board_with(
        (ZW, "z1", Kind.ZWERGE, "green:2:0"), (ZW, "z2", Kind.ZWERGE, "green:2:1"), fluids=(("green:1:0", 1),)
    )
    board = board_with((ZW, "z1", Kind.ZWERGE, "green:2:0"), fluids=(("green:2:1", 1),))
    assert placement_refusal(board, Placing.GROUP, f("green:1:1")) is None


def test_ls15_a_sector_over_its_capacity_is_refused() -> None:
    with pytest.raises(InvalidPositionError) as refused:
        board_with(*((ZW, f"z{i}", Kind.ZWERGE, f"blue:{i // 3}:{3 + i % 3}") for i in range(4)))
    assert (refused.value.rule, refused.value.field) == ("LS15", "/map/groups/3/field")


def test_ls15_two_tiles_on_one_field_are_refused() -> None:
    with pytest.raises(InvalidPositionError) as refused:
        board_with((ZW, "z1", Kind.ZWERGE, "green:0:0"), fluids=(("green:0:0", 1),))
    assert (refused.value.rule, refused.value.field) == ("LS15", "/map/fluids/0/field")


def test_ls15_the_tower_counts_as_a_tile_of_its_sector() -> None:
    # The 7-sector holds the big tower and six groups, not seven.
    six = [(IMP, f"a{i}", Kind.ARBEITER, f"techno:3:{i}") for i in range(1, 7)]
    board = board_with(*six)
    assert rule_of(placement_refusal(board, Placing.GROUP, f("techno:3:7"))) == "LS15"
    with pytest.raises(InvalidPositionError):
        board_with(*six, (IMP, "a7", Kind.ARBEITER, "techno:3:7"))


def test_ls15_a_move_into_a_full_sector_is_refused_and_within_it_allowed() -> None:
    board = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "green:2:1"),
        (ZW, "z", Kind.ZWERGE, "green:2:0"),
        (ZW, "y", Kind.ZWERGE, "green:1:2"),
    )
    assert rule_of(move_refusal(board, ZW, "y", f("green:2:2"))) is None  # sector d has room
    full = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "green:2:1"),
        (ZW, "z", Kind.ZWERGE, "green:2:0"),
        (ZW, "y", Kind.ZWERGE, "green:1:0"),
    )
    # Sector c (green:2:0, green:2:1) is full; the field green:2:... has no third field, so
    # a group of sector a moving into it is refused for the taken field or the room.
    assert rule_of(move_refusal(full, ZW, "y", f("green:2:0"))) == "LS15"


# ------------------------------------------------------------------------------ LS16


def test_ls16_a_short_move_goes_to_the_next_field() -> None:
    board = board_with((ZW, "z", Kind.ZWERGE, "green:0:0"))
    assert move_refusal(board, ZW, "z", f("green:0:5")) is None  # across the edge (LS14)
    assert rule_of(move_refusal(board, ZW, "z", f("green:0:2"))) == "LS16"
    assert [str(r.field) for r in reach(board, ZW, "z") if r.field.world == "green"] == [
        "green:0:1",
        "green:0:5",
        "green:1:0",
    ]


def test_ls16_a_long_move_passes_over_two_fields_and_over_groups() -> None:
    board = board_with(
        (IMP, "r", Kind.DAEMONENREITER, "techno:0:0"),
        (ZW, "z1", Kind.ZWERGE, "techno:0:1"),
        (ZW, "z2", Kind.ZWERGE, "techno:0:2"),
    )
    assert move_refusal(board, IMP, "r", f("techno:0:3")) is None
    cost = move_cost(board, IMP, "r", f("techno:0:3"))
    assert (cost.markers, [str(p) for p in cost.path], cost.long) == (
        1,
        ["techno:0:0", "techno:0:1", "techno:0:2", "techno:0:3"],
        True,
    )
    assert rule_of(move_refusal(board, IMP, "r", f("techno:0:4"))) == "LS16"


def test_ls16_a_move_never_stops_on_a_taken_field() -> None:
    board = board_with((IMP, "r", Kind.DAEMONENREITER, "techno:0:0"), (ZW, "z1", Kind.ZWERGE, "techno:0:1"))
    assert rule_of(move_refusal(board, IMP, "r", f("techno:0:1"))) == "LS15"
    assert f("techno:0:1") not in {r.field for r in reach(board, IMP, "r")}


def test_ls16_who_moves_long_riders_and_angels_not_foot_soldiers() -> None:
    board = board_with((IMP, "e", Kind.ELEKTROKAEMPFER, "techno:0:0"), (ZW, "g", Kind.ENGEL, "techno:1:3"))
    assert rule_of(move_refusal(board, IMP, "e", f("techno:0:2"))) == "LS16"
    assert move_refusal(board, ZW, "g", f("techno:0:1")) is None


# ------------------------------------------------------------------------------ LS17


def test_ls17_crossing_to_a_world_pays_two_markers_per_field_between() -> None:
    board = board_with((IMP, "a", Kind.ARBEITER, "blue:0:0"))
    assert board.fields_between("blue", "red") == 1
    cost = move_cost(board, IMP, "a", f("red:0:0"))
    assert (cost.markers, cost.bridge) == (1 + 2, 1)
    after = moved(board, IMP, "a", f("red:0:0"))
    assert after.bridged("blue", "red")
    # The bridge holds, for everyone, until the worlds move.
    back = board_with((ZW, "z", Kind.ZWERGE, "blue:0:1"), bridges=(("blue", "red"),))
    assert move_cost(back, ZW, "z", f("red:0:1")).markers == 1


def test_ls17_worlds_side_by_side_cost_no_bridge_and_two_worlds_share_no_field() -> None:
    board = board_with((IMP, "a", Kind.ARBEITER, "blue:0:0"))
    assert move_cost(board, IMP, "a", f("green:0:0")).markers == 1
    with pytest.raises(InvalidPositionError) as refused:
        check_map(board.placing({"red": Place(1, 1)}))
    assert refused.value.rule == "LS17"


# ------------------------------------------------------------------------------ LS18


def test_ls18_directly_adjacent_fields_are_attacked() -> None:
    board = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "red:1:2"),
        (ZW, "z", Kind.ZWERGE, "red:1:3"),
        (ZW, "y", Kind.ZWERGE, "red:1:4"),
    )
    assert attack_refusal(board, IMP, "e", f("red:1:3")) is None
    assert rule_of(attack_refusal(board, IMP, "e", f("red:1:4"))) == "LS18"
    assert rule_of(attack_refusal(board, ZW, "z", f("red:1:4"))) == "LS18"  # its own side


def test_ls18_strahlenwerfer_and_angels_bridge_two_fields() -> None:
    board = board_with(
        (IMP, "s", Kind.STRAHLENWERFER, "red:1:0"),
        (ZW, "z", Kind.ZWERGE, "red:1:3"),
        (ZW, "y", Kind.ZWERGE, "red:2:3"),
    )
    assert attack_refusal(board, IMP, "s", f("red:1:3")) is None
    assert rule_of(attack_refusal(board, IMP, "s", f("red:2:3"))) == "LS18"


def test_ls18_another_world_is_fought_when_the_worlds_are_joined() -> None:
    board = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:0:0"),
        (ZW, "z", Kind.ZWERGE, "blue:2:5"),
        (ZW, "y", Kind.ZWERGE, "red:2:0"),
    )
    # techno, green and blue stand side by side: all joined; red is one field away.
    assert board.joined("techno", "blue") and not board.joined("techno", "red")
    assert attack_refusal(board, IMP, "e", f("blue:2:5")) is None
    assert rule_of(attack_refusal(board, IMP, "e", f("red:2:0"))) == "LS18"
    bridged = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:0:0"),
        (ZW, "y", Kind.ZWERGE, "red:2:0"),
        bridges=(("blue", "red"),),
    )
    assert not bridged.joined("techno", "red") and bridged.joined("blue", "red")


def test_ls18_groups_that_may_help_defend() -> None:
    board = board_with(
        (ZW, "z", Kind.ZWERGE, "green:0:0"),
        (ZW, "near", Kind.ZWERGE, "green:0:1"),
        (ZW, "far", Kind.ZWERGE, "green:0:3"),
        (IMP, "e", Kind.ELEKTROKAEMPFER, "green:1:0"),
        (ZW, "blue", Kind.ZWERGE, "blue:2:5"),
        (IMP, "a", Kind.ARBEITER, "techno:0:0"),
    )
    assert [p.id for p in helpers(board, f("green:0:0"))] == ["near", "blue"]
    assert rule_of(help_refusal(board, board.piece(ZW, "far") or board.groups[0], f("green:0:0"))) == "LS18"
    assert rule_of(help_refusal(board, board.piece(IMP, "e") or board.groups[0], f("green:0:0"))) == "LS18"


def test_l4_workers_never_help_defend_on_the_map() -> None:
    board = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:0:0"),
        (IMP, "a", Kind.ARBEITER, "techno:0:1"),
        (IMP, "i", Kind.IMPERATOR, "techno:1:0"),
    )
    assert [p.id for p in helpers(board, f("techno:0:0"))] == ["i"]
    assert rule_of(help_refusal(board, board.groups[1], f("techno:0:0"))) == "L4"


def test_l3_an_imperator_or_a_worker_attacks_nothing_on_the_map() -> None:
    board = board_with(
        (IMP, "i", Kind.IMPERATOR, "techno:0:0"),
        (ZW, "z", Kind.ZWERGE, "techno:0:1"),
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:1:1"),
    )
    assert attack_targets(board, IMP, "i") == ()
    assert rule_of(attack_refusal(board, IMP, "i", f("techno:0:1"))) == "L3"
    assert [str(t.field) for t in attack_targets(board, IMP, "e")] == ["techno:0:1"]


# ------------------------------------------------------------------------------ LS19


def test_ls19_the_big_tower_stands_in_the_technoworlds_bottom_7_sector() -> None:
    board = board_with(towers=())
    assert placements(board, Placing.BIG_TOWER) == tuple(f(f"techno:3:{c}") for c in range(8))
    assert rule_of(placement_refusal(board, Placing.BIG_TOWER, f("techno:0:0"))) == "LS19"
    with pytest.raises(InvalidPositionError) as refused:
        board_with(towers=(("red:1:0", Tower.BIG),))
    assert refused.value.rule == "LS19"


def test_ls19_small_towers_stand_in_the_2_sectors() -> None:
    board = example_map()
    assert placement_refusal(board, Placing.SMALL_TOWER, f("red:1:0")) is None
    assert rule_of(placement_refusal(board, Placing.SMALL_TOWER, f("red:0:0"))) == "LS19"
    two = board_with(towers=(("techno:3:0", Tower.BIG), ("red:1:0", Tower.SMALL)))
    assert rule_of(placement_refusal(two, Placing.SMALL_TOWER, f("red:2:1"))) == "LS19"


# ------------------------------------------------------------------------------ LS20


def test_ls20_a_tower_sector_is_neither_entered_nor_attacked_from_another_world() -> None:
    board = board_with(
        (ZW, "z", Kind.ZWERGE, "green:0:0"),
        (IMP, "s", Kind.STRAHLENWERFER, "techno:3:2"),
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:0:0"),
    )
    assert rule_of(move_refusal(board, ZW, "z", f("techno:3:5"))) == "LS20"
    assert move_refusal(board, ZW, "z", f("techno:2:5")) is None
    assert rule_of(attack_refusal(board, ZW, "z", f("techno:3:2"))) == "LS20"
    assert attack_refusal(board, ZW, "z", f("techno:0:0")) is None
    # From the same world, the tower sector is entered and attacked.
    inside = board_with((ZW, "z", Kind.ZWERGE, "techno:2:3"), (IMP, "s", Kind.STRAHLENWERFER, "techno:3:3"))
    assert attack_refusal(inside, ZW, "z", f("techno:3:3")) is None
    assert move_refusal(inside, ZW, "z", f("techno:2:4")) is None
    assert move_refusal(replace(inside, groups=inside.groups[:1]), ZW, "z", f("techno:3:3")) is None


def test_ls20_angels_do_not_enter_anew_but_a_hired_group_is_placed_there() -> None:
    board = example_map()
    assert rule_of(placement_refusal(board, Placing.ANGEL, f("techno:3:5"))) == "LS20"
    assert placement_refusal(board, Placing.GROUP, f("techno:3:5")) is None
    assert placement_refusal(board, Placing.ANGEL, f("techno:2:6")) is None
    assert f("techno:3:5") not in placements(board, Placing.ANGEL)


def test_ls20_the_fluid_is_excepted() -> None:
    board = example_map()
    assert placement_refusal(board, Placing.FLUID, f("techno:3:5")) is None
    assert rule_of(placement_refusal(board, Placing.FLUID, f("techno:3:0"))) == "LS15"


# ------------------------------------------------------------------------------ LS21, LS22


def test_ls21_absorbing_needs_four_adjacent_single_fluids() -> None:
    four = (("green:0:1", 1), ("green:1:0", 1), ("green:1:2", 1), ("green:2:1", 1))
    board = board_with((IMP, "e", Kind.ELEKTROKAEMPFER, "green:1:1"), fluids=four)
    assert absorb_refusal(board, f("green:1:1")) is None
    after = absorbed(board, f("green:1:1"))
    assert after.groups == () and [(str(x.field), x.height) for x in after.fluids] == [("green:1:1", 5)]
    three = board_with((IMP, "e", Kind.ELEKTROKAEMPFER, "green:1:1"), fluids=four[:3])
    assert rule_of(absorb_refusal(three, f("green:1:1"))) == "LS21"
    stacked = board_with((IMP, "e", Kind.ELEKTROKAEMPFER, "green:1:1"), fluids=(*four[:3], ("green:2:1", 2)))
    assert rule_of(absorb_refusal(stacked, f("green:1:1"))) == "LS21"


def test_ls22_a_fluid_is_destroyed_only_from_a_tower_sector_field() -> None:
    board = board_with(
        (IMP, "s", Kind.STRAHLENWERFER, "techno:3:2"),
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:2:3"),
        fluids=(("techno:2:2", 1),),
    )
    assert attack_refusal(board, IMP, "s", f("techno:2:2")) is None
    assert [t.aim for t in attack_targets(board, IMP, "s")] == [Aim.FLUID]
    assert fluid_destroyed(board, IMP, "s", f("techno:2:2")).fluids == ()
    assert rule_of(attack_refusal(board, IMP, "e", f("techno:2:2"))) == "LS22"
    with pytest.raises(InvalidQueryError):
        fluid_destroyed(board, IMP, "e", f("techno:2:2"))


# ------------------------------------------------------------------------------ LS2, LS3


def test_ls2_the_sector_facts_come_from_the_map() -> None:
    board = board_with(
        (IMP, "i", Kind.IMPERATOR, "techno:3:1"),
        (ZW, "z", Kind.ZWERGE, "techno:2:1"),
        (ZW, "y", Kind.ZWERGE, "techno:3:3"),
        towers=(("techno:3:0", Tower.BIG), ("techno:2:2", Tower.SMALL)),
    )
    outside = sector_facts(board, [f("techno:2:1")], f("techno:3:1"))
    assert (
        outside.target,
        outside.attack_from_outside,
        outside.attack_from_tower,
        outside.target_side_imperator,
    ) == (Placement.BIG_TOWER, True, False, True)
    inside = sector_facts(board, [f("techno:3:3")], f("techno:3:1"))
    assert inside.attack_from_outside is False
    tower = sector_facts(board, [f("techno:2:3")], f("techno:3:1"))
    assert tower.attack_from_tower is True
    plain = sector_facts(board, [f("techno:3:1")], f("techno:2:1"))
    assert (plain.target, plain.target_side_imperator) == (Placement.GROUND, False)


def test_ls3_a_removed_group_is_replaced_by_one_of_its_attackers() -> None:
    board = board_with(
        (IMP, "e", Kind.ELEKTROKAEMPFER, "techno:0:0"),
        (ZW, "z", Kind.ZWERGE, "techno:0:1"),
        (IMP, "f", Kind.ELEKTROKAEMPFER, "techno:1:0"),
    )
    attacker, other = board.groups[0], board.groups[2]
    assert occupy_refusal(board, [attacker], f("techno:0:1"), attacker) is None
    after = removed(board, f("techno:0:1"), attacker)
    assert [(p.id, str(p.field)) for p in after.groups] == [("e", "techno:0:1"), ("f", "techno:1:0")]
    assert rule_of(occupy_refusal(board, [attacker], f("techno:0:1"), other)) == "LS3"


# ------------------------------------------------------------------------------ LS6, LS12


def test_ls6_the_worlds_move_one_field_clockwise_and_the_bridges_end() -> None:
    board = board_with(bridges=(("blue", "red"),))
    after = worlds_moved(board)
    assert {n: (p.orbit, p.field) for n, p in after.places.items()} == {
        "techno": (0, 1),
        "green": (1, 2),
        "blue": (1, 3),
        "red": (2, 6),
    }
    assert after.bridges == ()
    check_map(after)
    # An orbit's last field is followed by its first.
    last = worlds_moved(board.placing({"red": Place(2, 7)}))
    assert last.places["red"] == Place(2, 0)


def test_ls12_the_fluid_moves_a_planet_anywhere_on_its_orbit() -> None:
    board = board_with(bridges=(("blue", "red"), ("techno", "green")))
    assert planet_refusal(board, "red", 1) is None
    after = planet_moved(board, "red", 1)
    assert after.places["red"] == Place(2, 1) and after.bridges == (("techno", "green"),)
    assert rule_of(planet_refusal(board, "blue", 1)) == "LS12"  # green stands there
    assert rule_of(planet_refusal(board, "red", 8)) == "LS12"  # beyond its orbit
    assert rule_of(planet_refusal(board, "red", 5)) == "LS12"  # where it stands


def test_ls11_a_hired_angel_is_placed_on_a_free_field_with_room() -> None:
    board = example_map()
    spots = placements(board, Placing.GROUP)
    assert f("green:0:0") in spots and f("techno:0:0") not in spots
    assert rule_of(placement_refusal(board, Placing.GROUP, f("techno:0:1"))) == "LS15"  # sector a is full


# ------------------------------------------------------------------------------ the document

MAP_RULES = [f"LS{i}" for i in range(14, 23)]


@pytest.mark.parametrize("rule", MAP_RULES)
def test_ls14_to_ls22_every_map_rule_is_stated_with_its_german_sentence(rule: str) -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "turm-und-leute.md").read_text(encoding="utf-8")
    start = text.index(f'<a id="{rule}"></a>**{rule} ')
    stated = text[
        start : text.index("\n- <a id=", start + 1) if rule != "LS22" else text.index("\n\n", start)
    ]
    # The supplement's own words, quoted.
    assert re.search(r'"[A-Z][^"]{20,}"', stated), rule


@pytest.mark.parametrize("rule", MAP_RULES)
def test_ls14_to_ls22_every_map_rule_has_a_test_named_after_it(rule: str) -> None:
    source = Path(__file__).read_text(encoding="utf-8")
    names = re.findall(r"^def (test_\w+)", source, re.M)
    assert any(re.search(rf"_{rule.lower()}_", name) and "every" not in name for name in names), rule
