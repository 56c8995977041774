"""The Spiel der Türme rules engine: pure Python, no web framework.

Everything a front end needs to adjudicate a game of Rudi Hoffmann's *Spiel der Türme*
(Schmidt Spiele, 1993)::

    from service.spiel_der_tuerme import apply_turn, legal_moves, parse_position, parse_turn_plan

    position = parse_position(json_dict)           # checks the structural rules
    for move in legal_moves(position):             # TM1–TM8, TN2–TN5
        print(move.move, move.symbol_square, move.may_continue)
    position, events = apply_turn(position, parse_turn_plan({"moves": [{"from": "c1", "to": "c2"}]}))

Rule ids (TB1 … TV1) are those of the rules document (docs/spiel-der-tuerme.md); every
error names one.
"""

from service.common import (
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    MalformedError,
    RuleError,
    RulesError,
)
from service.spiel_der_tuerme.actions import PASS, Event, EventType, TurnPlan, Violation
from service.spiel_der_tuerme.board import (
    COLOURS,
    FILES,
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    QUARTERS,
    RANKS,
    RAYS,
    SQUARE_NAMES,
    SQUARES,
    STREET_SQUARES,
    SYMBOL,
    SYMBOL_SQUARES,
    SYMBOLS,
    Colour,
    Direction,
    Square,
    Symbol,
    between,
    is_street,
    parse_square,
    square_name,
)
from service.spiel_der_tuerme.check import check_position
from service.spiel_der_tuerme.goal import (
    QuarterScore,
    Score,
    SeatScore,
    end_after_move,
    is_deadlocked,
    score,
    stuck_seats,
    winners_of,
)
from service.spiel_der_tuerme.moves import (
    LegalMove,
    Move,
    can_move,
    check_origin,
    first_legal_move,
    has_legal_move,
    legal_moves,
    move_refusal,
)
from service.spiel_der_tuerme.position import (
    FRESH_TURN,
    MAX_HEIGHT,
    STONES_PER_KIND,
    EndReason,
    Over,
    Position,
    Rules,
    Stack,
    TurnState,
)
from service.spiel_der_tuerme.random_player import Game, random_game, random_turn
from service.spiel_der_tuerme.setup import deal, setup_position
from service.spiel_der_tuerme.turn import apply_turn, end_turn, play_move, validate_turn
from service.spiel_der_tuerme.wire.codec import (
    board_to_dict,
    event_to_dict,
    legal_move_to_dict,
    move_to_dict,
    moves_to_dict,
    over_to_dict,
    parse_position,
    parse_square_field,
    parse_turn_plan,
    position_to_dict,
    score_to_dict,
    turn_plan_to_dict,
    violation_to_dict,
)

RULES_VERSION = "1"
"""The version of the rules (docs/spiel-der-tuerme.md) this engine implements."""

__all__ = [
    "COLOURS",
    "FILES",
    "FRESH_TURN",
    "IS_STREET",
    "MAX_HEIGHT",
    "PASS",
    "QUARTER",
    "QUARTERS",
    "QUARTER_SQUARES",
    "RANKS",
    "RAYS",
    "RULES_VERSION",
    "SQUARES",
    "SQUARE_NAMES",
    "STONES_PER_KIND",
    "STREET_SQUARES",
    "SYMBOL",
    "SYMBOLS",
    "SYMBOL_SQUARES",
    "Colour",
    "Direction",
    "EndReason",
    "Event",
    "EventType",
    "Game",
    "IllegalTurnError",
    "InvalidPositionError",
    "InvalidQueryError",
    "LegalMove",
    "MalformedError",
    "Move",
    "Over",
    "Position",
    "QuarterScore",
    "RuleError",
    "Rules",
    "RulesError",
    "Score",
    "SeatScore",
    "Square",
    "Stack",
    "Symbol",
    "TurnPlan",
    "TurnState",
    "Violation",
    "apply_turn",
    "between",
    "board_to_dict",
    "can_move",
    "check_origin",
    "check_position",
    "deal",
    "end_after_move",
    "end_turn",
    "event_to_dict",
    "first_legal_move",
    "has_legal_move",
    "is_deadlocked",
    "is_street",
    "legal_move_to_dict",
    "legal_moves",
    "move_refusal",
    "move_to_dict",
    "moves_to_dict",
    "over_to_dict",
    "parse_position",
    "parse_square",
    "parse_square_field",
    "parse_turn_plan",
    "play_move",
    "position_to_dict",
    "random_game",
    "random_turn",
    "score",
    "score_to_dict",
    "setup_position",
    "square_name",
    "stuck_seats",
    "turn_plan_to_dict",
    "validate_turn",
    "violation_to_dict",
    "winners_of",
]
