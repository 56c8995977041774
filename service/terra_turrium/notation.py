"""A one-line text form of a position, like FEN in chess (docs/notation.md).

``write_notation`` and ``parse_notation`` convert losslessly between a
:class:`~service.terra_turrium.position.Position` and a string such as::

    setup|yellow:NW:a10,b9|red:NE|blue:SE|green:SW|move=red

Sections are separated by ``|``: the heights first (``setup`` for the set-up heights
of B6, otherwise the play area rank by rank, north first), then one section per seat
in turn order (``id:territories:turrians:attacks:bonus_stones:pro_hold:captures``, the
members of the codec's ``SEAT`` in its order, trailing defaults left out), then
``key=value`` sections, in a fixed order, for everything that differs from its default.

The grammar is one regular expression, :data:`NOTATION_PATTERN`, which the HTTP
contract publishes too: every string it matches is read as a position, and what the
grammar cannot say (how many ranks the play area has, which territories a seat may own,
who is a seat) is a structural rule, checked exactly as for JSON input
(:func:`~service.terra_turrium.check.check_position`, an
:class:`~service.common.InvalidPositionError`). A string outside the grammar is a
:class:`~service.common.MalformedError` whose ``field`` points at the position member
that the faulty part encodes.

>>> from service.terra_turrium.setup import place_turrians, setup_position
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

import re
from collections.abc import Callable, Iterable
from dataclasses import MISSING, fields
from operator import attrgetter
from typing import Any, Final, NamedTuple

from service.common import InvalidPositionError, MalformedError
from service.common.grid import SQUARE_RANGE
from service.common.refusal import N_, Message, Nn_, Text
from service.common.schema import Choice, Integer, List, Schema
from service.common.shapes import MUST_BE_BETWEEN, MUST_BE_ONE_OF
from service.terra_turrium.board import GRID, SIZE, outermost_ring, square_name
from service.terra_turrium.check import check_position
from service.terra_turrium.position import (
    MOVEMENT_POINTS,
    SEAT_ID_WORD,
    STONES_PER_TURN,
    Phase,
    Position,
    Rules,
    Seat,
    TwoPlayerBoard,
    option_flags,
)
from service.terra_turrium.setup import setup_heights
from service.terra_turrium.wire.codec import read_position, rules_to_dict
from service.terra_turrium.wire.schemas import (
    Heights,
    PositionInput,
    SeatId,
    SeatInput,
    TurnStateInput,
    notation_answer,
)

SETUP: Final = "setup"
"""The heights section of a position whose heights are the set-up heights (B6)."""

ATTACKED: Final = "attacked"
"""The flag section for ``turn.attacked``."""

OPEN: Final = "open"
"""The flag section for ``captures_open`` (V2)."""

RULE_FLAGS: Final = tuple(option_flags())
"""The ``rules=`` flags, in canonical order; each names a non-default option value."""

OPTION_KEYS: Final = ("move", "start", "finishers", "rules", "phase", "taken", "hand", "points")
"""The ``key=value`` sections."""

SQUARE_NOUN: Final = SQUARE_RANGE(last=GRID.last)
SEAT_ID_NOUN: Final = N_("seat id")

SECTIONS: Final = ("move", "start", "finishers", "rules", OPEN, "phase", "taken", "hand", "points", ATTACKED)
"""Every section after the seats, in the order they must come: ``key=value`` sections and
the two flags."""

_FLAGS: Final = (OPEN, ATTACKED)

_OPTION_FIELDS: Final = {
    "move": "/to_move",
    "start": "/round_start",
    "finishers": "/finishers",
    "rules": "/rules",
    OPEN: "/captures_open",
    "phase": "/turn/phase",
    "taken": "/turn/taken",
    "hand": "/turn/in_hand",
    "points": "/turn/points",
    ATTACKED: "/turn/attacked",
}



# ---------------------------------------------------------------------------- grammar


def _bounded(high: int) -> str:
    """A decimal number 0 … ``high`` without leading zeros, for ``high`` = 9, 99, 999 …"""
    digits = len(str(high))
    assert str(high) == "9" * digits, "only bounds of nines are spelled this simply"
    return f"(?:0|[1-9][0-9]{{0,{digits - 1}}})"


def _most(schema: type[Schema], name: str) -> int:
    """The most the count ``name`` of ``schema`` may be (its least is 0)."""
    field = schema._declared_fields[name]
    count = field.cell if isinstance(field, Heights) else field
    assert isinstance(count, Integer) and count.high is not None, f"{name} is a bounded count"
    return count.high


#: The notation's counts outside a seat, bounded as the position's schema bounds them.
MOST: Final = {
    "in_hand": _most(TurnStateInput, "in_hand"),
    "points": _most(TurnStateInput, "points"),
    "height": _most(PositionInput, "heights"),
}
_HEIGHT: Final = rf"(?:[0-9]|\([1-9][0-9]{{1,{len(str(MOST['height'])) - 1}}}\))"
_RANK: Final = f"{_HEIGHT}+"
_HEIGHTS: Final = f"(?:{SETUP}|{_RANK}(?:/{_RANK})*)"
_ID: Final = SEAT_ID_WORD
_SQUARE: Final = GRID.name_pattern
_SQUARES: Final = f"{_SQUARE}(?:,{_SQUARE})*"


# --------------------------------------------------------------------- a seat's fields
#
# A seat section is the seat's members in the order of its schema (SeatInput),
# ``:``-separated, each written by its kind: a count in decimal, a list as its names
# separated by commas, a seat id as it is. The fields after the engine's required ones may
# be left out from the end while they hold the engine's default; a field that may be null
# (``pro_hold``) is empty for null, which is written only to reach a field after it. So a
# member of SeatInput is a field here with nothing more to write.

NO_TERRITORY: Final = N_("seat {section} names no territory (NW, NE, SE, SW)")


class SeatField(NamedTuple):
    """One field of a seat section, made from its member in the seat's schema."""

    name: str
    pattern: str
    default: str | None
    """The text of the engine's default, left out at the end; ``None`` where required."""
    nullable: bool
    write: Callable[[Any], str]
    parse: Callable[[str], Any]
    """The text as the JSON value the codec reads (``None``: the member left out)."""
    problem: Callable[[str, str, str], MalformedError | None]
    """The mistake in a text (``text``, ``where``, the whole ``section``), or ``None``."""
    attribute: str
    """The seat's attribute it writes."""
    field: Any
    """Its member in :class:`~service.terra_turrium.wire.schemas.SeatInput`."""


def _numbers(high: int) -> str:
    return f"[0-{high}]" if high < 10 else _bounded(high)


def _seat_field(attribute: str, field: Any, default: Any) -> SeatField:
    """The field of a seat's member ``field`` (of ``attribute``) whose engine default is ``default``."""
    name, required = field.data_key or attribute, default is MISSING
    more = (attribute, field)
    if isinstance(field, SeatId):
        word, detail = SEAT_ID_WORD, field.mistake
        return SeatField(
            name,
            word,
            None,
            False,
            str,
            str,
            lambda t, where, _: None if re.fullmatch(word, t) else MalformedError(detail, where),
            *more,
        )
    if isinstance(field, Integer):
        low, high = field.low, field.high
        assert high is not None, "every count the notation writes has a most"
        return SeatField(name, _numbers(high), None if required else str(default), False, str, int,
                         lambda t, where, _: _number_problem(t, low, high, where), *more)
    assert isinstance(field, List), f"the notation has no field for {name!r}"
    if isinstance(field.inner, Choice):
        names = list(field.inner.by_value_map)
        one = f"(?:{'|'.join(names)})"
        return SeatField(name, f"{one}(?:,{one})*", None if required else "", False,
                         lambda v: ",".join(c.value for c in v), lambda t: t.split(","),
                         lambda t, where, section: _choices_problem(t, one, names, where, section), *more)
    nullable = field.allow_none
    return SeatField(
        name, _SQUARES, None if required else "", nullable,
        lambda v: "" if v is None else _squares(v),
        (lambda t: t.split(",") if t else None) if nullable else (lambda t: t.split(",") if t else []),
        lambda t, where, _: None if not t and not nullable else _list_problem(t, _SQUARE, SQUARE_NOUN, where),
        *more,
    )


def _choices_problem(
    text: str, one: str, names: list[str], where: str, section: str
) -> MalformedError | None:
    if not text:
        return MalformedError(NO_TERRITORY(section=repr(section)), where)
    for i, found in enumerate(text.split(",")):
        if re.fullmatch(one, found) is None:
            return MalformedError(MUST_BE_ONE_OF(allowed=", ".join(map(repr, names))), f"{where}/{i}")
    return None


_SEAT_DEFAULTS: Final = {f.name: f.default for f in fields(Seat)}

SEAT_FIELDS: Final = tuple(
    _seat_field(attribute, field, _SEAT_DEFAULTS[attribute])
    for attribute, field in SeatInput._declared_fields.items()
)
"""A seat section's fields, in order: the members of the seat's schema."""


class Syntax(NamedTuple):
    """How a grammar is written: the regular expression here, ABNF in docs/notation.md."""

    colon: str
    join: Callable[[Iterable[str]], str]
    optional: Callable[[str], str]
    either: Callable[[str, str], str]


REGEX: Final = Syntax(":", "".join, lambda x: f"(?:{x})?", lambda a, b: f"(?:{a}|{b})")


def seat_grammar(syntax: Syntax = REGEX, term: Callable[[SeatField], str] = attrgetter("pattern")) -> str:
    """The grammar of a seat section in ``syntax``, each field written by ``term``: the
    required fields, then the others, each optional from the end; a nullable field is
    empty only before another."""
    colon, join, optional = syntax.colon, syntax.join, syntax.optional

    def more(fields_: tuple[SeatField, ...]) -> str:
        first, rest = fields_[0], fields_[1:]
        if not rest:
            return join((colon, term(first)))
        after = optional(more(rest))
        if first.nullable:
            return join((colon, syntax.either(join((term(first), after)), more(rest))))
        if first.default == "":
            return join((colon, optional(term(first)), after))
        return join((colon, term(first), after))

    required = [f for f in SEAT_FIELDS if f.default is None]
    assert SEAT_FIELDS[: len(required)] == tuple(required), "the required fields come first"
    head = join([part for f in required for part in (colon, term(f))][1:])
    return join((head, optional(more(SEAT_FIELDS[len(required):]))))


_SEAT: Final = seat_grammar()


_FLAG: Final = "(?:" + "|".join(re.escape(flag) for flag in RULE_FLAGS) + ")"
_OPTION_VALUES: Final = {
    "move": _ID,
    "start": _ID,
    "finishers": f"{_ID}(?:,{_ID})*",
    "rules": f"{_FLAG}(?:,{_FLAG})*",
    "phase": "(?:" + "|".join(p.value for p in Phase) + ")",
    "taken": _SQUARES,
    "hand": f"[0-{MOST['in_hand']}]",
    "points": f"[0-{MOST['points']}]",
}
_OPTIONS: Final = "".join(
    rf"(?:\|{key})?" if key in _FLAGS else rf"(?:\|{key}={_OPTION_VALUES[key]})?" for key in SECTIONS
)

NOTATION_PATTERN: Final = rf"^{_HEIGHTS}(?:\|{_SEAT}){{2,4}}{_OPTIONS}$"
"""The whole grammar (ECMA-262 and Python alike): a string is a notation iff it matches."""

_NOTATION: Final = re.compile(NOTATION_PATTERN)


class Notated(NamedTuple):
    """A position in both its forms: the notation answer's value."""

    notation: str
    position: Position


NotationAnswer: Final = notation_answer(NOTATION_PATTERN)
"""The notation answer's schema (:func:`notated` makes its value)."""


def notated(position: Position) -> Notated:
    """``position`` in both forms, as the notation answer writes it."""
    return Notated(write_notation(position), position)



def is_notation(text: str) -> bool:
    """Whether ``text`` is in the notation's grammar (its structure is another matter).

    >>> is_notation("setup|a:NW|b:NE|c:SE|d:SW"), is_notation("setup|a:NW")
    (True, False)
    """
    return _NOTATION.fullmatch(text) is not None


# ---------------------------------------------------------------------------- writing


def _play_span(players: int, rules: Rules) -> range:
    """The 0-based files (and ranks) of the play area (B4): 0–9, 1–8 or 2–7."""
    ring = outermost_ring(players, rules)
    return range(ring, SIZE - ring)


def _write_height(height: int) -> str:
    return str(height) if height < 10 else f"({height})"


def _write_heights(position: Position) -> str:
    if position.heights == setup_heights(position.players, position.rules):
        return SETUP
    span = _play_span(position.players, position.rules)
    return "/".join(
        "".join(_write_height(position.heights[rank * SIZE + file]) for file in span)
        for rank in reversed(span)
    )


def _squares(squares: tuple[int, ...]) -> str:
    return ",".join(square_name(s) for s in squares)


def _write_seat(seat: Seat) -> str:
    written = [f.write(getattr(seat, f.attribute)) for f in SEAT_FIELDS]
    while written[-1] == SEAT_FIELDS[len(written) - 1].default:
        written.pop()
    return ":".join(written)


def _rule_flags(rules: Rules) -> list[str]:
    return [flag for flag, (name, value) in option_flags().items() if getattr(rules, name) == value]


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
    flags = _rule_flags(position.rules)
    if flags:
        sections.append(f"rules={','.join(flags)}")
    if position.captures_open:
        sections.append(OPEN)
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


# ---------------------------------------------------------------------------- reading


def _parse_rank(text: str) -> list[int]:
    """One rank of the heights grid, known to match the grammar: digits and ``(N)``."""
    return [int(a or b) for a, b in re.findall(r"\(([0-9]+)\)|([0-9])", text)]


def _parse_heights(text: str, players: int, rules: Rules) -> list[list[int]]:
    if text == SETUP:
        flat = setup_heights(players, rules)
        return [list(flat[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)]
    span = _play_span(players, rules)
    ranks = [_parse_rank(rank) for rank in text.split("/")]
    if len(ranks) != len(span) or any(len(rank) != len(span) for rank in ranks):
        widths = sorted({len(rank) for rank in ranks})
        raise InvalidPositionError(
            "B4",
            Nn_(
                "the heights have {ranks} rank of {widths} squares; the play area with {players} players "
                "is {span} × {span}, listed north to south",
                "the heights have {ranks} ranks of {widths} squares; the play area with {players} players "
                "is {span} × {span}, listed north to south",
                "ranks",
            )(ranks=len(ranks), widths=" or ".join(map(str, widths)), players=players, span=len(span)),
            "/heights",
        )
    grid = [[0] * SIZE for _ in range(SIZE)]
    for rank, row in zip(reversed(span), ranks, strict=True):
        grid[rank][span.start : span.stop] = row
    return grid


def _parse_seat(text: str) -> dict[str, Any]:
    """A seat section as the JSON seat the codec reads: every field given, and the
    engine's default of every field left out."""
    parts = text.split(":")
    seat: dict[str, Any] = {}
    for i, field in enumerate(SEAT_FIELDS):
        value = field.parse(parts[i] if i < len(parts) else field.default or "")
        if value is not None:
            seat[field.name] = value
    return seat


def _parse_rules(text: str) -> Rules:
    flags = option_flags()
    return Rules(**dict(flags[flag] for flag in text.split(",")))


def parse_notation(text: str) -> Position:
    """The position written as ``text`` (docs/notation.md), checked like JSON input.

    Raises :class:`~service.common.MalformedError` for text outside the grammar
    (``field`` is the JSON pointer of the position member concerned) and
    :class:`~service.common.InvalidPositionError` for a position that breaks a
    structural rule.
    """
    position = read_notation(text)
    check_position(position)
    return position


def read_notation(text: str) -> Position:
    """The position written as ``text``, read but not yet checked against the structural
    rules (:func:`~service.terra_turrium.check.check_position`), except that the heights must
    fill the play area of the player count (B4)."""
    if _NOTATION.fullmatch(text) is None:
        raise _diagnose(text)
    heights_text, *sections = text.split("|")
    seats = [_parse_seat(s) for s in sections if ":" in s]
    options = dict(s.split("=", 1) for s in sections if "=" in s)
    rules = _parse_rules(options["rules"]) if "rules" in options else Rules()
    taken = options["taken"].split(",") if "taken" in options else []
    turn: dict[str, Any] = {
        "phase": options.get("phase", Phase.TAKE.value),
        "taken": taken,
        "in_hand": int(options.get("hand", min(len(taken), STONES_PER_TURN))),
        "points": int(options.get("points", MOVEMENT_POINTS)),
        "attacked": ATTACKED in sections,
    }
    try:
        grid = _parse_heights(heights_text, len(seats), rules)
        return read_position(
            {
                "heights": grid,
                "seats": seats,
                "to_move": options.get("move", seats[0]["id"]),
                "round_start": options.get("start", seats[0]["id"]),
                "finishers": options["finishers"].split(",") if "finishers" in options else [],
                "rules": rules_to_dict(rules),
                "turn": turn,
                "captures_open": OPEN in sections,
            }
        )
    except MalformedError as exc:  # pragma: no cover - the grammar admits no malformed value
        raise AssertionError(f"the notation grammar let through {exc.problems}") from exc


# ------------------------------------------------------------------------ diagnosis
#
# A string outside the grammar is refused with the first mistake found, worded as the
# same mistake in the JSON form is ("must be between 0 and 5" for attacks 6), at the
# pointer of the position member the faulty part encodes.


def _diagnose(text: str) -> MalformedError:
    """Why ``text`` is outside the grammar."""
    if not text:
        return MalformedError(N_("the notation is empty")(), "")
    if any(c.isspace() for c in text):
        return MalformedError(N_("a notation is one line without spaces")(), "")
    heights, *sections = text.split("|")
    seat_sections = [s for s in sections if "=" not in s and s not in _FLAGS]
    six = any(s.startswith("rules=") and "6x6" in s.split("=", 1)[1].split(",") for s in sections)
    problem = _heights_problem(heights, len(seat_sections), six)
    if problem is not None:
        return problem
    seats = 0
    seen: list[str] = []
    order = list(SECTIONS)
    for section in sections:
        key = section if section in _FLAGS else section.partition("=")[0] if "=" in section else None
        if key is None:
            if seen:
                return MalformedError(
                    N_("seat {section} comes after a key=value section; seats come first")(
                        section=repr(section)
                    ),
                    "/seats",
                )
            problem = _seat_problem(section, seats)
            if problem is not None:
                return problem
            seats += 1
            continue
        if key not in _OPTION_FIELDS:
            return MalformedError(
                N_("unknown section {section}; the sections after the seats are {sections}")(
                    section=repr(key + "=" if "=" in section else section),
                    sections=", ".join(k if k in _FLAGS else k + "=" for k in SECTIONS),
                ),
                "",
            )
        if key in seen:
            return MalformedError(N_("section {key} is given twice")(key=key), _OPTION_FIELDS[key])
        if seen and order.index(key) < order.index(seen[-1]):
            return MalformedError(
                N_("section {key} comes after {seen}; the sections come in the order {order}")(
                    key=key, seen=seen[-1], order=", ".join(order)
                ),
                _OPTION_FIELDS[key],
            )
        seen.append(key)
        if key not in _FLAGS:
            problem = _option_problem(key, section.partition("=")[2])
            if problem is not None:
                return problem
    if not 2 <= seats <= 4:
        return MalformedError(N_("a position has 2 to 4 seats, this one {seats}")(seats=seats), "/seats")
    return MalformedError(N_("not a position notation")(), "")  # pragma: no cover - every case is named above


def _number_problem(text: str, low: int, high: int, where: str) -> MalformedError | None:
    """A count written in the notation: digits, no sign, no leading zeros, in range."""
    if not (text.isascii() and text.isdigit()):
        return MalformedError(N_("must be an integer, not {text}")(text=repr(text)), where)
    if len(text) > 1 and text[0] == "0":
        return MalformedError(N_("{text} must be written without leading zeros")(text=repr(text)), where)
    if not low <= int(text) <= high:
        return MalformedError(MUST_BE_BETWEEN(low=low, high=high), where)
    return None


def _list_problem(text: str, pattern: str, what: Message | Text, where: str) -> MalformedError | None:
    """A comma-separated list of squares or seat ids, with at least one entry."""
    if not text:
        return MalformedError(N_("lists no {what}; leave the section out instead")(what=what), where)
    for i, item in enumerate(text.split(",")):
        if not item:
            return MalformedError(N_("{text} has an empty entry")(text=repr(text)), f"{where}/{i}")
        if re.fullmatch(pattern, item) is None:
            return MalformedError(N_("{item} is not a {what}")(item=repr(item), what=what), f"{where}/{i}")
    return None


def _heights_problem(text: str, players: int, six: bool) -> MalformedError | None:
    if text == SETUP:
        return None
    if not text:
        return MalformedError(N_("the heights section is empty: write 'setup' or the ranks")(), "/heights")
    if not any(c.isdigit() for c in text):
        return MalformedError(
            N_("the heights {text} are neither 'setup' nor ranks of digits")(text=repr(text)), "/heights"
        )
    span = (
        _play_span(players, Rules(two_player_board=TwoPlayerBoard.SIX) if six else Rules())
        if players
        else range(SIZE)
    )
    for number, rank_text in enumerate(text.split("/")):
        rank = span.stop - 1 - number
        name = f"rank {rank + 1} {rank_text!r}"
        file, i = span.start, 0
        while i < len(rank_text):
            where = f"/heights/{rank}/{file}"
            char = rank_text[i]
            if char == "(":
                end = rank_text.find(")", i)
                if end < 0:
                    return MalformedError(N_("{name}: '(' without ')'")(name=name), where)
                inner = rank_text[i + 1 : end]
                problem = _number_problem(inner, 10, MOST["height"], where)
                if problem is None:
                    i = end + 1
                elif inner.isascii() and inner.isdigit() and int(inner) < 10 and inner[0] != "0":
                    return MalformedError(
                        N_("{name}: height {inner} is written as the digit {inner}, not in parentheses")(
                            name=name, inner=inner
                        ),
                        where,
                    )
                else:
                    return MalformedError(N_("{name}: {detail}")(name=name, detail=problem.detail), where)
            elif char.isascii() and char.isdigit():
                i += 1
            else:
                return MalformedError(
                    N_("{name}: unexpected {char}; a height is a digit, or (N) for N from 10 to {most}")(
                        name=name, char=repr(char), most=MOST["height"]
                    ), where
                )
            file += 1
        if not rank_text:
            return MalformedError(N_("rank {rank} is empty")(rank=rank + 1), f"/heights/{rank}")
    return MalformedError(
        N_("the heights are not ranks of heights separated by '/'")(), "/heights"
    )  # pragma: no cover


def _seat_problem(section: str, index: int) -> MalformedError | None:
    where = f"/seats/{index}"
    parts = section.split(":")
    if len(parts) < 2:
        return MalformedError(
            N_("section {section} is neither a seat id:territories:… nor a key=value section")(
                section=repr(section)
            ),
            where,
        )
    if len(parts) > len(SEAT_FIELDS):
        return MalformedError(
            N_("seat {section} has {count} fields; at most {most}: {fields}")(
                section=repr(section), count=len(parts), most=len(SEAT_FIELDS),
                fields=":".join(f.name for f in SEAT_FIELDS),
            ),
            where,
        )
    for i, (field, part) in enumerate(zip(SEAT_FIELDS, parts, strict=False)):
        # A nullable field's empty text is null, written only to reach a field after it.
        if field.nullable and not part and i < len(parts) - 1:
            continue
        problem = field.problem(part, f"{where}/{field.name}", section)
        if problem is not None:
            return problem
    return None


def _option_problem(key: str, value: str) -> MalformedError | None:
    where = _OPTION_FIELDS[key]
    if key in ("move", "start"):
        ok = re.fullmatch(_ID, value) is not None
        return None if ok else MalformedError(SeatId.mistake, where)
    if key == "finishers":
        return _list_problem(value, _ID, SEAT_ID_NOUN, where)
    if key == "taken":
        return _list_problem(value, _SQUARE, SQUARE_NOUN, where)
    if key == "hand":
        return _number_problem(value, 0, MOST["in_hand"], where)
    if key == "points":
        return _number_problem(value, 0, MOST["points"], where)
    if key == "phase":
        ok = value in _PHASES
        return (
            None if ok else MalformedError(MUST_BE_ONE_OF(allowed=", ".join(repr(p) for p in _PHASES)), where)
        )
    if not value:
        return MalformedError(N_("rules= names no option; leave the section out instead")(), where)
    for flag in value.split(","):
        if flag not in RULE_FLAGS:
            return MalformedError(
                N_("unknown rules flag {flag}; the flags are {flags}")(
                    flag=repr(flag), flags=", ".join(RULE_FLAGS)
                ),
                where,
            )
    return None  # pragma: no cover - the grammar accepts every list of known flags


_PHASES: Final = tuple(p.value for p in Phase)


__all__ = [
    "ATTACKED",
    "NOTATION_PATTERN",
    "OPEN",
    "RULE_FLAGS",
    "SETUP",
    "is_notation",
    "parse_notation",
    "read_notation",
    "write_notation",
]
