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
from types import MappingProxyType
from typing import Any, Final
from xml.sax.saxutils import escape, quoteattr

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


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as three integers."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def tint(colour: str, white: float = 0.7) -> str:
    """``colour`` mixed with ``white`` parts of white."""
    return "#" + "".join(f"{round(c + (255 - c) * white):02x}" for c in rgb(colour))


def is_dark(colour: str) -> bool:
    """Whether white text reads better than ink on ``colour``."""
    r, g, b = rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b < 150


def on(colour: str) -> str:
    """Text colour readable on ``colour``."""
    return "#ffffff" if is_dark(colour) else INK


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
