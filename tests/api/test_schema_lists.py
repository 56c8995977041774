"""The one-pass loading of plain lists (schemas.List) changes nothing but the speed: on any
value, a field loads the same result or refuses with the same messages as marshmallow's
element-by-element loading."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.api.schemas import List, PositionSchema, SeatSchema, SegmentSchema, TurnSchema, TurnStateSchema

FIELDS = {
    "heights": PositionSchema().fields["heights"],
    "finishers": PositionSchema().fields["finishers"],
    "territories": SeatSchema().fields["territories"],
    "turrians": SeatSchema().fields["turrians"],
    "pro_hold": SeatSchema().fields["pro_hold"],
    "taken": TurnStateSchema().fields["taken"],
    "take": TurnSchema().fields["take"],
    "path": SegmentSchema().fields["path"],
}

scalars = st.one_of(
    st.integers(-3, 12),
    st.integers(min_value=2**63),
    st.booleans(),
    st.none(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["a1", "j10", "e5", "k1", "a0", "a1\n", "A1", "NW", "SE", "north", "yellow", "Red", ""]),
    st.text(max_size=4),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=11), max_leaves=120)
rows = st.lists(
    st.lists(st.one_of(st.integers(0, 9), scalars), min_size=9, max_size=11), min_size=9, max_size=11
)


def _ordinary(field: Any) -> Any:
    """A copy of ``field`` that always loads element by element."""
    plain = copy.deepcopy(field)
    for f in (plain, getattr(plain, "inner", None)):
        if isinstance(f, List):
            f._plain = None
    return plain


def _load(field: Any, value: Any) -> tuple[str, Any]:
    try:
        return "ok", field.deserialize(value)
    except ValidationError as exc:
        return "error", exc.messages


@pytest.mark.parametrize("name", sorted(FIELDS))
@given(value=st.one_of(values, rows))
def test_loading_is_unchanged(name, value):
    field = FIELDS[name]
    assert _load(field, value) == _load(_ordinary(field), value)


def test_valid_lists_take_the_one_pass_path():
    heights = FIELDS["heights"]
    value = [[1] * 10 for _ in range(10)]
    assert heights.deserialize(value) is value
    assert heights._plain is not None and FIELDS["turrians"]._plain is not None
