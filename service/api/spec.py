"""The OpenAPI document, generated from the marshmallow schemas and the views' docstrings.

apispec's FlaskPlugin reads each view's YAML operation (under ``---`` in its docstring),
its MarshmallowPlugin turns the schemas into components. This module adds what is the
same for every operation: the summary and operation id (the view's first docstring line
and name), the ``X-Rules-Version`` header on every answer, the reusable error answers
built on the ``Problem`` schema, and the request examples of :mod:`service.api.examples`.

``python -m service.api.spec > openapi.yaml`` (``make spec``) writes the committed copy;
GET /openapi.yaml serves the same text, built once per application.
"""

from __future__ import annotations

from typing import Any

import yaml
from apispec import APISpec, BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from apispec_webframeworks.flask import FlaskPlugin
from flask import Flask

import service
from service.api.errors import INVALID_POSITION, INVALID_REQUEST, PROBLEM_MEDIA_TYPE
from service.api.examples import examples
from service.api.schemas import (
    NOTATION_JSON_SCHEMA,
    PositionOrNotation,
    PositionSchema,
    ProblemSchema,
)
from service.rules import RULES_VERSION

OPENAPI_VERSION = "3.0.3"

#: Endpoints that are files rather than operations, and the benchmark's floor.
UNDOCUMENTED = frozenset({"static", "meta.docs_asset", "render.playground_asset", "bench.floor"})

DESCRIPTION = f"""\
Answers rules questions about positions of the board game Terra Turrium: which stones
may be taken, where stones may be placed, where a turrian can move and what it captures,
who meets the goal, whether a turn is legal and what the position is after it.

The service is stateless: every request carries the whole position, and every answer is
a pure function of the request (the same request gives the same bytes). Rule ids
(B1, R4, M7 …) refer to the project's RULES.md; errors and violations cite them.

Request bodies are JSON (`application/json`, at most 64 KiB) and are checked against the
schemas below: unknown members, wrong types or missing members are **400**. A position
that is well-formed but breaks a structural rule (two turrians on one square, a stone
out of play, territories that do not fit the player count …) is **422**, naming the
`rule` and the `field` (a JSON pointer into the request). Every error is an RFC 9457
problem (`application/problem+json`).

A request's `position` is either the `Position` object or the same position as a string
in the project's one-line notation (`setup|yellow:NW|red:NE|blue:SE|green:SW`, the
repository's docs/notation.md); answers write positions as objects, and
`POST /v1/notation` converts between the two.

Every answer carries the header `X-Rules-Version` (now `{RULES_VERSION}`), the version of
the rules it applies.
"""

TAGS = [
    {"name": "queries", "description": "Questions about a position."},
    {"name": "turns", "description": "Judging and playing whole turns."},
    {"name": "game", "description": "A new game and the board's geometry."},
    {"name": "notation", "description": "Positions between their object and the one-line notation."},
    {"name": "pictures", "description": "Positions drawn as SVG, and the playground page."},
    {"name": "meta", "description": "The service itself."},
]

RULES_VERSION_HEADER = {
    "description": "The version of the rules (RULES.md) the answer applies.",
    "required": True,
    "schema": {"type": "string", "example": RULES_VERSION},
}
HEADERS = {"X-Rules-Version": {"$ref": "#/components/headers/X-Rules-Version"}}


def _problem(description: str, example: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": description,
        "headers": HEADERS,
        "content": {PROBLEM_MEDIA_TYPE: {"schema": "ProblemSchema", "example": example}},
    }


#: The error answers operations refer to by name (``400: InvalidRequest``).
ERROR_RESPONSES = {
    "InvalidRequest": _problem(
        "The body is not JSON, or breaks the schema (wrong type, unknown or missing member, "
        "value out of range); for GET, a query parameter is. `errors` lists every reason.",
        {
            "type": INVALID_REQUEST,
            "title": "Invalid request",
            "status": 400,
            "detail": "Must be greater than or equal to 0 and less than or equal to 5.",
            "errors": [
                {
                    "pointer": "/position/seats/0/attacks",
                    "detail": "Must be greater than or equal to 0 and less than or equal to 5.",
                }
            ],
        },
    ),
    "PayloadTooLarge": _problem(
        "The body is larger than 64 KiB.",
        {
            "type": "about:blank",
            "title": "Request Entity Too Large",
            "status": 413,
            "detail": "The data value transmitted exceeds the capacity limit.",
        },
    ),
    "UnsupportedMediaType": _problem(
        "The body is not sent as JSON: the Content-Type must be application/json.",
        {
            "type": "about:blank",
            "title": "Unsupported Media Type",
            "status": 415,
            "detail": "The body must be JSON, sent as application/json (not text/plain).",
        },
    ),
    "InvalidPosition": _problem(
        "The position breaks a structural rule; `rule` names it and `field` points at the member.",
        {
            "type": INVALID_POSITION,
            "title": "Invalid position",
            "status": 422,
            "detail": "two turrians stand on c7 (yellow and red)",
            "rule": "S2",
            "field": "/position/seats/1/turrians/0",
        },
    ),
    "InternalError": _problem(
        "The service failed; the error is logged. This is a bug.",
        {
            "type": "about:blank",
            "title": "Internal Server Error",
            "status": 500,
            "detail": "The service failed to answer; the error has been logged.",
        },
    ),
}


class _Converter(OpenAPIConverter):
    """Schemas' docstrings become their descriptions; a request's ``position`` is an
    object or a notation string."""

    def init_attribute_functions(self) -> None:
        super().init_attribute_functions()  # type: ignore[no-untyped-call]
        self.attribute_functions.append(self._position_or_notation)

    def _position_or_notation(self, field: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(field, PositionOrNotation):
            return {}
        position = self.resolve_nested_schema(PositionSchema)  # type: ignore[no-untyped-call]
        return {"oneOf": [position, NOTATION_JSON_SCHEMA]}

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        jsonschema: dict[str, Any] = super().schema2jsonschema(schema)  # type: ignore[no-untyped-call]
        doc = resolve_schema_cls(schema).__doc__
        if doc:
            jsonschema = {"description": " ".join(doc.split()), **jsonschema}
        return jsonschema


class _SchemaPlugin(MarshmallowPlugin):
    Converter = _Converter


class _OperationPlugin(BasePlugin):
    """What every operation has: summary, operation id, examples, the rules header."""

    def __init__(self) -> None:
        self.examples = examples()

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        view = kwargs["view"]
        assert operations is not None
        summary = (view.__doc__ or "").strip().splitlines()[0]
        for method, operation in operations.items():
            operation["responses"] = {
                str(status): {**response, "headers": HEADERS} if isinstance(response, dict) else response
                for status, response in operation["responses"].items()
            }
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None and view.__name__ in self.examples:
                body["examples"] = self.examples[view.__name__]
            operations[method] = {"summary": summary, "operationId": view.__name__, **operation}


def build_spec(app: Flask) -> APISpec:
    """The OpenAPI document of ``app``'s operations, in the order they are registered."""
    spec = APISpec(
        title="Terra Turrium rules oracle",
        version=service.__version__,
        openapi_version=OPENAPI_VERSION,
        plugins=[FlaskPlugin(), _SchemaPlugin(), _OperationPlugin()],
        info={"description": DESCRIPTION},
        tags=TAGS,
    )
    spec.components.schema("Problem", schema=ProblemSchema)
    spec.components.header("X-Rules-Version", RULES_VERSION_HEADER)
    for name, response in ERROR_RESPONSES.items():
        spec.components.response(name, response)
    for rule in app.url_map.iter_rules():
        if rule.endpoint not in UNDOCUMENTED:
            spec.path(view=app.view_functions[rule.endpoint], app=app)
    return spec


class _Dumper(yaml.SafeDumper):
    """Block style, but lists of plain values on one line; no anchors."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, dict | list) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(str, _represent_str)

#: The top-level members in the order a reader looks for them.
TOP_LEVEL = ("openapi", "info", "tags", "paths", "components")


def to_yaml(spec: APISpec) -> str:
    """The document as YAML: top-level members in :data:`TOP_LEVEL` order, the rest as built."""
    document = spec.to_dict()
    ordered = {key: document[key] for key in TOP_LEVEL if key in document}
    ordered.update(document)
    return yaml.dump(ordered, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def spec_yaml(app: Flask) -> str:
    """The YAML text of ``app``'s document, built on first use."""
    text: str | None = app.extensions.get("openapi.yaml")
    if text is None:
        text = app.extensions["openapi.yaml"] = to_yaml(build_spec(app))
    return text


def main() -> None:
    from service import create_app

    print(spec_yaml(create_app()), end="")


if __name__ == "__main__":
    main()
