"""Positions built by hand for the tests, in a compact text form.

A stack is written as its symbol and its colours' initials bottom → top: ``"Cbr"`` is
a C tower with a blue stone under a red one. :func:`build` takes the stacks a test is
about and, with ``fill``, puts every other stone of the 80 (TB4) into filler towers on
symbol squares of the quarters listed (in that order), at most five high, topped in
turn by the seats so that no quarter is completed. Filler towers never move (TM2), so
they only matter where a move's line crosses them.

:func:`write_compact` / :func:`parse_compact` give a position as one line, used by the
golden files::

    seats=yr to_move=y max=5 | a1=Bg b1=Ay …
    seats=yr to_move=r max=- turn=1 blocked=e4 over=quarter,3,y | …
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from service.spiel_der_tuerme import (
    COLOURS,
    QUARTER_SQUARES,
    SYMBOL,
    SYMBOLS,
    Colour,
    Position,
    Symbol,
    parse_position,
    parse_square,
    position_to_dict,
    square_name,
)
from service.spiel_der_tuerme.position import COLOUR_LETTERS

COLOUR_OF = {letter: colour for colour, letter in COLOUR_LETTERS.items()}


def stack_dict(text: str) -> dict[str, Any]:
    """``"Cbr"`` → ``{"symbol": "C", "stones": ["blue", "red"]}``."""
    return {"symbol": text[0], "stones": [COLOUR_OF[c].value for c in text[1:]]}


def seats_of(letters: str) -> list[str]:
    return [COLOUR_OF[c].value for c in letters]


def filler(stacks: Mapping[str, str], seats: str, quarters: Iterable[int], height: int = 5) -> dict[str, str]:
    """Filler towers for every stone ``stacks`` does not use, on free symbol squares of
    ``quarters``; the tops go round the colours ``seats``, the rest of each tower below."""
    left = {(colour, symbol): 5 for colour in COLOURS for symbol in SYMBOLS}
    for text in stacks.values():
        for letter in text[1:]:
            left[COLOUR_OF[letter], Symbol(text[0])] -= 1
    free = [s for q in quarters for s in QUARTER_SQUARES[q] if square_name(s) not in stacks]
    tops = [COLOUR_OF[c] for c in seats]
    towers: dict[str, str] = {}
    for turn, symbol in enumerate(SYMBOLS):
        pool = [colour for colour in COLOURS for _ in range(left[colour, symbol])]
        squares = [s for s in free if SYMBOL[s] is symbol]
        count = -(-len(pool) // height)
        if count > len(squares):
            raise ValueError(f"no free symbol square of {symbol.value} left for filler")
        # The tops first, one seat after the other; each symbol starts the round one
        # seat later, so no quarter gets four filler towers of one colour.
        chosen: list[Colour] = []
        for k in range(count):
            start = (turn + k) % len(tops)
            top = next((t for t in tops[start:] + tops[:start] if t in pool), None)
            if top is None:
                raise ValueError(f"only neutral stones of {symbol.value} are left for filler")
            pool.remove(top)
            chosen.append(top)
        pool.sort(key=lambda c: c in tops)  # neutral stones go below first
        for square, top in zip(squares, chosen, strict=False):
            below, pool = pool[: height - 1], pool[height - 1 :]
            towers[square_name(square)] = symbol.value + "".join(COLOUR_LETTERS[c] for c in [*below, top])
    return towers


def position_dict(
    stacks: Mapping[str, str],
    *,
    seats: str = "yrbg",
    to_move: str | None = None,
    max_height: int | None = 5,
    fill: Iterable[int] | None = (8, 7, 6, 5, 4, 3, 2, 1),
    tops: str | None = None,
    turn: tuple[int, bool] = (0, False),
    blocked: Iterable[str] = (),
    over: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON form of a hand-built position (not yet checked); ``tops`` are the
    colours of the filler towers' tops (default: the seats)."""
    everything = dict(stacks)
    if fill is not None:
        everything.update(filler(stacks, tops or seats, fill))
    ordered = sorted(everything.items(), key=lambda item: parse_square(item[0]))
    return {
        "stacks": {name: stack_dict(text) for name, text in ordered},
        "seats": seats_of(seats),
        "to_move": COLOUR_OF[(to_move or seats)[0]].value,
        "rules": {"max_height": max_height},
        "turn": {"moves": turn[0], "may_continue": turn[1]},
        "blocked": list(blocked),
        "over": dict(over) if over is not None else None,
    }


def build(stacks: Mapping[str, str], **options: Any) -> Position:
    """A hand-built position, checked by :func:`parse_position`."""
    return parse_position(position_dict(stacks, **options))


def write_compact(position: Position) -> str:
    """The position as one line (see the module's docstring)."""
    data = position_to_dict(position)
    head = [
        "seats=" + "".join(COLOUR_LETTERS[c] for c in position.seats),
        "to_move=" + COLOUR_LETTERS[position.to_move],
        "max=" + ("-" if position.rules.max_height is None else str(position.rules.max_height)),
    ]
    if position.turn.moves:
        head.append(f"turn={position.turn.moves}")
    if position.blocked:
        head.append("blocked=" + ",".join(square_name(s) for s in position.blocked))
    if position.over is not None:
        over = position.over
        seat = "" if over.seat is None else COLOUR_LETTERS[over.seat]
        head.append(f"over={over.reason.value},{over.quarter or ''},{seat}")
    body = [
        f"{name}={s['symbol']}" + "".join(COLOUR_LETTERS[Colour(c)] for c in s["stones"])
        for name, s in data["stacks"].items()
    ]
    return " ".join(head) + " | " + " ".join(body)


def parse_compact(line: str) -> Position:
    """The position of a line written by :func:`write_compact`."""
    head, body = line.split(" | ")
    fields = dict(token.split("=", 1) for token in head.split())
    stacks = dict(token.split("=", 1) for token in body.split())
    over = None
    if "over" in fields:
        reason, quarter, seat = fields["over"].split(",")
        over = {
            "reason": reason,
            "quarter": int(quarter) if quarter else None,
            "seat": COLOUR_OF[seat].value if seat else None,
        }
    moves = int(fields.get("turn", "0"))
    return build(
        stacks,
        seats=fields["seats"],
        to_move=fields["to_move"],
        max_height=None if fields["max"] == "-" else int(fields["max"]),
        fill=None,
        turn=(moves, moves > 0),
        blocked=fields["blocked"].split(",") if "blocked" in fields else (),
        over=over,
    )


def names(squares: Iterable[int]) -> list[str]:
    """Squares → names."""
    return [square_name(s) for s in squares]


def sq(name: str) -> int:
    """A square by name."""
    return parse_square(name)


ANCHORS = {"a1": "Br", "n1": "Cb", "n8": "Dg"}
"""A street stack for red, blue and green in three corners, out of the way of most
lines, so that no seat is stuck (TE3)."""

OPEN_QUARTERS = (8, 7, 4, 3)
"""Filler quarters that leave quarters 1, 2, 5 and 6 (the west half) empty."""

DEADLOCK = (
    "seats=yrbg to_move=y max=5 | a1=Ar b1=Dg c1=Ab d1=Dg e1=Bb f1=Ay g1=Dg h1=Cy i1=Db j1=Ay k1=Cg "
    "l1=Bb m1=Ag n1=Cb a2=By d2=Ag g2=Br h2=Ag k2=Br n2=Ag a3=Dy d3=Cr g3=Dy h3=Cb k3=Dg n3=Cr a4=Ar "
    "b4=By c4=Cy d4=Ab e4=Dg f4=Cg g4=Bb h4=Dy i4=Bg j4=Cb k4=Ar l4=Dr m4=Cb n4=Dy a5=Cy b5=Dr c5=Ab "
    "d5=Cg e5=Br f5=Ay g5=Dr h5=Bg i5=Db j5=Ay k5=Cr l5=Bb m5=Ay n5=Bg a6=Br d6=Ab g6=Bg h6=Ar k6=Bg "
    "n6=Ar a7=Db d7=Cy g7=Db h7=Cy k7=Dr n7=Cg a8=Ab b8=By c8=Cg d8=Br e8=Dy f8=Cb g8=Ag h8=Db i8=By "
    "j8=Cr k8=Bb l8=Dr m8=Cr n8=By"
)
"""A board as dealt (every street square one stone, TB5) on which no seat can move: found
by a search that swapped stones until no legal move was left."""
