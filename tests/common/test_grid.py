"""The square grid every board game builds on (B1, TB1): names, patterns, geometry."""

import re
import string

import pytest

from service.common import MalformedError
from service.common.grid import Direction, Grid


@pytest.mark.parametrize(("files", "ranks"), [(10, 10), (14, 8), (12, 12), (19, 19), (3, 1), (26, 9)])
def test_the_name_pattern_matches_exactly_the_squares_names(files, ranks):
    grid = Grid(files, ranks)
    pattern = re.compile(grid.name_pattern)
    candidates = {f"{letter}{rank}" for letter in string.ascii_letters for rank in range(0, 25)}
    candidates |= {"a01", "a1 ", " a1", "", "a", "1"}
    assert {name for name in candidates if pattern.fullmatch(name)} == set(grid.names)
    assert pattern.groups == 0, "the pattern is spliced into larger ones: no capturing groups"


@pytest.mark.parametrize(("files", "ranks"), [(10, 10), (14, 8)])
def test_names_and_squares_are_one_to_one(files, ranks):
    grid = Grid(files, ranks)
    assert [grid.parse_square(grid.square_name(s)) for s in grid.squares] == list(grid.squares)
    for bad in ("", "A1", f"a{ranks + 1}", 7, None):
        with pytest.raises(MalformedError, match=re.escape(f"(a1 … {grid.last})")):
            grid.parse_square(bad)


def test_neighbours_are_orthogonal_and_symmetric():
    grid = Grid(10, 10)
    for square in grid.squares:
        for other in grid.neighbours[square]:
            assert square in grid.neighbours[other]
            df = abs(grid.file_of(square) - grid.file_of(other))
            dr = abs(grid.rank_of(square) - grid.rank_of(other))
            assert df + dr == 1
    corners = [grid.parse_square(n) for n in ("a1", "j1", "a10", "j10")]
    assert {len(grid.neighbours[c]) for c in corners} == {2}


def test_rays_run_to_the_edge_nearest_first():
    grid = Grid(14, 8)
    b2 = grid.parse_square("b2")
    assert [grid.square_name(s) for s in grid.rays[b2][Direction.WEST]] == ["a2"]
    assert [grid.square_name(s) for s in grid.rays[b2][Direction.NORTH]] == [f"b{r}" for r in range(3, 9)]
    assert len(grid.rays[b2][Direction.EAST]) == 12


def test_a_grid_too_large_to_name_is_refused():
    with pytest.raises(ValueError):
        Grid(27, 10)
