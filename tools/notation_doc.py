"""The parts of docs/notation.md made from the schema of a seat and the options.

A seat section's fields are a seat's members (``SeatInput``) and the rule flags the options'
values (``OPTIONS``): so the document's grammar of a seat, its table of fields and its
list of flags are written from them by ``make spec`` (between ``<!-- made: NAME -->`` and
``<!-- end: NAME -->``, and in the options table's ``rules=FLAGS`` row), and a test fails
while the committed document differs.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Final

from service.common.schema import Choice, Integer, List
from service.terra_turrium.notation import RULE_FLAGS, SEAT_FIELDS, SeatField, Syntax, seat_grammar
from service.terra_turrium.position import OPTIONS, option_flags, option_values
from service.terra_turrium.wire.schemas import SeatId

ROOT = Path(__file__).resolve().parents[1]
DOCUMENT = ROOT / "docs" / "notation.md"


def _rule_name(field: SeatField) -> str:
    """A field's rule in the grammar: a list of squares is ``squares``, a seat id ``id``."""
    kind = field.field
    if isinstance(kind, SeatId):
        return "id"
    if isinstance(kind, List) and not isinstance(kind.inner, Choice):
        return "squares"
    return field.name.replace("_", "-")


def _number_rule(high: int) -> str:
    if high < 10:
        return f"%x30-{0x30 + high:x}"
    digits = len(str(high)) - 1
    return (
        f'"0" / %x31-39 0*{digits}DIGIT'
        if str(high) == "9" * (digits + 1)
        else f'"0" / %x31-39 *{digits}DIGIT'
    )


ABNF: Final = Syntax('":"', " ".join, lambda x: f"[{x}]", lambda a, b: f"({a} / {b})")


def grammar() -> str:
    """The grammar of a seat section and of its counts, and the rule flags."""
    rules = {f.name: _rule_name(f) for f in SEAT_FIELDS}
    seat = seat_grammar(ABNF, lambda f: rules[f.name])
    lines = [f"{'seat':<10} = {seat}", f"{'':13}; {' : '.join(f.name for f in SEAT_FIELDS)}"]
    for seat_field in SEAT_FIELDS:
        kind = seat_field.field
        if isinstance(kind, Integer) and kind.high is not None:
            rule = f"{_rule_name(seat_field):<10} = {_number_rule(kind.high)}"
            lines.append(f"{rule:<55}; {kind.low}-{kind.high}")
    lines.append(f"{'flag':<10} = " + " / ".join(f'"{flag}"' for flag in RULE_FLAGS))
    return "```abnf\n" + "\n".join(lines) + "\n```"


def _form(field: SeatField) -> str:
    kind = field.field
    doc = re.sub(r"\s*Default [^.]*\.$", "", kind.metadata.get("description", "")).rstrip(".")
    if isinstance(kind, Integer):
        return f"{kind.low}–{kind.high}: {doc[0].lower()}{doc[1:]}"
    if isinstance(kind, List) and isinstance(kind.inner, Choice):
        choices = ", ".join(f"`{v}`" for v in kind.inner.by_value_map)
        return f"{choices}, separated by commas: {doc[0].lower()}{doc[1:]}"
    if isinstance(kind, List):
        return f"squares separated by commas: {doc[0].lower()}{doc[1:]}"
    return doc[0].lower() + doc[1:]


def _default(field: SeatField) -> str:
    if field.default is None:
        return "— (required)"
    return f"`{field.default}`" if field.default else "none"


def seat_table() -> str:
    """The fields of a seat section, in order, with their form and default."""
    rows = ["| field | form | default |", "|---|---|---|"]
    for field in SEAT_FIELDS:
        rows.append(f"| `{field.name}` | {_form(field)} | {_default(field)} |")
    return (
        f"`{':'.join(f.name for f in SEAT_FIELDS)}`, one section per seat in clockwise turn order (S1).\n\n"
        + ("\n".join(rows))
    )


def flags() -> str:
    """The ``rules=`` row of the options table: every flag, and the defaults it leaves out."""
    by_flag = option_flags()
    rules = {option.name: option.metadata["rule"] for option in OPTIONS}
    named = ", ".join(
        f"`{flag}` (`{name}` {_value(value)}, {rules[name]})"
        for flag in RULE_FLAGS
        for name, value in [by_flag[flag]]
    )
    defaults = ", ".join(f"`{option.name}` {_value(option_values(option)[0])}" for option in OPTIONS)
    return f"| `rules=FLAGS` | `rules`: {named}; written in that order, read in any | {defaults} |"


def _value(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(getattr(value, "value", value))


PARTS = {"seat-grammar": grammar, "seat-fields": seat_table}


def _between(made: str, markers: re.Match[str]) -> str:
    return f"{markers.group(1)}{made}\n{markers.group(2)}"


def written(text: str) -> str:
    """``text`` (the document) with every part made afresh: each between its markers, and
    the flags' row of the options table (a comment would end the table) in its place."""
    for name, make in PARTS.items():
        pattern = re.compile(rf"(<!-- made: {name} -->\n)(?:.*?\n)?(<!-- end: {name} -->)", re.S)
        assert pattern.search(text), f"docs/notation.md has no part {name}"
        text = pattern.sub(partial(_between, make()), text)
    row = re.compile(r"^\| `rules=FLAGS` \|.*$", re.M)
    assert row.search(text), "docs/notation.md has no row for rules=FLAGS"
    return row.sub(lambda _: flags(), text)


def write(path: Path = DOCUMENT) -> None:
    path.write_text(written(path.read_text(encoding="utf-8")), encoding="utf-8")
