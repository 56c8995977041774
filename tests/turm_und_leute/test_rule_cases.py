"""One legal and one illegal case for every rule of the set-up, the turns and the goal
(L9–L31, LS4–LS13), in the words of docs/turm-und-leute.md.

A legal case is accepted and does what the rule says (checked in the case). An illegal
case breaks the rule and is refused: a turn's violation, or a 422's problem, naming the
rule. A rule that only fixes a number or an order (L10, L12, L13, L17, L19, L20, LS5,
LS11) cannot be broken by itself: its illegal case is the breach it leads to, refused
under the rule that says no (``under``). Two rules are answers, not refusals: the goal
(L31) is not met, and no world moves (LS6) where the rule does not hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from service.common.errors import InvalidPositionError, InvalidQueryError
from service.turm_und_leute.actions import (
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
from service.turm_und_leute.check import check_ledger
from service.turm_und_leute.goal import GoalResult, goal
from service.turm_und_leute.peoples import PEOPLES, Side
from service.turm_und_leute.position import Building, Ledger, Project, Resource, Site, Troop
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.start import start_turn
from service.turm_und_leute.turn import play_turn
from service.turm_und_leute.units import Edition, Kind

from .ledgers import SUS, TUL, play, start, with_buildings, with_groups, with_supply

ROOT = Path(__file__).resolve().parents[2]

#: The ledger's rules, as the document anchors them: every id from L9 to LS13 (L1–L8 and
#: LS1–LS3 before them are the combat's, tested in test_combat.py; LS14 on the map's,
#: tested in test_map.py).
ANCHORS = re.findall(
    r'<a id="(LS?\d+)"></a>', (ROOT / "docs" / "turm-und-leute.md").read_text(encoding="utf-8")
)
IDS = ANCHORS[ANCHORS.index("L9") : ANCHORS.index("LS13") + 1]


@dataclass(frozen=True)
class Case:
    rule: str
    legal: bool
    run: Callable[[], str | None]
    under: str | None = None
    """The rule an illegal case is refused under, when not its own."""
    scenario: Callable[[], object] | None = None
    """The case itself, answering what the engine answered."""


CASES: list[Case] = []


def legal(rule: str) -> Callable[[Callable[[], object]], Callable[[], object]]:
    def register(run: Callable[[], object]) -> Callable[[], object]:
        CASES.append(Case(rule, True, lambda: _verdict(run), scenario=run))
        return run

    return register


def illegal(rule: str, under: str | None = None) -> Callable[[Callable[[], object]], Callable[[], object]]:
    def register(run: Callable[[], object]) -> Callable[[], object]:
        CASES.append(Case(rule, False, lambda: _verdict(run), under, run))
        return run

    return register


def _verdict(run: Callable[[], object]) -> str | None:
    """The rule ``run`` is refused under, or ``None`` if it is accepted."""
    try:
        outcome = run()
    except (InvalidPositionError, InvalidQueryError) as error:
        return error.rule
    if isinstance(outcome, Violation):
        return outcome.rule
    assert outcome is None or isinstance(outcome, str | TurnResult), outcome
    return outcome if isinstance(outcome, str) else None


def turn(edition: Edition, ledger: Ledger, *actions, peoples=PEOPLES, **flags) -> TurnResult | Violation:
    return play_turn(edition, peoples, ledger, actions, **flags)


def count(edition: Edition = TUL) -> Ledger:
    return start(edition, Side.GRAF if edition is TUL else Side.IMPERATOR)


def ledgers(edition: Edition, peoples=PEOPLES) -> dict[Side, Ledger]:
    return {s.side: s.ledger for s in setup_game(edition, peoples).sides}


def aim(result: GoalResult, side: Side, rule: str) -> str | None:
    """``rule`` if ``side``'s aim is not met: the goal's "no"."""
    return None if next(s for s in result.sides if s.side is side).met else rule


# ----------------------------------------------------------------------------- the game


@legal("L9")
def _l9_peoples_chosen_by_the_opponents() -> None:
    game = setup_game(TUL, (Side.FLUID,))
    assert [s.side for s in game.sides] == [Side.GRAF, Side.FLUID]


@illegal("L9")
def _l9_a_people_twice() -> None:
    setup_game(TUL, (Side.ENGEL, Side.ENGEL))


@legal("L10")
def _l10_count_then_dwarves_angels_fluid() -> None:
    game = setup_game(SUS, (Side.FLUID, Side.ENGEL, Side.ZWERGE))
    assert game.order == (Side.IMPERATOR, Side.ZWERGE, Side.ENGEL, Side.FLUID)


@illegal("L10", under="L9")
def _l10_the_count_is_not_a_people_to_place() -> None:
    setup_game(TUL, (Side.ZWERGE, Side.GRAF))


@legal("L11")
def _l11_the_set_up_ledgers_are_sound() -> None:
    for ledger in ledgers(TUL).values():
        check_ledger(TUL, PEOPLES, ledger)
    assert sum(t.kind is Kind.ARBEITER for t in ledgers(TUL)[Side.GRAF].groups) == 4 * 3


@illegal("L11")
def _l11_two_counts() -> None:
    check_ledger(TUL, PEOPLES, with_groups(count(), Troop("graf-2", Kind.GRAF, 1)))


@legal("L12")
def _l12_the_count_receives_four_per_people() -> None:
    after, _ = start_turn(TUL, (Side.ZWERGE, Side.ENGEL), replace(count(), markers=3))
    assert after.markers == 3 + 8


@illegal("L12", under="L14")
def _l12_no_more_actions_than_markers_received() -> object:
    # Two peoples: 8 markers; the ninth action has none.
    ledger = start(TUL, Side.GRAF, (Side.ZWERGE, Side.ENGEL))
    actions = [Move(t.id) for t in ledger.groups if t.kind is Kind.ARBEITER][:8]
    actions.append(Move("reiter-1"))
    played = turn(TUL, ledger, *actions, peoples=(Side.ZWERGE, Side.ENGEL))
    assert isinstance(played, Violation) and played.index == 8
    return played


def _marked(ledger: Ledger) -> Ledger:
    return replace(ledger, groups=tuple(replace(t, markers=1, actions_used=1) for t in ledger.groups))


@legal("L13")
def _l13_last_turns_markers_are_removed_at_the_start() -> object:
    played = turn(TUL, _marked(count()), Move("reiter-1"))
    assert isinstance(played, TurnResult) and played.events[0].members == {"markers": len(count().groups)}
    return played


@illegal("L13", under="L15")
def _l13_without_the_start_the_markers_stay() -> object:
    return turn(TUL, _marked(count()), Move("pikeniere-1"), start=False)


# ------------------------------------------------------------------------------ actions


@legal("L14")
def _l14_an_action_lays_a_marker() -> object:
    played = play(TUL, count(), Move("reiter-1"))
    assert played.ledger.group("reiter-1").markers == 1 and played.markers_spent == 1
    return played


@illegal("L14")
def _l14_no_marker_no_action() -> object:
    return turn(TUL, replace(count(), markers=0), Move("reiter-1"), start=False)


@legal("L15")
def _l15_riders_act_twice() -> object:
    return play(SUS, count(SUS), Move("daemonenreiter-1"), Attack("daemonenreiter-1"))


@illegal("L15")
def _l15_pikemen_act_once() -> object:
    return turn(TUL, count(), Move("pikeniere-1"), Move("pikeniere-1"))


@legal("L16")
def _l16_a_worker_works() -> object:
    return play(TUL, count(), Work("arbeiter-1", Site.FOREST))


@illegal("L16")
def _l16_the_count_does_not_attack() -> object:
    return turn(TUL, count(), Attack("graf"))


def _defended(side: Side) -> Ledger:
    ledger = start(TUL, side)
    return replace(ledger, groups=tuple(replace(t, markers=1) for t in ledger.groups))


@legal("L17")
def _l17_a_defence_marker_is_gone_at_the_next_start() -> object:
    played = play(TUL, _defended(Side.ZWERGE), Attack("zwerge-1"))
    assert played.ledger.markers == 6 - 1
    return played


@illegal("L17", under="L15")
def _l17_a_group_that_defended_is_blocked_until_then() -> object:
    return turn(TUL, _defended(Side.ZWERGE), Attack("zwerge-1"), start=False)


@legal("L18")
def _l18_an_angel_enters_from_the_edge_and_attacks() -> object:
    return play(TUL, start(TUL, Side.ENGEL), Move("engel-1", to="board"), Attack("engel-1"))


@illegal("L18")
def _l18_not_from_off_the_board() -> object:
    return turn(TUL, start(TUL, Side.ENGEL), Attack("engel-1"))


@legal("L19")
def _l19_the_dwarves_keep_what_they_collect() -> object:
    played = play(TUL, start(TUL, Side.ZWERGE), Move("zwerge-1", gold=3), Hire(3))
    counts = play(TUL, count(), Move("reiter-1", gold=3))
    assert counts.ledger.resource(Resource.GOLD) == 0
    return played


@illegal("L19", under="L29")
def _l19_no_more_gold_than_collected() -> object:
    return turn(TUL, start(TUL, Side.ZWERGE), Move("zwerge-1", gold=2), Hire(3))


# ----------------------------------------------------------------------------- economy


@legal("L20")
def _l20_a_whole_group_in_the_forest() -> object:
    played = play(TUL, count(), Work("pikeniere-1", Site.FOREST))
    assert played.production == {"wood": 1}
    return played


@illegal("L20", under="L24")
def _l20_not_a_part_of_a_group() -> object:
    return turn(
        TUL, with_groups(count(), Troop("pikeniere-9", Kind.PIKENIERE, 4)), Work("pikeniere-9", Site.FOREST)
    )


@legal("L21")
def _l21_a_farm_tills_a_field() -> object:
    played = play(TUL, with_buildings(count(), farm=1), Work("arbeiter-1", Site.FIELD))
    assert played.ledger.groups[-1].kind is Kind.ARBEITER and played.ledger.groups[-1].blocked
    return played


@illegal("L21")
def _l21_no_field_without_a_farm() -> object:
    return turn(TUL, count(), Work("arbeiter-1", Site.FIELD))


@legal("L22")
def _l22_a_quarry_gives_stone() -> object:
    played = play(TUL, with_buildings(count(), quarry=1), Work("arbeiter-1", Site.QUARRY))
    assert played.production == {"stone": 1}
    return played


@illegal("L22")
def _l22_no_stone_without_a_quarry() -> object:
    return turn(TUL, count(), Work("arbeiter-1", Site.QUARRY))


def _angels_with_a_worker(edition: Edition) -> Ledger:
    return with_groups(start(edition, Side.ENGEL), Troop("arbeiter-1", Kind.ARBEITER, 1))


@legal("L23")
def _l23_the_angels_workers_make_gold() -> object:
    played = play(TUL, _angels_with_a_worker(TUL), Work("arbeiter-1", Site.GOLD))
    assert played.production == {"gold": 1}
    return played


@illegal("L23")
def _l23_nobody_else_works_for_gold() -> object:
    return turn(TUL, count(), Work("arbeiter-1", Site.GOLD))


@legal("L24")
def _l24_the_dwarves_work_as_a_whole_group() -> object:
    return play(TUL, start(TUL, Side.ZWERGE), Work("zwerge-2", Site.FOREST))


@illegal("L24")
def _l24_not_four_of_five_dwarves() -> object:
    dwarves = replace(start(TUL, Side.ZWERGE), groups=(Troop("zwerge-1", Kind.ZWERGE, 4),))
    return turn(TUL, dwarves, Work("zwerge-1", Site.FOREST))


@legal("L25")
def _l25_a_farm_for_four_wood() -> object:
    return play(TUL, with_supply(TUL, start(TUL, Side.ZWERGE), wood=4), Build(Project.FARM))


@illegal("L25")
def _l25_not_for_three() -> object:
    return turn(TUL, with_supply(TUL, count(), wood=3), Build(Project.QUARRY))


@legal("L26")
def _l26_three_parts_then_the_gate() -> object:
    rich = with_supply(TUL, count(), wood=16, stone=16)
    played = play(TUL, rich, *[Build(Project.CASTLE_PART)] * 3, Build(Project.GATE))
    assert (played.ledger.building(Building.TOWER), played.ledger.building(Building.WALL)) == (4, 3)
    return played


@illegal("L26")
def _l26_the_castle_is_the_counts() -> None:
    check_ledger(TUL, PEOPLES, with_buildings(start(TUL, Side.ZWERGE), wall=1))


@legal("L27")
def _l27_the_angels_dragon() -> object:
    return play(SUS, with_supply(SUS, start(SUS, Side.ENGEL), gold=23), Build(Project.DRAGON))


@illegal("L27")
def _l27_not_the_dwarves() -> object:
    return turn(TUL, with_supply(TUL, start(TUL, Side.ZWERGE), gold=23), Build(Project.DRAGON))


def _workers(ledger: Ledger, n: int) -> tuple[str, ...]:
    return tuple(t.id for t in ledger.groups if t.kind is Kind.ARBEITER)[:n]


@legal("L28")
def _l28_five_workers_two_pikemen() -> object:
    played = play(TUL, count(), Convert(_workers(count(), 5), Kind.PIKENIERE))
    assert [t.kind for t in played.ledger.groups[-2:]] == [Kind.PIKENIERE, Kind.PIKENIERE]
    return played


@illegal("L28")
def _l28_not_four() -> object:
    return turn(TUL, count(), Convert(_workers(count(), 4), Kind.REITER))


@legal("L29")
def _l29_an_angel_for_seven_gold_off_the_board() -> object:
    return play(TUL, with_supply(TUL, start(TUL, Side.ENGEL), gold=7), Hire())


@illegal("L29")
def _l29_angels_that_hire_do_nothing_else() -> object:
    angels = with_supply(TUL, start(TUL, Side.ENGEL), gold=7)
    return turn(TUL, angels, Hire(), Move("engel-1", to="board"))


@legal("L30")
def _l30_two_moves() -> object:
    return play(TUL, start(TUL, Side.FLUID), Place(), Relocate())


@illegal("L30")
def _l30_not_three() -> object:
    return turn(TUL, start(TUL, Side.FLUID), Place(), Place(), Split(0, (1, 1)))


@legal("L31")
def _l31_the_castle_and_the_people_safe() -> str | None:
    by_side = ledgers(TUL)
    by_side[Side.GRAF] = with_buildings(by_side[Side.GRAF], tower=4, wall=3, gate=1)
    return aim(goal(TUL, PEOPLES, list(by_side.values()), people_safe=True), Side.GRAF, "L31")


@illegal("L31")
def _l31_a_removed_count_has_not_won_with_his_castle() -> str | None:
    by_side = ledgers(TUL)
    graf = with_buildings(by_side[Side.GRAF], tower=4, wall=3, gate=1)
    by_side[Side.GRAF] = replace(graf, groups=tuple(t for t in graf.groups if t.kind is not Kind.GRAF))
    result = goal(TUL, PEOPLES, list(by_side.values()), people_safe=True)
    assert result.winners == PEOPLES
    return aim(result, Side.GRAF, "L31")


# --------------------------------------------------------------------- Stahl und Sterne


@legal("LS4")
def _ls4_biomass_iron_uranium() -> None:
    check_ledger(SUS, PEOPLES, with_supply(SUS, count(SUS), wood=1, stone=2, gold=3))


@illegal("LS4")
def _ls4_no_wood() -> None:
    check_ledger(SUS, PEOPLES, replace(count(SUS), resources={Resource.WOOD: 1}))


@legal("LS5")
def _ls5_the_same_forces_renamed() -> None:
    kinds = {t.kind for t in count(SUS).groups}
    assert kinds == {
        Kind.IMPERATOR,
        Kind.DAEMONENREITER,
        Kind.STRAHLENWERFER,
        Kind.ELEKTROKAEMPFER,
        Kind.ARBEITER,
    }
    assert count(SUS).building(Building.TOWER) == 1


@illegal("LS5", under="L1")
def _ls5_not_under_the_old_names() -> None:
    check_ledger(SUS, PEOPLES, with_groups(count(SUS), Troop("pikeniere-1", Kind.PIKENIERE, 5)))


@legal("LS6")
def _ls6_the_worlds_move_first() -> None:
    _, events = start_turn(SUS, PEOPLES, count(SUS))
    assert [e.type for e in events] == ["worlds_moved", "markers_removed", "markers_received"]


@illegal("LS6")
def _ls6_no_worlds_in_turm_und_leute_nor_for_a_people() -> str | None:
    moved = [
        e.type
        for ledger in (count(TUL), start(SUS, Side.ZWERGE), start(SUS, Side.FLUID))
        for e in start_turn(TUL if ledger.side is Side.GRAF else SUS, PEOPLES, ledger)[1]
    ]
    return None if "worlds_moved" in moved else "LS6"


@legal("LS7")
def _ls7_two_markers_a_field() -> object:
    played = play(SUS, replace(count(SUS), markers=0), Bridge(3), start=True)
    assert played.markers_spent == 6
    return played


@illegal("LS7")
def _ls7_no_bridges_in_turm_und_leute() -> object:
    return turn(TUL, count(), Bridge(1))


@legal("LS8")
def _ls8_the_blue_world_gives_a_worker() -> object:
    played = play(SUS, count(SUS), Work("arbeiter-1", Site.BLUE))
    assert played.production == {"arbeiter": 1}
    return played


@illegal("LS8")
def _ls8_no_farm() -> object:
    return turn(SUS, with_supply(SUS, count(SUS), wood=4), Build(Project.FARM))


@legal("LS9")
def _ls9_any_sides_work_is_doubled() -> object:
    played = play(SUS, start(SUS, Side.ZWERGE), Work("zwerge-1", Site.GREEN, imperator_present=True))
    assert played.production == {"biomass": 2}
    return played


@illegal("LS9")
def _ls9_no_imperator_in_turm_und_leute() -> object:
    return turn(TUL, count(), Work("arbeiter-1", Site.FOREST, imperator_present=True))


@legal("LS10")
def _ls10_a_tower_for_biomass_and_iron() -> object:
    return play(SUS, with_supply(SUS, count(SUS), wood=4, stone=4), Build(Project.TOWER))


@illegal("LS10")
def _ls10_not_a_fifth() -> object:
    return turn(
        SUS, with_buildings(with_supply(SUS, count(SUS), wood=4, stone=4), tower=4), Build(Project.TOWER)
    )


@legal("LS11")
def _ls11_hire_on_the_board_among_other_actions() -> object:
    angels = with_supply(SUS, start(SUS, Side.ENGEL), gold=7)
    played = play(SUS, angels, Move("engel-1", to="board"), Hire(), Attack("engel-1"))
    assert played.ledger.groups[-1].blocked and not played.ledger.groups[-1].off_board
    return played


@illegal("LS11", under="L29")
def _ls11_still_seven_uranium() -> object:
    return turn(SUS, with_supply(SUS, start(SUS, Side.ENGEL), gold=6), Hire())


@legal("LS12")
def _ls12_a_planet_for_both_moves() -> object:
    return play(SUS, start(SUS, Side.FLUID), MovePlanet())


@illegal("LS12")
def _ls12_not_after_another_move() -> object:
    return turn(SUS, start(SUS, Side.FLUID), Place(), MovePlanet())


@legal("LS13")
def _ls13_an_angel_on_a_world_attacks() -> object:
    return play(SUS, start(SUS, Side.ENGEL), Move("engel-2", to="board"), Attack("engel-2"))


@illegal("LS13")
def _ls13_not_from_outside() -> object:
    return turn(SUS, start(SUS, Side.ENGEL), Attack("engel-1"))


# ------------------------------------------------------------------------------- tests


@pytest.mark.parametrize("case", CASES, ids=[f"{c.rule}-{'legal' if c.legal else 'illegal'}" for c in CASES])
def test_l9_to_ls13_each_case_is_judged_by_its_rule(case: Case) -> None:
    verdict = case.run()
    if case.legal:
        assert verdict is None
    else:
        assert verdict == (case.under or case.rule)


def test_l9_to_ls13_every_rule_has_a_legal_and_an_illegal_case() -> None:
    assert {(c.rule, c.legal) for c in CASES} == {(rule, legal) for rule in IDS for legal in (True, False)}
