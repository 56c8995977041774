"""Why the rules refuse an action: one closed set, each reason with its rule and sentence.

Every phase says "no" the same way: a :class:`Reason` member, which is a
:class:`~service.common.refusal.Refusal` (the one type every engine refuses with) without
the facts of a case. It names the rule id and explains itself in a sentence a player
understands, filled in from the facts of the case; the sentence is only written when
somebody asks (a turn's validation), so the searches that list what is legal only compare
members.

>>> Reason.INSIDE.rule
'R5'
>>> Reason.INSIDE.explain(square="c7")
'c7 is inside: the outside rule allows only stones reachable from the board edge in foreign territories'
>>> Reason.STONES_LEFT_IN_HAND.refuse(left=1).explain()
'all stones taken are placed in the same turn: 1 is still in hand'
"""

from __future__ import annotations

import enum

from service.common.refusal import N_, Nn_, Refusal


class Reason(Refusal, enum.Enum):
    """A reason an action is illegal, with the rule it comes from: each member is a
    :class:`~service.common.refusal.Refusal` (rule, message) whose :meth:`refuse` adds the
    facts of a case."""

    # The game and the turn as a whole.
    GAME_OVER = ("G3", N_("the game is over: no more turns are played"))
    OUT_OF_PLAY = ("B4", N_("{square} is out of play"))
    # Phase 1, taking stones (R).
    TAKE_PHASE_OVER = ("T1", N_("stones are taken only in the first phase of the turn"))
    THREE_TAKEN = ("R1", N_("three stones have been taken in this turn already"))
    TOO_FEW_TAKEN = (
        "R1",
        N_("three stones must be taken, this turn has taken {taken} so far; {square} can still be taken"),
    )
    NO_STONE = ("R2", N_("there is no stone on {square}"))
    TURRIAN_ON_STONE = ("R2", N_("a turrian stands on {square}, so its stones cannot be taken"))
    TEAM_TERRITORY = (
        "R4",
        N_(
            "{square} is in your team's territory {territory}: in team play all stones come from the "
            "opposing team's territories",
        ),
    )
    FOREIGN_LIMIT = (
        "R4",
        N_(
            "a stone has already been taken from the foreign territory {territory} in this turn; only one "
            "per foreign territory is allowed",
        ),
    )
    INSIDE = (
        "R5",
        N_(
            "{square} is inside: the outside rule allows only stones reachable from the board edge in "
            "foreign territories",
        ),
    )
    # Phase 2, placing stones (P).
    PLACE_PHASE_OVER = ("T1", N_("stones are placed only in the second phase of the turn"))
    PLACE_ON_TURRIAN = ("P2", N_("a turrian stands on {square}; stones go only onto squares without one"))
    TOWER_TOO_HIGH = (
        "B5",
        Nn_(
            "{square} already holds {height} stone, the most a square can hold here",
            "{square} already holds {height} stones, the most a square can hold here",
            "height",
        ),
    )
    NOTHING_IN_HAND = (
        "P1",
        Nn_("only {in_hand} stone is in hand", "only {in_hand} stones are in hand", "in_hand"),
    )
    NO_BONUS_LEFT = (
        "P3",
        N_("nothing is left to place: stones taken in hand: {in_hand}, bonus stones: {bonus}"),
    )
    STONES_LEFT_IN_HAND = (
        "P1",
        Nn_(
            "all stones taken are placed in the same turn: {left} is still in hand",
            "all stones taken are placed in the same turn: {left} are still in hand",
            "left",
        ),
    )
    # Phase 3, moving turrians (M).
    NOT_YOUR_TURRIAN = ("S2", N_("no turrian of {seat} stands on {square}"))
    NOT_ADJACENT = (
        "M2",
        N_("{to} is not adjacent to {frm}: a step goes to a neighbouring square, never diagonally"),
    )
    STEP_OUT_OF_PLAY = ("M3", N_("{to} is out of play"))
    STEP_NO_STONE = ("M3", N_("{to} has no stone: turrians move only on stones"))
    TOO_STEEP = (
        "M4",
        N_(
            "{frm} is {height_from} high and {to} is {height_to} high: a step climbs or descends one level "
            "at most",
        ),
    )
    OWN_TURRIAN = ("M5", N_("your own turrian stands on {to}: it can be neither entered nor passed"))
    PARTNER = ("M6", N_("your partner's turrian stands on {to}: partners cannot capture each other"))
    NO_ATTACK_LEFT = (
        "M8",
        N_(
            "capturing on {to} would be an attack, and your five attacks are used up: only defences in your "
            "own territory are left",
        ),
    )
    CAPTURES_CLOSED = (
        "V1",
        N_(
            "capturing on {to} is not allowed yet: with the Burgenland variant nobody captures until a seat "
            "has stood on towers of 5, 4, 4, 3, 2 and 1",
        ),
    )
    NO_CAPTURE_LEFT = (
        "V3",
        N_(
            "capturing on {to} would be a third capture: with the Burgenland variant a seat captures two "
            "turrians at most",
        ),
    )
    STEP_TOO_DEAR = (
        "M1",
        N_("the step to {to} costs more movement points than are left: it costs {cost}, {points} left"),
    )
    NO_RESERVE = ("M9", N_("{seat} has no turrian in reserve"))
    NO_POINT_TO_ENTER = ("M1", N_("no movement point is left to bring a turrian back"))
    NOT_ENTRY_ROW = ("M9", N_("{square} is not in the entry row of one of your territories"))
    ENTRY_NOT_SINGLE = ("M9", N_("{square} is {height} high: a turrian re-enters only on a single stone"))
    ENTRY_OCCUPIED = ("M9", N_("a turrian stands on {square}"))
    REENTRY_NOT_OUTSIDE = (
        "V4",
        N_(
            "{square} is not outside: a turrian re-enters on a square reachable from the board edge",
        ),
    )
    REENTRY_NO_STONE = ("V4", N_("{square} has no stone: a turrian re-enters only on a stone"))
    REENTRY_OCCUPIED = ("V4", N_("a turrian stands on {square}: a turrian re-enters on a free square"))
    # The handicap: the stronger seat hands stones of its own territory over (P3).
    HANDOVER_TO_ITSELF = (
        "P3",
        N_("{seat} cannot hand stones to itself: the stronger seat gives them to the weaker"),
    )
    HANDOVER_NOT_OWN = (
        "P3",
        N_(
            "{square} is not in a territory of {seat}: the stronger seat hands over stones of its own "
            "territory",
        ),
    )
    HANDOVER_IN_TURN = ("T1", N_("stones are handed over between turns, and {seat}'s turn has begun"))
    HANDOVER_TOO_MANY = (
        "P3",
        Nn_(
            "{seat} would hold more than {most} bonus stone",
            "{seat} would hold more than {most} bonus stones",
            "most",
        ),
    )
    # Set-up, placing the turrians (S3).
    NOT_OWN_TERRITORY = ("S3", N_("{square} is not in a territory of {seat}"))
    SETUP_NO_STONE = ("S2", N_("{square} has no stone"))
    SETUP_OCCUPIED = ("S2", N_("a turrian stands on {square} already"))
    SIX_TURRIANS = ("S2", N_("{seat} has only six turrians"))
