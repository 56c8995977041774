"""The start of a side's turn on its ledger (LS6, L13, L12, L18), before its first action:
the worlds move for the imperator, the markers lying on its groups come off, it receives
its markers, and angels without an angel have one back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.turm_und_leute.actions import Event
from service.turm_und_leute.peoples import Side, markers_per_turn
from service.turm_und_leute.position import Ledger, Troop
from service.turm_und_leute.units import Edition, Kind


def new_id(ledger: Ledger, kind: Kind) -> str:
    """The next free id of a group of ``kind`` on ``ledger`` (``reiter-3``)."""
    taken = {t.id for t in ledger.groups}
    n = 1 + sum(t.kind is kind for t in ledger.groups)
    while f"{kind.value}-{n}" in taken:
        n += 1
    return f"{kind.value}-{n}"


def start_turn(edition: Edition, peoples: Sequence[Side], ledger: Ledger) -> tuple[Ledger, tuple[Event, ...]]:
    """The start of a side's turn (LS6, L13, L12, L18): the imperator first moves the
    worlds; the markers on the side's groups are removed, it receives its markers; angels
    that have lost their last angel have one back, off the board.

    >>> peoples = (Side.ZWERGE, Side.ENGEL)
    >>> after, events = start_turn(Edition.TURM_UND_LEUTE, peoples, Ledger(Side.GRAF, markers=3))
    >>> after.markers, [e.type for e in events]
    (11, ['markers_removed', 'markers_received'])
    >>> _, events = start_turn(Edition.STAHL_UND_STERNE, peoples, Ledger(Side.IMPERATOR))
    >>> [e.type for e in events]
    ['worlds_moved', 'markers_removed', 'markers_received']
    """
    events: list[Event] = []
    if ledger.side is Side.IMPERATOR:
        # LS6: the worlds move at the start of the imperator's turn, before the markers.
        events.append(Event("worlds_moved", {}, ("LS6",)))
    lying = sum(t.markers for t in ledger.groups)
    groups = tuple(replace(t, markers=0, actions_used=0) for t in ledger.groups)
    events.append(Event("markers_removed", {"markers": lying}, ("L13",)))
    income = markers_per_turn(ledger.side, len(peoples))
    if ledger.side is not Side.FLUID:
        # L9: the count's income counts the opposing peoples.
        rules = ("L12", "L9") if ledger.side.is_count else ("L12",)
        events.append(Event("markers_received", {"markers": income}, rules))
    after, returned = angel_back(replace(ledger, groups=groups, markers=ledger.markers + income))
    return after, (*events, *returned)


def angel_back(ledger: Ledger) -> tuple[Ledger, tuple[Event, ...]]:
    """L18: angels that have lost their last angel have one back at once, off the board;
    any other ledger as it is.

    >>> after, events = angel_back(Ledger(Side.ENGEL))
    >>> [(t.id, t.off_board) for t in after.groups], [e.type for e in events]
    ([('engel-1', True)], ['angel_returned'])
    """
    if ledger.side is not Side.ENGEL or any(t.kind is Kind.ENGEL for t in ledger.groups):
        return ledger, ()
    angel = Troop(new_id(ledger, Kind.ENGEL), Kind.ENGEL, 1, off_board=True)
    returned = Event("angel_returned", {"group": angel.id}, ("L18",))
    return replace(ledger, groups=(*ledger.groups, angel)), (returned,)
