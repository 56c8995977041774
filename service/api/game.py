"""The game's fixed facts: a new game's position and the board's geometry."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Blueprint

from service.api.convert import dump_position
from service.api.schemas import SetupQuerySchema, query_args
from service.rules import (
    CLOCKWISE,
    RING,
    SQUARE_NAMES,
    SQUARES,
    TERRITORY,
    Goal,
    OutsideRule,
    TwoPlayerBoard,
    entry_row,
    play_area,
    setup_position,
    square_name,
)

bp = Blueprint("game", __name__)

#: (players, size of the play area, two_player_board "6x6"), in the order /v1/board lists them.
LAYOUTS = ((2, "8x8", False), (2, "6x6", True), (3, "8x8", False), (4, "10x10", False))


@bp.get("/v1/setup")
def setup() -> dict[str, Any]:
    """The position of a new game, before the turrians are placed (B6, S1).
    ---
    get:
      tags: [game]
      description: >-
        The set-up heights for the player count (B6), seats `yellow`, `red`, `blue`,
        `green` (as many as there are players) in clockwise order with their default
        territories (4 players: NW, NE, SE, SW; 3 players: NW, NE, SE, SW neutral;
        2 players: NW+NE and SE+SW), no turrians on the board, `yellow` to move, phase
        `take`. The turrians are put on the board by the players (S3).
      parameters:
        - in: query
          schema: SetupQuerySchema
      responses:
        200:
          description: The new game's position.
          content:
            application/json:
              schema: PositionSchema
        400: InvalidRequest
        422:
          description: >-
            The options contradict each other: team play without 4 players (S1) or the
            6x6 board without 2 (B4). `field` points at the option in the position's
            `rules`.
          content:
            application/problem+json:
              schema: ProblemSchema
        500: InternalError
    """
    args = query_args(SetupQuerySchema)
    return _new_game(
        args["players"], args["team_play"], args["goal"], args["two_player_board"], args["outside_rule"]
    )


@cache
def _new_game(
    players: int, team_play: bool, goal: str, two_player_board: str, outside_rule: str
) -> dict[str, Any]:
    # The answer depends on the options alone (48 combinations, the contradictory ones
    # raise and are not cached); building it anew took 90 of the 214 µs of a request
    # in-process. Nothing writes to the dict: it is encoded and sent.
    position = setup_position(
        players,
        team_play=team_play,
        goal=Goal(goal),
        two_player_board=TwoPlayerBoard(two_player_board),
        outside_rule=OutsideRule(outside_rule),
    )
    return dump_position(position)


@bp.get("/v1/board")
def board() -> dict[str, Any]:
    """The board's geometry: squares, territories, rings, play areas and entry rows (B1–B4, M9).
    ---
    get:
      tags: [game]
      description: >-
        Every square with its file, rank, territory (B3) and ring (B2), the territories
        in clockwise order, and per player count (and 2-player board) the squares in
        play (B4) and each territory's entry row (M9). The same answer every time.
      responses:
        200:
          description: The geometry.
          content:
            application/json:
              schema: BoardResponseSchema
        500: InternalError
    """
    return _geometry()


@cache
def _geometry() -> dict[str, Any]:
    return {
        "squares": [
            {
                "square": name,
                "file": name[0],
                "rank": int(name[1:]),
                "territory": TERRITORY[s].value,
                "ring": RING[s],
            }
            for s, name in zip(SQUARES, SQUARE_NAMES, strict=True)
        ],
        "clockwise": [t.value for t in CLOCKWISE],
        "layouts": [
            {
                "players": players,
                "board": size,
                "play_area": [square_name(s) for s in sorted(play_area(players, six))],
                "entry_rows": {
                    t.value: [square_name(s) for s in entry_row(t, players, six)] for t in CLOCKWISE
                },
            }
            for players, size, six in LAYOUTS
        ],
    }
