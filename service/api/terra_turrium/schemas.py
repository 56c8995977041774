"""Terra Turrium's requests and answers, as the document describes them.

A request's ``position`` and ``turn`` are read by the engine's own parsers
(:class:`~service.api.declare.Parsed`); the schemas of the position, its seats, the turn
and the rule options here describe them for the document, and the fuzz tests check that
the engine accepts exactly what they describe. Every other member is read by its schema.
Answer schemas are separate from request schemas: an answer always writes every member.

Numbers of the rules come from the engine (``MAX_ATTACKS``, ``MOVEMENT_POINTS`` …), and
the rule options from :data:`service.terra_turrium.OPTIONS`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from marshmallow import fields, validate

from service.api.declare import (
    Alternatives,
    Answer,
    AnyObject,
    Bool,
    CappedList,
    Closed,
    Either,
    List,
    Nested,
    Parsed,
    Query,
    QueryBool,
    QueryInt,
    Request,
    Str,
    Union,
    array,
    flag,
    grid_square,
    integer,
    one_of,
    range_of,
    square_pattern,
    text,
)
from service.api.problems import readings
from service.api.turns import outcome_answer, verdict_answer
from service.common import InvalidPositionError, RuleError
from service.common.refusal import N_
from service.render import HighlightStyle
from service.terra_turrium import (
    CLOCKWISE,
    GOAL_HEIGHTS,
    MAX_ATTACKS,
    MOVEMENT_POINTS,
    OPTIONS,
    RESERVE,
    STONES_PER_TURN,
    CaptureKind,
    EventType,
    Phase,
    Position,
    RemovalRule,
    check_position,
    parse_turn_plan,
)
from service.terra_turrium.board import FILE_NAMES, GRID, SIZE
from service.terra_turrium.codec import (
    SEAT_ID_PATTERN,
    SQUARE_TEXT,
    VIOLATION_TURN,
    parse_origin,
    read_position,
)
from service.terra_turrium.notation import NOTATION_PATTERN, read_notation
from service.terra_turrium.options import option_values
from service.terra_turrium.position import CAPTURES_PER_SEAT, MAX_BONUS_STONES, MAX_HEIGHT
from service.terra_turrium.record import (
    GAME_PATTERN,
    TURN_PATTERN,
    GameRecord,
    parse_turn_notation,
    read_game_record,
)

SQUARE_PATTERN = square_pattern(GRID)
ORIGIN_PATTERN = f"^(?:{RESERVE}|{GRID.name_pattern})$"
TERRITORIES = [t.value for t in CLOCKWISE]
PHASES = [p.value for p in Phase]



#: What a seat id must be, in a 400 (written in the request's language).
A_SEAT_ID = N_("a seat id")

#: The document's word for a square: the board's range from its Grid.
A_SQUARE = f"A square, {GRID.names[0]} … {GRID.last}."


def square(description: str = A_SQUARE, **kwargs: Any) -> Str:
    return grid_square(GRID, SQUARE_TEXT, description, **kwargs)


def squares(description: str, **kwargs: Any) -> List:
    return List(square(), metadata={"description": description}, **kwargs)


def seat_id(description: str, **kwargs: Any) -> Str:
    return text(description, SEAT_ID_PATTERN, f"a seat id matching {SEAT_ID_PATTERN}", **kwargs)


def _value(value: Any) -> Any:
    return value if isinstance(value, bool) else value.value


# ------------------------------------------------------------------- the position


def _position_fields(answer: bool) -> dict[str, dict[str, Any]]:
    """The members of a position and its parts; in an answer every member is written."""
    always: dict[str, Any] = {"required": True}
    maybe: dict[str, Any] = always if answer else {}
    seat = {
        "id": seat_id("The seat's id.", **always),
        "territories": List(
            one_of(TERRITORIES, "A territory (B3)."),
            metadata={"description": "Own territories: one each with 3 or 4 players, two each with 2 (S1)."},
            **always,
        ),
        "turrians": squares(
            "Squares of the seat's turrians on the board, in board order; the rest are in reserve (S2).",
            **always,
        ),
        "attacks": integer("Attacks used so far (S4).", 0, MAX_ATTACKS, **always),
        "bonus_stones": integer("Handicap stones left to place (P3). Default 0.", 0, MAX_BONUS_STONES, **maybe),
        "pro_hold": List(
            square(),
            allow_none=True,
            metadata={"description": "With goal `pro`: the squares of the 5-, 6- and 7-towers recorded (G2). "
                      "Default null."},
            **maybe,
        ),
        "captures": integer("With captures `burgenland`: turrians captured since the capture phase opened "
                            "(V3). Default 0.", 0, CAPTURES_PER_SEAT, **maybe),
    }
    rules = {
        option.name: (
            flag(f"{option.metadata['rule']}. Default {_value(option.default)}.", **maybe)
            if isinstance(option.default, bool)
            else one_of(
                [_value(v) for v in option_values(option)],
                f"{option.metadata['rule']}. Default `{_value(option.default)}`.",
                **maybe,
            )
        )
        for option in OPTIONS
    }
    turn = {
        "phase": one_of(PHASES, "T1. Default `take`.", **maybe),
        "taken": squares("Squares taken from in this turn, in order (read in the take phase only, R4). "
                         "Default none.", **maybe),
        "in_hand": integer("Stones taken and not yet placed. Default 0.", 0, STONES_PER_TURN, **maybe),
        "points": integer(f"Movement points left (M1). Default {MOVEMENT_POINTS}.", 0, MOVEMENT_POINTS, **maybe),
        "attacked": flag("An attack was registered in this turn (M8). Default false.", **maybe),
    }
    return {"seat": seat, "rules": rules, "turn": turn}


def _closed(name: str, members: dict[str, fields.Field[Any]], doc: str, base: type[Closed] = Closed) -> Any:
    cls = base.from_dict(members, name=name)
    cls.__doc__ = doc
    return cls


_ASKED = _position_fields(answer=False)
_WRITTEN = _position_fields(answer=True)

SeatInput = _closed("SeatInput", _ASKED["seat"], "A seat: its territories, turrians on the board and counters (S1–S4).")
RulesInput = _closed("RulesInput", _ASKED["rules"], "The rule options; each has its default.")
TurnStateInput = _closed(
    "TurnStateInput", _ASKED["turn"], "How far the turn of `to_move` has come; default the start of a turn."
)
Seat = _closed("Seat", _WRITTEN["seat"], "A seat: its territories, turrians on the board and counters (S1–S4).", Answer)
Rules = _closed("Rules", _WRITTEN["rules"], "The rule options.", Answer)
TurnState = _closed("TurnState", _WRITTEN["turn"], "How far the turn of `to_move` has come.", Answer)


def _position_members(answer: bool) -> dict[str, fields.Field[Any]]:
    always: dict[str, Any] = {"required": True}
    maybe: dict[str, Any] = always if answer else {}
    parts = (Seat, Rules, TurnState) if answer else (SeatInput, RulesInput, TurnStateInput)
    return {
        "heights": List(
            List(integer("Stones on the square (B5).", 0, MAX_HEIGHT), validate=validate.Length(equal=SIZE)),
            validate=validate.Length(equal=SIZE),
            metadata={"description": "`heights[r][f]`: rank r + 1, file f (0 = a); `heights[0]` is a1 … j1."},
            **always,
        ),
        "seats": List(
            Nested(parts[0]),
            validate=validate.Length(min=2, max=4),
            metadata={"description": "2–4 seats in clockwise turn order; their number is the player count."},
            **always,
        ),
        "to_move": seat_id("The seat whose turn it is.", **always),
        "round_start": seat_id("The seat that began the round (G3). Default the first seat.", **maybe),
        "finishers": List(seat_id("A seat."), metadata={"description": "Seats that have finished (G3), "
                                 "in order. Default none."}, **maybe),
        "rules": Nested(parts[1], **maybe),
        "turn": Nested(parts[2], **maybe),
        "captures_open": flag("With captures `burgenland`: the capture phase has opened (V2). Default false.",
                              **maybe),
    }


PositionInput = _closed(
    "PositionInput",
    _position_members(answer=False),
    "A whole game position: heights, seats, who is to move, the rule options and the turn in progress. "
    "Members left out take their defaults.",
)
PositionAnswer = _closed(
    "Position",
    _position_members(answer=True),
    "A whole game position, every member written out.",
    Answer,
)

NOTATION = {
    "type": "string",
    "pattern": NOTATION_PATTERN,
    "description": "A position in the one-line notation (docs/notation.md). Every string matching the "
    "pattern is read as a position; one that breaks a structural rule is 422, as for the object.",
    "example": "setup|yellow:NW|red:NE|blue:SE|green:SW",
}
POSITION_OR_NOTATION = {
    "description": "A position: the object, or the same position in the one-line notation.",
    "oneOf": [{"$ref": "#/components/schemas/PositionInput"}, {"$ref": "#/components/schemas/Notation"}],
}
ORIGIN = {
    "type": "string",
    "pattern": ORIGIN_PATTERN,
    "description": f"Where a walk starts: the square of a turrian, or `{RESERVE}` (M9).",
}


class Segment(Closed):
    """One turrian's walk along adjacent squares."""

    origin = text(
        f"The turrian's square, or `{RESERVE}` (then `path[0]` is the entry square, M9).",
        ORIGIN_PATTERN,
        data_key="from",
        required=True,
    )
    path = squares("The squares stepped on, in order.", required=True, validate=validate.Length(min=1))


class Turn(Closed):
    """The actions of the rest of a turn, per phase and in order; every list is optional."""

    take = squares("Squares whose top stone is taken, in order (R).")
    place = squares("Squares a stone is placed on, in order (P).")
    move = List(Nested(Segment), metadata={"description": "Walks, in order (M)."})


#: Components the Parsed members refer to, by name (registered with the Api).
COMPONENTS: dict[str, Any] = {
    "Notation": NOTATION,
    "PositionInput": PositionInput,
    "PositionOrNotation": POSITION_OR_NOTATION,
    "Origin": ORIGIN,
    "Turn": Turn,
}


# ---------------------------------------------------------------------------- requests


def _read_position(data: Any) -> Position:
    """A ``position`` member: the object or its notation, its shape checked."""
    return read_notation(data) if type(data) is str else read_position(data)


def _read_shared_position(data: Any) -> Position | RuleError:
    """A batch's ``position``: its shape is the batch's own, but a rule it breaks while
    being read is kept for the requests that use it, like the rules checked later."""
    try:
        return _read_position(data)
    except RuleError as exc:
        return exc


def _check_position(position: Position, where: str) -> None:
    try:
        check_position(position)
    except InvalidPositionError as exc:
        raise exc.under(where) from None


def position_member(**kwargs: Any) -> Parsed:
    return Parsed(_read_position, "PositionOrNotation", _check_position, **kwargs)


def _points(**kwargs: Any) -> fields.Integer:
    return integer("Movement points to spend. Default the turn's `points`.", 0, MOVEMENT_POINTS, **kwargs)


class PositionQuery(Request):
    """A question about a position."""

    problems: ClassVar = {422: "InvalidPosition"}
    position = position_member(required=True)


class ReachQuery(PositionQuery):
    """Where can one turrian of the player to move go?"""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    origin = Parsed(parse_origin, "Origin", data_key="from", required=True)
    points = _points()


class CapturesQuery(PositionQuery):
    """Which foreign turrians can the player to move capture?"""

    points = _points()


class ValidateQuery(PositionQuery):
    """A turn to judge, from the position's `turn` state."""

    turn = Parsed(parse_turn_plan, "Turn", required=True)


class ApplyQuery(ValidateQuery):
    """A turn to play, from the position's `turn` state."""

    problems: ClassVar = {422: "InvalidPositionOrTurn"}


#: Printable text an SVG document can hold: no control characters, and from the Basic
#: Multilingual Plane only (so that ECMA-262's and Python's readings of the pattern agree).
LABEL_PATTERN = r"^[\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd]{1,6}$"


class QuestionHighlight(Closed):
    """Highlight the answer to `/v1/removals`, `/v1/placements` or `/v1/captures`."""

    kind = one_of(["removals", "placements", "captures"], "Which question.", required=True)


class ReachHighlight(Closed):
    """Highlight the answer to `/v1/reach` from `from`, labelled with the costs."""

    kind = one_of(["reach"], "The reach of one turrian.", required=True)
    origin = text(f"A turrian of `to_move`, or `{RESERVE}`.", ORIGIN_PATTERN, data_key="from", required=True)


class Mark(Closed):
    """One square the client highlights itself."""

    square = square(required=True)
    style = one_of(
        [s.value for s in HighlightStyle], f"How it is highlighted. Default `{HighlightStyle.MARK.value}`."
    )
    label = text("A short text in the square's corner (a cost, an order …).", LABEL_PATTERN)


class RenderQuery(PositionQuery):
    """A position to draw, with the answer to a question and squares of the client's own."""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    highlight = Union("kind", {"removals": QuestionHighlight, "placements": QuestionHighlight,
                               "captures": QuestionHighlight, "reach": ReachHighlight})
    squares = CappedList(
        Nested(Mark),
        metadata={"description": "Drawn over `highlight`: each sets its square's style and, if given, its "
                  "label; a later entry for the same square wins."},
    )


def _option_parameter(option: Any) -> fields.Field[Any]:
    description = f"{option.metadata['rule']}."
    # An option of some player counts only says which (`x-players`), so that a form can
    # offer it only there instead of asking and being refused.
    counts = option.metadata.get("players")
    extension = {} if counts is None else {"x-players": list(counts)}
    if counts is not None:
        description += f" Only with {' or '.join(map(str, counts))} players."
    if isinstance(option.default, bool):
        return QueryBool(load_default=option.default, metadata={"description": description, **extension})
    field = one_of([_value(v) for v in option_values(option)], description, load_default=_value(option.default))
    field.metadata = {**field.metadata, **extension}
    return field


#: ``giver:receiver:squares`` of the set-up's handover (P3), e.g. ``yellow:red:b9,c9``.
_SQUARE_WORD = SQUARE_PATTERN.strip("^$")
_SEAT_WORD = SEAT_ID_PATTERN.strip("^$")
HANDICAP_PATTERN = f"^{_SEAT_WORD}:{_SEAT_WORD}:{_SQUARE_WORD}(,{_SQUARE_WORD})*$"

_HANDICAP = text(
    "A handicap game (P3): `stronger:weaker:squares`, e.g. `yellow:red:b9,c9`: the stronger "
    "seat hands the top stone of each square, of its own territory, to the weaker seat's "
    "`bonus_stones` (a square named twice gives two stones). Absent: no handicap.",
    HANDICAP_PATTERN,
    "stronger:weaker:squares, e.g. yellow:red:b9,c9",
)
_HANDICAP.metadata = {**_HANDICAP.metadata, "example": "yellow:red:b9,c9"}

SetupQuery: Any = Query.from_dict(
    {
        "players": QueryInt(load_default=4, validate=range_of(2, 4), metadata={"description": "Player count (B6)."}),
        **{option.name: _option_parameter(option) for option in OPTIONS},
        "handicap": _HANDICAP,
    },
    name="SetupQuery",
)
SetupQuery.problems = {422: "InvalidPositionOrQuery"}


class HandoverMember(Closed):
    """Stones the stronger seat hands to the weaker (P3), one top stone per square named."""

    # A seat id, said in words: marshmallow formats a pattern's message, and the
    # pattern's braces would be read as placeholders.
    giver = text("The stronger seat: the stones come from its own territory.", SEAT_ID_PATTERN, A_SEAT_ID,
                 data_key="from", required=True)
    receiver = text("The weaker seat: the stones join its `bonus_stones`.", SEAT_ID_PATTERN, A_SEAT_ID,
                    data_key="to", required=True)
    squares = squares(
        "Squares of the stronger seat's territory whose top stone is handed over, in order; a square "
        "named twice gives two stones (R7).",
        required=True,
        validate=validate.Length(min=1, max=MAX_BONUS_STONES),
    )


class HandoverQuery(PositionQuery):
    """A handover of stones between turns (P3)."""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    handover = Nested(HandoverMember, required=True)


# ----------------------------------------------------------------------------- answers


class Removal(Answer):
    """A square whose top stone may be taken next."""

    square = square(required=True)
    territory = one_of(TERRITORIES, "Its territory (B3).", required=True)
    height = integer("The square's height before taking.", 1, MAX_HEIGHT, required=True)
    rule = one_of([r.value for r in RemovalRule], "Own territory (R3) or outside (R5).", required=True)


class HandoverAnswer(Answer):
    """The position after the handover: the stones off the stronger seat's squares, as many
    more bonus stones for the weaker seat."""

    position = Nested(PositionAnswer, required=True)


class RemovalsAnswer(Answer):
    """Every square whose top stone `to_move` may take next (R1–R7), in board order."""

    removals = List(Nested(Removal), required=True)


class PlacementsAnswer(Answer):
    """Every square a stone may be placed on (P2), in board order."""

    squares = squares("Squares, in board order.", required=True)


class Reach(Answer):
    """A square the turrian can end on, with its cheapest cost and one cheapest path."""

    square = square(required=True)
    cost = integer("Points: steps, capture surcharges (M7) and re-entry (M9).", 1, MOVEMENT_POINTS, required=True)
    path = squares(f"The squares after `from` (for `{RESERVE}`, the entry square first).", required=True)
    captures = squares("Squares on the path where a foreign turrian is captured.", required=True)


class ReachAnswer(Answer):
    """Every square the turrian can end on within the points, in board order."""

    reachable = List(Nested(Reach), required=True)


class Capture(Answer):
    """The cheapest way for one turrian to capture one foreign turrian."""

    origin = text(f"The capturing turrian's square, or `{RESERVE}`.", ORIGIN_PATTERN, data_key="from",
                  required=True)
    target = square(required=True)
    victim = seat_id("The seat whose turrian is captured.", required=True)
    cost = integer("Points the capture costs, steps included.", 1, MOVEMENT_POINTS, required=True)
    path = squares("The squares after `from`, ending on `target`.", required=True)
    kind = one_of([k.value for k in CaptureKind], "Foreign territory: attack; own: defence (M8).", required=True)


class CapturesAnswer(Answer):
    """Every capture within the points, by turrian (board order, reserve last), then target."""

    captures = List(Nested(Capture), required=True)


class GoalSeat(Answer):
    """One seat's progress towards the goal."""

    id = seat_id("The seat.", required=True)
    goal_met = Bool(required=True, metadata={"description": "The seat meets the goal now (G1 / G2)."})
    heights = List(integer("A height.", 0, MAX_HEIGHT), required=True,
                          metadata={"description": "Heights its turrians stand on, sorted."})
    missing = List(integer("A goal height.", min(min(h) for h in GOAL_HEIGHTS.values())), required=True,
                          metadata={"description": "Goal heights it lacks."})


class GoalAnswer(Answer):
    """Per seat whether it meets the goal, and whether the game is over (G1–G4)."""

    seats = List(Nested(GoalSeat), required=True)
    game_over = Bool(required=True, metadata={"description": "The final round is complete (G3)."})
    winners = List(seat_id("A winner."), required=True,
                          metadata={"description": "The seats that finished, once the game is over."})


class Violation(Answer):
    """The first illegal action of a turn."""

    rule = text("The rule id it breaks, an anchor of /rules (`/rules#R4`).", required=True)
    phase = one_of([*PHASES, VIOLATION_TURN], f"Its phase (`{VIOLATION_TURN}`: the turn as a whole).",
                   required=True)
    index = integer("Its position in its phase's list.", required=True)
    detail = text("A sentence a player understands.", required=True)
    step = integer("For a walk: the index in `path` of the offending square (absent otherwise).")
    interpretations = readings()


ValidateAnswer = verdict_answer("", Violation, "action")


def _event(type_: EventType, doc: str, **members: fields.Field[Any]) -> Any:
    base = {
        "type": one_of([type_.value], "What happened.", required=True),
        "seat": seat_id("The seat it happened to or by.", required=True),
        # Declared for every type: which types name readings depends on the options.
        "interpretations": readings(),
    }
    name = "".join(part.title() for part in type_.value.split("_")) + "Event"
    cls: Any = Answer.from_dict({**base, **members}, name=name)
    cls.__doc__ = doc
    return cls


EVENTS = {
    EventType.TAKE: _event(EventType.TAKE, "A stone was taken (R).", square=square(required=True)),
    EventType.PLACE: _event(EventType.PLACE, "A stone was placed (P).", square=square(required=True),
                            bonus=flag("A handicap stone (P3).", required=True)),
    EventType.ENTER: _event(EventType.ENTER, "A reserve turrian re-entered (M9).", square=square(required=True)),
    EventType.MOVE: _event(EventType.MOVE, "A walk ended (M).", square=square("Where it ended.", required=True),
                           origin=text(f"Its start square, or `{RESERVE}`.", ORIGIN_PATTERN, required=True),
                           cost=integer("Points spent on the walk.", 1, MOVEMENT_POINTS, required=True)),
    EventType.CAPTURE: _event(EventType.CAPTURE, "A foreign turrian was captured (M6).",
                              square=square(required=True),
                              victim=seat_id("The seat whose turrian was captured.", required=True),
                              kind=one_of([k.value for k in CaptureKind], "M8.", required=True)),
    EventType.ATTACK: _event(EventType.ATTACK, "The attack counter rose (M8).",
                             attacks=integer("The new counter.", 1, MAX_ATTACKS, required=True)),
    EventType.HOLD: _event(EventType.HOLD, "The pro goal was met and its towers recorded (G2).",
                           squares=squares("The recorded `pro_hold`.", required=True)),
    EventType.HOLD_LOST: _event(EventType.HOLD_LOST, "A recorded hold was lost (G2)."),
    EventType.CAPTURES_USED: _event(EventType.CAPTURES_USED, "The seat made its last capture (V3)."),
    EventType.CAPTURES_OPEN: _event(EventType.CAPTURES_OPEN, "The seat opened the capture phase (V2)."),
    EventType.FINISH: _event(EventType.FINISH, "The seat finished (G3, G4)."),
    EventType.GAME_OVER: _event(EventType.GAME_OVER, "The game is over (G3).",
                                winners=List(seat_id("A winner."), required=True)),
}


ApplyAnswer = outcome_answer(
    "ApplyAnswer", PositionAnswer, Union("type", {t.value: cls for t, cls in EVENTS.items()}),
    "The position after the turn and what happened in it, in order.",
)
ProgressAnswer = outcome_answer(
    "ProgressAnswer", PositionAnswer, Union("type", {t.value: cls for t, cls in EVENTS.items()}),
    "The position part-way through the turn, and what happened so far, in order.",
)


class NotationAnswer(Answer):
    """A position in both forms: its canonical notation and its object."""

    notation = Str(
        required=True, validate=validate.Regexp(NOTATION_PATTERN),
        metadata={"description": "The canonical notation: every default left out, the same string for the "
                  "same position."},
    )
    position = Nested(PositionAnswer, required=True)


class BoardSquare(Answer):
    """One square of the 10 × 10 grid."""

    square = square(required=True)
    file = one_of(list(FILE_NAMES), "West to east.", required=True)
    rank = integer("South to north.", 1, SIZE, required=True)
    territory = one_of(TERRITORIES, "B3.", required=True)
    ring = integer("Distance to the nearest edge (B2).", 0, SIZE // 2 - 1, required=True)


EntryRows: Any = Answer.from_dict({t: squares(f"Entry row of {t}.", required=True) for t in TERRITORIES},
                             name="EntryRows")
EntryRows.__doc__ = "Per territory, the squares where a reserve turrian re-enters (M9)."


class Layout(Answer):
    """The play area and entry rows of one player count (B4, M9)."""

    players = integer("Player count.", 2, 4, required=True)
    board = one_of(["10x10", "8x8", "6x6"], "Size of the play area.", required=True)
    play_area = squares("The squares in play, in board order.", required=True)
    entry_rows = Nested(EntryRows, required=True)


class BoardAnswer(Answer):
    """The geometry of the board (B1–B4, M9)."""

    squares = List(Nested(BoardSquare), required=True, metadata={"description": "In board order."})
    clockwise = List(one_of(TERRITORIES, "A territory."), required=True,
                            metadata={"description": "Territories in clockwise order."})
    layouts = List(Nested(Layout), required=True)


# ------------------------------------------------------------ whole games and batches

TURN_NOTATION = {
    "type": "string",
    "pattern": TURN_PATTERN,
    "description": "A turn on one line (docs/notation.md): `-d9` takes, `+d8` places, `d6-e6` and "
    "`reserve-a6-a7` walk, in that order, separated by spaces; `pass` for no action.",
    "example": "-d9 -e9 -i7 +d8 +d8 +d8 d6-e6 f7-f8-g8",
}
TURN_OR_NOTATION = {
    "description": "A turn: the object, or the same turn in the turn notation.",
    "oneOf": [{"$ref": "#/components/schemas/Turn"}, {"$ref": "#/components/schemas/TurnNotation"}],
}
GAME_RECORD = {
    "type": "string",
    "pattern": GAME_PATTERN,
    "description": "A game in the game notation (docs/notation.md): the start position in the position "
    "notation on the first line, then one turn per line.",
    "example": "setup|yellow:NW:b9,a10|red:NE:j10|blue:SE|green:SW\n-c10 -d10 -e10 +b10 +b10 +c10 b9-b8\n",
}
COMPONENTS.update({"TurnNotation": TURN_NOTATION, "TurnOrNotation": TURN_OR_NOTATION, "GameRecord": GAME_RECORD})


def _read_turn(data: Any) -> Any:
    return parse_turn_notation(data) if type(data) is str else parse_turn_plan(data)


def _check_record(record: GameRecord, where: str) -> None:
    try:
        check_position(record.start)
    except InvalidPositionError as exc:
        at = N_("line 1: {detail} (at {field})")(detail=exc.detail, field=exc.field)
        raise InvalidPositionError(exc.rule, at, where) from None


def _positions() -> Any:
    return flag("Include the position after every turn. Default false.")


class ReplayTurns(Request):
    """A game as a start position and its turns, each an object or a line of turn notation."""

    start = position_member(required=True)
    turns = CappedList(Parsed(_read_turn, "TurnOrNotation"), required=True,
                       metadata={"description": "The turns, in order, each from the position the last one left."})
    positions = _positions()


class ReplayRecord(Request):
    """A game as one text in the game notation."""

    record = Parsed(read_game_record, "GameRecord", _check_record, required=True)
    positions = _positions()


class ReplayQuery(Either):
    """A game to replay: `start` and `turns`, or `record`."""

    problems: ClassVar = {422: "InvalidPosition"}
    variants: ClassVar = (ReplayTurns, ReplayRecord)

    @classmethod
    def choose(cls, data: Any) -> Any:
        return ReplayRecord if isinstance(data, dict) and "record" in data else ReplayTurns


class ReplayIllegalTurn(Answer):
    """The turn that stopped the replay: its first illegal action."""

    index = integer("The turn's index in the game (0 the first).", 0, required=True)
    legal = one_of([False], "Always false here.", required=True)
    violation = Nested(Violation, required=True)


class ReplayLegalTurn(Answer):
    """A turn played."""

    index = integer("The turn's index in the game (0 the first).", 0, required=True)
    legal = one_of([True], "Always true here.", required=True)
    events = List(Union("type", {t.value: cls for t, cls in EVENTS.items()}), required=True)
    position = Nested(PositionAnswer, metadata={"description": "With `positions`: the position after it."})


class ReplayResult(Answer):
    """Whether the game is over after the turns played, and who won (G3, G4)."""

    game_over = Bool(required=True, metadata={"description": "The final round is complete (G3)."})
    winners = List(seat_id("A winner."), required=True, metadata={"description": "Once over, the finishers."})


class ReplayAnswer(Answer):
    """Every turn played in order (the first illegal one last), the position after the last
    legal turn, and the result."""

    turns = List(Alternatives(ReplayIllegalTurn, ReplayLegalTurn), required=True)
    final = Nested(PositionAnswer, required=True)
    result = Nested(ReplayResult, required=True)


BATCH_OPERATIONS = ("removals", "placements", "reach", "captures", "goal", "validate", "apply", "progress",
                    "notation")
MAX_BATCH = 256


class BatchRequest(Closed):
    """One request of a batch: which operation, and its body."""

    op = one_of(list(BATCH_OPERATIONS), "The operation: the last part of its path (`/v1/reach`: `reach`; "
                "`/v1/turns/apply`: `apply`).", required=True)
    body = AnyObject(required=True, metadata={"description": "The body the operation takes; without "
                                                "`position`, the batch's `position` is used."})


class BatchQuery(Request):
    """Many questions in one request, perhaps about one shared position."""

    # Its shape is the batch's own (400 for the whole batch); its rules are checked once,
    # for the requests that use it.
    position = Parsed(_read_shared_position, "PositionOrNotation")
    requests = array(Nested(BatchRequest), "The requests, answered in order.", 1, MAX_BATCH, required=True)


class BatchResult(Answer):
    """One answer of a batch: what the single operation answers, its status and body."""

    status = integer("The single operation's status: 200, or an error's.", 200, 599, required=True)
    body = fields.Dict(required=True, metadata={"description": "The single operation's answer, or its "
                                                "problem details."})


class BatchAnswer(Answer):
    """Every request's answer, in the order of the requests."""

    responses = List(Nested(BatchResult), required=True)
