"""A side's turn on its ledger (L12–L30, LS6–LS13): each action by its rule, after the
start of the turn (:mod:`service.turm_und_leute.start`).

A turn is a list of actions. :func:`validate_turn` finds the first illegal one (its index,
rule id and a sentence), :func:`apply_turn` plays them all and answers the ledger after,
the production and the events. Nothing here needs a distance or the board: where an
action depends on them (a field in reach, four fluids adjacent, the imperator on the
planet worked), the client asserts it, as for a fight (L2).

>>> from service.turm_und_leute.setup import setup_ledger
>>> ledger = setup_ledger(Edition.TURM_UND_LEUTE, Side.GRAF, opponents=1)
>>> turn = (Move("reiter-1"), Work("arbeiter-1", Site.FOREST), Work("arbeiter-2", Site.FOREST))
>>> after = apply_turn(Edition.TURM_UND_LEUTE, (Side.ENGEL,), ledger, turn)
>>> after.ledger.markers, after.ledger.resource(Resource.WOOD), after.markers_spent
(1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Final

from service.common.refusal import N_, Message, Nn_
from service.turm_und_leute.actions import (
    FLUID_ACTIONS,
    FLUID_MOVES,
    Absorb,
    Action,
    Attack,
    Bridge,
    Build,
    Convert,
    Event,
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
from service.turm_und_leute.peoples import Side, count_side
from service.turm_und_leute.position import (
    ANGEL_PRICE,
    BRIDGE_PRICE,
    BUILDING_RULE,
    DWARF_PRICE,
    FIGHTERS,
    PROJECTS,
    SITES,
    Building,
    Ledger,
    Project,
    Resource,
    Site,
    Troop,
    cost,
    gold,
    stone,
    wood,
)
from service.turm_und_leute.start import angel_back, new_id, start_turn
from service.turm_und_leute.units import UNITS, Edition, Kind, translate


class _Illegal(Exception):
    def __init__(self, rule: str, detail: str) -> None:
        super().__init__(detail)
        self.rule = rule
        self.detail = detail


# ------------------------------------------------------------------------------ a turn


@dataclass
class _Turn:
    """A turn being played: the ledger so far and what it has done."""

    edition: Edition
    peoples: tuple[Side, ...]
    ledger: Ledger
    events: list[Event]
    production: dict[str, int]
    spent: int = 0
    fluid_moves: int = 0
    hired: bool = False
    other: bool = False

    def troops(self) -> dict[str, Troop]:
        return {t.id: t for t in self.ledger.groups}

    def put(self, troop: Troop) -> None:
        self.ledger = replace(
            self.ledger, groups=tuple(troop if t.id == troop.id else t for t in self.ledger.groups)
        )

    def add(self, kind: Kind, figures: int, *, off_board: bool = False) -> Troop:
        """A new group joins the side during the turn, placed marked (L15)."""
        troop = Troop(new_id(self.ledger, kind), kind, figures, markers=1, off_board=off_board)
        self.ledger = replace(self.ledger, groups=(*self.ledger.groups, troop))
        return troop

    def gain(self, resource: Resource, amount: int) -> None:
        resources = dict(self.ledger.resources)
        resources[resource] = resources.get(resource, 0) + amount
        self.ledger = replace(self.ledger, resources=resources)

    def pay(self, price: Mapping[Resource, int], rule: str, what: str) -> None:
        for resource, amount in price.items():
            if self.ledger.resource(resource) < amount:
                raise _Illegal(
                    rule,
                    Nn_(
                        "{what} costs {price}; the supply has {have} {resource}",
                        "{what} costs {price}; the supply has {have} {resource}",
                        "have",
                    )(
                        what=what,
                        price=_price(price),
                        have=self.ledger.resource(resource),
                        resource=resource.value,
                    ),
                )
        for resource, amount in price.items():
            self.gain(resource, -amount)

    def spend(self, markers: int, rule: str, what: str) -> None:
        if self.ledger.markers < markers:
            raise _Illegal(
                rule, Nn_(
                    "{what} needs {markers} marker from the supply, which has {have}",
                    "{what} needs {markers} markers from the supply, which has {have}",
                    "markers",
                )(what=what, markers=markers, have=self.ledger.markers)
            )
        self.ledger = replace(self.ledger, markers=self.ledger.markers - markers)
        self.spent += markers


def _price(price: Mapping[Resource, int]) -> str:
    return _listing([f"{n} {r.value}" for r, n in price.items()], AND)


AND = N_("{first} and {last}")
OR = N_("{first} or {last}")


def _listing(items: list[str], joined: Message) -> str:
    """``a, b and c`` (or ``or``) in the words of the language the sentence is written in."""
    if len(items) < 2:
        return "".join(items)
    return joined(first=", ".join(items[:-1]), last=items[-1])


def play_turn(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    *,
    start: bool = True,
    end: bool = True,
) -> TurnResult | Violation:
    """Play ``actions`` on ``ledger``: the result, or the first :class:`Violation`.

    With ``start`` the turn's start (:func:`start_turn`) comes first; with ``end`` the
    actions are the whole turn (the Fluid must have made its two moves, L30).
    """
    # L18: a ledger of angels without an angel has its angel back, whether or not the
    # turn starts here.
    ledger, events = start_turn(edition, peoples, ledger) if start else angel_back(ledger)
    turn = _Turn(edition, tuple(peoples), ledger, list(events), {})
    for index, action in enumerate(actions):
        try:
            _play(turn, action)
        except _Illegal as illegal:
            return Violation(index, illegal.rule, illegal.detail)
    if end and ledger.side is Side.FLUID and turn.fluid_moves < FLUID_MOVES:
        return Violation(
            len(actions),
            "L30",
            N_("the Fluid makes two moves a turn, this turn {fluid_moves}")(fluid_moves=turn.fluid_moves),
        )
    return TurnResult(turn.ledger, dict(turn.production), turn.spent, tuple(turn.events))


def validate_turn(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    *,
    start: bool = True,
    end: bool = True,
) -> Violation | None:
    """The first illegal action of the turn, or ``None``.

    >>> from service.turm_und_leute.setup import setup_ledger
    >>> ledger = setup_ledger(Edition.TURM_UND_LEUTE, Side.GRAF, opponents=1)
    >>> validate_turn(Edition.TURM_UND_LEUTE, (Side.ENGEL,), ledger, [Attack("graf")])
    Violation(index=0, rule='L16', detail='a group of graf may only defend or move, not attack')
    """
    played = play_turn(edition, peoples, ledger, actions, start=start, end=end)
    return played if isinstance(played, Violation) else None


class IllegalLedgerTurn(Exception):
    """:func:`apply_turn` on an illegal turn; ``violation`` says why."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(f"{violation.rule}: {violation.detail}")
        self.violation = violation


def apply_turn(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    *,
    start: bool = True,
    end: bool = True,
) -> TurnResult:
    """The turn played; raises :class:`IllegalLedgerTurn` for an illegal one."""
    played = play_turn(edition, peoples, ledger, actions, start=start, end=end)
    if isinstance(played, Violation):
        raise IllegalLedgerTurn(played)
    return played


# --------------------------------------------------------------------------- each action


_FLUID_MOVE_NAMES: Final[Mapping[type, str]] = MappingProxyType(
    {Place: "place", Relocate: "relocate", Split: "split", Absorb: "absorb", MovePlanet: "move_planet"}
)
"""The Fluid's moves (L30, LS12) by the action's ``type`` in the contract."""


def _play(turn: _Turn, action: Action) -> None:
    side = turn.ledger.side
    fluid_action = isinstance(action, FLUID_ACTIONS)
    if (side is Side.FLUID) != fluid_action:
        if side is Side.FLUID:
            moves = [name for kind, name in _FLUID_MOVE_NAMES.items() if kind is not MovePlanet]
            if turn.edition is Edition.STAHL_UND_STERNE:
                moves.append(_FLUID_MOVE_NAMES[MovePlanet])
            raise _Illegal("L30", N_("the Fluid's moves are {moves}")(moves=_listing(moves, AND)))
        raise _Illegal(
            "L30",
            N_("{action} is one of the Fluid's moves, not the {side}'s")(
                action=_FLUID_MOVE_NAMES[type(action)], side=side.value
            ),
        )
    if fluid_action:
        _fluid(turn, action)
        return
    hire = isinstance(action, Hire)
    if turn.edition is Edition.TURM_UND_LEUTE and side is Side.ENGEL:
        # L29: the angels that hire do nothing else that round.
        if (hire and turn.other) or (not hire and turn.hired):
            raise _Illegal("L29", N_("the angels hire new angels in a turn in which they do nothing else")())
    turn.hired |= hire
    turn.other |= not hire
    if isinstance(action, Move):
        _move(turn, action)
    elif isinstance(action, Work):
        _work(turn, action)
    elif isinstance(action, Attack):
        _attack(turn, action)
    elif isinstance(action, Build):
        _build(turn, action)
    elif isinstance(action, Convert):
        _convert(turn, action)
    elif isinstance(action, Hire):
        _hire(turn, action)
    elif isinstance(action, Bridge):
        _bridge(turn, action)


ALLOWED: Final[Mapping[Kind, frozenset[str]]] = MappingProxyType(
    {
        Kind.ARBEITER: frozenset({"move", "work"}),
        Kind.GRAF: frozenset({"move"}),
        Kind.IMPERATOR: frozenset({"move"}),
        **{k: frozenset({"move", "attack", "work"}) for k in FIGHTERS},
    }
)
"""L16, L24: the actions a ledger knows for each kind (defending is the combat's, L17)."""


def _act(turn: _Turn, group_id: str, verb: str) -> Troop:
    """The group ``group_id`` takes an action ``verb``: L14–L16; its marker is spent."""
    troop = turn.troops().get(group_id)
    if troop is None:
        raise _Illegal(
            "L14",
            N_("the {side} have no group {group_id}")(side=turn.ledger.side.value, group_id=repr(group_id)),
        )
    if verb not in ALLOWED[troop.kind]:
        allowed = ALLOWED[troop.kind] | ({"defend"} if troop.kind in (Kind.GRAF, Kind.IMPERATOR) else set())
        what = _listing(sorted(allowed), OR)
        raise _Illegal(
            "L16",
            N_("a group of {kind} may only {what}, not {verb}")(kind=troop.kind.value, what=what, verb=verb),
        )
    if troop.blocked:
        raise _Illegal(
            "L15",
            N_(
                "{group_id} joined the side this turn, placed marked: it is blocked until the markers are "
                "removed at the start of the next turn"
            )(group_id=group_id),
        )
    actions = UNITS[turn.edition][troop.kind].actions
    if troop.actions_used >= actions:
        raise _Illegal("L15", Nn_(
            "{group_id} has used its {actions} action this turn",
            "{group_id} has used its {actions} actions this turn",
            "actions",
        )(group_id=group_id, actions=actions))
    turn.spend(1, "L14", N_("an action of {group_id}")(group_id=group_id))
    troop = replace(troop, markers=troop.markers + 1, actions_used=troop.actions_used + 1)
    turn.put(troop)
    return troop


def _move(turn: _Turn, action: Move) -> None:
    before = turn.troops().get(action.group)
    if before is not None and before.kind is not Kind.ENGEL and action.to is not None:
        raise _Illegal(
            "L18", N_("only angels enter from the edge or flee to it, not {kind}")(kind=before.kind.value)
        )
    if before is not None and before.kind is Kind.ENGEL:
        if before.off_board and action.to != "board":
            raise _Illegal(
                "L18",
                N_("{group} is off the board: it can only enter from the edge (to: board)")(
                    group=action.group
                ),
            )
        if not before.off_board and action.to == "board":
            raise _Illegal("L18", N_("{group} is on the board already")(group=action.group))
    troop = _act(turn, action.group, "move")
    if action.to is not None:
        troop = replace(troop, off_board=action.to == "off")
        turn.put(troop)
    rules = ("L14", "L18") if action.to else ("L14",)
    turn.events.append(Event("moved", {"group": troop.id, **({"to": action.to} if action.to else {})}, rules))
    if action.gold:
        # L19: anyone collects gold pieces; only the angels and the dwarves keep them.
        kept = turn.ledger.side in (Side.ENGEL, Side.ZWERGE)
        if kept:
            turn.gain(gold(turn.edition), action.gold)
        turn.events.append(
            Event("gold_collected", {"group": troop.id, "gold": action.gold, "kept": kept}, ("L19",))
        )


def _work(turn: _Turn, action: Work) -> None:
    edition, side = turn.edition, turn.ledger.side
    troop = turn.troops().get(action.group)
    if action.site not in SITES[edition]:
        raise _Illegal(
            "LS8",
            N_("{edition} has no site {site}: its sites are {sites}")(
                edition=edition.full_name,
                site=repr(action.site.value),
                sites=", ".join(repr(s.value) for s in SITES[edition]),
            ),
        )
    if (
        troop is not None
        and troop.kind in FIGHTERS
        and troop.figures < UNITS[edition][troop.kind].max_figures
    ):
        raise _Illegal(
            "L24",
            N_("fighters work as a whole group: {troop} has {figures} of {max_figures} figures")(
                troop=troop.id, figures=troop.figures, max_figures=UNITS[edition][troop.kind].max_figures
            ),
        )
    if troop is not None and troop.off_board:
        raise _Illegal("L18", N_("{troop} is off the board")(troop=troop.id))
    if action.site is Site.GOLD and (
        side is not Side.ENGEL or (troop is not None and troop.kind is not Kind.ARBEITER)
    ):
        raise _Illegal("L23", N_("only the angels' workers work for gold")())
    if action.site is Site.FIELD and not turn.ledger.building(Building.FARM):
        raise _Illegal("L21", N_("a field gives workers only to a side with a farm")())
    if action.site is Site.QUARRY and not turn.ledger.building(Building.QUARRY):
        raise _Illegal("L22", N_("a side without a quarry cannot work in one")())
    if action.imperator_present and edition is not Edition.STAHL_UND_STERNE:
        # LS9 doubles the production of a planet where the imperator stands, whoever
        # works it; Turm und Leute has no imperator and no planets.
        raise _Illegal(
            "LS9",
            N_(
                "Turm und Leute has no imperator: only in Stahl und Sterne does his presence on a planet "
                "double its production"
            )(),
        )
    troop = _act(turn, action.group, "work")
    amount = 2 if action.imperator_present else 1
    produced: dict[str, object] = {"group": troop.id, "site": action.site.value}
    if action.site in (Site.FIELD, Site.BLUE):
        new = [turn.add(Kind.ARBEITER, 1).id for _ in range(amount)]
        turn.production["arbeiter"] = turn.production.get("arbeiter", 0) + amount
        produced["workers"] = new
    else:
        resource = {
            Site.FOREST: wood,
            Site.GREEN: wood,
            Site.QUARRY: stone,
            Site.RED: stone,
            Site.GOLD: gold,
        }[action.site](edition)
        turn.gain(resource, amount)
        turn.production[resource.value] = turn.production.get(resource.value, 0) + amount
        produced[resource.value] = amount
    rules = (
        _SITE_RULE[action.site],
        *(("L16", "L24") if troop.kind is not Kind.ARBEITER else ()),
        *(("LS9",) if action.imperator_present else ()),
    )
    turn.events.append(Event("worked", produced, rules))


_SITE_RULE: Final[Mapping[Site, str]] = MappingProxyType(
    {
        Site.FOREST: "L20",
        Site.FIELD: "L21",
        Site.QUARRY: "L22",
        Site.GOLD: "L23",
        Site.GREEN: "LS8",
        Site.BLUE: "LS8",
        Site.RED: "LS8",
    }
)
"""The rule of the work at each site."""


def _attack(turn: _Turn, action: Attack) -> None:
    troop = turn.troops().get(action.group)
    if troop is not None and troop.off_board:
        rule = "LS13" if turn.edition is Edition.STAHL_UND_STERNE else "L18"
        raise _Illegal(rule, N_("{troop} is off the board: angels do not attack from there")(troop=troop.id))
    troop = _act(turn, action.group, "attack")
    turn.events.append(Event("attacked", {"group": troop.id}, ("L16",)))


def _build(turn: _Turn, action: Build) -> None:
    edition, side, ledger = turn.edition, turn.ledger.side, turn.ledger
    project = action.project
    if project not in PROJECTS[edition]:
        names = ", ".join(repr(p.value) for p in PROJECTS[edition])
        raise _Illegal(
            "LS8" if edition is Edition.STAHL_UND_STERNE else "L26",
            N_("{full_name} builds {names}, not {asked}")(
                full_name=edition.full_name, names=names, asked=repr(project.value)
            ),
        )
    if project in (Project.CASTLE_PART, Project.GATE, Project.TOWER) and not side.is_count:
        rule = "LS10" if project is Project.TOWER else "L26"
        raise _Illegal(
            rule, N_("the castle and its towers are the count's to build, not the {side}'s")(side=side.value)
        )
    if project is Project.DRAGON and side is not Side.ENGEL:
        raise _Illegal("L27", N_("the dragon is the angels' to get")())
    if project is Project.CATAPULT and side is not Side.ZWERGE:
        raise _Illegal("L27", N_("the catapult is the dwarves' to build")())
    towers, walls = ledger.building(Building.TOWER), ledger.building(Building.WALL)
    if project is Project.CASTLE_PART and towers >= 4:
        raise _Illegal("L26", N_("the castle has its four towers: the gate is the last part")())
    if project is Project.GATE and ((towers, walls) != (4, 3) or ledger.building(Building.GATE)):
        raise _Illegal(
            "L26",
            N_(
                "the gate is the last part of the castle: built once, after four towers and three walls "
                "(there are {towers} and {walls})"
            )(towers=towers, walls=walls),
        )
    if project is Project.TOWER and towers >= 4:
        raise _Illegal("LS10", N_("the imperator has his four towers")())
    if project in (Project.DRAGON, Project.CATAPULT) and ledger.building(Building(project.value)):
        raise _Illegal("L27", N_("there is one {project}, and it is built")(project=project.value))
    adds = _ADDS[project]
    # A project is paid under the rule of what it adds; the imperator's towers are LS10's.
    rule = "LS10" if project is Project.TOWER else BUILDING_RULE[adds[0]]
    turn.pay(cost(edition, project), rule, N_("a {project}")(project=project.value))
    buildings = dict(turn.ledger.buildings)
    for building in adds:
        buildings[building] = buildings.get(building, 0) + 1
    turn.ledger = replace(turn.ledger, buildings=buildings)
    turn.events.append(Event("built", {"project": project.value}, (rule,)))


_ADDS: Final[Mapping[Project, tuple[Building, ...]]] = MappingProxyType(
    {
        Project.CASTLE_PART: (Building.WALL, Building.TOWER),
        Project.GATE: (Building.GATE,),
        Project.TOWER: (Building.TOWER,),
        Project.FARM: (Building.FARM,),
        Project.QUARRY: (Building.QUARRY,),
        Project.DRAGON: (Building.DRAGON,),
        Project.CATAPULT: (Building.CATAPULT,),
    }
)
"""The buildings a project adds to the ledger."""

CONVERSION: Final[Mapping[Kind, int]] = MappingProxyType(
    {Kind.REITER: 1, Kind.BOGENSCHUETZEN: 1, Kind.PIKENIERE: 2}
)
"""L28: the groups five workers become, by base-game name."""
WORKERS_PER_CONVERSION: Final = 5


def _convert(turn: _Turn, action: Convert) -> None:
    edition, side = turn.edition, turn.ledger.side
    if not side.is_count:
        raise _Illegal(
            "L28", N_("workers become the count's fighters: the {side} do not convert")(side=side.value)
        )
    base = translate(action.into, Edition.TURM_UND_LEUTE)
    if base not in CONVERSION or action.into not in UNITS[edition]:
        names = ", ".join(translate(k, edition).value for k in CONVERSION)
        raise _Illegal(
            "L28", N_("five workers become {names}, not {into}")(names=names, into=action.into.value)
        )
    if len(action.workers) != WORKERS_PER_CONVERSION or len(set(action.workers)) != WORKERS_PER_CONVERSION:
        raise _Illegal(
            "L28",
            N_("a conversion takes five different workers, not {count}")(count=len(set(action.workers))),
        )
    troops = turn.troops()
    for worker in action.workers:
        troop = troops.get(worker)
        if troop is None or troop.kind is not Kind.ARBEITER:
            raise _Illegal(
                "L28", N_("{worker} is not a worker of the {side}")(worker=repr(worker), side=side.value)
            )
        if troop.markers:
            raise _Illegal(
                "L28", N_("{worker} carries a marker: only unmarked workers are converted")(worker=worker)
            )
    gone = set(action.workers)
    turn.ledger = replace(turn.ledger, groups=tuple(t for t in turn.ledger.groups if t.id not in gone))
    made = [
        turn.add(action.into, UNITS[edition][action.into].max_figures).id for _ in range(CONVERSION[base])
    ]
    turn.events.append(Event("converted", {"workers": list(action.workers), "groups": made}, ("L28",)))


def _hire(turn: _Turn, action: Hire) -> None:
    edition, side, ledger = turn.edition, turn.ledger.side, turn.ledger
    if side is Side.ENGEL:
        if action.figures != 1:
            raise _Illegal(
                "L29", N_("the angels hire one angel at a time: a group of angels is one figure")()
            )
        if edition is Edition.TURM_UND_LEUTE and any(
            t.kind is Kind.ENGEL and not t.off_board for t in ledger.groups
        ):
            raise _Illegal("L29", N_("angels are hired off the board only: every angel must have left it")())
        turn.pay({gold(edition): ANGEL_PRICE}, "L29", N_("an angel")())
        troop = turn.add(Kind.ENGEL, 1, off_board=edition is Edition.TURM_UND_LEUTE)
    elif side is Side.ZWERGE:
        most = UNITS[edition][Kind.ZWERGE].max_figures
        if not 1 <= action.figures <= most:
            raise _Illegal(
                "L29",
                N_("a group of dwarves has 1 to {most} figures, not {figures}")(
                    most=most, figures=action.figures
                ),
            )
        turn.pay(
            {gold(edition): DWARF_PRICE * action.figures}, "L29",
            Nn_("a group of {figures} dwarf", "a group of {figures} dwarves", "figures")(
                figures=action.figures
            ),
        )
        troop = turn.add(Kind.ZWERGE, action.figures)
    else:
        raise _Illegal("L29", N_("only the angels and the dwarves hire, not the {side}")(side=side.value))
    rules = ("L29", "LS11") if side is Side.ENGEL and edition is Edition.STAHL_UND_STERNE else ("L29",)
    turn.events.append(Event("hired", {"group": troop.id, "figures": troop.figures}, rules))


def _bridge(turn: _Turn, action: Bridge) -> None:
    if turn.edition is not Edition.STAHL_UND_STERNE:
        raise _Illegal("LS7", N_("bridges between worlds are Stahl und Sterne's")())
    turn.spend(
        BRIDGE_PRICE * action.fields,
        "LS7",
        Nn_("a bridge over {fields} field", "a bridge over {fields} fields", "fields")(fields=action.fields),
    )
    turn.events.append(
        Event("bridge", {"fields": action.fields, "markers": BRIDGE_PRICE * action.fields}, ("LS7",))
    )


# ------------------------------------------------------------------------------ the Fluid


def _fluid(turn: _Turn, action: Action) -> None:
    needs = FLUID_MOVES if isinstance(action, MovePlanet) else 1
    if isinstance(action, MovePlanet):
        if turn.edition is not Edition.STAHL_UND_STERNE:
            raise _Illegal("LS12", N_("planets are Stahl und Sterne's")())
        if turn.fluid_moves:
            raise _Illegal("LS12", N_("moving a planet takes both of the Fluid's moves")())
    if turn.fluid_moves + needs > FLUID_MOVES:
        raise _Illegal("L30", N_("the Fluid has made its two moves this turn")())
    turn.fluid_moves += needs
    ledger = turn.ledger
    if isinstance(action, Place):
        turn.ledger = replace(ledger, fluids=ledger.fluids + 1)
        turn.events.append(Event("placed", {}, ("L30",)))
    elif isinstance(action, Relocate):
        if ledger.fluids < 2:
            raise _Illegal(
                "L30", N_("relocating moves two fluids; {fluids} on the board")(fluids=ledger.fluids)
            )
        turn.events.append(Event("relocated", {}, ("L30",)))
    elif isinstance(action, Split):
        if not 0 <= action.stack < len(ledger.stacks):
            raise _Illegal(
                "L30",
                N_("there is no stack {stack}: the Fluid has {count}")(
                    stack=action.stack, count=len(ledger.stacks)
                ),
            )
        height = ledger.stacks[action.stack]
        if len(action.parts) < 2 or sum(action.parts) != height:
            raise _Illegal(
                "L30",
                N_("a stack of {height} splits into two or more parts of {height} fluids in all")(
                    height=height
                ),
            )
        rest = ledger.stacks[: action.stack] + ledger.stacks[action.stack + 1 :]
        turn.ledger = replace(ledger, stacks=rest + tuple(p for p in action.parts if p > 1))
        turn.events.append(Event("split", {"stack": height, "parts": list(action.parts)}, ("L30",)))
    elif isinstance(action, Absorb):
        if action.side is Side.FLUID or (action.side != count_side(turn.edition)
                                           and action.side not in turn.peoples):
            raise _Illegal(
                "L30",
                N_("the Fluid takes the groups of the other sides in play, not of {side}")(
                    side=action.side.value
                ),
            )
        if ledger.singles < 4:
            raise _Illegal(
                "L30",
                N_("taking a group needs four single fluids around it; {singles} stand alone")(
                    singles=ledger.singles
                ),
            )
        turn.ledger = replace(ledger, fluids=ledger.fluids + 1, stacks=(*ledger.stacks, 5))
        turn.events.append(Event("absorbed", {"side": action.side.value, "group": action.group}, ("L30",)))
    else:
        turn.events.append(Event("planet_moved", {}, ("LS12",)))
