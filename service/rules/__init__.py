"""The Terra Turrium rules engine: pure Python, no web framework.

Everything a front end needs to adjudicate a game without the HTTP service::

    from service.rules import parse_position, legal_removals, reachable, parse_square

    position = parse_position(json_dict)          # checks the structural rules
    for removal in legal_removals(position):      # R1–R7
        print(square_name(removal.square), removal.rule.value)
    for reach in reachable(position, parse_square("c7")):  # M1–M10
        print(square_name(reach.square), reach.cost)

Rule ids (B1 … G4) refer to the project's RULES.md; errors name them.
"""

from service.rules.board import (
    CLOCKWISE,
    NEIGHBOURS,
    RING,
    SQUARE_NAMES,
    SQUARES,
    TERRITORY,
    TERRITORY_SQUARES,
    Square,
    Territory,
    entry_row,
    parse_square,
    play_area,
    square_name,
)
from service.rules.errors import (
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    MalformedError,
    RuleError,
    RulesError,
    Violation,
)
from service.rules.goal import GOAL_HEIGHTS, GoalStatus, goal_status, meets_goal, winners
from service.rules.move import Capture, CaptureKind, Reach, capture_surcharge, legal_captures, reachable
from service.rules.place import legal_placements
from service.rules.position import (
    Goal,
    OutsideRule,
    Phase,
    Position,
    Rules,
    Seat,
    TurnState,
    TwoPlayerBoard,
    check_position,
    parse_position,
    position_to_dict,
)
from service.rules.setup import place_turrians, setup_position
from service.rules.take import Removal, RemovalRule, is_outside, legal_removals
from service.rules.turn import (
    Event,
    EventType,
    Segment,
    Turn,
    apply_turn,
    parse_turn,
    turn_to_dict,
    validate_turn,
)

RULES_VERSION = "1"
"""The version of RULES.md this engine implements (sent as ``X-Rules-Version``)."""

__all__ = [
    "CLOCKWISE",
    "GOAL_HEIGHTS",
    "NEIGHBOURS",
    "RING",
    "RULES_VERSION",
    "SQUARES",
    "SQUARE_NAMES",
    "TERRITORY",
    "TERRITORY_SQUARES",
    "Capture",
    "CaptureKind",
    "Event",
    "EventType",
    "Goal",
    "GoalStatus",
    "IllegalTurnError",
    "InvalidPositionError",
    "InvalidQueryError",
    "MalformedError",
    "OutsideRule",
    "Phase",
    "Position",
    "Reach",
    "Removal",
    "RemovalRule",
    "RuleError",
    "Rules",
    "RulesError",
    "Seat",
    "Segment",
    "Square",
    "Territory",
    "Turn",
    "TurnState",
    "TwoPlayerBoard",
    "Violation",
    "apply_turn",
    "capture_surcharge",
    "check_position",
    "entry_row",
    "goal_status",
    "is_outside",
    "legal_captures",
    "legal_placements",
    "legal_removals",
    "meets_goal",
    "parse_position",
    "parse_square",
    "parse_turn",
    "place_turrians",
    "play_area",
    "position_to_dict",
    "reachable",
    "setup_position",
    "square_name",
    "turn_to_dict",
    "validate_turn",
    "winners",
]
