"""A member given twice in any object of a body is a 400 naming it by JSON pointer, in
every operation, instead of being read as its last copy (service/api/json_provider.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def _posts(app: Any) -> list[str]:
    return sorted({rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())})


def _twice(client: Any, path: str, body: str) -> tuple[int, dict[str, Any]]:
    answer = client.post(path, data=body, content_type="application/json")
    return answer.status_code, answer.get_json()


def test_every_operation_refuses_a_member_given_twice(app: Any, client: Any) -> None:
    posts = _posts(app)
    assert "/v1/batch" in posts and "/v1/games/replay" in posts and len(posts) >= 15
    for path in posts:
        status, problem = _twice(client, path, '{"position": 1, "position": 2}')
        assert status == 400, path
        assert problem["errors"] == [{"pointer": "/position", "detail": "is given more than once"}], path


@pytest.mark.parametrize("name", sorted(p.stem for p in EXAMPLES.glob("*.json")))
def test_a_valid_example_with_its_first_member_doubled_is_refused(app: Any, client: Any, name: str) -> None:
    """The documented bodies, each with its first member given again (its last copy the
    same value, so that reading the last copy would answer 200)."""
    body = json.loads((EXAMPLES / name).with_suffix(".json").read_text())
    first = next(iter(body))
    text = json.dumps(body)
    doubled = "{" + json.dumps(first) + ": " + json.dumps(body[first]) + ", " + text[1:]
    paths = [p for p in _posts(app) if _example_path(name) == p]
    assert paths, name
    for path in paths:
        status, problem = _twice(client, path, doubled)
        assert status == 400, (path, problem)
        assert problem["errors"][0]["pointer"] == "/" + first.replace("~", "~0").replace("/", "~1")


def _example_path(name: str) -> str:
    games = {"sdt": "/v1/spiel-der-tuerme", "tul": "/v1/turm-und-leute"}
    prefix, _, rest = name.partition("_")
    if prefix in games:
        if rest.startswith("map_"):  # Stahl und Sterne's map questions: tul_map_sector_facts …
            return f"{games[prefix]}/map/{rest[4:].replace('_', '-')}"
        turns = rest in ("suggest", "apply", "validate")
        if rest.startswith("map_"):  # Stahl und Sterne's map questions: /map/sector-facts …
            return f"{games[prefix]}/map/{rest.removeprefix('map_').replace('_', '-')}"
        return f"{games[prefix]}/turns/{rest}" if turns else f"{games[prefix]}/{rest}"
    return {"replay": "/v1/games/replay", "suggest": "/v1/turns/suggest", "batch": "/v1/batch",
            "apply": "/v1/turns/apply", "validate": "/v1/turns/validate",
            "progress": "/v1/turns/progress"}.get(name, f"/v1/{name}")


def test_a_member_given_twice_deep_in_a_batch_is_named_by_its_pointer(client: Any) -> None:
    reach = json.loads((EXAMPLES / "reach.json").read_text())
    inner = json.dumps({"from": reach["from"], "position": reach["position"]})
    inner = '{"from": "a1", ' + inner[1:]
    body = '{"requests": [{"op": "goal", "body": {"position": ' + json.dumps(reach["position"]) + "}}, " \
        '{"op": "reach", "body": ' + inner + "}]}"
    status, problem = _twice(client, "/v1/batch", body)
    assert status == 400
    assert problem["errors"] == [{"pointer": "/requests/1/body/from", "detail": "is given more than once"}]


@pytest.mark.parametrize(
    ("body", "pointer"),
    [
        ('{"a/b": 1, "a/b": 2}', "/a~1b"),  # escaped as RFC 6901 says
        ('{"digits": 1, "digits": 2}', "/digits"),  # a name like a word of another error
        ('{"x": "\\u003a", "x": 1}', "/x"),  # an escaped colon cannot hide the second copy
        ('{"x": [{"y": ":", "z": 1, "y": ":"}]}', "/x/0/y"),
        ('{"n": 123456789012345678901234, "n": 1}', "/n"),  # a number orjson does not read
        ('{"d": ' + "[" * 300 + "]" * 300 + ', "d": [{"e": 1, "e": 2}]}', "/d"),  # deeper than orjson writes
    ],
)
def test_a_member_given_twice_is_found_however_written(client: Any, body: str, pointer: str) -> None:
    status, problem = _twice(client, "/v1/reach", body)
    assert status == 400
    assert problem["errors"] == [{"pointer": pointer, "detail": "is given more than once"}]


def test_a_colon_inside_a_string_is_no_member(client: Any) -> None:
    """Colons in strings (a notation's seats) leave a body with no member twice as it is."""
    body = json.dumps({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"})
    answer = client.post("/v1/removals", data=body, content_type="application/json")
    assert answer.status_code == 200, answer.get_json()
