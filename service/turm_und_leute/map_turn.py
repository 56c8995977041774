"""A side's turn of Stahl und Sterne judged on its map (:mod:`.board`, :mod:`.map_rules`).

The ledger judges each action first, as without a map (:func:`~.turn.play_turn`); an
action it allows is then judged on the map as it stands after the actions before it:
a move goes where :func:`~.map_rules.move_refusal` lets it, and between worlds only over
a bridge — one standing, or one the side paid for this turn with a ``bridge`` action of
the fields between the two worlds (LS7, LS17); an attack names a field in range
(:func:`~.map_rules.attack_refusal`), and destroys the fluids on it (LS22); a hired
group, an angel entering the board, a tower, a new fluid are placed where the rules let
them (LS11, LS15, LS19, LS20, L30); the Fluid's move of a planet and its taking of a
group are LS12's and LS21's. At the start of the imperator's turn the worlds move
(LS6). The first illegal action is the turn's :class:`~.actions.Violation`, of the
ledger or of the map; a legal turn answers the map after it.

What the actions do not say stays the players' to place on the map they send next: the
groups a fight removes (the combat's), new workers (LS8), converted groups (L28), the
fluids a ``relocate`` or ``split`` sets down (L30).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from service.common.errors import InvalidQueryError
from service.common.refusal import N_, Refusal, Text
from service.turm_und_leute.actions import (
    Absorb,
    Action,
    Attack,
    Bridge,
    Build,
    Event,
    Hire,
    Move,
    MovePlanet,
    Place,
    TurnResult,
    Violation,
)
from service.turm_und_leute.board import Field, Map, Piece
from service.turm_und_leute.map_rules import (
    Placing,
    absorb_refusal,
    absorbed,
    attack_refusal,
    fluid_destroyed,
    move_refusal,
    moved,
    placed,
    placement_refusal,
    planet_moved,
    planet_refusal,
    worlds_moved,
)
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.position import Ledger, Project
from service.turm_und_leute.turn import play_turn
from service.turm_und_leute.units import Edition, Kind

BRIDGE_FIRST: Final = N_(
    "a move from {name} to {other} needs a bridge paid first (LS7): its fields cost {markers}"
)


@dataclass(frozen=True)
class MapTurn:
    """A turn played on a map: the ledger's result and the map after it."""

    result: TurnResult
    map: Map


class _Refused(Exception):
    def __init__(self, rule: str, detail: Text) -> None:
        super().__init__(detail)
        self.rule = rule
        self.detail = detail


def _no(found: Refusal | None) -> None:
    if found is not None:
        raise _Refused(found.rule, found.text)


def _field_of(action: Move | Attack | Hire | Build | Place, rule: str) -> Field:
    if action.field is None:
        raise _Refused(rule, N_("on a map, the action names its field")())
    return action.field


def _piece(board: Map, side: Side, group: str) -> Piece:
    found = board.piece(side, group)
    if found is None:
        raise _Refused(
            "L14", N_("the {side} have no group {name} on the map")(side=side.value, name=repr(group))
        )
    return found


@dataclass
class _OnMap:
    board: Map
    side: Side
    ledger: Ledger
    bridges: list[int]

    def judge(self, action: Action, events: Sequence[Event]) -> None:
        board, side = self.board, self.side
        if isinstance(action, Bridge):
            self.bridges.append(action.fields)
        elif isinstance(action, Move):
            self._move(action)
        elif isinstance(action, Attack):
            target = _field_of(action, "LS18")
            _piece(board, side, action.group)
            _no(attack_refusal(board, side, action.group, target))
            if target in board.fluid_at:
                self.board = fluid_destroyed(board, side, action.group, target)
        elif isinstance(action, Hire):
            spot = _field_of(action, "LS15")
            _no(placement_refusal(board, Placing.GROUP, spot))
            hired = next(e for e in events if e.type == "hired")
            kind = Kind.ENGEL if side is Side.ENGEL else Kind.ZWERGE
            piece = Piece(side, str(hired.members["group"]), kind, spot)
            self.board = placed(board, Placing.GROUP, spot, piece)
        elif isinstance(action, Build) and action.project is Project.TOWER:
            spot = _field_of(action, "LS19")
            _no(placement_refusal(board, Placing.SMALL_TOWER, spot))
            self.board = placed(board, Placing.SMALL_TOWER, spot)
        elif isinstance(action, Place):
            spot = _field_of(action, "LS15")
            _no(placement_refusal(board, Placing.FLUID, spot))
            self.board = placed(board, Placing.FLUID, spot)
        elif isinstance(action, MovePlanet):
            if action.world is None or action.orbit_field is None:
                raise _Refused(
                    "LS12", N_("on a map, moving a planet names the world and the field of its orbit")()
                )
            _no(planet_refusal(board, action.world, action.orbit_field))
            self.board = planet_moved(board, action.world, action.orbit_field)
        elif isinstance(action, Absorb):
            taken = _piece(board, action.side, action.group)
            _no(absorb_refusal(board, taken.field))
            self.board = absorbed(board, taken.field)

    def _move(self, action: Move) -> None:
        board, side = self.board, self.side
        if action.to == "off":
            piece = _piece(board, side, action.group)
            self.board = replace(board, groups=tuple(p for p in board.groups if p is not piece))
            return
        spot = _field_of(action, "LS16")
        if action.to == "board":
            troop = self.ledger.group(action.group)
            kind = troop.kind if troop is not None else Kind.ENGEL
            _no(placement_refusal(board, Placing.ANGEL, spot))
            self.board = placed(board, Placing.ANGEL, spot, Piece(side, action.group, kind, spot))
            return
        piece = _piece(board, side, action.group)
        _no(move_refusal(board, side, action.group, spot))
        here, there = piece.field.world, spot.world
        if here != there and not board.bridged(here, there):
            between = board.fields_between(here, there)
            if between not in self.bridges:
                raise _Refused(
                    "LS17",
                    BRIDGE_FIRST(name=here, other=there, markers=2 * between),
                )
            self.bridges.remove(between)
        self.board = moved(board, side, action.group, spot)


def play_on_map(
    edition: Edition,
    peoples: Sequence[Side],
    ledger: Ledger,
    actions: Sequence[Action],
    board: Map,
    *,
    start: bool = True,
    end: bool = True,
) -> MapTurn | Violation:
    """Play ``actions`` on ``ledger`` and ``board``: the result and the map after, or the
    first :class:`Violation`, of the ledger's rules or of the map's.

    >>> from service.turm_und_leute.board import example_map, parse_field
    >>> from service.turm_und_leute.setup import setup_game
    >>> game = setup_game(Edition.STAHL_UND_STERNE, (Side.ZWERGE, Side.FLUID))
    >>> dwarves = game.sides[1].ledger
    >>> far = Move("zwerge-1", field=parse_field("green:0:3"))
    >>> play_on_map(game.edition, game.peoples, dwarves, [far], example_map())
    Violation(index=0, rule='LS16', detail='a short move goes to the next field; green:0:3 is farther')
    """
    if edition is not Edition.STAHL_UND_STERNE:
        raise InvalidQueryError("LS14", N_("maps are Stahl und Sterne's")(), "/map")
    if start and ledger.side is Side.IMPERATOR:
        # LS6: the worlds move at the start of the imperator's turn.
        board = worlds_moved(board)
    judged = _OnMap(board, ledger.side, ledger, [])
    seen = 0
    for index, action in enumerate(actions):
        before = play_turn(edition, peoples, ledger, actions[: index + 1], start=start, end=False)
        if isinstance(before, Violation):
            return before
        events, seen = before.events[seen:], len(before.events)
        judged.ledger = before.ledger
        try:
            judged.judge(action, events)
        except _Refused as refused:
            return Violation(index, refused.rule, refused.detail)
    played = play_turn(edition, peoples, ledger, actions, start=start, end=end)
    if isinstance(played, Violation):
        return played
    return MapTurn(played, judged.board)
