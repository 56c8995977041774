"""The rulings of this engine that rest on a reading of the rulebook.

Rule id → the ids of the readings marked ``[interpretation]`` under that rule in
docs/rules.md, which /rules/interpretations lists. An answer that applies one of these rules (a
refusal, a problem, an event) names them in ``interpretations``. Written by ``make spec``
from that document (service/api/readings.py): edit the document, not this file.

>>> interpretations_of('B3')
('B3',)
>>> interpretations_of("none")
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

INTERPRETATIONS: Final[Mapping[str, tuple[str, ...]]] = {
    'B3': ('B3',),
    'R1': ('R1',),
    'R4': ('R4',),
    'R6': ('R6',),
    'R7': ('R7',),
    'P3': ('P3',),
    'M6': ('M6',),
    'M8': ('M8',),
    'M9': ('M9',),
    'G2': ('G2',),
    'G3': ('G3',),
    'G4': ('G4',),
    'V2': ('V2',),
    'V3': ('V3',),
    'V4': ('V4',),
}


def interpretations_of(rule: str) -> tuple[str, ...]:
    """The ids of the readings a ruling under ``rule`` rests on, or ``()``."""
    return INTERPRETATIONS.get(rule, ())
