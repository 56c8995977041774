"""The members every game's ``/turns/suggest`` shares: the level, the seed and the budget
of the computer player, and what its answer says about the search."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, validate

from service.api.declare import Int, integer, one_of
from service.common.budget import MAX_BUDGET_MS, MAX_BUDGET_NODES, Budget, Stop

DEFAULT_LEVEL = 2
DEFAULT_BUDGET_MS = 500
MAX_SEED = 2**32 - 1


def request_members() -> dict[str, fields.Field[Any]]:
    """``level``, ``seed``, ``budget_ms`` and ``budget_nodes``."""
    return {
        "level": Int(
            validate=validate.OneOf([1, 2, 3], error="must be one of 1, 2, 3"),
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


def search_answer(turn: dict[str, Any], suggestion: Any) -> dict[str, Any]:
    """The answer: the suggested ``turn`` as the game writes it, and what the search
    (a game's ``Suggestion``) says about itself (:func:`answer_members`)."""
    return {
        "turn": turn,
        "level": suggestion.level,
        "seed": suggestion.seed,
        "nodes": suggestion.nodes,
        "stopped": suggestion.stopped.value,
        "value": suggestion.value,
    }


def answer_members() -> dict[str, fields.Field[Any]]:
    """What every answer says besides the turn."""
    return {
        "level": integer("The level that played.", 1, 3, required=True),
        "seed": integer("The seed used.", 0, MAX_SEED, required=True),
        "nodes": integer("Positions judged.", 0, MAX_BUDGET_NODES, required=True),
        "stopped": one_of([s.value for s in Stop], "`complete`: the search looked at all it meant to; "
                          "`nodes` or `time`: that limit of the budget ended it (a search the clock "
                          "stops may answer another turn next time).", required=True),
        "value": fields.Float(required=True, metadata={"description": "The position after the turn as the "
                                                       "player judges it, for the seat that moves (higher "
                                                       "is better; no unit)."}),
    }
