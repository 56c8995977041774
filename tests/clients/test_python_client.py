"""A Python client generated from openapi.yaml plays a turn, as a third party would.

openapi-python-client writes the client into a temporary directory with
``--fail-on-warning``: an operation, a schema or a content type it cannot read, or a
post-hook that cannot run (its hooks are ruff's, found on PATH), fails the test. The test
then imports the client and gives it an httpx client over a WSGI transport, so every
request goes through this process's app, its HTTP layer and the client's own parsing of
the answers into its classes.

The turn is built from answers only, the way a client that knows no rules builds one:
each stone taken is one ``/v1/removals`` offers on the board as ``/v1/turns/progress``
answers it so far, each stone placed one ``/v1/placements`` offers, and the walk one
``/v1/reach`` lists, ending on a capture ``/v1/captures`` lists. The turn is then judged,
played, drawn and scored.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest

from service import create_app
from tests.yaml_text import load_yaml

ROOT = Path(__file__).resolve().parents[2]
OPENAPI = ROOT / "openapi.yaml"
PACKAGE = "oracle_client"

#: Every seat's six turrians on the 4-player set-up (S3): yellow's on e6 stands next to
#: red's on f6 and green's on e5, so it has captures within reach.
TURRIANS = {
    "yellow": ["b9", "c7", "d6", "e8", "a10", "e6"],
    "red": ["f6", "g8", "h7", "i9", "j10", "f9"],
    "blue": ["f5", "g3", "h4", "i2", "j1", "f2"],
    "green": ["e5", "d3", "c4", "b2", "a1", "e2"],
}
MOVER = "e6"


class Generation(NamedTuple):
    run: subprocess.CompletedProcess[str]
    package: Path


@pytest.fixture(scope="module")
def generation(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Generation]:
    """openapi-python-client's run on openapi.yaml; its package importable meanwhile."""
    out = tmp_path_factory.mktemp("python-client")
    scripts = sysconfig.get_path("scripts")
    # The post-hooks call `ruff` by name: the environment's scripts come first on PATH, as
    # they do in an activated virtual environment.
    env = {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}
    command = [
        os.path.join(scripts, "openapi-python-client"),
        "generate",
        "--path",
        str(OPENAPI),
        "--meta",
        "none",
        "--output-path",
        str(out / PACKAGE),
        "--fail-on-warning",
    ]
    result = subprocess.run(command, cwd=out, env=env, capture_output=True, text=True, timeout=120)
    sys.path.insert(0, str(out))
    try:
        yield Generation(result, out / PACKAGE)
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def api(generation: Generation) -> Any:
    """The generated ``Client``, talking to the app in this process."""
    assert generation.run.returncode == 0, generation.run.stdout + generation.run.stderr
    client = importlib.import_module(PACKAGE)
    app = create_app({"TESTING": True, "CHECK_ANSWERS": True})
    transport = httpx.WSGITransport(app=app)
    # An answer with a status the document does not list raises instead of parsing to None.
    return client.Client(
        base_url="http://oracle.test", httpx_args={"transport": transport}, raise_on_unexpected_status=True
    )


def test_the_client_is_generated_without_a_warning(generation: Generation) -> None:
    output = generation.run.stdout + generation.run.stderr
    assert generation.run.returncode == 0, output
    assert "warning" not in output.lower(), output
    assert "error" not in output.lower(), output
    package = generation.package
    # Every operation of the document has its module, under its tag.
    document = load_yaml(OPENAPI.read_text(encoding="utf-8"))
    operations = [op for item in document["paths"].values() for op in item.values() if "operationId" in op]
    assert len(operations) > 10
    for operation in operations:
        (tag,) = operation["tags"]
        module = re.sub(r"[^a-z0-9]+", "_", tag.lower())  # the generator's name for the tag
        assert (package / "api" / module / f"{operation['operationId']}.py").is_file(), operation[
            "operationId"
        ]


def _input(position: Any) -> Any:
    """An answer's ``Position`` as a request's ``PositionInput``: the document describes
    the two apart (a request may leave defaults out), so the client has a class for each."""
    from oracle_client.models import PositionInput

    return PositionInput.from_dict(position.to_dict())


def _height(position: Any, square: str) -> int:
    height: int = position.heights[int(square[1:]) - 1]["abcdefghij".index(square[0])]
    return height


def test_a_turn_played_through_the_generated_client(api: Any) -> None:
    from oracle_client.api.game import setup
    from oracle_client.api.notation import notation
    from oracle_client.api.pictures import render
    from oracle_client.api.queries import captures, goal, placements, reach, removals
    from oracle_client.api.turns import apply, progress, validate
    from oracle_client.models import (
        ApplyAnswer,
        ApplyQuery,
        AttackEvent,
        CaptureEvent,
        CapturesAnswer,
        CapturesQuery,
        GoalAnswer,
        LegalAnswer,
        MoveEvent,
        NotationAnswer,
        PlaceEvent,
        PlacementsAnswer,
        Position,
        PositionQuery,
        ProgressAnswer,
        ReachAnswer,
        ReachHighlight,
        ReachHighlightKind,
        ReachQuery,
        RemovalsAnswer,
        RenderQuery,
        Segment,
        TakeEvent,
        Turn,
        TurnStatePhase,
        ValidateQuery,
    )
    from oracle_client.types import File

    # A new game, and the turrians put on it as the players do at the table (S3).
    new = setup.sync(client=api, players=4)
    assert isinstance(new, Position)
    assert [seat.id for seat in new.seats] == list(TURRIANS)
    assert all(seat.turrians == [] for seat in new.seats)
    for seat in new.seats:
        seat.turrians = TURRIANS[seat.id]
    both = notation.sync(client=api, body=PositionQuery(position=_input(new)))
    assert isinstance(both, NotationAnswer)
    assert both.notation.startswith("setup|yellow:NW:")
    start = both.position
    assert start.to_move == "yellow"
    assert (start.turn.phase, start.turn.points) == (TurnStatePhase.TAKE, 5)

    def so_far(turn: Any) -> Position:
        answer = progress.sync(client=api, body=ApplyQuery(position=_input(start), turn=turn))
        assert isinstance(answer, ProgressAnswer)
        assert answer.position.to_move == "yellow"
        return answer.position

    # Take: each stone one that /v1/removals offers on the board as it stands (R1–R7).
    taken: list[str] = []
    while len(taken) < 3:
        position = so_far(Turn(take=taken))
        assert (position.turn.phase, position.turn.taken) == (TurnStatePhase.TAKE, taken)
        offered = removals.sync(client=api, body=PositionQuery(position=_input(position)))
        assert isinstance(offered, RemovalsAnswer)
        assert offered.removals, taken
        # Heights as the board stands after the stones taken so far.
        assert all(r.height == _height(position, r.square) >= 1 for r in offered.removals)
        taken.append(offered.removals[0].square)

    # Place: the stones in hand, each on a square /v1/placements offers (P2).
    place: list[str] = []
    while len(place) < 3:
        position = so_far(Turn(take=taken, place=place))
        assert (position.turn.phase, position.turn.in_hand) == (TurnStatePhase.PLACE, 3 - len(place))
        offered_squares = placements.sync(client=api, body=PositionQuery(position=_input(position)))
        assert isinstance(offered_squares, PlacementsAnswer)
        place.append(offered_squares.squares[-1])

    # Move: the reach of the turrian on e6, and one capture of it (M1–M10).
    moving = so_far(Turn(take=taken, place=place))
    assert (moving.turn.phase, moving.turn.points) == (TurnStatePhase.MOVE, 5)
    reached = reach.sync(client=api, body=ReachQuery(position=_input(moving), from_=MOVER))
    assert isinstance(reached, ReachAnswer)
    assert reached.reachable
    assert all(1 <= r.cost <= moving.turn.points for r in reached.reachable)
    assert all(r.path[-1] == r.square and set(r.captures) <= set(r.path) for r in reached.reachable)
    foreign = {square for seat in moving.seats if seat.id != "yellow" for square in seat.turrians}
    assert all(set(r.captures) <= foreign for r in reached.reachable)

    offered_captures = captures.sync(client=api, body=CapturesQuery(position=_input(moving)))
    assert isinstance(offered_captures, CapturesAnswer)
    mine = [c for c in offered_captures.captures if c.from_ == MOVER]
    assert mine
    capture = min(mine, key=lambda c: c.cost)
    ending = {r.square: r for r in reached.reachable}[capture.target]
    assert capture.target in ending.captures
    assert ending.cost == capture.cost
    turn = Turn(take=taken, place=place, move=[Segment(from_=MOVER, path=ending.path)])

    verdict = validate.sync(client=api, body=ValidateQuery(position=_input(start), turn=turn))
    assert isinstance(verdict, LegalAnswer)
    assert verdict.legal is True

    played = apply.sync(client=api, body=ApplyQuery(position=_input(start), turn=turn))
    assert isinstance(played, ApplyAnswer)
    after = played.position
    assert after.to_move == "red"
    assert (after.turn.phase, after.turn.points, after.turn.in_hand) == (TurnStatePhase.TAKE, 5, 0)
    # Each event parsed to the class its `type` names, in the order of the turn.
    assert [e.square for e in played.events if isinstance(e, TakeEvent)] == taken
    assert [e.square for e in played.events if isinstance(e, PlaceEvent)] == place
    (captured,) = [e for e in played.events if isinstance(e, CaptureEvent)]
    assert (captured.square, captured.victim) == (capture.target, capture.victim)
    (moved,) = [e for e in played.events if isinstance(e, MoveEvent)]
    assert (moved.origin, moved.square, moved.cost) == (MOVER, capture.target, capture.cost)
    attacks = [e.attacks for e in played.events if isinstance(e, AttackEvent)]
    assert attacks == [1]
    seats = {seat.id: seat for seat in after.seats}
    assert capture.target in seats["yellow"].turrians and MOVER not in seats["yellow"].turrians
    assert capture.target not in seats[capture.victim].turrians
    assert seats["yellow"].attacks == 1

    # The position before the walk drawn with the turrian's reach: SVG, each square marked.
    picture = render.sync(
        client=api,
        body=RenderQuery(
            position=_input(moving), highlight=ReachHighlight(kind=ReachHighlightKind.REACH, from_=MOVER)
        ),
    )
    assert isinstance(picture, File)
    svg = picture.payload.read()
    assert svg.startswith(b"<svg")
    for r in reached.reachable:
        style = "capture" if r.square in r.captures else "reach"
        assert f'<g class="square {style}" data-square="{r.square}"'.encode() in svg, r.square

    scores = goal.sync(client=api, body=PositionQuery(position=_input(after)))
    assert isinstance(scores, GoalAnswer)
    assert (scores.game_over, scores.winners) == (False, [])
    heights = {seat.id: len(seat.heights) for seat in scores.seats}
    assert heights == {seat.id: len(seat.turrians) for seat in after.seats}
    assert heights[capture.victim] == 5


def test_an_illegal_turn_comes_back_as_an_illegal_answer(api: Any) -> None:
    from oracle_client.api.turns import validate
    from oracle_client.models import IllegalAnswer, Turn, ValidateQuery, ViolationPhase

    # A second stone from green's territory SW in one turn, which R4 forbids.
    position = "setup|" + "|".join(
        f"{seat}:{territory}:{','.join(TURRIANS[seat])}"
        for seat, territory in zip(TURRIANS, ["NW", "NE", "SE", "SW"], strict=True)
    )
    verdict = validate.sync(client=api, body=ValidateQuery(position=position, turn=Turn(take=["a5", "a4"])))
    assert isinstance(verdict, IllegalAnswer)
    assert verdict.legal is False
    assert (verdict.violation.rule, verdict.violation.phase, verdict.violation.index) == (
        "R4",
        ViolationPhase.TAKE,
        1,
    )
    assert "SW" in verdict.violation.detail


def test_a_question_that_does_not_fit_comes_back_as_a_problem(api: Any) -> None:
    from oracle_client.api.queries import reach
    from oracle_client.models import Problem, ReachQuery

    answer = reach.sync_detailed(
        client=api, body=ReachQuery(position="setup|yellow:NW|red:NE|blue:SE|green:SW", from_="c7")
    )
    assert answer.status_code == 422
    assert isinstance(answer.parsed, Problem)
    assert (answer.parsed.rule, answer.parsed.field) == ("S2", "/from")
    assert answer.headers["X-Rules-Version"]


def _words(name: str) -> list[str]:
    return re.findall(r"[A-Z][a-z0-9]*", name)


def test_no_model_is_named_like_the_clients_own_types(generation: Generation) -> None:
    """No schema of the document may read as one of the client's own classes
    (``Response``, ``File``, ``Client`` …): ``BatchResponse`` looked like the ``Response``
    the batch call returns."""
    import ast

    own = {
        node.name if isinstance(node, ast.ClassDef) else node.targets[0].id
        for module in ("types.py", "client.py", "errors.py")
        for node in ast.parse((generation.package / module).read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef)
        or (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name))
    }
    own = {name for name in own if len(_words(name)) and name[0].isupper() and len(name) > 1}
    assert {"Response", "File", "Client", "Unset"} <= own
    models = ast.parse((generation.package / "models" / "__init__.py").read_text(encoding="utf-8"))
    classes = next(
        {element.value for element in node.value.elts}
        for node in models.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__"
    )
    schemas = load_yaml(OPENAPI.read_text(encoding="utf-8"))["components"]["schemas"]
    objects = [name for name, schema in schemas.items() if schema.get("type") == "object"]
    assert len(objects) > 50
    for name in objects:
        assert name in classes, name  # the schema's own name, as the document gives it
        words = _words(name)
        for mine in own:
            part = _words(mine)
            found = any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))
            assert not found, (name, mine)
