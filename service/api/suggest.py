"""The members every game's ``/turns/suggest`` request shares: the level, the seed and
the budget of the computer player. What its answer says about the search is stated with
the engines' (:data:`service.common.budget.SEARCH`)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from service.api.declare import Int, integer
from service.common.budget import LEVELS, MAX_BUDGET_MS, MAX_BUDGET_NODES, MAX_SEED, Budget

DEFAULT_LEVEL = 2
DEFAULT_BUDGET_MS = 500


def request_members() -> dict[str, fields.Field[Any]]:
    """``level``, ``seed``, ``budget_ms`` and ``budget_nodes``."""
    return {
        "level": Int(
            validate=validate.OneOf(LEVELS, error="must be one of " + ", ".join(map(str, LEVELS))),
            metadata={"description": "1 a beginner, 2 greedy over the turn's actions, 3 a search within the "
                      f"budget (docs/engine.md). Default {DEFAULT_LEVEL}."},
        ),
        "seed": integer("The player's dice: the same request with the same seed answers the same turn "
                        "(when no time limit cut the search). Default 0.", 0, MAX_SEED),
        "budget_ms": integer(f"The most milliseconds the search may take. Default {DEFAULT_BUDGET_MS}.", 1,
                             MAX_BUDGET_MS),
        "budget_nodes": integer("The most positions the search may judge: a bound the same on every machine. "
                                "Default: no bound but the time.", 1, MAX_BUDGET_NODES),
    }


def options_of(query: dict[str, Any]) -> tuple[int, int, Budget]:
    """The level, the seed and the budget a request asks for, with their defaults."""
    budget = Budget(ms=query.get("budget_ms", DEFAULT_BUDGET_MS), nodes=query.get("budget_nodes", MAX_BUDGET_NODES))
    return query.get("level", DEFAULT_LEVEL), query.get("seed", 0), budget
