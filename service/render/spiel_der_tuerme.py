"""A top-down SVG picture of a Spiel der Türme position, with optional highlights.

:func:`render_svg` draws the 14 × 8 board (rank 1 at the bottom, TB1): street squares
pale and paved, symbol squares a darker sand with their symbol letter (TB2, TB3), each
quarter outlined and numbered 1–8 (a completed quarter outlined in its colour, TE1),
and every stack as a tower seen from slightly above: a tile in the colour of its top
stone (TB4) carrying the stack's symbol, on a side of thin bands, one per stone in its
colour, bottom stone lowest, and the height printed under it. Neutral stones (TN1,
TN2) are pale tiles with a dashed edge; the ``blocked`` squares (TN4) carry a
no-entry sign. Beside the board a panel shows whose turn it is or how the game ended,
every seat's points (TS1–TS3) and stacks on the streets, the neutral colours and the
blocked squares.

Like :mod:`service.render.terra_turrium`, the document is plain string formatting: no generated
ids, no timestamps, so the same input always gives the same bytes. It shares that
module's markup helpers and the four colours' values (so a red stone is the same red
in both games' pictures), nothing else.

Every square is a ``<g>`` with ``data-square``, ``data-height`` and a ``class`` of
``square`` and ``street`` or ``symbol``, its highlight style (``move``, ``continue``,
``end``, ``mark``), ``origin`` for the square the moves start from and ``blocked``
(TN4); a symbol square adds ``data-symbol`` and ``data-quarter``, a stack is a
``<g class="stack">`` inside it with ``data-symbol``, ``data-top`` and ``data-stones``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Final

# The markup helpers are private to this package: imported rather than copied, so that
# both pictures write numbers and attributes alike.
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
    highlight_marks,
    on,
    rect,
    seat_frame,
    svg_document,
    text_element,
    tint,
)
from service.render.drawing import (
    HighlightStyle as GridHighlightStyle,
)
from service.spiel_der_tuerme import (
    COLOURS,
    FILES,
    QUARTER,
    QUARTER_SQUARES,
    RANKS,
    SQUARE_NAMES,
    SQUARES,
    STREET_SQUARES,
    SYMBOL,
    Colour,
    EndReason,
    LegalMove,
    Position,
    SeatScore,
    Square,
    Stack,
    legal_moves,
    score,
)
from service.spiel_der_tuerme.board import GRID as SQUARE_GRID

# ------------------------------------------------------------------------ highlights


class HighlightStyle(GridHighlightStyle):
    """How a square of Spiel der Türme's board is highlighted."""

    MOVE = "move"
    """A move there ends the turn (TM8)."""
    CONTINUE = "continue"
    """A move there lets the seat move again (TM7)."""
    END = "end"
    """A move there ends the game (TE1–TE3)."""
    MARK = "mark"
    """A mark of the client's own."""


class Highlights(GridHighlights[HighlightStyle]):
    """Squares to emphasise in a Spiel der Türme picture; ``origin`` is the square the
    highlighted moves start from."""

    STYLE = HighlightStyle
    SQUARE_COUNT = len(SQUARES)

    @classmethod
    def from_moves(cls, origin: Square | None, moves: Iterable[LegalMove]) -> Highlights:
        """The targets of ``moves`` (``legal_moves``), each labelled with the height of
        the stack it leaves there and ``+`` when the seat may then move again (TM7);
        a move that ends the game is styled ``end``, one that lets the seat go on
        ``continue``, any other ``move``."""
        squares: dict[Square, HighlightStyle] = {}
        labels: dict[Square, str] = {}
        for move in moves:
            if move.ends_game:
                squares[move.to] = HighlightStyle.END
            elif move.may_continue:
                squares[move.to] = HighlightStyle.CONTINUE
            else:
                squares[move.to] = HighlightStyle.MOVE
            labels[move.to] = f"{move.height}+" if move.may_continue else str(move.height)
        return cls(squares=squares, labels=labels, origin=origin)


def highlights_for_moves(position: Position, frm: Square) -> Highlights:
    """The legal moves of the seat to move from ``frm`` (:func:`Highlights.from_moves`).

    The engine's :class:`~service.spiel_der_tuerme.InvalidQueryError` passes through
    when ``frm`` holds nothing the seat may move.
    """
    return Highlights.from_moves(frm, legal_moves(position, frm))


# -------------------------------------------------------------------------- colours

STONE_COLOURS: Final = {colour: NAMED_COLOURS[colour.value] for colour in COLOURS}
"""The same four colours as the first game's default seats."""

STREET: Final = "#ebe8e1"
SYMBOL_SQUARE: Final = "#cdb48a"
SYMBOL_INK: Final = "#4a3b24"
"""Dark enough on :data:`SYMBOL_SQUARE` for WCAG's AA contrast (5.3:1)."""
GRID: Final = "#ffffff"
NEUTRAL_WHITE: Final = 0.62
"""How much white a neutral stone's tile is mixed with: its colour stays recognisable
but it no longer looks like a seat's."""
BLOCKED: Final = "#b71c1c"

HIGHLIGHT_COLOURS: Final = {
    HighlightStyle.MOVE: "#00796b",
    HighlightStyle.CONTINUE: "#7b1fa2",
    HighlightStyle.END: "#d81b60",
    HighlightStyle.MARK: "#5d4037",
}


def _darker(colour: str, factor: float = 0.78) -> str:
    """``colour`` with each channel scaled by ``factor``: a stone's side, a tile's edge."""
    return "#" + "".join(f"{round(int(colour[i:i + 2], 16) * factor):02x}" for i in (1, 3, 5))


def stone_colour(position: Position, colour: Colour) -> str:
    """The fill of a stone: its colour, paled for a neutral colour (TN1)."""
    value = STONE_COLOURS[colour]
    return tint(value, NEUTRAL_WHITE) if colour in position.neutrals else value


# --------------------------------------------------------------------------- layout

CELL: Final = 56
"""Side of a square in pixels."""
BOARD_X: Final = 34
BOARD_Y: Final = 34
BOARD_W: Final = FILES * CELL
BOARD_H: Final = RANKS * CELL
PANEL_X: Final = BOARD_X + BOARD_W + 28
PANEL_W: Final = 250
WIDTH: Final = PANEL_X + PANEL_W + 14
HEIGHT: Final = BOARD_Y + BOARD_H + 34
LAYOUT: Final = BoardLayout(SQUARE_GRID, BOARD_X, BOARD_Y, CELL)
SEAT_H: Final = 66
"""Height of a seat's block in the panel."""

TILE_W: Final = 34
"""Width of a stack's top tile."""
TILE_H: Final = 24
BASE_Y: Final = 40
"""Where a stack's side ends; a taller stack's tile stands higher."""
BAND: Final = 3.0
"""Thickness of one stone in a stack's side, up to :data:`SIDE_MAX` in all."""
SIDE_MAX: Final = 14.0
GLYPH_WIDTH: Final = 0.6
"""A generous average width of a character of the font, in ems."""
BOLD_WIDTH: Final = 1.1
"""How much wider a bold character is."""


# ---------------------------------------------------------------------------- words

# Every word a person reads in the picture, written in the language asked for; rule ids,
# colours, symbols and square names are never translated.
SUMMARY_TO_MOVE: Final = Nn_(
    "Spiel der Türme position, {count} player, {seat} to move",
    "Spiel der Türme position, {count} players, {seat} to move",
    "count",
)
SUMMARY_OVER: Final = Nn_(
    "Spiel der Türme position, {count} player, game over",
    "Spiel der Türme position, {count} players, game over",
    "count",
)
ON_STREET: Final = N_("{square}, street")
ON_SYMBOL: Final = N_("{square}, symbol {symbol} of quarter {quarter}")
EMPTY: Final = N_("{square}, empty")
NEUTRAL_OWNER: Final = N_("neutral {colour}")
NEUTRAL_COLOUR: Final = N_("{colour} · neutral · {stones}")
STACK_OF: Final = N_("{symbol} stack of {height} ({stones}, bottom to top): {owner}")
BLOCKED_STACK: Final = N_("{stack}, blocked")
COMPLETED_QUARTER: Final = N_("{seat} completed quarter {quarter} (TE1)")
STREETS_EMPTY: Final = N_("no stack is left on the streets (TE2)")
STUCK: Final = N_("{seat} is stuck (TE3)")
A_SEAT_STUCK: Final = N_("a seat is stuck (TE3)")
# One winner or several (a tie, TS3): the form follows the list, whose length is not shown.
GAME_OVER_WINNER: Final = N_("game over · winner {winners}")
TO_MOVE: Final = N_("{seat} to move")
MAY_MOVE_AGAIN: Final = Nn_(
    "{count} move made · may move again (TM7)", "{count} moves made · may move again (TM7)", "count"
)
START_OF_TURN: Final = N_("start of the turn")
NO_HEIGHT_LIMIT: Final = N_("no height limit")
TOWERS_UP_TO: Final = N_("towers up to {limit}")
NOT_NOW: Final = N_("{squares}: not for {seat} now (TN4)")
MOVES_FROM: Final = N_("moves from {square}")
HEIGHT_AFTER: Final = N_("number: height after the move")
POINTS: Final = Nn_("{count} point", "{count} points", "count")
STREET_STACKS: Final = N_("stacks on the streets {count}")
FLAG_WINNER: Final = N_("★ winner")
DOUBLED: Final = N_("doubled")
QUARTERS: Final = N_("quarters {quarters}")
NO_QUARTER: Final = N_("no quarter yet")
STONES: Final = Nn_("{count} stone", "{count} stones", "count")


# -------------------------------------------------------------------------- drawing


def _stack(position: Position, stack: Stack) -> list[str]:
    """The tower: the side's bands bottom stone lowest, then the top tile with the
    symbol, then the height under it."""
    height = stack.height
    neutral = stack.top in position.neutrals
    band = min(BAND, SIDE_MAX / height)
    side = band * height
    x = (CELL - TILE_W) / 2
    tile_y = BASE_Y - side - TILE_H
    top = stone_colour(position, stack.top)
    stones = " ".join(c.value for c in stack.stones)
    classes = "stack neutral" if neutral else "stack"
    out = [
        "<g"
        + attrs(
            class_=classes,
            data_symbol=stack.symbol.value,
            data_top=stack.top.value,
            data_height=height,
            data_stones=stones,
        )
        + ">"
    ]
    for level, colour in enumerate(stack.stones):
        out.append(
            rect(
                class_="band",
                data_colour=colour.value,
                x=float(x),
                y=float(BASE_Y - (level + 1) * band),
                width=TILE_W,
                height=float(band),
                fill=_darker(stone_colour(position, colour)),
            )
        )
    edge = _darker(top, 0.55)
    out.append(
        rect(
            x=float(x),
            y=float(tile_y),
            width=TILE_W,
            height=float(side + TILE_H),
            fill="none",
            stroke=edge,
            stroke_width=1,
            rx=2,
        )
    )
    out.append(
        rect(
            class_="tile",
            x=float(x),
            y=float(tile_y),
            width=TILE_W,
            height=TILE_H,
            rx=2,
            fill=top,
            stroke=edge,
            stroke_width=1.2,
            stroke_dasharray="3 2" if neutral else None,
        )
    )
    out.append(
        text_element(
            CELL / 2,
            tile_y + TILE_H / 2 + 5.5,
            stack.symbol.value,
            class_="stack-symbol",
            text_anchor="middle",
            font_size=15,
            font_weight="bold",
            fill=on(top),
        )
    )
    out.append(
        text_element(
            CELL / 2,
            BASE_Y + 14,
            str(height),
            class_="height",
            text_anchor="middle",
            font_size=13,
            font_weight="bold",
            fill=INK,
        )
    )
    out.append("</g>")
    return out


def _describe(position: Position, square: Square, language: str = DEFAULT_LANGUAGE) -> str:
    name = SQUARE_NAMES[square]
    symbol = SYMBOL[square]
    if symbol is None:
        where = ON_STREET.format(language, square=name)
    else:
        where = ON_SYMBOL.format(language, square=name, symbol=symbol.value, quarter=QUARTER[square])
    stack = position.stacks[square]
    if stack is None:
        return EMPTY.format(language, square=where)
    top = stack.top.value
    owner = NEUTRAL_OWNER.format(language, colour=top) if stack.top in position.neutrals else top
    stones = ", ".join(c.value for c in stack.stones)
    what = STACK_OF.format(
        language, symbol=stack.symbol.value, height=stack.height, stones=stones, owner=owner
    )
    if square in position.blocked:
        what = BLOCKED_STACK.format(language, stack=what)
    return f"{where}, {what}"


def _square(
    position: Position, square: Square, highlights: Highlights, language: str = DEFAULT_LANGUAGE
) -> str:
    symbol = SYMBOL[square]
    stack = position.stacks[square]
    style = highlights.squares.get(square)
    classes = ["square", "street" if symbol is None else "symbol", *highlights.classes(square)]
    blocked = square in position.blocked
    if blocked:
        classes.append("blocked")
    # TB1: file a at the left, rank 8 at the top.
    parts = [
        LAYOUT.square_group(
            square, classes, _describe(position, square, language),
            data_symbol=None if symbol is None else symbol.value,
            data_quarter=QUARTER[square],
            data_height=0 if stack is None else stack.height,
        ),
        rect(width=CELL, height=CELL, fill=STREET if symbol is None else SYMBOL_SQUARE, stroke=GRID),
    ]
    if symbol is not None:
        # Big and faint when empty, so an empty quarter reads as its four letters; in
        # the corner, clear of the tower, when a stack stands on it.
        if stack is None:
            parts.append(
                text_element(
                    CELL / 2, CELL / 2 + 10, symbol.value, class_="symbol-letter", text_anchor="middle",
                    font_size=28, font_weight="bold", fill=SYMBOL_INK,
                )
            )
        else:
            parts.append(
                text_element(
                    4, 13, symbol.value, class_="symbol-letter", font_size=11, font_weight="bold",
                    fill=SYMBOL_INK,
                )
            )
    style_colour = None if style is None else HIGHLIGHT_COLOURS[style]
    parts.extend(highlight_marks(CELL, style_colour, False, 0.16))
    if stack is not None:
        parts.extend(_stack(position, stack))
    # The origin's ring is drawn over the tower, so that a tall stack cannot hide it.
    parts.extend(highlight_marks(CELL, None, square == highlights.origin, 0.16))
    if blocked:
        # TN4: a no-entry sign in the corner, clear of the tile.
        parts.append(_no_entry(10, 45))
    parts.extend(highlights.badge(square, CELL, style_colour))
    parts.append("</g>")
    return "".join(parts)


def _quarters(position: Position) -> list[str]:
    """TB2: each quarter outlined and numbered; a completed one (TE1) in its colour."""
    completed = dict(position.completed_quarters)
    out = ['<g class="quarters">']
    for quarter, squares in QUARTER_SQUARES.items():
        # The board-order first square is the south-west one (C).
        x, y = LAYOUT.top_left(squares[0])
        top = y - CELL
        owner = completed.get(quarter)
        colour = INK if owner is None else STONE_COLOURS[owner]
        out.append(
            "<g"
            + attrs(
                class_="quarter" + ("" if owner is None else " completed"),
                data_quarter=quarter,
                data_completed_by=None if owner is None else owner.value,
            )
            + ">"
        )
        out.append(
            rect(
                x=x, y=top, width=2 * CELL, height=2 * CELL, rx=3, fill="none",
                stroke=colour, stroke_width=2.5 if owner is None else 5,
            )
        )
        # The number on the outline's north edge, between A and B.
        out.append(
            "<circle"
            + attrs(cx=x + CELL, cy=top, r=9, fill=colour, stroke="#ffffff", stroke_width=1.5)
            + "/>"
        )
        out.append(
            text_element(
                x + CELL, top + 4, str(quarter), class_="quarter-number", text_anchor="middle",
                font_size=11, font_weight="bold", fill=on(colour),
            )
        )
        out.append("</g>")
    out.append("</g>")
    return out


def _board(position: Position, highlights: Highlights, language: str = DEFAULT_LANGUAGE) -> list[str]:
    out = ['<g class="board">']
    out.extend(_square(position, s, highlights, language) for s in SQUARES)
    out.extend(_quarters(position))
    out.append(
        rect(x=BOARD_X, y=BOARD_Y, width=BOARD_W, height=BOARD_H, fill="none", stroke=INK, stroke_width=2.5)
    )
    out.append("</g>")
    out.extend(LAYOUT.coordinates(18))
    return out


def _end_text(position: Position, language: str = DEFAULT_LANGUAGE) -> str:
    over = position.over
    assert over is not None
    if over.reason is EndReason.QUARTER:
        seat = "" if over.seat is None else over.seat.value
        return COMPLETED_QUARTER.format(language, seat=seat, quarter=over.quarter)
    if over.reason is EndReason.STREETS_EMPTY:
        return STREETS_EMPTY.format(language)
    if over.seat is None:
        return A_SEAT_STUCK.format(language)
    return STUCK.format(language, seat=over.seat.value)


def _panel(position: Position, highlights: Highlights, language: str = DEFAULT_LANGUAGE) -> list[str]:
    x = PANEL_X
    scores = score(position)
    out = [f'<g class="panel"{attrs(font_size=12, fill=INK)}>']
    y = BOARD_Y + 10
    if position.over is not None:
        winners = ", ".join(w.value for w in scores.winners)
        over = GAME_OVER_WINNER if len(scores.winners) == 1 else GAME_OVER_WINNERS
        headline = over.format(language, winners=winners)
        status = _end_text(position, language)
    else:
        headline = TO_MOVE.format(language, seat=position.to_move.value)
        made = position.turn.moves
        status = (
            MAY_MOVE_AGAIN.format(language, count=made)
            if position.turn.may_continue
            else START_OF_TURN.format(language)
        )
    out.append(
        text_element(
            x, y, headline, class_="headline", font_size=_font_size(headline, 14, PANEL_W, bold=True),
            font_weight="bold",
        )
    )
    y += 20
    out.append(text_element(x, y, status, class_="status", font_size=_font_size(status, 12, PANEL_W)))
    limit = position.rules.max_height
    options = [
        PLAYERS.format(language, count=position.players),
        NO_HEIGHT_LIMIT.format(language) if limit is None else TOWERS_UP_TO.format(language, limit=limit),
    ]
    y += 17
    out.append(text_element(x, y, " · ".join(options), class_="options", fill="#555555"))
    y += 12
    for seat_score in scores.seats:
        out.extend(_seat_block(position, seat_score, scores.winners, x, y, language))
        y += SEAT_H + 6
    y += 4
    if position.neutrals:
        out.extend(_neutral_lines(position, x, y, language))
        y += 20 * len(position.neutrals)
    if position.blocked:
        blocked = " ".join(SQUARE_NAMES[s] for s in position.blocked)
        out.append(_no_entry(x + 20, y + 7))
        text = NOT_NOW.format(language, squares=blocked, seat=position.to_move.value)
        out.append(text_element(x + 38, y + 12, text, class_="blocked-squares"))
        y += 20
    out.extend(_legend(highlights, x, y + 6, language))
    out.append("</g>")
    return out


LEGEND: Final = {
    HighlightStyle.MOVE: N_("a move there ends the turn"),
    HighlightStyle.CONTINUE: N_("+ : the seat may move again"),
    HighlightStyle.END: N_("a move there ends the game"),
    HighlightStyle.MARK: N_("marked"),
}


def _legend(highlights: Highlights, x: int, y: int, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """What the highlights used mean, in the styles' order."""
    used = set(highlights.squares.values())
    rows: list[tuple[str, str]] = []
    if highlights.origin is not None:
        rows.append(("origin", MOVES_FROM.format(language, square=SQUARE_NAMES[highlights.origin])))
    rows.extend((style.value, LEGEND[style].format(language)) for style in HighlightStyle if style in used)
    if not rows:
        return []
    out = ['<g class="legend">']
    if any(label.rstrip("+").isdigit() for label in highlights.labels.values()):
        rows.append(("", HEIGHT_AFTER.format(language)))
    for style, meaning in rows:
        if style == "origin":
            out.append(
                rect(
                    x=x + 12, y=y, width=16, height=14, fill="none", stroke=INK, stroke_width=2,
                    stroke_dasharray="4 2",
                )
            )
        elif style:
            colour = HIGHLIGHT_COLOURS[HighlightStyle(style)]
            out.append(
                rect(
                    x=x + 12, y=y, width=16, height=14, fill=tint(colour, 0.84), stroke=colour,
                    stroke_width=2.5,
                )
            )
        out.append(text_element(x + 38, y + 11, meaning))
        y += 18
    out.append("</g>")
    return out


def _font_size(text: str, size: float, width: float, bold: bool = False) -> float:
    """``size``, or a smaller one when ``text`` would likely run over ``width`` (a seat
    with stacks in many quarters, say); judged from the character count, as the font's
    metrics are not known here. Shrinking rather than squeezing with ``textLength``,
    which would stretch a text that is in fact narrower than judged."""
    ems = len(text) * GLYPH_WIDTH * (BOLD_WIDTH if bold else 1)
    if ems * size <= width:
        return size
    return math.floor(width / ems * 10) / 10


def _no_entry(cx: float, cy: float) -> str:
    """TN4's sign for a blocked neutral stone."""
    return (
        '<g class="blocked-mark">'
        + "<circle"
        + attrs(cx=float(cx), cy=float(cy), r=6.5, fill="#ffffff", stroke=BLOCKED, stroke_width=2)
        + "/>"
        + "<line"
        + attrs(x1=cx - 4.5, y1=cy + 4.5, x2=cx + 4.5, y2=cy - 4.5, stroke=BLOCKED, stroke_width=2)
        + "/></g>"
    )


def _seat_block(
    position: Position, seat: SeatScore, winners: tuple[Colour, ...], x: int, y: int,
    language: str = DEFAULT_LANGUAGE,
) -> list[str]:
    colour = STONE_COLOURS[seat.seat]
    moving = seat.seat is position.to_move and position.over is None
    winner = seat.seat in winners
    streets = position.street_stacks[seat.seat]
    out = [
        "<g"
        + attrs(
            class_="seat" + (" to-move" if moving else "") + (" winner" if winner else ""),
            data_seat=seat.seat.value,
            data_points=seat.points,
            data_street_stacks=streets,
        )
        + ">",
        seat_frame(x, y, PANEL_W, SEAT_H, colour, moving),
        rect(x=x + 10, y=y + 8, width=20, height=16, rx=2, fill=colour, stroke=_darker(colour, 0.55)),
        text_element(
            x + 38, y + 22, value_word(("seat",), seat.seat.value, language), class_="seat-id",
            font_size=15, font_weight="bold",
        ),
        text_element(
            x + PANEL_W - 10, y + 22, POINTS.format(language, count=seat.points),
            class_="points", text_anchor="end", font_size=14, font_weight="bold",
        ),
        # TE3: a seat without a stack on the streets ends the game.
        text_element(x + 12, y + 41, STREET_STACKS.format(language, count=streets), class_="streets"),
    ]
    flag = FLAG_TO_MOVE.format(language) if moving else FLAG_WINNER.format(language) if winner else None
    if flag is not None:
        out.append(
            text_element(x + PANEL_W - 10, y + 41, flag, class_="flag", text_anchor="end", font_weight="bold")
        )
    # TS1/TS2: where the points come from.
    doubled = " " + DOUBLED.format(language)
    quarters = " ".join(f"{q.quarter}:{q.points}" + (doubled if q.doubled else "") for q in seat.quarters)
    text = QUARTERS.format(language, quarters=quarters) if quarters else NO_QUARTER.format(language)
    size = _font_size(text, 12, PANEL_W - 20)
    out.append(text_element(x + 12, y + 58, text, class_="quarters", font_size=size))
    out.append("</g>")
    return out


def _neutral_lines(position: Position, x: int, y: int, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """TN1: the colours without a seat, drawn as their neutral stones are."""
    out = []
    for colour in COLOURS:
        if colour not in position.neutrals:
            continue
        fill = stone_colour(position, colour)
        stones = 0
        for square in STREET_SQUARES:
            stack = position.stacks[square]
            stones += position.is_neutral_stone(square) and stack is not None and stack.top is colour
        out.append(f'<g{attrs(class_="neutral-colour", data_colour=colour.value)}>')
        out.append(
            rect(
                x=x + 10, y=y, width=20, height=14, rx=2, fill=fill, stroke=_darker(fill, 0.55),
                stroke_dasharray="3 2",
            )
        )
        what = STONES.format(language, count=stones)
        line = NEUTRAL_COLOUR.format(language, colour=colour.value, stones=what)
        out.append(text_element(x + 38, y + 12, line))
        out.append("</g>")
        y += 20
    return out


def render_svg(
    position: Position, highlights: Highlights | None = None, *, language: str = DEFAULT_LANGUAGE
) -> str:
    """The picture of ``position`` as a complete SVG document (UTF-8 text, no XML declaration),
    its words in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``); rule ids, colours,
    symbols and square names stay as they are.

    Deterministic: the same position, highlights and language give the same string.
    """
    highlights = highlights or Highlights()
    if position.over is None:
        summary = SUMMARY_TO_MOVE.format(language, count=position.players, seat=position.to_move.value)
    else:
        summary = SUMMARY_OVER.format(language, count=position.players)
    parts = [*_board(position, highlights, language), *_panel(position, highlights, language)]
    return svg_document(WIDTH, HEIGHT, "spiel-der-tuerme", summary, parts)
