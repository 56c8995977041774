"""The computer opponent: a legal rest of the turn for the seat to move, at three levels.

Built only on the engine's own answers: the stones it may take come from
:func:`~service.terra_turrium.take.legal_removals`, the squares it may build on from
:func:`~service.terra_turrium.place.legal_placements`, its walks from the move phase's own search
(:class:`~service.terra_turrium.move.MoveBoard`, as :func:`~service.terra_turrium.move.reachable`
answers), and every action is played with the turn's own functions, so every turn it
suggests is one :func:`~service.terra_turrium.turn.validate_turn` accepts.

How it judges a position (:func:`distance`): for each seat, the stones it still has to
build and the steps it still has to make before its six turrians stand on the goal
heights (G1/G2), each turrian matched to one goal height. A turrian climbs one level
when a free neighbour square stands one higher; building that square costs as many
stones as it lacks, and every level after the first costs about two (the square it
left, raised past it). The value of a position for the mover is its opponents' distance
(weighted) minus its own (with a partner's, in team play).

The levels (docs/engine.md says why a beam search):

1. a beginner: its own distance only, a little carelessness, and any capture it sees;
2. greedy: each action of the turn the best by the value, the opponents counted;
3. a beam search over the actions of the whole turn (take, place, move) within the
   budget, the finalists then judged after the turn level 2 would answer with for the
   next seat; a turn that this answer undoes, leaving the board as it was, is shunned.

>>> from service.terra_turrium.setup import setup_position
>>> from service.terra_turrium.turn import validate_turn
>>> answer = suggest_turn(setup_position(2), level=2, seed=1, budget=Budget(ms=60_000, nodes=3000))
>>> sorted(answer.setup), len(answer.setup["yellow"])
(['red', 'yellow'], 6)
>>> len(answer.turn.take), answer.stopped.value
(3, 'complete')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final, NamedTuple

from service.common import InvalidQueryError
from service.common.budget import LEVELS, Budget, Counter, Stop
from service.common.refusal import N_
from service.terra_turrium.actions import Segment, TurnPlan
from service.terra_turrium.board import NEIGHBOURS, RING, TERRITORY, TERRITORY_SQUARES, Square
from service.terra_turrium.goal import GOAL_HEIGHTS
from service.terra_turrium.move import MoveBoard
from service.terra_turrium.place import legal_placements
from service.terra_turrium.position import (
    MAX_ATTACKS,
    NOBODY,
    TURRIANS_PER_SEAT,
    Phase,
    Position,
)
from service.terra_turrium.refusals import Reason
from service.terra_turrium.setup import initial_placement_refusal, place_turrians, setup_heights
from service.terra_turrium.take import legal_removals, outside_squares
from service.terra_turrium.turn import apply_turn, play_move, play_place, play_take, take_stone

RESERVE_PENALTY: Final = 1.5
"""A turrian in reserve: the point to re-enter and the walk back, in stones' worth."""
STEP_WORTH: Final = 0.5
"""A level actually climbed is worth more than the stones ready for it: they can be taken."""
GOAL_BONUS: Final = 100.0
EXPOSED: Final = 0.75
"""A step a rival may take away (an outside square, R5) is worth less than a stone."""
REPEAT_PENALTY: Final = 6.0
"""A turn that the expected reply undoes, leaving the board as it was: worth less by this."""
EXPOSED_RIVAL_LAND: Final = 2.0
"""A step in a rival's own territory, where it takes any stone it likes (R3), is worth little
unless it is climbed at once."""


@dataclass(frozen=True)
class Level:
    """How one level plays: the weights of its judgement and the shape of its search."""

    opponents: float
    """Weight of the leading opponent's distance."""
    others: float
    """Weight of the opponents' mean distance."""
    capture_bonus: float
    """A beginner's liking for any capture, whatever it is worth."""
    attack_cost: float
    """The value of one space on the aggressor track (M8)."""
    noise: float
    """Carelessness: random value added to each choice (the smallest breaks ties)."""
    width: int
    """Lines of play kept after each action (1: greedy)."""
    branching: int
    """Actions tried from each line."""
    exposure: bool
    """Whether it knows that a rival may take the stones of a step before it is climbed."""
    reply: int = 0
    """The level whose turn it expects from the next seat: the finalists are judged after
    that reply (0: not looked at)."""


LEVEL: Final = {
    1: Level(opponents=0.0, others=0.0, capture_bonus=3.0, attack_cost=0.0, noise=1.0, width=1, branching=1,
             exposure=False),
    2: Level(opponents=0.5, others=0.2, capture_bonus=0.0, attack_cost=1.5, noise=0.001, width=1, branching=1,
             exposure=True),
    3: Level(opponents=0.5, others=0.2, capture_bonus=0.0, attack_cost=1.5, noise=0.001, width=6, branching=5,
             exposure=True, reply=2),
}


@dataclass(frozen=True)
class Suggestion:
    """A suggested rest of the turn and how it was found.

    ``setup``: the turrians placed first, per seat id, when the position was still in
    set-up (S3); ``value``: the position after the turn as the mover judges it (higher
    is better); ``nodes``: positions judged; ``stopped``: whether the search looked at
    all it meant to or a limit of the budget stopped it.
    """

    turn: TurnPlan
    level: int
    seed: int
    nodes: int
    stopped: Stop
    value: float
    setup: dict[str, tuple[Square, ...]] = field(default_factory=dict)

    @property
    def placements(self) -> tuple[SetupPlacement, ...]:
        """``setup`` as the answer lists it: per seat, in the order of the seats."""
        return tuple(SetupPlacement(seat, squares) for seat, squares in self.setup.items())


class SetupPlacement(NamedTuple):
    """The turrians one seat puts on the board at set-up (S3)."""

    seat: str
    turrians: tuple[Square, ...]


# --------------------------------------------------------------------------- judging


def _climb(heights: Sequence[int], square: Square, occupied: set[Square] | frozenset[Square],
           in_play: Sequence[bool], exposed: Sequence[float]) -> float:
    """Stones needed before the turrian on ``square`` can climb one level: the fewest a
    free neighbour lacks of being one higher (a neighbour already higher does not help),
    more where a rival may take the neighbour's stones (``exposed``)."""
    up = heights[square] + 1
    best = up + 1.0  # no free neighbour: one must first be freed
    for n in NEIGHBOURS[square]:
        if n in occupied or not in_play[n]:
            continue
        lack = up - heights[n]
        if lack >= 0 and lack + exposed[n] < best:
            best = lack + exposed[n]
    return best


def _cost(height: int, climb: float, target: int) -> float:
    if target == height:
        return 0.0
    if target > height:
        return climb + 2 * (target - height - 1) + STEP_WORTH * (target - height)
    return 0.75 * (height - target)


def distance(
    heights: Sequence[int],
    squares: Sequence[Square],
    occupied: set[Square] | frozenset[Square],
    in_play: Sequence[bool],
    goal: Sequence[int],
    exposed: Sequence[float] = (0.0,) * 100,
) -> float:
    """A seat's distance from the goal (G1/G2) in stones' worth: 0 when it meets it.

    Turrians are matched to goal heights in order of height (a reserve turrian as one
    entering on a single stone), the readiest climber of equal ones to the higher goal.

    >>> from service.terra_turrium.setup import setup_position
    >>> p = setup_position(2)
    >>> in_play = [p.is_in_play(s) for s in range(100)]
    >>> distance(p.heights, [], frozenset(), in_play, (1, 2, 3, 4, 5, 6)) > 0
    True
    """
    found = []
    for square in squares:
        found.append((heights[square], -_climb(heights, square, occupied, in_play, exposed)))
    found.sort()
    reserve = TURRIANS_PER_SEAT - len(squares)
    total = 0.0
    targets = list(goal)
    if reserve:
        # The reserve turrians come back on single stones: matched to the lowest goals.
        for target in targets[:reserve]:
            total += RESERVE_PENALTY + _cost(1, 1, target)
        targets = targets[reserve:]
    for (height, climb), target in zip(found, targets, strict=True):
        total += _cost(height, -climb, target)
    return total


class _Judge:
    """The value of positions for one seat, at one level."""

    def __init__(self, position: Position, level: Level) -> None:
        self.level = level
        self.me = position.mover_index
        self.partner = position.partner(self.me)
        self.in_play = [position.is_in_play(s) for s in range(len(position.heights))]
        self.goal = GOAL_HEIGHTS[position.rules.goal]
        self.players = position.players
        self.own = frozenset(position.mover.territories)
        side = {self.me, self.partner} - {NOBODY}
        self.side = tuple(sorted(side))
        if position.rules.team_play:
            first = 2 if self.me < 2 else 0
            self.rivals: tuple[tuple[int, ...], ...] = ((first, first + 1),)
        else:
            self.rivals = tuple((i,) for i in range(self.players) if i not in side)
        # A rival takes any stone of its own territories (R3) and the outside ones of
        # others (R5): steps built there may be gone before they are climbed.
        rival_land = {t for team in self.rivals for i in team for t in position.seats[i].territories}
        outside = outside_squares(position)
        self.exposed = [
            0.0 if not level.exposure
            else EXPOSED_RIVAL_LAND if TERRITORY[s] in rival_land
            else EXPOSED if s in outside else 0.0
            for s in range(len(position.heights))
        ]

    def value(self, heights: Sequence[int], turrians: Sequence[Sequence[Square]]) -> float:
        """Higher is better for the seat."""
        occupied = {s for squares in turrians for s in squares}
        level, in_play, goal = self.level, self.in_play, self.goal
        exposed = self.exposed
        own = sum(distance(heights, turrians[i], occupied, in_play, goal, exposed) for i in self.side)
        value = -own + (GOAL_BONUS if own == 0 else 0.0)
        if level.opponents or level.others:
            rivals = [sum(distance(heights, turrians[i], occupied, in_play, goal) for i in team)
                      for team in self.rivals]
            value += level.opponents * min(rivals) + level.others * sum(rivals) / len(rivals)
        return value

    def of(self, position: Position) -> float:
        return self.value(position.heights, [seat.turrians for seat in position.seats])


# --------------------------------------------------------------------------- set-up


def is_in_setup(position: Position) -> bool:
    """S3: whether turrians are still to be put on the board at set-up: the heights are
    still those of the set-up (B6), nothing has happened yet (no attack, no finisher, the
    turn at its start) and a seat has fewer than six turrians.

    >>> from service.terra_turrium.setup import setup_position
    >>> is_in_setup(setup_position(3))
    True
    """
    return (
        any(len(seat.turrians) < TURRIANS_PER_SEAT for seat in position.seats)
        and not position.finishers
        and position.turn.phase is Phase.TAKE
        and not position.turn.taken
        and all(seat.attacks == 0 for seat in position.seats)
        and position.heights == setup_heights(position.players, position.rules)
    )


def suggest_setup(
    position: Position, rng: random.Random, seats: Sequence[str] | None = None
) -> tuple[Position, dict[str, tuple[Square, ...]]]:
    """S3: the position with the missing turrians of every seat (or of ``seats``) put on
    its own territories, and those squares per seat id: the highest squares first (the
    centre stands two high with three and four players), then the innermost, away from
    the edge where stones are taken (R5)."""
    placed: dict[str, tuple[Square, ...]] = {}
    for seat in position.seats:
        missing = TURRIANS_PER_SEAT - len(seat.turrians)
        if not missing or (seats is not None and seat.id not in seats):
            continue
        current = position.seats[position.seat_index[seat.id]]
        free = [
            s for t in seat.territories for s in TERRITORY_SQUARES[t]
            if initial_placement_refusal(position, current, s) is None
        ]
        free.sort(key=lambda s: (-position.heights[s], -RING[s], rng.random()))
        chosen = tuple(sorted(free[:missing]))
        position = place_turrians(position, {seat.id: chosen})
        placed[seat.id] = chosen
    return position, placed


# --------------------------------------------------------------------------- the search


@dataclass(frozen=True)
class _Line:
    """A line of play: the position part-way through the turn and the actions so far."""

    position: Position
    take: tuple[Square, ...] = ()
    place: tuple[Square, ...] = ()
    move: tuple[Segment, ...] = ()
    value: float = 0.0
    done: bool = False
    bonus_used: int = 0

    @property
    def plan(self) -> TurnPlan:
        return TurnPlan(self.take, self.place, self.move)


MAX_BONUS_PER_TURN: Final = 3
"""P3: handicap stones placed in one turn at most; the rest are kept for later turns."""


class _Search:
    def __init__(self, position: Position, level: Level, rng: random.Random, counter: Counter) -> None:
        self.root = position
        self.level = level
        self.rng = rng
        self.counter = counter
        self.judge = _Judge(position, level)

    def noisy(self, value: float) -> float:
        return value + self.rng.random() * self.level.noise

    def best(self, scored: list[tuple[float, _Line]], count: int) -> list[_Line]:
        scored.sort(key=lambda pair: -pair[0])
        return [line for _, line in scored[:count]]

    # Each expansion returns the lines after one more action; once the budget is spent,
    # one line, the first legal action without judging (and no further walk).

    def expand(self, line: _Line) -> list[_Line]:
        phase = line.position.turn.phase
        if phase is Phase.TAKE:
            return self.expand_take(line)
        if phase is Phase.PLACE:
            return self.expand_place(line)
        return self.expand_move(line)

    def expand_take(self, line: _Line) -> list[_Line]:
        position = line.position
        options = legal_removals(position)
        if not options:
            after = play_take(position, TurnPlan(), None)
            return [replace(line, position=after)]
        if self.counter.exhausted:
            chosen = [(options[0].square, line.value)]
        else:
            chosen = self.rank(position, [o.square for o in options], -1)
        return [
            replace(line, position=take_stone(position, square), take=(*line.take, square), value=value)
            for square, value in chosen
        ]

    def near_turrians(self, position: Position) -> set[Square]:
        return {n for seat in position.seats for s in seat.turrians for n in NEIGHBOURS[s]}

    def rank(
        self, position: Position, squares: list[Square], change: int, better_than: float | None = None
    ) -> list[tuple[Square, float]]:
        """The best ``squares`` to take a stone from (``change`` -1) or place one on (+1),
        by value; those far from every turrian change no distance, so one of them stands
        for all. With ``better_than``, only those worth more than that, far ones not
        tried: a handicap stone is placed only where it helps (P3)."""
        near = self.near_turrians(position)
        far = [s for s in squares if s not in near]
        candidates = [s for s in squares if s in near]
        if far and better_than is None:
            candidates.append(self.rng.choice(far))
        heights = list(position.heights)
        turrians = [seat.turrians for seat in position.seats]
        scored: list[tuple[float, Square]] = []
        for square in candidates:
            if not self.counter.tick():
                break
            heights[square] += change
            scored.append((self.noisy(self.judge.value(heights, turrians)), square))
            heights[square] -= change
        if better_than is not None:
            scored = [(v, s) for v, s in scored if v > better_than + 0.25]
            if not scored:
                return []
        if not scored:
            return [(candidates[0], 0.0)]
        scored.sort(key=lambda pair: -pair[0])
        return [(square, value) for value, square in scored[: self.level.branching]]

    def expand_place(self, line: _Line) -> list[_Line]:
        position = line.position
        state = position.turn
        bonus_ok = position.mover.bonus_stones > 0 and line.bonus_used < MAX_BONUS_PER_TURN
        if state.in_hand == 0 and not bonus_ok:
            return [replace(line, position=play_place(position, TurnPlan(), None))]
        squares = legal_placements(position)
        stop: list[_Line] = []
        if state.in_hand == 0:
            # A handicap stone is placed only where it helps (P3).
            closed = play_place(position, TurnPlan(), None)
            stop = [replace(line, position=closed)]
            if self.counter.exhausted or not squares:
                return stop
        if not squares:  # pragma: no cover - a board full of turrians and maximal towers
            return [replace(line, position=play_place(position, TurnPlan(), None))]
        if self.counter.exhausted:
            chosen = [(squares[0], 0.0)]
        else:
            chosen = self.rank(position, list(squares), +1, line.value if stop else None)
        lines = []
        for square, value in chosen:
            after = play_place(position, TurnPlan(place=(square,)), None, close=False)
            lines.append(replace(line, position=after, place=(*line.place, square), value=value,
                                 bonus_used=line.bonus_used + (state.in_hand == 0)))
        return lines + stop

    def expand_move(self, line: _Line) -> list[_Line]:
        position = line.position
        current = self.judge.of(position)
        stop = replace(line, value=current, done=True)
        if position.turn.points <= 0 or self.counter.exhausted:
            return [stop]
        board = MoveBoard(position)
        me = position.mover_index
        turrians = [list(seat.turrians) for seat in position.seats]
        occupant = position.occupant
        heights = position.heights
        level = self.level
        scored: list[tuple[float, Segment]] = []
        attack_spent = position.turn.attacked
        attack_cost = level.attack_cost * (1 + position.mover.attacks / MAX_ATTACKS)
        for origin in position.mover.origins:
            found = board.search(origin, position.turn.points)
            for square in sorted(found):
                if not self.counter.tick():
                    break
                cost, path = found[square]
                moved = [list(t) for t in turrians]
                if origin is not None:
                    moved[me].remove(origin)
                moved[me].append(square)
                captures = 0
                attack = False
                for step in path:
                    victim = occupant[step]
                    if victim != NOBODY and victim != me:
                        moved[victim].remove(step)
                        captures += 1
                        attack = attack or TERRITORY[step] not in self.judge.own
                value = self.judge.value(heights, moved) + captures * level.capture_bonus - 0.01 * cost
                if attack and not attack_spent:
                    value -= attack_cost
                scored.append((self.noisy(value), Segment(origin, path)))
        lines = [stop]
        scored.sort(key=lambda pair: -pair[0])
        for value, segment in scored[: level.branching]:
            if value <= current + 0.05:
                break
            after = play_move(position, TurnPlan(move=(segment,)), [])
            lines.append(replace(line, position=after, move=(*line.move, segment), value=value))
        return lines

    def run(self) -> _Line:
        level = self.level
        lines = [_Line(self.root, value=self.judge.of(self.root))]
        finished: list[_Line] = []
        while lines:
            grown: list[_Line] = []
            for line in lines:
                for child in self.expand(line):
                    (finished if child.done else grown).append(child)
            if self.counter.exhausted:
                # Finish the best line unjudged: first legal actions, no further walk.
                grown.sort(key=lambda line: -line.value)
                grown = grown[:1]
            else:
                grown.sort(key=lambda line: -line.value)
                # Lines of the take and place phases are ranked by their last action's value.
                grown = grown[: level.width]
            lines = grown
        finished.sort(key=lambda line: -line.value)
        if level.reply and not self.counter.exhausted:
            return self.after_reply(finished[: level.width])
        return finished[0]

    def after_reply(self, lines: list[_Line]) -> _Line:
        """Level 3: each finalist judged after the turn the next seat would answer with,
        as the computer player of ``reply`` would play it; the best by that judgement.
        Steps a rival would take away or spoil at once are worth nothing there."""
        judge = self.judge
        reply_level = replace(LEVEL[self.level.reply], width=1, branching=1, reply=0)
        best, best_value = lines[0], -1e9
        root_value = judge.of(self.root)
        for line in lines:
            after, _ = apply_turn(self.root, line.plan)
            if after.is_game_over or after.mover_index in judge.side:
                value = judge.of(after)
            else:
                answer = _Search(after, reply_level, self.rng, self.counter).run()
                if self.counter.exhausted:
                    break
                answered = apply_turn(after, answer.plan)[0]
                value = judge.of(answered)
                if abs(value - root_value) < 0.01 and all(
                    set(a.turrians) == set(b.turrians)
                    for a, b in zip(answered.seats, self.root.seats, strict=True)
                ):
                    # The turn and its answer undo each other: no turrian moved and the
                    # value is as it was. Such a round repeats for ever, so any turn that
                    # leads somewhere is preferred.
                    value -= REPEAT_PENALTY
            if value > best_value:
                best, best_value = line, value
        return replace(best, value=best_value if best_value > -1e9 else best.value)


def suggest_turn(
    position: Position, level: int = 2, seed: int = 0, budget: Budget | None = None
) -> Suggestion:
    """A legal rest of the turn for the seat to move, by the computer player of ``level``.

    The same position, level, seed and node budget give the same turn; a search the
    clock stops says so (``stopped``). A position still in set-up (:func:`is_in_setup`)
    is set up first, and the suggestion lists those turrians too. Raises
    :class:`~service.common.InvalidQueryError` (G3) once the game is over.
    """
    if level not in LEVEL:
        raise ValueError(f"level must be one of {LEVELS}")
    if position.is_game_over:
        raise InvalidQueryError(
            Reason.GAME_OVER.rule, N_("the game is over: there is no turn to suggest")(), "/position"
        )
    rng = random.Random(seed)
    counter = Counter(budget or Budget())
    placed: dict[str, tuple[Square, ...]] = {}
    if is_in_setup(position):
        position, placed = suggest_setup(position, rng)
    chosen = LEVEL[level]
    line = _Search(position, replace(chosen, width=1, branching=1), rng, counter).run()
    if chosen.width > 1 and not counter.exhausted:
        # Level 3 first plays greedily (its one line judged after the reply too), then
        # searches wider with what is left of the budget; a search the budget cuts short
        # keeps the greedy turn.
        searched = _Search(position, chosen, rng, counter).run()
        if not counter.exhausted:
            line = searched
    return Suggestion(line.plan, level, seed, counter.nodes, counter.stopped, round(line.value, 3), placed)


def play_game(
    position: Position,
    seats: Sequence[int],
    seed: int,
    budget: Budget,
    max_turns: int,
) -> tuple[Position, int]:
    """A whole game between computer players from ``position`` (in set-up or not):
    ``seats[i]`` is the level of seat ``i``, 0 for random play. Returns the last position
    and the turns played (at most ``max_turns``).

    >>> from service.terra_turrium.setup import setup_position
    >>> final, turns = play_game(setup_position(2), [1, 0], 3, Budget(ms=10_000, nodes=400), 4)
    >>> turns
    4
    """
    from service.terra_turrium.random_player import random_setup, random_turn

    rng = random.Random(seed)
    if is_in_setup(position):
        computer = [seat.id for seat, level in zip(position.seats, seats, strict=True) if level]
        position = random_setup(suggest_setup(position, rng, computer)[0], rng)
    turns = 0
    while not position.is_game_over and turns < max_turns:
        level = seats[position.mover_index]
        if level:
            plan = suggest_turn(position, level, rng.randrange(1 << 30), budget).turn
        else:
            plan = random_turn(position, rng)
        position, _ = apply_turn(position, plan)
        turns += 1
    return position, turns


__all__ = [
    "LEVELS",
    "Budget",
    "Stop",
    "Suggestion",
    "distance",
    "is_in_setup",
    "play_game",
    "suggest_setup",
    "suggest_turn",
]
