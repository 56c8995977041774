"""A fight of Stahl und Sterne on its map (LS2): the sector facts from where its groups stand.

Without a map a fight's sector facts are the players' word (``position``,
``attack_from_outside``, ``attack_from_tower``, ``target_side_imperator``). With one, each
group names its field, and the facts are the map's (:func:`~.map_rules.sector_facts`,
:func:`~.map_rules.placement_of`); a fact the client asserts all the same must agree with
the map, since two answers to one question would leave the fight undecided.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Final

from service.common.errors import InvalidPositionError, InvalidQueryError
from service.common.refusal import N_
from service.turm_und_leute.board import Field, Map, Piece, check_map
from service.turm_und_leute.map_rules import SectorFacts, placement_of, sector_facts
from service.turm_und_leute.schemas import FightBody, Tile
from service.turm_und_leute.units import Edition

NO_FIELD: Final = N_("with a map, every group of the fight names its field")
CONTRADICTED: Final = N_("{member} contradicts the map: where the groups stand decides it")
NO_GROUP: Final = N_("there is no group on {field}")
NO_MAP: Final = N_("a group's field is read only on a map: send the map too")


def check_no_fields(body: FightBody) -> None:
    """Without a map, a group's ``field`` would be silently ignored: 422 (LS2)."""
    groups = [
        *((f"/attackers/{i}", a) for i, a in enumerate(body.attackers)),
        ("/target", body.target),
        *((f"/helpers/{i}", h) for i, h in enumerate(body.helpers)),
    ]
    for pointer, tile in groups:
        if tile.field is not None:
            raise InvalidQueryError("LS2", NO_MAP(), f"{pointer}/field")


def _field(board: Map, tile: Tile, pointer: str) -> Field:
    if tile.field is None:
        raise InvalidQueryError("LS2", NO_FIELD(), f"{pointer}/field")
    if not isinstance(board.tiles.get(tile.field), Piece):
        raise InvalidQueryError("LS18", NO_GROUP(field=str(tile.field)), f"{pointer}/field")
    field: Field = tile.field
    return field


def fight_on_map(body: FightBody, asserted: Collection[str] = ()) -> tuple[FightBody, SectorFacts]:
    """The fight ``body`` asks about with its sector facts taken from its map, and those facts.

    ``asserted`` are the JSON pointers of the facts the request sent itself
    (``/attack_from_outside``, ``/target/position``, ``/helpers/0/position`` …): one the
    map contradicts is 422 (LS2). A map of Turm und Leute is 422 (LS14), a map the rules
    make impossible 422 with its rule; a group without a field is 422 (LS2), a field
    without a group 422 (LS18).

    >>> from service.turm_und_leute.board import example_map, parse_field
    >>> body = FightBody(Edition.STAHL_UND_STERNE, (Tile("pikeniere", 3, field=parse_field("techno:2:0")),),
    ...                  Tile("pikeniere", 3, field=parse_field("techno:3:1")), map=example_map())
    >>> fight, facts = fight_on_map(body)
    >>> fight.target.position.value, fight.attack_from_outside
    ('big_tower', True)
    >>> fight_on_map(body, {"/target/position"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    service.common.errors.InvalidQueryError: LS2: /target/position contradicts the map: ...
    """
    board: Map = body.map
    if body.edition is not Edition.STAHL_UND_STERNE:
        raise InvalidPositionError("LS14", N_("maps are Stahl und Sterne's")(), "/map")
    check_map(board, "/map")
    groups = [
        *((f"/attackers/{i}", a) for i, a in enumerate(body.attackers)),
        ("/target", body.target),
        *((f"/helpers/{i}", h) for i, h in enumerate(body.helpers)),
    ]
    at = {pointer: _field(board, tile, pointer) for pointer, tile in groups}
    attackers = [at[f"/attackers/{i}"] for i in range(len(body.attackers))]
    helping = [at[f"/helpers/{i}"] for i in range(len(body.helpers))]
    facts = sector_facts(board, attackers, at["/target"], helping)
    positions = {pointer: placement_of(board, at[pointer]) for pointer, _tile in groups}
    derived: dict[str, tuple[object, object]] = {
        "/attack_from_outside": (body.attack_from_outside, facts.attack_from_outside),
        "/attack_from_tower": (body.attack_from_tower, facts.attack_from_tower),
        "/target_side_imperator": (body.target_side_imperator, facts.target_side_imperator),
        **{f"{pointer}/position": (tile.position, positions[pointer]) for pointer, tile in groups},
    }
    for pointer, (sent, made) in derived.items():
        if pointer in asserted and sent != made:
            raise InvalidQueryError("LS2", CONTRADICTED(member=pointer), pointer)
    placed = {pointer: replace(tile, position=positions[pointer]) for pointer, tile in groups}
    fight = replace(
        body,
        attackers=tuple(placed[f"/attackers/{i}"] for i in range(len(body.attackers))),
        target=placed["/target"],
        helpers=tuple(placed[f"/helpers/{i}"] for i in range(len(body.helpers))),
        attack_from_outside=facts.attack_from_outside,
        attack_from_tower=facts.attack_from_tower,
        target_side_imperator=facts.target_side_imperator,
    )
    return fight, facts
