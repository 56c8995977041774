"""The rules document (docs/spiel-der-tuerme.md): every rule id it defines is cited by a
test name, its library example runs, and it names nothing outside the repository."""

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "spiel-der-tuerme.md"
TESTS = Path(__file__).resolve().parent


def rule_ids():
    return re.findall(
        r"^- (?:<a id=\"\w+\"></a>)?\*\*(T[BNMESV]\d)\b", DOC.read_text(encoding="utf-8"), re.MULTILINE
    )


def test_the_document_defines_every_rule_id_once_in_order():
    ids = rule_ids()
    expected = (
        [f"TB{i}" for i in range(1, 6)]
        + [f"TN{i}" for i in range(1, 7)]
        + [f"TM{i}" for i in range(1, 9)]
        + [f"TE{i}" for i in range(1, 6)]
        + [f"TS{i}" for i in range(1, 4)]
        + ["TV1"]
    )
    assert ids == expected


def test_every_rule_id_is_cited_by_the_name_of_a_test():
    names = [
        name
        for path in TESTS.glob("test_*.py")
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE)
    ]
    cited = set(re.findall(r"(?<![a-z0-9])(t[bnmesv]\d)(?![0-9])", " ".join(names)))
    assert [i for i in rule_ids() if i.lower() not in cited] == []


def test_the_library_example_runs():
    text = DOC.read_text(encoding="utf-8")
    (code,) = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(DOC), "exec"), {})
    assert "TM" in out.getvalue() or "TN" in out.getvalue()


def test_the_document_names_nothing_outside_the_repository():
    text = DOC.read_text(encoding="utf-8")
    for forbidden in ("../", "seeds/", "SPIEL-DER-TUERME.md", "RULES.md", "API.md", "/work/", "shared"):
        assert forbidden not in text, forbidden
    for link in re.findall(r"\]\(([^)]+)\)", text):
        assert (DOC.parent / link).exists(), link
