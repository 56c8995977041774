"""The German rulebook's own examples (seeds/terra-turrium-de.txt), one test per statement.

The movement and capture examples refer to a board picture with the letters A–L
(no J) that is not available. The position below was constructed to satisfy every
sentence of both examples at once; it is a 4-player board on which only these
squares have stones (every other square is empty, height 0):

::

         d     e     f     g
    7    .    B 3   A 5    .         letter + height; "4" and "3" without a
    6   F 4   G 4   H 3   E 1        letter are unlettered stones (d5, e5)
    5    4     3    I 2   L 3
    4    .    K 5   D 1    .
    3    .     .    C 2    .

    A f7 (5)   B e7 (3)   C f3 (2)   D f4 (1)   E g6 (1)   F d6 (4)
    G e6 (4)   H f6 (3)   I f5 (2)   K e4 (5)   L g5 (3)   unlettered: d5 (4), e5 (3)

Why it works: A, E and K differ by two or more levels from every neighbour with
stones (M4), so nothing enters or leaves them. B's only neighbour within one level is
G; from G one steps to F, H or the unlettered e5; H and e5 lead down to I; I leads
to L (up) and D (down), D to C. From F a turrian walks down the staircase
F-G-H-I-D capturing at 2+1+1+1 = 5 points, while L (one level above I) and C
(behind D) stay out of reach; from I the unlettered stones are a cheap way up to G
(then B, one level down) and to F.

Readings [interpretation]: the movement example is about where a lone turrian can
walk (any number of turns: ``points=100``; within one turn where the sentence needs
it). In the capture example the turrians of other seats stand on every letter but
E and K, the capturing turrian on F (then on I); "schlagen" means capturing within
one turn's 5 points (M1, M7) and "in einem Zug" capturing them in one and the same
turn. The taking and building statements are checked on small positions of their own.
"""

from __future__ import annotations

from service.terra_turrium import (
    NEIGHBOURS,
    EventType,
    IllegalTurnError,
    Segment,
    TurnPlan,
    apply_turn,
    is_outside,
    legal_captures,
    legal_placements,
    legal_removals,
    parse_turn_plan,
    reachable,
    validate_turn,
)
from service.terra_turrium.place import placement_refusal
from service.terra_turrium.turn import Event, play_move
from tests.terra_turrium.builders import build, names, refusal, sq, take

LETTERS = {
    "A": "f7",
    "B": "e7",
    "C": "f3",
    "D": "f4",
    "E": "g6",
    "F": "d6",
    "G": "e6",
    "H": "f6",
    "I": "f5",
    "K": "e4",
    "L": "g5",
}
HEIGHTS = {"f7": 5, "e7": 3, "f3": 2, "f4": 1, "g6": 1, "d6": 4, "e6": 4, "f6": 3, "f5": 2, "e4": 5, "g5": 3}
UNLETTERED = {"d5": 4, "e5": 3}
BOARD = {**HEIGHTS, **UNLETTERED}
LETTER_OF = {square: letter for letter, square in LETTERS.items()}
EVER = 100
"""Enough points to walk anywhere at all: „hinkommen“ over any number of turns."""


def letters(squares) -> list[str]:
    """Square names → letters, unlettered squares by name."""
    return [LETTER_OF.get(name, name) for name in names(squares)]


def walker(letter: str, **turn):
    """The example board with a lone yellow turrian on ``letter`` (movement example)."""
    return build(4, flat=0, heights=BOARD, turrians={"yellow": [LETTERS[letter]]}, turn=turn or None)


def reach_letters(letter: str, points: int | None = None) -> dict[str, int]:
    """Letter (or unlettered square) → cheapest cost, for the walker on ``letter``."""
    p = walker(letter)
    return {letters([r])[0]: r.cost for r in reachable(p, sq(LETTERS[letter]), points)}


def capture_board(mover: str, **turn):
    """The capture example: yellow's turrian on ``mover``, other seats' turrians on every
    other letter except E and K (which nothing can reach)."""
    others = [LETTERS[k] for k in "ABCDFGHIL" if k != mover]
    return build(
        4,
        flat=0,
        heights=BOARD,
        turrians={"yellow": [LETTERS[mover]], "red": others[:4], "blue": others[4:]},
        turn=turn or None,
    )


def capturable(mover: str) -> dict[str, int]:
    """Letter → cheapest capture cost within the turn's 5 points, by the turrian on ``mover``."""
    p = capture_board(mover)
    origin = sq(LETTERS[mover])
    return {letters([c.target])[0]: c.cost for c in legal_captures(p) if c.origin == origin}


def walk(p, origin: str, path: list[str]) -> tuple[list[str], int]:
    """Play one walk in the move phase; the letters captured on it and the points spent."""
    events: list[Event] = []
    after = play_move(p, TurnPlan(move=(Segment(sq(origin), tuple(sq(s) for s in path)),)), events)
    captured = [LETTER_OF[names([e.square])[0]] for e in events if e.type is EventType.CAPTURE]
    return captured, p.turn.points - after.turn.points


def best_single_turn_haul(mover: str) -> set[str]:
    """The largest set of letters one turrian starting on ``mover`` captures in one turn,
    by trying every legal walk (M1, M5–M7, M10: revisits of vacated squares included)."""
    p = capture_board(mover, phase="move")
    origin = LETTERS[mover]
    best: set[str] = set()
    frontier: list[list[str]] = [[]]
    while frontier:
        path = frontier.pop()
        here = path[-1] if path else origin
        for nxt in names(NEIGHBOURS[sq(here)]):
            try:
                captured, _ = walk(p, origin, [*path, nxt])
            except IllegalTurnError:
                continue
            if len(captured) > len(best):
                best = set(captured)
            frontier.append([*path, nxt])
    return best


# ------------------------------------------------------------------ Beispiele für das Ziehen


def test_m4_rulebook_movement_from_a_no_step_is_possible():
    """„von A aus kann man keinen Schritt gehen.“"""
    assert reach_letters("A", EVER) == {}


def test_m4_rulebook_movement_nobody_can_get_to_a():
    """„Man kann auch nicht zu A hinkommen.“ — from any stone of the board."""
    for square in BOARD:
        if square != LETTERS["A"]:
            p = build(4, flat=0, heights=BOARD, turrians={"yellow": [square]})
            assert "f7" not in names(reachable(p, sq(square), EVER)), square


def test_m4_rulebook_movement_e_and_k_are_isolated_nobody_gets_there():
    """„E und K sind isoliert. Man kann nicht hin …“"""
    for square in BOARD:
        if square not in (LETTERS["E"], LETTERS["K"]):
            p = build(4, flat=0, heights=BOARD, turrians={"yellow": [square]})
            assert {"g6", "e4"}.isdisjoint(names(reachable(p, sq(square), EVER))), square


def test_m4_rulebook_movement_e_and_k_are_isolated_nobody_gets_away():
    """„… und von dort nicht weg.“"""
    assert reach_letters("E", EVER) == {}
    assert reach_letters("K", EVER) == {}


def test_m2_m4_rulebook_movement_from_b_one_gets_to_g():
    """„Von B aus kommt man zu G“ — and only through G: every walk from B starts there."""
    p = walker("B")
    found = reachable(p, sq(LETTERS["B"]), EVER)
    assert {letters([r.path[0]])[0] for r in found} == {"G"}
    assert reach_letters("B")["G"] == 1


def test_m2_m4_rulebook_movement_from_g_on_to_f_or_to_h():
    """„… und von dort zu F oder zu H“"""
    costs = reach_letters("B")
    assert costs["F"] == costs["H"] == 2
    p = walker("B", phase="move")
    assert walk(p, "e7", ["e6", "d6"]) == ([], 2)
    assert walk(p, "e7", ["e6", "f6"]) == ([], 2)


def test_m2_m4_rulebook_movement_then_on_to_i_and_l():
    """„… und kann dann weiter zu I und L“ — from H straight on, from F over unlettered stones."""
    p = walker("B", phase="move")
    assert walk(p, "e7", ["e6", "f6", "f5", "g5"]) == ([], 4)
    assert "I" in reach_letters("F") and reach_letters("H")["I"] == 1


def test_m2_m4_rulebook_movement_or_i_d_and_c():
    """„… oder I, D und C“ — five steps, exactly one turn's points (M1)."""
    p = walker("B", phase="move")
    assert walk(p, "e7", ["e6", "f6", "f5", "f4", "f3"]) == ([], 5)
    assert reach_letters("B")["C"] == 5


def test_m4_rulebook_movement_from_b_exactly_these_letters():
    """The whole sentence: the letters B leads to are G, F, H, I, L, D and C, and no others."""
    reached = {k for k in reach_letters("B", EVER) if k in LETTERS}
    assert reached == set("GFHILDC")


# ------------------------------------------------------------------ Beispiele für das Schlagen


def test_m7_rulebook_capture_from_f_one_can_capture_g_b_h_i_and_d():
    """„Von F aus kann man G, B, H, I und D schlagen“"""
    assert set(capturable("F")) == set("GBHID")
    assert capturable("F") == {"G": 2, "B": 3, "H": 3, "I": 3, "D": 4}


def test_m7_m10_rulebook_capture_from_f_four_of_them_in_one_turn():
    """„… vier davon sogar in einem Zug“ — down the staircase G, H, I, D for 2+1+1+1 points."""
    p = capture_board("F", phase="move")
    assert walk(p, "d6", ["e6", "f6", "f5", "f4"]) == (["G", "H", "I", "D"], 5)
    assert best_single_turn_haul("F") == set("GHID")  # four, never all five


def test_m7_rulebook_capture_from_f_not_c_and_not_l():
    """„Dagegen kann man C und L nicht schlagen.“ — they would cost 6 and 7 points."""
    assert {"C", "L"}.isdisjoint(capturable("F"))
    p = capture_board("F")
    with_more = {
        letters([c.target])[0]: c.cost for c in legal_captures(p, points=EVER) if c.origin == sq("d6")
    }
    assert with_more["L"] == 6 and with_more["C"] == 7


def test_m7_rulebook_capture_from_i_all_but_a():
    """„Von I aus kann man alle bis auf A schlagen.“"""
    assert set(capturable("I")) == set("BCDFGHL")


def test_m7_m10_rulebook_capture_from_i_g_and_b_in_one_turn():
    """„G und B könnte man z. B. sogar in einem Zug rauswerfen.“ — up the unlettered e5."""
    p = capture_board("I", phase="move")
    assert walk(p, "f5", ["e5", "e6", "e7"]) == (["G", "B"], 5)


# ------------------------------------------------------------------ Bausteine nehmen


# 4 players, yellow (NW) to move on the set-up heights, with: a channel j8, i8 dug into
# NE so that h8 (a 3-tower) lies outside, an inside tower g9 in NE, blue's turrian on
# the edge square j1 of SE and yellow's own on c8, and an own inside tower d7.
DARK = build(
    4,
    heights={"j8": 0, "i8": 0, "h8": 3, "g9": 4, "d7": 3},
    turrians={"yellow": ["c8"], "blue": ["j1"]},
)


def test_r3_r5_r6_rulebook_all_dark_stones_may_be_taken():
    """„Alle »dunkel« gekennzeichneten Steine dürfen weggenommen werden.“ — the dark stones
    are every unoccupied stone of the own territory and the outside ones of the others."""
    own = {f"{f}{r}" for f in "abcde" for r in range(6, 11)} - {"c8"}
    foreign_edge = {"f10", "g10", "h10", "i10", "j10", "j9", "j7", "j6"}  # NE ring 0 but the dug j8
    foreign_edge |= {"f1", "g1", "h1", "i1", "j2", "j3", "j4", "j5"}  # SE ring 0 but blue's j1
    foreign_edge |= {"a1", "b1", "c1", "d1", "e1", "a2", "a3", "a4", "a5"}  # SW ring 0
    dark = own | foreign_edge | {"h8"}  # h8 looks east over the empty i8, j8 to the edge
    assert set(names(legal_removals(DARK))) == dark
    assert len(dark) == 50


def test_r1_rulebook_take_three_stones_in_all():
    """„Nehmen Sie insgesamt drei Bausteine vom Spielplan.“ — fewer is illegal while more can be taken."""
    v = validate_turn(DARK, parse_turn_plan({"take": ["a10", "b10"], "place": ["a10", "b10"]}))
    assert (v.rule, v.phase, v.index) == ("R1", "take", 2)


def test_r4_rulebook_only_one_stone_from_each_foreign_territory():
    """„Aus jedem fremden Territorium darf nur 1 Stein entfernt werden“"""
    p = take(DARK, "j10")
    assert refusal(p, "h10") == "R4" and refusal(p, "h8") == "R4"


def test_r3_rulebook_several_from_the_own_territory():
    """„… aus dem eigenen auch mehrere“"""
    p = take(DARK, "a10", "b9", "e6")
    assert len(p.turn.taken) == 3


def test_r1_rulebook_never_more_than_three():
    """„… insgesamt jedoch niemals mehr als drei.“"""
    p = take(DARK, "a10", "b9", "e6")
    assert legal_removals(p) == () and refusal(p, "a9") == "R1"


def test_r4_rulebook_three_players_the_unoccupied_territory_is_foreign_too():
    """„Bei drei Spielern gilt auch das unbesetzte Territorium als fremd.“ — one outside
    stone from the neutral SW, no more."""
    p = build(3)
    assert refusal(p, "c3") == "R5"  # inside: the outside rule applies there
    p = take(p, "b2")
    assert refusal(p, "b3") == "R4" and refusal(p, "c2") == "R4"


def test_r4_rulebook_two_players_all_three_from_the_other_players_area():
    """„Bei zwei Spielern können alle drei Steine aus dem Gebiet des Spielpartners genommen werden.“"""
    p = take(build(2, turrians={"yellow": ["d8"]}), "b2", "i2", "b5")
    assert len(p.turn.taken) == 3


def test_r4_rulebook_after_one_or_two_own_stones_the_rest_from_anywhere():
    """„Wer ein oder zwei Steine aus dem eigenen Territorium nimmt, darf wählen, wo er sich
    die restlichen holt.“"""
    assert validate_turn(DARK, parse_turn_plan({"take": ["a10", "j10", "a1"], "place": ["a10"] * 3})) is None
    assert validate_turn(DARK, parse_turn_plan({"take": ["a10", "a9", "h8"], "place": ["a10"] * 3})) is None


def test_r2_rulebook_stones_under_turrians_stay():
    """„Die Bausteine dürfen nicht von Turrianern besetzt sein.“ — at home and abroad."""
    assert refusal(DARK, "c8") == "R2" and refusal(DARK, "j1") == "R2"


def test_r5_rulebook_only_outside_stones_in_foreign_territories():
    """„In fremden Territorien gilt zusätzlich die »Außenregel«: Nur Bausteine, die »außen«
    liegen, dürfen vom Brett genommen werden.“"""
    assert refusal(DARK, "h9") == "R5" and refusal(DARK, "h10") is None


def test_r6_rulebook_outside_means_accessible_from_the_edge():
    """„»Außen« liegt ein Stein, wenn er vom Spielfeldrand aus zugänglich ist.“ — digging
    the channel j8, i8 opened h8."""
    assert is_outside(DARK, sq("h8"))
    assert not is_outside(build(4), sq("h8"))


def test_r5_rulebook_free_top_stones_of_an_inside_tower_stay():
    """„Bei Türmen können die oberen Steine zwar frei sein, dürfen aber trotzdem nicht
    weggenommen werden, wenn der unterste Stein »innen« liegt.“"""
    assert DARK.height(sq("g9")) == 4 and refusal(DARK, "g9") == "R5"


def test_r5_r7_rulebook_an_outside_unoccupied_tower_comes_down_stone_by_stone():
    """„Liegt er dagegen »außen« und der Turm ist von keinem Turrianer besetzt, so kann er
    Stein um Stein abgebaut werden.“ — with 2 players all in one turn; with 4 one per turn
    (R4), and the next turn the rest is still outside."""
    two = take(build(2, heights={"f2": 3}), "f2", "f2", "f2")
    assert two.height(sq("f2")) == 0
    four = take(DARK, "h8")
    assert refusal(four, "h8") == "R4"
    next_turn = build(4, heights={"j8": 0, "i8": 0, "h8": 2}, to_move="yellow")
    assert refusal(next_turn, "h8") is None
    occupied = build(2, heights={"f2": 3}, turrians={"red": ["f2"]})
    assert refusal(occupied, "f2") == "R2"


def test_r3_rulebook_at_home_every_unoccupied_stone():
    """„Zur Erinnerung: Im eigenen Territorium darf jeder unbesetzte Stein genommen werden.“"""
    assert not is_outside(DARK, sq("d7")) and refusal(DARK, "d7") is None
    p = take(DARK, "d7", "d7", "d7")
    assert p.height(sq("d7")) == 0


def test_r4_rulebook_team_play_three_stones_from_the_other_team_anywhere():
    """Teamspiel: „Man nimmt jeweils drei Steine beim anderen Team, wo ist beliebig.“"""
    p = build(4, rules={"team_play": True})
    assert refusal(p, "a10") == "R4" and refusal(p, "j10") == "R4"
    p = take(p, "j1", "j2", "a1")
    assert len(p.turn.taken) == 3


def test_r4_rulebook_pro_rule_three_stones_from_any_territories():
    """Profiregel: „Man darf die drei Steine aus beliebigen Territorien nehmen.“"""
    p = take(build(4, rules={"goal": "pro"}), "j10", "j9", "j7")
    assert len(p.turn.taken) == 3


# ------------------------------------------------------------------ Türme bauen


def test_p2_rulebook_stones_go_onto_any_square_without_a_turrian():
    """„… legen Sie die Steine auf beliebige Felder, die nicht von einem Turrianer besetzt sind.“"""
    p = build(4, turrians={"yellow": ["c8"], "red": ["h8"]}, turn={"phase": "place", "in_hand": 3})
    assert len(legal_placements(p)) == 98
    assert placement_refusal(p, sq("c8")).rule == "P2" and placement_refusal(p, sq("h8")).rule == "P2"


def test_p2_rulebook_stones_may_be_stacked_and_placed_abroad():
    """„Die Steine können auch aufeinander gesetzt oder in fremde Territorien plaziert werden.“"""
    p = build(4, turrians={"yellow": ["c8"]})
    after, _ = apply_turn(p, parse_turn_plan({"take": ["a10", "b10", "c10"], "place": ["h3", "h3", "h3"]}))
    assert after.height(sq("h3")) == 4


def test_p1_rulebook_stones_cannot_be_kept_for_a_later_turn():
    """„Sie dürfen die Steine aber nicht für den Einsatz in einem späteren Spielzug aufheben.“"""
    v = validate_turn(build(4), parse_turn_plan({"take": ["a10", "b10", "c10"], "place": ["a10", "b10"]}))
    assert (v.rule, v.phase) == ("P1", "place")


def test_p2_rulebook_an_occupied_tower_cannot_be_raised_so_build_beside_it():
    """„Da besetzte Türme nicht aufgestockt werden können, müssen Sie daneben einen neuen
    Turm hochziehen.“"""
    p = build(4, heights={"c8": 3}, turrians={"yellow": ["c8"]})
    v = validate_turn(p, parse_turn_plan({"take": ["a10", "b10", "c10"], "place": ["c8", "c8", "c8"]}))
    assert (v.rule, v.phase, v.index) == ("P2", "place", 0)
    beside, _ = apply_turn(p, parse_turn_plan({"take": ["a10", "b10", "c10"], "place": ["d8", "d8", "d8"]}))
    assert beside.height(sq("d8")) == 4


def test_m9_rulebook_an_emptied_entry_row_needs_a_stone_first():
    """„Sollten in der äußersten Reihe alle Bausteine abgeräumt sein, müssen Sie dort zuvor
    einen Baustein einsetzen.“ — placed in phase 2, entered on in phase 3 of the same turn."""
    row = {s: 0 for s in ["a6", "a7", "a8", "a9", "a10", "b10", "c10", "d10", "e10"]}
    p = build(4, heights=row, turrians={"yellow": ["c8"]})
    assert reachable(p, None) == ()
    turn = parse_turn_plan(
        {"take": ["b8", "b7", "b6"], "place": ["a8"], "move": [{"from": "reserve", "path": ["a8"]}]}
    )
    assert validate_turn(p, turn).rule == "P1"  # all three must be placed
    turn = parse_turn_plan(
        {
            "take": ["b8", "b7", "b6"],
            "place": ["a8", "b8", "b7"],
            "move": [{"from": "reserve", "path": ["a8"]}],
        }
    )
    after, _ = apply_turn(p, turn)
    assert sq("a8") in after.seats[0].turrians


def test_p3_rulebook_handicap_stones_in_one_or_several_turns():
    """Handicapregel: „Der schwächere Spieler setzt die zusätzlichen Bausteine in einem oder
    gestückelt in mehreren Zügen irgendwann im Verlauf des Spiels ein.“"""
    p = build(4, seats={"yellow": {"bonus_stones": 3}})
    home = {"take": ["a10", "b10", "c10"]}
    after, _ = apply_turn(p, parse_turn_plan({**home, "place": ["a10", "b10", "c10", "d8"]}))
    assert after.seats[0].bonus_stones == 2
    all_at_once, _ = apply_turn(
        p, parse_turn_plan({**home, "place": ["a10", "b10", "c10", "d8", "d8", "d8"]})
    )
    assert all_at_once.seats[0].bonus_stones == 0
