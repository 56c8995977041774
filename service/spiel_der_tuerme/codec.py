"""The JSON form of every object of the engine (the HTTP contract), in both directions.

Readers check the shape first and collect up to 20 problems with their JSON pointers
(:class:`~service.common.Shape`, :class:`MalformedError`), then the structural rules
(:func:`~service.spiel_der_tuerme.check.check_position`, :class:`InvalidPositionError`).
Writers write every member of the contract, ``null`` where a value does not apply,
except events, which leave out what does not apply. Squares are listed in board order.

>>> from service.spiel_der_tuerme.setup import setup_position
>>> data = position_to_dict(setup_position(2, seed=1))
>>> list(data)
['stacks', 'seats', 'to_move', 'rules', 'turn', 'blocked', 'over']
>>> data["stacks"]["a1"], data["over"]
({'symbol': 'B', 'stones': ['green']}, None)
>>> parse_position(data) == setup_position(2, seed=1)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from service.common import InvalidPositionError, MalformedError, Shape  # noqa: F401 (the doctests use it)
from service.common.grid import A_SQUARE
from service.common.refusal import N_
from service.common.shapes import MUST_BE_OBJECT, token
from service.spiel_der_tuerme.board import (
    FILE_NAMES,
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    QUARTERS,
    RANKS,
    SQUARE_BY_NAME,
    SQUARES,
    SYMBOL,
    Colour,
    Square,
    Symbol,
    square_name,
)
from service.spiel_der_tuerme.check import check_position
from service.spiel_der_tuerme.moves import LegalMove, Move
from service.spiel_der_tuerme.position import (
    FRESH_TURN,
    MAX_HEIGHT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    EndReason,
    Over,
    Position,
    Rules,
    Stack,
    TurnState,
)
from service.spiel_der_tuerme.records import Event, TurnPlan, Violation
from service.spiel_der_tuerme.score import Score, SeatScore

POSITION_MEMBERS: Final = ("stacks", "seats", "to_move", "rules", "turn", "blocked", "over")
SQUARE_WORDS: Final = A_SQUARE(last=square_name(SQUARES[-1]))

# --------------------------------------------------------------------------- reading


def _square(shape: Shape, value: object, where: str) -> Square | None:
    return shape.lookup(SQUARE_BY_NAME, value, where, SQUARE_WORDS)


def _read_stacks(shape: Shape, value: object, off_board: list[str]) -> tuple[Stack | None, ...]:
    """The stacks by square; keys that name no square of the board go to ``off_board``."""
    board: list[Stack | None] = [None] * len(SQUARES)
    if type(value) is not dict:
        shape.fail("/stacks", MUST_BE_OBJECT())
        return tuple(board)
    for key, raw in value.items():
        square = SQUARE_BY_NAME.get(key)
        if square is None:
            # The contract's schema cannot restrict an object's keys, so a key that is no
            # square is a position off the board (TB1), not a malformed request.
            off_board.append(key)
            _read_stack(shape, raw, f"/stacks/{token(key)}")
            continue
        # The common, well-formed stack is read without building its JSON pointer, which
        # only a problem needs; anything else is read again with Shape for its problems.
        if type(raw) is dict and len(raw) == 2 and type(raw.get("stones")) is list and raw["stones"]:
            try:
                board[square] = Stack(
                    _SYMBOL_BY_VALUE[raw["symbol"]], tuple(map(_COLOUR_BY_VALUE.__getitem__, raw["stones"]))
                )
                continue
            except (KeyError, TypeError):
                pass
        board[square] = _read_stack(shape, raw, f"/stacks/{token(key)}")
    return tuple(board)


_SYMBOL_BY_VALUE: Final = {s.value: s for s in Symbol}
_COLOUR_BY_VALUE: Final = {c.value: c for c in Colour}


def _read_stack(shape: Shape, raw: object, where: str) -> Stack | None:
    obj = shape.obj(raw, where, ("symbol", "stones"), ("symbol", "stones"))
    if obj is None:
        return None
    symbol = shape.member(Symbol, obj["symbol"], f"{where}/symbol") if "symbol" in obj else None
    stones = shape.array(obj["stones"], f"{where}/stones", 1) if "stones" in obj else None
    if stones is None:
        return None
    colours = [shape.member(Colour, s, f"{where}/stones/{i}") for i, s in enumerate(stones)]
    if symbol is None or None in colours:
        return None
    return Stack(symbol, tuple(c for c in colours if c is not None))


def _read_rules(shape: Shape, value: object) -> Rules:
    obj = shape.obj(value, "/rules", (), ("max_height",))
    if obj is None or "max_height" not in obj:
        return Rules()
    limit = obj["max_height"]
    if limit is not None and not (type(limit) is int and limit == MAX_HEIGHT):
        shape.fail("/rules/max_height", N_("must be {most} or null")(most=MAX_HEIGHT))
        return Rules()
    return Rules(limit)


def _read_turn_state(shape: Shape, value: object) -> TurnState:
    obj = shape.obj(value, "/turn", (), ("moves", "may_continue"))
    if obj is None:
        return FRESH_TURN
    moves = shape.integer(obj.get("moves", 0), "/turn/moves", 0)
    may_continue = shape.boolean(obj.get("may_continue", False), "/turn/may_continue")
    return TurnState(moves or 0, bool(may_continue))


def _read_over(shape: Shape, value: object) -> Over | None:
    if value is None:
        return None
    obj = shape.obj(value, "/over", ("reason",), ("reason", "quarter", "seat"))
    if obj is None or "reason" not in obj:
        return None
    reason = shape.member(EndReason, obj["reason"], "/over/reason")
    # Which members the reason needs (TE1: quarter and seat, TE3: seat, TE2: neither);
    # with an unknown reason only the values themselves are checked.
    wants_quarter = reason is EndReason.QUARTER
    wants_seat = reason is not EndReason.STREETS_EMPTY
    quarter: int | None = None
    seat: Colour | None = None
    if obj.get("quarter") is None:
        if wants_quarter:
            shape.fail("/over/quarter", N_("is required when reason is 'quarter'")())
    elif reason is not None and not wants_quarter:
        shape.fail("/over/quarter", N_("must be null unless reason is 'quarter'")())
    else:
        quarter = shape.integer(obj["quarter"], "/over/quarter", QUARTERS[0], QUARTERS[-1])
    if obj.get("seat") is None:
        if reason is not None and wants_seat:
            shape.fail("/over/seat", N_("is required when reason is '{reason}'")(reason=reason.value))
    elif reason is EndReason.STREETS_EMPTY:
        shape.fail("/over/seat", N_("must be null when reason is 'streets_empty'")())
    else:
        seat = shape.member(Colour, obj["seat"], "/over/seat")
    if reason is None:
        return None
    return Over(reason, quarter, seat)


def parse_position(data: object) -> Position:
    """Build a :class:`Position` from its JSON form and check it (:func:`read_position`,
    then :func:`~service.spiel_der_tuerme.check.check_position`).

    Raises :class:`MalformedError` (every shape problem, up to 20) when ``data`` does not
    have the contract's shape, and :class:`InvalidPositionError` (rule and field) when it
    breaks a structural rule (:func:`~service.spiel_der_tuerme.check.check_position`).
    ``rules``, ``turn``, ``blocked`` and ``over`` are optional.

    >>> try:
    ...     parse_position({"stacks": {"z9": {}}, "seats": ["yellow"], "to_move": "purple"})
    ... except MalformedError as err:
    ...     [(p.pointer, p.detail) for p in err.problems]
    [('/stacks/z9/symbol', 'is required'), ('/stacks/z9/stones', 'is required'), \
('/seats', 'must have 2 to 4 entries'), ('/to_move', "must be one of 'yellow', 'red', 'blue', 'green'")]
    """
    position = read_position(data)
    check_position(position)
    return position


def read_position(data: object) -> Position:
    """A :class:`Position` from its JSON form, its shape checked but not its structure."""
    shape = Shape()
    shape.obj(data, "", ("stacks", "seats", "to_move"), POSITION_MEMBERS)
    doc: Mapping[str, Any] = data if type(data) is dict else {}
    off_board: list[str] = []
    stacks = _read_stacks(shape, doc["stacks"], off_board) if "stacks" in doc else ()
    seats: list[Colour | None] = []
    if "seats" in doc:
        raw_seats = shape.array(doc["seats"], "/seats", MIN_PLAYERS, MAX_PLAYERS)
        if raw_seats is not None:
            seats = [shape.member(Colour, s, f"/seats/{i}") for i, s in enumerate(raw_seats)]
    to_move = shape.member(Colour, doc["to_move"], "/to_move") if "to_move" in doc else None
    rules = _read_rules(shape, doc["rules"]) if "rules" in doc else Rules()
    turn = _read_turn_state(shape, doc["turn"]) if "turn" in doc else FRESH_TURN
    blocked: list[Square | None] = []
    if "blocked" in doc:
        raw_blocked = shape.array(doc["blocked"], "/blocked")
        if raw_blocked is not None:
            blocked = [_square(shape, s, f"/blocked/{i}") for i, s in enumerate(raw_blocked)]
    over = _read_over(shape, doc.get("over"))
    shape.done()
    if off_board:
        raise InvalidPositionError(
            "TB1", N_("{name} is not a square of the board ({squares})")(name=repr(off_board[0]), squares=SQUARE_WORDS), f"/stacks/{token(off_board[0])}"
        )
    assert to_move is not None
    return Position(
        stacks=stacks,
        seats=tuple(s for s in seats if s is not None),
        to_move=to_move,
        rules=rules,
        turn=turn,
        blocked=tuple(sorted(s for s in blocked if s is not None)),
        over=over,
    )


def parse_square_field(value: object, where: str = "/from") -> Square:
    """A square name of a request (the ``from`` filter of the moves question).

    >>> parse_square_field("c1")
    2
    """
    shape = Shape()
    square = _square(shape, value, where)
    shape.done()
    assert square is not None
    return square


def parse_turn_plan(data: object) -> TurnPlan:
    """A :class:`TurnPlan` from ``{"moves": [{"from", "to"}…], "end_turn": true}``;
    ``end_turn`` is optional. ``{"moves": []}`` is a pass (or, after a move that allows
    another, stopping there).

    >>> parse_turn_plan({"moves": [{"from": "a1", "to": "a4"}]})
    TurnPlan(moves=(Move(frm=0, to=42),), end_turn=True)
    """
    shape = Shape()
    obj = shape.obj(data, "", ("moves",), ("moves", "end_turn"))
    doc: Mapping[str, Any] = data if type(data) is dict else {}
    moves: list[Move] = []
    if "moves" in doc:
        raw_moves = shape.array(doc["moves"], "/moves")
        for i, raw in enumerate(raw_moves or ()):
            where = f"/moves/{i}"
            move = shape.obj(raw, where, ("from", "to"), ("from", "to"))
            if move is None or "from" not in move or "to" not in move:
                continue
            frm = _square(shape, move["from"], f"{where}/from")
            to = _square(shape, move["to"], f"{where}/to")
            if frm is not None and to is not None:
                moves.append(Move(frm, to))
    end_turn = shape.boolean(doc.get("end_turn", True), "/end_turn")
    shape.done()
    assert obj is not None
    return TurnPlan(tuple(moves), bool(end_turn))


# --------------------------------------------------------------------------- writing


def stack_to_dict(stack: Stack) -> dict[str, Any]:
    """``{"symbol", "stones"}``, stones bottom → top."""
    return {"symbol": stack.symbol.value, "stones": [c.value for c in stack.stones]}


def over_to_dict(over: Over | None) -> dict[str, Any] | None:
    """``null``, or ``{"reason", "quarter", "seat"}`` with ``null`` where they do not apply."""
    if over is None:
        return None
    return {
        "reason": over.reason.value,
        "quarter": over.quarter,
        "seat": None if over.seat is None else over.seat.value,
    }


def position_to_dict(position: Position) -> dict[str, Any]:
    """The JSON form of a position, every member written, stacks in board order."""
    return {
        "stacks": {
            square_name(square): stack_to_dict(stack)
            for square, stack in enumerate(position.stacks)
            if stack is not None
        },
        "seats": [s.value for s in position.seats],
        "to_move": position.to_move.value,
        "rules": {"max_height": position.rules.max_height},
        "turn": {"moves": position.turn.moves, "may_continue": position.turn.may_continue},
        "blocked": [square_name(s) for s in position.blocked],
        "over": over_to_dict(position.over),
    }


def move_to_dict(move: Move) -> dict[str, str]:
    """``{"from", "to"}``."""
    return {"from": square_name(move.frm), "to": square_name(move.to)}


def turn_plan_to_dict(turn: TurnPlan) -> dict[str, Any]:
    """The JSON form of a :class:`TurnPlan`; a pass is ``{"moves": [], "end_turn": true}``."""
    return {"moves": [move_to_dict(m) for m in turn.moves], "end_turn": turn.end_turn}


def legal_move_to_dict(move: LegalMove) -> dict[str, Any]:
    """One entry of the moves answer."""
    return {
        "from": square_name(move.frm),
        "to": square_name(move.to),
        "height": move.height,
        "covers": [c.value for c in move.covers],
        "symbol_square": move.symbol_square,
        "may_continue": move.may_continue,
        "neutral": move.neutral,
        "ends_game": move.ends_game,
    }


def moves_to_dict(moves: Iterable[LegalMove]) -> dict[str, Any]:
    """The moves answer: ``{"moves": [...]}``."""
    return {"moves": [legal_move_to_dict(m) for m in moves]}


def seat_score_to_dict(seat: SeatScore) -> dict[str, Any]:
    """``{"id", "points", "quarters": [{"quarter", "points", "doubled"}]}``."""
    return {
        "id": seat.seat.value,
        "points": seat.points,
        "quarters": [{"quarter": q.quarter, "points": q.points, "doubled": q.doubled} for q in seat.quarters],
    }


def score_to_dict(score: Score) -> dict[str, Any]:
    """The score answer: ``{"seats", "game_over", "winners"}``."""
    return {
        "seats": [seat_score_to_dict(s) for s in score.seats],
        "game_over": score.game_over,
        "winners": [w.value for w in score.winners],
    }


def event_to_dict(event: Event) -> dict[str, Any]:
    """The JSON form of an event: ``type`` and only the members that apply."""
    out: dict[str, Any] = {"type": event.type.value}
    if event.seat is not None:
        out["seat"] = event.seat.value
    if event.frm is not None:
        out["from"] = square_name(event.frm)
    if event.to is not None:
        out["to"] = square_name(event.to)
    if event.square is not None:
        out["square"] = square_name(event.square)
    if event.colour is not None:
        out["colour"] = event.colour.value
    if event.height is not None:
        out["height"] = event.height
    if event.covers is not None:
        out["covers"] = [c.value for c in event.covers]
    if event.symbol is not None:
        out["symbol"] = event.symbol.value
    if event.quarter is not None:
        out["quarter"] = event.quarter
    if event.reason is not None:
        out["reason"] = event.reason.value
    if event.scores is not None:
        out["scores"] = [seat_score_to_dict(s) for s in event.scores]
    if event.winners is not None:
        out["winners"] = [w.value for w in event.winners]
    if event.interpretations:
        out["interpretations"] = list(event.interpretations)
    return out


def violation_to_dict(violation: Violation) -> dict[str, Any]:
    """``{"rule", "index", "detail"}``, and ``interpretations`` where the rule rests on a reading."""
    out: dict[str, Any] = {"rule": violation.rule, "index": violation.index, "detail": violation.detail}
    if violation.interpretations:
        out["interpretations"] = list(violation.interpretations)
    return out


def board_to_dict() -> dict[str, Any]:
    """The geometry (TB1–TB3): every square, board order, with its kind, quarter and
    symbol; every quarter with its squares by symbol.

    >>> b = board_to_dict()
    >>> b["squares"][15], b["quarters"][0]
    ({'square': 'b2', 'kind': 'symbol', 'quarter': 1, 'symbol': 'C'}, \
{'quarter': 1, 'squares': {'A': 'b3', 'B': 'c3', 'C': 'b2', 'D': 'c2'}})
    """
    squares = []
    for square in SQUARES:
        symbol = SYMBOL[square]
        squares.append(
            {
                "square": square_name(square),
                "kind": "street" if IS_STREET[square] else "symbol",
                "quarter": QUARTER[square],
                "symbol": None if symbol is None else symbol.value,
            }
        )
    quarters = []
    for quarter in QUARTERS:
        by_symbol = {}
        for square in QUARTER_SQUARES[quarter]:
            symbol = SYMBOL[square]
            assert symbol is not None
            by_symbol[symbol.value] = square_name(square)
        quarters.append({"quarter": quarter, "squares": dict(sorted(by_symbol.items()))})
    return {"files": list(FILE_NAMES), "ranks": RANKS, "squares": squares, "quarters": quarters}
