"""Terra Turrium's JSON shapes, each described once as a marshmallow schema.

A request's shapes (``…Input`` where a member may be left out) load into the engine's
frozen values; the answers' dump them. The HTTP layer documents the contract with the
same classes (a class's name is its component's), and the codec
(:mod:`service.terra_turrium.wire.codec`) and the notation
(:mod:`service.terra_turrium.notation`) read and write with them. An answer's schema of
an input is the input's subclass whose optional members are
:func:`~service.common.schema_shapes.answered` (required, as an answer writes them all).

The dense shapes are fields of their own, read and written in one pass:
:class:`~service.terra_turrium.wire.fields.Heights` (the 10 × 10 table), :class:`Seats`
and :class:`Reaches`.

>>> SeatInput().load({"id": "red", "territories": ["SE", "NE"], "turrians": [], "attacks": 0}).territories
(<Territory.NE: 'NE'>, <Territory.SE: 'SE'>)
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

from service.common.budget import search_fields
from service.common.grid import board_order
from service.common.outcome import is_legal
from service.common.schema import Flag, Integer, List, Nested, Schema, String, Word
from service.common.schema_shapes import (
    Alternatives,
    Const,
    Either,
    Illegal,
    Keyed,
    LegalAnswer,
    OneOf,
    Verdicts,
    answered,
    readings,
)
from service.common.shapes import MUST_BE_ARRAY
from service.terra_turrium import actions
from service.terra_turrium.actions import CaptureKind, EventType
from service.terra_turrium.board import FILE_NAMES, GRID, SIZE, Territory
from service.terra_turrium.goal import GOAL_HEIGHTS
from service.terra_turrium.position import (
    CAPTURES_PER_SEAT,
    MAX_ATTACKS,
    MAX_BONUS_STONES,
    MAX_HEIGHT,
    MOVEMENT_POINTS,
    OPTIONS,
    START_OF_TURN,
    STONES_PER_TURN,
    Phase,
    Position,
    Rules,
    Seat,
    TurnState,
)
from service.terra_turrium.take import RemovalRule
from service.terra_turrium.wire.fields import (
    ORIGIN_PATTERN as ORIGIN_PATTERN,
)
from service.terra_turrium.wire.fields import (
    ORIGIN_WORDS as ORIGIN_WORDS,
)
from service.terra_turrium.wire.fields import (
    RESERVE as RESERVE,
)
from service.terra_turrium.wire.fields import (
    VIOLATION_TURN as VIOLATION_TURN,
)
from service.terra_turrium.wire.fields import Heights as Heights
from service.terra_turrium.wire.fields import (
    Origin as Origin,
)
from service.terra_turrium.wire.fields import (
    PhaseOrTurn as PhaseOrTurn,
)
from service.terra_turrium.wire.fields import (
    SeatId as SeatId,
)
from service.terra_turrium.wire.fields import (
    _clockwise,
    _doc,
    _option,
    _strict,
)
from service.terra_turrium.wire.fields import (
    choice as choice,
)
from service.terra_turrium.wire.fields import (
    flag as flag,
)
from service.terra_turrium.wire.fields import (
    integer as integer,
)
from service.terra_turrium.wire.fields import (
    nested as nested,
)
from service.terra_turrium.wire.fields import (
    objects as objects,
)
from service.terra_turrium.wire.fields import (
    seat_ids as seat_ids,
)
from service.terra_turrium.wire.fields import (
    square as square,
)
from service.terra_turrium.wire.fields import (
    squares as squares,
)

# --------------------------------------------------------------------- the position


# The options are data (:data:`OPTIONS`, one field of ``Rules`` each): their schemas are
# made from it by marshmallow's ``from_dict``, so that a new option is read, written and
# documented without a member of its own here.
RulesInput: Any = Schema.from_dict({option.name: _option(option) for option in OPTIONS}, name="RulesInput")
RulesInput.build = Rules
RulesInput.__doc__ = "The rule options; each has its default."


class SeatInput(Schema):
    """A seat: its territories, turrians on the board and counters (S1–S4)."""

    build = Seat
    id = SeatId("The seat's id.", required=True)
    territories = _strict(List(choice(Territory, "A territory (B3)."), make=_clockwise, required=True,
                               metadata=_doc("Own territories: one each with 3 or 4 players, two each "
                                             "with 2 (S1).")), MUST_BE_ARRAY())
    turrians = squares("Squares of the seat's turrians on the board, in board order; the rest are in "
                       "reserve (S2).", make=board_order, required=True)
    attacks = integer("Attacks used so far (S4).", 0, MAX_ATTACKS, required=True)
    bonus_stones = integer("Handicap stones left to place (P3). Default 0.", 0, MAX_BONUS_STONES,
                           load_default=0)
    pro_hold = squares("With goal `pro`: the squares of the 5-, 6- and 7-towers recorded (G2). Default null.",
                       allow_none=True, load_default=None)
    captures = integer("With captures `burgenland`: turrians captured since the capture phase opened (V3). "
                       "Default 0.", 0, CAPTURES_PER_SEAT, load_default=0)


_SEAT_MEMBERS: Final = frozenset(
    ("id", "territories", "turrians", "attacks", "bonus_stones", "pro_hold", "captures"))
_TERRITORIES: Final = {territory.value: territory for territory in Territory}


def _count(value: Any, high: int) -> bool:
    return type(value) is int and 0 <= value <= high


def _seat(raw: Any) -> Seat | None:
    """A well-formed seat (``None``: it has a mistake, which :class:`SeatInput` names)."""
    if type(raw) is not dict or not _SEAT_MEMBERS.issuperset(raw):
        return None
    ident, territories, turrians = raw.get("id"), raw.get("territories"), raw.get("turrians")
    attacks, bonus, hold, captures = (raw.get("attacks"), raw.get("bonus_stones", 0), raw.get("pro_hold"),
                                      raw.get("captures", 0))
    if type(ident) is not str or SeatId.match(ident) is None or type(territories) is not list:
        return None
    if type(turrians) is not list or (hold is not None and type(hold) is not list):
        return None
    if type(attacks) is not int or not 0 <= attacks <= MAX_ATTACKS:
        return None
    if not (_count(bonus, MAX_BONUS_STONES) and _count(captures, CAPTURES_PER_SEAT)):
        return None
    try:
        return Seat(ident, _clockwise(map(_TERRITORIES.__getitem__, territories)),
                    board_order(map(GRID.by_name.__getitem__, turrians)), attacks, bonus,
                    None if hold is None else tuple(map(GRID.by_name.__getitem__, hold)), captures)
    except (KeyError, TypeError):
        return None


class Seats(List):
    """The seats (the document's array of :class:`SeatInput`): the usual seats are read in
    one pass; seats with a mistake are read seat by seat by :class:`SeatInput`, which
    names every problem."""

    def __init__(self, doc: str, low: int, high: int, **kwargs: Any) -> None:
        super().__init__(nested(SeatInput), low, high, metadata=_doc(doc), **kwargs)
        _strict(self, MUST_BE_ARRAY())
        self.low, self.high = low, high

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is list and self.low <= len(value) <= self.high:
            found = tuple(map(_seat, value))
            if None not in found:
                return found
        return super()._deserialize(value, attr, data, **kwargs)


class TurnStateInput(Schema):
    """How far the turn of `to_move` has come; default the start of a turn."""

    build = TurnState
    phase = choice(Phase, "T1. Default `take`.", load_default=Phase.TAKE)
    taken = squares("Squares taken from in this turn, in order (read in the take phase only, R4). "
                    "Default none.", load_default=())
    in_hand = integer("Stones taken and not yet placed. Default 0.", 0, STONES_PER_TURN, load_default=0)
    points = integer(f"Movement points left (M1). Default {MOVEMENT_POINTS}.", 0, MOVEMENT_POINTS,
                     load_default=MOVEMENT_POINTS)
    attacked = flag("An attack was registered in this turn (M8). Default false.", load_default=False)


def _position(round_start: str | None, seats: tuple[Seat, ...], **members: Any) -> Position:
    # G3: a round begins with the first seat unless the position says otherwise.
    return Position(round_start=seats[0].id if round_start is None else round_start, seats=seats, **members)


class PositionInput(Schema):
    """A whole game position: heights, seats, who is to move, the rule options and the turn in progress.
    Members left out take their defaults."""

    build = _position
    heights = Heights("`heights[r][f]`: rank r + 1, file f (0 = a); `heights[0]` is a1 … j1.", required=True)
    seats = Seats("2–4 seats in clockwise turn order; their number is the player count.", 2, 4, required=True)
    to_move = SeatId("The seat whose turn it is.", required=True)
    round_start = SeatId("The seat that began the round (G3). Default the first seat.", load_default=None,
                         allow_none=False)
    finishers = seat_ids("Seats that have finished (G3), in order. Default none.", load_default=())
    rules = nested(RulesInput, load_default=Rules)
    turn = nested(TurnStateInput, load_default=START_OF_TURN)
    captures_open = flag("With captures `burgenland`: the capture phase has opened (V2). Default false.",
                         load_default=False)


# ------------------------------------------------------------------------- the turn


class SegmentSchema(Schema):
    """One turrian's walk along adjacent squares."""

    build = actions.Segment
    origin = Origin(f"The turrian's square, or `{RESERVE}` (then `path[0]` is the entry square, M9).",
                    data_key="from", required=True)
    path = squares("The squares stepped on, in order.", low=1, required=True)


class Turn(Schema):
    """The actions of the rest of a turn, per phase and in order; every list is optional."""

    build = actions.TurnPlan
    take = squares("Squares whose top stone is taken, in order (R).", load_default=())
    place = squares("Squares a stone is placed on, in order (P).", load_default=())
    move = objects(SegmentSchema, "Walks, in order (M).", load_default=())


class SeatSchema(SeatInput):
    __doc__ = SeatInput.__doc__
    bonus_stones = answered(SeatInput, "bonus_stones")
    pro_hold = answered(SeatInput, "pro_hold")
    captures = answered(SeatInput, "captures")


RulesSchema: Any = RulesInput.from_dict(
    {option.name: answered(RulesInput, option.name) for option in OPTIONS}, name="Rules")
RulesSchema.__doc__ = RulesInput.__doc__


class TurnStateSchema(TurnStateInput):
    __doc__ = TurnStateInput.__doc__
    phase = answered(TurnStateInput, "phase")
    taken = answered(TurnStateInput, "taken")
    in_hand = answered(TurnStateInput, "in_hand")
    points = answered(TurnStateInput, "points")
    attacked = answered(TurnStateInput, "attacked")


class PositionSchema(PositionInput):
    # The component ``Position``: the position in an answer, every member written.
    __doc__ = PositionInput.__doc__
    seats = answered(PositionInput, "seats", SeatSchema)
    round_start = answered(PositionInput, "round_start")
    finishers = answered(PositionInput, "finishers")
    rules = answered(PositionInput, "rules", RulesSchema)
    turn = answered(PositionInput, "turn", TurnStateSchema)
    captures_open = answered(PositionInput, "captures_open")


PositionAnswer: Final = PositionSchema


class SuggestedTurn(Turn):
    """The rest of the turn, every phase listed (empty where nothing is left to do)."""

    take = answered(Turn, "take")
    place = answered(Turn, "place")
    move = answered(Turn, "move")


# ---------------------------------------------------------------------- the answers


class RemovalSchema(Schema):
    """A square whose top stone may be taken next."""

    square = square(required=True)
    territory = choice(Territory, "Its territory (B3).", required=True)
    height = integer("The square's height before taking.", 1, MAX_HEIGHT, required=True)
    rule = choice(RemovalRule, "Own territory (R3) or outside (R5).", required=True)


class RemovalsAnswerSchema(Schema):
    """Every square whose top stone `to_move` may take next (R1–R7), in board order."""

    removals = objects(RemovalSchema, required=True)


class PlacementsAnswerSchema(Schema):
    """Every square a stone may be placed on (P2), in board order."""

    squares = squares("Squares, in board order.", required=True)


class ReachSchema(Schema):
    """A square the turrian can end on, with its cheapest cost and one cheapest path."""

    square = square(required=True)
    cost = integer("Points: steps, capture surcharges (M7) and re-entry (M9).", 1, MOVEMENT_POINTS,
                   required=True)
    path = squares(f"The squares after `from` (for `{RESERVE}`, the entry square first).", required=True)
    captures = squares("Squares on the path where a foreign turrian is captured.", required=True)


class Reaches(List):
    """The squares a turrian can end on (the document's array of :class:`ReachSchema`),
    written in one pass: an answer lists dozens, each with its path."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(nested(ReachSchema), **kwargs)
        _strict(self, MUST_BE_ARRAY())

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        names = GRID.names
        return [{"square": names[reach.square], "cost": reach.cost, "path": [names[s] for s in reach.path],
                 "captures": [names[s] for s in reach.captures]} for reach in value]


class ReachAnswerSchema(Schema):
    """Every square the turrian can end on within the points, in board order."""

    reachable = Reaches(required=True)


class CaptureSchema(Schema):
    """The cheapest way for one turrian to capture one foreign turrian."""

    origin = Origin(f"The capturing turrian's square, or `{RESERVE}`.", data_key="from", required=True)
    target = square(required=True)
    victim = SeatId("The seat whose turrian is captured.", required=True)
    cost = integer("Points the capture costs, steps included.", 1, MOVEMENT_POINTS, required=True)
    path = squares("The squares after `from`, ending on `target`.", required=True)
    kind = choice(CaptureKind, "Foreign territory: attack; own: defence (M8).", required=True)


class CapturesAnswerSchema(Schema):
    """Every capture within the points, by turrian (board order, reserve last), then target."""

    captures = objects(CaptureSchema, required=True)


class GoalSeat(Schema):
    """One seat's progress towards the goal."""

    id = SeatId("The seat.", attribute="seat", required=True)
    goal_met = flag("The seat meets the goal now (G1 / G2).", required=True)
    heights = List(Integer(0, MAX_HEIGHT, metadata=_doc("A height.")), required=True,
                   metadata=_doc("Heights its turrians stand on, sorted."))
    missing = List(Integer(min(min(h) for h in GOAL_HEIGHTS.values()), metadata=_doc("A goal height.")),
                   required=True, metadata=_doc("Goal heights it lacks."))


def _game_over(doc: str = "The final round is complete (G3).") -> Flag:
    return flag(doc, required=True)


def _winners(doc: str = "The seats that finished, once the game is over.") -> List:
    return seat_ids(doc, "A winner.", required=True)


class GoalAnswerSchema(Schema):
    """Per seat whether it meets the goal, and whether the game is over (G1–G4)."""

    seats = objects(GoalSeat, required=True)
    game_over = _game_over()
    winners = _winners()


class ViolationSchema(Schema):
    """The first illegal action of a turn."""

    left_out = frozenset({"step"})
    rule = String(required=True, metadata=_doc("The rule id it breaks, an anchor of /rules (`/rules#R4`)."))
    phase = PhaseOrTurn(f"Its phase (`{VIOLATION_TURN}`: the turn as a whole).", required=True)
    index = integer("Its position in its phase's list.", required=True)
    detail = String(required=True, metadata=_doc("A sentence a player understands."))
    step = Integer(0, metadata={**_doc("For a walk: the index in `path` of the offending square (absent "
                                       "otherwise).")})
    interpretations = readings()


class IllegalAnswer(Illegal):
    """The turn is illegal: its first illegal action."""

    violation = Nested(ViolationSchema, required=True)


class ValidateAnswer(Verdicts):
    """Whether the turn is legal; if not, its first illegal action."""

    variants = (IllegalAnswer, LegalAnswer)


def _what(type_: EventType) -> Word:
    """An event's ``type``: what happened."""
    return Word([type_.value], required=True, metadata=_doc("What happened."))


def _who() -> SeatId:
    """An event's ``seat``: whom it happened to or by."""
    return SeatId("The seat it happened to or by.", required=True)


# Every event's members: its ``type`` and ``seat``, then its own, then its readings (every
# type has them: which types name readings depends on the options).


class TakeEvent(Schema):
    """A stone was taken (R)."""

    type, seat, square = _what(EventType.TAKE), _who(), square(required=True)
    interpretations = readings()


class PlaceEvent(Schema):
    """A stone was placed (P)."""

    type, seat, square = _what(EventType.PLACE), _who(), square(required=True)
    bonus = flag("A handicap stone (P3).", required=True)
    interpretations = readings()


class EnterEvent(Schema):
    """A reserve turrian re-entered (M9)."""

    type, seat, square = _what(EventType.ENTER), _who(), square(required=True)
    interpretations = readings()


class MoveEvent(Schema):
    """A walk ended (M)."""

    type, seat, square = _what(EventType.MOVE), _who(), square("Where it ended.", required=True)
    origin = Origin(f"Its start square, or `{RESERVE}`.", required=True)
    cost = integer("Points spent on the walk.", 1, MOVEMENT_POINTS, required=True)
    interpretations = readings()


class CaptureEvent(Schema):
    """A foreign turrian was captured (M6)."""

    type, seat, square = _what(EventType.CAPTURE), _who(), square(required=True)
    victim = SeatId("The seat whose turrian was captured.", required=True)
    kind = choice(CaptureKind, "M8.", required=True)
    interpretations = readings()


class AttackEvent(Schema):
    """The attack counter rose (M8)."""

    type, seat = _what(EventType.ATTACK), _who()
    attacks = integer("The new counter.", 1, MAX_ATTACKS, required=True)
    interpretations = readings()


class HoldEvent(Schema):
    """The pro goal was met and its towers recorded (G2)."""

    type, seat = _what(EventType.HOLD), _who()
    squares = squares("The recorded `pro_hold`.", required=True)
    interpretations = readings()


class HoldLostEvent(Schema):
    """A recorded hold was lost (G2)."""

    type, seat, interpretations = _what(EventType.HOLD_LOST), _who(), readings()


class CapturesUsedEvent(Schema):
    """The seat made its last capture (V3)."""

    type, seat, interpretations = _what(EventType.CAPTURES_USED), _who(), readings()


class CapturesOpenEvent(Schema):
    """The seat opened the capture phase (V2)."""

    type, seat, interpretations = _what(EventType.CAPTURES_OPEN), _who(), readings()


class FinishEvent(Schema):
    """The seat finished (G3, G4)."""

    type, seat, interpretations = _what(EventType.FINISH), _who(), readings()


class GameOverEvent(Schema):
    """The game is over (G3)."""

    type, seat = _what(EventType.GAME_OVER), _who()
    winners = seat_ids("", "A winner.", required=True)
    interpretations = readings()


EVENTS: Final[dict[str, type[Schema]]] = {
    EventType.TAKE.value: TakeEvent,
    EventType.PLACE.value: PlaceEvent,
    EventType.ENTER.value: EnterEvent,
    EventType.MOVE.value: MoveEvent,
    EventType.CAPTURE.value: CaptureEvent,
    EventType.ATTACK.value: AttackEvent,
    EventType.HOLD.value: HoldEvent,
    EventType.HOLD_LOST.value: HoldLostEvent,
    EventType.CAPTURES_USED.value: CapturesUsedEvent,
    EventType.CAPTURES_OPEN.value: CapturesOpenEvent,
    EventType.FINISH.value: FinishEvent,
    EventType.GAME_OVER.value: GameOverEvent,
}
"""Every type of event, by its ``type``."""


def events() -> List:
    """The events of a turn, in order: each one of :data:`EVENTS`."""
    return List(OneOf("type", EVENTS), required=True)


class ApplyAnswer(Schema):
    """The position after the turn and what happened in it, in order."""

    position = Nested(PositionAnswer, required=True)
    events = events()


class ProgressAnswer(Schema):
    """The position part-way through the turn, and what happened so far, in order."""

    position = Nested(PositionAnswer, required=True)
    events = events()


class HandoverAnswer(Schema):
    """The position after the handover: the stones off the stronger seat's squares, as many more bonus stones
    for the weaker seat."""

    position = Nested(PositionAnswer, required=True)


# ------------------------------------------------------------------------ the board


class BoardSquareSchema(Schema):
    """One square of the 10 × 10 grid."""

    square = square(required=True)
    file = Word(FILE_NAMES, required=True, metadata=_doc("West to east."))
    rank = integer("South to north.", 1, SIZE, required=True)
    territory = choice(Territory, "B3.", required=True)
    ring = integer("Distance to the nearest edge (B2).", 0, SIZE // 2 - 1, required=True)


class EntryRows(Keyed):
    """Per territory, the squares where a reserve turrian re-enters (M9)."""

    keyed_by = Territory
    NW = squares("A territory's entry row.", required=True)
    NE = squares("A territory's entry row.", required=True)
    SE = squares("A territory's entry row.", required=True)
    SW = squares("A territory's entry row.", required=True)


class LayoutSchema(Schema):
    """The play area and entry rows of one player count (B4, M9)."""

    players = integer("Player count.", 2, 4, required=True)
    board = Word(["10x10", "8x8", "6x6"], required=True, metadata=_doc("Size of the play area."))
    play_area = squares("The squares in play, in board order.", required=True)
    entry_rows = Nested(EntryRows, required=True)


class BoardAnswer(Schema):
    """The geometry of the board (B1–B4, M9)."""

    squares = objects(BoardSquareSchema, "In board order.", required=True)
    clockwise = _strict(List(choice(Territory, "A territory."), required=True,
                             metadata=_doc("Territories in clockwise order.")), MUST_BE_ARRAY())
    layouts = objects(LayoutSchema, required=True)


# ------------------------------------------------------------------- the suggestion


class SetupPlacementSchema(Schema):
    """The turrians one seat puts on the board at set-up (S3)."""

    seat = SeatId("The seat.", required=True)
    turrians = squares("Its squares, in board order.", required=True)


SuggestAnswer: Any = Schema.from_dict({
    "turn": Nested(SuggestedTurn, required=True),
    **search_fields(),
    "setup": List(Nested(SetupPlacementSchema), attribute="placements", metadata={
        **_doc("Only when the position was still in set-up: the turrians put on the board first (S3), per "
               "seat; the turn is played from the position with them.")}),
}, name="SuggestAnswer")
SuggestAnswer.left_out = frozenset({"placements"})
SuggestAnswer.__doc__ = "A legal rest of the turn for the seat to move, and how it was found."

# ---------------------------------------------------------- notation and whole games


def notation_answer(pattern: str) -> type[Schema]:
    """The notation answer's schema: the canonical notation (matching ``pattern``) and the object."""

    class NotationAnswer(Schema):
        """A position in both forms: its canonical notation and its object."""

        notation = String(required=True, metadata={
            **_doc("The canonical notation: every default left out, the same string for the same position."),
            "pattern": pattern})
        position = Nested(PositionAnswer, required=True)

    return NotationAnswer


_INDEX_DOC: Final = "The turn's index in the game (0 the first)."


class ReplayIllegalTurn(Schema):
    """The turn that stopped the replay: its first illegal action."""

    index = integer(_INDEX_DOC, required=True)
    legal = Const(False, required=True, metadata=_doc("Always false here."))
    violation = nested(ViolationSchema, required=True)


class ReplayLegalTurn(Schema):
    """A turn played."""

    left_out = frozenset({"position"})
    index = integer(_INDEX_DOC, required=True)
    legal = Const(True, required=True, metadata=_doc("Always true here."))
    events = events()
    position = Nested(PositionAnswer, metadata=_doc("With `positions`: the position after it."))


class ReplayTurn(Alternatives):
    """A turn of the replay."""

    variants: ClassVar = (ReplayIllegalTurn, ReplayLegalTurn)
    @staticmethod
    def pick(value: Any) -> int:
        return is_legal(value)


class ReplayResultSchema(Schema):
    """Whether the game is over after the turns played, and who won (G3, G4)."""

    game_over = _game_over()
    winners = _winners()


class ReplayAnswerSchema(Schema):
    """Every turn played in order (the first illegal one last), the position after the last legal turn,
    and the result."""

    turns = List(Either(ReplayTurn), required=True)
    final = Nested(PositionAnswer, required=True)
    result = Nested(ReplayResultSchema, required=True)
