"""The SVG picture of a position: structure, heights, play area, turrians, highlights."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

from service.render import Highlights, HighlightStyle, highlights_for, render_svg, seat_colours
from service.render.terra_turrium import NAMED_COLOURS, PALETTE
from service.terra_turrium import (
    RING,
    SQUARE_NAMES,
    Capture,
    CaptureKind,
    Reach,
    legal_captures,
    legal_placements,
    legal_removals,
    parse_square,
    place_turrians,
    reachable,
    setup_position,
)
from tests.terra_turrium.builders import build, sq

SVG = "{http://www.w3.org/2000/svg}"


def parse(document: str) -> ET.Element:
    root = ET.fromstring(document)
    assert root.tag == f"{SVG}svg"
    return root


def squares(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-square", ""): g for g in root.iter(f"{SVG}g") if g.get("data-square")}


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def texts(element: ET.Element, cls: str) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text") if cls in classes(t)]


def test_output_is_an_svg_document_with_100_squares_in_board_order() -> None:
    root = parse(render_svg(setup_position(4)))
    names = [g.get("data-square") for g in root.iter(f"{SVG}g") if g.get("data-square")]
    assert names == list(SQUARE_NAMES)
    assert root.get("viewBox", "").startswith("0 0 ")


def test_b3_every_square_names_its_territory() -> None:
    found = squares(parse(render_svg(setup_position(4))))
    assert found["a1"].get("data-territory") == "SW"
    assert found["e5"].get("data-territory") == "SW"
    assert found["f5"].get("data-territory") == "SE"
    assert found["e6"].get("data-territory") == "NW"
    assert found["j10"].get("data-territory") == "NE"


def test_b5_heights_are_printed_and_drawn_as_one_nested_square_per_stone() -> None:
    heights = {"c7": 3, "e8": 5, "e9": 6, "g9": 9, "a5": 0, "h2": 0}
    position = build(4, heights=heights, turrians={"yellow": ["e9"], "red": ["g9"]})
    found = squares(parse(render_svg(position)))
    for name, g in found.items():
        height = position.height(parse_square(name))
        assert g.get("data-height") == str(height)
        assert texts(g, "height") == ([str(height)] if height else [])
    # 5 and 6 differ in the number of levels drawn, not only in the printed number.
    levels = {name: sum("stone" in classes(r) for r in found[name].iter(f"{SVG}rect")) for name in heights}
    assert levels == {"c7": 3, "e8": 5, "e9": 6, "g9": 7, "a5": 0, "h2": 0}


def test_b5_any_height_is_drawn_the_highest_the_contract_allows_in_full() -> None:
    heights = {"c7": 9999, "e8": 40, "e9": 41, "g9": 9999}
    position = build(4, heights=heights, turrians={"yellow": ["e9"], "red": ["g9"]})
    # Beyond any contract, as only a program using the engine could make it.
    towering = list(position.heights)
    towering[sq("g9")] = 10**400
    position = dataclasses.replace(position, heights=tuple(towering))
    found = squares(parse(render_svg(position)))
    shown = {name: (found[name].get("data-height"), texts(found[name], "height")) for name in heights}
    assert shown == {
        "c7": ("9999", ["9999"]),
        "e8": ("40", ["40"]),
        "e9": ("41", ["41"]),
        "g9": ("9999+", ["9999+"]),
    }

    def darkness(name: str) -> list[str]:
        return [r.get("fill-opacity") or "" for r in found[name].iter(f"{SVG}rect") if "stone" in classes(r)]

    # Past DARKEST stones a pile looks the same: the darkening had stopped showing.
    assert darkness("c7") == darkness("g9") == darkness("e9") == darkness("e8")
    assert len(darkness("c7")) == 7


@pytest.mark.parametrize(
    ("players", "options", "out"),
    [(4, {}, 0), (3, {}, 36), (2, {}, 36), (2, {"two_player_board": "6x6"}, 64)],
)
def test_b4_out_of_play_squares_are_marked(players: int, options: dict[str, str], out: int) -> None:
    position = build(players, rules=options)
    found = squares(parse(render_svg(position)))
    marked = {name for name, g in found.items() if "out-of-play" in classes(g)}
    assert len(marked) == out
    assert marked == {name for name in SQUARE_NAMES if not position.is_in_play(parse_square(name))}


def test_b4_three_players_lose_exactly_ring_0_and_keep_the_neutral_territory() -> None:
    found = squares(parse(render_svg(setup_position(3))))
    for name, g in found.items():
        assert ("out-of-play" in classes(g)) == (RING[parse_square(name)] == 0)
    # The neutral SW territory is in play and has its stones.
    assert found["c3"].get("data-height") == "1"


def test_s2_turrians_are_drawn_in_seat_colours_with_their_id_as_title() -> None:
    position = place_turrians(
        setup_position(4),
        {"yellow": ["a10", "c8"], "red": ["h9"], "blue": ["g3"], "green": ["b2", "d4"]},
    )
    root = parse(render_svg(position))
    discs = [c for c in root.iter(f"{SVG}circle") if "turrian" in classes(c)]
    assert len(discs) == 6
    found = squares(root)
    for seat in position.seats:
        for square in seat.turrians:
            (disc,) = [c for c in found[SQUARE_NAMES[square]].iter(f"{SVG}circle") if "turrian" in classes(c)]
            assert disc.get("data-seat") == seat.id
            assert disc.get("fill") == NAMED_COLOURS[seat.id]
            title = disc.find(f"{SVG}title")
            assert title is not None and title.text == seat.id


def test_seat_colours_use_colour_names_and_otherwise_the_palette_without_clashes() -> None:
    defaults = tuple(NAMED_COLOURS[c] for c in ("yellow", "red", "blue", "green"))
    assert seat_colours(setup_position(4)) == defaults
    position = build(
        3,
        seats={"yellow": {"id": "ann"}, "red": {"id": "yellow"}, "blue": {"id": "bob"}},
        to_move="ann",
        round_start="ann",
    )
    colours = seat_colours(position)
    assert colours[1] == NAMED_COLOURS["yellow"]
    assert len(set(colours)) == 3
    assert set(colours) <= set(PALETTE)


def test_the_panel_shows_every_seat_its_counters_the_mover_and_the_finishers() -> None:
    position = build(
        4,
        turrians={"yellow": ["a10", "b9"]},
        seats={"red": {"attacks": 3, "bonus_stones": 2}},
        to_move="blue",
        finishers=["red"],
    )
    root = parse(render_svg(position))
    blocks = {g.get("data-seat"): g for g in root.iter(f"{SVG}g") if "seat" in classes(g)}
    assert list(blocks) == ["yellow", "red", "blue", "green"]
    assert "to-move" in classes(blocks["blue"]) and "to-move" not in classes(blocks["yellow"])
    assert "finisher" in classes(blocks["red"])
    assert blocks["red"].get("data-attacks") == "3"
    assert blocks["red"].get("data-bonus-stones") == "2"
    assert blocks["yellow"].get("data-reserve") == "4"
    text = " ".join(t.text or "" for t in blocks["red"].iter(f"{SVG}text"))
    assert "attacks 3/5" in text and "NE" in text and "finished" in text and "bonus stones 2" in text


def test_s2_the_panel_names_turrians_on_the_board_and_in_reserve_next_to_their_discs() -> None:
    position = build(4, turrians={"yellow": ["a10", "b9"]})
    root = parse(render_svg(position))
    blocks = {g.get("data-seat"): g for g in root.iter(f"{SVG}g") if "seat" in classes(g)}
    for seat, on_board, reserve in (("yellow", 2, 4), ("red", 0, 6)):
        assert texts(blocks[seat], "turrians") == [f"on board {on_board} · reserve {reserve}"]
        discs = [classes(c) for c in blocks[seat].iter(f"{SVG}circle")][1:]  # after the seat's own disc
        assert discs == [{"on-board"}] * on_board + [{"reserve"}] * reserve


def test_m1_reach_highlights_carry_classes_cost_labels_and_the_origin() -> None:
    position = build(4, turrians={"yellow": ["c7"], "red": ["c5"]}, turn={"phase": "move"})
    origin = sq("c7")
    reaches = reachable(position, origin)
    found = squares(parse(render_svg(position, Highlights.from_reach(origin, reaches))))
    assert "origin" in classes(found["c7"])
    for reach in reaches:
        g = found[SQUARE_NAMES[reach.square]]
        style = "capture" if reach.square in reach.captures else "reach"
        assert style in classes(g)
        assert texts(g, "label") == [str(reach.cost)]
    assert "capture" in classes(found["c5"])
    unreached = set(SQUARE_NAMES) - {SQUARE_NAMES[r.square] for r in reaches} - {"c7"}
    assert all(classes(found[name]) & {"reach", "capture"} == set() for name in unreached)


def test_removal_placement_and_capture_highlights() -> None:
    position = build(4, turrians={"yellow": ["c7"], "red": ["c5"]})
    found = squares(parse(render_svg(position, Highlights.from_removals(legal_removals(position)))))
    removable = {SQUARE_NAMES[r.square] for r in legal_removals(position)}
    assert removable and {n for n, g in found.items() if "removal" in classes(g)} == removable

    found = squares(parse(render_svg(position, Highlights.from_placements(legal_placements(position)))))
    assert sum("placement" in classes(g) for g in found.values()) == 98

    moving = build(4, turrians={"yellow": ["c7"], "red": ["c5"]}, turn={"phase": "move"})
    captures = legal_captures(moving)
    found = squares(parse(render_svg(moving, Highlights.from_captures(captures))))
    assert "capture" in classes(found["c5"]) and "mark" in classes(found["c7"])
    assert texts(found["c5"], "label") == [str(min(c.cost for c in captures))]


def test_from_captures_labels_the_cheapest_way_to_each_target() -> None:
    captures = (
        Capture(sq("c7"), sq("c5"), "red", 4, (sq("c6"), sq("c5")), CaptureKind.ATTACK),
        Capture(None, sq("c5"), "red", 3, (sq("b5"), sq("c5")), CaptureKind.ATTACK),
    )
    highlights = Highlights.from_captures(captures)
    assert highlights.squares == {sq("c7"): HighlightStyle.MARK, sq("c5"): HighlightStyle.CAPTURE}
    assert highlights.labels == {sq("c5"): "3"}


def test_from_reach_of_a_reserve_turrian_has_no_origin() -> None:
    highlights = Highlights.from_reach(None, (Reach(sq("b2"), 1, (sq("b2"),), ()),))
    assert highlights.origin is None and highlights.labels == {sq("b2"): "1"}


@pytest.mark.parametrize("kind", ["removals", "placements", "reach", "captures"])
def test_highlights_for_each_query_kind(kind: str) -> None:
    phase = "move" if kind in ("reach", "captures") else "take"
    position = build(4, turrians={"yellow": ["c7"], "red": ["c5"]}, turn={"phase": phase})
    highlights = highlights_for(position, kind, sq("c7"))
    assert highlights.squares
    assert highlights.origin == (sq("c7") if kind == "reach" else None)
    assert parse(render_svg(position, highlights)) is not None


def test_highlights_for_rejects_an_unknown_kind() -> None:
    with pytest.raises(ValueError, match="unknown highlight kind"):
        highlights_for(setup_position(4), "moves")


def test_highlights_are_checked_and_read_only() -> None:
    with pytest.raises(ValueError):
        Highlights(squares={100: HighlightStyle.MARK})
    source = {sq("a1"): HighlightStyle.MARK}
    highlights = Highlights(squares=source)
    source[sq("b1")] = HighlightStyle.MARK
    assert list(highlights.squares) == [sq("a1")]
    with pytest.raises(TypeError):
        highlights.squares[sq("c1")] = HighlightStyle.MARK  # type: ignore[index]


def test_labels_and_seat_ids_are_escaped() -> None:
    position = build(
        2, seats={"yellow": {"id": "a-b_c"}}, to_move="a-b_c", round_start="a-b_c",
        turrians={"yellow": ["c7"]},
    )
    highlights = Highlights(labels={sq("c7"): "<&\">"}, squares={sq("c7"): HighlightStyle.MARK})
    found = squares(parse(render_svg(position, highlights)))
    assert texts(found["c7"], "label") == ["<&\">"]
    (disc,) = [c for c in found["c7"].iter(f"{SVG}circle") if "turrian" in classes(c)]
    assert disc.get("data-seat") == "a-b_c"


def test_rendering_is_deterministic() -> None:
    position = build(4, turrians={"yellow": ["c7"], "red": ["c5"]}, turn={"phase": "move"})
    reaches = reachable(position, sq("c7"))
    first = render_svg(position, Highlights.from_reach(sq("c7"), reaches))
    again = render_svg(position, Highlights.from_reach(sq("c7"), tuple(reversed(reaches))))
    assert first == again == render_svg(position, Highlights.from_reach(sq("c7"), reaches))
    assert render_svg(position) == render_svg(position, Highlights())

