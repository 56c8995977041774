"""Spiel der Türme: the readings of docs/spiel-der-tuerme.md per rule id, written by
``make spec`` from that document: edit the document, not this file.

>>> interpretations_of('TB1')
('TB1',)
"""

from __future__ import annotations

from typing import Final

from service.common.readings import Readings, readings_of

INTERPRETATIONS: Final[Readings] = {
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

interpretations_of: Final = readings_of(INTERPRETATIONS)
"""The ids of the readings a ruling under a rule rests on, or ``()``."""
