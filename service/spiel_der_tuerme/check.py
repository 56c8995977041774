"""The structural rules a position must keep, whatever the moves that led to it.

:func:`check_position` raises :class:`InvalidPositionError` naming the rule and the
field (a JSON pointer into the position) for the first rule broken, in this order:
seats (TN1), every stack in board order (TM5, TN3, TM6), the stone counts (TB4), the
blocked stones (TN4), the turn context (TM7, TM8) and the end of the game (TE1–TE5).
"""

from __future__ import annotations

from service.common import InvalidPositionError
from service.common.refusal import N_, Nn_, Text
from service.spiel_der_tuerme.board import COLOURS, IS_STREET, SYMBOL, SYMBOLS, square_name
from service.spiel_der_tuerme.goal import end_after_move, is_deadlocked, stuck_seats
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
                "TN1", N_("{seat} has two seats: each seat is one colour")(seat=seat.value), f"/seats/{i}"
            )
        seen.add(seat)
    if position.to_move not in seen:
        raise InvalidPositionError(
            "TN1", N_("{to_move} has no seat")(to_move=position.to_move.value), "/to_move"
        )


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
                N_(
                    "{name} is a symbol square of symbol {square_symbol}; a stack of symbol {symbol} cannot "
                    "stand on it"
                )(name=name, square_symbol=square_symbol.value, symbol=symbol.value),
                f"/stacks/{name}/symbol",
            )
        if stones[-1] in neutrals and (len(stones) > 1 or square_symbol is not None):
            name = square_name(square)
            where = N_("a tower") if len(stones) > 1 else N_("a symbol square")
            raise InvalidPositionError(
                "TN3",
                N_(
                    "the neutral colour {colour} is on top of {where} on {name}: neutral stones move only "
                    "onto free street squares"
                )(colour=stones[-1].value, where=where, name=name),
                f"/stacks/{name}/stones",
            )
        if len(stones) > limit:
            name = square_name(square)
            raise InvalidPositionError(
                "TM6",
                Nn_(
                    "the tower on {name} is {height} stone high; towers are at most {limit} high",
                    "the tower on {name} is {height} stones high; towers are at most {limit} high",
                    "height",
                )(name=name, height=len(stones), limit=limit),
                f"/stacks/{name}/stones",
            )
        for colour in stones:
            counts[colour, symbol] += 1
    for (colour, symbol), count in counts.items():
        if count != STONES_PER_KIND:
            raise InvalidPositionError(
                "TB4",
                Nn_(
                    "there is {count} {colour} stone of symbol {symbol}; every colour has {per_kind} stones "
                    "of "
                    "each symbol",
                    "there are {count} {colour} stones of symbol {symbol}; every colour has {per_kind} "
                    "stones of "
                    "each symbol",
                    "count",
                )(count=count, colour=colour.value, symbol=symbol.value, per_kind=STONES_PER_KIND),
                "/stacks",
            )


def _check_blocked(position: Position) -> None:
    if len(position.blocked) > 1:
        raise InvalidPositionError(
            "TN4", N_("a turn moves at most one neutral stone, so at most one is blocked")(), "/blocked"
        )
    for i, square in enumerate(position.blocked):
        if not position.is_neutral_stone(square):
            raise InvalidPositionError(
                "TN4",
                N_("{square} holds no neutral stone that could be blocked")(square=square_name(square)),
                f"/blocked/{i}",
            )


def _check_turn(position: Position) -> None:
    turn = position.turn
    if turn.may_continue and turn.moves == 0:
        raise InvalidPositionError(
            "TM7", N_("no move has been made in this turn, so none can allow another")(), "/turn/may_continue"
        )
    if turn.moves and not turn.may_continue:
        raise InvalidPositionError(
            "TM8",
            N_(
                "a turn whose last move does not allow another is over: moves > 0 needs may_continue (its "
                "last move ended on a symbol square)"
            )(),
            "/turn/moves",
        )
    if turn.may_continue and not any(
        stack is not None and stack.top is position.to_move and not IS_STREET[square]
        for square, stack in enumerate(position.stacks)
    ):
        raise InvalidPositionError(
            "TM7",
            N_("{to_move} has no stack on a symbol square, so no move of this turn ended on one")(
                to_move=position.to_move.value
            ),
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
        raise InvalidPositionError("TE4", N_("once the game is over no turn is in progress")(), "/turn")
    if position.blocked:
        raise InvalidPositionError("TE4", N_("once the game is over no stone is blocked")(), "/blocked")
    if over.seat is not None and over.seat not in position.seats:
        raise InvalidPositionError("TN1", N_("{seat} has no seat")(seat=over.seat.value), "/over/seat")
    found = end_after_move(position, position.to_move)
    if over.reason is EndReason.QUARTER:
        if (over.quarter, over.seat) not in position.completed_quarters:
            colour = over.seat.value if over.seat is not None else "?"
            raise InvalidPositionError(
                "TE1",
                N_("quarter {quarter} is not completed by {colour}")(quarter=over.quarter, colour=colour),
                "/over/quarter",
            )
        return
    if found is not None and found.reason is EndReason.QUARTER:
        raise InvalidPositionError(
            "TE5",
            N_("quarter {quarter} is completed, so that is why the game ended")(quarter=found.quarter),
            "/over/reason",
        )
    if over.reason is EndReason.STREETS_EMPTY:
        if found is None or found.reason is not EndReason.STREETS_EMPTY:
            raise InvalidPositionError("TE2", N_("a stack is still on a street square")(), "/over/reason")
        return
    if found is not None and found.reason is EndReason.STREETS_EMPTY:
        raise InvalidPositionError(
            "TE5", N_("no stack is left on a street square, so that is why the game ended")(), "/over/reason"
        )
    stuck = stuck_seats(position, position.to_move)
    if stuck:
        if over.seat is not stuck[0]:
            raise InvalidPositionError(
                "TE5",
                N_("{stuck} is the first stuck seat in turn order from {to_move}")(
                stuck=stuck[0].value, to_move=position.to_move.value
            ),
                "/over/seat",
            )
    elif not is_deadlocked(position):
        raise InvalidPositionError(
            "TE3",
            N_("every seat has a stack on a street square, and some seat can still move")(),
            "/over/reason",
        )
    elif over.seat is not position.to_move:
        raise InvalidPositionError(
            "TE3",
            N_("no seat can move: the game ended after the turn of {to_move}, which it names")(
                to_move=position.to_move.value
            ),
            "/over/seat",
        )


def _why_over(found: Over) -> tuple[str, Text]:
    colour = found.seat.value if found.seat is not None else ""
    if found.reason is EndReason.QUARTER:
        return "TE1", N_("quarter {quarter} is completed by {colour}: the game is over")(
            quarter=found.quarter, colour=colour
        )
    if found.reason is EndReason.STREETS_EMPTY:
        return "TE2", N_("no stack is left on a street square: the game is over")()
    return "TE3", N_("{colour} has no stack on a street square: the game is over")(colour=colour)


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
