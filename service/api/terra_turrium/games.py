"""Whole games and batches: replay a game record, answer many questions in one request."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, ValidationError

from service.api.declare import Blueprint
from service.api.errors import InvalidRequest, problem_of
from service.api.terra_turrium import notation, questions, turns
from service.common import InvalidPositionError, MalformedError, RuleError
from service.common.schema import instance
from service.common.schema_shapes import request_problems
from service.terra_turrium import Position
from service.terra_turrium.check import check_position
from service.terra_turrium.notation import NotationAnswer
from service.terra_turrium.record import ReplayAnswer, replay_answer
from service.terra_turrium.record import replay as replay_game
from service.terra_turrium.wire.queries import (
    Answered,
    ApplyQuery,
    BatchAnswer,
    Batched,
    BatchQuery,
    CapturesQuery,
    PositionQuery,
    ReachQuery,
    Ready,
    ReplayQuery,
    ValidateQuery,
)
from service.terra_turrium.wire.schemas import (
    ApplyAnswer,
    CapturesAnswerSchema,
    GoalAnswerSchema,
    PlacementsAnswerSchema,
    ProgressAnswer,
    ReachAnswerSchema,
    RemovalsAnswerSchema,
    ReplayAnswerSchema,
    ValidateAnswer,
)

bp = Blueprint("games", __name__, description="Whole Terra Turrium games, and many questions in one request.")


@bp.post("/v1/games/replay")
@bp.arguments(ReplayQuery)
@bp.response(200, ReplayAnswerSchema, description="The turns played, the final position and the result.")
def replay(query: dict[str, Any]) -> ReplayAnswer:
    """Replay a whole game: every turn's legality and events, the final position and the result.

    The game is `start` and `turns` (each turn an object or a line of turn notation), or
    `record`, the whole game in the game notation. Turns are played in order, each from
    the position the one before left; the replay stops at the first illegal turn, which
    is listed last with its `violation` (its index says which), `final` being the
    position before it. With `positions`, every legal turn carries the position after it.
    """
    if "record" in query:
        start, plans = query["record"].start, query["record"].turns
    else:
        start, plans = query["start"], query["turns"]
    played = replay_game(start, plans)
    return replay_answer(played, query.get("positions", False))


@dataclass(frozen=True)
class Operation:
    """An operation a batch can ask: the schema of its body, what it does, its answer."""

    query: type[Schema]
    answer: Callable[[dict[str, Any]], Any]
    describes: type[Schema]


def _operation(query: type[Schema], view: Callable[..., Any], describes: type[Schema]) -> Operation:
    # The view itself, without the decorators that read the HTTP request: the batch gives
    # it a body read by the same schema.
    return Operation(query, inspect.unwrap(view), describes)


OPERATIONS: dict[str, Operation] = {
    "removals": _operation(PositionQuery, questions.removals, RemovalsAnswerSchema),
    "placements": _operation(PositionQuery, questions.placements, PlacementsAnswerSchema),
    "reach": _operation(ReachQuery, questions.reach, ReachAnswerSchema),
    "captures": _operation(CapturesQuery, questions.captures, CapturesAnswerSchema),
    "goal": _operation(PositionQuery, questions.goal, GoalAnswerSchema),
    "validate": _operation(ValidateQuery, turns.validate, ValidateAnswer),
    "apply": _operation(ApplyQuery, turns.apply, ApplyAnswer),
    "progress": _operation(ApplyQuery, turns.progress, ProgressAnswer),
    "notation": _operation(PositionQuery, notation.notation, NotationAnswer),
}


def _shared(position: Position | RuleError) -> Ready | RuleError:
    """The batch's position (read by its schema), checked once; or the error each request
    that uses it gets, as the single operation would give it."""
    if isinstance(position, RuleError):
        return position.under("/position")
    try:
        check_position(position)
    except InvalidPositionError as exc:
        return exc.under("/position")
    return Ready(position)


def _answer(operation: Operation, body: dict[str, Any]) -> Answered:
    try:
        query = instance(operation.query).load(body)
        answer = operation.answer(query)
    except ValidationError as exc:
        found = [{"pointer": p.pointer, "detail": p.detail} for p in request_problems(exc.messages, body)]
        return Answered(400, problem_of(InvalidRequest(found)))
    except (MalformedError, RuleError) as exc:
        problem = problem_of(exc)
        return Answered(problem["status"], problem)
    return Answered(200, instance(operation.describes).dump(answer))


@bp.post("/v1/batch")
@bp.arguments(BatchQuery)
@bp.response(200, BatchAnswer, description="Every request's answer, in order.")
def batch(query: dict[str, Any]) -> Batched:
    """Answer up to 256 requests of the query and turn operations in one request.

    Each request names its operation (`op`: `removals`, `reach`, `apply` …) and gives the
    body that operation takes; it is answered exactly as the single operation would
    answer it, errors included (`status` and `body`), and one bad request never fails the
    others. A request whose body has no `position` uses the batch's `position`, which is
    read and checked once: a bot's many questions about one position cost one reading of
    it. The 64 KiB limit applies to the whole batch.
    """
    shared = _shared(query["position"]) if "position" in query else None
    responses = []
    for request in query["requests"]:
        operation, body = OPERATIONS[request["op"]], request["body"]
        if "position" not in body and shared is not None:
            if not isinstance(shared, Ready):
                problem = problem_of(shared)
                responses.append(Answered(problem["status"], problem))
                continue
            body = {**body, "position": shared}
        responses.append(_answer(operation, body))
    return Batched(tuple(responses))
