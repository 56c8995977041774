"""R1–R7: taking stones and the outside rule."""


from service.terra_turrium import RemovalRule, Territory, is_outside, legal_removals
from service.terra_turrium.refusals import Reason
from service.terra_turrium.take import removal_refusal
from tests.terra_turrium.builders import build, names, refusal, sq, take


def test_r1_three_stones_then_no_more():
    p = take(build(4), "c8", "d8", "e8")
    assert legal_removals(p) == ()
    assert refusal(p, "a10") == "R1"


def test_r1_removals_belong_to_the_take_phase():
    p = build(4, turn={"phase": "place", "in_hand": 0})
    assert legal_removals(p) == ()
    assert refusal(p, "a10") == "T1"


def test_r2_no_stone_from_a_square_with_a_turrian_or_without_stones():
    p = build(4, heights={"c8": 0}, turrians={"yellow": ["b8"], "red": ["j10"]})
    assert refusal(p, "b8") == "R2"
    assert refusal(p, "j10") == "R2"
    assert refusal(p, "c8") == "R2"
    assert {"b8", "c8", "j10"}.isdisjoint(names(legal_removals(p)))


def test_r2_the_height_reported_is_the_height_before_taking():
    p = build(4, heights={"c8": 4})
    removal = next(r for r in legal_removals(p) if names([r]) == ["c8"])
    assert removal.height == 4 and removal.territory is Territory.NW and removal.rule is RemovalRule.OWN


def test_r3_any_number_from_the_own_territory_even_inside():
    p = take(build(4, heights={"c8": 3}), "c8", "c8")
    assert refusal(p, "c8") is None
    own = [r for r in legal_removals(build(4)) if r.rule is RemovalRule.OWN]
    assert len(own) == 25


def test_r4_one_stone_per_foreign_territory_per_turn():
    p = take(build(4), "j10")
    assert refusal(p, "j9") == "R4"
    assert refusal(p, "j1") is None  # another foreign territory
    assert refusal(p, "a9") is None  # own territory
    assert not any(r.territory is Territory.NE for r in legal_removals(p))


def test_r4_two_players_take_any_number_from_the_opponent():
    p = take(build(2), "b2", "c2")
    assert refusal(p, "d2") is None
    assert refusal(p, "b3") is None


def test_r4_team_play_takes_only_from_the_opposing_team():
    p = build(4, rules={"team_play": True})
    assert refusal(p, "c8") == "R4"  # own territory
    assert refusal(p, "j10") == "R4"  # the partner's
    p = take(p, "j1", "j2")
    assert refusal(p, "a1") is None  # any split over the opposing team's two
    assert {r.territory for r in legal_removals(p)} == {Territory.SE, Territory.SW}


def test_r4_pro_rule_any_number_from_any_territory():
    p = take(build(4, rules={"goal": "pro"}), "j10", "j9")
    assert refusal(p, "j8") is None


def test_r5_inside_tower_with_free_top_stones_cannot_be_taken():
    p = build(4, heights={"g8": 3})
    assert not is_outside(p, sq("g8"))
    assert refusal(p, "g8") == "R5"
    assert removal_refusal(p, sq("g8")) is Reason.INSIDE


def test_r5_a_tower_on_an_outside_square_comes_down_stone_by_stone():
    p = take(build(2, heights={"b2": 3}), "b2", "b2")
    assert p.height(sq("b2")) == 1 and refusal(p, "b2") is None


def test_r5_own_territory_is_exempt():
    p = build(4, heights={"c8": 3})
    assert not is_outside(p, sq("c8")) and refusal(p, "c8") is None


def test_r6_every_ring_0_square_is_outside():
    p = build(4, flat=5)
    assert all(is_outside(p, s) for s in range(100) if s // 10 in (0, 9) or s % 10 in (0, 9))


def test_r6_line_rule_needs_a_straight_empty_line_to_the_edge():
    p = build(4, heights={"h8": 0, "i8": 0, "j8": 0})
    assert is_outside(p, sq("g8"))
    p = build(4, heights={"h8": 0, "i8": 0})  # j8 still stands: blocked
    assert not is_outside(p, sq("g8"))


def test_r6_path_rule_follows_a_winding_chain_of_empty_squares():
    blocks = {"h8": 0, "h9": 0, "h10": 0}
    assert not is_outside(build(4, heights=blocks), sq("g8"))
    assert is_outside(build(4, heights=blocks, rules={"outside_rule": "path"}), sq("g8"))
    # an empty pocket that does not reach the edge does not help
    assert not is_outside(build(4, heights={"h8": 0, "h7": 0}, rules={"outside_rule": "path"}), sq("g8"))


def test_r6_out_of_play_squares_count_as_empty():
    p = build(3)
    assert is_outside(p, sq("b5")) and not is_outside(p, sq("c5"))


def test_r7_a_stone_taken_earlier_in_the_turn_can_open_the_way():
    p = build(2)
    assert refusal(p, "c3") == "R5"
    p = take(p, "b3")
    assert refusal(p, "c3") is None


def test_r1_removals_are_listed_in_board_order_with_their_rule():
    p = build(4)
    removals = legal_removals(p)
    assert [r.square for r in removals] == sorted(r.square for r in removals)
    outside = [names([r])[0] for r in removals if r.rule is RemovalRule.OUTSIDE]
    assert "j10" in outside and "a1" in outside and "g8" not in outside
    assert len(outside) == 27  # ring 0 of the three foreign territories
