"""The handicap (P3): the stronger seat hands stones of its own territory to the weaker.

The rulebook's handicap gives the weaker player extra stones that the stronger player
takes out of his own territory; the weaker places them, as bonus stones, in any later
turn. A handover moves stones, it makes none: each stone handed over is the top stone
of an in-play square of one of the giver's territories with no turrian on it (R2),
taken one at a time on the board as it stands (R7, so a tower may be handed over stone
by stone), and joins the receiver's ``bonus_stones``. It happens before the first turn
or between two turns, never during one (T1), and not once the game is over (G3).

>>> from service.terra_turrium.board import parse_square
>>> from service.terra_turrium.setup import setup_position
>>> p = setup_position(2)
>>> after = apply_handover(p, Handover("yellow", "red", (parse_square("b9"), parse_square("b9"))))
Traceback (most recent call last):
...
service.common.errors.InvalidQueryError: R2: there is no stone on b9
>>> after = apply_handover(p, Handover("yellow", "red", (parse_square("b9"), parse_square("c9"))))
>>> sum(after.heights) + after.seats[1].bonus_stones == sum(p.heights)
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from service.common import InvalidQueryError
from service.common.refusal import N_
from service.terra_turrium.board import TERRITORY, Square, square_name
from service.terra_turrium.position import MAX_BONUS_STONES, NOBODY, START_OF_TURN, Position, Seat
from service.terra_turrium.refusals import Reason


@dataclass(frozen=True)
class Handover:
    """Stones the seat ``giver`` hands to the seat ``receiver``: the top stone of each of
    ``squares``, in order (a square named twice gives two stones)."""

    giver: str
    receiver: str
    squares: tuple[Square, ...]


def handover_refusal(
    position: Position, giver: Seat, square: Square, heights: tuple[int, ...] | None = None
) -> Reason | None:
    """Why ``giver`` may not hand over the top stone of ``square`` now, or ``None``;
    ``heights`` those of a handover under way (R7)."""
    if position.is_game_over:
        return Reason.GAME_OVER
    # Compared as objects: mypyc (setup.py) compiles != between two TurnStates, a
    # dataclass it does not compile natively, to a test of identity.
    turn: object = position.turn
    if turn != START_OF_TURN:
        return Reason.HANDOVER_IN_TURN
    if not position.is_in_play(square):
        return Reason.OUT_OF_PLAY
    if TERRITORY[square] not in giver.territories:
        return Reason.HANDOVER_NOT_OWN
    if (position.heights if heights is None else heights)[square] == 0:
        return Reason.NO_STONE
    if position.occupant[square] != NOBODY:
        return Reason.TURRIAN_ON_STONE
    return None


def legal_handovers(position: Position, giver: str) -> tuple[Square, ...]:
    """The squares whose top stone ``giver`` may hand over next, in board order."""
    seat = _seat(position, giver, "/handover/from")
    return tuple(s for s in range(len(position.heights)) if handover_refusal(position, seat, s) is None)


def _seat(position: Position, seat_id: str, field: str) -> Seat:
    index = position.seat_index.get(seat_id)
    if index is None:
        raise InvalidQueryError(
            "S1", N_("{seat_id} is not a seat of the position")(seat_id=repr(seat_id)), field
        )
    return position.seats[index]


def apply_handover(position: Position, handover: Handover) -> Position:
    """The position after ``handover``: the stones off the giver's squares, the same
    number more in the receiver's ``bonus_stones``; nothing else changes.

    Raises :class:`~service.common.InvalidQueryError` naming the rule and the member
    (``/handover/squares/2``) of the first stone that may not be handed over.
    """
    giver = _seat(position, handover.giver, "/handover/from")
    receiver = _seat(position, handover.receiver, "/handover/to")
    if giver.id == receiver.id:
        raise _refused(Reason.HANDOVER_TO_ITSELF, "/handover/to", seat=giver.id)
    heights = list(position.heights)
    for i, square in enumerate(handover.squares):
        refusal = handover_refusal(position, giver, square, tuple(heights))
        if refusal is not None:
            raise _refused(refusal, f"/handover/squares/{i}", square=square_name(square), seat=giver.id)
        heights[square] -= 1
    bonus = receiver.bonus_stones + len(handover.squares)
    if bonus > MAX_BONUS_STONES:
        raise _refused(Reason.HANDOVER_TOO_MANY, "/handover/squares", seat=receiver.id, most=MAX_BONUS_STONES)
    seats = tuple(replace(s, bonus_stones=bonus) if s.id == receiver.id else s for s in position.seats)
    return replace(position, heights=tuple(heights), seats=seats)


def _refused(refusal: Reason, field: str, **facts: object) -> InvalidQueryError:
    return InvalidQueryError(refusal.rule, refusal.refuse(**facts).text, field)
