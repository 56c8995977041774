"""Properties of every turn, over random turns of every side in both editions (L14,
L20–L23, LS7–LS9): the supply never goes below zero, the markers spent are the actions
taken (and the bridges' price), the production is the work done at its sites, and a
turn is legal exactly up to its first violation."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from service.turm_und_leute.actions import (
    Absorb,
    Action,
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
    TurnResult,
    Violation,
    Work,
)
from service.turm_und_leute.peoples import PEOPLES, Side, count_side
from service.turm_und_leute.position import BRIDGE_PRICE, PROJECTS, SITES, Ledger, Site, gold, stone, wood
from service.turm_und_leute.turn import play_turn
from service.turm_und_leute.units import UNITS, Edition, Kind

from .ledgers import start, with_buildings, with_supply

SETTINGS = settings(max_examples=150, deadline=None, derandomize=True)
FIGHTER_NAMES = (
    "pikeniere",
    "bogenschuetzen",
    "reiter",
    "elektrokaempfer",
    "strahlenwerfer",
    "daemonenreiter",
)


@st.composite
def turns(draw: st.DrawFn) -> tuple[Edition, tuple[Side, ...], Ledger, list[Action]]:
    """A side's ledger with some supply and buildings, and random actions on it that fit
    the side (most of them legal when they come, some not)."""
    edition = draw(st.sampled_from(list(Edition)))
    peoples = tuple(draw(st.lists(st.sampled_from(PEOPLES), min_size=1, max_size=3, unique=True)))
    side = draw(st.sampled_from((count_side(edition), *peoples)))
    ledger = start(edition, side, peoples)
    amount = st.integers(0, 30)
    ledger = with_supply(
        edition,
        ledger,
        markers=draw(st.integers(0, 20)),
        wood=draw(amount),
        stone=draw(amount),
        gold=draw(amount),
    )
    if edition is Edition.TURM_UND_LEUTE and side.is_count:
        ledger = with_buildings(ledger, farm=draw(st.integers(0, 1)), quarry=draw(st.integers(0, 1)))
    ids = [t.id for t in ledger.groups] or ["nobody"]
    group = st.sampled_from(ids)
    workers = [t.id for t in ledger.groups if t.kind is Kind.ARBEITER] or ["nobody"]
    fighters = [k for k in (Kind(n) for n in FIGHTER_NAMES) if k in UNITS[edition]]
    fluid = st.one_of(
        st.just(Place()),
        st.just(Relocate()),
        st.just(MovePlanet()),
        st.builds(Split, st.integers(0, 1), st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple)),
        st.builds(Absorb, st.sampled_from(list(Side)), group),
    )
    others = st.one_of(
        st.builds(Move, group, st.sampled_from([None, None, "board", "off"]), st.integers(0, 2)),
        # work twice as often: production is what these turns are about
        st.builds(Work, group, st.sampled_from(SITES[edition]), st.booleans()),
        st.builds(Work, st.sampled_from(workers), st.sampled_from(SITES[edition]), st.booleans()),
        st.builds(Attack, group),
        st.builds(Build, st.sampled_from(PROJECTS[edition])),
        st.builds(
            Convert,
            st.lists(st.sampled_from(workers), min_size=5, max_size=5).map(tuple),
            st.sampled_from(fighters),
        ),
        st.builds(Hire, st.integers(1, 5)),
        st.builds(Bridge, st.integers(1, 3)),
    )
    actions = draw(st.lists(fluid if side is Side.FLUID else others, min_size=4, max_size=14))
    return edition, peoples, ledger, actions


def _legal_prefix(edition, peoples, ledger, actions) -> tuple[list[Action], TurnResult]:
    """The turn of those ``actions`` that are legal when they come (each illegal one left
    out, as a player whose click is refused), as a turn that need not end there, and its
    result."""
    kept: list[Action] = []
    for action in actions:
        if not isinstance(play_turn(edition, peoples, ledger, [*kept, action], end=False), Violation):
            kept.append(action)
    played = play_turn(edition, peoples, ledger, kept, end=False)
    assert isinstance(played, TurnResult)
    return kept, played


@SETTINGS
@given(turns())
def test_l14_the_supply_never_goes_below_zero(turn) -> None:
    edition, peoples, ledger, actions = turn
    _, result = _legal_prefix(edition, peoples, ledger, actions)
    after = result.ledger
    assert after.markers >= 0 and all(v >= 0 for v in after.resources.values())
    assert all(t.markers >= t.actions_used >= 0 for t in after.groups)
    assert after.fluids >= sum(after.stacks) >= 0


@SETTINGS
@given(turns())
def test_l14_ls7_markers_spent_are_the_actions_taken(turn) -> None:
    edition, peoples, ledger, actions = turn
    actions, result = _legal_prefix(edition, peoples, ledger, actions)
    group_actions = sum(isinstance(a, Move | Work | Attack) for a in actions)
    bridges = sum(BRIDGE_PRICE * a.fields for a in actions if isinstance(a, Bridge))
    assert result.markers_spent == group_actions + bridges
    received = sum(e.members.get("markers", 0) for e in result.events if e.type == "markers_received")
    assert ledger.markers + received - result.ledger.markers == result.markers_spent
    # every group action lies on its group as a marker
    assert sum(t.actions_used for t in result.ledger.groups) == group_actions


@SETTINGS
@given(turns())
def test_l20_l23_ls8_ls9_production_is_the_work_done_at_its_sites(turn) -> None:
    edition, peoples, ledger, actions = turn
    actions, result = _legal_prefix(edition, peoples, ledger, actions)
    made: Counter[str] = Counter()
    for a in actions:
        if isinstance(a, Work):
            what = {
                Site.FOREST: wood(edition).value,
                Site.GREEN: wood(edition).value,
                Site.QUARRY: stone(edition).value,
                Site.RED: stone(edition).value,
                Site.GOLD: gold(edition).value,
            }.get(a.site, "arbeiter")
            made[what] += 2 if a.imperator_present else 1
            assert a.site in SITES[edition]
    assert Counter(result.production) == made
    new_workers = sum(1 for t in result.ledger.groups if t.kind is Kind.ARBEITER) - sum(
        1 for t in ledger.groups if t.kind is Kind.ARBEITER
    )
    converted = 5 * sum(isinstance(a, Convert) for a in actions)
    assert new_workers == made["arbeiter"] - converted


@SETTINGS
@given(turns())
def test_l14_a_turn_is_legal_exactly_up_to_its_first_violation(turn) -> None:
    edition, peoples, ledger, actions = turn
    played = play_turn(edition, peoples, ledger, actions, end=False)
    if isinstance(played, Violation):
        assert 0 <= played.index < len(actions)
        assert isinstance(play_turn(edition, peoples, ledger, actions[: played.index], end=False), TurnResult)
        longer = play_turn(edition, peoples, ledger, actions[: played.index + 1], end=False)
        assert longer == played
