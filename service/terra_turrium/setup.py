"""Setting up a game (B6, S1, S3).

>>> p = setup_position(4)
>>> sum(p.heights), [s.id for s in p.seats], p.seats[0].territories
(116, ['yellow', 'red', 'blue', 'green'], (<Territory.NW: 'NW'>,))
>>> sum(setup_position(3).heights), sum(setup_position(2).heights)
(80, 64)
>>> sum(setup_position(2, Rules(two_player_board=TwoPlayerBoard.SIX)).heights)
36
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Final

from service.common import InvalidPositionError, MalformedError
from service.common.refusal import N_
from service.terra_turrium.board import (
    CENTRE,
    SQUARES,
    TERRITORY,
    Square,
    Territory,
    parse_square,
    play_area,
    square_name,
)
from service.terra_turrium.check import check_position
from service.terra_turrium.position import (  # noqa: F401 (the doctest names it)
    NOBODY,
    TURRIANS_PER_SEAT,
    Position,
    Rules,
    Seat,
    TwoPlayerBoard,
)
from service.terra_turrium.refusals import Reason

SEAT_IDS: Final = ("yellow", "red", "blue", "green")
"""Default seat ids, in clockwise turn order."""

DEFAULT_TERRITORIES: Final[dict[int, tuple[tuple[Territory, ...], ...]]] = {
    4: ((Territory.NW,), (Territory.NE,), (Territory.SE,), (Territory.SW,)),
    # 3 players: SW is the neutral territory.
    3: ((Territory.NW,), (Territory.NE,), (Territory.SE,)),
    # 2 players: each owns a half, north and south.
    2: ((Territory.NW, Territory.NE), (Territory.SE, Territory.SW)),
}


def setup_heights(players: int, rules: Rules) -> tuple[int, ...]:
    """B6: the initial heights for a player count: the play area one stone high, the
    central 16 squares two with 3 or 4 players."""
    area = play_area(players, rules)
    centre = 2 if players >= 3 else 1
    return tuple((centre if s in CENTRE else 1) if s in area else 0 for s in SQUARES)


def setup_position(players: int, rules: Rules | None = None) -> Position:
    """A new game: set-up heights (B6), default seats and territories, no turrians yet.

    Raises :class:`~service.common.InvalidPositionError` for options the player count
    does not have (team play without 4 players, the 6 × 6 board without 2).
    """
    if players not in DEFAULT_TERRITORIES:
        raise MalformedError(N_("players must be 2, 3 or 4")(), "/players")
    rules = rules or Rules()
    seats = tuple(
        Seat(id=SEAT_IDS[i], territories=territories)
        for i, territories in enumerate(DEFAULT_TERRITORIES[players])
    )
    position = Position(
        heights=setup_heights(players, rules),
        seats=seats,
        to_move=seats[0].id,
        round_start=seats[0].id,
        rules=rules,
    )
    check_position(position)
    return position


def initial_placement_refusal(position: Position, seat: Seat, square: Square) -> Reason | None:
    """Why ``seat`` may not put a turrian on ``square`` at set-up (S3), or ``None``."""
    if TERRITORY[square] not in seat.territories:
        return Reason.NOT_OWN_TERRITORY
    if not position.is_in_play(square):
        return Reason.OUT_OF_PLAY
    if position.heights[square] < 1:
        return Reason.SETUP_NO_STONE
    if position.occupant[square] != NOBODY:
        return Reason.SETUP_OCCUPIED
    if len(seat.turrians) >= TURRIANS_PER_SEAT:
        return Reason.SIX_TURRIANS
    return None


def place_turrians(position: Position, placements: Mapping[str, Iterable[str | Square]]) -> Position:
    """S3: put turrians on the board at set-up, ``{seat id: squares}``.

    Each square must be an in-play square with a stone in one of the seat's own
    territories, free, and a seat has at most six turrians. Raises
    :class:`InvalidPositionError` naming the rule otherwise.

    >>> p = place_turrians(setup_position(2), {"yellow": ["b9", "c9"]})
    >>> [square_name(s) for s in p.seats[0].turrians]
    ['b9', 'c9']
    """
    for seat_id, squares in placements.items():
        if seat_id not in position.seat_index:
            raise InvalidPositionError(
                "S1", N_("{seat_id} is not the id of a seat")(seat_id=repr(seat_id)), "/placements"
            )
        index = position.seat_index[seat_id]
        for raw in squares:
            square = parse_square(raw) if isinstance(raw, str) else raw
            seat = position.seats[index]
            refusal = initial_placement_refusal(position, seat, square)
            if refusal is not None:
                detail = refusal.refuse(square=square_name(square), seat=seat_id).text
                raise InvalidPositionError(refusal.rule, detail, f"/placements/{seat_id}")
            seats = list(position.seats)
            seats[index] = replace(seat, turrians=tuple(sorted((*seat.turrians, square))))
            position = replace(position, seats=tuple(seats))
    return position
