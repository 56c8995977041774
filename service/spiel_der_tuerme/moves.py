"""Moves (TM1–TM8) and neutral stones (TN2–TN5): the legal moves of a position and the
reason a move is refused.

A move takes a stack of the mover's colour, or a neutral stone, from a street square
in a straight line over empty squares and stacks of its own colour, onto an empty
square or a stack of its own symbol. :func:`legal_moves` lists every such move with
what it would do; :func:`move_refusal` explains, in a sentence a player understands,
why one move is not among them. A property test keeps the two in step.

Answers are in board order: by ``from``, then by ``to``.

>>> from service.spiel_der_tuerme.board import parse_square
>>> from service.spiel_der_tuerme.setup import setup_position
>>> p = setup_position(4, seed=7)
>>> moves = legal_moves(p)
>>> len(moves), [str(m.move) for m in moves[:2]]
(39, ['b1–c1', 'b1–b3'])
>>> b1_c1 = moves[0]
>>> b1_c1.height, [c.value for c in b1_c1.covers], b1_c1.symbol_square
(2, ['blue'], False)
>>> moves[1].symbol_square, moves[1].may_continue
(True, True)
"""

from __future__ import annotations

from typing import NamedTuple

from service.common import InvalidQueryError
from service.common.refusal import Refusal
from service.spiel_der_tuerme.board import (
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    RAYS,
    STREET_SQUARES,
    SYMBOL,
    Colour,
    Direction,
    Square,
    between,
    square_name,
)
from service.spiel_der_tuerme.position import Position
from service.spiel_der_tuerme.refusals import Reason

NO_LIMIT = 1 << 30
"""A height no tower reaches: the limit of the variant without one (TV1)."""

# Rays in this order list the squares of a move's destinations in board order once the
# two rays towards lower squares (south, then west) are reversed.
_BOARD_ORDER = (
    (Direction.SOUTH, True),
    (Direction.WEST, True),
    (Direction.EAST, False),
    (Direction.NORTH, False),
)


class Move(NamedTuple):
    """One move of a turn: a stack from ``frm`` to ``to`` (TM1)."""

    frm: Square
    to: Square

    def __str__(self) -> str:
        return f"{square_name(self.frm)}–{square_name(self.to)}"


class LegalMove(NamedTuple):
    """A legal move and what it does.

    ``height``: the height of the stack on ``to`` after the move; ``covers``: the
    colours of the stones the moving stack lands on, bottom → top (empty when ``to``
    was empty); ``symbol_square``: ``to`` is a symbol square; ``may_continue``: the
    seat may move again after it (TM7: it ends on a symbol square and does not end the
    game); ``neutral``: a neutral stone moves (TN2); ``ends_game``: the move ends the
    game (TE1–TE3).

    A named tuple rather than a frozen dataclass: a position lists dozens of these and
    building a tuple is several times cheaper.
    """

    frm: Square
    to: Square
    height: int
    covers: tuple[Colour, ...]
    symbol_square: bool
    may_continue: bool
    neutral: bool
    ends_game: bool

    @property
    def move(self) -> Move:
        """The plain move, as a turn lists it."""
        return Move(self.frm, self.to)


def max_height(position: Position) -> int:
    """TM6/TV1: the highest tower the rules allow."""
    limit = position.rules.max_height
    return NO_LIMIT if limit is None else limit


def _quarter_completed(position: Position, to: Square, colour: Colour) -> bool:
    """TE1: whether ``colour`` owns every symbol square of ``to``'s quarter once it owns ``to``."""
    quarter = QUARTER[to]
    assert quarter is not None
    stacks = position.stacks
    for square in QUARTER_SQUARES[quarter]:
        if square != to:
            stack = stacks[square]
            if stack is None or stack.stones[-1] is not colour:
                return False
    return True


def _generate(
    position: Position,
    seat: Colour,
    blocked: tuple[Square, ...],
    origins: tuple[Square, ...],
    first: bool,
) -> list[LegalMove]:
    """Every legal move of ``seat`` from ``origins`` (all with ``first``: at most one)."""
    stacks = position.stacks
    neutrals = position.neutrals
    limit = max_height(position)
    counts = position.street_stacks
    # TE2/TE3: a stack of the seat that leaves the streets for a symbol square ends the
    # game if it was the last stack on the streets, or the seat's last one.
    last_on_street = sum(counts.values()) == 1 or counts[seat] == 1
    found: list[LegalMove] = []
    for frm in origins:
        stack = stacks[frm]
        if stack is None or not IS_STREET[frm]:
            continue
        stones = stack.stones
        top = stones[-1]
        if top is seat:
            neutral = False
        elif top in neutrals and frm not in blocked:
            neutral = True
        else:
            continue
        symbol = stack.symbol
        height = len(stones)
        rays = RAYS[frm]
        for direction, backwards in _BOARD_ORDER:
            line: list[LegalMove] = []
            for to in rays[direction]:
                other = stacks[to]
                if other is None:
                    square_symbol = SYMBOL[to]
                    if square_symbol is None:
                        line.append(LegalMove(frm, to, height, (), False, False, neutral, False))
                    elif not neutral and square_symbol is symbol:
                        ends = last_on_street or _quarter_completed(position, to, seat)
                        line.append(LegalMove(frm, to, height, (), True, not ends, False, ends))
                    continue
                under = other.stones
                if not neutral and other.symbol is symbol and height + len(under) <= limit:
                    if IS_STREET[to]:
                        # TE3: covering another seat's last street stack leaves it stuck.
                        covered = under[-1]
                        ends = covered is not seat and covered not in neutrals and counts[covered] == 1
                        line.append(LegalMove(frm, to, height + len(under), under, False, False, False, ends))
                    else:
                        ends = last_on_street or _quarter_completed(position, to, seat)
                        line.append(
                            LegalMove(frm, to, height + len(under), under, True, not ends, False, ends)
                        )
                if under[-1] is not top:
                    break  # TM4: only stacks of the moving stack's colour can be passed
            if line:
                if backwards:
                    line.reverse()
                found.extend(line)
                if first:
                    return found
    return found


def check_origin(position: Position, frm: Square) -> None:
    """Raise :class:`InvalidQueryError` (field ``/from``) unless the mover may move the
    stack on ``frm`` now: a stack of its colour on a street square (TM1, TM2) or a
    neutral stone it is not blocked from (TN2, TN4)."""
    refusal = _origin_refusal(position, frm)
    if refusal is not None:
        raise InvalidQueryError(refusal.rule, refusal.text, "/from")


def _origin_refusal(position: Position, frm: Square) -> Refusal | None:
    stack = position.stacks[frm]
    name = square_name(frm)
    if stack is None:
        return Reason.NO_STACK.refuse(square=name)
    top = stack.top
    if top in position.neutrals:
        if frm in position.blocked:
            return Reason.NEUTRAL_BLOCKED.refuse(square=name)
        return None
    if top is not position.to_move:
        return (Reason.NOT_YOURS_NOR_NEUTRAL if position.neutrals else Reason.NOT_YOURS).refuse(
            square=name, colour=top.value
        )
    if not IS_STREET[frm]:
        return Reason.ON_SYMBOL.refuse(square=name)
    return None


def legal_moves(position: Position, frm: Square | None = None) -> tuple[LegalMove, ...]:
    """TM1–TM8, TN2–TN5: every legal move of the seat to move, by ``from`` then ``to``
    in board order; only those from ``frm`` if given.

    The same list at the start of a turn and after a move that allows another (TM7).
    Empty once the game is over (TE4). Raises :class:`InvalidQueryError` if ``frm``
    holds no stack the mover may move (:func:`check_origin`).
    """
    if frm is not None:
        check_origin(position, frm)
    if position.over is not None:
        return ()
    origins = STREET_SQUARES if frm is None else (frm,)
    return tuple(_generate(position, position.to_move, position.blocked, origins, False))


def has_legal_move(position: Position) -> bool:
    """Whether the seat to move has a legal move now (TM8: else it passes).

    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> has_legal_move(setup_position(2, seed=3))
    True
    """
    return first_legal_move(position) is not None


def first_legal_move(position: Position) -> LegalMove | None:
    """The first of :func:`legal_moves` in board order, found without listing the rest."""
    if position.over is not None:
        return None
    found = _generate(position, position.to_move, position.blocked, STREET_SQUARES, True)
    return found[0] if found else None


def can_move(position: Position, seat: Colour) -> bool:
    """Whether ``seat`` could move on this board if it were its turn, disregarding TN4
    and the end of the game (TE3's dead end: no seat can)."""
    return bool(_generate(position, seat, (), STREET_SQUARES, True))


def move_refusal(position: Position, move: Move) -> Refusal | None:
    """The refusal (rule id, message, values) if the seat to move may not make ``move``
    now, else ``None``.

    Judges the move alone: whether the turn still allows a move is the turn's business
    (TM8, TE4).

    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> from service.spiel_der_tuerme.board import parse_square
    >>> p = setup_position(4, seed=7)
    >>> refusal = move_refusal(p, Move(parse_square("b1"), parse_square("c2")))
    >>> refusal.rule, refusal.explain()
    ('TM3', 'b1 and c2 are not on one rank or file: a move goes in a straight line')
    >>> move_refusal(p, Move(parse_square("b1"), parse_square("a1"))).rule
    'TM5'
    """
    frm, to = move
    refusal = _origin_refusal(position, frm)
    if refusal is not None:
        return refusal
    stack = position.stacks[frm]
    assert stack is not None
    a, b = square_name(frm), square_name(to)
    if frm == to:
        return Reason.NOT_AT_ALL.refuse()
    passed = between(frm, to)
    if passed is None:
        return Reason.NOT_STRAIGHT.refuse(frm=a, to=b)
    top = stack.top
    neutral = top in position.neutrals
    for square in passed:
        other = position.stacks[square]
        if other is None or other.top is top:
            continue
        name = square_name(square)
        if not neutral and other.top in position.neutrals:
            return Reason.OVER_NEUTRAL.refuse(square=name)
        if neutral:
            return Reason.NEUTRAL_OVER_STACK.refuse(square=name, other=other.top.value, colour=top.value)
        return Reason.OVER_STACK.refuse(square=name, other=other.top.value, colour=top.value)
    target = position.stacks[to]
    symbol = SYMBOL[to]
    if neutral:
        if target is not None:
            return Reason.NEUTRAL_ON_STACK.refuse(to=b)
        if symbol is not None:
            return Reason.NEUTRAL_ON_SYMBOL.refuse(to=b)
        return None
    if target is None:
        if symbol is not None and symbol is not stack.symbol:
            return Reason.WRONG_SYMBOL_SQUARE.refuse(to=b, symbol=symbol.value, frm=a, own=stack.symbol.value)
        return None
    if target.symbol is not stack.symbol:
        return Reason.WRONG_SYMBOL_STACK.refuse(
            to=b, symbol=target.symbol.value, frm=a, own=stack.symbol.value
        )
    limit = max_height(position)
    if stack.height + target.height > limit:
        if target.height >= limit:
            return Reason.SAFE_TOWER.refuse(to=b, height=target.height)
        return Reason.TOO_HIGH.refuse(height=stack.height + target.height, limit=limit)
    return None
