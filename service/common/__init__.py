"""What every game engine of the oracle shares: its errors and the loading of JSON input.

Nothing here knows a game. Each engine (``service.terra_turrium`` for Terra Turrium and one
package per further game) raises these errors and loads its JSON input with its
marshmallow schemas, written with the fields of :mod:`service.common.schema`, so the HTTP
layer answers every game's mistakes in one way.
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

__all__ = [
    "MAX_PROBLEMS",
    "IllegalTurnError",
    "InvalidPositionError",
    "InvalidQueryError",
    "MalformedError",
    "Problem",
    "RuleError",
    "RulesError",
]
