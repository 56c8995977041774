"""A fight of Stahl und Sterne on its map (LS2): the sector facts are the map's, and one a
request asserts that the map contradicts is refused."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from service.common.errors import InvalidPositionError, InvalidQueryError
from service.turm_und_leute.board import Field, Map, Piece, Tower, TowerTile, example_map, parse_field
from service.turm_und_leute.combat import resolve_combat
from service.turm_und_leute.map_rules import sector_facts
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.units import Edition, Kind, Placement
from service.turm_und_leute.wire.codec import check_no_fields, fight_of, fight_on_map
from service.turm_und_leute.wire.schemas import FightBody, Tile


def f(name: str) -> Field:
    found = parse_field(name)
    assert found is not None
    return found


def _board(*dwarves: str, small_tower: str | None = None) -> Map:
    board = example_map()
    pieces = tuple(Piece(Side.ZWERGE, f"zwerge-{9 + i}", Kind.ZWERGE, f(at)) for i, at in enumerate(dwarves))
    towers = board.towers if small_tower is None else (*board.towers, TowerTile(f(small_tower), Tower.SMALL))
    return replace(board, groups=(*board.groups, *pieces), towers=towers)


def _fight(
    board: Map, attacker: str, target: str = "techno:3:2", helper: str | None = "techno:3:3"
) -> FightBody:
    return FightBody(
        Edition.STAHL_UND_STERNE,
        (Tile("zwerge", 3, field=f(attacker)),),
        Tile("strahlenwerfer", 2, field=f(target)),
        () if helper is None else (Tile("strahlenwerfer", 2, field=f(helper)),),
        map=board,
    )


def test_ls2_legal_the_fight_takes_its_sector_facts_from_the_map() -> None:
    board = _board("techno:2:2")
    fight, facts = fight_on_map(_fight(board, "techno:2:2"))
    assert facts == sector_facts(board, [f("techno:2:2")], f("techno:3:2"), [f("techno:3:3")])
    assert (fight.target.position, [h.position for h in fight.helpers]) == (
        Placement.BIG_TOWER, [Placement.BIG_TOWER])
    assert fight.attackers[0].position is Placement.GROUND
    assert (fight.attack_from_outside, fight.attack_from_tower) == (True, False)
    assert fight.target_side_imperator is True
    outcome = resolve_combat(fight_of(fight))
    # The big tower's bonus for the imperator's groups against an attack from outside (LS1, LS2).
    assert [c.bonus for c in outcome.contributions] == [1, 4, 4]


def test_ls2_legal_an_attacker_inside_the_sector_takes_the_bonus_away() -> None:
    board = _board("techno:3:5")
    fight, facts = fight_on_map(_fight(board, "techno:3:5"))
    assert (facts.attack_from_outside, fight.attack_from_outside) == (False, False)
    assert [c.bonus for c in resolve_combat(fight_of(fight)).contributions] == [1, 1, 1]


def test_ls2_legal_an_attack_from_another_tower_sector_takes_the_bonus_away() -> None:
    board = _board("techno:2:7", small_tower="techno:2:6")
    fight, facts = fight_on_map(_fight(board, "techno:2:7"))
    assert (facts.attack_from_outside, facts.attack_from_tower) == (True, True)
    assert fight.attackers[0].position is Placement.SMALL_TOWER
    assert [c.bonus for c in resolve_combat(fight_of(fight)).contributions] == [1, 1, 1]


def test_ls2_legal_facts_asserted_that_agree_with_the_map_are_accepted() -> None:
    board = _board("techno:2:2")
    body = _fight(board, "techno:2:2")
    body = replace(
        body, target=replace(body.target, position=Placement.BIG_TOWER), target_side_imperator=True
    )
    fight, _ = fight_on_map(body, {"/target/position", "/attack_from_outside", "/target_side_imperator",
                                   "/attackers/0/position"})
    assert fight.target.position is Placement.BIG_TOWER


def _placed(role: str, position: Placement) -> Callable[[FightBody], FightBody]:
    def change(body: FightBody) -> FightBody:
        if role == "target":
            return replace(body, target=replace(body.target, position=position))
        groups = getattr(body, role)
        return replace(body, **{role: (replace(groups[0], position=position), *groups[1:])})

    return change


@pytest.mark.parametrize(
    ("pointer", "change"),
    [
        ("/target/position", _placed("target", Placement.GROUND)),
        ("/helpers/0/position", _placed("helpers", Placement.SMALL_TOWER)),
        ("/attackers/0/position", _placed("attackers", Placement.BIG_TOWER)),
        ("/attack_from_outside", lambda b: replace(b, attack_from_outside=False)),
        ("/attack_from_tower", lambda b: replace(b, attack_from_tower=True)),
        ("/target_side_imperator", lambda b: replace(b, target_side_imperator=False)),
    ],
)
def test_ls2_illegal_a_fact_the_map_contradicts_is_refused(
    pointer: str, change: Callable[[FightBody], FightBody]
) -> None:
    body = change(_fight(_board("techno:2:2"), "techno:2:2"))
    with pytest.raises(InvalidQueryError) as refused:
        fight_on_map(body, {pointer})
    assert (refused.value.rule, refused.value.field) == ("LS2", pointer)
    # Not asserted, the same values are the map's to set.
    fight, _ = fight_on_map(body)
    assert fight == fight_on_map(_fight(_board("techno:2:2"), "techno:2:2"))[0]


def test_ls2_illegal_a_group_without_its_field_on_a_map() -> None:
    body = _fight(_board("techno:2:2"), "techno:2:2", helper=None)
    body = replace(body, target=replace(body.target, field=None))
    with pytest.raises(InvalidQueryError) as refused:
        fight_on_map(body)
    assert (refused.value.rule, refused.value.field) == ("LS2", "/target/field")


def test_ls2_illegal_a_field_without_a_map() -> None:
    body = replace(_fight(example_map(), "techno:2:0"), map=None)
    with pytest.raises(InvalidQueryError) as refused:
        check_no_fields(body)
    assert (refused.value.rule, refused.value.field) == ("LS2", "/attackers/0/field")
    check_no_fields(replace(body, attackers=(replace(body.attackers[0], field=None),),
                            target=replace(body.target, field=None), helpers=()))


def test_ls18_illegal_a_fight_field_without_a_group() -> None:
    with pytest.raises(InvalidQueryError) as refused:
        fight_on_map(_fight(example_map(), "techno:2:2"))
    assert (refused.value.rule, refused.value.field) == ("LS18", "/attackers/0/field")


def test_ls14_illegal_a_map_in_turm_und_leute() -> None:
    body = replace(_fight(_board("techno:2:2"), "techno:2:2"), edition=Edition.TURM_UND_LEUTE)
    with pytest.raises(InvalidPositionError) as refused:
        fight_on_map(body)
    assert (refused.value.rule, refused.value.field) == ("LS14", "/map")
