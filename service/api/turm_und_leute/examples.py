"""Request examples of Turm und Leute: the combat's (the rules' own worked example and two
edge cases, one per edition), and the turn ledger's and the goal's, built from the
engine's own set-up so that they stay games the rules allow."""

from __future__ import annotations

from typing import Any

from service.api.turm_und_leute.map_examples import combat_on_map, map_examples
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.units import Edition
from service.turm_und_leute.wire.codec import ledger_to_dict


def _start(edition: Edition, peoples: tuple[Side, ...], side: Side) -> dict[str, Any]:
    game = setup_game(edition, peoples)
    ledger = next(s.ledger for s in game.sides if s.side is side)
    return ledger_to_dict(edition, ledger)


def _ledger_examples() -> dict[str, dict[str, dict[str, Any]]]:
    """The set-up's, the turn's and the goal's examples, per operation id."""
    tul, sus = Edition.TURM_UND_LEUTE, Edition.STAHL_UND_STERNE
    two = (Side.ZWERGE, Side.ENGEL)
    first_turn: dict[str, Any] = {
        "edition": tul.value,
        "peoples": [p.value for p in two],
        "ledger": _start(tul, two, Side.GRAF),
        "actions": [
            {"type": "move", "group": "reiter-1"},
            {"type": "attack", "group": "reiter-1"},
            {"type": "work", "group": "arbeiter-1", "site": "forest"},
            {"type": "work", "group": "pikeniere-1", "site": "forest"},
            {
                "type": "convert",
                "workers": ["arbeiter-2", "arbeiter-3", "arbeiter-4", "arbeiter-5", "arbeiter-6"],
                "into": "bogenschuetzen",
            },
        ],
    }
    too_many = {**first_turn, "actions": [*first_turn["actions"][:2], {"type": "move", "group": "reiter-1"}]}
    fluid = {
        "edition": sus.value,
        "peoples": ["fluid"],
        "ledger": _start(sus, (Side.FLUID,), Side.FLUID),
        "actions": [{"type": "place"}, {"type": "relocate"}],
    }
    imperator = {
        "edition": sus.value,
        "peoples": ["engel"],
        "ledger": {
            **_start(sus, (Side.ENGEL,), Side.IMPERATOR),
            "supply": {"biomass": 3, "iron": 4, "uranium": 0},
        },
        "actions": [
            {"type": "work", "group": "arbeiter-1", "site": "green", "imperator_present": True},
            {"type": "build", "project": "tower"},
            {"type": "bridge", "fields": 1},
        ],
    }
    game = setup_game(tul, two)
    ledgers = [ledger_to_dict(tul, s.ledger) for s in game.sides]
    ledgers[0]["groups"] = [g for g in ledgers[0]["groups"] if g["kind"] != "graf"]
    return {
        "tul_validate": {
            "riders-act-twice": {
                "summary": "The Graf's first turn against dwarves and angels: riders move and attack, "
                "workers and pikemen cut wood, five workers become archers",
                "value": first_turn,
            },
            "riders-act-thrice": {
                "summary": "Riders have two actions a turn, not three (L15)",
                "value": too_many,
            },
        },
        "tul_apply": {
            "riders-act-twice": {
                "summary": "The Graf's first turn against dwarves and angels",
                "value": first_turn,
            },
            "imperator-builds": {
                "summary": "Stahl und Sterne: the imperator doubles biomass, builds a tower, "
                "bridges one field",
                "value": imperator,
            },
            "fluid": {"summary": "Stahl und Sterne: the Fluid's two moves", "value": fluid},
        },
        "tul_goal": {
            "graf-removed": {
                "summary": "The Graf is removed: dwarves and angels win together (L31)",
                "value": {"edition": tul.value, "peoples": ["zwerge", "engel"], "ledgers": ledgers},
            },
        },
    }


def examples() -> dict[str, dict[str, dict[str, Any]]]:
    """Per operation id, its named request examples (``{"summary", "value"}``)."""
    return {
        **_ledger_examples(),
        **map_examples(),
        "tul_combat": {
            "riders-against-pikemen": {
                "summary": "Two riders attack five pikemen on a wall, helped by archers in a small tower",
                "value": {
                    "edition": "turm-und-leute",
                    "attackers": [{"kind": "reiter", "figures": 2, "position": "ground", "actions_used": 0}],
                    "target": {"kind": "pikeniere", "figures": 5, "position": "wall", "marked": False},
                    "helpers": [
                        {"kind": "bogenschuetzen", "figures": 3, "position": "small_tower", "marked": False}
                    ],
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
            "on-the-map": combat_on_map(),
        },
    }
