"""The structural diff of two OpenAPI documents (tools/spec_diff.py): the guard that a
change of the schema layer leaves the contract as it was."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml

from tools.spec_diff import differences, load, main

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi.yaml"


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """The committed document, read once (as the command reads it: with libyaml's loader
    where PyYAML has it); each test changes a copy."""
    loaded: dict[str, Any] = load(str(DOCUMENT))
    return loaded


def _schemas(doc: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = doc["components"]["schemas"]
    return found


def _reworded(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            key: (
                "Reworded."
                if key in ("description", "summary") and isinstance(item, str)
                else _reworded(item)
            )
            for key, item in reversed(list(value.items()))
        }
    if isinstance(value, list):
        return [_reworded(item) for item in value]
    return value


def test_prose_and_key_order_are_no_difference(document: dict[str, Any]) -> None:
    assert differences(document, _reworded(document)) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda s: s["SdtMove"]["required"].remove("to"), "/components/schemas/SdtMove/required"),
        (
            lambda s: s["SdtMove"]["properties"].pop("to"),
            "/components/schemas/SdtMove/properties/to: removed",
        ),
        (
            lambda s: s["SdtRules"]["properties"]["max_height"].update(maximum=6),
            "/components/schemas/SdtRules/properties/max_height/maximum",
        ),
        (
            lambda s: s["SdtStack"]["properties"]["symbol"]["enum"].reverse(),
            "/components/schemas/SdtStack/properties/symbol/enum",
        ),
        (
            lambda s: s["SdtMove"]["properties"]["to"].update(pattern="^x$"),
            "/components/schemas/SdtMove/properties/to/pattern",
        ),
        (
            lambda s: s["SdtMove"]["properties"]["to"].update(type="integer"),
            "/components/schemas/SdtMove/properties/to/type",
        ),
        (
            lambda s: s["SdtMove"]["properties"].update(extra={"type": "string"}),
            "/components/schemas/SdtMove/properties/extra: added",
        ),
    ],
)
def test_a_structural_change_is_named(document: dict[str, Any], change: Any, expected: str) -> None:
    changed = copy.deepcopy(document)
    change(_schemas(changed))
    found = differences(document, changed)
    assert len(found) == 1 and found[0].startswith(expected), found


def test_additions_may_grow_a_document_but_never_shrink_or_change_it(document: dict[str, Any]) -> None:
    grown = copy.deepcopy(document)
    _schemas(grown)["SdtMove"]["properties"]["via"] = {"type": "string"}
    _schemas(grown)["SdtExtra"] = {"type": "object"}
    assert differences(document, grown, additions=True) == []
    assert len(differences(document, grown)) == 2
    shrunk = copy.deepcopy(document)
    del _schemas(shrunk)["SdtMove"]
    assert differences(document, shrunk, additions=True) == ["/components/schemas/SdtMove: removed"]


def test_examples_are_compared(document: dict[str, Any]) -> None:
    changed = copy.deepcopy(document)
    path = next(p for p in changed["paths"].values() if "post" in p and "requestBody" in p["post"])
    media = path["post"]["requestBody"]["content"]["application/json"]
    media["examples"] = {
        name: {**example, "value": {"changed": True}} for name, example in media["examples"].items()
    }
    assert differences(document, changed)


def test_the_command_exits_1_on_a_difference(
    document: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changed = copy.deepcopy(document)
    del _schemas(changed)["SdtMove"]["required"]
    other = tmp_path / "openapi.yaml"
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    other.write_text(yaml.dump(changed, Dumper=dumper), encoding="utf-8")
    assert main([str(DOCUMENT), str(DOCUMENT)]) == 0
    assert main([str(DOCUMENT), str(other)]) == 1
    assert "/components/schemas/SdtMove/required: removed" in capsys.readouterr().out
