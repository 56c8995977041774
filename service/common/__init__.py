"""What every game engine of the oracle shares: its errors and the reading of JSON input.

Nothing here knows a game. Each engine (``service.terra_turrium`` for Terra Turrium and one
package per further game) raises these errors and reads its JSON input with
:class:`~service.common.shapes.Shape`, so the HTTP layer answers every game's mistakes
in one way.
"""

from service.common.errors import (
    MAX_PROBLEMS,
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    MalformedError,
    Problem,
    RuleError,
    RulesError,
)
from service.common.shapes import Shape

__all__ = [
    "MAX_PROBLEMS",
    "IllegalTurnError",
    "InvalidPositionError",
    "InvalidQueryError",
    "MalformedError",
    "Problem",
    "RuleError",
    "RulesError",
    "Shape",
]
