"""A top-down SVG picture of a position, with optional highlights.

:func:`render_svg` draws the 10 × 10 board (rank 1 at the bottom, B1) with the
territories tinted in their owners' seat colours (the neutral territory grey, S1),
out-of-play squares hatched (B4), every stone pile as nested squares that darken
with height plus its number (B5), the turrians as discs in seat colours, and beside
the board a panel with each seat's territories, attacks, reserve, bonus stones,
finish and whether it is to move.

The document is built with plain string formatting and
:func:`xml.sax.saxutils.escape`/:func:`~xml.sax.saxutils.quoteattr`: the picture is a
fixed set of rects, circles and texts, which an SVG library would not make shorter,
and this keeps the service free of another dependency and the output byte-for-byte
under our control (no generated ids, no timestamps), so the same input always gives
the same document.

Every square is a ``<g>`` with ``data-square``, ``data-height``, ``data-territory``
and a ``class`` of ``square`` plus its highlight style (``reach``, ``capture`` …),
``origin`` for the selected turrian and ``out-of-play`` where B4 applies, so that
scripts and browser tests can find them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final
from xml.sax.saxutils import escape

from service.common.language import DEFAULT_LANGUAGE, value_word
from service.common.refusal import N_, Nn_
from service.render.drawing import (
    FLAG_TO_MOVE,
    GAME_OVER_WINNERS,
    INK,
    NAMED_COLOURS,
    PLAYERS,
    BoardLayout,
    GridHighlights,
    attrs,
    halo,
    highlight_marks,
    on,
    over,
    rect,
    seat_frame,
    svg_document,
    text_element,
    tint,
)
from service.render.drawing import (
    HighlightStyle as GridHighlightStyle,
)
from service.terra_turrium import (
    OPTIONS,
    SQUARE_NAMES,
    SQUARES,
    TERRITORY,
    Capture,
    Position,
    Reach,
    Removal,
    Square,
    Territory,
    legal_captures,
    legal_placements,
    legal_removals,
    reachable,
)
from service.terra_turrium.board import GRID
from service.terra_turrium.position import CAPTURES_PER_SEAT

# ------------------------------------------------------------------------ highlights


class HighlightStyle(GridHighlightStyle):
    """How a square of Terra Turrium's board is highlighted."""

    REMOVAL = "removal"
    PLACEMENT = "placement"
    REACH = "reach"
    CAPTURE = "capture"
    MARK = "mark"


class Highlights(GridHighlights[HighlightStyle]):
    """Squares to emphasise in a Terra Turrium picture; ``origin`` is the selected
    turrian's square."""

    STYLE = HighlightStyle
    SQUARE_COUNT = len(SQUARES)

    @classmethod
    def from_removals(cls, removals: Iterable[Removal]) -> Highlights:
        """The squares whose top stone may be taken (``legal_removals``)."""
        return cls(squares={r.square: HighlightStyle.REMOVAL for r in removals})

    @classmethod
    def from_placements(cls, squares: Iterable[Square]) -> Highlights:
        """The squares a stone may be placed on (``legal_placements``)."""
        return cls(squares=dict.fromkeys(squares, HighlightStyle.PLACEMENT))

    @classmethod
    def from_reach(cls, origin: Square | None, reaches: Iterable[Reach]) -> Highlights:
        """Where the turrian on ``origin`` (``None``: from the reserve) can end, labelled
        with the cost; a square where it would capture is styled ``capture``."""
        squares: dict[Square, HighlightStyle] = {}
        labels: dict[Square, str] = {}
        for reach in reaches:
            ends_in_capture = reach.square in reach.captures
            squares[reach.square] = HighlightStyle.CAPTURE if ends_in_capture else HighlightStyle.REACH
            labels[reach.square] = str(reach.cost)
        return cls(squares=squares, labels=labels, origin=origin)

    @classmethod
    def from_captures(cls, captures: Iterable[Capture]) -> Highlights:
        """The foreign turrians that can be captured, labelled with the cheapest cost;
        the capturing turrians are marked."""
        squares: dict[Square, HighlightStyle] = {}
        cheapest: dict[Square, int] = {}
        for capture in captures:
            if capture.origin is not None:
                squares[capture.origin] = HighlightStyle.MARK
            cheapest[capture.target] = min(capture.cost, cheapest.get(capture.target, capture.cost))
        for target in cheapest:
            squares[target] = HighlightStyle.CAPTURE
        return cls(squares=squares, labels={s: str(c) for s, c in cheapest.items()})


HIGHLIGHT_KINDS: Final = ("removals", "placements", "reach", "captures")
"""The ``kind`` names :func:`highlights_for` understands (those of the query endpoints)."""


def highlights_for(position: Position, kind: str, origin: Square | None = None) -> Highlights:
    """The highlights of one rules query on ``position``: ``removals``, ``placements``,
    ``reach`` (from ``origin``; ``None`` is the reserve) or ``captures``.

    Raises :class:`ValueError` for another kind; the engine's errors (a ``reach``
    origin without a turrian of the mover, say) pass through.
    """
    if kind == "removals":
        return Highlights.from_removals(legal_removals(position))
    if kind == "placements":
        return Highlights.from_placements(legal_placements(position))
    if kind == "reach":
        return Highlights.from_reach(origin, reachable(position, origin))
    if kind == "captures":
        return Highlights.from_captures(legal_captures(position))
    raise ValueError(f"unknown highlight kind {kind!r}; expected one of {', '.join(HIGHLIGHT_KINDS)}")


# -------------------------------------------------------------------------- colours


PALETTE: Final = ("#f2c12e", "#d7263d", "#2a6fdb", "#2e9e4f", "#f08a24", "#7b4fb5", "#1fb5c9", "#8b5a2b")
"""Other seats, by seat index: the default seats' colours first (yellow, red, blue, green)."""

NEUTRAL_TINT: Final = "#dcdcdc"
OUT_OF_PLAY: Final = "#b4b4b4"
STONE: Final = "#3a2e1f"
STONE_OPACITY: Final = 0.13
"""Each stone darkens its square by this much, so height reads as darkness."""

HIGHLIGHT_COLOURS: Final = {
    HighlightStyle.REMOVAL: "#e4572e",
    HighlightStyle.PLACEMENT: "#17a398",
    HighlightStyle.REACH: "#3066be",
    HighlightStyle.CAPTURE: "#c2185b",
    HighlightStyle.MARK: "#6a3d9a",
}


def seat_colours(position: Position) -> tuple[str, ...]:
    """A colour per seat: its own for a colour name, else the palette by seat index,
    skipping colours already taken by another seat."""
    taken = {NAMED_COLOURS[s.id] for s in position.seats if s.id in NAMED_COLOURS}
    colours = []
    for i, seat in enumerate(position.seats):
        if seat.id in NAMED_COLOURS:
            colours.append(NAMED_COLOURS[seat.id])
            continue
        free = [c for c in PALETTE[i:] + PALETTE[:i] if c not in taken]
        colour = free[0] if free else PALETTE[i]
        taken.add(colour)
        colours.append(colour)
    return tuple(colours)


# --------------------------------------------------------------------------- layout

CELL: Final = 52
"""Side of a square in pixels."""
BOARD_X: Final = 34
BOARD_Y: Final = 30
BOARD: Final = 10 * CELL
LAYOUT: Final = BoardLayout(GRID, BOARD_X, BOARD_Y, CELL)
PANEL_X: Final = BOARD_X + BOARD + 28
PANEL_W: Final = 250
WIDTH: Final = PANEL_X + PANEL_W + 12
HEIGHT: Final = BOARD_Y + BOARD + 48
SEAT_H: Final = 116
"""Height of a seat's block in the panel."""
LEVEL_INSET: Final = 3
"""Each stone level is drawn this much smaller than the one below it."""
LEVEL_CAP: Final = 7
"""At most this many nested squares; higher piles only darken further."""
DARKEST: Final = 40
"""A pile of this many stones is as dark as it gets (the darkening has long stopped
showing); higher ones are drawn as this one, so no height puts the arithmetic out of
range."""
HEIGHT_SHOWN: Final = 9999
"""The highest height written out (the HTTP contract's bound); above it, ``9999+``."""
TURRIAN_R: Final = 12
"""Small enough that the lower levels of the tower under a turrian stay visible."""


# ---------------------------------------------------------------------------- words

# Every word a person reads in the picture, written in the language asked for; rule ids,
# seat ids that are no colour, square and option names are never translated. A territory
# is named by the language's compass (German NO for the JSON's NE, French SO for SW).
SUMMARY: Final = Nn_(
    "Terra Turrium position, {count} player, {seat} to move",
    "Terra Turrium position, {count} players, {seat} to move",
    "count",
)
SQUARE_NEUTRAL: Final = N_("{square}, height {height}, {territory} neutral")
SQUARE_OWNED: Final = N_("{square}, height {height}, {territory} ({seat})")
SQUARE_OUT_OF_PLAY: Final = N_("{square}, out of play")
NEUTRAL: Final = N_("neutral")
TO_MOVE_PHASE: Final = N_("{seat} to move · {phase} phase")
IN_HAND: Final = N_("in hand {count}")
POINTS: Final = N_("points {count}")
TAKEN: Final = N_("taken {squares}")
ATTACKED: Final = N_("attacked")
CAPTURES_OPEN: Final = N_("capture phase open")
CAPTURES_CLOSED: Final = N_("capture phase closed")
FLAG_FINISHED: Final = N_("★ finished")
TEAM_WITH: Final = N_("team with {seat}")
TERRITORIES: Final = N_("territories {territories}")
ATTACKS: Final = N_("attacks {attacks}/5")
TURRIANS: Final = N_("on board {on_board} · reserve {reserve}")
BONUS_STONES: Final = N_("bonus stones {count}")
CAPTURES_LEFT: Final = N_("captures left {count}")
CAPTURES_NOT_YET: Final = N_("captures not yet open")
HOLD: Final = N_("hold {squares}")

# -------------------------------------------------------------------------- drawing


def _defs() -> str:
    return (
        "<defs>"
        '<pattern id="tt-out-of-play" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)">'
        f'<rect width="8" height="8" fill="{OUT_OF_PLAY}"/>'
        '<line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" stroke-width="3" stroke-opacity="0.6"/>'
        "</pattern>"
        "</defs>"
    )


def _stones(height: int) -> list[str]:
    """Nested squares, one per stone up to :data:`LEVEL_CAP`; the top one carries the rest."""
    out = []
    height = min(height, DARKEST)
    levels = min(height, LEVEL_CAP)
    for level in range(1, levels + 1):
        inset = 2 + (level - 1) * LEVEL_INSET
        stacked = height - levels + 1 if level == levels else 1
        opacity = 1 - (1 - STONE_OPACITY) ** stacked
        out.append(
            rect(
                class_="stone",
                x=inset,
                y=inset,
                width=CELL - 2 * inset,
                height=CELL - 2 * inset,
                fill=STONE,
                fill_opacity=float(opacity),
                stroke=STONE,
                stroke_opacity=0.45,
                stroke_width=0.8,
            )
        )
    return out


def _square(
    position: Position,
    square: Square,
    tints: Mapping[Territory, str],
    colours: tuple[str, ...],
    highlights: Highlights,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    name = SQUARE_NAMES[square]
    height = position.height(square)
    shown = str(height) if height <= HEIGHT_SHOWN else f"{HEIGHT_SHOWN}+"
    territory = TERRITORY[square]
    in_play = position.is_in_play(square)
    style = highlights.squares.get(square)
    classes = ["square", *highlights.classes(square)]
    if not in_play:
        classes.append("out-of-play")
    occupant = position.occupant[square]
    owner = position.owner[territory]
    if owner < 0:
        where = SQUARE_NEUTRAL.format(language, square=name, height=shown, territory=territory.value)
    else:
        where = SQUARE_OWNED.format(
            language, square=name, height=shown, territory=territory.value, seat=position.seats[owner].id
        )
    if not in_play:
        where = SQUARE_OUT_OF_PLAY.format(language, square=where)

    # B1: file a at the left, rank 10 at the top.
    parts = [
        LAYOUT.square_group(square, classes, where, data_height=shown, data_territory=territory.value),
        rect(
            width=CELL,
            height=CELL,
            fill=tints[territory] if in_play else "url(#tt-out-of-play)",
            stroke="#ffffff",
            stroke_width=1,
        ),
        *_stones(height),
    ]
    style_colour = None if style is None else HIGHLIGHT_COLOURS[style]
    parts.extend(highlight_marks(CELL, style_colour, square == highlights.origin, 0.14))
    centre = CELL / 2
    # The number's colour: whichever of white and ink contrasts more with what lies under
    # the middle of the square (the tint, each stone level, the highlight), with an
    # outline where neither reaches WCAG's AA contrast (mid greys).
    under = tints[territory] if in_play else OUT_OF_PLAY
    levels = min(min(height, DARKEST), LEVEL_CAP)
    for level in range(1, levels + 1):
        stacked = min(height, DARKEST) - levels + 1 if level == levels else 1
        under = over(under, STONE, 1 - (1 - STONE_OPACITY) ** stacked)
    if style is not None:
        under = over(under, HIGHLIGHT_COLOURS[style], 0.14)
    number_colour = on(under)
    if occupant >= 0:
        seat = position.seats[occupant]
        colour = colours[occupant]
        parts.append(
            "<circle"
            + attrs(
                class_="turrian", data_seat=seat.id, cx=float(centre), cy=float(centre), r=TURRIAN_R,
                fill=colour, stroke=INK, stroke_width=2.5,
            )
            + f"><title>{escape(value_word(('seat',), seat.id, language))}</title></circle>"
        )
        number_colour = on(colour)
        under = colour
    if height:
        outline = halo(number_colour, under)
        parts.append(
            text_element(
                centre, centre + 5.5, shown, class_="height", text_anchor="middle",
                font_size=15, font_weight="bold", fill=number_colour,
                stroke=outline, stroke_width=None if outline is None else 3,
                paint_order=None if outline is None else "stroke",
                stroke_linejoin=None if outline is None else "round",
            )
        )
    parts.extend(highlights.badge(square, CELL, style_colour))
    parts.append("</g>")
    return "".join(parts)


def _board(
    position: Position, colours: tuple[str, ...], highlights: Highlights, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    # A seat's second territory (2 players) is a shade lighter, so all four stay apart.
    tints = {
        t: NEUTRAL_TINT
        if owner < 0
        else tint(colours[owner], 0.7 if position.seats[owner].territories.index(t) == 0 else 0.8)
        for t, owner in position.owner.items()
    }
    out = ['<g class="board">']
    out.extend(_square(position, s, tints, colours, highlights, language) for s in SQUARES)
    half = BOARD // 2
    out.append(
        "<path"
        + attrs(
            class_="territory-borders",
            d=f"M{BOARD_X + half} {BOARD_Y}v{BOARD}M{BOARD_X} {BOARD_Y + half}h{BOARD}",
            stroke=INK,
            stroke_width=2.5,
        )
        + "/>"
    )
    out.append(
        rect(x=BOARD_X, y=BOARD_Y, width=BOARD, height=BOARD, fill="none", stroke=INK, stroke_width=2.5)
    )
    out.append("</g>")
    # Coordinates: files under the board, ranks on its left (B1).
    out.extend(LAYOUT.coordinates(17))
    # Territory captions above (north) and below (south) the board.
    out.append(f'<g class="territories"{attrs(font_size=12, fill="#444444")}>')
    captions = {
        Territory.NW: (BOARD_X, BOARD_Y - 9, "start"),
        Territory.NE: (BOARD_X + BOARD, BOARD_Y - 9, "end"),
        Territory.SW: (BOARD_X, BOARD_Y + BOARD + 38, "start"),
        Territory.SE: (BOARD_X + BOARD, BOARD_Y + BOARD + 38, "end"),
    }
    for territory, (x, y, anchor) in captions.items():
        owner = position.owner[territory]
        who = (
            NEUTRAL.format(language) if owner < 0
            else value_word(("seat",), position.seats[owner].id, language)
        )
        name = value_word(("territory",), territory.value, language)
        out.append(text_element(x, y, f"{name} · {who}", text_anchor=anchor))
    out.append("</g>")
    return out


def _panel(
    position: Position, colours: tuple[str, ...], language: str = DEFAULT_LANGUAGE
) -> tuple[list[str], int]:
    """The panel's elements and how far down it reaches."""
    turn, rules = position.turn, position.rules
    x = PANEL_X
    out = [f'<g class="panel"{attrs(font_size=12, fill=INK)}>']
    y = BOARD_Y + 4
    if position.is_game_over:
        headline = GAME_OVER_WINNERS.format(language, winners=", ".join(position.finishers))
    else:
        headline = TO_MOVE_PHASE.format(language, seat=position.to_move, phase=turn.phase.value)
    out.append(text_element(x, y + 10, headline, class_="headline", font_size=14, font_weight="bold"))
    y += 30
    details = [IN_HAND.format(language, count=turn.in_hand), POINTS.format(language, count=turn.points)]
    if turn.taken:
        details.append(TAKEN.format(language, squares=" ".join(SQUARE_NAMES[s] for s in turn.taken)))
    if turn.attacked:
        details.append(ATTACKED.format(language))
    out.append(text_element(x, y, " · ".join(details), class_="turn"))
    # Every option away from its default, by its name: a new option shows without a change here.
    options = [PLAYERS.format(language, count=position.players)]
    for option in OPTIONS:
        value = getattr(rules, option.name)
        if value != option.default:
            name = option.name.replace("_", " ")
            options.append(name if value is True else f"{name} {value.value}")
    if rules.burgenland:
        options.append((CAPTURES_OPEN if position.captures_open else CAPTURES_CLOSED).format(language))
    # As many lines as the options need: a long list would otherwise run off the picture.
    for line in _wrap(options, OPTIONS_LINE):
        y += 16
        out.append(text_element(x, y, line, class_="options", fill="#555555"))
    y += 18
    for i in range(position.players):
        out.extend(_seat_block(position, i, colours[i], x, y, language))
        y += SEAT_H + 6
    out.append("</g>")
    return out, y


OPTIONS_LINE: Final = 34
"""Characters of the 12-unit panel text that fit in :data:`PANEL_W`, judged generously."""


def _wrap(items: list[str], width: int) -> list[str]:
    """``items`` joined by `` · `` into lines of at most ``width`` characters (an item
    longer than that alone on its line).

    >>> _wrap(["2 players", "burgenland", "outside rule strict"], 24)
    ['2 players · burgenland', 'outside rule strict']
    """
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + 3 + len(item) <= width:
            lines[-1] += " · " + item
        else:
            lines.append(item)
    return lines


def _seat_block(
    position: Position, index: int, colour: str, x: int, y: int, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    seat = position.seats[index]
    moving = seat.id == position.to_move and not position.is_game_over
    finished = seat.id in position.finishers
    out = [
        "<g"
        + attrs(
            class_="seat" + (" to-move" if moving else "") + (" finisher" if finished else ""),
            data_seat=seat.id,
            data_attacks=seat.attacks,
            data_reserve=seat.reserve,
            data_bonus_stones=seat.bonus_stones,
            data_captures=seat.captures if position.rules.burgenland else None,
        )
        + ">",
        seat_frame(x, y, PANEL_W, SEAT_H, colour, moving),
        "<circle"
        + attrs(cx=x + 18, cy=y + 20, r=10, fill=colour, stroke=INK, stroke_width=2)
        + f"><title>{escape(value_word(('seat',), seat.id, language))}</title></circle>",
        text_element(
            x + 36, y + 25, value_word(("seat",), seat.id, language), class_="seat-id", font_size=15,
            font_weight="bold",
        ),
    ]
    flags = []
    if moving:
        flags.append(FLAG_TO_MOVE.format(language))
    if finished:
        flags.append(FLAG_FINISHED.format(language))
    if flags:
        flag_text = "  ".join(flags)
        out.append(text_element(x + PANEL_W - 10, y + 25, flag_text, text_anchor="end", font_weight="bold"))
    territories = " ".join(value_word(("territory",), t.value, language) for t in seat.territories)
    partner = position.partner(index)
    if partner >= 0:
        territories += " · " + TEAM_WITH.format(language, seat=position.seats[partner].id)
    out.append(text_element(x + 12, y + 46, TERRITORIES.format(language, territories=territories)))
    # S4: the aggressor track, one box per attack, filled when used.
    out.append(text_element(x + 12, y + 66, ATTACKS.format(language, attacks=seat.attacks)))
    for k in range(5):
        out.append(
            rect(
                x=x + 100 + k * 16, y=y + 56, width=12, height=12, rx=2,
                fill="#c0392b" if k < seat.attacks else "#ffffff", stroke=INK, stroke_width=1,
            )
        )
    # S2: both counts are named, so that the discs (one per turrian: filled on the board,
    # hollow in reserve) never stand next to a count they contradict.
    on_board = len(seat.turrians)
    turrians = TURRIANS.format(language, on_board=on_board, reserve=seat.reserve)
    out.append(text_element(x + 12, y + 86, turrians, class_="turrians"))
    for k in range(on_board + seat.reserve):
        in_reserve = k >= on_board
        out.append(
            "<circle"
            + attrs(
                class_="reserve" if in_reserve else "on-board",
                cx=x + 182 + k * 11, cy=y + 82, r=4.5, fill="#ffffff" if in_reserve else colour,
                stroke=INK, stroke_width=1, stroke_dasharray="2 1.5" if in_reserve else None,
            )
            + "/>"
        )
    extras = BONUS_STONES.format(language, count=seat.bonus_stones)
    if position.rules.burgenland:
        # V3: the captures left once the phase is open; before (V1), that it is not yet.
        if position.captures_open:
            extras += " · " + CAPTURES_LEFT.format(language, count=CAPTURES_PER_SEAT - seat.captures)
        else:
            extras += " · " + CAPTURES_NOT_YET.format(language)
    out.append(text_element(x + 12, y + 106, extras, class_="extras"))
    if seat.pro_hold is not None:
        hold = " ".join(SQUARE_NAMES[s] for s in seat.pro_hold)
        hold_text = HOLD.format(language, squares=hold)
        out.append(text_element(x + PANEL_W - 10, y + 106, hold_text, text_anchor="end"))
    out.append("</g>")
    return out


def render_svg(
    position: Position, highlights: Highlights | None = None, *, language: str = DEFAULT_LANGUAGE
) -> str:
    """The picture of ``position`` as a complete SVG document (UTF-8 text, no XML declaration),
    its words in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``); rule ids, seat ids,
    square, territory and option names and phase values stay as they are.

    Deterministic: the same position, highlights and language give the same string.
    """
    highlights = highlights or Highlights()
    colours = seat_colours(position)
    summary = SUMMARY.format(language, count=position.players, seat=position.to_move)
    panel, bottom = _panel(position, colours, language)
    height = max(HEIGHT, bottom + 6)
    parts = [*_board(position, colours, highlights, language), *panel]
    return svg_document(WIDTH, height, "terra-turrium", summary, parts, _defs())
