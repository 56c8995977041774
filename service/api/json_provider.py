"""JSON for the HTTP layer: orjson out, the standard library in.

Answers are encoded with orjson: fast, compact, and byte-for-byte the same for the same
request (keys keep the order in which the service builds them). Two kinds of value are
beyond orjson, and a request can bring both: integers outside 64 bits (a height far
beyond the oracle's bound of B5) and strings with unpaired surrogates (``"\\ud800"`` is valid JSON).
Those answers are written by the standard library in the same compact form, escaping
non-ASCII characters.

Requests are decoded by orjson too; a body orjson refuses (an unpaired surrogate,
nesting deeper than it goes, a number beyond a double) is decoded by the standard
library, which reads what orjson cannot and words what is wrong. orjson would read an
integer beyond 64 bits as a float, so a body with a run of 19 digits or more (all such
integers have one) is decoded by the standard library from the start: an integer is
always read as an integer, and judged as one (too large for its member, or against a
rule). Only RFC 8259 JSON is accepted: UTF-8, no ``NaN`` or ``Infinity``, nesting as deep
as the interpreter allows (deeper is an error like any other).

A member given twice in one object is an error too (:class:`DuplicateMember`, with the
member's JSON pointer), not read as its last copy: a proxy or validator that reads the
first copy would see another request than the service answers. orjson keeps the last
copy without a word, so what it read is checked against the text: every member has one
colon in the text, as has every colon inside a string, and orjson writes the members it
kept and the strings' colons back. Fewer colons in that writing than in the text means a
dropped member, and then (as when an escape might hide a colon: ``\\u003a``) the
standard library reads the text again, member by member.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Final

import orjson
from flask import Response, has_request_context
from flask.json.provider import JSONProvider

from service.api import compression
from service.api.compression import compressed
from service.api.language import request_language
from service.common.language import DEFAULT_LANGUAGE, LANGUAGES
from service.common.refusal import N_, Text, localize
from service.common.shapes import token

#: Every byte of a body as ``0`` if it is a digit, else a space: a run of digits as long
#: as an integer beyond 64 bits needs (2**63 has 19 digits) is then a substring search,
#: done in C without a regular expression's per-character matching.
_DIGITS: Final = bytes(ord("0") if chr(i).isdigit() and i < 128 else ord(" ") for i in range(256))
_LONG_RUN: Final = b"0" * 19


NOT_A_JSON_VALUE = N_("{name} is not a JSON value")
NESTED_TOO_DEEPLY = N_("the JSON is nested too deeply")
TOO_MANY_DIGITS = N_("a number has more than {digits} digits")


def _reject_constant(name: str) -> Any:
    raise ValueError(NOT_A_JSON_VALUE(name=name))


class DuplicateMember(ValueError):
    """A member given more than once in an object of the body, at ``pointer`` (RFC 6901)."""

    def __init__(self, pointer: str) -> None:
        super().__init__(f"the member {pointer} is given more than once")
        self.pointer = pointer


class _Twice(dict[str, Any]):
    """An object that had a member more than once: ``twice`` is the first such name."""

    twice = ""


def _unique(found: list[_Twice]) -> Any:
    """An ``object_pairs_hook`` that marks an object with a member twice (a :class:`_Twice`,
    also appended to ``found``)."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        members = dict(pairs)
        if len(members) == len(pairs):
            return members
        marked = _Twice(members)
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                marked.twice = name
                break
            seen.add(name)
        found.append(marked)
        return marked

    return hook


def _first_twice(value: Any, path: str = "") -> str | None:
    """The pointer of the first member given twice in ``value``, in document order."""
    if isinstance(value, dict):
        if isinstance(value, _Twice):
            return f"{path}/{token(value.twice)}"
        items: Any = ((token(name), below) for name, below in value.items())
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return None
    for name, below in items:
        found = _first_twice(below, f"{path}/{name}")
        if found is not None:
            return found
    return None


def _colons(value: Any) -> int:
    """The colons of ``value`` written as JSON: one a member, and those in its strings."""
    try:
        return orjson.dumps(value).count(b":")
    except orjson.JSONEncodeError:
        pass  # nested deeper than orjson writes: counted here, without a second reading
    count, stack = 0, [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            count += len(item) + sum(name.count(":") for name in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            count += item.count(":")
    return count


def _read_strictly(text: str) -> Any:
    """``text`` read by the standard library, refusing a member given twice."""
    found: list[_Twice] = []
    value = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique(found))
    if found:
        raise DuplicateMember(_first_twice(value) or "")
    return value


def _writer(language: str) -> Any:
    def write(value: Any) -> Any:
        if isinstance(value, Text):
            return value.explain(language)
        if isinstance(value, str):
            return str(value)
        if isinstance(value, int):
            return int(value)
        if isinstance(value, dict):
            return dict(value)
        if isinstance(value, list):
            return list(value)
        raise TypeError(f"{type(value).__name__} is not a JSON value")

    return write


_WRITERS: Final = {language: _writer(language) for language in LANGUAGES}


class OrjsonProvider(JSONProvider):
    """Flask's JSON hooks (``app.json``) backed by orjson."""

    mimetype = "application/json"

    def dumpb(self, obj: Any, language: str = DEFAULT_LANGUAGE) -> bytes:
        """``obj`` as compact JSON bytes, its sentences (:class:`~service.common.refusal.Text`)
        written in ``language``."""
        try:
            if language == DEFAULT_LANGUAGE:
                return orjson.dumps(obj)  # a Text is its English string
            # orjson hands only the subclasses of str (a Text), int, dict and list to
            # ``default``: the sentences are rewritten without a walk over the answer.
            return orjson.dumps(obj, default=_WRITERS[language], option=orjson.OPT_PASSTHROUGH_SUBCLASS)
        except TypeError:
            obj = localize(obj, language)
            return json.dumps(obj, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode()

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return self.dumpb(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Decode a JSON text; raises :class:`ValueError` for anything that is not one."""
        data = s.encode("utf-8", "surrogatepass") if isinstance(s, str) else bytes(s)
        if _LONG_RUN not in data.translate(_DIGITS):
            try:
                value = orjson.loads(data)
            except orjson.JSONDecodeError:
                pass  # the standard library says what is wrong, or reads what orjson cannot
            else:
                if b"\\" not in data and data.count(b":") == _colons(value):
                    return value  # no member dropped
        try:
            return _read_strictly(data.decode("utf-8"))
        except RecursionError:
            raise ValueError(NESTED_TOO_DEEPLY()) from None
        except DuplicateMember:
            raise
        except ValueError as exc:
            if isinstance(exc, json.JSONDecodeError | UnicodeDecodeError) or "digits" not in str(exc):
                raise
            # The interpreter's bound on the digits of an integer it converts; its own
            # message names the setting that lifts it, which is no business of a client.
            raise ValueError(TOO_MANY_DIGITS(digits=sys.get_int_max_str_digits())) from None

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """A JSON answer, ending in a newline so that it reads well in a terminal; its
        sentences (a violation's, a batch's problems') in the request's language."""
        obj = self._prepare_response_obj(args, kwargs)
        if not has_request_context():
            return Response(self.dumpb(obj) + b"\n", mimetype=self.mimetype)
        body = self.dumpb(obj, request_language()) + b"\n"
        response = Response(body, mimetype=self.mimetype)
        return compressed(response) if len(body) >= compression.MIN_SIZE else response
