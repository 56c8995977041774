"""What every game's ``/turns/suggest`` request asks for: the level, the seed and the
budget of the computer player, with their defaults (the members themselves are
:func:`service.api.queries.suggest_fields`)."""

from __future__ import annotations

from typing import Any

from service.common.budget import MAX_BUDGET_NODES, Budget

DEFAULT_LEVEL = 2
DEFAULT_BUDGET_MS = 500


def options_of(query: dict[str, Any]) -> tuple[int, int, Budget]:
    """The level, the seed and the budget a request asks for, with their defaults."""
    budget = Budget(
        ms=query.get("budget_ms", DEFAULT_BUDGET_MS), nodes=query.get("budget_nodes", MAX_BUDGET_NODES)
    )
    return query.get("level", DEFAULT_LEVEL), query.get("seed", 0), budget
