"""Request examples of Spiel der Türme's operations, built with the engine so that they
are legal and always the same: a 3-player game dealt from seed 7 after six turns."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from service.spiel_der_tuerme import LegalMove, Position, apply_turn, legal_moves, setup_position
from service.spiel_der_tuerme.board import square_name
from service.spiel_der_tuerme.random_player import random_turn
from service.spiel_der_tuerme.wire.codec import position_to_dict

SEED = 7
OPENING_TURNS = 6


@cache
def midgame() -> Position:
    """3 players after two rounds; yellow is to move."""
    position = setup_position(3, SEED)
    rng = random.Random(3)
    for _ in range(OPENING_TURNS):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


def _move(move: LegalMove) -> dict[str, str]:
    return {"from": square_name(move.frm), "to": square_name(move.to)}


def examples() -> dict[str, dict[str, dict[str, Any]]]:
    """Per operation id, its named request examples (``{"summary", "value"}``)."""
    position = midgame()
    body = {"position": position_to_dict(position)}
    chain = next(m for m in legal_moves(position) if m.may_continue)
    after_chain = next(m for m in legal_moves(position) if not m.symbol_square and m.frm != chain.frm)
    simple = next(m for m in legal_moves(position) if not m.symbol_square)
    return {
        "sdt_moves": {
            "all": {"summary": "Every move open to yellow", "value": body},
            "from": {
                "summary": f"The moves from {square_name(chain.frm)}",
                "value": {**body, "from": square_name(chain.frm)},
            },
        },
        "sdt_validate": {
            "chain": {
                "summary": "A move onto a symbol square, then another move",
                "value": {**body, "turn": {"moves": [_move(chain), _move(after_chain)]}},
            },
            "illegal": {
                "summary": "Two moves without a symbol square between them (TM8)",
                "value": {**body, "turn": {"moves": [_move(simple), _move(simple)]}},
            },
        },
        "sdt_apply": {
            "one-move": {
                "summary": "Yellow moves once",
                "value": {**body, "turn": {"moves": [_move(simple)]}},
            },
            "open-chain": {
                "summary": "A move onto a symbol square, the turn kept open",
                "value": {**body, "turn": {"moves": [_move(chain)], "end_turn": False}},
            },
        },
        "sdt_score": {"midgame": {"summary": "The points as the board stands", "value": body}},
        "sdt_render": {
            "from": {
                "summary": f"The board with the moves from {square_name(chain.frm)}",
                "value": {**body, "from": square_name(chain.frm)},
            },
            "plain": {"summary": "The board alone", "value": body},
        },
        "sdt_suggest": {
            "level-3": {
                "summary": "Yellow's turn played by the computer at level 3, bounded by positions judged",
                "value": {**body, "level": 3, "seed": 1, "budget_nodes": 3000},
            },
        },
    }
