"""Whole games: the turn notation, the game record, and replaying a game.

A **turn** is written on one line, its actions in the order they are played, separated
by single spaces (docs/notation.md, "Turns and games")::

    -d9 -e9 -i7 +d8 +d8 +d8 d6-e6 f7-f8-g8

``-d9`` takes the top stone of d9 (R), ``+d8`` places a stone on d8 (P), ``d6-e6`` walks
the turrian on d6 to e6 (M) and ``reserve-a6-a7`` brings a reserve turrian back on a6
and on to a7 (M9). A turn with no action at all is ``pass``.

A **game record** is the start position in the position notation on the first line,
then one line per turn::

    setup|yellow:NW:b9,a10|red:NE:j10|blue:SE|green:SW
    -c10 -d10 -e10 +b10 +b10 +c10 b9-b8

:func:`replay` plays a record's turns in order and stops at the first illegal one.

>>> plan = parse_turn_notation("-d9 -e9 +d8 +d8 d6-e6 reserve-a6-a7")
>>> write_turn_notation(plan)
'-d9 -e9 +d8 +d8 d6-e6 reserve-a6-a7'
>>> parse_turn_notation("pass") == TurnPlan()
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, NamedTuple

from service.common import IllegalTurnError, MalformedError, Problem
from service.common.grid import NOT_A_SQUARE_NAMED
from service.common.refusal import N_
from service.terra_turrium.actions import Event, Segment, TurnPlan, Violation
from service.terra_turrium.board import GRID, SQUARE_BY_NAME, Square, square_name
from service.terra_turrium.check import check_position
from service.terra_turrium.goal import winners
from service.terra_turrium.notation import NOTATION_PATTERN, read_notation, write_notation
from service.terra_turrium.position import Phase, Position
from service.terra_turrium.turn import apply_turn
from service.terra_turrium.wire.schemas import RESERVE

PASS: Final = "pass"
"""The turn notation of a turn without an action."""

_SQUARE: Final = GRID.name_pattern
_TAKE: Final = f"-{_SQUARE}"
_PLACE: Final = rf"\+{_SQUARE}"
_WALK: Final = f"(?:{_SQUARE}|{RESERVE})(?:-{_SQUARE})+"
TURN_PATTERN: Final = (
    rf"^(?:{PASS}|{_TAKE}(?: {_TAKE})*(?: {_PLACE})*(?: {_WALK})*"
    rf"|{_PLACE}(?: {_PLACE})*(?: {_WALK})*|{_WALK}(?: {_WALK})*)$"
)
"""The turn notation's grammar, actions in the phases' order: a string is a turn iff it
matches."""

GAME_PATTERN: Final = rf"^{NOTATION_PATTERN[1:-1]}(?:\n{TURN_PATTERN[1:-1]})*\n?$"
"""The game notation's grammar: the position notation's, then turns, one per line."""

_PHASES: Final = tuple(phase.value for phase in Phase)
# The phase is a word of the notation (take, place, move), written as it is.
TAKES_LATE: Final = N_(
    "{token} takes a stone after a {phase} action; a turn's actions come in the order take, place, move"
)
PLACES_LATE: Final = N_(
    "{token} places a stone after a {phase} action; a turn's actions come in the order take, place, move"
)


# ---------------------------------------------------------------------------- turns


def write_turn_notation(plan: TurnPlan) -> str:
    """The one-line notation of a turn plan."""
    actions = [f"-{square_name(s)}" for s in plan.take]
    actions += [f"+{square_name(s)}" for s in plan.place]
    actions += [
        "-".join([RESERVE if seg.origin is None else square_name(seg.origin), *map(square_name, seg.path)])
        for seg in plan.move
    ]
    return " ".join(actions) or PASS


def _square(text: str, column: int) -> Square:
    square = SQUARE_BY_NAME.get(text)
    if square is None:
        raise _at(column, NOT_A_SQUARE_NAMED(text=repr(text), last=GRID.last))
    return square


def _at(column: int, detail: str, line: int | None = None) -> MalformedError:
    if line is None:
        return MalformedError(N_("column {column}: {detail}")(column=column, detail=detail))
    return MalformedError(
        N_("line {line}, column {column}: {detail}")(line=line, column=column, detail=detail)
    )


def parse_turn_notation(text: str) -> TurnPlan:
    """The :class:`~service.terra_turrium.actions.TurnPlan` written as ``text``.

    Raises :class:`~service.common.MalformedError` whose detail names the column (1 for
    the first character) of the first mistake.

    >>> parse_turn_notation("+d8 -d9")
    Traceback (most recent call last):
    ...
    service.common.errors.MalformedError: column 5: -d9 takes a stone after a place action; a turn's actions come in the order take, place, move
    """  # noqa: E501 - doctest compares the exception's one-line message whole
    if text == PASS:
        return TurnPlan()
    if not text:
        raise _at(1, N_("a turn is its actions separated by spaces, or {passing}")(passing=repr(PASS)))
    lists: dict[str, list[Square]] = {"take": [], "place": []}
    segments: list[Segment] = []
    phase = 0
    column = 1
    for token in text.split(" "):
        if not token:
            raise _at(column, N_("actions are separated by one space")())
        kind = "take" if token[0] == "-" else "place" if token[0] == "+" else "move"
        rank = _PHASES.index(kind)
        if rank < phase:
            raise _at(
                column,
                (TAKES_LATE if kind == "take" else PLACES_LATE)(token=token, phase=_PHASES[phase]),
            )
        phase = rank
        if kind in lists:
            lists[kind].append(_square(token[1:], column + 1))
        else:
            parts = token.split("-")
            offset = column
            squares: list[Square | None] = []
            for i, part in enumerate(parts):
                if i == 0 and part == RESERVE:
                    squares.append(None)
                else:
                    squares.append(_square(part, offset))
                offset += len(part) + 1
            if len(squares) < 2:
                raise _at(
                    column,
                    N_(
                        "{token} walks nowhere: a walk is its start and the squares stepped on, joined by '-'"
                    )(token=repr(token)),
                )
            origin, *path = squares
            if None in path:
                raise _at(
                    column,
                    N_("{token}: only a walk's start can be {reserve}")(
                        token=repr(token), reserve=repr(RESERVE)
                    ),
                )
            segments.append(Segment(origin, tuple(s for s in path if s is not None)))
        column += len(token) + 1
    return TurnPlan(tuple(lists["take"]), tuple(lists["place"]), tuple(segments))


# ---------------------------------------------------------------------------- games


@dataclass(frozen=True)
class GameRecord:
    """A start position and the turns played from it, in order."""

    start: Position
    turns: tuple[TurnPlan, ...] = ()


def write_game_record(record: GameRecord) -> str:
    """The game notation of ``record``: the start position's notation, then a line per turn."""
    return "\n".join([write_notation(record.start), *map(write_turn_notation, record.turns)]) + "\n"


def read_game_record(text: object) -> GameRecord:
    """A :class:`GameRecord` from its game notation, the start position's structure not yet
    checked (:func:`~service.terra_turrium.check.check_position`).

    Raises :class:`~service.common.MalformedError` whose detail names the line and
    column of every mistake found (at most one per line).
    """
    if type(text) is not str:
        raise MalformedError(N_("must be a string: the game in the game notation")())
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # one final newline
    if not lines:
        raise MalformedError(N_("line 1, column 1: a game record starts with the position in the notation")())
    problems: list[Problem] = []
    start: Position | None = None
    try:
        start = read_notation(lines[0])
    except MalformedError as exc:
        problems.append(
            Problem(
                "",
                (
                    N_("line 1: {detail} (at {field})")(detail=exc.detail, field=exc.field)
                    if exc.field
                    else N_("line 1: {detail} (at the position)")(detail=exc.detail)
                ),
            )
        )
    turns: list[TurnPlan] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            turns.append(parse_turn_notation(line))
        except MalformedError as exc:
            problems.append(Problem("", N_("line {line}, {detail}")(line=number, detail=exc.detail)))
        if len(problems) >= 20:
            break
    if problems:
        raise MalformedError(problems=problems)
    assert start is not None
    return GameRecord(start, tuple(turns))


def parse_game_record(text: object) -> GameRecord:
    """A :class:`GameRecord` from its game notation, its start position checked.

    >>> record = parse_game_record("setup|yellow:NW,NE:b9|red:SE,SW:b2\\n-c9 -d9 -e9 +c9 +d9 +e9 b9-c9\\n")
    >>> len(record.turns), write_game_record(record).splitlines()[1]
    (1, '-c9 -d9 -e9 +c9 +d9 +e9 b9-c9')
    """
    record = read_game_record(text)
    check_position(record.start)
    return record


# --------------------------------------------------------------------------- replay


@dataclass(frozen=True)
class ReplayedTurn:
    """One turn of a replay: its events and the position after it, or why it is illegal."""

    index: int
    events: tuple[Event, ...] = ()
    position: Position | None = None
    violation: Violation | None = None

    @property
    def legal(self) -> bool:
        return self.violation is None


@dataclass(frozen=True)
class Replay:
    """A game played from its start: every turn played (the first illegal one last) and
    the position after the last legal turn."""

    turns: tuple[ReplayedTurn, ...]
    final: Position


def replay(start: Position, turns: tuple[TurnPlan, ...] | list[TurnPlan]) -> Replay:
    """Play ``turns`` in order from ``start`` (each from the position's turn state, as
    :func:`~service.terra_turrium.turn.apply_turn` plays it); stop at the first illegal turn,
    which is the last one listed, its violation given, and ``final`` the position before
    it. A turn after the game is over is illegal (G3).
    """
    played: list[ReplayedTurn] = []
    position = start
    for index, plan in enumerate(turns):
        try:
            after, events = apply_turn(position, plan)
        except IllegalTurnError as exc:
            played.append(ReplayedTurn(index, violation=exc.violation))
            break
        played.append(ReplayedTurn(index, events, after))
        position = after
    return Replay(tuple(played), position)


# ------------------------------------------------------------------ the replay's answer


class ReplayResult(NamedTuple):
    """Whether the game is over after the turns played, and who won."""

    game_over: bool
    winners: tuple[str, ...]


class ReplayAnswer(NamedTuple):
    """The replay answer's value: the turns played, the final position, the result."""

    turns: tuple[ReplayedTurn, ...]
    final: Position
    result: ReplayResult


def replay_answer(played: Replay, positions: bool = False) -> ReplayAnswer:
    """What the replay answer writes of ``played``: each legal turn's position only with
    ``positions``."""
    turns = played.turns if positions else tuple(replace(t, position=None) for t in played.turns)
    final = played.final
    return ReplayAnswer(turns, final, ReplayResult(final.is_game_over, winners(final)))


__all__ = [
    "GAME_PATTERN",
    "PASS",
    "TURN_PATTERN",
    "GameRecord",
    "Replay",
    "ReplayAnswer",
    "ReplayResult",
    "ReplayedTurn",
    "replay_answer",
    "parse_game_record",
    "parse_turn_notation",
    "read_game_record",
    "replay",
    "write_game_record",
    "write_turn_notation",
]
