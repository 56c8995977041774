"""Scoring (TS1–TS3)."""

from service.spiel_der_tuerme import (
    Colour,
    QuarterScore,
    SeatScore,
    apply_turn,
    parse_turn_plan,
    score,
    score_to_dict,
    setup_position,
    winners_of,
)
from tests.spiel_der_tuerme.builders import ANCHORS, build

# Filler only in quarters 3, 4, 7 and 8: quarters 1, 2, 5 and 6 hold only what a test puts there.
FAR = (8, 7, 4, 3)


def quarter(result, colour, number):
    seat = next(s for s in result.seats if s.seat is colour)
    return next((q for q in seat.quarters if q.quarter == number), None)


def test_ts1_a_seat_scores_every_stone_of_its_stacks_on_symbol_squares():
    p = build(
        {**ANCHORS, "d5": "Ay", "b3": "Ary", "c3": "Bgy", "b2": "Cyr", "e2": "Cbbby"}, seats="yrb", fill=FAR
    )
    s = score(p)
    assert quarter(s, Colour.YELLOW, 1) == QuarterScore(1, 4)  # b3: red under yellow, c3: green under yellow
    assert quarter(s, Colour.RED, 1) == QuarterScore(1, 2)  # b2: yellow under red
    assert quarter(s, Colour.YELLOW, 2) == QuarterScore(2, 4)
    assert quarter(s, Colour.BLUE, 1) is None  # the street stack n1 scores nothing
    assert [seat.seat for seat in s.seats] == list(p.seats)  # green is neutral: no entry
    assert all(seat.points == sum(q.points for q in seat.quarters) for seat in s.seats)


def test_ts1_nothing_scores_on_a_dealt_board():
    assert all(seat.points == 0 and seat.quarters == () for seat in score(setup_position(4, 2)).seats)


def test_ts2_the_completed_quarter_counts_double_for_the_seat_that_completed_it():
    p = build({**ANCHORS, "d2": "Dy", "b3": "Ary", "c3": "By", "b2": "Cy", "e3": "Ay"}, fill=FAR)
    before = score(p)
    assert quarter(before, Colour.YELLOW, 1) == QuarterScore(1, 4) and not before.game_over
    after, _ = apply_turn(p, parse_turn_plan({"moves": [{"from": "d2", "to": "c2"}]}))
    s = score(after)
    assert quarter(s, Colour.YELLOW, 1) == QuarterScore(1, 10, doubled=True)
    assert quarter(s, Colour.YELLOW, 2) == QuarterScore(2, 1)  # other quarters single


def test_ts2_after_a_stuck_seat_nothing_counts_double():
    p = build({**ANCHORS, "a3": "Ay", "c3": "By", "b2": "Cy", "c2": "Dy"}, fill=FAR)
    after, _ = apply_turn(p, parse_turn_plan({"moves": [{"from": "a3", "to": "b3"}]}))
    assert after.over.reason.value == "quarter"  # completing beats being stuck (TE5)
    q = build({**ANCHORS, "a3": "Ay", "c3": "By", "b2": "Cy"}, fill=FAR)
    stuck, _ = apply_turn(q, parse_turn_plan({"moves": [{"from": "a3", "to": "b3"}]}))
    assert stuck.over.reason.value == "stuck"
    assert quarter(score(stuck), Colour.YELLOW, 1) == QuarterScore(1, 3)


def test_ts3_the_seats_with_the_most_points_win_and_ties_share_the_win():
    p = build({**ANCHORS, "a3": "Ay", "c3": "By", "b2": "Cy"}, fill=FAR)
    assert score(p).winners == () and not score(p).game_over
    stuck, _ = apply_turn(p, parse_turn_plan({"moves": [{"from": "a3", "to": "b3"}]}))
    s = score(stuck)
    best = max(seat.points for seat in s.seats)
    assert s.game_over and s.winners == tuple(seat.seat for seat in s.seats if seat.points == best)
    data = score_to_dict(s)
    assert set(data) == {"seats", "game_over", "winners"}
    assert set(data["seats"][0]) == {"id", "points", "quarters"}
    assert data["winners"] == [w.value for w in s.winners]


def test_ts3_a_tie_is_shared():
    tied = (SeatScore(Colour.YELLOW, 7, ()), SeatScore(Colour.RED, 3, ()), SeatScore(Colour.BLUE, 7, ()))
    assert winners_of(tied) == (Colour.YELLOW, Colour.BLUE)
