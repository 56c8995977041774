"""The rulings of this engine that rest on a reading of the rulebook.

Rule id → the ids of the readings marked ``[interpretation]`` under that rule in
docs/turm-und-leute.md, which /rules/interpretations lists. An answer that applies one of these rules (a
refusal, a problem, an event) names them in ``interpretations``. Written by ``make spec``
from that document (service/api/readings.py): edit the document, not this file.

>>> interpretations_of('L1')
('L1',)
>>> interpretations_of("none")
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

INTERPRETATIONS: Final[Mapping[str, tuple[str, ...]]] = {
    'L1': ('L1',),
    'L6': ('L6',),
    'L8': ('L8a', 'L8b'),
    'L3': ('L3',),
    'L4': ('L4a', 'L4b'),
    'L5': ('L5',),
    'LS1': ('LS1',),
    'LS2': ('LS2a', 'LS2b', 'LS2c', 'LS2d'),
    'LS3': ('LS3',),
    'L9': ('L9',),
    'L11': ('L11a', 'L11b', 'L11c', 'L11d', 'L11e'),
    'L12': ('L12',),
    'L14': ('L14',),
    'L15': ('L15',),
    'L17': ('L17',),
    'L16': ('L16',),
    'L18': ('L18',),
    'L19': ('L19',),
    'L21': ('L21',),
    'L23': ('L23',),
    'L25': ('L25',),
    'L28': ('L28',),
    'L29': ('L29',),
    'L30': ('L30a', 'L30b'),
    'L31': ('L31',),
    'LS4': ('LS4',),
    'LS5': ('LS5',),
    'LS7': ('LS7',),
    'LS8': ('LS8',),
    'LS9': ('LS9',),
    'LS10': ('LS10',),
    'LS12': ('LS12',),
}


def interpretations_of(rule: str) -> tuple[str, ...]:
    """The ids of the readings a ruling under ``rule`` rests on, or ``()``."""
    return INTERPRETATIONS.get(rule, ())
