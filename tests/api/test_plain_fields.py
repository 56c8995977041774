"""marshmallow's own fields speak the catalogs: a plain ``fields.Integer`` with a
``Range``, added to a request as marshmallow's documentation writes it, names its
mistakes in the reader's language like every field of the service's own (no field
needs telling: the catalogs' messages are every field class's defaults)."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from marshmallow import fields, validate

from service import create_app
from service.api.declare import Blueprint
from service.common.queries import Query
from service.common.shapes import (
    MUST_BE_BETWEEN,
    MUST_BE_INTEGER,
    MUST_BE_ONE_OF,
    MUST_BE_STRING,
    MUST_HAVE_FROM_TO,
    MUST_NOT_BE_NULL,
    NOT_A_MEMBER,
    REQUIRED,
)


class ScratchQuery(Query):
    """A request with plain marshmallow fields only."""

    age = fields.Integer(required=True, validate=validate.Range(1, 99))
    name = fields.String(allow_none=False)
    tags = fields.List(fields.String(), validate=validate.Length(1, 3))
    colour = fields.String(validate=validate.OneOf(["red", "blue"]))


@pytest.fixture(scope="module")
def app() -> Flask:
    made = create_app({"TESTING": True})
    scratch = Blueprint("scratch", __name__)

    @scratch.post("/v1/scratch")
    @scratch.arguments(ScratchQuery)
    def echo(query: dict[str, Any]) -> Any:
        return {"age": query["age"]}

    made.extensions["oracle.api"].register_blueprint(scratch)
    return made


@pytest.mark.parametrize("language", ["en", "de", "nl", "fr"])
@pytest.mark.parametrize(
    ("body", "pointer", "message"),
    [
        ({"age": "x"}, "/age", MUST_BE_INTEGER()),
        ({"age": 120}, "/age", MUST_BE_BETWEEN(low=1, high=99)),
        ({}, "/age", REQUIRED()),
        ({"age": 5, "name": 7}, "/name", MUST_BE_STRING()),
        ({"age": 5, "name": None}, "/name", MUST_NOT_BE_NULL()),
        ({"age": 5, "tags": []}, "/tags", MUST_HAVE_FROM_TO(low=1, high=3)),
        ({"age": 5, "colour": "green"}, "/colour", MUST_BE_ONE_OF(allowed="red, blue")),
        ({"age": 5, "size": 3}, "/size", NOT_A_MEMBER()),
    ],
)
def test_a_plain_marshmallow_field_answers_in_the_readers_language(
    app: Flask, language: str, body: Any, pointer: str, message: Any
) -> None:
    answer = app.test_client().post("/v1/scratch", json=body, headers={"Accept-Language": language})
    assert answer.status_code == 400
    assert answer.headers["Content-Language"] == language
    assert answer.get_json()["errors"] == [{"pointer": pointer, "detail": message.explain(language)}]


def test_the_plain_fields_german_is_not_marshmallows_english(app: Flask) -> None:
    answer = app.test_client().post("/v1/scratch", json={"age": "x"}, headers={"Accept-Language": "de"})
    detail = answer.get_json()["errors"][0]["detail"]
    assert detail != "Not a valid integer." and detail != MUST_BE_INTEGER()
