"""The structural rules every Terra Turrium position obeys, whatever the turns that led to it.

:func:`check_position` raises :class:`~service.common.errors.InvalidPositionError`, with
the rule id and the JSON pointer of the member at fault, for a position no game can
reach; the JSON reader (:func:`~service.terra_turrium.wire.codec.parse_position`), the
notation's (:func:`~service.terra_turrium.notation.parse_notation`) and the set-up end in it.
"""

from __future__ import annotations

from typing import Final

from service.common import InvalidPositionError
from service.common.refusal import N_
from service.terra_turrium.board import SIZE, Square, Territory, are_adjacent, square_name
from service.terra_turrium.position import (
    MOVEMENT_POINTS,
    OPTIONS,
    OUTSIDE_RINGS,
    STONES_PER_TURN,
    TERRITORIES_PER_SEAT,
    TURRIANS_PER_SEAT,
    Goal,
    Phase,
    Position,
)


def _check_seats(position: Position) -> None:
    """S1: seat ids are distinct and ``to_move``, ``round_start`` and ``finishers`` name seats."""
    ids = {seat.id for seat in position.seats}
    if len(ids) < len(position.seats):
        for i, seat in enumerate(position.seats):
            if any(other.id == seat.id for other in position.seats[:i]):
                raise InvalidPositionError(
                    "S1", N_("seat id {seat} is used twice")(seat=repr(seat.id)), f"/seats/{i}/id"
                )
    if position.to_move in ids and position.round_start in ids and ids.issuperset(position.finishers):
        return
    references = [(position.to_move, "/to_move"), (position.round_start, "/round_start")]
    references += [(s, f"/finishers/{i}") for i, s in enumerate(position.finishers)]
    for seat_id, where in references:
        if seat_id not in ids:
            raise InvalidPositionError(
                "S1", N_("{seat_id} is not the id of a seat")(seat_id=repr(seat_id)), where
            )


#: The options that exist for some player counts only (``metadata["players"]``).
_COUNTED_OPTIONS: Final = tuple(option for option in OPTIONS if option.metadata.get("players"))


def _check_options(position: Position) -> None:
    """An option that only exists for some player counts (``metadata["players"]``)."""
    for option in _COUNTED_OPTIONS:
        counts = option.metadata["players"]
        value = getattr(position.rules, option.name)
        if position.players not in counts and value != option.default:
            shown = "true" if value is True else value.value
            raise InvalidPositionError(
                option.metadata["rule"],
                N_("{option} {shown} is an option of the {value}-player game only")(
                    option=option.name, shown=shown, value=" or ".join(map(str, counts))
                ),
                f"/rules/{option.name}",
            )


def _check_territories(position: Position) -> None:
    players = position.players
    per_seat = 2 if players == 2 else 1
    seen: set[Territory] = set()
    for i, seat in enumerate(position.seats):
        if len(seat.territories) != per_seat:
            raise InvalidPositionError(
                "S1",
                TERRITORIES_PER_SEAT(
                    players=players,
                    per_seat=per_seat,
                    seat=repr(seat.id),
                    count_territories=len(seat.territories),
                ),
                f"/seats/{i}/territories",
            )
        for territory in seat.territories:
            if territory in seen:
                raise InvalidPositionError(
                    "S1",
                    N_("territory {territory} is owned by two seats")(territory=territory.value),
                    f"/seats/{i}/territories",
                )
            seen.add(territory)
    if position.rules.team_play:
        for first in (0, 2):
            a, b = position.seats[first], position.seats[first + 1]
            if not are_adjacent(a.territories[0], b.territories[0]):
                raise InvalidPositionError(
                    "S1",
                    N_("partners {a} and {b} must hold adjacent territories")(a=repr(a.id), b=repr(b.id)),
                    f"/seats/{first + 1}/territories",
                )


def _check_board(position: Position) -> None:
    ring, heights = position.outermost_ring, position.heights
    if ring and any(heights[s] for s in OUTSIDE_RINGS[ring]):
        square = next(s for s in OUTSIDE_RINGS[ring] if heights[s])
        raise InvalidPositionError(
            "B4",
            N_("{square} is out of play with {players} players and must stay empty")(
                square=square_name(square), players=position.players
            ),
            f"/heights/{square // SIZE}/{square % SIZE}",
        )
    standing = [s for seat in position.seats for s in seat.turrians]
    # The usual case in one pass: no seat over six, no square twice, each on a stone
    # (an out-of-play square has none, as checked above).
    if (
        len(set(standing)) == len(standing)
        and all(heights[s] for s in standing)
        and all(len(seat.turrians) <= TURRIANS_PER_SEAT for seat in position.seats)
    ):
        _check_holds(position)
        return
    where_is: dict[Square, str] = {}
    for i, seat in enumerate(position.seats):
        where = f"/seats/{i}/turrians"
        if len(seat.turrians) > TURRIANS_PER_SEAT:
            raise InvalidPositionError(
                "S2",
                N_("seat {seat} has more than {TURRIANS_PER_SEAT} turrians")(
                    seat=repr(seat.id), TURRIANS_PER_SEAT=TURRIANS_PER_SEAT
                ),
                where,
            )
        for j, square in enumerate(seat.turrians):
            name = square_name(square)
            if square in where_is:
                raise InvalidPositionError(
                    "S2",
                    N_("two turrians stand on {name} ({where_is} and {seat})")(
                        name=name, where_is=where_is[square], seat=seat.id
                    ),
                    f"{where}/{j}",
                )
            where_is[square] = seat.id
            if not position.is_in_play(square):
                raise InvalidPositionError(
                    "B4", N_("turrian on {name}, which is out of play")(name=name), f"{where}/{j}"
                )
            if not heights[square]:
                raise InvalidPositionError(
                    "S2", N_("turrian on {name}, which has no stone")(name=name), f"{where}/{j}"
                )
    raise AssertionError("the fast check found a fault the slow one did not")  # pragma: no cover


def _check_holds(position: Position) -> None:
    for i, seat in enumerate(position.seats):
        if seat.pro_hold is not None:
            hold_where = f"/seats/{i}/pro_hold"
            if position.rules.goal is not Goal.PRO:
                raise InvalidPositionError("G2", N_("pro_hold is only kept with goal 'pro'")(), hold_where)
            if len(seat.pro_hold) != 3 or len(set(seat.pro_hold)) != 3:
                raise InvalidPositionError(
                    "G2",
                    N_("pro_hold lists the three distinct squares of the 5-, 6- and 7-towers")(),
                    hold_where,
                )


def _check_captures(position: Position) -> None:
    """V1–V3: the capture phase and the seats' capture counters belong to the Burgenland
    variant, and nothing is counted before the phase opens."""
    if position.captures_open and not position.rules.burgenland:
        raise InvalidPositionError(
            "V2", N_("captures_open is only kept with captures 'burgenland'")(), "/captures_open"
        )
    for i, seat in enumerate(position.seats):
        if seat.captures and not position.rules.burgenland:
            raise InvalidPositionError("V3", N_("a seat counts captures only with captures 'burgenland'")(),
                                       f"/seats/{i}/captures")
        if seat.captures and not position.captures_open:
            raise InvalidPositionError("V3", N_("captures are counted only once the capture phase is open")(),
                                       f"/seats/{i}/captures")


def _check_turn(position: Position) -> None:
    turn = position.turn
    if len(set(position.finishers)) != len(position.finishers):
        raise InvalidPositionError("G3", N_("a seat is listed twice among the finishers")(), "/finishers")
    if len(turn.taken) > STONES_PER_TURN:
        raise InvalidPositionError("R1", N_("at most 3 stones are taken in a turn")(), "/turn/taken")
    for i, square in enumerate(turn.taken):
        if not position.is_in_play(square):
            raise InvalidPositionError(
                "B4",
                N_("{square} is out of play: nothing was taken there")(square=square_name(square)),
                f"/turn/taken/{i}",
            )
    if turn.phase is Phase.TAKE and turn.in_hand != len(turn.taken):
        raise InvalidPositionError(
            "T1", N_("in the take phase every stone taken is still in hand")(), "/turn/in_hand"
        )
    if turn.phase is not Phase.MOVE:
        if turn.points != MOVEMENT_POINTS:
            raise InvalidPositionError("T1", N_("points are spent only in the move phase")(), "/turn/points")
        if turn.attacked:
            raise InvalidPositionError("T1", N_("attacks happen only in the move phase")(), "/turn/attacked")
    if turn.phase is Phase.PLACE and turn.taken and turn.in_hand > len(turn.taken):
        raise InvalidPositionError(
            "P1", N_("more stones in hand than were taken in this turn")(), "/turn/in_hand"
        )
    if turn.phase is Phase.MOVE:
        if turn.in_hand:
            raise InvalidPositionError(
                "P1", N_("every stone taken is placed before the move phase")(), "/turn/in_hand"
            )
        if turn.attacked and position.mover.attacks < 1:
            raise InvalidPositionError(
                "M8", N_("an attack this turn would have raised the attack counter")(), "/turn/attacked"
            )


def check_position(position: Position) -> None:
    """Raise :class:`InvalidPositionError` if ``position`` breaks a structural rule.

    Checked: seat ids distinct and every reference to a seat naming one (S1), options
    that exist only for some player counts (S1 team play, B4 6 × 6),
    S1 (territories partition the board as the player count requires, team partners
    adjacent), B4 (nothing out of play), S2 (at most 6 turrians, one per square, each
    on a stone), G2 (``pro_hold``), G3 (finishers once each), V2–V3 (the capture phase
    and counters of the Burgenland variant), and that the ``turn``
    state is consistent with its phase (T1, R1, P1, M8).
    """
    _check_seats(position)
    _check_options(position)
    _check_territories(position)
    _check_board(position)
    _check_captures(position)
    _check_turn(position)
