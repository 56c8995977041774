"""The structural rules a position must keep, whatever the moves that led to it.

:func:`check_position` raises :class:`InvalidPositionError` naming the rule and the
field (a JSON pointer into the position) for the first rule broken, in this order:
seats (TN1), every stack in board order (TM5, TN3, TM6), the stone counts (TB4), the
blocked stones (TN4), the turn context (TM7, TM8) and the end of the game (TE1–TE5).
"""

from __future__ import annotations

from service.common import InvalidPositionError
from service.spiel_der_tuerme.board import COLOURS, IS_STREET, SYMBOL, SYMBOLS, square_name
from service.spiel_der_tuerme.end import end_after_move, is_deadlocked, stuck_seats
from service.spiel_der_tuerme.moves import max_height
from service.spiel_der_tuerme.position import (
    FRESH_TURN,
    STONES_PER_KIND,
    EndReason,
    Over,
    Position,
)


def _check_seats(position: Position) -> None:
    seen = set()
    for i, seat in enumerate(position.seats):
        if seat in seen:
            raise InvalidPositionError(
                "TN1", f"{seat.value} has two seats: each seat is one colour", f"/seats/{i}"
            )
        seen.add(seat)
    if position.to_move not in seen:
        raise InvalidPositionError("TN1", f"{position.to_move.value} has no seat", "/to_move")


def _check_stacks(position: Position) -> None:
    neutrals = position.neutrals
    limit = max_height(position)
    counts = {(colour, symbol): 0 for colour in COLOURS for symbol in SYMBOLS}
    for square, stack in enumerate(position.stacks):
        if stack is None:
            continue
        stones, symbol = stack.stones, stack.symbol
        square_symbol = SYMBOL[square]
        if square_symbol is not None and symbol is not square_symbol:
            name = square_name(square)
            raise InvalidPositionError(
                "TM5",
                f"{name} is a symbol square of symbol {square_symbol.value}; a stack of symbol "
                f"{symbol.value} cannot stand on it",
                f"/stacks/{name}/symbol",
            )
        if stones[-1] in neutrals and (len(stones) > 1 or square_symbol is not None):
            name = square_name(square)
            where = "a tower" if len(stones) > 1 else "a symbol square"
            raise InvalidPositionError(
                "TN3",
                f"the neutral colour {stones[-1].value} is on top of {where} on {name}: "
                "neutral stones move only onto free street squares",
                f"/stacks/{name}/stones",
            )
        if len(stones) > limit:
            name = square_name(square)
            raise InvalidPositionError(
                "TM6",
                f"the tower on {name} is {len(stones)} stones high; towers are at most {limit} high",
                f"/stacks/{name}/stones",
            )
        for colour in stones:
            counts[colour, symbol] += 1
    for (colour, symbol), count in counts.items():
        if count != STONES_PER_KIND:
            raise InvalidPositionError(
                "TB4",
                f"there are {count} {colour.value} stones of symbol {symbol.value}; "
                f"every colour has {STONES_PER_KIND} stones of each symbol",
                "/stacks",
            )


def _check_blocked(position: Position) -> None:
    if len(position.blocked) > 1:
        raise InvalidPositionError(
            "TN4", "a turn moves at most one neutral stone, so at most one is blocked", "/blocked"
        )
    for i, square in enumerate(position.blocked):
        if not position.is_neutral_stone(square):
            raise InvalidPositionError(
                "TN4", f"{square_name(square)} holds no neutral stone that could be blocked", f"/blocked/{i}"
            )


def _check_turn(position: Position) -> None:
    turn = position.turn
    if turn.may_continue and turn.moves == 0:
        raise InvalidPositionError(
            "TM7", "no move has been made in this turn, so none can allow another", "/turn/may_continue"
        )
    if turn.moves and not turn.may_continue:
        raise InvalidPositionError(
            "TM8",
            "a turn whose last move does not allow another is over: "
            "moves > 0 needs may_continue (its last move ended on a symbol square)",
            "/turn/moves",
        )
    if turn.may_continue and not any(
        stack is not None and stack.top is position.to_move and not IS_STREET[square]
        for square, stack in enumerate(position.stacks)
    ):
        raise InvalidPositionError(
            "TM7",
            f"{position.to_move.value} has no stack on a symbol square, so no move of this turn ended on one",
            "/turn/may_continue",
        )


def _check_over(position: Position) -> None:
    over = position.over
    if over is None:
        found = end_after_move(position, position.to_move)
        if found is not None:
            raise InvalidPositionError(*_why_over(found), "/over")
        return
    if position.turn != FRESH_TURN:
        raise InvalidPositionError("TE4", "once the game is over no turn is in progress", "/turn")
    if position.blocked:
        raise InvalidPositionError("TE4", "once the game is over no stone is blocked", "/blocked")
    if over.seat is not None and over.seat not in position.seats:
        raise InvalidPositionError("TN1", f"{over.seat.value} has no seat", "/over/seat")
    found = end_after_move(position, position.to_move)
    if over.reason is EndReason.QUARTER:
        if (over.quarter, over.seat) not in position.completed_quarters:
            colour = over.seat.value if over.seat is not None else "?"
            raise InvalidPositionError(
                "TE1", f"quarter {over.quarter} is not completed by {colour}", "/over/quarter"
            )
        return
    if found is not None and found.reason is EndReason.QUARTER:
        raise InvalidPositionError(
            "TE5", f"quarter {found.quarter} is completed, so that is why the game ended", "/over/reason"
        )
    if over.reason is EndReason.STREETS_EMPTY:
        if found is None or found.reason is not EndReason.STREETS_EMPTY:
            raise InvalidPositionError("TE2", "a stack is still on a street square", "/over/reason")
        return
    if found is not None and found.reason is EndReason.STREETS_EMPTY:
        raise InvalidPositionError(
            "TE5", "no stack is left on a street square, so that is why the game ended", "/over/reason"
        )
    stuck = stuck_seats(position, position.to_move)
    if stuck:
        if over.seat is not stuck[0]:
            raise InvalidPositionError(
                "TE5",
                f"{stuck[0].value} is the first stuck seat in turn order from {position.to_move.value}",
                "/over/seat",
            )
    elif not is_deadlocked(position):
        raise InvalidPositionError(
            "TE3", "every seat has a stack on a street square, and some seat can still move", "/over/reason"
        )
    elif over.seat is not position.to_move:
        raise InvalidPositionError(
            "TE3",
            f"no seat can move: the game ended after the turn of {position.to_move.value}, which it names",
            "/over/seat",
        )


def _why_over(found: Over) -> tuple[str, str]:
    colour = found.seat.value if found.seat is not None else ""
    if found.reason is EndReason.QUARTER:
        return "TE1", f"quarter {found.quarter} is completed by {colour}: the game is over"
    if found.reason is EndReason.STREETS_EMPTY:
        return "TE2", "no stack is left on a street square: the game is over"
    return "TE3", f"{colour} has no stack on a street square: the game is over"


def check_position(position: Position) -> None:
    """Raise :class:`InvalidPositionError` if ``position`` breaks a structural rule.

    >>> from dataclasses import replace
    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> from service.spiel_der_tuerme.board import Colour
    >>> p = setup_position(2, seed=1)
    >>> check_position(p)
    >>> try:
    ...     check_position(replace(p, to_move=Colour.GREEN))
    ... except InvalidPositionError as err:
    ...     err.rule, err.field
    ('TN1', '/to_move')
    """
    _check_seats(position)
    _check_stacks(position)
    _check_blocked(position)
    _check_turn(position)
    _check_over(position)
