"""marshmallow is the code that runs: a well-formed request of each game is loaded by
its schema (``Schema.load``, through webargs) and its answer dumped by its schema
(``Schema.dump``, through flask-smorest), counted in a profile of one request."""

from __future__ import annotations

import cProfile
import json
import pstats
from pathlib import Path
from typing import Any

import marshmallow
import pytest

from service import create_app

ROOT = Path(__file__).resolve().parents[2]
MARSHMALLOW = str(Path(marshmallow.__file__).parent)


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


def _calls(client: Any, path: str, body: Any) -> dict[str, int]:
    """The calls of one request into marshmallow's ``Schema.load`` and ``Schema.dump``."""
    profile = cProfile.Profile()
    profile.enable()
    answer = client.post(path, json=body)
    profile.disable()
    assert answer.status_code == 200, answer.get_json()
    counted = {"load": 0, "dump": 0, "any": 0}
    for (filename, _line, name), (_primitive, calls, *_rest) in pstats.Stats(profile).stats.items():
        if filename.startswith(MARSHMALLOW):
            counted["any"] += calls
            if filename.endswith("schema.py") and name in ("load", "dump"):
                counted[name] += calls
    return counted


@pytest.mark.parametrize(("example", "path"), [
    ("reach", "/v1/reach"),
    ("validate", "/v1/turns/validate"),
    ("sdt_moves", "/v1/spiel-der-tuerme/moves"),
    ("tul_validate", "/v1/turm-und-leute/turns/validate"),
    ("tul_apply", "/v1/turm-und-leute/turns/apply"),
])
def test_a_well_formed_request_is_loaded_and_answered_by_marshmallow(client: Any, example: str,
                                                                     path: str) -> None:
    body = json.loads((ROOT / "docs" / "examples" / f"{example}.json").read_text(encoding="utf-8"))
    counted = _calls(client, path, body)
    assert counted["load"] > 0, counted
    assert counted["dump"] > 0, counted
