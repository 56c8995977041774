"""The game: sides, order, forces, markers and the start of a turn (L9–L13, LS4–LS6)."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from service.common import InvalidQueryError
from service.turm_und_leute.peoples import PEOPLES, Side, count_side
from service.turm_und_leute.position import Building, Ledger, Troop
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.start import start_turn
from service.turm_und_leute.units import UNITS, Kind

from .ledgers import SUS, TUL, start

EDITIONS = (TUL, SUS)
CHOICES = [p for n in (1, 2, 3) for p in permutations(PEOPLES, n)]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("peoples", CHOICES)
def test_l9_l10_the_count_always_plays_first_then_dwarves_angels_fluid(edition, peoples) -> None:
    game = setup_game(edition, peoples)
    order = [s.value for s in game.order]
    expected = [count_side(edition).value] + [p for p in ("zwerge", "engel", "fluid") if Side(p) in peoples]
    assert order == expected


@pytest.mark.parametrize("edition", EDITIONS)
def test_l9_each_people_at_most_once_and_at_least_one(edition) -> None:
    with pytest.raises(InvalidQueryError) as err:
        setup_game(edition, (Side.ENGEL, Side.FLUID, Side.ENGEL))
    assert (err.value.rule, err.value.field) == ("L9", "/peoples/2")
    with pytest.raises(InvalidQueryError) as err:
        setup_game(edition, ())
    assert err.value.rule == "L9"
    with pytest.raises(InvalidQueryError) as err:
        setup_game(edition, (count_side(edition),))
    assert (err.value.rule, err.value.field) == ("L9", "/peoples/0")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_l11_ls5_the_counts_forces_per_opposing_people(edition, n) -> None:
    count = start(edition, count_side(edition), PEOPLES[:n])
    kinds = Counter(t.kind.value for t in count.groups)
    names = {
        TUL: ("graf", "reiter", "bogenschuetzen", "pikeniere"),
        SUS: ("imperator", "daemonenreiter", "strahlenwerfer", "elektrokaempfer"),
    }[edition]
    assert kinds == {names[0]: 1, names[1]: n, names[2]: n, names[3]: 2 * n, "arbeiter": 4 * n}
    # full tiles, nothing marked, nobody off the board; one tower (LS5: the big tower)
    assert all(
        t.figures == UNITS[edition][t.kind].max_figures and t.markers == 0 and not t.off_board
        for t in count.groups
    )
    assert count.building(Building.TOWER) == 1 and count.markers == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_l11_the_peoples_forces(edition) -> None:
    dwarves, angels, fluid = (start(edition, s) for s in PEOPLES)
    assert [(t.kind, t.figures, t.off_board) for t in dwarves.groups] == [(Kind.ZWERGE, 5, False)] * 3
    assert [(t.kind, t.figures, t.off_board) for t in angels.groups] == [(Kind.ENGEL, 1, True)] * 2
    assert (fluid.fluids, fluid.stacks, fluid.groups, fluid.markers) == (5, (), (), 0)


@pytest.mark.parametrize("edition", EDITIONS)
def test_l11_group_ids_are_unique(edition) -> None:
    for side in setup_game(edition, PEOPLES).sides:
        ids = [t.id for t in side.ledger.groups]
        assert len(ids) == len(set(ids))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("n", [1, 2, 3])
def test_l12_markers_per_turn(edition, n) -> None:
    game = setup_game(edition, PEOPLES[:n])
    per_turn = {s.side: s.markers_per_turn for s in game.sides}
    assert per_turn[count_side(edition)] == 4 * n
    for people in PEOPLES[:n]:
        assert per_turn[people] == (0 if people is Side.FLUID else 6)


@pytest.mark.parametrize("edition", EDITIONS)
def test_l12_markers_are_saved_across_turns(edition) -> None:
    ledger = start(edition, Side.ZWERGE)
    for turn in range(1, 4):
        ledger, events = start_turn(edition, PEOPLES, ledger)
        assert ledger.markers == 6 * turn
        assert ("markers_received", {"markers": 6}) in [(e.type, e.members) for e in events]
    fluid, events = start_turn(edition, PEOPLES, start(edition, Side.FLUID))
    assert fluid.markers == 0 and "markers_received" not in [e.type for e in events]


@pytest.mark.parametrize("edition", EDITIONS)
def test_l13_markers_on_the_groups_are_removed_at_the_start(edition) -> None:
    ledger = Ledger(
        Side.ZWERGE,
        markers=2,
        groups=(Troop("a", Kind.ZWERGE, 5, markers=1, actions_used=1), Troop("b", Kind.ZWERGE, 2, markers=1)),
    )
    after, events = start_turn(edition, (Side.ZWERGE,), ledger)
    assert [(t.markers, t.actions_used) for t in after.groups] == [(0, 0), (0, 0)]
    assert after.markers == 2 + 6
    assert [e.type for e in events][:2] == ["markers_removed", "markers_received"]
    assert events[0].members == {"markers": 2}


def test_ls4_the_count_and_his_kinds_are_renamed() -> None:
    game = setup_game(SUS, (Side.ENGEL,))
    assert game.order == (Side.IMPERATOR, Side.ENGEL)
    assert {t.kind for t in game.sides[0].ledger.groups} <= set(UNITS[SUS])


@pytest.mark.parametrize("edition", EDITIONS)
def test_ls6_the_imperator_moves_the_worlds_at_his_start(edition) -> None:
    count = start(edition, count_side(edition))
    _, events = start_turn(edition, PEOPLES, count)
    # LS6: before anything else, the markers' removal and receipt included.
    assert [e.type for e in events] == [
        *(["worlds_moved"] if edition is SUS else []),
        "markers_removed",
        "markers_received",
    ]
    for people in PEOPLES:
        _, events = start_turn(edition, PEOPLES, start(edition, people))
        assert "worlds_moved" not in [e.type for e in events]
