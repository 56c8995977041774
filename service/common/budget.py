"""The budget of a computer player's search: wall time and positions considered.

Both computer players (:mod:`service.terra_turrium.opponent`,
:mod:`service.spiel_der_tuerme.opponent`) count every position they judge as one
*node* and stop at whichever limit comes first. Bounded by nodes a search is a pure
function of its position and seed, on any machine; bounded by time it depends on the
machine, and its answer says so (:class:`Stop`).

>>> counter = Counter(Budget(ms=1000, nodes=2))
>>> counter.tick(), counter.tick(), counter.tick(), counter.stopped.value, counter.nodes
(True, True, False, 'nodes', 2)
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass
from typing import Any, Final

from service.common import schema

MAX_BUDGET_MS: Final = 2000
"""The contract's bound on ``budget_ms``."""
MAX_BUDGET_NODES: Final = 1_000_000
"""The bound on a node budget: far above what the bound on time lets a search reach."""
MAX_SEED: Final = 2**32 - 1
"""The contract's bound on a search's ``seed``."""
LEVELS: Final = (1, 2, 3)
"""The computer players' levels, in every game."""


class Stop(str, enum.Enum):
    """Why a search ended: it looked at everything it meant to, or a limit stopped it."""

    COMPLETE = "complete"
    NODES = "nodes"
    TIME = "time"


@dataclass(frozen=True)
class Budget:
    """At most ``ms`` milliseconds and ``nodes`` positions judged."""

    ms: int = 500
    nodes: int = MAX_BUDGET_NODES


class Counter:
    """Counts the nodes of one search against its :class:`Budget`.

    The clock is read at every node (a read costs far less than judging a position), so
    the time limit is overrun by at most one node's work.
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.nodes = 0
        self.deadline = time.monotonic() + budget.ms / 1000
        self.stopped: Stop = Stop.COMPLETE

    @property
    def exhausted(self) -> bool:
        """Whether a limit has stopped the search."""
        return self.stopped is not Stop.COMPLETE

    def tick(self) -> bool:
        """Count one node; ``False`` (and nothing counted) once a limit is reached."""
        if self.stopped is not Stop.COMPLETE:
            return False
        if self.nodes >= self.budget.nodes:
            self.stopped = Stop.NODES
            return False
        if time.monotonic() >= self.deadline:
            self.stopped = Stop.TIME
            return False
        self.nodes += 1
        return True


def search_fields() -> dict[str, Any]:
    """The members every game's suggestion has after its turn, saying how the search that
    found it went, as the fields of the game's suggestion schema."""
    def doc(text: str) -> dict[str, str]:
        return {"description": text}

    return {
        "level": schema.Integer(
            min(LEVELS), max(LEVELS), required=True, metadata=doc("The level that played.")
        ),
        "seed": schema.Integer(0, MAX_SEED, required=True, metadata=doc("The seed used.")),
        "nodes": schema.Integer(0, MAX_BUDGET_NODES, required=True, metadata=doc("Positions judged.")),
        "stopped": schema.Choice(
            Stop,
            required=True,
            metadata=doc(
                "`complete`: the search looked at all it meant to; `nodes` or `time`: that limit of the "
                "budget "
                "ended it (a search the clock stops may answer another turn next time)."
            ),
        ),
        "value": schema.Number(
            required=True,
            metadata=doc(
                "The position after the turn as the player judges it, for the seat that moves (higher is "
                "better; "
                "no unit)."
            ),
        ),
    }


#: What every game's ``/turns/suggest`` asks for when a request does not say (the members
#: themselves are :func:`service.common.queries.suggest_fields`).
DEFAULT_LEVEL: Final = 2
DEFAULT_BUDGET_MS: Final = 500


def options_of(query: dict[str, Any]) -> tuple[int, int, Budget]:
    """The level, the seed and the budget a request asks for, with their defaults."""
    budget = Budget(
        ms=query.get("budget_ms", DEFAULT_BUDGET_MS), nodes=query.get("budget_nodes", MAX_BUDGET_NODES)
    )
    return query.get("level", DEFAULT_LEVEL), query.get("seed", 0), budget
