"""Live answers checked against openapi.yaml by openapi-core, a validator that shares no
code with the service (apispec and marshmallow write the document; flask-smorest does not
read it back).

Every operation is asked with each of its request examples (the document's, and the
body in docs/examples/ the README curls), GETs with their parameters' examples; the
request must be one the document admits, the answer one it describes. Then each
operation's problems: a body the schema refuses (400), a body that is not JSON (415) or
too long (413), a query parameter out of range (400), a position or question the rules
refuse (422) and an illegal turn played (422 with its violation): every one must be the
problem+json answer the document declares for that status.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from openapi_core import Config, OpenAPI
from openapi_core.testing import MockRequest, MockResponse

from service import create_app
from service.api.declare import MAX_BODY
from tests.yaml_text import load_yaml

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = load_yaml((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
EXAMPLES = ROOT / "docs" / "examples"
METHODS = ("get", "post")
#: Where a path has a parameter: a value of it.
PATH_VALUES = {"game": "spiel-der-tuerme"}
REQUEST_ID = {"X-Request-ID": "answers-validate"}


def _text(data: bytes, charset: str = "utf-8", **parameters: str) -> str:
    return data.decode(charset)


def _json(data: bytes, **parameters: str) -> Any:
    return json.loads(data)


def _yaml(data: bytes, **parameters: str) -> Any:
    return load_yaml(data)


@pytest.fixture(scope="module")
def validator() -> OpenAPI:
    # openapi-core reads application/json and text/* itself, not the +json suffix; an SVG
    # picture is text too, and the document is YAML.
    readers = {"application/problem+json": _json, "image/svg+xml": _text, "application/yaml": _yaml}
    return OpenAPI.from_dict(DOCUMENT, config=Config(extra_media_type_deserializers=readers))


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


class Call(NamedTuple):
    method: str
    pattern: str
    body: bytes | None = None
    query: dict[str, str] = {}
    content_type: str = "application/json"
    values: dict[str, str] = PATH_VALUES
    accept: str = "*/*"

    @property
    def view_args(self) -> dict[str, str]:
        return {name: value for name, value in self.values.items() if "{" + name + "}" in self.pattern}

    @property
    def path(self) -> str:
        path = self.pattern
        for name, value in self.view_args.items():
            path = path.replace("{" + name + "}", value)
        return path


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for pattern, item in DOCUMENT["paths"].items():
        for method in METHODS:
            if method in item:
                yield pattern, method, item[method]


def _query_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _examples(operation: dict[str, Any]) -> list[Any]:
    """The request bodies an operation shows: docs/examples/ and the document's."""
    files = EXAMPLES.glob(f"{operation['operationId']}.json")
    shown = [json.loads(f.read_text(encoding="utf-8")) for f in files]
    body = operation["requestBody"]["content"]["application/json"]
    return shown + [example["value"] for example in body["examples"].values()]


def example_calls(pattern: str, method: str, operation: dict[str, Any]) -> list[Call]:
    """Each example, once for each media type the answer comes in."""
    media_types = list(operation["responses"]["200"].get("content", {})) or ["*/*"]
    if method == "post":
        return [Call("POST", pattern, json.dumps(body).encode(), accept=media_type)
                for body in _examples(operation) for media_type in media_types]
    parameters = [p for p in operation.get("parameters", []) if p.get("in") == "query"]
    query = {p["name"]: _query_value(p["example"]) for p in parameters}
    return [Call("GET", pattern, query=query, accept=media_type) for media_type in media_types]


def _rules_refuse(body: Any) -> Iterator[Callable[[Any], None]]:
    """Edits that make a well-formed body one the rules refuse (422)."""
    if isinstance(body.get("position"), dict):
        for seat in ("nobody", "green"):  # a Terra Turrium id, a Spiel der Türme colour
            yield lambda b, seat=seat: b["position"].__setitem__("to_move", seat)
    if "from" in body:
        yield lambda b: b.__setitem__("from", "a1")  # a corner, where no piece stands
    if "attackers" in body and isinstance(body["attackers"][0], dict):
        yield lambda b: b["attackers"][0].__setitem__("kind", "graf")  # L3: may not attack
    if isinstance(body.get("map"), dict) and body["map"].get("groups"):
        # Stahl und Sterne: a second tile on a group's field (LS15).
        yield lambda b: b["map"]["groups"].append({**b["map"]["groups"][0], "id": "another"})
    if isinstance(body.get("ledger"), dict) and body["ledger"].get("groups"):
        # Two groups under one id: a ledger no play can lead to.
        yield lambda b: b["ledger"]["groups"].append(copy.deepcopy(b["ledger"]["groups"][0]))
    if isinstance(body.get("ledgers"), list) and body["ledgers"]:
        yield lambda b: b["ledgers"].append(copy.deepcopy(b["ledgers"][0]))  # one side kept twice


def problem_calls(pattern: str, method: str, operation: dict[str, Any], client: Any) -> list[Call]:
    """Requests that each get one of the problems the operation declares."""
    declared = operation["responses"]
    calls = []
    if method == "post":
        calls += [
            Call("POST", pattern, b'{"not a member": 1}'),
            Call("POST", pattern, b"{"),
            Call("POST", pattern, b"{}", content_type="text/plain"),
            Call("POST", pattern, b" " * (MAX_BODY + 1)),
        ]
        if "422" in declared:
            calls += _refused(pattern, operation, client)
    else:
        for parameter in [p for p in operation.get("parameters", []) if p.get("in") == "query"]:
            calls.append(Call("GET", pattern, query={parameter["name"]: "out-of-range"}))
        if pattern == "/v1/setup":
            calls.append(Call("GET", pattern, query={"players": "2", "team_play": "true"}))  # S1: 4 players
        if pattern == "/v1/turm-und-leute/setup":  # L9: each people once
            calls.append(
                Call("GET", pattern, query={"edition": "turm-und-leute", "peoples": "zwerge,zwerge"})
            )
        if "404" in declared:
            calls.append(Call("GET", pattern, values={"game": "no-such-game"}))
    return calls


def _refused(pattern: str, operation: dict[str, Any], client: Any) -> list[Call]:
    """For each example, the first edit the rules refuse; for a turn played, the turns
    the validation of the same game answers illegal."""
    calls = []
    for body in _examples(operation):
        for edit in _rules_refuse(body):
            edited = copy.deepcopy(body)
            edit(edited)
            if client.post(pattern, json=edited).status_code == 422:
                calls.append(Call("POST", pattern, json.dumps(edited).encode()))
                break
    if pattern.endswith("/turns/apply"):
        validate = DOCUMENT["paths"][pattern.replace("/apply", "/validate")]["post"]
        for body in _examples(validate):
            if client.post(pattern.replace("/apply", "/validate"), json=body).get_json()["legal"] is False:
                calls.append(Call("POST", pattern, json.dumps(body).encode()))
    return calls


def _send(client: Any, call: Call) -> Any:
    return client.open(
        call.path, method=call.method, data=call.body, query_string=call.query,
        headers={**REQUEST_ID, "Accept": call.accept},
        content_type=call.content_type if call.body is not None else None,
    )


def _errors(validator: OpenAPI, call: Call, answer: Any, *, request: bool) -> list[str]:
    sent = MockRequest(
        "http://localhost", call.method.lower(), call.path, path_pattern=call.pattern, args=call.query,
        view_args=call.view_args, headers={**REQUEST_ID, "Accept": call.accept}, data=call.body or b"",
        content_type=call.content_type,
    )
    received = MockResponse(answer.data, answer.status_code, headers=dict(answer.headers),
                            content_type=answer.headers.get("Content-Type", ""))
    refused = validator.iter_request_errors(sent) if request else iter(())
    found = [f"request: {e!r} {e.__cause__!r}" for e in refused]
    found += [f"answer: {e!r} {getattr(e, 'schema_errors', e.__cause__)!r}"
              for e in validator.iter_response_errors(sent, received)]
    return found


OPERATIONS = {op["operationId"]: (pattern, method, op) for pattern, method, op in _operations()}


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
def test_answers_to_the_examples_are_as_the_document_describes(operation_id, client, validator):
    pattern, method, operation = OPERATIONS[operation_id]
    for call in example_calls(pattern, method, operation):
        answer = _send(client, call)
        assert answer.status_code == 200, (call, answer.data[:300])
        assert answer.headers["Content-Type"].startswith(call.accept.replace("*/*", "")), call
        assert _errors(validator, call, answer, request=True) == [], call


@pytest.mark.parametrize("operation_id", sorted(OPERATIONS))
def test_problems_are_the_answers_the_document_declares(operation_id, client, validator):
    pattern, method, operation = OPERATIONS[operation_id]
    for call in problem_calls(pattern, method, operation, client):
        answer = _send(client, call)
        assert str(answer.status_code) in operation["responses"], (call, answer.status_code)
        assert answer.status_code >= 400 and answer.mimetype == "application/problem+json", call
        assert _errors(validator, call, answer, request=False) == [], (call, answer.get_json())


def test_every_declared_problem_status_is_answered_and_checked(client):
    """Each status an operation declares beyond 500 is among the answers checked above."""
    for operation_id, (pattern, method, operation) in OPERATIONS.items():
        calls = problem_calls(pattern, method, operation, client)
        answered = {_send(client, call).status_code for call in calls}
        declared = {int(s) for s in operation["responses"] if s not in ("200", "500")}
        # A replay's record is refused by the rules only through its turns, which its
        # 200 reports; a batch answers its requests' problems inside its 200.
        expected = declared - ({422} if operation_id == "replay" else set())
        # A draining server's 503 needs the drain's mark: checked in the test below.
        expected -= {503} if operation_id == "readyz" else set()
        # An overloaded instance's 503 comes from a serving worker, which hands the heavy
        # operations to its helper process, never from the app in-process: checked, with
        # its Retry-After, under gunicorn in tests/serving/test_heavy.py.
        overloaded = operation["responses"].get("503", {}).get("$ref", "").endswith("/Overloaded")
        expected -= {503} if overloaded else set()
        # A body read too slowly (408), or while the worker reads as many as it may (503),
        # is refused by a serving worker before the app reads it: checked under gunicorn
        # in tests/serving/test_bodies.py.
        expected -= {408}
        if operation["responses"].get("503", {}).get("$ref", "").endswith("/BodiesFull"):
            expected -= {503}
        assert expected <= answered, (operation_id, expected - answered)


def test_a_draining_servers_readiness_is_the_problem_the_document_declares(client, validator,
                                                                          tmp_path, monkeypatch):
    from service.api.meta import DRAINING

    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    (tmp_path / DRAINING).touch()
    call = Call("GET", "/readyz")
    answer = _send(client, call)
    assert answer.status_code == 503 and answer.mimetype == "application/problem+json"
    assert _errors(validator, call, answer, request=False) == [], answer.get_json()


def test_the_validator_refuses_an_answer_the_document_does_not_describe(client, validator):
    """Not a validator that accepts anything: Spiel der Türme's score without its winners."""
    pattern, method, operation = OPERATIONS["sdt_score"]
    call = example_calls(pattern, method, operation)[0]
    answer = _send(client, call)
    body = answer.get_json()
    del body["winners"]
    answer.set_data(json.dumps(body))
    assert _errors(validator, call, answer, request=False) != []
