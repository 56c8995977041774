"""marshmallow schemas of every request and answer, and the loading of requests with them.

The schemas carry every constraint of the contract that a JSON Schema can express
(square names, 10 × 10 heights, 2–4 seats, seat ids, counters, enums) and reject
unknown fields, so that ``openapi.yaml``, generated from them, states exactly what is
accepted. What only the rules can decide (territories partitioning the board, one
turrian per square, a consistent ``turn`` …) is left to the engine, which answers 422
naming the rule.

Views read their input through :func:`json_body` and :func:`query_args`; both raise
:class:`~service.api.errors.InvalidRequest` (400) for anything the schema refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache
from math import inf
from typing import Any

from flask import current_app, request
from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, validate, validates_schema
from werkzeug.exceptions import UnsupportedMediaType

from service.api.errors import InvalidRequest
from service.render import HIGHLIGHT_KINDS, HighlightStyle
from service.rules import (
    CLOCKWISE,
    CaptureKind,
    EventType,
    Goal,
    OutsideRule,
    Phase,
    RemovalRule,
    TwoPlayerBoard,
)
from service.rules.shapes import SEAT_ID_PATTERN

SQUARE_PATTERN = "^[a-j](10|[1-9])$"
ORIGIN_PATTERN = "^(reserve|[a-j](10|[1-9]))$"


def values(members: Iterable[Enum]) -> tuple[str, ...]:
    """The JSON values of an engine enum, in its order."""
    return tuple(str(member.value) for member in members)


TERRITORIES = values(CLOCKWISE)
GOALS = values(Goal)
OUTSIDE_RULES = values(OutsideRule)
TWO_PLAYER_BOARDS = values(TwoPlayerBoard)
PHASES = values(Phase)


# ------------------------------------------------------------------------- fields


class FullMatch(validate.Regexp):
    """A pattern the whole string must match.

    ``re.match`` lets ``$`` match before a final newline (``"a1\\n"``); the pattern as
    written in openapi.yaml (ECMA-262) does not, and neither does this.
    """

    def __call__(self, value: Any) -> Any:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


class Int(fields.Integer):
    """A JSON integer: neither a float like ``1.0`` nor a boolean nor a numeric string."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        # A plain int passes the strict check and int() unchanged; skipping the
        # numbers.Integral ABC check took the schema load of a 4-player request with a
        # turn from 260 to 246 µs (fastest of 30 interleaved runs).
        if type(value) is int:
            return value
        return super()._validated(value)


class Bool(fields.Boolean):
    """A JSON boolean, nothing that merely looks like one (``1``, ``"yes"``)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class QueryInt(fields.Integer):
    """An integer query parameter written in ASCII digits (no sign, spaces or ``٤``)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> int:
        if not (isinstance(value, str) and value.isascii() and value.isdigit()):
            raise self.make_error("invalid")
        return int(value)


class QueryBool(fields.Boolean):
    """A boolean query parameter: exactly ``true`` or ``false``."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(truthy={"true"}, falsy={"false"}, **kwargs)


def _plain_check(field: fields.Field[Any]) -> Callable[[Any], Any] | None:
    """A test that is true only of values ``field`` accepts and loads unchanged.

    Known are strict integers with ``Range``, strings with one ``FullMatch`` or
    ``OneOf``, and :class:`List` of those with ``Length(equal=…)``; for anything else (or
    a field with hooks or ``allow_none``) ``None``: it is always loaded the ordinary way.
    Each test is a single closure: one Python call per element.
    """
    if field.pre_load or field.post_load or field.allow_none:
        return None
    validators = list(field.validators)
    if isinstance(field, Int):
        low, high = -inf, inf
        for v in validators:
            if not (isinstance(v, validate.Range) and v.min_inclusive and v.max_inclusive):
                return None
            low = low if v.min is None else max(low, v.min)
            high = high if v.max is None else min(high, v.max)
        return lambda x: type(x) is int and low <= x <= high
    if type(field) is fields.String:
        if not validators:
            return lambda x: type(x) is str
        if len(validators) != 1:
            return None
        (v,) = validators
        if isinstance(v, FullMatch):
            match: Callable[[Any], Any] = v.regex.fullmatch  # str or bytes patterns alike
            return lambda x: type(x) is str and match(x) is not None
        if isinstance(v, validate.OneOf):
            choices = frozenset(v.choices)
            return lambda x: type(x) is str and x in choices
        return None
    if isinstance(field, List):
        inner = _plain_check(field.inner)
        if inner is None or len(validators) > 1:
            return None
        if not validators:
            return lambda x: type(x) is list and all(map(inner, x))
        (v,) = validators
        if isinstance(v, validate.Length) and v.equal is not None:
            n = v.equal
            return lambda x: type(x) is list and len(x) == n and all(map(inner, x))
    return None


class List(fields.List[Any]):
    """``fields.List`` that takes a valid list of plain values (square names, counts,
    rows of heights) in one pass.

    marshmallow loads a list element by element, each through its whole machinery
    (deserialize, validators, error bookkeeping): for the 100 heights and 20-odd squares
    of a 4-player position that was two thirds of the request's schema load. If every
    element passes :func:`_plain_check`, the list is returned as it is (it comes from the
    JSON decoder and nothing else holds it); otherwise it is loaded the ordinary way, so
    errors are exactly as before. Measured on the 4-player mid-game request (fastest of
    25 interleaved runs): schema load 539 → 172 µs, with a turn 621 → 239 µs.
    """

    _plain: Callable[[Any], Any] | None

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        try:
            plain = self._plain
        except AttributeError:  # worked out once per bound field (binding copies the inner field)
            plain = self._plain = _plain_check(self.inner)
        if plain is not None and type(value) is list and all(map(plain, value)):
            return value
        return super()._deserialize(value, attr, data, **kwargs)


def square(**kwargs: Any) -> fields.String:
    """A square name ``a1`` … ``j10``."""
    return fields.String(validate=FullMatch(SQUARE_PATTERN, error="must be a square a1 … j10"), **kwargs)


def squares(description: str, **kwargs: Any) -> fields.List[Any]:
    """A list of square names."""
    return List(square(), metadata={"description": description}, **kwargs)


def origin(description: str, **kwargs: Any) -> fields.String:
    """Where a turrian starts: a square, or ``reserve`` (M9)."""
    # Loaded under the contract's name, so the engine's parse_turn reads it as sent.
    return fields.String(
        data_key="from",
        attribute="from",
        validate=FullMatch(ORIGIN_PATTERN, error="must be a square a1 … j10 or 'reserve'"),
        metadata={"description": description},
        **kwargs,
    )


def seat_id(**kwargs: Any) -> fields.String:
    """A seat id."""
    # marshmallow formats the message: the pattern's braces must be doubled.
    error = "must match " + SEAT_ID_PATTERN.replace("{", "{{").replace("}", "}}")
    return fields.String(validate=FullMatch(SEAT_ID_PATTERN, error=error), **kwargs)


def one_of(choices: tuple[str, ...], description: str, **kwargs: Any) -> fields.String:
    """A string from a fixed set (an enum in openapi.yaml)."""
    return fields.String(validate=validate.OneOf(choices), metadata={"description": description}, **kwargs)


def territory(**kwargs: Any) -> fields.String:
    return one_of(TERRITORIES, "A territory (B3).", **kwargs)


def count(description: str, low: int = 0, high: int | None = None, **kwargs: Any) -> Int:
    """A non-negative integer, optionally bounded."""
    return Int(validate=validate.Range(min=low, max=high), metadata={"description": description}, **kwargs)


class Closed(Schema):
    """Base of every schema the service reads or writes: no member beyond those listed."""

    class Meta:
        unknown = RAISE


# ----------------------------------------------------------------------- position


class SeatSchema(Closed):
    """A seat: its territories, its turrians on the board and its counters (S1–S4)."""

    id = seat_id(required=True, metadata={"description": "The seat's id."})
    territories = List(
        territory(),
        required=True,
        metadata={"description": "Own territories: one each with 3 or 4 players, two each with 2 (S1)."},
    )
    turrians = squares(
        "Squares of the seat's turrians on the board; the rest are in reserve. At most 6, distinct and "
        "on stones (S2): checked as rules, 422.",
        required=True,
    )
    attacks = count("Attacks used so far (S4).", 0, 5, required=True)
    bonus_stones = count("Handicap stones left to place (P3); default 0.")
    pro_hold = List(
        square(),
        allow_none=True,
        metadata={"description": "With goal `pro`: the squares of the 5-, 6- and 7-towers recorded (G2)."},
    )


class RulesSchema(Closed):
    """The rule options (RULES.md, Options); every one has a default."""

    goal = one_of(GOALS, "G1 / G2; default `standard`.")
    team_play = Bool(metadata={"description": "S1, 4 players only; default false."})
    outside_rule = one_of(OUTSIDE_RULES, "R6; default `line`.")
    two_player_board = one_of(TWO_PLAYER_BOARDS, "B4, 2 players only; default `8x8`.")


class TurnStateSchema(Closed):
    """The context of the turn in progress of `to_move`; defaults to the start of a turn."""

    phase = one_of(PHASES, "T1; default `take`.")
    taken = squares("Squares taken from in this turn, in order (read in the take phase only, R4).")
    in_hand = count("Stones taken and not yet placed.", 0, 3)
    points = count("Movement points left (M1); default 5.", 0, 5)
    attacked = Bool(metadata={"description": "An attack was registered in this turn (M8); default false."})


class PositionSchema(Closed):
    """A whole game position: heights, seats, who is to move, options and the turn in progress."""

    heights = List(
        List(count("Stones on the square (B5)."), validate=validate.Length(equal=10)),
        required=True,
        validate=validate.Length(equal=10),
        metadata={"description": "`heights[r][f]`: rank r + 1, file f (0 = a); `heights[0]` is a1 … j1."},
    )
    seats = fields.List(
        fields.Nested(SeatSchema),
        required=True,
        validate=validate.Length(min=2, max=4),
        metadata={"description": "2–4 seats in clockwise turn order; their number is the player count."},
    )
    to_move = seat_id(required=True, metadata={"description": "The seat whose turn it is."})
    round_start = seat_id(metadata={"description": "The seat that began the round (G3); default the first."})
    finishers = List(
        seat_id(), metadata={"description": "Seats that have finished (G3); default none."}
    )
    rules = fields.Nested(RulesSchema)
    turn = fields.Nested(TurnStateSchema)


#: Longest notation accepted for a position. A 4-player position with every turrian on a
#: tower takes about 300 characters; the bound also keeps every number in a notation far
#: below the 4300 digits Python converts to an int.
NOTATION_MAX_LENGTH = 4096

#: The string form of a request's ``position`` in openapi.yaml (no pattern: the grammar
#: is the parser's, and its errors are 400 with pointers like the object's).
NOTATION_JSON_SCHEMA = {
    "type": "string",
    "minLength": 1,
    "maxLength": NOTATION_MAX_LENGTH,
    "description": "The position in the one-line notation of docs/notation.md. A string outside its "
    "grammar is 400, with pointers to the position member the faulty part encodes (`/position/seats/0/"
    "attacks`); a position that breaks a structural rule is 422, as for the object.",
    "example": "setup|yellow:NW|red:NE|blue:SE|green:SW",
}


class PositionOrNotation(fields.Field[Any]):
    """A request's ``position``: the object of :class:`PositionSchema`, or its notation
    (docs/notation.md) as a string, left as it is for ``convert.load_position`` to parse.

    In openapi.yaml a ``oneOf`` of the two (``spec._Converter``).
    """

    default_error_messages = {"invalid": "Not a position: an object, or a string in the notation."}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._length = validate.Length(min=1, max=NOTATION_MAX_LENGTH)

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        if type(value) is str:
            return self._length(value)
        if not isinstance(value, dict):
            raise self.make_error("invalid")
        try:
            return _instance(PositionSchema).load(value)
        except ValidationError as exc:
            # As fields.Nested reports it: the messages under this field's name.
            raise ValidationError(exc.messages, valid_data=exc.valid_data) from None


class PositionRequestSchema(Closed):
    """A question about a position."""

    position = PositionOrNotation(
        required=True,
        metadata={"description": "The position, as an object or in the notation of docs/notation.md."},
    )


class ReachRequestSchema(PositionRequestSchema):
    """Where can one turrian of the mover go?"""

    origin = origin("The square of a turrian of `to_move`, or `reserve`.", required=True)
    points = count("Movement points to spend; default the turn's `points`.", 0, 5)


class CapturesRequestSchema(PositionRequestSchema):
    """Which foreign turrians can the mover capture?"""

    points = count("Movement points to spend; default the turn's `points`.", 0, 5)


class SegmentSchema(Closed):
    """One turrian's walk along adjacent squares."""

    origin = origin(
        "The turrian's square, or `reserve` (then `path[0]` is the entry square, M9).", required=True
    )
    path = squares("The squares stepped on, in order.", required=True, validate=validate.Length(min=1))


class TurnSchema(Closed):
    """The actions of the rest of a turn, per phase and in order."""

    take = squares("Squares whose top stone is taken, in order (R).")
    place = squares("Squares a stone is placed on, in order (P).")
    move = fields.List(
        fields.Nested(SegmentSchema), metadata={"description": "Movement segments, in order (M)."}
    )


class TurnRequestSchema(PositionRequestSchema):
    """A turn to judge or to play, from the position's `turn` context."""

    turn = fields.Nested(TurnSchema, required=True)


#: Printable text an SVG document can hold: no control characters, and from the Basic
#: Multilingual Plane only (so that ECMA-262's and Python's readings of the pattern agree).
LABEL_PATTERN = r"^[\u0020-\u007e\u00a0-\ud7ff\ue000-\ufffd]*$"
REACH = "reach"


class HighlightSchema(Closed):
    """A question whose answer the picture highlights, as the query endpoint answers it."""

    kind = one_of(
        HIGHLIGHT_KINDS,
        "`removals` (R1–R7), `placements` (P2), `reach` (M1–M10, from `from`) or `captures` "
        "(M6–M9: the targets, labelled with the cheapest cost, and the capturing turrians).",
        required=True,
    )
    origin = origin("With `reach`, and only there: a turrian of `to_move`, or `reserve`.")

    @validates_schema
    def _origin_with_reach_only(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data["kind"] == REACH and "from" not in data:
            raise ValidationError("Missing data for required field.", "from")
        if data["kind"] != REACH and "from" in data:
            raise ValidationError("Only with kind `reach`.", "from")


#: ``from`` is required with kind ``reach`` and absent otherwise, said as JSON Schema.
HIGHLIGHT_CASES = [
    {"properties": {"kind": {"enum": [REACH]}}, "required": ["from"]},
    {
        "properties": {"kind": {"enum": [k for k in HIGHLIGHT_KINDS if k != REACH]}},
        "not": {"required": ["from"]},
    },
]


class MarkSchema(Closed):
    """One square the client highlights itself."""

    square = square(required=True)
    style = one_of(
        values(HighlightStyle), "How it is highlighted; default `mark`.", load_default=HighlightStyle.MARK.value
    )
    label = fields.String(
        validate=[
            validate.Length(min=1, max=6),
            FullMatch(LABEL_PATTERN, error="must be printable characters of the Basic Multilingual Plane"),
        ],
        metadata={"description": "A short text in the square's corner (a cost, an order …)."},
    )


class RenderRequestSchema(PositionRequestSchema):
    """A position to draw, with the answer to a question and squares of the client's own highlighted."""

    highlight = fields.Nested(HighlightSchema, metadata={"oneOf": HIGHLIGHT_CASES})
    squares = fields.List(
        fields.Nested(MarkSchema),
        metadata={
            "description": "Drawn over `highlight`: each sets its square's style and, if given, its "
            "label; a later entry for the same square wins."
        },
    )


class SetupQuerySchema(Closed):
    """Options of a new game."""

    players = QueryInt(
        load_default=4, validate=validate.Range(min=2, max=4), metadata={"description": "Player count (B6)."}
    )
    team_play = QueryBool(load_default=False, metadata={"description": "Team play (S1), 4 players only."})
    goal = one_of(GOALS, "G1 / G2.", load_default=Goal.STANDARD.value)
    two_player_board = one_of(
        TWO_PLAYER_BOARDS, "B4, 2 players only.", load_default=TwoPlayerBoard.EIGHT.value
    )
    outside_rule = one_of(OUTSIDE_RULES, "R6.", load_default=OutsideRule.LINE.value)


# ------------------------------------------------------------------------ answers


class RemovalSchema(Closed):
    """A square whose top stone may be taken next."""

    square = square(required=True)
    territory = territory(required=True)
    height = count("The square's height before taking.", 1, required=True)
    rule = one_of(values(RemovalRule), "Own territory (R3) or outside (R5).", required=True)


class RemovalsResponseSchema(Closed):
    """Every square whose top stone `to_move` may take next (R1–R7), in board order."""

    removals = fields.List(fields.Nested(RemovalSchema), required=True)


class PlacementsResponseSchema(Closed):
    """Every square a stone may be placed on (P2), in board order."""

    squares = squares("Squares, in board order.", required=True)


class ReachSchema(Closed):
    """A square the turrian can end on, with its cheapest cost and one cheapest path."""

    square = square(required=True)
    cost = count("Points: steps, capture surcharges (M7) and re-entry (M9).", required=True)
    path = squares("The squares after `from` (for `reserve`, the entry square first).", required=True)
    captures = squares("Squares on the path where a foreign turrian is captured.", required=True)


class ReachResponseSchema(Closed):
    """Every square the turrian can end on within the points, in board order."""

    reachable = fields.List(fields.Nested(ReachSchema), required=True)


class CaptureSchema(Closed):
    """The cheapest way for one turrian to capture one foreign turrian."""

    origin = origin("The capturing turrian's square, or `reserve`.", required=True)
    target = square(required=True)
    victim = seat_id(required=True, metadata={"description": "The seat whose turrian is captured."})
    cost = count("Points the capture costs, steps included.", required=True)
    path = squares("The squares after `from`, ending on `target`.", required=True)
    kind = one_of(values(CaptureKind), "Foreign territory: attack; own: defence (M8).", required=True)


class CapturesResponseSchema(Closed):
    """Every capture within the points, by turrian (board order, reserve last), then target."""

    captures = fields.List(fields.Nested(CaptureSchema), required=True)


class GoalSeatSchema(Closed):
    """One seat's progress towards the goal."""

    id = seat_id(required=True)
    goal_met = Bool(required=True, metadata={"description": "The seat meets the goal now (G1 / G2)."})
    heights = fields.List(
        count("A height."), required=True, metadata={"description": "Heights its turrians stand on, sorted."}
    )
    missing = fields.List(
        count("A height."), required=True, metadata={"description": "Goal heights it lacks."}
    )


class GoalResponseSchema(Closed):
    """Per seat whether it meets the goal, and whether the game is over (G1–G4)."""

    seats = fields.List(fields.Nested(GoalSeatSchema), required=True)
    game_over = Bool(required=True, metadata={"description": "The final round is complete (G3)."})
    winners = fields.List(
        seat_id(), required=True, metadata={"description": "The seats that finished, once over."}
    )


class ViolationSchema(Closed):
    """The first illegal action of a turn."""

    rule = fields.String(required=True, metadata={"description": "The RULES.md id it breaks."})
    phase = one_of((*PHASES, "turn"), "Its phase (`turn`: the turn as a whole).", required=True)
    index = count("Its position in its phase's list.", required=True)
    detail = fields.String(required=True, metadata={"description": "A sentence a player understands."})
    step = count("For a move segment: the index in `path` of the offending square (absent otherwise).")


class ValidateResponseSchema(Closed):
    """Whether the turn is legal; if not, its first illegal action."""

    legal = Bool(required=True)
    violation = fields.Nested(ViolationSchema)


class EventSchema(Closed):
    """One thing that happened in a turn; members that do not apply are absent."""

    type = one_of(values(EventType), "What happened.", required=True)
    seat = seat_id(required=True, metadata={"description": "The seat it happened to or by."})
    square = square(
        metadata={"description": "take, place, enter, capture: the square; move: where it ended."}
    )
    origin = fields.String(
        validate=FullMatch(ORIGIN_PATTERN), metadata={"description": "move: the start square or `reserve`."}
    )
    cost = count("move: points spent on the segment.")
    victim = seat_id(metadata={"description": "capture: the seat whose turrian was captured."})
    kind = one_of(values(CaptureKind), "capture: attack or defence (M8).")
    bonus = Bool(metadata={"description": "place: a handicap stone (P3)."})
    attacks = count("attack: the seat's new attack counter.", 0, 5)
    squares = squares("hold: the recorded `pro_hold` (G2).")
    winners = fields.List(seat_id(), metadata={"description": "game_over: the winners."})


class ApplyResponseSchema(Closed):
    """The position after the turn and what happened in it."""

    position = fields.Nested(PositionSchema, required=True)
    events = fields.List(fields.Nested(EventSchema), required=True)


class NotationResponseSchema(Closed):
    """A position in both forms: its canonical notation and its object."""

    notation = fields.String(
        required=True,
        metadata={
            "description": "The canonical notation (docs/notation.md): every default left out, the same "
            "string for the same position."
        },
    )
    position = fields.Nested(PositionSchema, required=True)


class BoardSquareSchema(Closed):
    """One square of the 10 × 10 grid."""

    square = square(required=True)
    file = one_of(tuple("abcdefghij"), "West to east.", required=True)
    rank = count("South to north.", 1, 10, required=True)
    territory = territory(required=True)
    ring = count("Distance to the nearest edge (B2).", 0, 4, required=True)


class EntryRowsSchema(Closed):
    """Per territory, the squares where a reserve turrian re-enters (M9)."""

    NW = squares("Entry row of NW.", required=True)
    NE = squares("Entry row of NE.", required=True)
    SE = squares("Entry row of SE.", required=True)
    SW = squares("Entry row of SW.", required=True)


class LayoutSchema(Closed):
    """The play area and entry rows of one player count (B4, M9)."""

    players = count("Player count.", 2, 4, required=True)
    board = one_of(
        ("10x10", "8x8", "6x6"),
        "Size of the play area; for 2 players the `two_player_board` option.",
        required=True,
    )
    play_area = squares("The squares in play, in board order.", required=True)
    entry_rows = fields.Nested(EntryRowsSchema, required=True)


class BoardResponseSchema(Closed):
    """The geometry of the board (B1–B4, M9)."""

    squares = fields.List(
        fields.Nested(BoardSquareSchema), required=True, metadata={"description": "In board order."}
    )
    clockwise = fields.List(
        territory(), required=True, metadata={"description": "Territories in clockwise order."}
    )
    layouts = fields.List(fields.Nested(LayoutSchema), required=True)


class HealthSchema(Closed):
    """The service is up."""

    status = one_of(("ok",), "Always `ok`.", required=True)
    version = fields.String(required=True, metadata={"description": "The service's version."})


class ProblemErrorSchema(Closed):
    """One reason a request was refused."""

    pointer = fields.String(metadata={"description": "JSON pointer into the body (RFC 6901)."})
    parameter = fields.String(metadata={"description": "Name of the query parameter."})
    detail = fields.String(required=True)


class ProblemSchema(Schema):
    """An error answer: RFC 9457 problem details, with the extension members of this service."""

    class Meta:
        unknown = INCLUDE

    type = fields.String(required=True, metadata={"description": "URI reference naming the kind of problem."})
    title = fields.String(required=True)
    status = Int(required=True, validate=validate.Range(min=400, max=599))
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(ProblemErrorSchema), metadata={"description": "400: every reason."})
    rule = fields.String(metadata={"description": "422: the RULES.md id that is broken."})
    field = fields.String(metadata={"description": "422: JSON pointer to the offending member, or empty."})
    violation = fields.Nested(ViolationSchema, metadata={"description": "422 from /v1/turns/apply."})


# ---------------------------------------------------------------------- loading


def _reasons(messages: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], str]]:
    """marshmallow's nested error messages as (path, sentence) pairs, in its order."""
    if isinstance(messages, Mapping):
        return [
            reason
            for name, sub in messages.items()
            for reason in _reasons(sub, path if name == "_schema" else (*path, str(name)))
        ]
    if isinstance(messages, list | tuple):
        return [reason for sub in messages for reason in _reasons(sub, path)]
    return [(path, str(messages))]


def _pointer(path: tuple[str, ...]) -> str:
    """RFC 6901: ``("seats", "0", "id")`` → ``/seats/0/id``."""
    return "".join("/" + token.replace("~", "~0").replace("/", "~1") for token in path)


@cache
def _instance(schema_cls: type[Schema]) -> Schema:
    # Schemas are stateless once built; building one is not cheap.
    return schema_cls()


def json_body(schema_cls: type[Schema]) -> dict[str, Any]:
    """The request's JSON body, checked against ``schema_cls``.

    Raises 415 unless the content type is JSON, 413 for a body over the limit, and
    :class:`InvalidRequest` for a body that is not JSON or breaks the schema.
    """
    if not request.is_json:
        sent = request.mimetype or "no content type"
        raise UnsupportedMediaType(f"The body must be JSON, sent as application/json (not {sent}).")
    raw = request.get_data(cache=False)
    try:
        data = current_app.json.loads(raw)
    except ValueError as exc:
        raise InvalidRequest([{"pointer": "", "detail": f"not valid JSON: {exc}"}]) from None
    try:
        loaded: dict[str, Any] = _instance(schema_cls).load(data)
    except ValidationError as exc:
        raise InvalidRequest(
            [{"pointer": _pointer(path), "detail": detail} for path, detail in _reasons(exc.messages)]
        ) from None
    return loaded


def query_args(schema_cls: type[Schema]) -> dict[str, Any]:
    """The query parameters, checked against ``schema_cls``; each may be given once."""
    repeated = [name for name, values in request.args.lists() if len(values) > 1]
    if repeated:
        raise InvalidRequest([{"parameter": name, "detail": "is given more than once"} for name in repeated])
    try:
        loaded: dict[str, Any] = _instance(schema_cls).load(request.args.to_dict())
    except ValidationError as exc:
        raise InvalidRequest(
            [{"parameter": ".".join(path), "detail": detail} for path, detail in _reasons(exc.messages)]
        ) from None
    return loaded
