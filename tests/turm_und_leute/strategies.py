"""Hypothesis strategies: fights the rules allow, in both editions.

The groups a fight can have are few (kinds × figures × positions × markers), so each
edition's are listed once and drawn whole: one draw per group keeps a few hundred
fights per property fast.
"""

from __future__ import annotations

from typing import Final

from hypothesis import strategies as st

from service.turm_und_leute import PLACEMENTS, Edition, Fight, Group, legal_attackers, unit
from service.turm_und_leute import kinds as kinds_of

ATTACKERS: Final = {
    edition: tuple(
        Group(kind, figures, position, actions_used=used)
        for position in PLACEMENTS[edition]
        for kind in legal_attackers(edition, position)
        for figures in range(1, unit(edition, kind).max_figures + 1)
        for used in range(unit(edition, kind).actions)
    )
    for edition in Edition
}
"""Every group that may attack (L1, LS1, L3)."""

DEFENDERS: Final = {
    edition: tuple(
        Group(kind, figures, position, marked=marked)
        for kind in kinds_of(edition)
        for figures in range(1, unit(edition, kind).max_figures + 1)
        for position in PLACEMENTS[edition]
        for marked in (False, True)
    )
    for edition in Edition
}
"""Every target or helper: any kind of the edition, counted or not (L4)."""


def attackers(edition: Edition) -> st.SearchStrategy[Group]:
    return st.sampled_from(ATTACKERS[edition])


def defenders(edition: Edition) -> st.SearchStrategy[Group]:
    return st.sampled_from(DEFENDERS[edition])


@st.composite
def fights(draw: st.DrawFn, edition: Edition | None = None) -> Fight:
    """A fight :func:`~service.turm_und_leute.resolve_combat` answers."""
    chosen = draw(st.sampled_from(list(Edition))) if edition is None else edition
    return Fight(
        chosen,
        tuple(draw(st.lists(attackers(chosen), min_size=1, max_size=4))),
        draw(defenders(chosen)),
        tuple(draw(st.lists(defenders(chosen), max_size=4))),
        attack_from_outside=draw(st.booleans()),
        attack_from_tower=draw(st.booleans()),
        target_side_imperator=draw(st.booleans()),
    )
