"""WCAG 2 AA contrast of every text in both games' pictures: each text's fill against
what is painted under it, worked out from the SVG itself.

For each ``<text>``, the shapes drawn before it (rects and circles, through their
groups' ``translate``) that cover a point inside its first glyph are painted over one
another with their fill and opacity, starting from the page's paper; the text's fill
must have a contrast of at least 4.5:1 with the result, or, where the text is drawn
with an outline under its glyphs (``paint-order="stroke"``), with that outline. A
hatched fill (``url(#…)``) counts as both of its colours, the worse one deciding.
Positions: fresh set-ups of every player count, random games a few turns on, with every
kind of highlight, so that piles of every height and every seat colour appear.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from service.render import highlights_for, render_svg
from service.render import spiel_der_tuerme as sdt_render
from service.render.drawing import contrast, over
from service.spiel_der_tuerme import apply_turn as sdt_apply
from service.spiel_der_tuerme import legal_moves
from service.spiel_der_tuerme import random_turn as sdt_random_turn
from service.spiel_der_tuerme import setup_position as sdt_setup
from service.terra_turrium import apply_turn, place_turrians, setup_position
from service.terra_turrium.position import Captures, OutsideRule, Rules
from service.terra_turrium.random_player import random_turn

SVG = "{http://www.w3.org/2000/svg}"
PAPER = "#fbfaf7"
#: The hatched out-of-play squares: the grey and the grey under its white lines.
PATTERNS = {"url(#tt-out-of-play)": ("#b4b4b4", over("#b4b4b4", "#ffffff", 0.6))}
AA = 4.5


@dataclass(frozen=True)
class Shape:
    kind: str
    box: tuple[float, float, float, float]  # x, y, width, height; a circle: cx, cy, r, 0
    fills: tuple[str, ...]
    opacity: float

    def covers(self, x: float, y: float) -> bool:
        if self.kind == "circle":
            cx, cy, r, _ = self.box
            return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
        bx, by, w, h = self.box
        return bx <= x <= bx + w and by <= y <= by + h


def _translate(element: ET.Element) -> tuple[float, float]:
    found = re.match(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", element.get("transform", ""))
    return (float(found[1]), float(found[2])) if found else (0.0, 0.0)


def _walk(
    element: ET.Element, dx: float, dy: float, inherited: dict[str, str]
) -> Iterator[tuple[ET.Element, float, float, dict[str, str]]]:
    own = {
        **inherited,
        **{
            k: v
            for k, v in element.attrib.items()
            if k in {"fill", "font-size", "text-anchor", "fill-opacity"}
        },
    }
    tx, ty = _translate(element)
    yield element, dx + tx, dy + ty, own
    for child in element:
        yield from _walk(child, dx + tx, dy + ty, own)


def _num(element: ET.Element, name: str, default: float = 0.0) -> float:
    return float(element.get(name, default))


def low_contrast(document: str) -> list[str]:
    """Every text of ``document`` below AA, described."""
    root = ET.fromstring(document)
    painted: list[Shape] = []
    faults = []
    for element, dx, dy, style in _walk(root, 0.0, 0.0, {}):
        tag = element.tag.removeprefix(SVG)
        fill = element.get("fill", style.get("fill", "#000000"))
        opacity = float(element.get("fill-opacity", "1")) * float(element.get("opacity", "1"))
        if tag in {"rect", "circle"} and fill != "none":
            fills = PATTERNS.get(fill, (fill,))
            if tag == "rect":
                box = (
                    dx + _num(element, "x"),
                    dy + _num(element, "y"),
                    _num(element, "width"),
                    _num(element, "height"),
                )
            else:
                box = (dx + _num(element, "cx"), dy + _num(element, "cy"), _num(element, "r"), 0.0)
            painted.append(Shape(tag, box, fills, opacity))
        if tag != "text" or not (element.text or "").strip():
            continue
        size = float(style.get("font-size", "16"))
        x, y = dx + _num(element, "x"), dy + _num(element, "y")
        width = 0.6 * size * len(element.text or "")
        anchor = style.get("text-anchor", "start")
        first = (
            x + 0.3 * size
            if anchor == "start"
            else x - width / 2 + 0.3 * size
            if anchor == "middle"
            else x - width + 0.3 * size
        )
        point = (first, y - 0.35 * size)
        backdrops = [PAPER]
        for shape in painted:
            if shape.covers(*point):
                backdrops = [over(b, f, shape.opacity) for b in backdrops for f in shape.fills]
        text_opacity = float(style.get("fill-opacity", "1"))
        outline = element.get("stroke") if element.get("paint-order") == "stroke" else None
        for backdrop in backdrops:
            seen = over(backdrop, fill, text_opacity)
            against = outline or backdrop
            ratio = contrast(seen, against)
            if ratio < AA:
                faults.append(f"{element.text!r} ({element.get('class')}) {seen} on {against}: {ratio:.2f}")
    return faults


def _terra_turrium_documents() -> Iterator[str]:
    rng = random.Random(26)
    for players in (2, 3, 4):
        rules = (
            Rules(captures=Captures.BURGENLAND, outside_rule=list(OutsideRule)[-1])
            if players == 2
            else Rules()
        )
        position = setup_position(players, rules)
        yield render_svg(position, highlights_for(position, "placements"))
        # The seats' turrians in their own territories, then a few random turns.
        from service.terra_turrium import SQUARES, TERRITORY

        placed = {}
        taken: set[int] = set()
        for _index, seat in enumerate(position.seats):
            squares = [
                s
                for s in SQUARES
                if TERRITORY[s] in seat.territories and position.is_in_play(s) and s not in taken
            ]
            chosen = rng.sample(squares, seat.reserve)
            taken.update(chosen)
            placed[seat.id] = [s for s in chosen]
        from service.terra_turrium import square_name

        position = place_turrians(position, {k: [square_name(s) for s in v] for k, v in placed.items()})
        for turn in range(12):
            plan = random_turn(position, rng)
            position, _ = apply_turn(position, plan)
            if position.is_game_over:
                break
            if turn % 3 == 2:
                yield render_svg(position, highlights_for(position, "removals"))
                yield render_svg(position, highlights_for(position, "captures"))
                mover = next(s for s in position.seats if s.id == position.to_move)
                if mover.turrians:
                    yield render_svg(position, highlights_for(position, "reach", mover.turrians[0]))


def _spiel_der_tuerme_documents() -> Iterator[str]:
    rng = random.Random(26)
    for players in (2, 3, 4):
        position = sdt_setup(players, players)
        for turn in range(8):
            moves = legal_moves(position)
            if moves and turn % 2 == 0:
                yield sdt_render.render_svg(
                    position, sdt_render.highlights_for_moves(position, moves[0].move.frm)
                )
            else:
                yield sdt_render.render_svg(position)
            position, _ = sdt_apply(position, sdt_random_turn(position, rng))
            if position.is_over:
                yield sdt_render.render_svg(position)
                break


@pytest.mark.parametrize(
    "documents",
    [_terra_turrium_documents, _spiel_der_tuerme_documents],
    ids=["terra-turrium", "spiel-der-tuerme"],
)
def test_every_text_of_the_pictures_meets_wcag_aa_contrast(documents) -> None:  # type: ignore[no-untyped-def]
    faults: list[str] = []
    count = 0
    for document in documents():
        count += 1
        faults.extend(low_contrast(document))
    assert count >= 10
    assert sorted(set(faults)) == []


def test_the_check_finds_a_faint_text() -> None:
    """The check itself: white on pale sand, as Spiel der Türme's symbol letters were."""
    document = (
        '<svg xmlns="http://www.w3.org/2000/svg"><rect width="50" height="50" fill="#cdb48a"/>'
        '<text x="10" y="30" font-size="28" fill="#ffffff" fill-opacity="0.75">A</text></svg>'
    )
    assert len(low_contrast(document)) == 1


def test_v1_a_closed_capture_phase_is_not_read_as_no_captures_left() -> None:
    """Burgenland (V1–V3): before the capture phase opens the panel says so, rather than
    "captures left 0", which reads as "no captures ever"."""
    position = setup_position(2, Rules(captures=Captures.BURGENLAND))
    root = ET.fromstring(render_svg(position))
    extras = [t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "extras"]
    assert extras and all("captures not yet open" in text and "left 0" not in text for text in extras)


def test_r1_too_few_stones_taken_is_said_for_any_number() -> None:
    from service.terra_turrium import legal_removals, parse_turn_plan, square_name, validate_turn

    position = place_turrians(setup_position(2), {"yellow": ["b9"], "red": ["h2"]})
    first = square_name(legal_removals(position)[0].square)
    violation = validate_turn(position, parse_turn_plan({"take": [first], "place": [], "move": []}))
    assert violation is not None and violation.detail.startswith(
        "three stones must be taken, this turn has taken 1"
    )
