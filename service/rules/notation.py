"""A one-line text form of a position, like FEN in chess (docs/notation.md).

``write_notation`` and ``parse_notation`` convert losslessly between a
:class:`~service.rules.position.Position` and a string such as::

    setup|yellow:NW:a10,b9|red:NE|blue:SE|green:SW|move=red

Sections are separated by ``|``: the heights first (``setup`` for the set-up heights
of B6, otherwise the play area rank by rank, north first), then one section per seat
in turn order (``id:territories:turrians:attacks:bonus_stones:pro_hold``, trailing
defaults left out), then ``key=value`` sections for everything that differs from its
default. The writer produces the canonical form; the parser reads any string of the
grammar, builds the position's JSON form and hands it to
:func:`~service.rules.position.parse_position`, so the structural rules are checked
exactly as for JSON input. Syntax errors raise :class:`MalformedError` whose
``field`` is the JSON pointer of the position field the faulty part encodes.

>>> from service.rules.setup import place_turrians, setup_position
>>> p = place_turrians(setup_position(4), {"yellow": ["a10", "b9"], "red": ["j10"]})
>>> text = write_notation(p)
>>> text
'setup|yellow:NW:b9,a10|red:NE:j10|blue:SE|green:SW'
>>> parse_notation(text) == p
True
>>> parse_notation("setup|yellow:NW,NE|red:SE,SW|rules=6x6|phase=move|points=3").turn.points
3
"""

from __future__ import annotations

from typing import Any, Final

from service.rules.board import SIZE, lowest_in_play_ring, square_name
from service.rules.errors import MalformedError
from service.rules.position import (
    MOVEMENT_POINTS,
    Goal,
    OutsideRule,
    Phase,
    Position,
    Seat,
    TwoPlayerBoard,
    parse_position,
)
from service.rules.setup import setup_heights

SETUP: Final = "setup"
"""The heights section of a position whose heights are the set-up heights (B6)."""

ATTACKED: Final = "attacked"
"""The flag section for ``turn.attacked``."""

RULE_FLAGS: Final = ("pro", "team", "path", "6x6")
"""The ``rules=`` flags, in canonical order; each names a non-default option value."""

OPTION_KEYS: Final = ("move", "start", "finishers", "rules", "phase", "taken", "hand", "points")
"""The ``key=value`` sections, in canonical order (``attacked`` comes last)."""

_OPTION_FIELDS: Final = {
    "move": "/to_move",
    "start": "/round_start",
    "finishers": "/finishers",
    "rules": "/rules",
    "phase": "/turn/phase",
    "taken": "/turn/taken",
    "hand": "/turn/in_hand",
    "points": "/turn/points",
}

_SEAT_FIELDS: Final = ("id", "territories", "turrians", "attacks", "bonus_stones", "pro_hold")


# ---------------------------------------------------------------------------- writing


def _play_span(players: int, six_by_six: bool) -> range:
    """The 0-based files (and ranks) of the play area (B4): 0–9, 1–8 or 2–7."""
    low = lowest_in_play_ring(players, six_by_six)
    return range(low, SIZE - low)


def _write_height(height: int) -> str:
    return str(height) if height < 10 else f"({height})"


def _write_heights(position: Position) -> str:
    six = position.rules.two_player_board is TwoPlayerBoard.SIX
    if position.heights == setup_heights(position.players, six):
        return SETUP
    span = _play_span(position.players, six)
    return "/".join(
        "".join(_write_height(position.heights[rank * SIZE + file]) for file in span)
        for rank in reversed(span)
    )


def _squares(squares: tuple[int, ...]) -> str:
    return ",".join(square_name(s) for s in squares)


def _write_seat(seat: Seat) -> str:
    fields = [
        seat.id,
        ",".join(t.value for t in seat.territories),
        _squares(seat.turrians),
        str(seat.attacks),
        str(seat.bonus_stones),
        "" if seat.pro_hold is None else _squares(seat.pro_hold),
    ]
    defaults = ["", "", "", "0", "0", ""]
    while fields[-1] == defaults[len(fields) - 1]:
        fields.pop()
    return ":".join(fields)


def _rule_flags(position: Position) -> list[str]:
    rules = position.rules
    flags = {
        "pro": rules.goal is Goal.PRO,
        "team": rules.team_play,
        "path": rules.outside_rule is OutsideRule.PATH,
        "6x6": rules.two_player_board is TwoPlayerBoard.SIX,
    }
    return [flag for flag in RULE_FLAGS if flags[flag]]


def write_notation(position: Position) -> str:
    """The canonical notation of ``position`` (docs/notation.md); every default left out."""
    sections = [_write_heights(position)]
    sections.extend(_write_seat(seat) for seat in position.seats)
    first = position.seats[0].id
    if position.to_move != first:
        sections.append(f"move={position.to_move}")
    if position.round_start != first:
        sections.append(f"start={position.round_start}")
    if position.finishers:
        sections.append(f"finishers={','.join(position.finishers)}")
    flags = _rule_flags(position)
    if flags:
        sections.append(f"rules={','.join(flags)}")
    turn = position.turn
    if turn.phase is not Phase.TAKE:
        sections.append(f"phase={turn.phase.value}")
    if turn.taken:
        sections.append(f"taken={_squares(turn.taken)}")
    if turn.in_hand != len(turn.taken):
        sections.append(f"hand={turn.in_hand}")
    if turn.points != MOVEMENT_POINTS:
        sections.append(f"points={turn.points}")
    if turn.attacked:
        sections.append(ATTACKED)
    return "|".join(sections)


# ---------------------------------------------------------------------------- parsing


def _number(text: str, what: str, field: str) -> int:
    """A decimal number without sign or leading zeros."""
    if not text.isascii() or not text.isdigit() or (len(text) > 1 and text[0] == "0"):
        raise MalformedError(f"{what} {text!r} is not a number (digits, no leading zeros)", field)
    return int(text)


def _square_list(text: str, what: str, field: str, *, allow_empty: bool) -> list[str]:
    """Comma-separated square names; left as names for :func:`parse_position` to check."""
    if not text:
        if allow_empty:
            return []
        raise MalformedError(f"{what} lists no square; leave the section out instead", field)
    names = text.split(",")
    for i, name in enumerate(names):
        if not name:
            raise MalformedError(f"{what} {text!r} has an empty entry", f"{field}/{i}")
    return names


def _parse_rank(text: str, rank: int, files: range) -> list[int]:
    """One rank of the heights grid: digits, ``(N)`` for N ≥ 10."""
    where = f"/heights/{rank}"
    name = f"rank {rank + 1}"
    heights: list[int] = []
    i = 0
    while i < len(text):
        char = text[i]
        field = f"{where}/{files.start + len(heights)}"
        if char == "(":
            end = text.find(")", i)
            if end < 0:
                raise MalformedError(f"{name} {text!r}: '(' without ')'", field)
            value = _number(text[i + 1 : end], f"{name}: height", field)
            if value < 10:
                raise MalformedError(
                    f"{name}: height {value} is written as the digit {value}, not in parentheses", field
                )
            heights.append(value)
            i = end + 1
        elif "0" <= char <= "9":
            heights.append(int(char))
            i += 1
        else:
            raise MalformedError(
                f"{name} {text!r}: unexpected {char!r}; a height is a digit or (N) for N ≥ 10", field
            )
    if len(heights) != len(files):
        raise MalformedError(
            f"{name} {text!r} has {len(heights)} heights; the play area is {len(files)} squares wide", where
        )
    return heights


def _parse_heights(text: str, players: int, six_by_six: bool) -> list[list[int]]:
    if text == SETUP:
        flat = setup_heights(players, six_by_six)
        return [list(flat[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]
    span = _play_span(players, six_by_six)
    if not text:
        raise MalformedError("the heights section is empty: write 'setup' or the ranks", "/heights")
    ranks = text.split("/")
    if len(ranks) != len(span):
        raise MalformedError(
            f"the heights have {len(ranks)} rank{'' if len(ranks) == 1 else 's'}; "
            f"the play area with {players} players "
            f"has {len(span)} (B4), listed north to south and separated by '/'",
            "/heights",
        )
    grid = [[0] * SIZE for _ in range(SIZE)]
    for rank, row in zip(reversed(span), ranks, strict=True):
        grid[rank][span.start : span.stop] = _parse_rank(row, rank, span)
    return grid


def _parse_seat(text: str, index: int) -> dict[str, Any]:
    where = f"/seats/{index}"
    parts = text.split(":")
    if len(parts) > len(_SEAT_FIELDS):
        raise MalformedError(
            f"seat {text!r} has {len(parts)} fields; at most {len(_SEAT_FIELDS)}: "
            "id:territories:turrians:attacks:bonus_stones:pro_hold",
            where,
        )
    seat: dict[str, Any] = {"id": parts[0]}
    territories = parts[1].split(",") if parts[1] else []
    if not territories:
        raise MalformedError(f"seat {text!r} names no territory (NW, NE, SE, SW)", f"{where}/territories")
    seat["territories"] = territories
    seat["turrians"] = (
        _square_list(parts[2], f"seat {parts[0]!r}: turrians", f"{where}/turrians", allow_empty=True)
        if len(parts) > 2
        else []
    )
    seat["attacks"] = (
        _number(parts[3], f"seat {parts[0]!r}: attacks", f"{where}/attacks") if len(parts) > 3 else 0
    )
    if len(parts) > 4:
        seat["bonus_stones"] = _number(parts[4], f"seat {parts[0]!r}: bonus stones", f"{where}/bonus_stones")
    if len(parts) > 5:
        seat["pro_hold"] = _square_list(
            parts[5], f"seat {parts[0]!r}: pro_hold", f"{where}/pro_hold", allow_empty=False
        )
    return seat


def _parse_rules(text: str) -> dict[str, Any]:
    flags = text.split(",") if text else []
    if not flags:
        raise MalformedError("rules= names no option; leave the section out instead", "/rules")
    for flag in flags:
        if flag not in RULE_FLAGS:
            raise MalformedError(
                f"unknown rules flag {flag!r}; the flags are {', '.join(RULE_FLAGS)}", "/rules"
            )
        if flags.count(flag) > 1:
            raise MalformedError(f"rules flag {flag!r} is given twice", "/rules")
    return {
        "goal": Goal.PRO.value if "pro" in flags else Goal.STANDARD.value,
        "team_play": "team" in flags,
        "outside_rule": OutsideRule.PATH.value if "path" in flags else OutsideRule.LINE.value,
        "two_player_board": TwoPlayerBoard.SIX.value if "6x6" in flags else TwoPlayerBoard.EIGHT.value,
    }


def _seat_list(text: str) -> list[str]:
    ids = text.split(",") if text else []
    if not ids:
        raise MalformedError("finishers= lists no seat; leave the section out instead", "/finishers")
    return ids


def _split_option(text: str, seen: dict[str, str]) -> None:
    key, _, value = text.partition("=")
    if key not in _OPTION_FIELDS:
        raise MalformedError(f"unknown section {key + '='!r}; the keys are {', '.join(OPTION_KEYS)}", "")
    if key in seen:
        raise MalformedError(f"section {key}= is given twice", _OPTION_FIELDS[key])
    seen[key] = value


def parse_notation(text: str) -> Position:
    """The position written as ``text`` (docs/notation.md), checked like JSON input.

    Raises :class:`MalformedError` for text outside the grammar (``field`` is the JSON
    pointer of the position field concerned) and whatever :func:`parse_position`
    raises for a position that breaks a structural rule.
    """
    if not text:
        raise MalformedError("the notation is empty", "")
    if any(c.isspace() for c in text):
        raise MalformedError("a notation is one line without spaces", "")
    sections = text.split("|")
    heights_text, rest = sections[0], sections[1:]
    seats: list[dict[str, Any]] = []
    options: dict[str, str] = {}
    attacked = False
    for section in rest:
        if "=" in section:
            _split_option(section, options)
        elif section == ATTACKED:
            if attacked:
                raise MalformedError("the attacked flag is given twice", "/turn/attacked")
            attacked = True
        elif ":" in section:
            if options or attacked:
                raise MalformedError(
                    f"seat {section!r} comes after a key=value section; seats come first", "/seats"
                )
            seats.append(_parse_seat(section, len(seats)))
        else:
            raise MalformedError(
                f"section {section!r} is neither a seat 'id:territories…', a 'key=value' nor 'attacked'",
                "",
            )
    if not 2 <= len(seats) <= 4:
        raise MalformedError(f"a position has 2 to 4 seats, this one {len(seats)}", "/seats")
    rules = _parse_rules(options["rules"]) if "rules" in options else {}
    six = rules.get("two_player_board") == TwoPlayerBoard.SIX.value
    data: dict[str, Any] = {
        "heights": _parse_heights(heights_text, len(seats), six),
        "seats": seats,
        "to_move": options.get("move", seats[0]["id"]),
        "round_start": options.get("start", seats[0]["id"]),
        "finishers": _seat_list(options["finishers"]) if "finishers" in options else [],
        "rules": rules,
    }
    turn: dict[str, Any] = {"attacked": attacked}
    if "phase" in options:
        turn["phase"] = options["phase"]
    taken = (
        _square_list(options["taken"], "taken=", "/turn/taken", allow_empty=False)
        if "taken" in options
        else []
    )
    turn["taken"] = taken
    turn["in_hand"] = _number(options["hand"], "hand=", "/turn/in_hand") if "hand" in options else len(taken)
    if "points" in options:
        turn["points"] = _number(options["points"], "points=", "/turn/points")
    data["turn"] = turn
    return parse_position(data)


__all__ = ["ATTACKED", "RULE_FLAGS", "SETUP", "parse_notation", "write_notation"]
