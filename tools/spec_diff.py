"""The structural differences between two OpenAPI documents.

``python -m tools.spec_diff BEFORE AFTER`` compares two copies of ``openapi.yaml`` (a file,
or ``git:<commit>`` for the copy committed there) member by member and prints every
difference, one per line, as a path into the document; it exits 1 if there is any. What
the contract fixes is compared: the operations, their parameters, bodies and answers, the
schemas' members, types, required sets, enums, patterns, bounds, formats, discriminators
and examples. The prose is not: ``description``, ``summary`` and ``title`` may be
reworded without a difference, and the order of a mapping's keys does not count (the
order of a list does: an enum's values, ``oneOf``'s variants, a required set's names).

``--additions`` lets a document grow (the contract's rule: add, never rename): an
operation, a schema, a member, an answer or an example only in AFTER is then no
difference, while one only in BEFORE, or changed, still is.

>>> import copy
>>> before = {"components": {"schemas": {"Seat": {"type": "object", "required": ["id"],
...     "properties": {"id": {"type": "string", "description": "The seat."}}}}}}
>>> after = copy.deepcopy(before)
>>> after["components"]["schemas"]["Seat"]["properties"]["id"] |= {"description": "Its id.", "maxLength": 9}
>>> after["components"]["schemas"]["Seat"]["properties"]["points"] = {"type": "integer"}
>>> differences(before, after)
['/components/schemas/Seat/properties/id/maxLength: added (9)', \
'/components/schemas/Seat/properties/points: added ({"type": "integer"})']
>>> differences(before, after, additions=True)  # a new bound is a change, a new member is not
['/components/schemas/Seat/properties/id/maxLength: added (9)']
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

#: Members of any object of the document that are prose, free to be reworded.
PROSE = frozenset({"description", "summary", "title"})

#: Objects whose members are names the document chose (schemas, properties, paths,
#: answers by status, media types …): one of them more in AFTER is an addition.
OPEN = frozenset({"paths", "schemas", "properties", "responses", "content", "headers", "parameters",
                  "examples", "securitySchemes", "tags", "mapping", "components"})


def _token(key: object) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _walk(before: Any, after: Any, where: str, additions: bool, open_: bool) -> Iterator[str]:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in before:
            if key in PROSE and isinstance(before[key], str):
                continue
            here = f"{where}/{_token(key)}"
            if key not in after:
                yield f"{here}: removed"
            else:
                yield from _walk(before[key], after[key], here, additions, key in OPEN)
        for key in after:
            if key in before or (key in PROSE and isinstance(after[key], str)):
                continue
            here = f"{where}/{_token(key)}"
            if not (additions and (open_ or key in ("example", "examples"))):
                yield f"{here}: added ({_short(after[key])})"
        return
    if isinstance(before, list) and isinstance(after, list):
        if not all(isinstance(x, dict | list) for x in before + after):
            # A list of values (an enum, a required set, an example's items) is one value.
            if before != after:
                yield f"{where}: {_short(before)} became {_short(after)}"
            return
        for index, (old, new) in enumerate(zip(before, after, strict=False)):
            yield from _walk(old, new, f"{where}/{index}", additions, False)
        for index in range(len(after), len(before)):
            yield f"{where}/{index}: removed"
        if not additions:
            for index in range(len(before), len(after)):
                yield f"{where}/{index}: added ({_short(after[index])})"
        return
    if before != after or type(before) is not type(after):
        yield f"{where}: {_short(before)} became {_short(after)}"


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 80 else text[:77] + "..."


def differences(before: Any, after: Any, *, additions: bool = False) -> list[str]:
    """Every structural difference of ``after`` from ``before`` (two parsed documents),
    as ``pointer: what``; prose is ignored, and with ``additions`` so is whatever only
    ``after`` has where a document may grow."""
    return list(_walk(before, after, "", additions, True))


def load(source: str) -> Any:
    """A document from a file, or from ``git:<commit>`` (its committed ``openapi.yaml``)."""
    if source.startswith("git:"):
        text = subprocess.run(
            ["git", "show", f"{source[4:]}:openapi.yaml"], check=True, capture_output=True, text=True
        ).stdout
    else:
        text = Path(source).read_text(encoding="utf-8")
    # libyaml's loader where PyYAML was built with it: the document is some 340 KB, which the
    # pure-Python loader takes seconds to read.
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", help="a file, or git:<commit>")
    parser.add_argument("after", help="a file, or git:<commit>")
    parser.add_argument("--additions", action="store_true", help="let AFTER add operations, schemas, members")
    options = parser.parse_args(argv)
    found = differences(load(options.before), load(options.after), additions=options.additions)
    for line in found:
        print(line)
    print(f"{len(found)} structural difference(s)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
