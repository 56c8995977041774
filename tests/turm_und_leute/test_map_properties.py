"""Random legal turns on the example map: nothing the rules forbid is ever answered as
legal (LS15 capacity and one tile per field, LS16 and LS18 ranges, LS20 tower sectors,
LS17 bridges paid), and every listing answers exactly what its refusal allows."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.turm_und_leute.board import Map, Piece, check_map, example_map
from service.turm_und_leute.map_rules import (
    LONG_MOVERS,
    Placing,
    attack_refusal,
    attack_targets,
    fluid_destroyed,
    move_cost,
    move_refusal,
    moved,
    placed,
    placement_refusal,
    placements,
    planet_moved,
    planet_refusal,
    reach,
    removed,
    worlds_moved,
)
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.units import UNITS, Edition, Kind

OPERATIONS = ("move", "move", "move", "attack", "place", "worlds", "planet")


def _move(board: Map, data: st.DataObject) -> Map:
    piece: Piece = data.draw(st.sampled_from(board.groups))
    fields = list(board.fields())
    to = data.draw(st.sampled_from(fields))
    found = move_refusal(board, piece.side, piece.id, to)
    listed = {r.field: r for r in reach(board, piece.side, piece.id)}
    assert (found is None) == (to in listed)
    if found is not None:
        return board
    # LS15: the field was free and its sector had room (or is the group's own).
    assert board.free(to)
    if board.sector(to) != board.sector(piece.field):
        assert board.room(board.sector(to)) >= 1
    cost = move_cost(board, piece.side, piece.id, to)
    if to.world == piece.field.world:
        # LS16: a short move one step, a long one three at most, whatever it passes over.
        assert len(cost.path) - 1 <= (3 if piece.kind in LONG_MOVERS else 1)
        assert cost.markers == 1
    else:
        # LS20: no tower sector entered from another world; LS17: the bridge is paid.
        assert not board.tower_sector(to)
        paid = (
            0
            if board.bridged(piece.field.world, to.world)
            else 2 * board.fields_between(piece.field.world, to.world)
        )
        assert cost.markers == 1 + paid
    after = moved(board, piece.side, piece.id, to)
    if to.world != piece.field.world:
        assert after.bridged(piece.field.world, to.world)
    return after


def _attack(board: Map, data: st.DataObject) -> Map:
    piece: Piece = data.draw(st.sampled_from(board.groups))
    to = data.draw(st.sampled_from(list(board.fields())))
    found = attack_refusal(board, piece.side, piece.id, to)
    assert (found is None) == (to in {t.field for t in attack_targets(board, piece.side, piece.id)})
    if found is not None:
        return board
    assert UNITS[Edition.STAHL_UND_STERNE][piece.kind].may_attack
    if to.world != piece.field.world:
        assert board.joined(piece.field.world, to.world) and not board.tower_sector(to)
    if to in board.fluid_at:
        # LS22: only from a tower sector field.
        assert board.tower_sector(piece.field)
        return fluid_destroyed(board, piece.side, piece.id, to)
    target = board.tiles[to]
    assert isinstance(target, Piece) and target.side is not piece.side
    # The fight removes the group; the attacker takes its place (LS3).
    return removed(board, to, piece)


def _place(board: Map, data: st.DataObject) -> Map:
    what = data.draw(st.sampled_from(list(Placing)))
    to = data.draw(st.sampled_from(list(board.fields())))
    found = placement_refusal(board, what, to)
    assert (found is None) == (to in placements(board, what))
    if found is not None:
        return board
    if what is Placing.ANGEL:
        assert not board.tower_sector(to)
    # A new group's id is one no angel group has (a fight may have removed one before).
    taken = {p.id for p in board.groups if p.side is Side.ENGEL}
    name = next(f"engel-{n}" for n in range(len(board.groups) + 2) if f"engel-{n}" not in taken)
    piece = Piece(Side.ENGEL, name, Kind.ENGEL, to)
    return placed(board, what, to, piece)


def _planet(board: Map, data: st.DataObject) -> Map:
    world = data.draw(st.sampled_from([w.name for w in board.worlds]))
    where = data.draw(st.integers(0, 9))
    if planet_refusal(board, world, where) is not None:
        return board
    return planet_moved(board, world, where)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_ls15_to_ls22_random_legal_turns_never_break_a_rule(data: st.DataObject) -> None:
    board = example_map()
    for _ in range(data.draw(st.integers(1, 15))):
        operation = data.draw(st.sampled_from(OPERATIONS))
        if operation == "move" and board.groups:
            board = _move(board, data)
        elif operation == "attack" and board.groups:
            board = _attack(board, data)
        elif operation == "place":
            board = _place(board, data)
        elif operation == "worlds":
            board = worlds_moved(board)
            assert board.bridges == ()
        elif operation == "planet":
            board = _planet(board, data)
        # The map stays one the rules allow: capacity, one tile per field, towers.
        check_map(board)
