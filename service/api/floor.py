"""The floor of the HTTP load benchmark (``make bench``, bench/http_load.py): not part of the API.

``POST /bench/floor`` reads its body exactly as the POST endpoints do (the same JSON
decoding, the same marshmallow load of the position through
:class:`~service.api.schemas.PositionRequestSchema`) and answers a constant, without
asking the engine. Its throughput is what the service could reach if answering cost
nothing, so each endpoint's share of it says how much its own work costs.

It exists only in an application created with ``BENCH_FLOOR`` set (the environment
variable ``ORACLE_BENCH_FLOOR=1`` sets it), which only the benchmark does; it is not in
openapi.yaml.
"""

from __future__ import annotations

from flask import Blueprint

from service.api.schemas import PositionRequestSchema, json_body

#: The environment variable that turns the floor on (read by :func:`service.api.create_app`).
ENV = "ORACLE_BENCH_FLOOR"

bp = Blueprint("bench", __name__)


@bp.post("/bench/floor")
def floor() -> dict[str, bool]:
    """Parse the body as the query endpoints do, answer a constant."""
    json_body(PositionRequestSchema)
    return {"floor": True}
