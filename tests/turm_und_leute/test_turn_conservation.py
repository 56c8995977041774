"""A turn that validates is applied without refusal, and applying it moves markers,
figures, resources, buildings and fluids only where a rule moves them (L12–L30,
LS6–LS12), over random turns of every side in both editions.

The expected ledger after is counted from the actions alone, with the document's
numbers (costs L25–L27 and LS10, conversions L28, prices L29, production L20–L23, LS8,
LS9, the Fluid's moves L30), not from the engine's tables or events.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import event, given, settings
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
    Place,
    Split,
    TurnResult,
    Work,
)
from service.turm_und_leute.peoples import Side, markers_per_turn
from service.turm_und_leute.position import RESOURCES, Building, Ledger, Project, Site
from service.turm_und_leute.turn import apply_turn, validate_turn
from service.turm_und_leute.units import UNITS, Edition, Kind

from .test_ledger_properties import turns

EXAMPLES = 200
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True)

#: L25–L27, LS10: what each project costs, by the base game's resource names.
COSTS = {
    Project.FARM: {"wood": 4},
    Project.QUARRY: {"wood": 4},
    Project.CASTLE_PART: {"wood": 4, "stone": 4},
    Project.GATE: {"wood": 4, "stone": 4},
    Project.TOWER: {"wood": 4, "stone": 4},
    Project.DRAGON: {"gold": 23},
    Project.CATAPULT: {"gold": 23},
}
#: L26, L27, LS10: the buildings each project adds.
ADDS = {
    Project.FARM: {"farm": 1},
    Project.QUARRY: {"quarry": 1},
    Project.CASTLE_PART: {"wall": 1, "tower": 1},
    Project.GATE: {"gate": 1},
    Project.TOWER: {"tower": 1},
    Project.DRAGON: {"dragon": 1},
    Project.CATAPULT: {"catapult": 1},
}
#: L28: groups made of five workers, by either edition's name.
GROUPS_MADE = {
    "reiter": 1,
    "bogenschuetzen": 1,
    "pikeniere": 2,
    "daemonenreiter": 1,
    "strahlenwerfer": 1,
    "elektrokaempfer": 2,
}
#: L20–L23, LS8: what work at a site makes; "arbeiter" is a new worker.
MAKES = {
    Site.FOREST: "wood",
    Site.GREEN: "wood",
    Site.QUARRY: "stone",
    Site.RED: "stone",
    Site.GOLD: "gold",
    Site.FIELD: "arbeiter",
    Site.BLUE: "arbeiter",
}


@st.composite
def varied_turns(draw: st.DrawFn) -> tuple[Edition, tuple[Side, ...], Ledger, list[Action], bool]:
    """:func:`turns`, some with last turn's markers still on the groups, some angels
    without an angel (L18), some played without the turn's start."""
    edition, peoples, ledger, actions = draw(turns())
    if draw(st.booleans()):
        ledger = replace(ledger, groups=tuple(replace(t, markers=1, actions_used=0) for t in ledger.groups))
    if ledger.side is Side.ENGEL and draw(st.booleans()):
        ledger = replace(ledger, groups=tuple(t for t in ledger.groups if t.kind is not Kind.ENGEL))
    return edition, peoples, ledger, actions, draw(st.sampled_from([True, True, False]))


def _validated(edition, peoples, ledger, actions, start) -> list[Action]:
    """The actions a player keeps, each one validated before it is added."""
    kept: list[Action] = []
    for action in actions:
        if validate_turn(edition, peoples, ledger, [*kept, action], start=start, end=False) is None:
            kept.append(action)
    return kept


@SETTINGS
@given(varied_turns())
def test_l14_to_l30_a_validated_turn_is_applied_and_conserves_what_no_rule_moves(turn) -> None:
    edition, peoples, ledger, actions, start = turn
    kept = _validated(edition, peoples, ledger, actions, start)
    many = "no" if not kept else "1-3" if len(kept) < 4 else "4 or more"
    event(f"{ledger.side.value}: {many} legal actions")
    # Apply never refuses what validate accepted (as a whole turn too, where it is one).
    result = apply_turn(edition, peoples, ledger, kept, start=start, end=False)
    if validate_turn(edition, peoples, ledger, kept, start=start) is None:
        assert apply_turn(edition, peoples, ledger, kept, start=start) == result
    _conserved(edition, peoples, ledger, kept, start, result)


def _conserved(edition, peoples, ledger: Ledger, kept: list[Action], start: bool, result: TurnResult) -> None:
    after = result.ledger
    side = ledger.side
    names = dict(zip(RESOURCES[edition], ("wood", "stone", "gold"), strict=True))
    # Markers (L12–L15, L28, L29, LS7): the supply gains the turn's income and pays one
    # per group action and two per bridge field; the groups carry last turn's markers
    # (unless the turn starts, L13), one per action, one per group placed marked.
    group_actions = sum(isinstance(a, Move | Work | Attack) for a in kept)
    bridges = sum(2 * a.fields for a in kept if isinstance(a, Bridge))
    income = markers_per_turn(side, len(peoples)) if start else 0
    assert after.markers == ledger.markers + income - group_actions - bridges
    assert result.markers_spent == group_actions + bridges
    # Figures and groups (L15, L18, L21, L28, L29, LS8): per kind, what the turn adds
    # and takes; no action changes a group's figures.
    figures: Counter[Kind] = Counter()
    for t in ledger.groups:
        figures[t.kind] += t.figures
    placed = 0
    made: Counter[str] = Counter()
    for a in kept:
        if isinstance(a, Work):
            amount = 2 if a.imperator_present else 1
            made[MAKES[a.site]] += amount
            if MAKES[a.site] == "arbeiter":
                figures[Kind.ARBEITER] += amount
                placed += amount
        elif isinstance(a, Convert):
            figures[Kind.ARBEITER] -= 5
            groups = GROUPS_MADE[a.into.value]
            figures[a.into] += groups * UNITS[edition][a.into].max_figures
            placed += groups
        elif isinstance(a, Hire):
            figures[Kind.ENGEL if side is Side.ENGEL else Kind.ZWERGE] += a.figures
            placed += 1
    returned = side is Side.ENGEL and not any(t.kind is Kind.ENGEL for t in ledger.groups)
    figures[Kind.ENGEL] += returned
    after_figures: Counter[Kind] = Counter()
    for t in after.groups:
        after_figures[t.kind] += t.figures
    assert +after_figures == +figures
    converted = {w for a in kept if isinstance(a, Convert) for w in a.workers}
    for t in ledger.groups:
        if t.id not in converted:
            kept_group = after.group(t.id)
            assert kept_group is not None and (kept_group.kind, kept_group.figures) == (t.kind, t.figures)
    lying = 0 if start else sum(t.markers for t in ledger.groups if t.id not in converted)
    assert sum(t.markers for t in after.groups) == lying + group_actions + placed
    # Resources (L19–L29, LS8–LS10): production, kept gold, less what was paid.
    resources: Counter[str] = Counter({names[r]: n for r, n in ledger.resources.items()})
    resources.update({k: v for k, v in made.items() if k != "arbeiter"})
    if side in (Side.ENGEL, Side.ZWERGE):
        resources["gold"] += sum(a.gold for a in kept if isinstance(a, Move))
    for a in kept:
        if isinstance(a, Build):
            resources.subtract(COSTS[a.project])
        elif isinstance(a, Hire):
            resources["gold"] -= 7 if side is Side.ENGEL else a.figures
    assert {names[r]: n for r, n in after.resources.items() if n} == {k: v for k, v in resources.items() if v}
    # Buildings (L25–L27, LS10).
    buildings: Counter[str] = Counter({b.value: n for b, n in ledger.buildings.items()})
    for a in kept:
        if isinstance(a, Build):
            buildings.update(ADDS[a.project])
    assert {b.value: n for b, n in after.buildings.items() if n} == +buildings
    assert all(isinstance(b, Building) for b in after.buildings)
    # The Fluid (L30, LS12): a placed fluid and an absorbed group add one each; an
    # absorption adds a stack of five; a split turns one stack into its parts of two or
    # more; relocating and moving a planet change no count.
    fluids, stacks = ledger.fluids, list(ledger.stacks)
    for a in kept:
        if isinstance(a, Place):
            fluids += 1
        elif isinstance(a, Absorb):
            fluids += 1
            stacks.append(5)
        elif isinstance(a, Split):
            del stacks[a.stack]
            stacks.extend(p for p in a.parts if p > 1)
    assert (after.fluids, sorted(after.stacks)) == (fluids, sorted(stacks))
