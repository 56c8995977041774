"""A request body is read on the quick path made from its schema (``Schema.quick``, of
:mod:`service.common.schema`) when it is well-formed, by marshmallow's whole load
otherwise. The two readings must agree on every body of
every request schema an operation declares (a request of alternatives, such as a replay's,
by each of its ``variants``): the same members (defaults included), or the quick path
steps aside (``None``) and marshmallow answers, or both raise the same rule error.

Bodies are generated from the document's schema of each request (hypothesis-jsonschema,
the usual tool, no longer runs with the Hypothesis the tests use, so :func:`values` reads
the few words openapi.yaml uses), and from the operation's examples with one place
changed: a member removed (its default then applies), given another JSON value, or an
extra member added.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import marshmallow as ma
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app
from service.api.declare import instance
from service.api.examples import examples
from service.api.queries import Query
from service.common import RuleError
from tests.mutations import paths

DOCUMENT = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 300) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
COMPONENTS: dict[str, Any] = DOCUMENT["components"]["schemas"]


@cache
def component(name: str) -> st.SearchStrategy[Any]:
    return st.deferred(lambda: values(COMPONENTS[name]))


def values(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values of an OpenAPI 3.0 schema, for the words openapi.yaml uses; the patterns as
    a regular-expression search reads them (so now and then with a final newline)."""
    if "$ref" in schema:
        found = component(schema["$ref"].rsplit("/", 1)[-1])
    elif "enum" in schema:
        found = st.sampled_from(schema["enum"])
    elif any(word in schema for word in ("oneOf", "anyOf", "allOf")):
        found = st.one_of([values(s) for word in ("oneOf", "anyOf", "allOf") for s in schema.get(word, [])])
    elif schema.get("type") == "string":
        found = st.from_regex(schema["pattern"]) if "pattern" in schema else st.text(max_size=8)
    elif schema.get("type") == "integer":
        found = st.integers(schema.get("minimum", -5), schema.get("maximum", schema.get("minimum", 0) + 300))
    elif schema.get("type") == "boolean":
        found = st.booleans()
    elif schema.get("type") == "array":
        low = schema.get("minItems", 0)
        high = schema.get("maxItems", low + 3)
        found = st.lists(values(schema.get("items", {})), min_size=low, max_size=high)
    elif schema.get("type") == "object":
        required = set(schema.get("required", []))
        members = {name: values(member) for name, member in schema.get("properties", {}).items()}
        found = st.fixed_dictionaries(
            {n: s for n, s in members.items() if n in required},
            optional={n: s for n, s in members.items() if n not in required},
        )
        extra = schema.get("additionalProperties", False)
        if extra is not False:
            more = st.dictionaries(st.text(max_size=6), JSON if extra is True else values(extra), max_size=3)
            found = st.tuples(found, more).map(lambda pair: {**pair[1], **pair[0]})
    else:
        found = JSON
    return found | st.none() if schema.get("nullable") else found


def _declared() -> dict[str, tuple[Query, list[Any]]]:
    """Every request schema of a JSON body that an operation declares, by name, with the
    operation's examples; a request of ``variants`` by each variant, which reads the body."""
    app = create_app({"TESTING": True})
    found: dict[str, tuple[Query, list[Any]]] = {}
    shown = examples()
    for endpoint, view in app.view_functions.items():
        bodies = [example["value"] for example in shown.get(endpoint.rsplit(".", 1)[-1], {}).values()]
        for parameter in getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", []):
            schema = parameter["schema"]
            # A query string never takes the quick path.
            if getattr(schema, "context_location", "json") == "query":
                continue
            variants = getattr(type(schema), "variants", None)
            schemas = [instance(v) for v in variants] if variants else [schema]
            for one in schemas:
                assert isinstance(one, Query)
                either = bool(variants)
                mine = [b for b in bodies if not either or type(schema).choose(b) is type(one)]
                found.setdefault(type(one).__name__, (one, []))[1].extend(mine)
    return found


DECLARED = _declared()


def comparable(value: Any) -> Any:
    """``value`` with exceptions (a batch's shared position keeps its error for the
    requests that use it) compared by kind and content rather than identity."""
    if isinstance(value, BaseException):
        return type(value).__name__, value.args, comparable(vars(value))
    if isinstance(value, dict):
        return {key: comparable(member) for key, member in value.items()}
    if isinstance(value, list | tuple):
        return [comparable(item) for item in value]
    return value


def outcome(read: Any, body: Any) -> tuple[str, Any]:
    try:
        return "value", comparable(read(copy.deepcopy(body)))
    except RuleError as exc:
        return "rule", (type(exc).__name__, exc.rule, exc.detail, exc.field, dict(exc.extensions))
    except ma.ValidationError as exc:
        return "invalid", exc.messages


def _quick(schema: Query) -> Any:
    """The quick reading of ``schema``: ``None`` where it steps aside."""

    def read(body: Any) -> Any:
        try:
            return schema.quick(body)
        except (KeyError, TypeError, ValueError):
            return None

    return read


def check_agree(schema: Query, body: Any) -> bool:
    """The quick reading agrees with marshmallow's; True if it read the body itself."""
    quick = outcome(_quick(schema), body)
    if quick == ("value", None):
        return False
    assert quick[0] != "invalid", quick  # the quick path never names problems itself
    assert quick == outcome(lambda b: ma.Schema.load(schema, b), body), body
    return True


@st.composite
def changed(draw: st.DrawFn, bodies: list[Any]) -> Any:
    """An example with one place removed, replaced or given an extra member."""
    body = copy.deepcopy(draw(st.sampled_from(bodies)))
    path = draw(st.sampled_from([p for p in paths(body) if p]))
    parent = body
    for part in path[:-1]:
        parent = parent[part]
    how = draw(st.sampled_from(["remove", "replace", "add"]))
    if how == "remove":
        del parent[path[-1]]
    elif how == "add" and isinstance(parent[path[-1]], dict):
        parent[path[-1]][draw(st.text(max_size=6))] = draw(JSON)
    else:
        parent[path[-1]] = draw(JSON)
    return body


def test_every_body_schema_an_operation_declares_is_compared():
    """Each is a component of the document, and the quick path reads its examples."""
    expected = {"PositionQuery", "ReachQuery", "ApplyQuery", "ReplayTurns", "BatchQuery", "SdtRenderQuery",
                "TulFight", "TulTurn", "TulApplyTurn", "TulGoalQuery"}
    assert expected <= set(DECLARED)
    for name, (schema, bodies) in DECLARED.items():
        assert name in DOCUMENT["components"]["schemas"], name
        assert [body for body in bodies if not check_agree(schema, body)] == [], name


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_the_quick_reading_agrees_with_marshmallow_on_generated_bodies(name):
    schema, bodies = DECLARED[name]
    generated = component(name)
    strategy = generated | changed(bodies) if bodies else generated

    read_quickly = []

    @settings(max_examples=40, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                     HealthCheck.data_too_large])
    @given(strategy)
    def agree(body: Any) -> None:
        read_quickly.append(check_agree(schema, body))

    agree()
    assert any(read_quickly) or not bodies, "the quick path read none of the bodies"
