"""What every game's picture shares: the seat colours, readable text on a colour, and
SVG elements written as plain, deterministic strings.

>>> attrs(x=1.5, fill_opacity=0.25, title=None)
' x="1.5" fill-opacity="0.25"'
>>> text_element(3, 4, "a < b", font_size=10)
'<text x="3" y="4" font-size="10">a &lt; b</text>'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Final, Generic, TypeVar
from xml.sax.saxutils import escape, quoteattr

from service.common.grid import Grid, Square
from service.common.refusal import N_, Nn_

NAMED_COLOURS: Final = {
    "yellow": "#f2c12e",
    "red": "#d7263d",
    "blue": "#2a6fdb",
    "green": "#2e9e4f",
    "orange": "#f08a24",
    "purple": "#7b4fb5",
    "violet": "#7b4fb5",
    "pink": "#e86fa6",
    "brown": "#8b5a2b",
    "black": "#2b2b2b",
    "white": "#f7f7f7",
    "grey": "#8c8c8c",
    "gray": "#8c8c8c",
    "cyan": "#1fb5c9",
    "teal": "#14877f",
    "magenta": "#c2249b",
}
"""Seats and stones that are named after a colour get that colour, in every game."""

INK: Final = "#1a1a1a"
FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"


# The words both pictures write alike (each game's own words are in its module).
PLAYERS: Final = Nn_("{count} player", "{count} players", "count")
FLAG_TO_MOVE: Final = N_("▶ to move")
GAME_OVER_WINNERS: Final = N_("game over · winners {winners}")

def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three integers."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def tint(colour: str, white: float = 0.7) -> str:
    """``colour`` mixed with ``white`` parts of white."""
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb(colour))


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of ``colour`` (0 black … 1 white).

    >>> luminance("#ffffff"), luminance("#000000")
    (1.0, 0.0)
    """
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """WCAG 2's contrast ratio of two colours (1 … 21).

    >>> round(contrast("#ffffff", "#000000"), 1)
    21.0
    """
    a, b = sorted((luminance(one), luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def over(base: str, colour: str, opacity: float) -> str:
    """``colour`` painted at ``opacity`` over ``base``: the colour the eye sees.

    >>> over("#ffffff", "#000000", 0.5)
    '#808080'
    """
    return "#" + "".join(
        f"{round(b + (c - b) * opacity):02x}" for b, c in zip(rgb(base), rgb(colour), strict=True)
    )


def is_dark(colour: str) -> bool:
    """Whether white text has more contrast than ink on ``colour`` (WCAG 2's ratio)."""
    return contrast("#ffffff", colour) > contrast(INK, colour)


def on(colour: str) -> str:
    """Text colour readable on ``colour``: white or ink, whichever contrasts more.

    >>> on("#2e9e4f"), on("#d7263d")
    ('#1a1a1a', '#ffffff')
    """
    return "#ffffff" if is_dark(colour) else INK


AA_CONTRAST: Final = 4.5
"""WCAG 2's AA contrast for text (level AA, normal size)."""


def halo(fill: str, background: str) -> str | None:
    """The outline colour text in ``fill`` needs on ``background`` to reach
    :data:`AA_CONTRAST`, drawn under the glyphs; ``None`` when it needs none. A mid
    grey, where neither white nor ink quite reaches it, is what asks for one.

    >>> halo("#ffffff", "#1a1a1a") is None, halo("#ffffff", "#777777")
    (True, '#1a1a1a')
    """
    if contrast(fill, background) >= AA_CONTRAST:
        return None
    return INK if fill == "#ffffff" else "#ffffff"


def num(value: float) -> str:
    """A coordinate without float noise: ``3.0`` → ``3``, ``0.12`` → ``0.12``."""
    written = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if written == "-0" else written


def attrs(**attributes: object) -> str:
    """XML attributes in the given order; ``_`` in names becomes ``-``, ``None`` is left out."""
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        written = num(value) if isinstance(value, float) else str(value)
        parts.append(f" {name.rstrip('_').replace('_', '-')}={quoteattr(written)}")
    return "".join(parts)


def text_element(x: float, y: float, content: str, **attributes: object) -> str:
    """A ``<text>`` element at (x, y) with ``content`` escaped."""
    return f"<text{attrs(x=float(x), y=float(y), **attributes)}>{escape(content)}</text>"


def rect(**attributes: object) -> str:
    """A ``<rect/>`` element."""
    return "<rect" + attrs(**attributes) + "/>"


def svg_document(
    width: int, height: int, class_: str, title: str, parts: list[str], defs: str | None = None
) -> str:
    """A complete SVG document (no XML declaration) of ``width`` × ``height`` pixels,
    titled ``title``: ``parts`` on the pictures' paper-white ground, one element a line,
    with ``defs`` (patterns the parts refer to) before the ground."""
    head = "<svg" + attrs(
        xmlns="http://www.w3.org/2000/svg",
        width=width,
        height=height,
        viewBox=f"0 0 {width} {height}",
        role="img",
        font_family=FONT,
        class_=class_,
    )
    lines = [head + ">", f"<title>{escape(title)}</title>", *([] if defs is None else [defs])]
    lines.append(rect(width=width, height=height, fill="#fbfaf7"))
    return "\n".join([*lines, *parts, "</svg>"]) + "\n"


def seat_frame(x: int, y: int, width: int, height: int, colour: str, moving: bool) -> str:
    """The rounded card of a seat's block in a panel, pale in the seat's ``colour``;
    the seat to move (``moving``) gets a heavy ink edge."""
    return rect(
        x=x, y=y, width=width, height=height, rx=6, fill=tint(colour, 0.82),
        stroke=INK if moving else tint(colour, 0.3), stroke_width=3 if moving else 1,
    )


@dataclass(frozen=True)
class BoardLayout:
    """Where a game's board stands in its picture: its :class:`Grid`, the top-left pixel
    (``x``, ``y``) and the side of a square, ``cell``; the last rank is at the top.

    >>> layout = BoardLayout(Grid(14, 8), 34, 34, 56)
    >>> layout.top_left(0), layout.top_left(111), layout.width, layout.height
    ((34, 426), (762, 34), 784, 448)
    """

    grid: Grid
    x: int
    y: int
    cell: int

    @property
    def width(self) -> int:
        """The board's width in pixels."""
        return self.grid.files * self.cell

    @property
    def height(self) -> int:
        """The board's height in pixels."""
        return self.grid.ranks * self.cell

    def top_left(self, square: Square) -> tuple[int, int]:
        """Top-left pixel of ``square``: file a at the left, rank 1 at the bottom."""
        file, rank = self.grid.file_of(square), self.grid.rank_of(square)
        return self.x + file * self.cell, self.y + (self.grid.ranks - 1 - rank) * self.cell

    def coordinates(self, below: float) -> list[str]:
        """The file letters ``below`` pixels under the board, the rank numbers on its left."""
        out = [f'<g class="coordinates"{attrs(font_size=13, fill="#444444", text_anchor="middle")}>']
        for file, letter in enumerate(self.grid.file_names):
            x = self.x + file * self.cell + self.cell / 2
            out.append(text_element(x, self.y + self.height + below, letter))
        for rank in range(self.grid.ranks):
            y = self.y + (self.grid.ranks - 1 - rank) * self.cell + self.cell / 2 + 5
            out.append(text_element(self.x / 2, y, str(rank + 1)))
        out.append("</g>")
        return out

    def square_group(self, square: Square, classes: list[str], title: str, **data: object) -> str:
        """The start of ``square``'s ``<g>``: its ``classes``, its name as ``data-square``
        and the ``data`` attributes, moved to its place, then its ``title``."""
        x, y = self.top_left(square)
        name = self.grid.names[square]
        group = attrs(class_=" ".join(classes), data_square=name, **data, transform=f"translate({x} {y})")
        return f"<g{group}><title>{escape(title)}</title>"


def highlight_marks(cell: int, colour: str | None, origin: bool, opacity: float) -> list[str]:
    """What marks a highlighted square of ``cell`` pixels: a tinted frame in its style's
    ``colour`` (``opacity`` of fill), and a dashed ring when it is the origin of the
    highlighted moves."""
    parts = []
    if colour is not None:
        parts.append(
            rect(
                class_="highlight", x=2.5, y=2.5, width=cell - 5, height=cell - 5,
                fill=colour, fill_opacity=opacity, stroke=colour, stroke_width=3,
            )
        )
    if origin:
        parts.append(
            rect(
                class_="origin-mark", x=1.5, y=1.5, width=cell - 3, height=cell - 3,
                fill="none", stroke=INK, stroke_width=3, stroke_dasharray="6 3",
            )
        )
    return parts


def badge(cell: int, label: str, colour: str | None) -> list[str]:
    """A highlighted square's label (a cost, a height) in a badge in its top right
    corner, in its style's ``colour`` (ink without one), the text in white or ink,
    whichever reads better on it."""
    fill = INK if colour is None else colour
    width = 6 + 7 * len(label)
    return [
        rect(x=cell - width - 1, y=1, width=width, height=14, rx=3, fill=fill, stroke="#ffffff"),
        text_element(
            cell - 1 - width / 2, 12, label, class_="label", text_anchor="middle",
            font_size=11, font_weight="bold", fill=on(fill),
        ),
    ]


def freeze_highlights(highlights: Any, style: type[enum.Enum], squares: int) -> None:
    """Check a game's frozen ``Highlights`` (its ``squares``, ``labels`` and ``origin``
    are square indices below ``squares``) and replace its mappings by read-only copies,
    the styles as members of ``style`` and the labels as text; for ``__post_init__``."""
    marked: Mapping[int, Any] = highlights.squares
    labels: Mapping[int, Any] = highlights.labels
    origin = () if highlights.origin is None else (highlights.origin,)
    for square in (*marked, *labels, *origin):
        if square not in range(squares):
            raise ValueError(f"{square!r} is not a square index (0 … {squares - 1})")
    object.__setattr__(highlights, "squares", MappingProxyType({s: style(v) for s, v in marked.items()}))
    object.__setattr__(highlights, "labels", MappingProxyType({s: str(v) for s, v in labels.items()}))


class HighlightStyle(str, enum.Enum):
    """How a square is highlighted; the value is also its CSS class. Each game's
    picture names its own styles in a subclass."""


StyleT = TypeVar("StyleT", bound=HighlightStyle)


@dataclass(frozen=True)
class GridHighlights(Generic[StyleT]):
    """Squares to emphasise in a picture, for a game whose ``Highlights`` names its
    styles (``STYLE``, whose values are also CSS classes) and its number of squares.

    ``squares`` maps a square to its style, ``labels`` a square to a short text drawn
    in its corner (a cost, a height), ``origin`` is the square the highlighted moves
    start from. The mappings are copied into read-only views, so a value cannot change
    later.
    """

    STYLE: ClassVar[type[HighlightStyle]]
    SQUARE_COUNT: ClassVar[int]

    squares: Mapping[int, StyleT] = field(default_factory=dict)
    labels: Mapping[int, str] = field(default_factory=dict)
    origin: int | None = None

    def __post_init__(self) -> None:
        freeze_highlights(self, self.STYLE, self.SQUARE_COUNT)

    def classes(self, square: Square) -> list[str]:
        """The CSS classes ``square`` takes from the highlights: its style, ``origin``."""
        style = self.squares.get(square)
        return ([] if style is None else [style.value]) + (["origin"] if square == self.origin else [])

    def badge(self, square: Square, cell: int, colour: str | None) -> list[str]:
        """The :func:`badge` of ``square``'s label, in its style's ``colour``; none without a label."""
        label = self.labels.get(square)
        return [] if label is None else badge(cell, label, colour)
