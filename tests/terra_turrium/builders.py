"""Hand-built positions for rule tests.

``build`` starts from the set-up of a player count (or a flat board), applies height
overrides by square name and puts turrians where a test needs them, then goes through
``parse_position`` so every test position is also a structurally valid one.
"""

from __future__ import annotations

from typing import Any

from service.terra_turrium import (
    Position,
    Rules,
    TwoPlayerBoard,
    parse_position,
    parse_square,
    position_to_dict,
    setup_position,
    square_name,
)
from service.terra_turrium.take import removal_refusal
from service.terra_turrium.turn import take_stone


def build(
    players: int = 4,
    *,
    flat: int | None = None,
    heights: dict[str, int] | None = None,
    turrians: dict[str, list[str]] | None = None,
    seats: dict[str, dict[str, Any]] | None = None,
    rules: dict[str, Any] | None = None,
    turn: dict[str, Any] | None = None,
    **top: Any,
) -> Position:
    """A checked position.

    ``flat``: every in-play square gets this height instead of the set-up heights.
    ``heights``: ``{"c7": 3}`` overrides. ``turrians``: ``{"yellow": ["a10"]}``.
    ``seats``: extra seat fields by id (``{"red": {"attacks": 4}}``).
    ``rules``, ``turn`` and ``top`` (``to_move`` …) go into the position as they are.
    """
    options = rules or {}
    base = setup_position(
        players,
        Rules(
            team_play=bool(options.get("team_play", False)),
            two_player_board=TwoPlayerBoard(options.get("two_player_board", "8x8")),
        ),
    )
    data = position_to_dict(base)
    if flat is not None:
        data["heights"] = [[flat if base.is_in_play(r * 10 + f) else 0 for f in range(10)] for r in range(10)]
    for name, height in (heights or {}).items():
        square = parse_square(name)
        data["heights"][square // 10][square % 10] = height
    for seat in data["seats"]:
        seat["turrians"] = list((turrians or {}).get(seat["id"], []))
        seat.update((seats or {}).get(seat["id"], {}))
    data["rules"].update(rules or {})
    data["turn"].update(turn or {})
    data.update(top)
    return parse_position(data)


def names(squares: Any) -> list[str]:
    """Square names of ints, or of answers with a ``square`` attribute."""
    return [square_name(s if isinstance(s, int) else s.square) for s in squares]


def sq(name: str) -> int:
    return parse_square(name)


def take(position: Position, *squares: str) -> Position:
    """Take the top stones of ``squares`` one by one, each checked to be legal first."""
    for name in squares:
        refused = removal_refusal(position, sq(name))
        assert refused is None, (name, refused)
        position = take_stone(position, sq(name))
    return position


def refusal(position: Position, square: str) -> str | None:
    """The rule id that forbids taking from ``square`` now, or ``None``."""
    refused = removal_refusal(position, sq(square))
    return refused and refused.rule
