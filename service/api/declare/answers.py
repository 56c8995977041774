"""Answer schemas: they document what a view returns and, with ``CHECK_ANSWERS`` set (the
tests), check it; :class:`OneOf` answers are discriminated unions in the document.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from flask import current_app

from service.api.declare.requests import Closed, instance


class Answer(Closed):
    """An answer. Views build their answers with the engines' codecs; this schema
    documents them and, with ``CHECK_ANSWERS`` set (the tests), checks each one."""

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if current_app.config.get("CHECK_ANSWERS"):
            problems = self.validate(obj)
            if problems:
                raise AssertionError(f"{type(self).__name__} does not describe the answer: {problems}")
        return obj


class OneOf(Answer):
    """An answer that is one of ``variants`` (a ``oneOf`` in the document, in that
    order): the first variant that describes it."""

    variants: ClassVar[Sequence[type[Answer]]] = ()

    def validate(self, data: Any, *, many: bool | None = None, partial: Any = None) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for variant in self.variants:
            found = instance(variant).validate(data)
            if not found:
                return {}
        return found
