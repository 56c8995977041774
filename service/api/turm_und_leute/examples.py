"""Request examples of Turm und Leute's combat: the rules' own worked example and two
edge cases, one per edition."""

from __future__ import annotations

from typing import Any

from service.api.turm_und_leute.ledger_examples import examples as ledger_examples


def examples() -> dict[str, dict[str, dict[str, Any]]]:
    """Per operation id, its named request examples (``{"summary", "value"}``)."""
    return {
        **ledger_examples(),
        "tul_combat": {
            "riders-against-pikemen": {
                "summary": "Two riders attack five pikemen on a wall, helped by archers in a small tower",
                "value": {
                    "edition": "turm-und-leute",
                    "attackers": [{"kind": "reiter", "figures": 2, "position": "ground", "actions_used": 0}],
                    "target": {"kind": "pikeniere", "figures": 5, "position": "wall", "marked": False},
                    "helpers": [{"kind": "bogenschuetzen", "figures": 3, "position": "small_tower", "marked": False}],
                },
            },
            "dwarves": {
                "summary": "Riders and pikemen against dwarves: the attack is halved (L5)",
                "value": {
                    "edition": "turm-und-leute",
                    "attackers": [{"kind": "reiter", "figures": 2}, {"kind": "pikeniere", "figures": 3}],
                    "target": {"kind": "zwerge", "figures": 2},
                },
            },
            "angel-removes-a-worker": {
                "summary": "Stahl und Sterne: an angel removes a worker, which may be converted (L8, LS3)",
                "value": {
                    "edition": "stahl-und-sterne",
                    "attackers": [{"kind": "engel", "figures": 1}],
                    "target": {"kind": "arbeiter", "figures": 1},
                },
            },
        },
    }
