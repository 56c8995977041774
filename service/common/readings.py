"""The rulings of an engine that rest on a reading of its rulebook.

Each engine's ``interpretations`` module holds its table: rule id → the ids of the
readings marked ``[interpretation]`` under that rule in the game's rules document, which
/rules/interpretations lists. ``make spec`` writes it from that document. An answer that
applies one of these rules (a refusal, a problem, an event) names them in
``interpretations``, through the table's :func:`readings_of`.

>>> interpretations_of = readings_of({"R6": ("R6",), "TE3": ("TE3a", "TE3b")})
>>> interpretations_of("TE3"), interpretations_of("none")
(('TE3a', 'TE3b'), ())
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

Readings = Mapping[str, tuple[str, ...]]
"""Rule id → the ids of the readings a ruling under it rests on, in document order."""


def readings_of(table: Readings) -> Callable[[str], tuple[str, ...]]:
    """The lookup of ``table``: the ids of the readings a ruling under a rule rests on,
    ``()`` for a rule that rests on none."""

    def interpretations_of(rule: str) -> tuple[str, ...]:
        return table.get(rule, ())

    return interpretations_of
