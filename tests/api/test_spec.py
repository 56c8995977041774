"""openapi.yaml: generated from the code, committed up to date, valid, and complete."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from openapi_spec_validator import validate

from service.api.examples import examples, to_json
from tests.yaml_text import load_yaml

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "openapi.yaml"
METHODS = {"get", "post", "put", "patch", "delete"}
#: Files rather than operations: a page's script, style sheet, images.
FILES = {
    "playground_assets.asset",
    "playground_assets.favicon",
    "docs_assets.docs_asset",
    "docs_assets.docs_slash",  # /docs/, a redirect to /docs for a reader who types it
    "docs_assets.static",
    "turm_und_leute_assets.tul_asset",
}
#: Schemas that admit members beyond those listed: problem details (RFC 9457 extensions)
#: and the OpenAPI document itself.
OPEN = {"Problem", "ProblemViolation", "Document"}


@pytest.fixture(scope="module")
def document():
    return load_yaml(COMMITTED.read_text(encoding="utf-8"))


def _operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


def _resolve(document, node):
    while "$ref" in node:
        *_, kind, name = node["$ref"].split("/")
        node = document["components"][kind][name]
    return node


def test_committed_openapi_yaml_is_what_make_spec_writes():
    result = subprocess.run(
        [sys.executable, "-m", "tools.spec", "openapi"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout == COMMITTED.read_text(encoding="utf-8"), "openapi.yaml is stale: run `make spec`"


def test_openapi_yaml_is_a_valid_openapi_3_0_document(document):
    assert document["openapi"] == "3.0.3"
    validate(document)


def test_every_route_is_documented_with_its_methods(app, document):
    for rule in app.url_map.iter_rules():
        if rule.endpoint in FILES:
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        assert path in document["paths"], path
        operations = set(document["paths"][path]) - {"parameters"}  # a path's own parameters
        assert operations == {m.lower() for m in rule.methods} - {"head", "options"}


def test_every_operation_has_a_summary_an_id_and_success(document):
    ids = []
    for path, _method, operation in _operations(document):
        assert operation["summary"], path
        ids.append(operation["operationId"])
        assert "200" in operation["responses"], path
    assert len(ids) == len(set(ids))


def test_every_error_answer_is_a_problem(document):
    for path, _method, operation in _operations(document):
        errors = {
            status: _resolve(document, r) for status, r in operation["responses"].items() if status >= "400"
        }
        assert "500" in errors, path
        for status, response in errors.items():
            assert list(response["content"]) == ["application/problem+json"], (path, status)
            assert response["content"]["application/problem+json"]["schema"] == {
                "$ref": "#/components/schemas/Problem"
            }


def test_json_bodies_document_400_413_415_and_422(document):
    for path, _method, operation in _operations(document):
        if "requestBody" in operation:
            # A batch answers its requests' problems inside its 200, so it has no 422 of its own.
            expected = {"400", "413", "415"} | (set() if path == "/v1/batch" else {"422"})
            assert expected <= operation["responses"].keys(), path
        else:
            assert "413" not in operation["responses"] and "415" not in operation["responses"], path


def test_every_answer_documents_the_rules_version_header(document):
    for path, _method, operation in _operations(document):
        for status, response in operation["responses"].items():
            assert "X-Rules-Version" in _resolve(document, response)["headers"], (path, status)


def test_the_rules_version_header_is_required_and_described(document):
    header = document["components"]["headers"]["X-Rules-Version"]
    assert header["required"] is True and header["schema"]["type"] == "string"


def test_every_post_has_examples_the_service_answers(document, client):
    for path, method, operation in _operations(document):
        if method != "post":
            continue
        named = operation["requestBody"]["content"]["application/json"]["examples"]
        assert named, path
        for name, example in named.items():
            response = client.post(path, json=example["value"])
            assert response.status_code == 200, (path, name, response.get_json())


def test_objects_admit_no_unknown_members_except_problem_extensions(document):
    for name, schema in document["components"]["schemas"].items():
        assert schema.get("description"), name
        if schema.get("type") == "object":
            assert schema["additionalProperties"] is (name in OPEN), name


def test_constraints_are_in_the_spec(document):
    schemas = document["components"]["schemas"]
    position = schemas["PositionInput"]["properties"]
    assert (position["heights"]["minItems"], position["heights"]["maxItems"]) == (10, 10)
    row = position["heights"]["items"]
    assert (row["minItems"], row["maxItems"], row["items"]["type"], row["items"]["minimum"]) == (
        10,
        10,
        "integer",
        0,
    )
    assert (position["seats"]["minItems"], position["seats"]["maxItems"]) == (2, 4)
    assert position["to_move"]["pattern"] == "^[a-z][a-z0-9_-]{0,15}$"
    seat = schemas["SeatInput"]["properties"]
    assert (seat["attacks"]["minimum"], seat["attacks"]["maximum"]) == (0, 5)
    assert seat["turrians"]["items"]["pattern"] == "^[a-j](?:10|[1-9])$"
    assert seat["pro_hold"]["nullable"] is True
    assert set(schemas["SeatInput"]["required"]) == {"id", "territories", "turrians", "attacks"}
    reach = schemas["ReachQuery"]
    assert (reach["properties"]["points"]["minimum"], reach["properties"]["points"]["maximum"]) == (0, 5)
    assert schemas["Origin"]["pattern"] == "^(?:reserve|[a-j](?:10|[1-9]))$"
    assert set(reach["required"]) == {"position", "from"}
    assert schemas["RulesInput"]["properties"]["two_player_board"]["enum"] == ["8x8", "6x6"]
    assert schemas["Removal"]["properties"]["rule"]["enum"] == ["own", "outside"]


def test_answers_write_every_member_and_requests_take_defaults(document):
    schemas = document["components"]["schemas"]
    for answer, request in (
        ("Position", "PositionInput"),
        ("Seat", "SeatInput"),
        ("TurnState", "TurnStateInput"),
    ):
        assert set(schemas[answer]["required"]) == set(schemas[answer]["properties"]), answer
        assert set(schemas[request].get("required", [])) < set(schemas[request]["properties"]), request
    for name, schema in schemas.items():
        for member, prop in schema.get("properties", {}).items():
            assert "default" not in prop, (name, member)  # a client generator would make it required


def test_docs_examples_are_current():
    """docs/examples/*.json are the first request example of each operation (`make spec`)."""
    directory = ROOT / "docs" / "examples"
    named = examples()
    assert sorted(p.stem for p in directory.glob("*.json")) == sorted(named)
    for operation, values in named.items():
        committed = (directory / f"{operation}.json").read_text(encoding="utf-8")
        assert committed == to_json(next(iter(values.values()))["value"]), (
            f"{operation}.json is stale: run `make spec`"
        )
        json.loads(committed)


def test_readme_curls_every_endpoint_with_existing_bodies(document):
    # The operations' endpoints (/metrics) may be shown in the deployment guide instead.
    readme = "\n".join(
        (ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "docs/deploying.md")
    )
    for body in re.findall(r"@(docs/examples/[\w.-]+\.json)", readme):
        assert (ROOT / body).is_file(), body
    curled = set(re.findall(r"curl [^\n]*?localhost:8080(/[\w/.-]*)", readme))
    # A path with parameters (/rules/{game}) is curled with a value for each.
    patterns = {path: re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(path)) for path in document["paths"]}
    missing = {
        path for path, pattern in patterns.items() if not any(re.fullmatch(pattern, c) for c in curled)
    }
    assert missing == set()


def test_servers_is_the_service_that_serves_the_document(document):
    """A relative URL: /docs and generated clients ask the host and port the document came from."""
    assert [server["url"] for server in document["servers"]] == ["/"]


def test_every_operation_has_a_description(document):
    for path, method, operation in _operations(document):
        assert operation.get("description", "").strip(), (path, method)


def test_every_query_parameter_has_an_example_of_its_schema(document):
    for path, _method, operation in _operations(document):
        for parameter in operation.get("parameters", []):
            if parameter.get("in") == "query":
                schema, example = parameter["schema"], parameter["example"]
                assert example in schema.get("enum", [example]), (path, parameter["name"])
                if schema["type"] == "integer":
                    assert schema.get("minimum", example) <= example <= schema.get("maximum", example)


def test_every_operation_takes_an_optional_request_id_header(document):
    header = document["components"]["parameters"]["X-Request-ID"]
    assert (header["in"], header["name"], header["required"], header["schema"]) == (
        "header", "X-Request-ID", False, {"type": "string"}
    )
    for path, method, operation in _operations(document):
        assert {"$ref": "#/components/parameters/X-Request-ID"} in operation["parameters"], (path, method)


def test_svg_answers_are_text(document):
    """A client reads a picture as a string; only the octet-stream copy is bytes."""
    pictures = 0
    for path, _method, operation in _operations(document):
        content = operation["responses"]["200"].get("content", {})
        if "image/svg+xml" in content:
            pictures += 1
            assert content["image/svg+xml"]["schema"] == {"type": "string"}, path
            octets = content["application/octet-stream"]["schema"]
            assert octets == {"type": "string", "format": "binary"}, path
    assert pictures >= 2  # Terra Turrium's and Spiel der Türme's render, at least


def _nodes(node, where=""):
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _nodes(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _nodes(value, f"{where}/{index}")


def test_nullable_is_always_beside_a_type(document):
    """OpenAPI 3.0 reads `nullable` only with a `type`: without one, null is refused."""
    nodes = _nodes(document["components"])
    untyped = [where for where, node in nodes if node.get("nullable") and "type" not in node]
    assert untyped == []
    over = document["components"]["schemas"]["SdtPosition"]["properties"]["over"]
    assert over["anyOf"][0] == {"$ref": "#/components/schemas/SdtOver"} and over["anyOf"][1]["enum"] == [None]


def test_an_answer_in_several_media_types_keeps_its_own_description(app, document):
    """flask-smorest would describe it by its alternative's description alone."""
    from service.api.spec import document as build

    built = build(app)["paths"]
    checked = 0
    for rule in app.url_map.iter_rules():
        apidoc = getattr(app.view_functions[rule.endpoint], "_apidoc", {})
        declared = apidoc.get("response", {}).get("responses", {})
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        for status, responses in declared.items():
            if len(responses) > 1:
                checked += 1
                main, *alternatives = reversed(responses)  # the decorator written first
                method = next(iter(rule.methods - {"HEAD", "OPTIONS"})).lower()
                described = built[path][method]["responses"][str(status)]["description"]
                assert described.startswith(main["description"]), (path, described)
                assert all(alternative["description"] in described for alternative in alternatives), path
    assert checked >= 3  # the two renders and the document, at least
