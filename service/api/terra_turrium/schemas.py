"""Terra Turrium's requests and answers, as the document describes them.

A request's ``position`` and ``turn`` are read by the engine's own parsers
(:class:`~service.api.declare.Parsed`); their schemas, the position's in answers and
every answer the engine writes are made from the codec's statement of their members
(:data:`~service.terra_turrium.codec.POSITION`, :data:`~service.terra_turrium.codec.TURN`,
:data:`~service.terra_turrium.codec.REACH_ANSWER` …) by :mod:`service.api.declare.wire`,
so that nothing here states them a second time. What is the HTTP layer's own (the
questions' other members, the notation, whole games and batches) is declared here.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

from marshmallow import fields, validate

from service.api.declare import (
    Answer,
    AnyObject,
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
    wire,
)
from service.common import InvalidPositionError, RuleError
from service.common.refusal import N_
from service.common.wire import Member, Obj, json_value, outcome_statement, verdict_statement
from service.render import HighlightStyle
from service.terra_turrium import (
    MOVEMENT_POINTS,
    OPTIONS,
    RESERVE,
    Position,
    check_position,
    parse_turn_plan,
)
from service.terra_turrium.board import GRID
from service.terra_turrium.codec import (
    BOARD_ANSWER,
    CAPTURES_ANSWER,
    EVENT,
    GOAL_ANSWER,
    PLACEMENTS_ANSWER,
    REACH_ANSWER,
    REMOVALS_ANSWER,
    TURN,
    VIOLATION,
    parse_origin,
    read_position,
)
from service.terra_turrium.codec import (
    ORIGIN as ORIGIN_KIND,
)
from service.terra_turrium.notation import NOTATION_ANSWER, NOTATION_PATTERN, read_notation
from service.terra_turrium.position import (
    MAX_BONUS_STONES,
    POSITION,
    SEAT_ID_PATTERN,
    SQUARE_DOC,
    SQUARE_TEXT,
    option_values,
)
from service.terra_turrium.record import (
    GAME_PATTERN,
    REPLAY_ANSWER,
    TURN_PATTERN,
    GameRecord,
    parse_turn_notation,
    read_game_record,
)

SQUARE_PATTERN = square_pattern(GRID)
ORIGIN_PATTERN = wire.pattern(ORIGIN_KIND)

#: What a seat id must be, in a 400 (written in the request's language).
A_SEAT_ID = N_("a seat id")


def square(description: str = SQUARE_DOC, **kwargs: Any) -> Str:
    return grid_square(GRID, SQUARE_TEXT, description, **kwargs)


def squares(description: str, **kwargs: Any) -> List:
    return List(square(), metadata={"description": description}, **kwargs)


# ------------------------------------------------- the position and the turn (the codec's)

PositionInput = wire.request_schema(POSITION, "")
PositionAnswer = wire.answer_schema(POSITION, "")
Turn = wire.request_schema(TURN, "", name="Turn")

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
    field = one_of([json_value(v) for v in option_values(option)], description, load_default=json_value(option.default))
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


class Handed(NamedTuple):
    """The handover answer's value."""

    position: Position


HANDOVER_ANSWER = Obj("HandoverAnswer", "The position after the handover: the stones off the stronger seat's "
                      "squares, as many more bonus stones for the weaker seat.", (Member("position", POSITION),), Handed)
HandoverAnswer = wire.answer_schema(HANDOVER_ANSWER, "")


# Each made from the codec's statement of what its writer writes.

RemovalsAnswer = wire.answer_schema(REMOVALS_ANSWER, "")
PlacementsAnswer = wire.answer_schema(PLACEMENTS_ANSWER, "")
ReachAnswer = wire.answer_schema(REACH_ANSWER, "")
CapturesAnswer = wire.answer_schema(CAPTURES_ANSWER, "")
GoalAnswer = wire.answer_schema(GOAL_ANSWER, "")
Violation = wire.answer_schema(VIOLATION, "")
VERDICT = verdict_statement(VIOLATION, "action")
ValidateAnswer = wire.answer_schema(VERDICT, "")
BoardAnswer = wire.answer_schema(BOARD_ANSWER, "")


def events() -> Any:
    """The field of one event of a turn, the union of every type's."""
    return wire.answer_field(EVENT, "")


OUTCOME = outcome_statement("ApplyAnswer", "The position after the turn and what happened in it, in order.",
                            POSITION, EVENT)
ApplyAnswer = wire.answer_schema(OUTCOME, "")
ProgressAnswer = wire.answer_schema(outcome_statement(
    "ProgressAnswer", "The position part-way through the turn, and what happened so far, in order.", POSITION, EVENT,
), "")


NotationAnswer = wire.answer_schema(NOTATION_ANSWER, "")


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


ReplayAnswer = wire.answer_schema(REPLAY_ANSWER, "")


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
