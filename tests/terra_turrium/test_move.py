"""M1–M10: steps, capture costs, attacks, re-entry; reachability and captures."""

import pytest

from service.terra_turrium import CaptureKind, InvalidQueryError, legal_captures, reachable
from tests.terra_turrium.builders import build, names, sq


def reach_map(p, origin, points=None):
    start = None if origin == "reserve" else sq(origin)
    return {names([r])[0]: r for r in reachable(p, start, points)}


def test_m1_reach_is_bounded_by_the_points_left():
    p = build(4, flat=1, turrians={"yellow": ["a10"]})
    costs = {s: r.cost for s, r in reach_map(p, "a10").items()}
    assert max(costs.values()) == 5 and costs["a5"] == 5 and "a4" not in costs
    p3 = build(4, flat=1, turrians={"yellow": ["a10"]}, turn={"phase": "move", "points": 2})
    assert max(r.cost for r in reach_map(p3, "a10").values()) == 2
    assert max(r.cost for r in reach_map(p, "a10", points=1).values()) == 1
    assert reach_map(p, "a10", points=0) == {}


def test_m2_steps_are_orthogonal_one_point_each_and_paths_chain_adjacent_squares():
    p = build(4, flat=1, turrians={"yellow": ["c8"]})
    found = reach_map(p, "c8")
    assert found["d9"].cost == 2 and found["c9"].cost == 1
    for r in found.values():
        chain = [sq("c8"), *r.path]
        assert all(
            abs(a - b) in (1, 10) and (a // 10 == b // 10 or a % 10 == b % 10)
            for a, b in zip(chain, chain[1:], strict=False)
        )
        assert len(r.path) == r.cost  # no captures here


def test_m3_no_square_without_stones_and_none_out_of_play():
    p = build(3, flat=1, heights={"c9": 0}, turrians={"yellow": ["b9"]})
    found = reach_map(p, "b9")
    assert "c9" not in found and "a9" not in found and "b10" not in found
    assert found["d9"].cost == 4  # around the hole: b8 c8 d8 d9


def test_m4_one_level_up_or_down_at_most():
    p = build(4, flat=1, heights={"b10": 3, "a9": 2, "a8": 3, "a7": 5}, turrians={"yellow": ["a10"]})
    found = reach_map(p, "a10")
    assert "b10" not in found  # 1 → 3
    assert found["a9"].cost == 1 and found["a8"].cost == 2  # 1 → 2 → 3
    assert "a7" not in found  # 3 → 5


def test_m5_own_turrians_can_be_neither_entered_nor_passed():
    p = build(4, flat=1, turrians={"yellow": ["a10", "b10", "a9"]})
    found = reach_map(p, "a10")
    assert found == {}  # boxed in by its own side


def test_m5_a_partners_turrian_blocks_like_an_own_one():
    p = build(4, flat=1, rules={"team_play": True}, turrians={"yellow": ["e10"], "red": ["f10"]})
    found = reach_map(p, "e10")
    assert "f10" not in found
    assert found["g10"].cost == 4  # around via e9 f9 g9


def test_m6_capture_then_move_on():
    p = build(4, flat=1, turrians={"yellow": ["a10"], "green": ["b10"]})
    found = reach_map(p, "a10")
    assert found["b10"].cost == 2 and found["b10"].captures == (sq("b10"),)
    assert found["c10"].cost == 3 and found["c10"].path == (sq("b10"), sq("c10"))


def test_m6_no_capture_of_a_partner_in_team_play():
    p = build(
        4, flat=1, rules={"team_play": True}, turrians={"yellow": ["e10"], "red": ["f10"], "blue": ["e9"]}
    )
    victims = {(c.victim, names([c.target])[0]) for c in legal_captures(p)}
    assert victims == {("blue", "e9")}


@pytest.mark.parametrize(
    ("mine", "theirs", "cost"),
    [(1, 1, 2), (1, 2, 3), (2, 1, 1), (3, 3, 2), (4, 5, 3)],
)
def test_m7_capture_cost_same_height_upwards_downwards(mine, theirs, cost):
    p = build(4, flat=1, heights={"c8": mine, "c9": theirs}, turrians={"yellow": ["c8"], "red": ["c9"]})
    capture = next(c for c in legal_captures(p) if c.target == sq("c9"))
    assert capture.cost == cost and capture.path == (sq("c9"),)
    assert capture.kind is CaptureKind.DEFENCE  # in yellow's own territory


def test_m7_capture_chains_add_up():
    p = build(4, flat=1, turrians={"yellow": ["c8"], "red": ["d8", "e8"]})
    found = reach_map(p, "c8")
    assert found["e8"].cost == 4 and found["e8"].captures == (sq("d8"), sq("e8"))


def test_m8_captures_abroad_are_attacks_at_home_defences():
    p = build(4, flat=1, turrians={"yellow": ["e9"], "red": ["f9", "d9"]})
    kinds = {names([c.target])[0]: c.kind for c in legal_captures(p)}
    assert kinds == {"f9": CaptureKind.ATTACK, "d9": CaptureKind.DEFENCE}


def test_m8_no_attack_with_the_counter_at_5_but_defence_stays():
    p = build(4, flat=1, seats={"yellow": {"attacks": 5}}, turrians={"yellow": ["e9"], "red": ["f9", "d9"]})
    assert names(c.target for c in legal_captures(p) if c.origin == sq("e9")) == ["d9"]
    assert "f9" not in reach_map(p, "e9")


def test_m8_counter_at_5_after_an_attack_this_turn_may_attack_again():
    p = build(
        4,
        flat=1,
        seats={"yellow": {"attacks": 5}},
        turn={"phase": "move", "attacked": True, "points": 3},
        turrians={"yellow": ["e9"], "red": ["f9"]},
    )
    assert names(c.target for c in legal_captures(p)) == ["f9"]


def test_m8_the_neutral_territory_is_foreign():
    p = build(3, flat=1, turrians={"yellow": ["e5"], "red": ["d5"]})
    assert [c.kind for c in legal_captures(p) if c.origin is not None] == [CaptureKind.ATTACK]


def test_m8_partner_territory_is_foreign_so_captures_there_are_attacks():
    p = build(4, flat=1, rules={"team_play": True}, turrians={"yellow": ["e9"], "blue": ["f9"]})
    assert [c.kind for c in legal_captures(p) if c.origin is not None] == [CaptureKind.ATTACK]


def test_m8_equal_cost_paths_prefer_the_one_without_an_attack():
    p = build(4, flat=1, heights={"e10": 2}, turrians={"yellow": ["e10"], "red": ["f10"]})
    found = reach_map(p, "e10")
    assert found["f10"].cost == 1  # downward capture, free surcharge
    assert found["f9"].cost == 2 and found["f9"].captures == ()
    assert found["f9"].path == (sq("e9"), sq("f9"))


def test_m9_re_entry_costs_one_on_a_single_stone_of_the_own_entry_row():
    p = build(4, flat=1, heights={"b10": 2}, turrians={"yellow": ["a10"], "red": ["c10"]})
    found = reach_map(p, "reserve")
    entries = sorted((s for s, r in found.items() if r.cost == 1), key=sq)
    assert entries == ["a6", "a7", "a8", "a9", "d10", "e10"]  # not a10/c10 (occupied), b10 (a tower)
    assert all(found[s].path == (sq(s),) for s in entries)
    assert found["b9"].cost == 2 and found["b9"].path[0] in {sq("a9")}


def test_m9_entry_row_is_ring_1_with_3_players_and_ring_2_on_the_6x6_board():
    p = build(3, flat=1, turrians={"yellow": ["c8"]})
    entries = sorted((s for s, r in reach_map(p, "reserve").items() if r.cost == 1), key=sq)
    assert entries == ["b6", "b7", "b8", "b9", "c9", "d9", "e9"]
    p6 = build(2, rules={"two_player_board": "6x6"}, turrians={"yellow": ["d8"]})
    entries6 = sorted((s for s, r in reach_map(p6, "reserve").items() if r.cost == 1), key=sq)
    assert entries6 == ["c6", "h6", "c7", "h7", "c8", "e8", "f8", "g8", "h8"]


def test_m9_no_re_entry_when_the_entry_row_has_no_single_stone():
    heights = {s: 0 for s in ["a6", "a7", "a8", "a9", "a10", "b10", "c10", "d10", "e10"]}
    p = build(4, flat=1, heights=heights, turrians={"yellow": ["c8"]})
    assert reach_map(p, "reserve") == {}


def test_reach_questions_about_a_turrian_that_is_not_there_are_refused():
    p = build(4, turrians={"yellow": ["a10"], "red": ["j10"]})
    with pytest.raises(InvalidQueryError) as err:
        reachable(p, sq("j10"))
    assert err.value.field == "/from"
    full = build(4, turrians={"yellow": ["a10", "b10", "c10", "d10", "e10", "a9"]})
    with pytest.raises(InvalidQueryError) as err:
        reachable(full, None)
    assert err.value.rule == "M9"


def test_captures_list_reserve_turrians_last():
    p = build(4, flat=1, turrians={"yellow": ["c8"], "red": ["b10", "d8"]})
    captures = legal_captures(p)
    assert [c.origin for c in captures][-1] is None
    assert {names([c.target])[0] for c in captures if c.origin is None} == {"b10", "d8"}
