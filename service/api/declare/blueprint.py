"""flask-smorest's blueprint with the service's request reading and the document hooks that
list each operation's error answers and its alternative media types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

import marshmallow as ma
from flask import current_app
from flask_smorest import Blueprint as SmorestBlueprint
from flask_smorest.utils import get_appcontext

from service.api.declare.transport import RequestParser
from service.common.schema import instance

#: A picture's media types and schemas: SVG is text (a client reads it as a string); the
#: same bytes for a client that saves a file (``Accept: application/octet-stream``) are binary.
SVG = "image/svg+xml"
OCTETS = "application/octet-stream"
DRAWING = {"type": "string"}
PICTURE = {"type": "string", "format": "binary"}

class Blueprint(SmorestBlueprint):
    """flask-smorest's blueprint, reading requests with :class:`RequestParser` and
    documenting each operation's error answers from its request schema, so that no view
    lists them."""

    ARGUMENTS_PARSER = RequestParser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.insert(0, self._prepare_alternatives_doc)
        self._prepare_doc_cbks.append(self._prepare_problems_doc)

    def arguments(self, schema: type[ma.Schema], **kwargs: Any) -> Any:
        # One instance per schema for every request: webargs would build one per request.
        return super().arguments(instance(schema), **kwargs)

    def response(self, status_code: int, schema: Any = None, **kwargs: Any) -> Any:
        """flask-smorest's ``response``, which dumps the answer with ``schema`` and
        documents it; with ``CHECK_ANSWERS`` (the tests) the schema also validates what it
        dumped (:func:`_checked`)."""
        if isinstance(schema, type) and issubclass(schema, ma.Schema):
            schema = instance(schema)
        documented = super().response(status_code, schema, **kwargs)
        if isinstance(schema, ma.Schema):
            return _checked(documented, schema)
        return documented

    @staticmethod
    def _prepare_alternatives_doc(
        doc: dict[str, Any], doc_info: dict[str, Any], **kwargs: Any
    ) -> dict[str, Any]:
        """One answer in several media types (``alt_response(..., success=True)``) keeps
        the main description, the alternatives' said after it: flask-smorest merges them
        into one response, the last description winning, which is the alternative's."""
        for declared in doc_info.get("response", {}).get("responses", {}).values():
            described = [r for r in declared if isinstance(r, dict) and "description" in r]
            if len(described) > 1:
                # The decorator written first (the main answer) is the last one applied.
                text = " ".join(r["description"] for r in reversed(described))
                for response in described:
                    response["description"] = text
        return doc

    @staticmethod
    def _prepare_problems_doc(doc: dict[str, Any], doc_info: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        responses = doc.setdefault("responses", {})
        for status in [s for s in responses if isinstance(responses[s], str)]:
            del responses[status]  # flask-smorest's generic error answers; ours follow
        body = doc.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
        query = [
            p["schema"] for p in doc.get("parameters", []) if isinstance(p, dict) and p.get("in") == "query"
        ]
        if body is not None:
            responses.update({400: "InvalidRequest", 413: "PayloadTooLarge", 415: "UnsupportedMediaType"})
        elif query:
            responses[400] = "InvalidRequest"
        for schema in [body, *query]:
            if schema is not None:
                request_schema = schema if isinstance(schema, type) else type(schema)
                responses.update(getattr(request_schema, "problems", {}))
        responses[500] = "InternalError"
        return doc


def _checked(documented: Callable[..., Any], answer: ma.Schema) -> Any:
    """flask-smorest's view, whose dumped answer (which flask-smorest keeps in the
    application context) ``answer`` validates when ``CHECK_ANSWERS`` is set."""

    def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
        wrapper = documented(func)

        @wraps(wrapper)
        def view(*args: Any, **kwargs: Any) -> Any:
            written = wrapper(*args, **kwargs)
            if current_app.config.get("CHECK_ANSWERS"):
                dumped = get_appcontext().get("result_dump")
                problems = answer.validate(dumped) if dumped is not None else {}
                if problems:
                    raise AssertionError(f"{type(answer).__name__} does not describe the answer: {problems}")
            return written

        return view

    return decorator


def negotiate(offers: Sequence[str]) -> str:
    """The media type of ``offers`` the request's ``Accept`` prefers; the first if none."""
    from flask import request

    return request.accept_mimetypes.best_match(offers, default=offers[0]) or offers[0]
