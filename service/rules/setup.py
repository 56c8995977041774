"""Setting up a game (B6, S1, S3).

>>> p = setup_position(4)
>>> sum(p.heights), [s.id for s in p.seats], p.seats[0].territories
(116, ['yellow', 'red', 'blue', 'green'], (<Territory.NW: 'NW'>,))
>>> sum(setup_position(3).heights), sum(setup_position(2).heights)
(80, 64)
>>> sum(setup_position(2, two_player_board=TwoPlayerBoard.SIX).heights)
36
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Final

from service.rules.board import CENTRE, SQUARES, TERRITORY, Square, Territory, parse_square, square_name
from service.rules.errors import InvalidPositionError, MalformedError
from service.rules.position import (
    NOBODY,
    TURRIANS_PER_SEAT,
    Goal,
    OutsideRule,
    Position,
    Rules,
    Seat,
    TwoPlayerBoard,
    check_position,
)

SEAT_IDS: Final = ("yellow", "red", "blue", "green")
"""Default seat ids, in clockwise turn order."""

DEFAULT_TERRITORIES: Final[dict[int, tuple[tuple[Territory, ...], ...]]] = {
    4: ((Territory.NW,), (Territory.NE,), (Territory.SE,), (Territory.SW,)),
    # 3 players: SW is the neutral territory.
    3: ((Territory.NW,), (Territory.NE,), (Territory.SE,)),
    # 2 players: each owns a half, north and south.
    2: ((Territory.NW, Territory.NE), (Territory.SE, Territory.SW)),
}


def setup_heights(players: int, six_by_six: bool = False) -> tuple[int, ...]:
    """B6: the initial heights for a player count."""
    probe = Position(
        heights=(0,) * len(SQUARES),
        seats=tuple(Seat(f"s{i}", ()) for i in range(players)),
        to_move="s0",
        round_start="s0",
        rules=Rules(two_player_board=TwoPlayerBoard.SIX if six_by_six else TwoPlayerBoard.EIGHT),
    )
    centre_extra = 1 if players >= 3 else 0
    return tuple((1 + (centre_extra if s in CENTRE else 0)) if probe.is_in_play(s) else 0 for s in SQUARES)


def setup_position(
    players: int,
    *,
    team_play: bool = False,
    goal: Goal = Goal.STANDARD,
    two_player_board: TwoPlayerBoard = TwoPlayerBoard.EIGHT,
    outside_rule: OutsideRule = OutsideRule.LINE,
) -> Position:
    """A new game: set-up heights (B6), default seats and territories, no turrians yet.

    Raises :class:`InvalidPositionError` for option combinations the rules forbid
    (team play without 4 players, the 6 × 6 board without 2).
    """
    if players not in DEFAULT_TERRITORIES:
        raise MalformedError("players must be 2, 3 or 4", "/players")
    rules = Rules(
        goal=goal, team_play=team_play, outside_rule=outside_rule, two_player_board=two_player_board
    )
    seats = tuple(
        Seat(id=SEAT_IDS[i], territories=territories)
        for i, territories in enumerate(DEFAULT_TERRITORIES[players])
    )
    position = Position(
        heights=setup_heights(players, two_player_board is TwoPlayerBoard.SIX),
        seats=seats,
        to_move=seats[0].id,
        round_start=seats[0].id,
        rules=rules,
    )
    check_position(position)
    return position


def initial_placement_refusal(position: Position, seat: Seat, square: Square) -> tuple[str, str] | None:
    """``(rule, sentence)`` if ``seat`` may not put a turrian on ``square`` at set-up (S3)."""
    name = square_name(square)
    if TERRITORY[square] not in seat.territories:
        return "S3", f"{name} is not in a territory of {seat.id}"
    if not position.is_in_play(square):
        return "B4", f"{name} is out of play"
    if position.heights[square] < 1:
        return "S2", f"{name} has no stone"
    if position.occupant[square] != NOBODY:
        return "S2", f"a turrian stands on {name} already"
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
            raise InvalidPositionError("S1", f"{seat_id!r} is not the id of a seat", "/placements")
        index = position.seat_index[seat_id]
        for raw in squares:
            square = parse_square(raw) if isinstance(raw, str) else raw
            seat = position.seats[index]
            refusal = initial_placement_refusal(position, seat, square)
            if refusal is not None:
                raise InvalidPositionError(*refusal, f"/placements/{seat_id}")
            if len(seat.turrians) >= TURRIANS_PER_SEAT:
                raise InvalidPositionError("S2", f"{seat_id} has only six turrians", f"/placements/{seat_id}")
            seats = list(position.seats)
            seats[index] = replace(seat, turrians=tuple(sorted((*seat.turrians, square))))
            position = replace(position, seats=tuple(seats))
    return position
