"""The rule options, importable on their own: they are part of the position's one
description, :mod:`service.terra_turrium.position`, which states every option of
:class:`Rules` beside the game state an option keeps (a seat's ``captures``), so that an
option and its state are declared in one place.

>>> from service.terra_turrium import position
>>> Rules is position.Rules and OPTIONS is position.OPTIONS
True
"""

from __future__ import annotations

from service.terra_turrium.position import (
    OPTIONS,
    Captures,
    Goal,
    OutsideRule,
    Reentry,
    Rules,
    TwoPlayerBoard,
    option_flags,
    option_values,
)

__all__ = [
    "OPTIONS",
    "Captures",
    "Goal",
    "OutsideRule",
    "Reentry",
    "Rules",
    "TwoPlayerBoard",
    "option_flags",
    "option_values",
]
