"""The SVG picture of a Spiel der Türme position: squares, quarters, stacks, neutral and
blocked stones, the panel, highlights of moves and marks."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from service.render.spiel_der_tuerme import (
    CELL,
    STONE_COLOURS,
    Highlights,
    HighlightStyle,
    highlights_for_moves,
    render_svg,
)
from service.render.spiel_der_tuerme_example import SEED, TURNS, example_origin, example_position, example_svg
from service.spiel_der_tuerme import (
    IS_STREET,
    QUARTER,
    QUARTER_SQUARES,
    SQUARE_NAMES,
    STREET_SQUARES,
    SYMBOL,
    Colour,
    EndReason,
    InvalidQueryError,
    LegalMove,
    Position,
    apply_turn,
    legal_moves,
    parse_position,
    parse_turn_plan,
    random_game,
    score,
    setup_position,
)
from tests.spiel_der_tuerme.builders import ANCHORS, build, position_dict, sq

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
TARGET_STYLES = {"move", "continue", "end"}


def parse(document: str) -> ET.Element:
    root = ET.fromstring(document)
    assert root.tag == f"{SVG}svg"
    return root


def squares(root: ET.Element) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for g in root.iter(f"{SVG}g"):
        name = g.get("data-square")
        if name:
            assert name not in found, f"{name} drawn twice"
            found[name] = g
    return found


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def texts(element: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text") if cls in classes(t)]


def by_class(element: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    return [e for e in element.iter(f"{SVG}{tag}") if cls in classes(e)]


def translate(g: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([\d.]+) ([\d.]+)\)", g.get("transform", ""))
    assert match, g.get("transform")
    return float(match[1]), float(match[2])


def played(players: int, seed: int, turns: int) -> Position:
    """A dealt board after ``turns`` seeded random turns."""
    game = random_game(setup_position(players, seed=seed), random.Random(seed), max_turns=turns)
    return game.final


# ------------------------------------------------------------------------- the board


def test_tb1_tb2_tb3_every_square_is_drawn_once_in_board_order_as_street_or_symbol_square() -> None:
    root = parse(render_svg(setup_position(3, seed=1)))
    found = squares(root)
    assert list(found) == list(SQUARE_NAMES)
    for square, name in enumerate(SQUARE_NAMES):
        g = found[name]
        symbol = SYMBOL[square]
        assert {"square", "street" if IS_STREET[square] else "symbol"} <= classes(g)
        assert not ({"street", "symbol"} <= classes(g))
        if symbol is None:
            assert g.get("data-symbol") is None and g.get("data-quarter") is None
            assert texts(g, "symbol-letter") == []
        else:
            assert g.get("data-symbol") == symbol.value
            assert g.get("data-quarter") == str(QUARTER[square])
            assert texts(g, "symbol-letter") == [symbol.value]
    assert sum("street" in classes(g) for g in found.values()) == 80
    assert sum("symbol" in classes(g) for g in found.values()) == 32


def test_rank_1_is_at_the_bottom_and_file_a_at_the_left() -> None:
    found = squares(parse(render_svg(setup_position(2, seed=1))))
    a1, n1, a8 = (translate(found[name]) for name in ("a1", "n1", "a8"))
    assert a1[1] > a8[1] and a1[0] == a8[0]
    assert n1[0] > a1[0] and n1[1] == a1[1]


def test_tb2_the_eight_quarters_are_outlined_around_their_squares_and_numbered() -> None:
    root = parse(render_svg(setup_position(4, seed=1)))
    found = squares(root)
    quarters = by_class(root, "g", "quarter")
    assert [q.get("data-quarter") for q in quarters] == [str(n) for n in range(1, 9)]
    for q in quarters:
        number = int(q.get("data-quarter", ""))
        assert texts(q, "quarter-number") == [str(number)]
        corners = [translate(found[SQUARE_NAMES[s]]) for s in QUARTER_SQUARES[number]]
        (outline,) = q.iter(f"{SVG}rect")
        left, top = min(x for x, _ in corners), min(y for _, y in corners)
        cell = max(x for x, _ in corners) - left
        assert (float(outline.get("x", "")), float(outline.get("y", ""))) == (left, top)
        assert float(outline.get("width", "")) == float(outline.get("height", "")) == 2 * cell
        assert "completed" not in classes(q)


# ------------------------------------------------------------------------ the stacks


def test_tb4_a_stack_shows_its_height_top_colour_symbol_and_the_stones_below() -> None:
    position = build({**ANCHORS, "e4": "Cyrbyr", "f1": "Dgy", "b3": "Abrg"})
    found = squares(parse(render_svg(position)))
    for name in ("e4", "f1", "b3", "a1"):
        stack = position.stacks[sq(name)]
        assert stack is not None
        g = found[name]
        assert g.get("data-height") == str(stack.height)
        (drawn,) = by_class(g, "g", "stack")
        assert drawn.get("data-top") == stack.top.value
        assert drawn.get("data-symbol") == stack.symbol.value
        assert drawn.get("data-stones") == " ".join(c.value for c in stack.stones)
        (tile,) = by_class(drawn, "rect", "tile")
        assert tile.get("fill") == STONE_COLOURS[stack.top]
        assert texts(drawn, "height") == [str(stack.height)]
        assert texts(drawn, "stack-symbol") == [stack.symbol.value]
        # One band per stone, the bottom stone lowest.
        bands = sorted(by_class(drawn, "rect", "band"), key=lambda r: -float(r.get("y", "")))
        assert [b.get("data-colour") for b in bands] == [c.value for c in stack.stones]


def test_an_empty_square_has_no_stack() -> None:
    found = squares(parse(render_svg(setup_position(4, seed=3))))
    for name in ("b2", "m7"):
        assert found[name].get("data-height") == "0"
        assert by_class(found[name], "g", "stack") == []
    assert all(by_class(found[SQUARE_NAMES[s]], "g", "stack") for s in STREET_SQUARES)


def test_tv1_towers_of_any_height_render_with_a_bounded_side() -> None:
    # Every C stone but blue's anchor on n1 in one street tower of 19, yellow on top.
    position = build({**ANCHORS, "e1": "Cgggggbbbbrrrrryyyyy"}, max_height=None, fill=(8, 7, 6, 5))
    tall = position.stacks[sq("e1")]
    assert tall is not None and tall.height == 19
    found = squares(parse(render_svg(position)))
    (drawn,) = by_class(found["e1"], "g", "stack")
    assert texts(drawn, "height") == ["19"]
    bands = by_class(drawn, "rect", "band")
    assert len(bands) == 19
    # The tower stays inside its square, however tall.
    (tile,) = by_class(drawn, "rect", "tile")
    assert float(tile.get("y", "")) >= 0
    assert all(float(b.get("y", "")) + float(b.get("height", "")) <= CELL for b in bands)


def test_tn1_tn2_neutral_stones_are_drawn_pale_and_dashed() -> None:
    position = setup_position(3, seed=4)
    root = parse(render_svg(position))
    found = squares(root)
    for square in STREET_SQUARES:
        stack = position.stacks[square]
        assert stack is not None
        (drawn,) = by_class(found[SQUARE_NAMES[square]], "g", "stack")
        (tile,) = by_class(drawn, "rect", "tile")
        if stack.top is Colour.GREEN:
            assert "neutral" in classes(drawn)
            assert tile.get("fill") != STONE_COLOURS[Colour.GREEN] and tile.get("stroke-dasharray")
        else:
            assert "neutral" not in classes(drawn)
            assert tile.get("fill") == STONE_COLOURS[stack.top] and tile.get("stroke-dasharray") is None
    (line,) = by_class(root, "g", "neutral-colour")
    assert line.get("data-colour") == "green"
    assert "neutral · 20 stones" in " ".join(t.text or "" for t in line.iter(f"{SVG}text"))


def test_tn4_the_blocked_neutral_stone_is_marked_on_the_board_and_in_the_panel() -> None:
    position = build({**ANCHORS, "e4": "Ag", "d5": "Ay"}, seats="yrb", to_move="r", blocked=["e4"])
    root = parse(render_svg(position))
    found = squares(root)
    assert [name for name, g in found.items() if "blocked" in classes(g)] == ["e4"]
    assert by_class(found["e4"], "g", "blocked-mark")
    (panel,) = by_class(root, "g", "panel")
    assert texts(panel, "blocked-squares") == ["e4: not for red now (TN4)"]


# ------------------------------------------------------------------------- the panel


def test_ts1_the_panel_shows_every_seat_in_turn_order_with_its_points_and_the_mover() -> None:
    position = played(3, seed=138, turns=16)
    root = parse(render_svg(position))
    blocks = by_class(root, "g", "seat")
    expected = score(position)
    assert [b.get("data-seat") for b in blocks] == [s.seat.value for s in expected.seats]
    assert any(s.points for s in expected.seats)
    for block, seat in zip(blocks, expected.seats, strict=True):
        assert block.get("data-points") == str(seat.points)
        points = texts(block, "points")
        assert points == [f"{seat.points} point" + ("" if seat.points == 1 else "s")]
        assert block.get("data-street-stacks") == str(position.street_stacks[seat.seat])
        assert ("to-move" in classes(block)) == (seat.seat is position.to_move)
    assert texts(root, "headline") == [f"{position.to_move.value} to move"]


def test_the_panel_says_when_the_seat_may_move_again() -> None:
    position = build({**ANCHORS, "d2": "Dy", "d5": "Ay"}, fill=(8, 7, 4, 3))
    turn = parse_turn_plan({"moves": [{"from": "d2", "to": "c2"}], "end_turn": False})
    after, _ = apply_turn(position, turn)
    assert after.turn.may_continue
    assert texts(parse(render_svg(after)), "status") == ["1 move made · may move again (TM7)"]


def test_te1_ts2_a_game_ended_by_a_quarter_shows_the_quarter_the_winners_and_the_doubled_points() -> None:
    # d2 → c2 completes quarter 1 for yellow.
    stacks = {**ANCHORS, "d2": "Dy", "b3": "Ary", "c3": "By", "b2": "Cy", "e3": "Ay"}
    position = build(stacks, fill=(8, 7, 4, 3))
    over, _ = apply_turn(position, parse_turn_plan({"moves": [{"from": "d2", "to": "c2"}]}))
    assert over.over is not None
    root = parse(render_svg(over))
    (headline,) = texts(root, "headline")
    final = score(over)
    assert headline.startswith("game over · winner") and all(w.value in headline for w in final.winners)
    assert texts(root, "status") == ["yellow completed quarter 1 (TE1)"]
    winners = [b.get("data-seat") for b in by_class(root, "g", "seat") if "winner" in classes(b)]
    assert winners == [w.value for w in final.winners]
    assert not by_class(root, "g", "to-move")
    (completed,) = by_class(root, "g", "completed")
    assert completed.get("data-quarter") == "1" and completed.get("data-completed-by") == "yellow"
    (yellow,) = [b for b in by_class(root, "g", "seat") if b.get("data-seat") == "yellow"]
    assert "1:10 doubled" in texts(yellow, "quarters")[0]


def test_te3_a_game_played_to_its_end_with_tall_towers_renders_with_its_reason() -> None:
    final = random_game(setup_position(4, seed=7, max_height=None), random.Random(7)).final
    assert final.over is not None and final.over.reason is EndReason.STUCK and final.over.seat is not None
    assert max(s.height for s in final.stacks if s is not None) > 5
    root = parse(render_svg(final))
    assert texts(root, "headline")[0].startswith("game over · winner")
    assert texts(root, "status") == [f"{final.over.seat.value} is stuck (TE3)"]
    assert texts(root, "options") == ["4 players · no height limit"]


def test_te2_a_game_ended_with_empty_streets_says_so() -> None:
    data = position_dict({"b3": "Ay"}, fill=(1, 2, 3, 4, 5, 6, 7, 8), over={"reason": "streets_empty"})
    root = parse(render_svg(parse_position(data)))
    assert texts(root, "status") == ["no stack is left on the streets (TE2)"]


def test_a_long_panel_line_is_drawn_smaller_rather_than_run_over() -> None:
    # Yellow tops a tower in every quarter: eight quarters of points on one line.
    towers = {name: "Arbgy" for name in ("b3", "e3", "i3", "l3", "b7")}
    position = build({"a1": "Br", "d5": "By", **towers}, seats="yr")
    blocks = by_class(parse(render_svg(position)), "g", "seat")
    lines = {b.get("data-seat"): by_class(b, "text", "quarters")[0] for b in blocks}
    long, short = lines["yellow"], lines["red"]
    assert len(long.text or "") > len(short.text or "")
    assert float(long.get("font-size", "")) < float(short.get("font-size", "")) == 12


# ------------------------------------------------------------------------ highlights


def target_styles(found: dict[str, ET.Element]) -> dict[str, str]:
    styled = {}
    for name, g in found.items():
        style = classes(g) & TARGET_STYLES
        if style:
            (styled[name],) = style
    return styled


def assert_highlights_are_the_legal_moves(position: Position, frm: int) -> None:
    moves = legal_moves(position, frm)
    found = squares(parse(render_svg(position, highlights_for_moves(position, frm))))
    expected = {
        SQUARE_NAMES[m.to]: "end" if m.ends_game else "continue" if m.may_continue else "move" for m in moves
    }
    assert target_styles(found) == expected
    for move in moves:
        label = str(move.height) + ("+" if move.may_continue else "")
        assert texts(found[SQUARE_NAMES[move.to]], "label") == [label]
    assert [name for name, g in found.items() if "origin" in classes(g)] == [SQUARE_NAMES[frm]]
    unmoved = set(found) - set(expected)
    assert all(texts(found[name], "label") == [] for name in unmoved)


@pytest.mark.parametrize(("players", "seed", "turns"), [(2, 1, 0), (3, 138, 16), (4, 5, 30)])
def test_tm1_tm8_the_highlighted_moves_from_every_origin_are_the_legal_moves(
    players: int, seed: int, turns: int
) -> None:
    position = played(players, seed, turns)
    origins = sorted({m.frm for m in legal_moves(position)})
    assert len(origins) > 3
    for frm in origins:
        assert_highlights_are_the_legal_moves(position, frm)


def test_tm7_te1_moves_that_continue_or_end_the_game_are_styled_apart() -> None:
    # d2 → c2 completes quarter 1 (TE1); a7's A may go on from the empty A square b7 (TM7).
    position = build(
        {**ANCHORS, "d2": "Dy", "b3": "Ary", "c3": "By", "b2": "Cy", "e3": "Ay", "a7": "Ay", "d5": "Ay"},
        fill=(8, 7, 4, 3),
    )
    highlights = highlights_for_moves(position, sq("d2"))
    assert highlights.squares[sq("c2")] is HighlightStyle.END
    assert highlights.labels[sq("c2")] == "1"
    moves = legal_moves(position, sq("a7"))
    assert any(m.may_continue for m in moves)
    highlights = highlights_for_moves(position, sq("a7"))
    for move in moves:
        assert (highlights.squares[move.to] is HighlightStyle.CONTINUE) == move.may_continue
    assert_highlights_are_the_legal_moves(position, sq("d2"))
    assert_highlights_are_the_legal_moves(position, sq("a7"))


def test_from_moves_labels_the_height_and_a_plus_when_the_seat_may_move_again() -> None:
    moves = (
        LegalMove(sq("d1"), sq("d2"), 1, (), False, False, False, False),
        LegalMove(sq("d1"), sq("e1"), 3, (Colour.RED, Colour.YELLOW), False, False, False, False),
        LegalMove(sq("d1"), sq("c2"), 2, (Colour.BLUE,), True, True, False, False),
        LegalMove(sq("d1"), sq("b1"), 1, (), False, False, True, False),
        LegalMove(sq("d1"), sq("f2"), 4, (Colour.BLUE,), True, False, False, True),
    )
    highlights = Highlights.from_moves(sq("d1"), moves)
    assert highlights.origin == sq("d1")
    labels = {sq("d2"): "1", sq("e1"): "3", sq("c2"): "2+", sq("b1"): "1", sq("f2"): "4"}
    assert dict(highlights.labels) == labels
    assert dict(highlights.squares) == {
        sq("d2"): HighlightStyle.MOVE,
        sq("e1"): HighlightStyle.MOVE,
        sq("c2"): HighlightStyle.CONTINUE,
        sq("b1"): HighlightStyle.MOVE,
        sq("f2"): HighlightStyle.END,
    }


def test_tm1_tm2_tn4_an_origin_without_a_stack_the_mover_may_move_is_refused() -> None:
    position = build({**ANCHORS, "e4": "Ag", "d5": "Ay", "b3": "Ay"}, seats="yrb", blocked=["e4"])
    for name, rule in (("e5", "TM1"), ("a1", "TM1"), ("b3", "TM2"), ("e4", "TN4")):
        with pytest.raises(InvalidQueryError) as err:
            highlights_for_moves(position, sq(name))
        assert err.value.rule == rule


def test_a_stack_without_a_legal_move_highlights_only_its_origin() -> None:
    # a2 is walled in by red: a1 and a3 on the edge, b2 on the only way east (TM4).
    position = build({**ANCHORS, "d5": "Ay", "a2": "Ay", "a3": "Cr", "b2": "Cr"}, fill=(8, 7, 4, 3))
    assert legal_moves(position, sq("a2")) == ()
    found = squares(parse(render_svg(position, highlights_for_moves(position, sq("a2")))))
    assert target_styles(found) == {}
    assert [n for n, g in found.items() if "origin" in classes(g)] == ["a2"]


def test_client_marks_carry_their_style_and_escaped_label() -> None:
    position = setup_position(2, seed=1)
    highlights = Highlights(
        squares={sq("a1"): HighlightStyle.MARK, sq("b2"): "continue"},  # type: ignore[dict-item]
        labels={sq("a1"): '<&">', sq("n8"): "?"},
    )
    document = render_svg(position, highlights)
    found = squares(parse(document))
    assert "mark" in classes(found["a1"]) and "continue" in classes(found["b2"])
    assert texts(found["a1"], "label") == ['<&">']
    assert texts(found["n8"], "label") == ["?"] and classes(found["n8"]) == {"square", "street"}
    assert "origin" not in document


def test_highlights_are_checked_and_read_only() -> None:
    for square in (-1, 112):
        with pytest.raises(ValueError, match="not a square"):
            Highlights(squares={square: HighlightStyle.MARK})
    with pytest.raises(ValueError, match="not a square"):
        Highlights(origin=112)
    with pytest.raises(ValueError):
        Highlights(squares={0: "shiny"})  # type: ignore[dict-item]
    source = {sq("a1"): HighlightStyle.MARK}
    highlights = Highlights(squares=source, labels={sq("a1"): 7})  # type: ignore[dict-item]
    source[sq("b1")] = HighlightStyle.MARK
    assert list(highlights.squares) == [sq("a1")] and highlights.labels[sq("a1")] == "7"
    with pytest.raises(TypeError):
        highlights.squares[sq("c1")] = HighlightStyle.MARK  # type: ignore[index]


def test_the_legend_explains_only_the_highlights_shown() -> None:
    position = played(3, 138, 16)
    assert parse(render_svg(position)).find(f".//{SVG}g[@class='legend']") is None
    root = parse(render_svg(position, Highlights(squares={sq("a1"): HighlightStyle.MARK})))
    (legend,) = by_class(root, "g", "legend")
    assert [t.text for t in legend.iter(f"{SVG}text")] == ["marked"]


# --------------------------------------------------------------------- determinism


def test_rendering_is_deterministic_and_free_of_ids() -> None:
    position = played(3, 138, 16)
    frm = sorted({m.frm for m in legal_moves(position)})[0]
    moves = legal_moves(position, frm)
    first = render_svg(position, Highlights.from_moves(frm, moves))
    again = render_svg(played(3, 138, 16), Highlights.from_moves(frm, tuple(reversed(moves))))
    assert first == again == render_svg(position, highlights_for_moves(position, frm))
    assert render_svg(position) == render_svg(position, Highlights())
    assert " id=" not in first and "url(#" not in first


# ----------------------------------------------------------------- the example picture


def test_the_example_picture_is_current() -> None:
    committed = (ROOT / "docs" / "spiel-der-tuerme.svg").read_text(encoding="utf-8")
    assert committed == example_svg(), (
        "docs/spiel-der-tuerme.svg is stale: run `make spec` "
        "(make spec)"
    )


def test_the_example_shows_what_it_is_chosen_for() -> None:
    """A 3-player game under way, a blocked neutral stone, points on the board, and
    moves from one square that end the turn and that let the seat move again."""
    position = example_position()
    assert position.players == 3 and not position.is_over and position.blocked
    assert all(seat.points for seat in score(position).seats)
    root = parse(example_svg())
    found = squares(root)
    assert set(target_styles(found).values()) == {"move", "continue"}
    assert [n for n, g in found.items() if "origin" in classes(g)] == [SQUARE_NAMES[example_origin(position)]]
    assert any(int(g.get("data-height", "0")) > 1 for g in found.values())
    # The rules document describes the picture.
    doc = (ROOT / "docs" / "spiel-der-tuerme.md").read_text(encoding="utf-8")
    origin = SQUARE_NAMES[example_origin(position)]
    blocked = SQUARE_NAMES[position.blocked[0]]
    assert f"after {TURNS} random turns (seed {SEED})" in doc
    assert f"stack on {origin}" in doc and f"sign on {blocked}" in doc
