"""Short ways to write groups and fights in the tests."""

from __future__ import annotations

from service.turm_und_leute import Edition, Fight, Group, Kind, Outcome, Placement

TUL = Edition.TURM_UND_LEUTE
SUS = Edition.STAHL_UND_STERNE


def g(kind: str, figures: int, position: str = "ground", *, marked: bool = False, used: int = 0) -> Group:
    """A group from the JSON names: ``g("reiter", 2, "bridge")``."""
    return Group(Kind(kind), figures, Placement(position), marked, used)


def fight(
    *attackers: Group,
    target: Group,
    helpers: tuple[Group, ...] = (),
    edition: Edition = TUL,
    outside: bool = True,
    from_tower: bool = False,
    imperator: bool = False,
) -> Fight:
    return Fight(edition, attackers, target, helpers, outside, from_tower, imperator)


def worked(outcome: Outcome) -> list[tuple[str, int, int, bool]]:
    """The contributions as ``(group, strength, bonus, counted)``."""
    return [(c.group, c.strength, c.bonus, c.counted) for c in outcome.contributions]
