"""Request examples of the questions on Stahl und Sterne's map, each on the project's own
example map (:func:`~service.turm_und_leute.board.example_map`)."""

from __future__ import annotations

from typing import Any

from service.turm_und_leute.board import example_map
from service.turm_und_leute.wire.map_schemas import TulMap


def map_examples() -> dict[str, dict[str, dict[str, Any]]]:
    """Per operation id, its named request examples (``{"summary", "value"}``)."""
    board = TulMap().dump(example_map())
    bridged = {**board, "bridges": [["blue", "red"]]}
    return {
        "tul_map_reach": {
            "rider": {
                "summary": "A Daemonenreiter's long move, over two fields (LS16), and to the other worlds "
                "(LS17)",
                "value": {"map": board, "side": "imperator", "group": "daemonenreiter-1"},
            },
            "worker-crosses": {
                "summary": "A worker on the blue world: the red world costs a bridge of one field "
                "(LS7, LS17)",
                "value": {"map": board, "side": "imperator", "group": "arbeiter-5"},
            },
        },
        "tul_map_attacks": {
            "dwarves": {
                "summary": "Dwarves attack the neighbouring fields and any field of a joined world but the "
                "tower's sector (LS18, LS20)",
                "value": {"map": board, "side": "zwerge", "group": "zwerge-2"},
            },
        },
        "tul_map_helpers": {
            "imperator": {
                "summary": "Who may help the imperator in the big tower's sector (LS18)",
                "value": {"map": board, "field": "techno:3:1"},
            },
        },
        "tul_map_placements": {
            "small-tower": {
                "summary": "Where a small tower may stand: a 2-sector without a tower (LS19)",
                "value": {"map": board, "placing": "small_tower"},
            },
            "angel": {
                "summary": "Where an angel enters the board anew: not in a tower's sector (LS20)",
                "value": {"map": board, "placing": "angel"},
            },
        },
        "tul_map_worlds_moved": {
            "imperator": {
                "summary": "The imperator moves every world one field clockwise; the bridges end (LS6)",
                "value": {"map": bridged},
            },
        },
        "tul_map_planet_moved": {
            "fluid": {
                "summary": "The Fluid sets the red world on another field of its orbit (LS12)",
                "value": {"map": bridged, "world": "red", "orbit_field": 1},
            },
        },
        "tul_map_render": {
            "rider": {
                "summary": "The example map with a Daemonenreiter's reach drawn on it (LS16, LS17)",
                "value": {"map": board, "side": "imperator", "group": "daemonenreiter-1"},
            },
        },
        "tul_map_sector_facts": {
            "big-tower": {
                "summary": "A rider attacks the imperator in the big tower's sector from outside it (LS2)",
                "value": {
                    "map": board,
                    "attackers": ["techno:2:0"],
                    "target": "techno:3:1",
                    "helpers": ["techno:3:2"],
                },
            },
        },
    }


def combat_on_map() -> dict[str, Any]:
    """The combat's example on the example map, a dwarves' group set beside the big
    tower's sector: the sector facts are the map's (LS2)."""
    board = TulMap().dump(example_map())
    board["groups"].append({"side": "zwerge", "id": "zwerge-4", "kind": "zwerge", "field": "techno:2:2"})
    return {
        "summary": "Stahl und Sterne on the map: dwarves attack Strahlenwerfer in the big tower's sector "
        "from outside it; the map gives the sector facts (LS2)",
        "value": {
            "edition": "stahl-und-sterne",
            "map": board,
            "attackers": [{"kind": "zwerge", "figures": 3, "field": "techno:2:2"}],
            "target": {"kind": "strahlenwerfer", "figures": 2, "field": "techno:3:2"},
            "helpers": [{"kind": "strahlenwerfer", "figures": 2, "field": "techno:3:3"}],
        },
    }
