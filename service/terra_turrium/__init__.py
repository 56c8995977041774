"""The Terra Turrium rules engine: pure Python, no web framework.

Everything a front end needs to adjudicate a game without the HTTP service::

    from service.terra_turrium import parse_position, legal_removals, reachable, parse_square

    position = parse_position(json_dict)          # checks the shape and the structural rules
    for removal in legal_removals(position):      # R1–R7
        print(square_name(removal.square), removal.rule.value)
    for reach in reachable(position, parse_square("c7")):  # M1–M10
        print(square_name(reach.square), reach.cost)

Rule ids (B1 … G4) refer to the project's rules (docs/rules.md); errors name them.

The modules, by what they hold: :mod:`~service.terra_turrium.board` (geometry),
:mod:`~service.terra_turrium.position` (the position's types — the rule options, the seats,
the turn state), :mod:`~service.terra_turrium.wire.schemas` (their JSON form, one marshmallow schema
per shape), :mod:`~service.terra_turrium.check`
(its structural rules), :mod:`~service.terra_turrium.actions` (a turn's plan, events and
violations), :mod:`~service.terra_turrium.refusals` (why something is illegal), one module per
phase (:mod:`~service.terra_turrium.take`, :mod:`~service.terra_turrium.place`,
:mod:`~service.terra_turrium.move`), :mod:`~service.terra_turrium.goal`, :mod:`~service.terra_turrium.turn`
(whole turns), :mod:`~service.terra_turrium.setup`, :mod:`~service.terra_turrium.handicap` (P3's
handover), the two codecs
(:mod:`~service.terra_turrium.wire.codec` for JSON, :mod:`~service.terra_turrium.notation` for the one-line
notation) and :mod:`~service.terra_turrium.random_player`.
"""

from service.common import (
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    MalformedError,
    RuleError,
    RulesError,
)
from service.terra_turrium.actions import CaptureKind, Event, EventType, Segment, TurnPlan, Violation
from service.terra_turrium.board import (
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
    outermost_ring,
    parse_square,
    play_area,
    square_name,
)
from service.terra_turrium.check import check_position
from service.terra_turrium.goal import GOAL_HEIGHTS, GoalStatus, goal_status, meets_goal, winners
from service.terra_turrium.handicap import Handover, apply_handover, handover_refusal, legal_handovers
from service.terra_turrium.move import Capture, Reach, capture_surcharge, legal_captures, reachable
from service.terra_turrium.notation import parse_notation, write_notation
from service.terra_turrium.place import legal_placements
from service.terra_turrium.position import (
    MAX_ATTACKS,
    MOVEMENT_POINTS,
    OPTIONS,
    STONES_PER_TURN,
    TURRIANS_PER_SEAT,
    Goal,
    OutsideRule,
    Phase,
    Position,
    Rules,
    Seat,
    TurnState,
    TwoPlayerBoard,
)
from service.terra_turrium.refusals import Reason
from service.terra_turrium.setup import place_turrians, setup_position
from service.terra_turrium.take import Removal, RemovalRule, is_outside, legal_removals
from service.terra_turrium.turn import apply_turn, progress_turn, validate_turn
from service.terra_turrium.wire.codec import (
    RESERVE,
    event_to_dict,
    parse_position,
    parse_turn_plan,
    position_to_dict,
    turn_plan_to_dict,
    violation_to_dict,
)

RULES_VERSION = "1"
"""The version of the rules (docs/rules.md) this engine implements (sent as ``X-Rules-Version``)."""

__all__ = [
    "Handover",
    "apply_handover",
    "handover_refusal",
    "legal_handovers",
    "CLOCKWISE",
    "GOAL_HEIGHTS",
    "MAX_ATTACKS",
    "MOVEMENT_POINTS",
    "NEIGHBOURS",
    "OPTIONS",
    "RESERVE",
    "RING",
    "RULES_VERSION",
    "SQUARES",
    "SQUARE_NAMES",
    "STONES_PER_TURN",
    "TERRITORY",
    "TERRITORY_SQUARES",
    "TURRIANS_PER_SEAT",
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
    "Reason",
    "Removal",
    "RemovalRule",
    "RuleError",
    "Rules",
    "RulesError",
    "Seat",
    "Segment",
    "Square",
    "Territory",
    "TurnPlan",
    "TurnState",
    "TwoPlayerBoard",
    "Violation",
    "apply_turn",
    "capture_surcharge",
    "check_position",
    "entry_row",
    "event_to_dict",
    "goal_status",
    "is_outside",
    "legal_captures",
    "legal_placements",
    "legal_removals",
    "meets_goal",
    "outermost_ring",
    "parse_notation",
    "parse_position",
    "parse_square",
    "parse_turn_plan",
    "place_turrians",
    "play_area",
    "position_to_dict",
    "progress_turn",
    "reachable",
    "setup_position",
    "square_name",
    "turn_plan_to_dict",
    "validate_turn",
    "violation_to_dict",
    "winners",
    "write_notation",
]
