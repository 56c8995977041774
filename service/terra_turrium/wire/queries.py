"""Terra Turrium's requests, as the document describes them.

Every shape of the game (the position, the turn, every answer) is the engine's own
schema (:mod:`service.terra_turrium.wire.schemas`); a request here only gathers them, with
what a question adds (``from``, ``points``, a highlight, a handover, whole games and
batches), and says which rules are checked once it is well-formed
(:class:`~service.common.queries.Query`). A ``position`` is the object or its one-line
notation (:class:`PositionOrNotation`), a turn of a game the object or its turn notation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from marshmallow import ValidationError, fields

from service.common import InvalidPositionError, MalformedError, RuleError
from service.common.queries import Body, Digits, Matching, Query, QueryFlag, Words, suggest_fields
from service.common.refusal import N_
from service.common.schema import Flag, Integer, List, Nested, Schema, Worded, instance
from service.common.schema_shapes import OneOf
from service.common.shapes import MUST_BE, MUST_BE_OBJECT, token
from service.render import HighlightStyle
from service.terra_turrium import MOVEMENT_POINTS, OPTIONS, RESERVE, Position, check_position, parse_turn_plan
from service.terra_turrium.board import GRID
from service.terra_turrium.notation import NOTATION_PATTERN, NotationAnswer, read_notation
from service.terra_turrium.position import MAX_BONUS_STONES, SEAT_ID_PATTERN, SQUARE_TEXT, option_values
from service.terra_turrium.record import (
    GAME_PATTERN,
    TURN_PATTERN,
    GameRecord,
    parse_turn_notation,
    read_game_record,
)
from service.terra_turrium.wire.codec import read_position
from service.terra_turrium.wire.fields import TurnMember
from service.terra_turrium.wire.schemas import (
    ORIGIN_PATTERN,
    ApplyAnswer,
    BoardAnswer,
    CapturesAnswerSchema,
    GoalAnswerSchema,
    HandoverAnswer,
    Origin,
    PlacementsAnswerSchema,
    PositionAnswer,
    PositionInput,
    ProgressAnswer,
    ReachAnswerSchema,
    RemovalsAnswerSchema,
    ReplayAnswerSchema,
    Turn,
    ValidateAnswer,
)

__all__ = [
    "COMPONENTS",
    "Answered",
    "ApplyAnswer",
    "Batched",
    "BoardAnswer",
    "CapturesAnswerSchema",
    "GoalAnswerSchema",
    "HandoverAnswer",
    "NotationAnswer",
    "PlacementsAnswerSchema",
    "PositionAnswer",
    "ProgressAnswer",
    "ReachAnswerSchema",
    "RemovalsAnswerSchema",
    "ReplayAnswerSchema",
    "ValidateAnswer",
]

SQUARE_PATTERN = f"^{GRID.name_pattern}$"

#: What a seat id must be, in a 400 (written in the request's language).
A_SEAT_ID = N_("a seat id")


@dataclass(frozen=True)
class Ready:
    """A batch's position, read and checked once already, given to each of its requests in
    place of the JSON."""

    value: Any


def _doc(text: str) -> dict[str, Any]:
    return {"description": text}


# --------------------------------------------------------- the components they refer to

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

#: Components the request members refer to, by name (registered with the Api).
COMPONENTS: dict[str, Any] = {
    "Notation": NOTATION,
    "PositionInput": PositionInput,
    "PositionOrNotation": POSITION_OR_NOTATION,
    "Origin": ORIGIN,
    "Turn": Turn,
    "TurnNotation": TURN_NOTATION,
    "TurnOrNotation": TURN_OR_NOTATION,
    "GameRecord": GAME_RECORD,
}


# ------------------------------------------------------------- members of their own


class ObjectOrText(Worded, fields.Field[Any]):
    """A member that is an object ``read`` reads (with a schema of the engine) or a string
    ``text`` reads (a position or its notation, a turn or its notation), documented as the
    component ``ref``. Their mistakes are problems with pointers of their own below the
    member."""

    default_error_messages = {"type": MUST_BE_OBJECT}

    def __init__(
        self, read: Callable[[Any], Any], text: Callable[[str], Any], ref: str, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.read, self.text, self.ref = read, text, ref

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, Ready):
            return value
        try:
            if type(value) is str:
                return self.text(value)
            if type(value) is not dict:
                raise self.make_error("type")
            return self.read(value)
        except MalformedError as exc:
            raise ValidationError(list(exc.problems)) from None
        except RuleError as exc:
            # A rule judged while reading (a notation's heights that do not fit the
            # play area): the member's own pointer, as for its other rules.
            raise exc.under("/" + token(self.data_key or attr or "")) from None


def _read_position(data: Any) -> Position:
    return read_position(data)


def _read_turn(data: Any) -> Any:
    return parse_turn_plan(data)


def position_member(**kwargs: Any) -> ObjectOrText:
    """A ``position``: the object or its notation, its shape checked."""
    return ObjectOrText(_read_position, read_notation, "PositionOrNotation", **kwargs)


def _check_position(position: Any, where: str) -> Any:
    """The position's structural rules; one read and checked once already (a batch's) as it is."""
    if isinstance(position, Ready):
        return position.value
    check_position(position)
    return None


class SharedPosition(ObjectOrText):
    """A batch's ``position``: its shape is the batch's own, but a rule it breaks while
    being read is kept for the requests that use it, like the rules checked later."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is str:
            try:
                return self.text(value)
            except MalformedError as exc:
                raise ValidationError(list(exc.problems)) from None
            except RuleError as exc:
                return exc
        return super()._deserialize(value, attr, data, **kwargs)


class Text(Worded, fields.Field[Any]):
    """A string an engine reads whole (a game record), documented as the component ``ref``."""

    def __init__(self, read: Callable[[Any], Any], ref: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.read, self.ref = read, ref

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return self.read(value)
        except MalformedError as exc:
            raise ValidationError(list(exc.problems)) from None


def _origin() -> Origin:
    field = Origin("", data_key="from", required=True)
    field.error_messages = {**field.error_messages, "null": Integer().error_messages["null"]}
    field.ref = "Origin"  # type: ignore[attr-defined]
    return field


def _points() -> Integer:
    return Integer(
        0, MOVEMENT_POINTS, metadata=_doc("Movement points to spend. Default the turn's `points`.")
    )


def _flag(doc: str, **kwargs: Any) -> Flag:
    return Flag(metadata=_doc(doc), **kwargs)


# ---------------------------------------------------------------------------- requests


class PositionQuery(Query):
    """A question about a position."""

    problems: ClassVar = {422: "InvalidPosition"}
    checks: ClassVar = {"position": _check_position}
    position = position_member(required=True)


class ReachQuery(PositionQuery):
    """Where can one turrian of the player to move go?"""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    origin = _origin()
    points = _points()


class CapturesQuery(PositionQuery):
    """Which foreign turrians can the player to move capture?"""

    points = _points()


class ValidateQuery(PositionQuery):
    """A turn to judge, from the position's `turn` state."""

    turn = TurnMember(Turn, required=True)


class ApplyQuery(ValidateQuery):
    """A turn to play, from the position's `turn` state."""

    problems: ClassVar = {422: "InvalidPositionOrTurn"}


SuggestQuery: Any = PositionQuery.from_dict(suggest_fields(), name="SuggestQuery")
SuggestQuery.__doc__ = "A position whose seat to move the computer plays for."
SuggestQuery.problems = {422: "InvalidPositionOrQuery"}

#: Printable text an SVG document can hold: no control characters, and from the Basic
#: Multilingual Plane only (so that ECMA-262's and Python's readings of the pattern agree).
LABEL_PATTERN = r"^[\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd]{1,6}$"


def _square(doc: str = "", **kwargs: Any) -> Matching:
    return Matching(SQUARE_PATTERN, MUST_BE(what=SQUARE_TEXT), metadata=_doc(doc or "A square, a1 … j10."),
                    **kwargs)


class QuestionHighlight(Schema):
    """Highlight the answer to `/v1/removals`, `/v1/placements` or `/v1/captures`."""

    kind = Words(["removals", "placements", "captures"], required=True, metadata=_doc("Which question."))


class ReachHighlight(Schema):
    """Highlight the answer to `/v1/reach` from `from`, labelled with the costs."""

    kind = Words(["reach"], required=True, metadata=_doc("The reach of one turrian."))
    origin = Matching(ORIGIN_PATTERN, data_key="from", required=True,
                      metadata=_doc(f"A turrian of `to_move`, or `{RESERVE}`."))


class Mark(Schema):
    """One square the client highlights itself."""

    square = _square(required=True)
    style = Words([s.value for s in HighlightStyle], metadata=_doc(
        f"How it is highlighted. Default `{HighlightStyle.MARK.value}`."))
    label = Matching(
        LABEL_PATTERN, metadata=_doc("A short text in the square's corner (a cost, an order …).")
    )


class Highlight(OneOf):
    """A highlight, told apart by its ``kind``: one that is missing is no kind at all."""

    def _chosen(self, value: Any) -> Schema:
        if type(value) is dict and self.tag not in value:
            raise ValidationError({self.tag: [self.mistake]})
        return super()._chosen(value)


class RenderQuery(PositionQuery):
    """A position to draw, with the answer to a question and squares of the client's own."""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    highlight = Highlight("kind", {"removals": QuestionHighlight, "placements": QuestionHighlight,
                                   "captures": QuestionHighlight, "reach": ReachHighlight})
    squares = List(Nested(Mark), metadata=_doc(
        "Drawn over `highlight`: each sets its square's style and, if given, its label; a later entry "
        "for the same square wins."))


def _option_parameter(option: Any) -> fields.Field[Any]:
    description = f"{option.metadata['rule']}."
    # An option of some player counts only says which (`x-players`), so that a form can
    # offer it only there instead of asking and being refused.
    counts = option.metadata.get("players")
    extension = {} if counts is None else {"x-players": list(counts)}
    if counts is not None:
        description += f" Only with {' or '.join(map(str, counts))} players."
    if isinstance(option.default, bool):
        return QueryFlag(load_default=option.default, metadata={
            "description": description, "default": option.default, **extension})
    values = [v.value for v in option_values(option)]
    return Words(values, load_default=option.default.value, metadata={
        "description": description, "default": option.default.value, **extension})


#: ``giver:receiver:squares`` of the set-up's handover (P3), e.g. ``yellow:red:b9,c9``.
_SQUARE_WORD = SQUARE_PATTERN.strip("^$")
_SEAT_WORD = SEAT_ID_PATTERN.strip("^$")
HANDICAP_PATTERN = f"^{_SEAT_WORD}:{_SEAT_WORD}:{_SQUARE_WORD}(,{_SQUARE_WORD})*$"

SetupQuery: Any = Query.from_dict(
    {
        "players": Digits(2, 4, load_default=4, metadata={"description": "Player count (B6).", "default": 4}),
        **{option.name: _option_parameter(option) for option in OPTIONS},
        "handicap": Matching(HANDICAP_PATTERN, MUST_BE(what="stronger:weaker:squares, e.g. yellow:red:b9,c9"),
                             metadata={"description": (
                                 "A handicap game (P3): `stronger:weaker:squares`, e.g. "
                                 "`yellow:red:b9,c9`: the stronger seat hands the top stone of each "
                                 "square, of its own territory, to the weaker seat's `bonus_stones` "
                                 "(a square named twice gives two stones). Absent: no handicap."),
                             "example": "yellow:red:b9,c9"}),
    },
    name="SetupQuery",
)
SetupQuery.context_location = "query"
SetupQuery.problems = {422: "InvalidPositionOrQuery"}


class HandoverMember(Schema):
    """Stones the stronger seat hands to the weaker (P3), one top stone per square named."""

    giver = Matching(SEAT_ID_PATTERN, MUST_BE(what=A_SEAT_ID), data_key="from", required=True,
                     metadata=_doc("The stronger seat: the stones come from its own territory."))
    receiver = Matching(SEAT_ID_PATTERN, MUST_BE(what=A_SEAT_ID), data_key="to", required=True,
                        metadata=_doc("The weaker seat: the stones join its `bonus_stones`."))
    squares = List(_square(), 1, MAX_BONUS_STONES, required=True, metadata=_doc(
        "Squares of the stronger seat's territory whose top stone is handed over, in order; a square "
        "named twice gives two stones (R7)."))


class HandoverQuery(PositionQuery):
    """A handover of stones between turns (P3)."""

    problems: ClassVar = {422: "InvalidPositionOrQuery"}
    handover = Nested(HandoverMember, required=True)


# ------------------------------------------------------------ whole games and batches


def _check_record(record: GameRecord, where: str) -> None:
    try:
        check_position(record.start)
    except InvalidPositionError as exc:
        at = N_("line 1: {detail} (at {field})")(detail=exc.detail, field=exc.field)
        raise InvalidPositionError(exc.rule, at, where) from None


def _positions() -> Flag:
    return _flag("Include the position after every turn. Default false.")


class ReplayTurns(Query):
    """A game as a start position and its turns, each an object or a line of turn notation."""

    checks: ClassVar = {"start": _check_position}
    start = position_member(required=True)
    turns = List(ObjectOrText(_read_turn, parse_turn_notation, "TurnOrNotation"), required=True,
                 metadata=_doc("The turns, in order, each from the position the last one left."))
    positions = _positions()


class ReplayRecord(Query):
    """A game as one text in the game notation."""

    checks: ClassVar = {"record": _check_record}
    record = Text(read_game_record, "GameRecord", required=True)
    positions = _positions()


class ReplayQuery(Query):
    """A game to replay: `start` and `turns`, or `record`."""

    problems: ClassVar = {422: "InvalidPosition"}
    variants: ClassVar = (ReplayTurns, ReplayRecord)

    @classmethod
    def choose(cls, data: Any) -> type[Query]:
        """The variant that reads ``data``."""
        return ReplayRecord if isinstance(data, dict) and "record" in data else ReplayTurns

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: Any = None) -> Any:
        return instance(type(self).choose(data)).load(data)


BATCH_OPERATIONS = ("removals", "placements", "reach", "captures", "goal", "validate", "apply", "progress",
                    "notation")
MAX_BATCH = 256


class BatchRequest(Schema):
    """One request of a batch: which operation, and its body."""

    op = Words(list(BATCH_OPERATIONS), required=True, metadata=_doc(
        "The operation: the last part of its path (`/v1/reach`: `reach`; `/v1/turns/apply`: `apply`)."))
    body = Body(required=True, metadata=_doc("The body the operation takes; without `position`, the batch's "
                                             "`position` is used."))


class BatchQuery(Query):
    """Many questions in one request, perhaps about one shared position."""

    # Its shape is the batch's own (400 for the whole batch); its rules are checked once,
    # for the requests that use it.
    position = SharedPosition(_read_position, read_notation, "PositionOrNotation")
    requests = List(Nested(BatchRequest), 1, MAX_BATCH, required=True,
                    metadata=_doc("The requests, answered in order."))


class BatchResult(Schema):
    """One answer of a batch: what the single operation answers, its status and body."""

    status = Integer(
        200, 599, required=True, metadata=_doc("The single operation's status: 200, or an error's.")
    )
    body = Body(required=True, metadata=_doc("The single operation's answer, or its problem details."))


class BatchAnswer(Schema):
    """Every request's answer, in the order of the requests."""

    responses = List(Nested(BatchResult), required=True)


class Answered(NamedTuple):
    """One answer of a batch: its status and its body."""

    status: int
    body: dict[str, Any]


class Batched(NamedTuple):
    """The batch answer's value."""

    responses: tuple[Any, ...]

