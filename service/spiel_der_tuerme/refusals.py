"""Why the rules refuse a move or a turn: one closed set, each reason with its rule and sentence.

A :class:`Reason` member is a :class:`~service.common.refusal.Refusal` (the one type
every engine refuses with) without the facts of a case: :meth:`~Reason.refuse` adds them
(square names, colours, heights …), and the sentence is only written when somebody asks.

>>> Reason.NOT_STRAIGHT.rule
'TM3'
>>> Reason.NOT_STRAIGHT.refuse(frm="b1", to="c2").explain()
'b1 and c2 are not on one rank or file: a move goes in a straight line'
"""

from __future__ import annotations

import enum

from service.common.refusal import N_, Nn_, Refusal


class Reason(Refusal, enum.Enum):
    """A reason a move or a turn is illegal, with the rule it comes from."""

    # The stack a move takes (TM1, TM2, TN4).
    NO_STACK = ("TM1", N_("there is no stack on {square}"))
    NEUTRAL_BLOCKED = (
        "TN4",
        N_(
            "the neutral stone on {square} was moved by the seat before you: you may not move it in this turn"
        ),
    )
    NOT_YOURS = ("TM1", N_("the stack on {square} belongs to {colour}: you move only stacks of your colour"))
    NOT_YOURS_NOR_NEUTRAL = (
        "TM1",
        N_(
            "the stack on {square} belongs to {colour}: you move only stacks of your colour or neutral stones"
        ),
    )
    ON_SYMBOL = (
        "TM2",
        N_("the stack on {square} stands on a symbol square and stays there for the rest of the game"),
    )
    # The way it goes (TM3, TM4, TN5, TN6).
    NOT_AT_ALL = ("TM3", N_("a move goes at least one square"))
    NOT_STRAIGHT = ("TM3", N_("{frm} and {to} are not on one rank or file: a move goes in a straight line"))
    OVER_NEUTRAL = ("TN5", N_("{square} holds a neutral stone: your stacks may not pass over neutral stones"))
    NEUTRAL_OVER_STACK = (
        "TN6",
        N_(
            "{square} holds a stack of {other}: a neutral stone passes only over empty squares and stacks of "
            "its "
            "own colour ({colour})"
        ),
    )
    OVER_STACK = (
        "TM4",
        N_(
            "{square} holds a stack of {other}: a stack passes only over empty squares and stacks of its own "
            "colour ({colour})"
        ),
    )
    # Where it lands (TN3, TM5, TM6).
    NEUTRAL_ON_STACK = (
        "TN3",
        N_("{to} is occupied: a neutral stone never lands on a stack, it moves only to a free square"),
    )
    NEUTRAL_ON_SYMBOL = (
        "TN3",
        N_("{to} is a symbol square: a neutral stone moves only to a free street square"),
    )
    WRONG_SYMBOL_SQUARE = (
        "TM5",
        N_(
            "{to} is a symbol square of symbol {symbol}: only a stack of symbol {symbol} may enter it, and "
            "the "
            "stack on {frm} has symbol {own}"
        ),
    )
    WRONG_SYMBOL_STACK = (
        "TM5",
        N_(
            "the stack on {to} has symbol {symbol} and the one on {frm} symbol {own}: a stack lands only on "
            "a "
            "stack of its own symbol"
        ),
    )
    SAFE_TOWER = (
        "TM6",
        Nn_(
            "the tower on {to} is {height} stone high: it is safe and cannot be entered",
            "the tower on {to} is {height} stones high: it is safe and cannot be entered",
            "height",
        ),
    )
    TOO_HIGH = (
        "TM6",
        Nn_(
            "the tower would be {height} stone high; towers are at most {limit} stones high",
            "the tower would be {height} stones high; towers are at most {limit} stones high",
            "height",
        ),
    )
    # The turn as a whole (TM8, TE4).
    GAME_OVER = ("TE4", N_("the game is over: no more turns are played"))
    GAME_ENDED = ("TE4", N_("the game ended with {move}: no further move is played"))
    NO_PASS = (
        "TM8",
        N_("{move} is possible: a turn without a move (a pass) is allowed only when you cannot move at all"),
    )
    ENDED_BY_NEUTRAL = ("TM8", N_("your turn ended with {move}: a move of a neutral stone ends the turn"))
    ENDED_OFF_SYMBOL = (
        "TM8",
        N_("your turn ended with {move}: only a move that ends on a symbol square allows another"),
    )
