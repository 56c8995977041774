"""Phase 3, moving turrians (M1–M10, V1–V4): step costs, reachability and captures.

Heights do not change while turrians move, and a cheapest path never needs to enter a
square twice (every step costs at least 1 point and a loop only adds captures), so
the cheapest way from one square to every other is a Dijkstra search over squares.
With the Burgenland variant a seat has at most two captures left (V3), so the search
runs over squares and the captures made on the way. Ties between equally cheap paths
are broken in favour of a path that does not use up an attack (M8), then of fewer
captures, then by board order, so answers are reproducible.

>>> from service.terra_turrium.setup import setup_position, place_turrians
>>> from service.terra_turrium.board import parse_square, square_name
>>> p = place_turrians(setup_position(4), {"yellow": ["a10"]})
>>> far = [r for r in reachable(p, parse_square("a10")) if r.cost == 5]
>>> len(far), square_name(far[0].square)
(6, 'a5')
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from service.common import InvalidQueryError
from service.common.frozen import quick_init
from service.terra_turrium.actions import CaptureKind
from service.terra_turrium.board import NEIGHBOURS, SQUARES, TERRITORY, Square, entry_row, square_name
from service.terra_turrium.position import CAPTURES_PER_SEAT, MAX_ATTACKS, NOBODY, Position, Reentry
from service.terra_turrium.refusals import Reason


class Reach(NamedTuple):
    """A square a turrian can end on: cheapest ``cost``, one cheapest ``path``.

    ``path`` starts after the origin (with the entry square for a reserve turrian);
    ``captures`` are the squares on it where a foreign turrian is captured. A named
    tuple, as :class:`~service.terra_turrium.take.Removal`: an answer lists dozens.
    """

    square: Square
    cost: int
    path: tuple[Square, ...]
    captures: tuple[Square, ...]


@quick_init
@dataclass(frozen=True)
class Capture:
    """The cheapest way for one turrian (``origin`` ``None`` = from the reserve) to capture
    the turrian on ``target``, which belongs to seat ``victim``."""

    origin: Square | None
    target: Square
    victim: str
    cost: int
    path: tuple[Square, ...]
    kind: CaptureKind


ENTRY_COST: Final = 1
"""M9: putting a reserve turrian back costs one point."""

_LAYER: Final = len(SQUARES)
"""A search state is ``square + _LAYER * captures made on the way``: an int, like a square."""


def capture_surcharge(height_from: int, height_to: int) -> int:
    """M7: points a capture costs on top of the step, from the heights before it.

    >>> capture_surcharge(2, 2), capture_surcharge(1, 2), capture_surcharge(3, 2)
    (1, 2, 0)
    """
    return 1 + height_to - height_from


class MoveBoard:
    """The board of one seat's move phase: fixed heights, turrians that move and fall.

    Mutable on purpose (:meth:`move`): a turn's validation replays its segments on
    one board, and the searches read it without copying the position.
    """

    def __init__(self, position: Position, seat: int | None = None) -> None:
        self.position = position
        self.seat = position.mover_index if seat is None else seat
        self.heights = position.heights
        self.occupant = list(position.occupant)
        mover = position.seats[self.seat]
        # M8: with the counter at 5 at the start of the turn no attack is possible;
        # an attack already made this turn (from 4 to 5) allows more in the same turn.
        self.can_attack = position.turn.attacked or mover.attacks < MAX_ATTACKS
        self.attacked = position.turn.attacked
        self.own = frozenset(mover.territories)
        self.partner = position.partner(self.seat)
        rules = position.rules
        self.outside_entry = rules.reentry is Reentry.OUTSIDE
        self.entry_squares = frozenset(
            s for t in mover.territories for s in entry_row(t, position.players, rules)
        )
        # V1/V3: with the Burgenland variant no capture before the phase opens, then the
        # seat's captures left; None where captures are unlimited (M6).
        self.captures_open = position.captures_open or not rules.burgenland
        self.captures_left: int | None = (
            CAPTURES_PER_SEAT - mover.captures if rules.burgenland and position.captures_open else None
        )
        self._outside_squares: frozenset[Square] | None = None

    def is_attack(self, square: Square) -> bool:
        """Whether a capture on ``square`` is an attack (M8): a foreign territory (S5)."""
        return TERRITORY[square] not in self.own

    def step_cost(self, frm: Square, to: Square) -> int | Reason:
        """Points for one step (M2–M8), or why the step is illegal."""
        if to not in NEIGHBOURS[frm]:
            return Reason.NOT_ADJACENT
        return self._adjacent_step(frm, to)

    def _adjacent_step(self, frm: Square, to: Square) -> int | Reason:
        """:meth:`step_cost` for a neighbour: the searches walk to nothing else."""
        heights = self.heights
        height_to = heights[to]
        if height_to == 0:
            return Reason.STEP_NO_STONE if self.position.is_in_play(to) else Reason.STEP_OUT_OF_PLAY
        height_from = heights[frm]
        if height_to - height_from > 1 or height_from - height_to > 1:
            return Reason.TOO_STEEP
        victim = self.occupant[to]
        if victim == NOBODY:
            return 1
        if victim == self.seat:
            return Reason.OWN_TURRIAN
        if victim == self.partner:
            return Reason.PARTNER
        if not self.captures_open:
            return Reason.CAPTURES_CLOSED
        if self.captures_left == 0:
            return Reason.NO_CAPTURE_LEFT
        if not self.can_attack and self.is_attack(to):
            return Reason.NO_ATTACK_LEFT
        return 1 + capture_surcharge(height_from, height_to)

    def step_facts(self, frm: Square, to: Square) -> dict[str, Any]:
        """What a step refusal's sentence speaks of."""
        return {
            "frm": square_name(frm),
            "to": square_name(to),
            "height_from": self.heights[frm],
            "height_to": self.heights[to],
        }

    def entry_refusal(self, square: Square) -> Reason | None:
        """Why a reserve turrian may not re-enter on ``square`` now (M9, V4), or ``None``."""
        if self.outside_entry:
            if not self.position.is_in_play(square):
                return Reason.OUT_OF_PLAY
            if self.heights[square] < 1:
                return Reason.REENTRY_NO_STONE
            if self.occupant[square] != NOBODY:
                return Reason.REENTRY_OCCUPIED
            if not self._outside(square):
                return Reason.REENTRY_NOT_OUTSIDE
            return None
        if square not in self.entry_squares:
            return Reason.NOT_ENTRY_ROW
        if self.heights[square] != 1:
            return Reason.ENTRY_NOT_SINGLE
        if self.occupant[square] != NOBODY:
            return Reason.ENTRY_OCCUPIED
        return None

    def _outside(self, square: Square) -> bool:
        """R6 on the board of the move phase (V4); judged once for every square."""
        outside = self._outside_squares
        if outside is None:
            from service.terra_turrium.take import outside_squares

            outside = self._outside_squares = outside_squares(self.position)
        return square in outside

    def entries(self) -> list[Square]:
        """M9 / V4: the squares a reserve turrian may re-enter on now, in board order."""
        candidates = SQUARES if self.outside_entry else sorted(self.entry_squares)
        return [s for s in candidates if self.entry_refusal(s) is None]

    def search(
        self, origin: Square | None, points: int, captures_only: bool = False
    ) -> dict[Square, tuple[int, tuple[Square, ...]]]:
        """Dijkstra from ``origin`` (``None``: the reserve) within ``points``.

        Returns square → (cheapest cost, one cheapest path after the origin); the origin
        itself is left out, and with ``captures_only`` every square without a foreign
        turrian. A state is a square and, where captures are limited (V3), the
        captures made on the way, so a path never captures more than are left.
        """
        occupant, limit, heights = self.occupant, self.captures_left, self.heights
        best: dict[int, tuple[int, bool]] = {}
        # Each state's path is kept as it is found (tuples of at most a few squares),
        # rather than traced back through predecessors at the end.
        paths: dict[int, tuple[Square, ...]] = {}
        heap: list[tuple[int, bool, int]] = []
        if origin is None:
            if points >= ENTRY_COST:
                for square in self.entries():
                    best[square] = (ENTRY_COST, False)
                    paths[square] = (square,)
                    heap.append((ENTRY_COST, False, square))
        else:
            heap.append((0, False, origin))
            best[origin] = (0, False)
            paths[origin] = ()
        done: set[int] = set()
        attack_free, adjacent_step = self.attacked, self._adjacent_step
        unreached = (points + 1, True)
        while heap:
            cost, flag, state = heapq.heappop(heap)
            if state in done:
                continue
            done.add(state)
            square, made = state % _LAYER, state // _LAYER
            here = heights[square]
            for n in NEIGHBOURS[square]:
                # Most neighbours are refused for their height (M2, M3) or cost 1
                # (M4): judged here, since a method call per neighbour is most of a
                # search's time; _adjacent_step judges the rest in the same order.
                there = heights[n]
                if not there or there > here + 1 or there < here - 1:
                    continue
                captures = occupant[n] != NOBODY
                if captures:
                    step = adjacent_step(square, n)
                    if type(step) is not int:
                        continue
                else:
                    step = 1
                if cost + step > points:
                    continue
                # A legal step onto a turrian is a capture of a foreign one.
                after = n
                if captures and limit is not None:
                    if made + 1 > limit:
                        continue
                    after += _LAYER * (made + 1)
                elif made:
                    after += _LAYER * made
                if after in done:
                    continue
                label = (cost + step, flag or (captures and not attack_free and self.is_attack(n)))
                if label < best.get(after, unreached):
                    best[after] = label
                    paths[after] = (*paths[state], n)
                    heapq.heappush(heap, (*label, after))
        # The best state of each square: cheapest, then without an attack, then fewest captures.
        chosen: dict[Square, int] = {}
        for state in sorted(done):
            square = state % _LAYER
            if square == origin or (captures_only and occupant[square] == NOBODY):
                continue
            if square not in chosen or best[state] < best[chosen[square]]:
                chosen[square] = state
        return {square: (best[state][0], paths[state]) for square, state in chosen.items()}

    def origin_refusal(self, origin: Square | None) -> Reason | None:
        """Why the seat cannot start a walk at ``origin`` (``None``: the reserve), or ``None``."""
        if origin is None:
            return Reason.NO_RESERVE if self.position.seats[self.seat].reserve == 0 else None
        return Reason.NOT_YOUR_TURRIAN if self.occupant[origin] != self.seat else None

    def check_origin(self, origin: Square | None) -> None:
        """Raise :class:`InvalidQueryError` (``field`` ``/from``) if the seat has no turrian at
        ``origin``."""
        refusal = self.origin_refusal(origin)
        if refusal is not None:
            seat, square = self.position.seats[self.seat].id, "" if origin is None else square_name(origin)
            raise InvalidQueryError(refusal.rule, refusal.refuse(seat=seat, square=square).text, "/from")

    def move(self, frm: Square | None, to: Square) -> int:
        """Put the seat's turrian from ``frm`` (``None``: reserve) on ``to``; returns the
        index of the seat whose turrian was captured there, or :data:`NOBODY`."""
        victim = self.occupant[to]
        if frm is not None:
            self.occupant[frm] = NOBODY
        self.occupant[to] = self.seat
        if victim != NOBODY and self.captures_left is not None:
            self.captures_left -= 1
        return victim


def reachable(position: Position, origin: Square | None, points: int | None = None) -> tuple[Reach, ...]:
    """M1–M10: every square the mover's turrian on ``origin`` (``None``: a reserve turrian)
    can end on with at most ``points`` (default: the points left in the turn).

    Each answer carries the cheapest cost (steps, capture surcharges, re-entry), one
    cheapest path and the squares captured on it, in board order. The origin itself
    is not listed. Raises :class:`InvalidQueryError` if there is no such turrian.
    """
    board = MoveBoard(position)
    board.check_origin(origin)
    if position.is_game_over:
        return ()
    budget = position.turn.points if points is None else points
    found = board.search(origin, budget)
    occupant = position.occupant
    answers = []
    for square in sorted(found):
        cost, path = found[square]
        answers.append(Reach(square, cost, path, tuple([s for s in path if occupant[s] != NOBODY])))
    return tuple(answers)


def legal_captures(position: Position, points: int | None = None) -> tuple[Capture, ...]:
    """Every foreign turrian each turrian of the mover (and a reserve turrian, if any)
    can capture within ``points``, the cheapest way; by origin (reserve last), then target."""
    if position.is_game_over:
        return ()
    board = MoveBoard(position)
    budget = position.turn.points if points is None else points
    occupant = position.occupant
    captures = []
    for origin in position.mover.origins:
        found = board.search(origin, budget, captures_only=True)
        for square in sorted(found):
            victim = occupant[square]
            captures.append(
                Capture(
                    origin=origin,
                    target=square,
                    victim=position.seats[victim].id,
                    cost=found[square][0],
                    path=found[square][1],
                    kind=CaptureKind.ATTACK if board.is_attack(square) else CaptureKind.DEFENCE,
                )
            )
    return tuple(captures)
