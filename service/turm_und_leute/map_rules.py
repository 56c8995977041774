"""Stahl und Sterne's rules on its map (:mod:`.board`): where a group goes and at what
cost in markers (LS15–LS17, LS20), which fields it may attack and which groups may help
defend one (LS18, LS20, LS22), what a fight's tower facts are (LS2) and who takes a
removed group's place (LS3), where new tiles may be placed (LS11, LS19, LS20, L30), and
the map after the worlds' move (LS6), the Fluid's move of a planet (LS12) and its taking
of a group (LS21).

Every rule is a pure function of the map. A ``*_refusal`` function says why the rules
say no (a :class:`~service.common.refusal.Refusal` with its rule id) or ``None``; the
listing beside it (:func:`reach`, :func:`attack_targets`, :func:`helpers`,
:func:`placements`) answers exactly the fields its refusal lets through.

>>> from service.turm_und_leute.board import example_map
>>> board = example_map()
>>> [(str(r.field), r.markers) for r in reach(board, Side.IMPERATOR, "elektrokaempfer-1")][:3]
[('techno:0:1', 1), ('techno:1:0', 1), ('green:0:0', 1)]
>>> [str(t.field) for t in attack_targets(board, Side.ZWERGE, "zwerge-2")][:4]
['blue:0:0', 'blue:1:1', 'blue:2:4', 'techno:0:0']
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from service.common.errors import InvalidQueryError
from service.common.refusal import N_, Refusal, refusal
from service.turm_und_leute.board import (
    ABSORBING_FLUIDS,
    Field,
    Fluid,
    Map,
    Piece,
    Place,
    Tower,
    TowerTile,
    room_refusal,
    tower_place_refusal,
)
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.position import BRIDGE_PRICE, FIGHTERS
from service.turm_und_leute.units import UNITS, Edition, Kind, Placement

SUS: Final = Edition.STAHL_UND_STERNE

LONG_MOVERS: Final = frozenset({Kind.DAEMONENREITER, Kind.ENGEL})
"""LS16 [interpretation]: who moves long: the riders and the angels, who in the base game
move 40 cm where the foot soldiers move 20."""
SHORT_STEPS: Final = 1
"""LS16: a short move goes to the next field."""
LONG_STEPS: Final = 3
"""LS16: a long move passes over two fields: three steps at most."""
RANGED_STEPS: Final = 3
"""LS18: Strahlenwerfer and angels bridge two fields: three steps at most."""
CLOSE_STEPS: Final = 1
"""LS18: everyone else fights the directly adjacent fields."""
MOVE_MARKERS: Final = 1
"""L14: a move is an action: one marker."""


def _no_group(side: Side, group: str) -> InvalidQueryError:
    return InvalidQueryError(
        "L14", N_("the {side} have no group {name} on the map")(side=side.value, name=repr(group)), "/group"
    )


def piece_of(board: Map, side: Side, group: str) -> Piece:
    """The group ``group`` of ``side`` on ``board``; :class:`InvalidQueryError` (L14) when
    it is not on the map."""
    found = board.piece(side, group)
    if found is None:
        raise _no_group(side, group)
    return found


# ------------------------------------------------------------------------------ moves


@dataclass(frozen=True)
class Reach:
    """A field a group reaches in one move: the markers it costs (the move's, L14, and a
    new bridge's, LS7), the path from the group's field, and the fields of the solar
    system of the bridge it builds (``None``: it builds none)."""

    field: Field
    markers: int
    path: tuple[Field, ...]
    long: bool
    bridge: int | None = None


def steps(kind: Kind) -> int:
    """LS16: how many steps one move of ``kind`` goes."""
    return LONG_STEPS if kind in LONG_MOVERS else SHORT_STEPS


def _paths(board: Map, start: Field, most: int) -> dict[Field, tuple[Field, ...]]:
    """The shortest path on the world to every field at most ``most`` steps away, over
    whatever stands between (LS16: "über Figuren und Gebäude hinweg")."""
    found: dict[Field, tuple[Field, ...]] = {start: (start,)}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if len(found[here]) > most:
            continue
        for there in board.neighbours(here):
            if there not in found:
                found[there] = (*found[here], there)
                queue.append(there)
    return found


def move_refusal(board: Map, side: Side, group: str, to: Field) -> Refusal | None:
    """Why ``group`` of ``side`` may not move to ``to`` in one move, or ``None`` (LS15,
    LS16, LS17, LS20)."""
    piece = piece_of(board, side, group)
    if to == piece.field:
        return refusal("LS16", N_("a move goes to another field"))
    found = room_refusal(board, to, leaving=piece.field)
    if found is not None:
        return found
    if to.world != piece.field.world:
        if board.tower_sector(to):
            return refusal(
                "LS20", N_("a sector with a tower is not entered from another world: {field}"), field=str(to)
            )
        return None
    most = steps(piece.kind)
    if to not in board.within(piece.field, most):
        if most == SHORT_STEPS:
            return refusal(
                "LS16", N_("a short move goes to the next field; {field} is farther"), field=str(to)
            )
        return refusal(
            "LS16", N_("a long move passes over two fields at most; {field} is farther"), field=str(to)
        )
    return None


def move_cost(board: Map, side: Side, group: str, to: Field) -> Reach:
    """The cost and path of a move :func:`move_refusal` allows."""
    piece = piece_of(board, side, group)
    long = piece.kind in LONG_MOVERS
    if to.world == piece.field.world:
        return Reach(to, MOVE_MARKERS, _paths(board, piece.field, steps(piece.kind))[to], long)
    if board.bridged(piece.field.world, to.world):
        return Reach(to, MOVE_MARKERS, (piece.field, to), long)
    between = board.fields_between(piece.field.world, to.world)
    return Reach(to, MOVE_MARKERS + BRIDGE_PRICE * between, (piece.field, to), long, between)


def reach(board: Map, side: Side, group: str) -> tuple[Reach, ...]:
    """Every field ``group`` reaches in one move, its own world's first (nearest first,
    then by name), then the other worlds' in the map's order (LS15–LS17, LS20)."""
    piece = piece_of(board, side, group)
    paths = _paths(board, piece.field, steps(piece.kind))
    here = sorted(paths, key=lambda f: (len(paths[f]), f))
    others = [f for f in board.fields() if f.world != piece.field.world]
    return tuple(
        move_cost(board, side, group, to)
        for to in (*here, *others)
        if move_refusal(board, side, group, to) is None
    )


def moved(board: Map, side: Side, group: str, to: Field) -> Map:
    """The map after the move; a move between worlds without a bridge builds one, which
    holds until the worlds move (LS7, LS17). Raises :class:`InvalidQueryError` for a move
    :func:`move_refusal` refuses."""
    found = move_refusal(board, side, group, to)
    if found is not None:
        raise InvalidQueryError(found.rule, found.text, "/to")
    piece = piece_of(board, side, group)
    groups = tuple(replace(p, field=to) if p is piece else p for p in board.groups)
    bridges = board.bridges
    if to.world != piece.field.world and not board.bridged(piece.field.world, to.world):
        bridges = (*bridges, (piece.field.world, to.world))
    return replace(board, groups=groups, bridges=bridges)


# ------------------------------------------------------------------------------ fights


class Aim(str, enum.Enum):
    """What an attack on a field hits: a group, or fluids (LS22)."""

    GROUP = "group"
    FLUID = "fluid"


@dataclass(frozen=True)
class Target:
    """A field a group may attack: the group on it (its side and id), or the fluids."""

    field: Field
    aim: Aim
    side: Side | None = None
    group: str | None = None


def _in_range(board: Map, kind: Kind, here: Field, there: Field) -> Refusal | None:
    """LS18: whether a group of ``kind`` on ``here`` fights on ``there``: directly
    adjacent, Strahlenwerfer and angels over two fields, another world when the two are
    joined."""
    if here.world != there.world:
        if not board.joined(here.world, there.world):
            return refusal(
                "LS18",
                N_("{name} and {other} are not joined in the solar system"),
                name=here.world,
                other=there.world,
            )
        return None
    most = RANGED_STEPS if UNITS[SUS][kind].ranged else CLOSE_STEPS
    if there not in board.within(here, most):
        if most == CLOSE_STEPS:
            return refusal("LS18", N_("{field} is not directly adjacent"), field=str(there))
        return refusal("LS18", N_("{field} is more than two fields away"), field=str(there))
    return None


def attack_refusal(board: Map, side: Side, group: str, target: Field) -> Refusal | None:
    """Why ``group`` of ``side`` may not attack the field ``target``, or ``None`` (L3,
    LS18, LS20, LS22)."""
    piece = piece_of(board, side, group)
    unit = UNITS[SUS][piece.kind]
    if not unit.may_attack:
        return refusal("L3", N_("a group of {kind} may not attack"), kind=piece.kind.value)
    tile = board.tiles.get(target)
    if target in board.fluid_at:
        if not board.tower_sector(piece.field):
            return refusal(
                "LS22",
                N_("fluids are destroyed only by an attack from a tower sector field; {field} is none"),
                field=str(piece.field),
            )
    elif not isinstance(tile, Piece) or tile.side is side:
        return refusal("LS18", N_("there is no opposing group on {field}"), field=str(target))
    if target.world != piece.field.world and board.tower_sector(target):
        return refusal(
            "LS20", N_("a sector with a tower is not attacked from another world: {field}"), field=str(target)
        )
    return _in_range(board, piece.kind, piece.field, target)


def attack_targets(board: Map, side: Side, group: str) -> tuple[Target, ...]:
    """Every field ``group`` may attack, in the order of the fields' names."""
    piece_of(board, side, group)
    found: list[Target] = []
    candidates = sorted({*(p.field for p in board.groups if p.side is not side), *board.fluid_at})
    for place in candidates:
        if attack_refusal(board, side, group, place) is None:
            tile = board.tiles.get(place)
            if isinstance(tile, Piece):
                found.append(Target(place, Aim.GROUP, tile.side, tile.id))
            else:
                found.append(Target(place, Aim.FLUID))
    return tuple(found)


def help_refusal(board: Map, helper: Piece, target: Field) -> Refusal | None:
    """Why ``helper`` may not help defend the group on ``target``, or ``None`` (L4, LS18):
    a group of the target's side, not a worker, in range; from another world joined to
    the target's only a group of fighters ("Figurengruppe der Kämpfer")."""
    tile = board.tiles.get(target)
    if not isinstance(tile, Piece):
        return refusal("LS18", N_("there is no group on {field}"), field=str(target))
    if helper.field == target:
        return refusal("LS18", N_("the group attacked defends itself; it does not help"))
    if helper.side is not tile.side:
        return refusal("LS18", N_("only the {side}'s own groups help it defend"), side=tile.side.value)
    if not UNITS[SUS][helper.kind].may_defend:
        return refusal("L4", N_("a group of {kind} never defends"), kind=helper.kind.value)
    if helper.field.world != target.world and helper.kind not in FIGHTERS:
        return refusal(
            "LS18",
            N_("from another world only groups of fighters help defend, not {kind}"),
            kind=helper.kind.value,
        )
    return _in_range(board, helper.kind, helper.field, target)


def helpers(board: Map, target: Field) -> tuple[Piece, ...]:
    """Every group that may help defend the group on ``target`` (in range, L4, LS18);
    whether it carries a marker is the fight's (L4)."""
    if not isinstance(board.tiles.get(target), Piece):
        raise InvalidQueryError("LS18", N_("there is no group on {field}")(field=str(target)), "/field")
    return tuple(p for p in board.groups if help_refusal(board, p, target) is None)


@dataclass(frozen=True)
class SectorFacts:
    """LS2: a fight's tower facts, as the map makes them: each defender's position (the
    tower of its sector), whether the attack comes from outside the target's sector and
    from another sector with a tower, and whether the target is the imperator's."""

    target: Placement
    helpers: tuple[Placement, ...]
    attack_from_outside: bool
    attack_from_tower: bool
    target_side_imperator: bool


def placement_of(board: Map, place: Field) -> Placement:
    """LS2: the position of a group on ``place``: the tower of its sector, else ``ground``."""
    size = board.tower_sectors.get(board.sector(place))
    if size is Tower.BIG:
        return Placement.BIG_TOWER
    if size is Tower.SMALL:
        return Placement.SMALL_TOWER
    return Placement.GROUND


def sector_facts(
    board: Map, attackers: Sequence[Field], target: Field, helping: Sequence[Field] = ()
) -> SectorFacts:
    """LS2 on the map: the attack comes from outside when no attacker stands in the
    target's sector, from a tower when one stands in another sector with a tower.

    >>> from service.turm_und_leute.board import example_map, parse_field
    >>> board = example_map()
    >>> facts = sector_facts(board, [parse_field("techno:2:0")], parse_field("techno:3:1"))
    >>> facts.target.value, facts.attack_from_outside, facts.attack_from_tower
    ('big_tower', True, False)
    """
    sector = board.sector(target)
    tile = board.tiles.get(target)
    return SectorFacts(
        placement_of(board, target),
        tuple(placement_of(board, h) for h in helping),
        all(board.sector(a) != sector for a in attackers),
        any(board.sector(a) != sector and board.tower_sector(a) for a in attackers),
        isinstance(tile, Piece) and tile.side is Side.IMPERATOR,
    )


def occupy_refusal(board: Map, attackers: Sequence[Piece], target: Field, occupant: Piece) -> Refusal | None:
    """LS3: why ``occupant`` may not take the removed group's place, or ``None``: one of
    the attacking groups must."""
    if occupant not in attackers:
        return refusal(
            "LS3",
            N_("one of the attacking groups takes the removed group's place, not {name}"),
            name=occupant.id,
        )
    return None


def removed(board: Map, target: Field, occupant: Piece | None = None) -> Map:
    """The map after a fight that removed the group on ``target`` (L7); ``occupant``, one
    of the attackers, takes its place (LS3), or none where the angels convert it (L8)."""
    groups = tuple(p for p in board.groups if p.field != target)
    if occupant is not None:
        groups = tuple(replace(p, field=target) if p == occupant else p for p in groups)
    return replace(board, groups=groups)


def fluid_destroyed(board: Map, side: Side, group: str, target: Field) -> Map:
    """LS22: the map after an attack from a tower sector field on the fluids of ``target``:
    they are destroyed at once."""
    found = attack_refusal(board, side, group, target)
    if found is not None or target not in board.fluid_at:
        rule, text = (
            (found.rule, found.text)
            if found
            else ("LS22", N_("there is no fluid on {field}")(field=str(target)))
        )
        raise InvalidQueryError(rule, text, "/field")
    return replace(board, fluids=tuple(f for f in board.fluids if f.field != target))


# ------------------------------------------------------------------------ placements


class Placing(str, enum.Enum):
    """What is placed on the map: a new group (hired, converted, a new worker), an angel
    entering the board anew, a tower, a new fluid."""

    GROUP = "group"
    ANGEL = "angel"
    SMALL_TOWER = "small_tower"
    BIG_TOWER = "big_tower"
    FLUID = "fluid"


PLACING_RULES: Final = {
    Placing.GROUP: ("LS15", "LS20"),
    Placing.ANGEL: ("LS15", "LS20"),
    Placing.SMALL_TOWER: ("LS19", "LS15"),
    Placing.BIG_TOWER: ("LS19", "LS15"),
    Placing.FLUID: ("LS15", "L30"),
}
"""The rules a placement is judged by."""


def placement_refusal(board: Map, what: Placing, place: Field) -> Refusal | None:
    """Why ``what`` may not be placed on ``place``, or ``None``: a new group on any free
    field with room in its sector, a tower sector too (LS15, LS20); an angel entering the
    board anew not in a tower sector (LS20); a tower in its sector (LS19); a new fluid on
    any free field, sectors not counted (LS15, L30)."""
    if what is Placing.FLUID:
        if not board.free(place):
            return refusal("LS15", N_("{field} holds one tile or one fluid, and is taken"), field=str(place))
        return None
    if what in (Placing.SMALL_TOWER, Placing.BIG_TOWER):
        return tower_place_refusal(board, place, Tower.SMALL if what is Placing.SMALL_TOWER else Tower.BIG)
    found = room_refusal(board, place)
    if found is None and what is Placing.ANGEL and board.tower_sector(place):
        return refusal(
            "LS20",
            N_("angels do not enter the board anew in a sector with a tower: {field}"),
            field=str(place),
        )
    return found


def placements(board: Map, what: Placing) -> tuple[Field, ...]:
    """Every field ``what`` may be placed on, in the map's order."""
    return tuple(f for f in board.fields() if placement_refusal(board, what, f) is None)


def placed(board: Map, what: Placing, place: Field, piece: Piece | None = None) -> Map:
    """The map with ``what`` placed on ``place`` (``piece`` for a group or an angel)."""
    found = placement_refusal(board, what, place)
    if found is not None:
        raise InvalidQueryError(found.rule, found.text, "/field")
    if what is Placing.FLUID:
        return replace(board, fluids=(*board.fluids, Fluid(place)))
    if what in (Placing.SMALL_TOWER, Placing.BIG_TOWER):
        size = Tower.SMALL if what is Placing.SMALL_TOWER else Tower.BIG
        return replace(board, towers=(*board.towers, TowerTile(place, size)))
    assert piece is not None
    return replace(board, groups=(*board.groups, replace(piece, field=place)))


# ------------------------------------------------------------------ the solar system


def worlds_moved(board: Map) -> Map:
    """LS6: the imperator moves every world one field clockwise (the fields of an orbit
    are counted clockwise); every bridge ends (LS7).

    >>> from service.turm_und_leute.board import example_map
    >>> worlds_moved(example_map()).places["red"]
    Place(orbit=2, field=6)
    """
    places = {name: Place(p.orbit, (p.field + 1) % board.orbits[p.orbit]) for name, p in board.places.items()}
    return replace(board.placing(places), bridges=())


def planet_refusal(board: Map, world: str, field: int) -> Refusal | None:
    """LS12: why the Fluid may not set ``world`` on field ``field`` of its orbit, or
    ``None``: a field of its own orbit, another than its own, that no world stands on."""
    if world not in board.by_name:
        return refusal("LS12", N_("there is no world {name}"), name=repr(world))
    here = board.places[world]
    size = board.orbits[here.orbit]
    if not 0 <= field < size:
        return refusal(
            "LS12",
            N_("a planet moves on its own orbit, whose fields are numbered 0 to {last}"),
            last=size - 1,
        )
    if field == here.field:
        return refusal("LS12", N_("{name} stands there already: the move changes nothing"), name=world)
    for other, place in board.places.items():
        if other != world and place == Place(here.orbit, field):
            return refusal("LS12", N_("{other} stands on that field of the orbit"), other=other)
    return None


def planet_moved(board: Map, world: str, field: int) -> Map:
    """LS12: the map after the Fluid sets ``world`` on field ``field`` of its orbit; the
    bridges of that world end with its move [interpretation LS12a]."""
    found = planet_refusal(board, world, field)
    if found is not None:
        raise InvalidQueryError(found.rule, found.text, "/field")
    here = board.places[world]
    bridges = tuple(b for b in board.bridges if world not in b)
    return replace(board.placing({world: Place(here.orbit, field)}), bridges=bridges)


def absorb_refusal(board: Map, target: Field) -> Refusal | None:
    """LS21: why the Fluid may not take the group on ``target``, or ``None``: it borders on
    four single fluids (L30), its directly adjacent fields."""
    tile = board.tiles.get(target)
    if not isinstance(tile, Piece):
        return refusal("LS21", N_("there is no group on {field}"), field=str(target))
    around = [board.fluid_at.get(f) for f in board.neighbours(target)]
    singles = sum(1 for f in around if f is not None and f.height == 1)
    if singles < ABSORBING_FLUIDS:
        return refusal(
            "LS21",
            N_("taking a group needs four single fluids directly adjacent to it; {field} has {count}"),
            field=str(target),
            count=singles,
        )
    return None


def absorbed(board: Map, target: Field) -> Map:
    """LS21: the map after the Fluid takes the group on ``target``: four adjacent fluids
    stack on it, a stack of five where the group stood."""
    found = absorb_refusal(board, target)
    if found is not None:
        raise InvalidQueryError(found.rule, found.text, "/field")
    taken = [f for f in board.neighbours(target) if f in board.fluid_at and board.fluid_at[f].height == 1]
    taken = taken[:ABSORBING_FLUIDS]
    fluids = (*(f for f in board.fluids if f.field not in taken), Fluid(target, ABSORBING_FLUIDS + 1))
    return replace(board, groups=tuple(p for p in board.groups if p.field != target), fluids=fluids)
