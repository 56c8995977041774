"""The OpenAPI document, built from the operations' declarations.

:class:`Api` is flask-smorest's extension with the service's document: OpenAPI 3.0.3,
the service's description, licence, server and (no) security, the error answers as
problem details, the ``X-Rules-Version`` header on every answer, an ``operationId`` per
view and the request examples of each game. The marshmallow plugin is taught the
fields of :mod:`service.common.schema`: a member that is a component of its own is a
reference to it, a :class:`~service.common.schema_shapes.OneOf` member is a ``oneOf`` union
with a discriminator, an :class:`~service.common.schema_shapes.Alternatives` answer (and a
request of variants) a ``oneOf`` of them.

``python -m service.api.spec > openapi.yaml`` (``make spec``) writes the committed copy;
``GET /openapi.yaml`` serves the same text, built once per application.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import yaml
from apispec import BasePlugin
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from flask import Flask
from flask_smorest import Api as SmorestApi

import service
from service.api.envelope import BUSY, REQUEST_ID_PATTERN
from service.api.errors import (
    HTTP_TITLES,
    INVALID_REQUEST,
    INVALID_REQUEST_TITLE,
    PROBLEM_MEDIA_TYPE,
    RULE_PROBLEMS,
)
from service.api.problems import ProblemSchema
from service.bodies import BODY_TIMEOUT, FULL, LATE
from service.bodies import RETRY_AFTER as BODIES_RETRY_AFTER
from service.common import (
    MAX_PROBLEMS,
    IllegalTurnError,
    InvalidPositionError,
    InvalidQueryError,
    RuleError,
    schema_shapes,
)
from service.common import schema as schema_fields
from service.common.queries import Query
from service.common.schema_shapes import Either as EitherMember
from service.offload import HEAVY, RETRY_AFTER

OPENAPI_VERSION = "3.0.3"
TITLE = "Tower games rules oracle"

DESCRIPTION = """\
Answers rules questions about positions of tower games: which pieces may be taken or
moved, where, at what cost, whether a turn is legal and what it leads to, who has won.
Terra Turrium (Wolfgang Kramer, 1990) is the main game. Its rules, with the ids every
answer cites (B1, R4, M7 …), are served at [/rules](/rules) (the repository's
docs/rules.md): every rule id is an anchor there, so the `rule` of a problem or of a
violation leads to its rule as `/rules#R4`. The contract below, with the decisions it
takes where the rules leave room, is the repository's docs/api.md.

The service is stateless: every request carries the whole position, and every answer is
a pure function of the request (the same request gives the same bytes).

Request bodies are JSON (`application/json`, at most 64 KiB). A body that is not of the
shape described here (a wrong type, an unknown or missing member, a value out of range)
is **400**, with `errors` naming each mistake by its JSON pointer (at most 20). A body
that is well-formed but describes a position the rules make impossible (two turrians on
one square, a stone out of play, territories that do not fit the player count …) is
**422**, naming the `rule` and the `field`. Every error is an RFC 9457 problem
(`application/problem+json`).

A Terra Turrium `position` is either the `Position` object or the same position as a
string in the one-line notation (`setup|yellow:NW|red:NE|blue:SE|green:SW`,
docs/notation.md); every string that matches the notation's pattern is read as a
position. Answers write positions as objects; `POST /v1/notation` converts.

Every answer carries the header `X-Rules-Version`, the version of the rules it applies
(each game's own: under `/v1/spiel-der-tuerme` Spiel der Türme's, under
`/v1/turm-und-leute` Turm und Leute's; answers about no one game, Terra Turrium's), and \
`X-Request-ID`: the one the request sent, if it is 1–128 letters, digits or
`-_.:=+/@`, else a new one (the access log records it too). Pages on other origins may
call the service (CORS); the origins allowed are configurable.
"""

LICENSE = {"name": "Proprietary: all rights reserved", "identifier": "LicenseRef-Proprietary"}
#: Relative: the service that serves this document, at whatever host and port it is
#: reached (Swagger UI's "Try it out" on /docs asks its own origin, the only one the
#: page's Content-Security-Policy admits); a generated client is given its base URL.
SERVERS = [{"url": "/", "description": "The service that serves this document"}]
EXTERNAL_DOCS = {
    "description": "The rules of Terra Turrium, an anchor per rule id (/rules#R4)",
    "url": "/rules",
}

RULES_VERSION_HEADER = {
    "description": "The version of the rules of the game the answer is about (Terra Turrium's for "
    "answers about no one game).",
    "required": True,
    "schema": {"type": "string"},
}
REQUEST_ID_HEADER = {
    "description": "The request's id: the `X-Request-ID` the request sent, if it is sane, else a new one.",
    "required": True,
    "schema": {"type": "string", "pattern": f"^{REQUEST_ID_PATTERN}$"},
}
#: The request header every operation takes (and answers with :data:`REQUEST_ID_HEADER`).
REQUEST_ID_PARAMETER = {
    "description": "An id for the request, to find it in the access log and in the answer's "
    "`X-Request-ID`: kept if it is 1–128 letters, digits or `-_.:=+/@`, else replaced by a new one "
    "(never refused).",
    "required": False,
    "schema": {"type": "string"},
    "example": "checkout-7f3a",
}
HEADERS = {
    "X-Rules-Version": {"$ref": "#/components/headers/X-Rules-Version"},
    "X-Request-ID": {"$ref": "#/components/headers/X-Request-ID"},
}


def _problem(description: str, example: dict[str, Any]) -> dict[str, Any]:
    return {
        "description": description,
        "content": {PROBLEM_MEDIA_TYPE: {"schema": ProblemSchema, "example": example}},
    }


def _http_problem(description: str, status: int, detail: str) -> dict[str, Any]:
    """An error answer of HTTP's own, titled as the service titles it."""
    title = HTTP_TITLES[status].text
    return _problem(description, {"type": "about:blank", "title": title, "status": status, "detail": detail})


def _rule_problem(
    description: str, error: type[RuleError], detail: str, rule: str, field: str, **more: Any
) -> dict[str, Any]:
    """A 422 answer for a rule ``error``, typed and titled as the service answers it."""
    kind, title = RULE_PROBLEMS[error]
    example = {
        "type": kind, "title": title.text, "status": 422, "detail": detail, "rule": rule, "field": field
    }
    return _problem(description, {**example, **more})


#: The error answers operations refer to by name (:class:`~service.api.declare.Blueprint`).
ERROR_RESPONSES: Mapping[str, dict[str, Any]] = {
    "InvalidRequest": _problem(
        "The body is not JSON, or breaks the schema (a wrong type, an unknown or missing member, a "
        f"value out of range); for GET, a query parameter does. `errors` names each mistake (at most "
        f"{MAX_PROBLEMS}).",
        {
            "type": INVALID_REQUEST,
            "title": INVALID_REQUEST_TITLE.text,
            "status": 400,
            "detail": "must be between 0 and 5",
            "errors": [{"pointer": "/position/seats/0/attacks", "detail": "must be between 0 and 5"}],
        },
    ),
    "PayloadTooLarge": _http_problem(
        "The body is larger than 64 KiB.", 413, "The body is larger than 64 KiB."
    ),
    "UnsupportedMediaType": _http_problem(
        "The body is not sent as JSON: the Content-Type must be application/json; or it is sent in a "
        "content coding (a `Content-Encoding` other than `identity`): bodies are read only as they are, "
        "and the answer says `Accept-Encoding: identity`.",
        415,
        "The body must be JSON, sent as application/json (not text/plain).",
    ),
    "InvalidPosition": _rule_problem(
        "The position breaks a structural rule; `rule` names it and `field` points at the member.",
        InvalidPositionError, "two turrians stand on c7 (yellow and red)", "S2",
        "/position/seats/1/turrians/0",
    ),
    "InvalidPositionOrQuery": _rule_problem(
        "The position breaks a structural rule, or the question does not fit it (`from` names no piece "
        "of the player to move); `rule` and `field` say which.",
        InvalidQueryError, "no turrian of yellow stands on c7", "S2", "/from",
    ),
    "InvalidPositionOrTurn": _rule_problem(
        "The position breaks a structural rule, or the turn is illegal: then `violation` is the same "
        "object the validation answers, and `field` is `/turn`.",
        IllegalTurnError, "there is no stone on c7", "R2", "/turn",
        violation={"rule": "R2", "phase": "take", "index": 0, "detail": "there is no stone on c7"},
    ),
    "InvalidFight": _rule_problem(
        "The rules forbid the fight as asked: an attacker that may not attack (L3), a kind the edition "
        "does not have or a wrong number of figures (L1), a position the edition does not have (LS1); "
        "`rule` names it and `field` points at the group's member.",
        InvalidQueryError, "a group of graf may not attack", "L3", "/attackers/0/kind",
    ),
    "InvalidPeoples": _rule_problem(
        "Turm und Leute: the choice of peoples breaks L9 (a people named twice); `rule` and `field` say so.",
        InvalidQueryError, "each people plays at most once: 'engel' is named twice", "L9", "/peoples/1",
    ),
    "InvalidLedger": _rule_problem(
        "Turm und Leute: a ledger the rules make impossible (a kind the edition does not have, two groups of "
        "one id, more towers than four) or a choice of peoples they forbid; `rule` and `field` say which.",
        InvalidPositionError, "two groups are called 'a'", "L14", "/ledger/groups/1/id",
    ),
    "InvalidLedgerOrTurn": _rule_problem(
        "Turm und Leute: an impossible ledger, or an illegal turn: then `violation` is the same object the "
        "validation answers, and `field` points at the action.",
        IllegalTurnError, "reiter-1 has used its 2 action(s) this turn", "L15", "/actions/2",
        violation={"rule": "L15", "index": 2, "detail": "reiter-1 has used its 2 action(s) this turn"},
    ),
    "InvalidMap": _rule_problem(
        "Stahl und Sterne: a map the rules make impossible (two tiles on a field, a sector over its "
        "number, a tower outside its sector, two worlds on one field of the solar system); `rule` and "
        "`field` say which.",
        InvalidPositionError, "techno:0:0 holds one tile or one fluid: there are two", "LS15",
        "/map/groups/1/field",
    ),
    "InvalidMapOrQuery": _rule_problem(
        "Stahl und Sterne: an impossible map, or a question that does not fit it (a group that is not on the "
        "map, a field without a group, a planet set where the rules forbid); `rule` and `field` say which.",
        InvalidQueryError, "the imperator have no group 'x' on the map", "L14", "/group",
    ),
    "Overloaded": {
        **_http_problem(
            "The instance is answering as many suggestions, replays, batches and pictures as it can: try "
            "again after `Retry-After` seconds (behind the project's nginx, another instance is tried "
            "first). Served by gunicorn directly, also when the worker is reading as many request bodies "
            "as it may.",
            503,
            BUSY.text.format(seconds=RETRY_AFTER),
        ),
        "headers": {"Retry-After": {"description": "Seconds to wait before trying again.",
                                    "schema": {"type": "integer", "minimum": 1}}},
    },
    "SlowBody": {
        **_http_problem(
            "Served by gunicorn directly: the body did not arrive whole within the deadline "
            f"(`ORACLE_BODY_TIMEOUT`, {BODY_TIMEOUT:g} s by default); the connection is closed after it.",
            408,
            LATE.text.format(seconds=f"{BODY_TIMEOUT:g}"),
        ),
    },
    "BodiesFull": {
        **_http_problem(
            "Served by gunicorn directly: the worker is reading as many request bodies as it may (half "
            "of its connections); try again after `Retry-After` seconds. The body is read for 0.1 s at "
            "most, and the connection is closed after it.",
            503,
            FULL.text.format(seconds=BODIES_RETRY_AFTER),
        ),
        "headers": {"Retry-After": {"description": "Seconds to wait before trying again.",
                                    "schema": {"type": "integer", "minimum": 1}}},
    },
    "InternalError": _http_problem(
        "The service failed; the error is logged. This is a bug.",
        500,
        "The service failed to answer; the error has been logged.",
    ),
}


#: The value null and nothing else, in OpenAPI 3.0's terms (a `type` for `nullable`).
NULL = {"type": "object", "nullable": True, "enum": [None], "description": "null"}


class _Converter(OpenAPIConverter):
    """The service's own fields and unions; schema docstrings become descriptions."""

    def init_attribute_functions(self) -> None:
        super().init_attribute_functions()  # type: ignore[no-untyped-call]
        self.attribute_functions.extend([self._union, self._alternatives])

    def field2default(self, field: Any, **kwargs: Any) -> dict[str, Any]:
        # A member's default is said in its description, as the contract always has.
        if isinstance(field, schema_fields.Worded):
            return {}
        found: dict[str, Any] = super().field2default(field, **kwargs)
        return found

    def field2property(self, field: Any) -> dict[str, Any]:
        ref = getattr(field, "ref", None)
        if ref is not None:  # a member that is a component of its own
            return {"$ref": f"#/components/schemas/{ref}"}
        found: dict[str, Any] = super().field2property(field)
        return found

    def _union(self, field: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(field, schema_shapes.OneOf):
            return {}
        discriminator = field.tag
        refs = {value: self.resolve_nested_schema(schema) for value, schema in field.variants.items()}  # type: ignore[no-untyped-call]
        union = {
            "oneOf": list({ref["$ref"]: ref for ref in refs.values()}.values()),
            "discriminator": {
                "propertyName": discriminator,
                "mapping": {value: ref["$ref"] for value, ref in refs.items()},
            },
        }
        if not field.allow_none:
            return union
        # null is an alternative to the union, which is a named schema: `nullable` beside
        # `oneOf` would admit null only for every variant to refuse it, and a discriminator
        # cannot select a null variant among its own.
        kwargs["ret"].pop("nullable", None)
        if field.component is None:
            raise ValueError("a union that admits null needs a component name")
        if field.component not in self.spec.components.schemas:
            description = field.metadata.get("description", "")
            self.spec.components.schema(field.component, {"description": description, **union})
        return {"anyOf": [{"$ref": f"#/components/schemas/{field.component}"}, NULL]}

    def _alternatives(self, field: Any, **kwargs: Any) -> dict[str, Any]:
        if not isinstance(field, EitherMember):
            return {}
        return {"oneOf": [self.resolve_nested_schema(v) for v in field.variants]}  # type: ignore[no-untyped-call]

    def schema2jsonschema(self, schema: Any) -> dict[str, Any]:
        cls = resolve_schema_cls(schema)
        if isinstance(cls, type) and (
            issubclass(cls, schema_shapes.Alternatives)
            or (issubclass(cls, Query) and getattr(cls, "variants", None))
        ):
            body: dict[str, Any] = {"oneOf": [self.resolve_nested_schema(v) for v in cls.variants]}  # type: ignore[no-untyped-call, union-attr]
        else:
            body = super().schema2jsonschema(schema)  # type: ignore[no-untyped-call]
        doc = cls.__doc__ if isinstance(cls, type) else None
        if doc:
            body = {"description": " ".join(doc.split()), **body}
        return body


class _SchemaPlugin(MarshmallowPlugin):
    Converter = _Converter


def _parameter_example(schema: Mapping[str, Any]) -> Any:
    """A value a query parameter takes: its own example, its default, its first allowed
    value, its least, or ``false``."""
    for key in ("example", "default"):
        if key in schema:
            return schema[key]
    if schema.get("enum"):
        return schema["enum"][0]
    if schema.get("type") == "boolean":
        return False
    if schema.get("type") == "string":
        # No value can be made up for a free or patterned string: its field states one.
        raise ValueError(f"a string query parameter needs an example: {schema}")
    return schema.get("minimum", 0)


class _OperationPlugin(BasePlugin):
    """What every operation has: an ``operationId`` (the view's name), the rules header
    on every answer, the optional ``X-Request-ID`` request header, an example for each
    query parameter, and the request examples its game supplies."""

    def __init__(self, examples: Callable[[], Mapping[str, Any]]) -> None:
        self.examples = examples

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        rule = kwargs.get("rule")
        if rule is None or operations is None:
            return
        name = rule.endpoint.rsplit(".", 1)[-1]
        for method, operation in operations.items():
            if method == "post":
                responses = operation.setdefault("responses", {})
                # Every body is read against a deadline, a bounded number at once (service/bodies.py).
                responses[408] = "SlowBody"
                # A heavy operation is answered by a worker's helper, or refused.
                responses[503] = "Overloaded" if path in HEAVY else "BodiesFull"
                operation["responses"] = dict(sorted(responses.items(), key=lambda item: int(item[0])))
            operation["responses"] = {
                status: {**response, "headers": HEADERS} if isinstance(response, dict) else response
                for status, response in operation.get("responses", {}).items()
            }
            parameters = operation.setdefault("parameters", [])
            for parameter in parameters:
                if (
                    isinstance(parameter, dict) and parameter.get("in") == "query"
                    and "example" not in parameter
                ):
                    parameter["example"] = _parameter_example(parameter.get("schema", {}))
            parameters.append("X-Request-ID")  # the component, resolved to a $ref by apispec
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            examples = self.examples()
            if body is not None and name in examples:
                body["examples"] = examples[name]
            order = (
                "summary", "description", "operationId", "tags", "parameters", "requestBody", "responses"
            )
            operation["operationId"] = name
            operations[method] = {k: operation[k] for k in order if k in operation} | operation


class Api(SmorestApi):
    """flask-smorest's extension with the service's document and error answers.

    ``examples`` gives every operation's request examples, by operation id.
    """

    ERROR_SCHEMA = ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = None

    def __init__(self, app: Flask, examples: Callable[[], Mapping[str, Any]]) -> None:
        app.config.update(
            API_TITLE=TITLE,
            API_VERSION=service.__version__,
            OPENAPI_VERSION=OPENAPI_VERSION,
            OPENAPI_URL_PREFIX=None,  # the service serves its own document and pages
        )
        super().__init__(
            app,
            spec_kwargs={
                "marshmallow_plugin": _SchemaPlugin(),
                "extra_plugins": [_OperationPlugin(examples)],
                "info": {"description": DESCRIPTION, "license": {"name": LICENSE["name"]}},
                "externalDocs": EXTERNAL_DOCS,
                "servers": SERVERS,
                "security": [],
            },
        )

    def _register_error_handlers(self) -> None:
        """Errors are answered by :mod:`service.api.errors`, for every route alike."""

    def _register_responses(self) -> None:
        self.spec.components.header("X-Rules-Version", RULES_VERSION_HEADER)
        self.spec.components.header("X-Request-ID", REQUEST_ID_HEADER)
        self.spec.components.parameter("X-Request-ID", "header", REQUEST_ID_PARAMETER)
        for name, response in ERROR_RESPONSES.items():
            self.spec.components.response(
                name, {**response, "headers": {**HEADERS, **response.get("headers", {})}}
            )

    def _register_etag_headers(self) -> None:
        """No operation uses ETags."""

    def _register_pagination_header(self) -> None:
        """No operation pages its answers."""

    def components(self, schemas: Mapping[str, Any]) -> None:
        """Named schemas a game's members refer to (a field's ``ref``):
        marshmallow schemas, or JSON Schema written by hand (a union, a pattern)."""
        for name, schema in schemas.items():
            if isinstance(schema, dict):
                self.spec.components.schema(name, schema)
            else:
                self.spec.components.schema(name, schema=schema)


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
TOP_LEVEL = ("openapi", "info", "externalDocs", "servers", "security", "tags", "paths", "components")


def document(app: Flask) -> dict[str, Any]:
    """The document of ``app`` as a dict, top-level members in :data:`TOP_LEVEL` order."""
    api: Api = app.extensions["oracle.api"]
    built = api.spec.to_dict()
    ordered = {key: built[key] for key in TOP_LEVEL if key in built}
    ordered.update(built)
    return ordered


def spec_yaml(app: Flask) -> str:
    """The YAML text of ``app``'s document, built on first use."""
    text: str | None = app.extensions.get("openapi.yaml")
    if text is None:
        text = yaml.dump(document(app), Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
        app.extensions["openapi.yaml"] = text
    return text
