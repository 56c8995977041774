"""The rulings of this engine that rest on a reading of the rulebook.

Rule id → the ids of the readings marked ``[interpretation]`` under that rule in
docs/spiel-der-tuerme.md, which /rules/interpretations lists. An answer that applies one of these rules (a
refusal, a problem, an event) names them in ``interpretations``. Written by ``make spec``
from that document (service/api/readings.py): edit the document, not this file.

>>> interpretations_of('TB1')
('TB1',)
>>> interpretations_of("none")
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

INTERPRETATIONS: Final[Mapping[str, tuple[str, ...]]] = {
    'TB1': ('TB1',),
    'TB2': ('TB2',),
    'TB3': ('TB3',),
    'TN3': ('TN3',),
    'TN4': ('TN4',),
    'TN6': ('TN6',),
    'TM7': ('TM7',),
    'TE3': ('TE3a', 'TE3b'),
    'TE5': ('TE5',),
    'TS3': ('TS3',),
}


def interpretations_of(rule: str) -> tuple[str, ...]:
    """The ids of the readings a ruling under ``rule`` rests on, or ``()``."""
    return INTERPRETATIONS.get(rule, ())
