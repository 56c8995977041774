"""Write the busy positions: ``python -m tests.spiel_der_tuerme.golden.generate``.

Positions the engine deals or reaches by random play are too busy to count by hand: no
golden file records counts for them (counts recorded from the engine would only show
that behaviour did not change, not that it is right). They are kept in
``golden/busy.positions`` instead, explicit examples of the properties of
tests/spiel_der_tuerme/test_properties.py, which state what they check. Golden files
are reviewed (their counts derived by hand, the derivation written in them) and never
written here: this script only prints their position line and diagram when asked,
``--show NAME``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from service.spiel_der_tuerme import Position, apply_turn, random_turn, setup_position
from service.spiel_der_tuerme.position import diagram
from tests.spiel_der_tuerme.builders import build, parse_compact, write_compact
from tests.spiel_der_tuerme.golden.perft import GOLDEN, expectations

BUSY_POSITIONS = GOLDEN / "busy.positions"


def played(players: int, seed: int, turns: int, max_height: int | None = 5) -> Position:
    """The position after ``turns`` random turns of a game dealt from ``seed``."""
    position = setup_position(players, seed, max_height=max_height)
    rng = random.Random(seed)
    for _ in range(turns):
        position, _ = apply_turn(position, random_turn(position, rng))
    return position


@dataclass(frozen=True)
class Case:
    name: str
    about: str
    make: Callable[[], Position]
    depth: int


#: The busy cases: dealt boards and random play.
BUSY = (
    Case(
        "01-dealt-2p",
        "the board dealt for 2 players from seed 1 (TB5): no neutral move yet, the streets are full",
        lambda: setup_position(2, 1),
        2,
    ),
    Case("02-dealt-3p", "the board dealt for 3 players from seed 2 (TB5)", lambda: setup_position(3, 2), 2),
    Case("03-dealt-4p", "the board dealt for 4 players from seed 7 (TB5)", lambda: setup_position(4, 7), 2),
    Case(
        "04-crowded-4p",
        "a crowded 4-player mid-game: seed 11 after 40 random turns",
        lambda: played(4, 11, 40),
        2,
    ),
    Case(
        "09-midgame-3p-neutral",
        "a 3-player mid-game with neutral moves: seed 5 after 60 random turns",
        lambda: played(3, 5, 60),
        2,
    ),
    Case(
        "10-late-2p-unlimited",
        "a late 2-player game without height limit (TV1): seed 3 after 400 random turns",
        lambda: played(2, 3, 400, None),
        2,
    ),
)

REVIEWED: dict[str, Callable[[], Position]] = {
    "05-chains": lambda: build(
        dict(
            a1="Bg",
            b1="Dr",
            c1="Ab",
            d1="Cr",
            e1="Cy",
            f1="Ab",
            g1="Dg",
            a2="Bb",
            b2="Cy",
            d2="Dy",
            g2="Ag",
            b3="Ay",
            c3="Bry",
            d3="Cb",
            f3="Bg",
            g3="By",
            h3="Cr",
            e4="Dr",
            g4="Ar",
        ),
        turn=(1, True),
        fill=(8, 7, 6, 5, 4, 3),
    ),
    "06-neutral-blocked-2p": lambda: build(
        dict(
            a2="Dr",
            a3="Cg",
            a4="By",
            a5="Dr",
            d4="Bb",
            d5="Ag",
            f5="Dg",
            h5="Cr",
            g4="Cr",
            g3="Cr",
            f1="Ar",
            d8="Cr",
        ),
        seats="yr",
        blocked=["d4"],
        fill=(8, 7, 4, 3),
    ),
    "07-unlimited-3p": lambda: build(
        dict(
            c5="Ayyryy",
            f5="Arbbrr",
            c8="Ab",
            c4="Cr",
            b5="Dg",
            e4="Dby",
            e8="Dr",
            e1="Dbbbbr",
            f4="Cb",
            d4="By",
            d8="Bg",
            d1="Ar",
            b1="Cr",
        ),
        seats="yrb",
        max_height=None,
        fill=(8, 7, 4, 3),
    ),
    "08-near-end-4p": lambda: build(
        dict(
            b3="Ay", c3="By", b2="Cy", d2="Dy", a2="Br", d1="Dr", d3="Dg", g2="Cb", a8="Ay", b8="Cr", a7="Bb"
        ),
        fill=(8, 7, 6, 5),
    ),
}


def show(name: str) -> None:
    position = REVIEWED[name]()
    print("position: " + write_compact(position))
    print("\n".join("# " + line for line in diagram(position).splitlines()))
    print("\n".join(expectations(position, 2)))


def main() -> None:
    if sys.argv[1:2] == ["--show"]:
        show(sys.argv[2])
        return
    lines = []
    for case in BUSY:
        lines += [f"# {case.name}: {case.about}", "position: " + write_compact(case.make())]
    BUSY_POSITIONS.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(BUSY)} positions to {BUSY_POSITIONS.name}")


def read_busy_positions(path: Path | None = None) -> dict[str, Position]:
    """``{name: position}`` of the busy cases, as :func:`main` writes them."""
    lines = (path or BUSY_POSITIONS).read_text(encoding="utf-8").splitlines()
    return {title[2:].split(":")[0]: parse_compact(line.removeprefix("position: "))
            for title, line in zip(lines[::2], lines[1::2], strict=True)}

if __name__ == "__main__":
    main()
