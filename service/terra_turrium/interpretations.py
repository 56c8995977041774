"""Terra Turrium: the readings of docs/rules.md per rule id, written by
``make spec`` from that document: edit the document, not this file.

>>> interpretations_of('B3')
('B3',)
"""

from __future__ import annotations

from typing import Final

from service.common.readings import Readings, readings_of

INTERPRETATIONS: Final[Readings] = {
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

interpretations_of: Final = readings_of(INTERPRETATIONS)
"""The ids of the readings a ruling under a rule rests on, or ``()``."""
