"""Turm und Leute: the readings of docs/turm-und-leute.md per rule id, written by
``make spec`` from that document: edit the document, not this file.

>>> interpretations_of('L1')
('L1',)
"""

from __future__ import annotations

from typing import Final

from service.common.readings import Readings, readings_of

INTERPRETATIONS: Final[Readings] = {
    'L1': ('L1',),
    'L6': ('L6',),
    'L8': ('L8a', 'L8b'),
    'L3': ('L3',),
    'L4': ('L4a', 'L4b'),
    'L5': ('L5',),
    'LS1': ('LS1',),
    'LS2': ('LS2a', 'LS2b', 'LS2c', 'LS2d', 'LS2e'),
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
    'LS6': ('LS6',),
    'LS7': ('LS7',),
    'LS8': ('LS8',),
    'LS9': ('LS9',),
    'LS10': ('LS10',),
    'LS12': ('LS12', 'LS12a'),
    'LS16': ('LS16',),
    'LS17': ('LS17',),
    'LS18': ('LS18',),
    'LS21': ('LS21',),
}

interpretations_of: Final = readings_of(INTERPRETATIONS)
"""The ids of the readings a ruling under a rule rests on, or ``()``."""
