"""The compact position notation (docs/notation.md): lossless, canonical, strict."""

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.terra_turrium import (
    Goal,
    InvalidPositionError,
    MalformedError,
    OutsideRule,
    Phase,
    Position,
    Rules,
    TwoPlayerBoard,
    reachable,
    setup_position,
)
from service.terra_turrium.notation import SEAT_FIELDS, is_notation, parse_notation, write_notation
from service.terra_turrium.random_player import random_partway
from tests.terra_turrium.builders import build, sq
from tests.terra_turrium.strategies import played_positions

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DOCS = Path(__file__).resolve().parents[2] / "docs" / "notation.md"


def mid_turn(position: Position, seed: int, stop: int) -> Position:
    """Part-way through a random turn (:func:`random_partway`)."""
    return random_partway(position, random.Random(seed), stop)


# ------------------------------------------------------------------------ round trips


@SETTINGS
@given(played_positions(), st.integers(0, 2**32 - 1), st.integers(0, 4))
def test_every_position_of_random_play_survives_a_round_trip(position, seed, stop):
    position = mid_turn(position, seed, stop)
    text = write_notation(position)
    assert parse_notation(text) == position
    assert write_notation(parse_notation(text)) == text
    assert " " not in text and "\n" not in text


@SETTINGS
@given(played_positions(max_turns=8))
def test_one_height_more_changes_the_string(position):
    # A notation names every square: nothing about the position is lost,
    # so two positions differing in one height differ in their strings.
    square = next(s for s in range(100) if position.is_in_play(s) and position.occupant[s] < 0)
    heights = list(position.heights)
    heights[square] += 10
    taller = replace(position, heights=tuple(heights))
    assert write_notation(taller) != write_notation(position)
    assert parse_notation(write_notation(taller)).height(square) == heights[square]


CANONICAL = [
    "setup|yellow:NW|red:NE|blue:SE|green:SW",
    "setup|yellow:NW|red:NE|blue:SE",
    "setup|yellow:NW,NE|red:SE,SW",
    "setup|yellow:NW,NE|red:SE,SW|rules=6x6",
    "setup|yellow:NW|red:NE|blue:SE|green:SW|rules=pro,team,path",
    "setup|yellow:NW:b9,a10|red:NE:j10|blue:SE|green:SW|move=red",
    "setup|ann:SE|bob:SW|cy:NW|move=cy|start=bob",
    "setup|yellow:NW:a10:0:1|red:NE:j10:5:2|blue:SE|green:SW|move=red|phase=move|points=0|attacked",
    "setup|yellow:NW:c8|red:NE|blue:SE|green:SW|taken=a10,j5",
    "setup|yellow:NW:c8|red:NE|blue:SE|green:SW|phase=place|hand=3",
    "setup|yellow:NW:c8|red:NE|blue:SE|green:SW|phase=place|taken=a10|hand=0",
    "11111111/11111111/11111111/11111111/11111111/11111111/11111111/1111111(10)|a:NW,NE|b:SE,SW",
    "654321/123456/000000/000000/111111/(10)(11)(123)000|yellow:NW,NE:c8,d8,e8,f8,g8,h8|red:SE,SW|rules=6x6",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_strings_are_written_back_unchanged(text):
    assert write_notation(parse_notation(text)) == text


def doc_examples() -> list[str]:
    """Every line of the ``text`` code blocks in docs/notation.md that is a notation."""
    blocks = re.findall(r"```text\n(.*?)```", DOCS.read_text(encoding="utf-8"), flags=re.S)
    return [line for block in blocks for line in block.splitlines() if "|" in line and " " not in line]


def test_the_documented_examples_are_canonical_notations():
    examples = doc_examples()
    assert len(examples) >= 8
    for text in examples:
        assert write_notation(parse_notation(text)) == text, text


# ---------------------------------------------------------------------------- meaning


def test_a_fresh_set_up_is_short_and_means_the_b6_set_up():
    for players in (2, 3, 4):
        text = write_notation(setup_position(players))
        assert text.startswith("setup|") and len(text) <= 40
        assert parse_notation(text) == setup_position(players)
    six = setup_position(2, Rules(two_player_board=TwoPlayerBoard.SIX))
    assert parse_notation("setup|yellow:NW,NE|red:SE,SW|rules=6x6") == six


def test_b4_the_grid_covers_the_play_area_north_first_west_to_east():
    p = build(3, heights={"b9": 7, "i2": 3, "e5": 0})
    text = write_notation(p)
    ranks = text.split("|")[0].split("/")
    assert len(ranks) == 8 and all(len(r) == 8 for r in ranks)
    assert ranks[0][0] == "7"  # b9: the north-west corner of the 8 × 8 area
    assert ranks[-1][-1] == "3"  # i2: its south-east corner
    assert ranks[4][3] == "0"  # e5: rank 5 is the fifth from the north, file e the fourth from b
    assert parse_notation(text) == p


def test_b5_heights_from_ten_up_are_written_in_parentheses():
    p = build(4, flat=1, heights={"a10": 10, "j1": 123, "e5": 9})
    text = write_notation(p)
    assert text.startswith("(10)111111111/")
    assert text.split("|")[0].endswith("/111111111(123)")
    assert parse_notation(text).height(sq("j1")) == 123


def test_seat_fields_are_positional_with_trailing_defaults_left_out():
    p = build(
        4,
        rules={"goal": "pro"},
        heights={"c8": 5, "d8": 6, "e8": 7},
        turrians={"yellow": ["c8", "d8", "e8"], "red": ["j10"]},
        seats={"yellow": {"bonus_stones": 0, "pro_hold": ["c8", "d8", "e8"]}, "red": {"bonus_stones": 2}},
    )
    seats = write_notation(p).split("|")[1:5]
    assert seats == ["yellow:NW:c8,d8,e8:0:0:c8,d8,e8", "red:NE:j10:0:2", "blue:SE", "green:SW"]


def test_pro_hold_keeps_the_order_of_the_5_6_7_towers():
    p = build(
        4,
        rules={"goal": "pro"},
        heights={"c8": 7, "d8": 6, "e8": 5},
        turrians={"yellow": ["c8", "d8", "e8"]},
        seats={"yellow": {"pro_hold": ["e8", "d8", "c8"]}},
    )
    assert parse_notation(write_notation(p)).seats[0].pro_hold == (sq("e8"), sq("d8"), sq("c8"))


def test_every_rule_option_has_its_flag():
    for flag, rules in [
        ("pro", {"goal": Goal.PRO}),
        ("team", {"team_play": True}),
        ("path", {"outside_rule": OutsideRule.PATH}),
    ]:
        p = parse_notation(f"setup|yellow:NW|red:NE|blue:SE|green:SW|rules={flag}")
        assert all(getattr(p.rules, k) == v for k, v in rules.items())
    p = parse_notation("setup|yellow:NW|red:NE|blue:SE|green:SW|rules=path,team,pro")
    assert write_notation(p).endswith("|rules=pro,team,path")


def test_the_turn_context_and_its_defaults():
    p = parse_notation("setup|yellow:NW:c8|red:NE|blue:SE|green:SW|taken=a10,a9")
    assert p.turn.phase is Phase.TAKE and p.turn.in_hand == 2  # hand= defaults to the count taken
    assert p.height(sq("a10")) == 1  # the heights are read as written: taking is not replayed
    q = parse_notation("setup|yellow:NW:c8|red:NE|blue:SE|green:SW|phase=move|points=2")
    assert q.turn.phase is Phase.MOVE and max(r.cost for r in reachable(q, sq("c8"))) == 2


def test_non_canonical_input_is_read_and_written_canonically():
    loose = (
        "setup|yellow:NW:a10,b9:0:0|red:NE:j10:0|blue:SE|green:SW"
        "|move=yellow|rules=pro,pro|phase=take|hand=0|points=5"
    )
    assert (
        write_notation(parse_notation(loose))
        == "setup|yellow:NW:b9,a10|red:NE:j10|blue:SE|green:SW|rules=pro"
    )
    flat = "/".join(["1111111111"] * 10)
    p = parse_notation(flat + "|yellow:NW|red:NE|blue:SE|green:SW")
    assert write_notation(p).startswith(flat + "|")  # not the set-up: the centre is low
    setup_grid = write_notation(replace(setup_position(4), to_move="red")).split("|")[0]
    assert setup_grid == "setup"
    two = parse_notation("setup|yellow:NE,NW|red:SW,SE")
    assert write_notation(two) == "setup|yellow:NW,NE|red:SE,SW"  # territories clockwise


# ---------------------------------------------------------------------- malformed input

SEATS4 = "yellow:NW|red:NE|blue:SE|green:SW"

MALFORMED = [
    ("", "", "empty"),
    ("setup", "/seats", "2 to 4 seats"),
    ("setup|yellow:NW", "/seats", "2 to 4 seats"),
    (f"setup|{SEATS4}|purple:NW", "/seats", "2 to 4 seats"),
    (f"setup|{SEATS4} |move=red", "", "without spaces"),
    (f"setup|{SEATS4}|move=red|teal:NW", "/seats", "seats come first"),
    (f"setup|{SEATS4}|yellow", "/seats/4", "neither a seat"),
    (f"setup|{SEATS4}|colour=red", "", "unknown section 'colour='"),
    (f"setup|{SEATS4}|move=red|move=blue", "/to_move", "twice"),
    (f"setup|{SEATS4}|points=3|move=red", "/to_move", "in the order move, start"),
    (f"setup|{SEATS4}|attacked|attacked", "/turn/attacked", "twice"),
    (f"setup|{SEATS4}|rules=", "/rules", "names no option"),
    (f"setup|{SEATS4}|rules=pro,7x7", "/rules", "unknown rules flag '7x7'"),
    (f"setup|{SEATS4}|finishers=", "/finishers", "lists no seat"),
    (f"setup|{SEATS4}|taken=", "/turn/taken", "lists no square"),
    (f"setup|{SEATS4}|taken=a10,,a9", "/turn/taken/1", "empty entry"),
    (f"setup|{SEATS4}|hand=two", "/turn/in_hand", "must be an integer"),
    (f"setup|{SEATS4}|phase=move|points=05", "/turn/points", "leading zeros"),
    (f"setup|{SEATS4}|phase=move|points=-1", "/turn/points", "must be an integer"),
    (f"setup|{SEATS4}|phase=move|points=6", "/turn/points", "between 0 and 5"),
    (f"setup|{SEATS4}|phase=later", "/turn/phase", "must be one of"),
    ("setup|yellow:|red:NE|blue:SE|green:SW", "/seats/0/territories", "names no territory"),
    ("setup|yellow:NX|red:NE|blue:SE|green:SW", "/seats/0/territories/0", "must be one of"),
    # One field more than the seat's schema has (the fields are counted before they are read).
    (f"setup|yellow:NW{':' * (len(SEAT_FIELDS) - 1)}|red:NE|blue:SE|green:SW", "/seats/0",
     f"at most {len(SEAT_FIELDS)}"),
    ("setup|yellow:NW:a10:0:0:a1,a2,a3:9|red:NE|blue:SE|green:SW", "/seats/0/captures", "between 0 and 2"),
    ("setup|yellow:NW:a10:0:0:|red:NE|blue:SE|green:SW", "/seats/0/pro_hold", "lists no square"),
    (f"setup|{SEATS4}|open|rules=burgenland", "/rules", "in the order"),
    ("setup|yellow:NW:k10|red:NE|blue:SE|green:SW", "/seats/0/turrians/0", "is not a square"),
    ("setup|yellow:NW:A10|red:NE|blue:SE|green:SW", "/seats/0/turrians/0", "is not a square"),
    ("setup|yellow:NW:a10,|red:NE|blue:SE|green:SW", "/seats/0/turrians/1", "empty entry"),
    ("setup|yellow:NW::x|red:NE|blue:SE|green:SW", "/seats/0/attacks", "must be an integer"),
    ("setup|yellow:NW::6|red:NE|blue:SE|green:SW", "/seats/0/attacks", "between 0 and 5"),
    ("setup|yellow:NW::0:1.5|red:NE|blue:SE|green:SW", "/seats/0/bonus_stones", "must be an integer"),
    ("setup|yellow:NW::0:0:|red:NE|blue:SE|green:SW", "/seats/0/pro_hold", "lists no square"),
    ("setup|Yellow:NW|red:NE|blue:SE|green:SW", "/seats/0/id", "must be a seat id matching"),
    ("/".join(["11111111"] * 7 + ["1111111x"]) + "|a:NW,NE|b:SE,SW", "/heights/1/8", "unexpected 'x'"),
    ("/".join(["1111111(9)"] + ["11111111"] * 7) + "|a:NW,NE|b:SE,SW", "/heights/8/8", "digit 9"),
    ("/".join(["1111111(12"] + ["11111111"] * 7) + "|a:NW,NE|b:SE,SW", "/heights/8/8", "without ')'"),
    ("/".join(["1111111(012)"] + ["11111111"] * 7) + "|a:NW,NE|b:SE,SW", "/heights/8/8", "leading zeros"),
    ("/".join(["1111111()"] + ["11111111"] * 7) + "|a:NW,NE|b:SE,SW", "/heights/8/8", "must be an integer"),
    ("|a:NW,NE|b:SE,SW", "/heights", "empty"),
    ("/".join(["11111111"] * 7 + ["11111111", ""]) + "|a:NW,NE|b:SE,SW", "/heights/0", "empty"),
    ("Setup|a:NW,NE|b:SE,SW", "/heights", ""),
]


@pytest.mark.parametrize(("text", "field", "detail"), MALFORMED)
def test_malformed_notation_is_refused_with_the_field_and_a_useful_detail(text, field, detail):
    assert not is_notation(text)
    with pytest.raises(MalformedError) as err:
        parse_notation(text)
    assert err.value.field == field
    assert detail in err.value.detail


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("111|yellow:NW,NE|red:SE,SW", "/heights"),  # one rank; the 2-player play area has eight
        ("/".join(["11111111"] * 7 + ["1111111"]) + "|a:NW,NE|b:SE,SW", "/heights"),  # a rank of seven
        ("/".join(["1111111111"] * 10) + "|a:NW,NE|b:SE,SW", "/heights"),  # the 4-player grid, 2 players
    ],
)
def test_b4_heights_that_do_not_fill_the_play_area_break_a_rule_not_the_grammar(text, field):
    assert is_notation(text)
    with pytest.raises(InvalidPositionError) as err:
        parse_notation(text)
    assert (err.value.rule, err.value.field) == ("B4", field)


STRUCTURAL = [
    ("setup|yellow:NW:a10|red:NE:a10|blue:SE|green:SW", "S2"),  # two turrians on one square
    ("setup|yellow:NW:a10|red:NW|blue:SE|green:SW", "S1"),  # one territory, two owners
    ("setup|yellow:NW:a10|red:NE|blue:SE", "B4"),  # ring 0 is out of play with 3 players
    ("setup|yellow:NW|red:SE|blue:NE|green:SW|rules=team", "S1"),  # partners not adjacent
    ("setup|yellow:NW|red:NE|blue:SE|green:SW|move=purple", "S1"),
    ("setup|yellow:NW|red:NE|blue:SE|green:SW|rules=6x6", "B4"),
    ("setup|yellow:NW|red:NE|blue:SE|green:SW|taken=a10|hand=0", "T1"),
    ("setup|yellow:NW::0:0:c8,d8,e8|red:NE|blue:SE|green:SW", "G2"),
    ("setup|yellow:NW|red:NE|blue:SE|green:SW|attacked", "T1"),
]


@pytest.mark.parametrize(("text", "rule"), STRUCTURAL)
def test_structural_rules_are_checked_as_for_json_input(text, rule):
    with pytest.raises(InvalidPositionError) as err:
        parse_notation(text)
    assert err.value.rule == rule


def test_s1_s4_v3_a_seat_section_has_a_field_per_member_of_the_seat_schema_and_the_document_lists_them():
    # The seat's fields are made from the seat's schema, and the document's grammar,
    # table of fields and flags from the same (make spec).
    from service.terra_turrium.wire.schemas import SeatInput
    from tools.notation_doc import written

    names = [field.data_key or name for name, field in SeatInput._declared_fields.items()]
    document = DOCS.read_text(encoding="utf-8")
    assert written(document) == document, "docs/notation.md is out of date: make spec"
    assert ":".join(names) in document
    assert [n for n in re.findall(r"^\| `(\w+)` \|", document, re.M) if n in names] == names
