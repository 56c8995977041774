"""The rule options (the rules' Options table): one :class:`Rules` value per game.

An option is a field of :class:`Rules`; its type is an enum of its values (or ``bool``),
its default is the rules' default, and ``metadata`` says which rule it changes and,
for a ``bool``, the flag that names it in the position notation. Everything that reads
or writes options (the JSON codec, the notation, the set-up query, the HTTP schemas)
walks :data:`OPTIONS`, so a new option is a field here plus the code that applies it,
and a row of the options table of docs/rules.md (a test fails while one is missing).

>>> Rules().goal, Rules(goal=Goal.PRO).goal.value
(<Goal.STANDARD: 'standard'>, 'pro')
>>> [option.name for option in OPTIONS]
['goal', 'team_play', 'outside_rule', 'two_player_board', 'captures', 'reentry']
"""

from __future__ import annotations

import enum
from dataclasses import Field, dataclass, field, fields
from typing import Any, Final

from service.common.frozen import quick_init


class Goal(str, enum.Enum):
    """G1 / G2."""

    STANDARD = "standard"
    PRO = "pro"


class OutsideRule(str, enum.Enum):
    """R6: a straight empty line to the edge, or any chain of empty squares."""

    LINE = "line"
    PATH = "path"


class TwoPlayerBoard(str, enum.Enum):
    """B4: the 2-player play area."""

    EIGHT = "8x8"
    SIX = "6x6"


class Captures(str, enum.Enum):
    """M6, or the Burgenland variant V1–V3: no captures until the capture phase opens,
    then two per seat."""

    STANDARD = "standard"
    BURGENLAND = "burgenland"


class Reentry(str, enum.Enum):
    """M9, or V4: a reserve turrian re-enters on any outside square."""

    ENTRY_ROW = "entry_row"
    OUTSIDE = "outside"


@quick_init
@dataclass(frozen=True)
class Rules:
    """The rule options of a game; every field has the rules' default."""

    goal: Goal = field(default=Goal.STANDARD, metadata={"rule": "G1, G2"})
    team_play: bool = field(default=False, metadata={"rule": "S1", "flag": "team", "players": (4,)})
    outside_rule: OutsideRule = field(default=OutsideRule.LINE, metadata={"rule": "R6"})
    two_player_board: TwoPlayerBoard = field(
        default=TwoPlayerBoard.EIGHT, metadata={"rule": "B4", "players": (2,)}
    )
    captures: Captures = field(default=Captures.STANDARD, metadata={"rule": "V1, V2, V3"})
    reentry: Reentry = field(default=Reentry.ENTRY_ROW, metadata={"rule": "V4"})

    @property
    def six_by_six(self) -> bool:
        """B4: the 2-player game on the 6 × 6 board."""
        return self.two_player_board is TwoPlayerBoard.SIX

    @property
    def burgenland(self) -> bool:
        """V1–V3: captures wait for the capture phase and are limited."""
        return self.captures is Captures.BURGENLAND


OPTIONS: Final[tuple[Field[Any], ...]] = fields(Rules)
"""The options in their canonical order (JSON, notation, set-up query)."""


def option_values(option: Field[Any]) -> tuple[Any, ...]:
    """Every value of ``option``, its default first.

    >>> option_values(OPTIONS[1]), [g.value for g in option_values(OPTIONS[0])]
    ((False, True), ['standard', 'pro'])
    """
    default: Any = option.default
    if isinstance(default, bool):
        return (False, True)
    kind: type[enum.Enum] = type(default)
    return (default, *(v for v in kind if v is not default))


def option_flags() -> dict[str, tuple[str, Any]]:
    """The notation's rule flags: flag → (option name, the non-default value it selects).

    A ``bool`` option's flag is its ``metadata["flag"]``; an enum option's flags are the
    values of its other members.

    >>> option_flags()["pro"], option_flags()["team"]
    (('goal', <Goal.PRO: 'pro'>), ('team_play', True))
    """
    flags: dict[str, tuple[str, Any]] = {}
    for option in OPTIONS:
        for value in option_values(option)[1:]:
            flag = option.metadata["flag"] if isinstance(value, bool) else value.value
            flags[flag] = (option.name, value)
    return flags
