"""The turn and game notations, and replaying a game (docs/notation.md, "Turns and games")."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.common import MalformedError
from service.terra_turrium import apply_turn, setup_position
from service.terra_turrium.random_player import random_setup, random_turn
from service.terra_turrium.record import (
    GAME_PATTERN,
    TURN_PATTERN,
    GameRecord,
    parse_game_record,
    parse_turn_notation,
    replay,
    write_game_record,
    write_turn_notation,
)
from tests.terra_turrium.strategies import rules_for


@st.composite
def games(draw: st.DrawFn, max_turns: int = 30) -> GameRecord:
    """A random legal game: a set-up under random options and up to ``max_turns`` turns."""
    players = draw(st.sampled_from([2, 3, 4]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    start = random_setup(setup_position(players, draw(rules_for(players))), rng)
    position, plans = start, []
    for _ in range(draw(st.integers(0, max_turns))):
        if position.is_game_over:
            break
        plans.append(random_turn(position, rng))
        position, _ = apply_turn(position, plans[-1])
    return GameRecord(start, tuple(plans))


@settings(max_examples=25, deadline=None, derandomize=True)
@given(games())
def test_t1_every_game_survives_the_game_notations_round_trip(record):
    text = write_game_record(record)
    assert re.fullmatch(GAME_PATTERN, text)
    assert parse_game_record(text) == record
    for plan in record.turns:
        line = write_turn_notation(plan)
        assert re.fullmatch(TURN_PATTERN, line) and parse_turn_notation(line) == plan


@settings(max_examples=25, deadline=None, derandomize=True)
@given(games(max_turns=40))
def test_t1_a_replay_agrees_turn_by_turn_with_playing_each_turn(record):
    played = replay(record.start, record.turns)
    position = record.start
    assert len(played.turns) == len(record.turns)
    for turn, plan in zip(played.turns, record.turns, strict=True):
        position, events = apply_turn(position, plan)
        assert turn.legal and turn.events == events and turn.position == position
    assert played.final == position


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.from_regex(TURN_PATTERN, fullmatch=True)
    | st.text(alphabet="-+abcdefghijk0123456789 reservpas", max_size=24)
)
def test_t1_a_string_is_a_turn_exactly_when_it_matches_the_published_grammar(text):
    matches = re.fullmatch(TURN_PATTERN, text) is not None
    try:
        parse_turn_notation(text)
    except MalformedError:
        assert not matches, text
    else:
        assert matches, text


def test_g3_a_replay_stops_at_the_first_illegal_turn():
    record = parse_game_record(
        "setup|yellow:NW,NE:b9|red:SE,SW:b2\n-c9 -d9 -e9 +c9 +d9 +e9 b9-c9\n-e5\n-c2 -d2 -e2 +c2 +d2 +e2\n"
    )
    played = replay(record.start, record.turns)
    assert [t.legal for t in played.turns] == [True, False]
    assert (played.turns[1].index, played.turns[1].violation.rule) == (1, "R1")
    assert played.final == played.turns[0].position


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ("+d8 -d9", "column 5: -d9 takes a stone after a place action"),
        ("-k9", "column 2: 'k9' is not a square"),
        ("d6", "column 1: 'd6' walks nowhere"),
        ("a1-reserve", "column 4: 'reserve' is not a square"),
        ("-a1  +b2", "column 5: actions are separated by one space"),
        ("", "column 1: a turn is its actions"),
    ],
)
def test_t1_a_malformed_turn_names_the_column(text, detail):
    with pytest.raises(MalformedError) as err:
        parse_turn_notation(text)
    assert err.value.detail.startswith(detail)


def test_t1_a_malformed_record_names_the_line_and_column_of_every_mistake():
    with pytest.raises(MalformedError) as err:
        parse_game_record("setup|yellow:NW|red:NE|blue:SE|green:SW\n-a1 -k1\n+b2 -a1\n")
    assert [p.detail for p in err.value.problems] == [
        "line 2, column 6: 'k1' is not a square a1 … j10",
        "line 3, column 5: -a1 takes a stone after a place action; a turn's actions come in the order take, "
        "place, move",
    ]
