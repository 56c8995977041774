"""The computer opponent of Spiel der Türme: a legal (rest of a) turn at three levels.

Built only on the engine's own answers: the moves come from
:func:`~service.spiel_der_tuerme.moves.legal_moves`, each is played with
:func:`~service.spiel_der_tuerme.turn.play_move` (which also ends the turn or the game
as the rules say), and positions are judged by their
:func:`~service.spiel_der_tuerme.goal.score` (TS1–TS3).

How it judges a position: its own points against its rivals' (the leader's most), each
quarter's symbol squares it holds (a quarter of four ends the game and counts double,
TE1/TS2), once the game is over whether it won, and (:func:`best_gain`) the most its
own next move could gain and the most the seat moving next could take from it; a
move that would end the game counts as the game won or lost.

The levels (docs/engine.md says why):

1. a beginner: one move at a time, the one that scores most for itself at once, with a
   little carelessness; a move between street squares the one that brings the most
   points within reach, as if nobody answered; it goes on after a symbol square while
   that scores, two moves at most;
2. every whole turn (the chains of TM7 too) judged by the position it leaves, the
   next seat's best move counted against it;
3. the best turns of level 2, each answered by the next seat's best reply as level 2
   would find it, the turn whose answer leaves the best position chosen, within the
   budget.

>>> from service.spiel_der_tuerme.setup import setup_position
>>> from service.spiel_der_tuerme.turn import validate_turn
>>> p = setup_position(2, seed=3)
>>> answer = suggest_turn(p, level=2, seed=1, budget=Budget(ms=60_000, nodes=5000))
>>> validate_turn(p, answer.turn) is None, answer.stopped.value
(True, 'complete')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from service.common import InvalidQueryError
from service.common.budget import LEVELS, Budget, Counter, Stop
from service.common.refusal import N_
from service.spiel_der_tuerme.actions import Event, TurnPlan
from service.spiel_der_tuerme.board import QUARTER_SQUARES, QUARTERS, STREET_SQUARES, Colour
from service.spiel_der_tuerme.goal import score
from service.spiel_der_tuerme.moves import Move, legal_moves
from service.spiel_der_tuerme.position import FRESH_TURN, Position, Stack
from service.spiel_der_tuerme.turn import apply_turn, end_turn, play_move

WIN: Final = 1000.0
"""The value of a won game (shared by the seats that share the win)."""
REPLY_EXPANSIONS: Final = 3
"""Chains a reply follows (level 3)."""
MAX_CHAIN: Final = 16
"""Moves of one turn a search follows (TM7 lets a chain go on as long as it finds symbol
squares; longer ones are rare and add little)."""


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    leader: float
    """Weight of the leading rival's points."""
    quarters: float
    """Weight of holding several symbol squares of one quarter."""
    noise: float
    """Carelessness: random value added to each choice (the smallest breaks ties)."""
    whole_turns: bool
    """Whether it judges whole turns (else one move at a time)."""
    replies: int
    """Turns answered by the next seat's best reply (0: none)."""
    expansions: int = 12
    """Positions after a symbol square whose chains (TM7) it follows, the best first."""
    chain: int = 16
    """The longest chain of moves (TM7) it plays in one turn."""
    prospects: float = 0.0
    """Whether a move between street squares is judged by the board it leaves (else as
    the position before it: it changes no score)."""
    threat: float = 0.0
    """Weight of the best gain the seat moving next could make with one move (TM5: a
    stack landing on a symbol square, or on a rival's stack there), counted against the
    seat when that is a rival."""
    chance: float = 0.0
    """Weight of the best gain the seat itself could make with one move, as if nobody
    moved before it."""


LEVEL: Final = {
    1: Level(leader=0.0, quarters=0.0, noise=1.5, whole_turns=False, replies=0, chain=2, chance=0.5),
    2: Level(leader=1.0, quarters=0.8, noise=0.001, whole_turns=True, replies=0, expansions=24, prospects=0.5,
             threat=0.5, chance=0.7),
    3: Level(leader=1.0, quarters=0.8, noise=0.001, whole_turns=True, replies=6, expansions=24, prospects=0.5,
             threat=0.5, chance=0.7),
}


@dataclass(frozen=True)
class Suggestion:
    """A suggested (rest of a) turn and how it was found: ``value`` is the position after
    it as the seat judges it, ``nodes`` the positions judged, ``stopped`` whether a
    limit of the budget ended the search."""

    turn: TurnPlan
    level: int
    seed: int
    nodes: int
    stopped: Stop
    value: float




def best_gain(position: Position, mover: Colour, seat: Colour, leader: float) -> float:
    """The most one move of ``mover`` on this board would change ``seat``'s value
    (:func:`judge`'s points): a stack of ``mover`` landing on a symbol square scores its
    height for ``mover`` and takes the covered stones from the seat whose stack it covers
    (TS1). For ``seat`` itself the gain, for a rival the loss it would inflict.

    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> p = setup_position(2, seed=1)
    >>> (best_gain(p, Colour.YELLOW, Colour.YELLOW, 1.0) >= 1,
    ...  best_gain(p, Colour.RED, Colour.YELLOW, 1.0) >= 1)
    (True, True)
    """
    if position.is_over:
        return 0.0
    if position.to_move is not mover or position.turn is not FRESH_TURN:
        position = replace(position, to_move=mover, turn=FRESH_TURN, blocked=())
    best = 0.0
    seats = position.seats
    stacks = position.stacks
    for frm in STREET_SQUARES:
        # Only the mover's own stacks reach symbol squares (TN3): the neutral stones,
        # most of the origins with two players, are not asked about.
        stack = stacks[frm]
        if stack is None or stack.stones[-1] is not mover:
            continue
        for option in legal_moves(position, frm):
            if not option.symbol_square:
                continue
            if option.ends_game:
                # TE1–TE3: the move ends the game; who wins is all that counts.
                winners = score(play_move(position, option.move, [])).winners
                if (seat in winners) is (mover is seat):
                    return WIN
                continue
            covered = option.covers[-1] if option.covers else None
            lost = len(option.covers) if covered is not None and covered in seats else 0
            if mover is seat:
                gain = option.height + (leader * lost if covered is not seat else 0.0)
            else:
                gain = leader * option.height + (lost if covered is seat else 0.0)
            if gain > best:
                best = gain
    return best


def judge(position: Position, seat: Colour, level: Level, next_mover: Colour | None = None) -> float:
    """The value of ``position`` for ``seat`` (higher is better); ``next_mover``: the
    seat that moves next from it (the one after ``seat`` unless given), whose best move
    the levels that look at threats weigh.

    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> p = setup_position(2, seed=1)
    >>> judge(p, Colour.YELLOW, LEVEL[1])  # no points yet, one within reach (weight 0.5)
    0.5
    >>> judge(p, Colour.YELLOW, LEVEL[2]) == 0.7 * 1 - 0.5 * 1  # its next gain, the rival's
    True
    """
    result = score(position)
    points = {s.seat: s.points for s in result.seats}
    mine = points[seat]
    rivals = [p for s, p in points.items() if s is not seat]
    value = mine - level.leader * max(rivals)
    if result.game_over:
        if seat in result.winners:
            return WIN / len(result.winners) + value
        return -WIN + value
    if level.quarters:
        stacks = position.stacks
        for quarter in QUARTERS:
            held: dict[Colour, int] = {}
            for square in QUARTER_SQUARES[quarter]:
                stack = stacks[square]
                if stack is not None and stack.stones[-1] in points:
                    top = stack.stones[-1]
                    held[top] = held.get(top, 0) + 1
            for colour, count in held.items():
                worth = level.quarters * (count - 1) * count / 2
                value += worth if colour is seat else -worth * level.leader
    if level.chance:
        value += level.chance * best_gain(position, seat, seat, level.leader)
    if level.threat:
        mover = position.next_seat(seat) if next_mover is None else next_mover
        if mover is not seat:
            value -= level.threat * best_gain(position, mover, seat, level.leader)
    return value


def _shifted(position: Position, move: Move) -> Position:
    """The board after ``move`` between street squares, for judging only: the turn's
    bookkeeping (TM8, TN4, TE3) is left to :func:`play_move`."""
    stacks = list(position.stacks)
    moving, target = stacks[move.frm], stacks[move.to]
    assert moving is not None
    stacks[move.to] = moving if target is None else Stack(moving.symbol, target.stones + moving.stones)
    stacks[move.frm] = None
    return replace(position, stacks=tuple(stacks))


class _Turn:
    """A whole turn and its value; the position after it is built only when asked for
    (most turns are one move between street squares, which changes no score)."""

    def __init__(self, moves: tuple[Move, ...], value: float, position: Position | None = None,
                 before: Position | None = None) -> None:
        self.moves = moves
        self.value = value
        self._position = position
        self._before = before

    @property
    def position(self) -> Position:
        if self._position is None:
            assert self._before is not None
            self._position = play_move(self._before, self.moves[-1], [])
        return self._position


class _Search:
    def __init__(self, position: Position, level: Level, rng: random.Random, counter: Counter) -> None:
        self.root = position
        self.seat = position.to_move
        self.level = level
        self.rng = rng
        self.counter = counter

    def noisy(self, value: float) -> float:
        return value + self.rng.random() * self.level.noise

    def turns(
        self, position: Position, seat: Colour, expansions: int, level: Level | None = None
    ) -> list[_Turn]:
        """The whole turns of ``seat`` from ``position``, judged for ``seat``, best first:
        every first move, then the chains (TM7) of the best ``expansions`` positions
        after a symbol square, best first, up to :data:`MAX_CHAIN` moves; as many as the
        budget allows."""
        level = level or self.level
        found: list[_Turn] = []
        frontier: list[tuple[float, int, tuple[Move, ...], Position]] = []
        self._grow(position, seat, (), found, frontier, level)
        while frontier and expansions > 0 and not self.counter.exhausted:
            frontier.sort(key=lambda entry: (-entry[0], entry[1]))
            _, _, moves, after = frontier.pop(0)
            self._grow(after, seat, moves, found, frontier, level)
            expansions -= 1
        found.sort(key=lambda t: -t.value)
        return found

    def _grow(self, position: Position, seat: Colour, moves: tuple[Move, ...], found: list[_Turn],
              frontier: list[tuple[float, int, tuple[Move, ...], Position]], level: Level) -> None:
        """Judge every next move from ``position``; a chain that may go on joins ``frontier``."""
        here = judge(position, seat, level)
        for option in legal_moves(position):
            if not self.counter.tick():
                return
            line = (*moves, option.move)
            if not option.symbol_square and not option.ends_game:
                # A move between street squares ends the turn and changes no score (TS1);
                # only what it prepares for the next turns.
                value = here if not level.prospects else judge(_shifted(position, option.move), seat, level)
                found.append(_Turn(line, self.noisy(value), before=position))
                continue
            after = play_move(position, option.move, [])
            value = self.noisy(judge(after, seat, level))
            # After a symbol square the seat may stop here (TM8) or go on.
            found.append(_Turn(line, value, after))
            if not after.is_over and after.turn.may_continue and len(line) < min(MAX_CHAIN, level.chain):
                frontier.append((value, len(found), line, after))

    def stepwise(self) -> _Turn:
        """Level 1: one move at a time, the one that judges best at once; after a symbol
        square, on only while that scores more."""
        position = self.root
        moves: tuple[Move, ...] = ()
        current = judge(position, self.seat, self.level)
        while True:
            options = legal_moves(position)
            if not options:
                break
            best: tuple[float, Position | None, Move] | None = None
            for option in options:
                if not self.counter.tick():
                    break
                after = None
                value = current
                if option.symbol_square or option.ends_game:
                    after = play_move(position, option.move, [])
                    value = judge(after, self.seat, self.level)
                elif self.level.chance:
                    # A beginner builds toward its goal: the move that brings a stack
                    # within reach of the most points, as if nobody answered it.
                    value = judge(_shifted(position, option.move), self.seat, self.level, self.seat)
                value = self.noisy(value)
                if best is None or value > best[0]:
                    best = (value, after, option.move)
            if best is None:
                if not moves:
                    return _Turn((options[0].move,), current, before=position)
                break
            if moves and best[0] <= current:
                break
            value, after, move = best
            if after is None:
                return _Turn((*moves, move), value, before=position)
            current, position, moves = value, after, (*moves, move)
            if position.is_over or not position.turn.may_continue or len(moves) >= self.level.chain:
                break
        return _Turn(moves, current, position)

    def reply_value(self, turn: _Turn) -> float:
        """The value of ``turn`` for the seat after the next seat's best reply to it."""
        position = turn.position
        if position.is_over:
            return turn.value
        if position.to_move is self.seat:
            # The turn stops after a symbol square: hand it on as the rules do (TM8).
            position = end_turn(position, None, [])
            if position.is_over:
                return judge(position, self.seat, self.level)
        replier = position.to_move
        replies = self.turns(position, replier, REPLY_EXPANSIONS)
        if not replies:
            return turn.value
        return judge(replies[0].position, self.seat, self.level, position.next_seat(replier))

    def run(self) -> _Turn:
        level = self.level
        if not level.whole_turns:
            return self.stepwise()
        found = self.turns(self.root, self.seat, level.expansions)
        if not found:
            # The budget ran out before a single turn was judged: the first legal move.
            return _Turn(
                (legal_moves(self.root)[0].move,), judge(self.root, self.seat, level), before=self.root
            )
        if not level.replies or self.counter.exhausted:
            return found[0]
        best, best_value = found[0], -2 * WIN
        for turn in found[: level.replies]:
            if not self.counter.tick():
                break
            value = self.noisy(self.reply_value(turn))
            if value > best_value:
                best, best_value = turn, value
        return _Turn(best.moves, max(best_value, -WIN), best.position)


def suggest_turn(
    position: Position, level: int = 2, seed: int = 0, budget: Budget | None = None
) -> Suggestion:
    """A legal (rest of the) turn for the seat to move, by the computer player of ``level``.

    A seat that cannot move passes (TM8); a turn in progress after a symbol square may
    stop at once. The same position, level, seed and node budget give the same turn.
    Raises :class:`~service.common.InvalidQueryError` (TE4) once the game is over.
    """
    if level not in LEVEL:
        raise ValueError(f"level must be one of {LEVELS}")
    if position.is_over:
        raise InvalidQueryError("TE4", N_("the game is over: there is no turn to suggest")(), "/position")
    counter = Counter(budget or Budget())
    rng = random.Random(seed)
    if not legal_moves(position):
        plan = TurnPlan()
        return Suggestion(plan, level, seed, counter.nodes, counter.stopped, judge(position, position.to_move,
                                                                                   LEVEL[level]))
    chosen = _Search(position, LEVEL[level], rng, counter).run()
    return Suggestion(
        TurnPlan(chosen.moves), level, seed, counter.nodes, counter.stopped, round(chosen.value, 3)
    )


def play_game(position: Position, seats: Sequence[int], seed: int, budget: Budget,
              max_turns: int) -> tuple[Position, int]:
    """A whole game between computer players: ``seats[i]`` is the level of seat ``i``, 0
    for random play. Returns the last position and the turns played.

    >>> from service.spiel_der_tuerme.setup import setup_position
    >>> final, turns = play_game(setup_position(2, seed=2), [2, 0], 2, Budget(ms=10_000, nodes=2000), 500)
    >>> final.is_over
    True
    """
    from service.spiel_der_tuerme.random_player import random_turn

    rng = random.Random(seed)
    turns = 0
    events: list[Event] = []
    while not position.is_over and turns < max_turns:
        level = seats[position.seats.index(position.to_move)]
        if level:
            plan = suggest_turn(position, level, rng.randrange(1 << 30), budget).turn
        else:
            plan = random_turn(position, rng)
        position, happened = apply_turn(position, plan)
        events.extend(happened)
        turns += 1
    return position, turns
