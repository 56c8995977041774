"""The German rulebook's own figure examples (Abb. 1–3), one test per statement.

The figures themselves are not available, only their captions. Each position below
was built to satisfy every sentence of a caption at once, with yellow moving the stone
the caption speaks of; everything else on the board is out of the way (filler towers
in quarters 3, 4, 7 and 8, and one street stack per other seat in a corner).
"""

from service.spiel_der_tuerme import Colour, Move, legal_moves, move_refusal
from tests.spiel_der_tuerme.builders import ANCHORS, OPEN_QUARTERS, build, sq


def board(stacks):
    return build({**ANCHORS, **stacks}, fill=OPEN_QUARTERS)


def allowed(position, frm, to):
    return any(m.to == sq(to) for m in legal_moves(position, sq(frm)))


def rule(position, frm, to):
    found = move_refusal(position, Move(sq(frm), sq(to)))
    return None if found is None else found.rule


# Abb. 1: the A stone on d5; e5 is free, d4 holds a B, north lie an own B and an A tower.
ABB_1 = {"d5": "Ay", "d4": "Br", "d6": "By", "d7": "Arb"}


def test_abb_1_tm5_an_a_stone_may_move_onto_a_free_square():
    """Abb. 1: „Der Stein mit dem Symbol A darf 1. auf ein freies Feld ziehen.“"""
    p = board(ABB_1)
    assert allowed(p, "d5", "e5") and rule(p, "d5", "e5") is None


def test_abb_1_tm5_an_a_stone_may_not_move_onto_a_stone_of_another_symbol():
    """Abb. 1: „Der Stein mit dem Symbol A darf […] 2. nicht auf einen Stein mit anderem
    Symbol (B) ziehen.“"""
    p = board(ABB_1)
    assert not allowed(p, "d5", "d4") and rule(p, "d5", "d4") == "TM5"


def test_abb_1_tm4_an_a_stone_may_pass_over_an_own_b_stone_onto_an_a_tower():
    """Abb. 1: „Der Stein mit dem Symbol A darf […] 3. über einen eigenen Stein (B) auf
    einen Turm des gleichen Symbols ziehen.“"""
    p = board(ABB_1)
    (move,) = [m for m in legal_moves(p, sq("d5")) if m.to == sq("d7")]
    assert move.height == 3 and move.covers == (Colour.RED, Colour.BLUE)
    assert not allowed(p, "d5", "d6")  # over the own B, not onto it


# Abb. 2: the A stone on h5; a foreign C west, a foreign B then an A north, two foreign
# stones then a free square east.
ABB_2 = {"h5": "Ay", "g5": "Cr", "h6": "Bb", "h7": "Ag", "i5": "Dr", "j5": "Cb"}


def test_abb_2_tm5_not_onto_a_foreign_stone_of_another_symbol():
    """Abb. 2: „Der Stein mit dem Symbol A darf 1. nicht auf einen fremden Stein mit
    anderem Symbol ziehen“"""
    assert rule(board(ABB_2), "h5", "g5") == "TM5"


def test_abb_2_tm4_not_over_a_foreign_stone_onto_another_stone():
    """Abb. 2: „Der Stein mit dem Symbol A darf […] 2. nicht über einen fremden Stein
    auf einen anderen Stein ziehen“ — not even onto one of its own symbol."""
    p = board(ABB_2)
    assert rule(p, "h5", "h7") == "TM4" and not allowed(p, "h5", "h7")


def test_abb_2_tm4_not_over_foreign_stones_onto_a_free_square():
    """Abb. 2: „Der Stein mit dem Symbol A darf […] 3. nicht über fremde Steine auf ein
    freies Feld ziehen“"""
    p = board(ABB_2)
    assert rule(p, "h5", "k5") == "TM4"
    assert legal_moves(p, sq("h5")) == tuple(m for m in legal_moves(p) if m.frm == sq("h5"))
    assert [str(m.move) for m in legal_moves(p, sq("h5"))] == ["h5–h1", "h5–h2", "h5–h3", "h5–h4"]


# Abb. 3: the B stone on a7; east lie the symbol square A (b7), the symbol square B (c7)
# and a B tower (d7). Yellow keeps another stack on the streets (n4), so that entering a
# symbol square does not leave it stuck (TE3).
ABB_3 = {"a7": "By", "d7": "Bgr", "n4": "Dy"}


def test_abb_3_tm5_a_b_stone_may_not_enter_a_symbol_square_of_another_symbol():
    """Abb. 3: „Der Stein mit dem Symbol B darf 1. nicht auf das Symbolfeld B ziehen“.

    [interpretation] As transcribed, the first statement names field B and contradicts
    the second; read with the rule the figure illustrates („Wird ein Stein bzw. Turm auf
    ein freies Symbolfeld gezogen, so muß der Stein bzw. Turm das gleiche Symbol wie das
    Feld haben“), it shows a symbol square of another symbol: here A on b7."""
    p = board(ABB_3)
    assert rule(p, "a7", "b7") == "TM5"


def test_abb_3_tm5_a_b_stone_may_enter_the_symbol_square_b():
    """Abb. 3: „Der Stein mit dem Symbol B darf […] 2. darf auf Symbolfeld B ziehen“ —
    „Gleiches Symbol zieht auf gleiches Symbol“."""
    p = board(ABB_3)
    (move,) = [m for m in legal_moves(p, sq("a7")) if m.to == sq("c7")]
    assert move.symbol_square and move.may_continue


def test_abb_3_tm4_a_b_stone_may_pass_over_symbol_squares_onto_a_tower_of_its_symbol():
    """Abb. 3: „Der Stein mit dem Symbol B darf […] 3. darf über die Symbolfelder auf
    einen Turm gleichen Symbols ziehen.“ — „Ein Stein bzw. Turm darf über Symbolfelder
    auf dem Plan gezogen werden.“"""
    p = board(ABB_3)
    (move,) = [m for m in legal_moves(p, sq("a7")) if m.to == sq("d7")]
    assert move.height == 3 and not move.symbol_square


def test_tm4_over_an_own_stack_on_a_symbol_square_one_may_of_course_move():
    """„Über einen Stein bzw. Turm der eigenen Farbe, der auf einem Symbolfeld steht,
    darf man selbstverständlich ziehen.“"""
    p = board({"a7": "By", "b7": "Ay", "d7": "Bgr"})
    assert allowed(p, "a7", "c7") and allowed(p, "a7", "d7")


def test_tn5_with_own_stacks_one_may_not_pass_over_neutral_stones():
    """„Mit eigenen Steinen bzw. Türmen darf man nicht über neutrale Steine ziehen!“"""
    p = build({**ANCHORS, "d5": "Ay", "e5": "Cg"}, seats="yrb", fill=OPEN_QUARTERS)
    assert rule(p, "d5", "f5") == "TN5"


def test_tn3_neutral_stones_never_form_a_tower_top():
    """„Neutrale Steine dürfen nie so bewegt werden, daß sie die Turmfarbe bilden, d.h
    oben liegen, sie dürfen nur ‚bespringen‘ oder auf ein freies Feld gezogen werden.“"""
    p = build({**ANCHORS, "d5": "Ag", "e5": "Ay", "d4": "Ay"}, seats="yrb", fill=OPEN_QUARTERS)
    assert rule(p, "d5", "e5") == "TN3"  # never on top
    assert allowed(p, "e5", "d5")  # but a seat's stone may land on it (a tower)
