"""The documents lead somewhere: every link and every ``*.md`` name is a file of the
repository, every anchor exists, every rule id an answer can cite is defined in the
rules, and the rules pages the service serves are rendered from the current documents.
"""

from __future__ import annotations

import re

import pytest

from service.api.rulebooks import RULEBOOKS, Rulebook
from service.terra_turrium import OPTIONS, Reason
from service.terra_turrium.position import option_values
from tests.documents import (
    MARKDOWN,
    ROOT,
    RULES_DOCUMENT,
    anchors,
    broken_links,
    broken_mentions,
    cited_rule_ids,
    literal_rule_ids,
    naming_files,
    relative,
)
from tools.pages import SERVED, render


@pytest.mark.parametrize("path", MARKDOWN, ids=relative)
def test_every_link_leads_to_a_file_and_an_anchor_of_the_repository(path):
    assert [str(p) for p in broken_links(path)] == []


def test_every_md_name_mentioned_is_a_file_of_the_repository():
    found = [str(p) for path in naming_files() for p in broken_mentions(path)]
    assert found == []


def test_the_checks_find_what_leads_nowhere(tmp_path):
    """The two checks above on a document that goes wrong every way they look for."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text('# Rules\n\n- <a id="R4"></a>**R4** One stone.\n')
    page = tmp_path / "docs" / "page.md"
    page.write_text(
        "# Page\n\nSee [the rules](rules.md#R4), [a rule](rules.md#R9), [gone](gone.md), "
        "[here](#page), [nowhere](#nowhere), ![a picture](board.svg), [a site](https://example.org/X.md).\n\n"
        "RULES.md, `../outside/API.md`, docs/rules.md#R4, rules.md#R5 and https://example.org/README.md.\n"
    )
    assert [p.what for p in broken_links(page, tmp_path)] == [
        f"link rules.md#R9: {tmp_path / 'docs/rules.md'} has no anchor #R9",
        "link gone.md: no such file in the repository",
        "link #nowhere: " + f"{tmp_path / 'docs/page.md'} has no anchor #nowhere",
        "link board.svg: no such file in the repository",
    ]
    assert [p.what for p in broken_mentions(page, tmp_path)] == [
        f"rules.md#R9: {tmp_path / 'docs/rules.md'} has no anchor #R9",
        "names gone.md, which is no file of the repository",
        "names RULES.md, which is no file of the repository",
        "names ../outside/API.md, which is no file of the repository",
        f"rules.md#R5: {tmp_path / 'docs/rules.md'} has no anchor #R5",
    ]


def test_every_rule_id_an_answer_can_cite_is_an_anchor_of_the_rules():
    cited = cited_rule_ids()
    defined = anchors(RULES_DOCUMENT)
    missing = {rule: where for rule, where in cited.items() if rule not in defined}
    assert missing == {}, f"docs/rules.md defines no anchor for {missing}"


def test_the_rule_ids_are_collected_from_every_source():
    cited = cited_rule_ids()
    assert {reason.rule for reason in Reason} <= cited.keys()
    literals = literal_rule_ids(ROOT / "service" / "terra_turrium")
    assert {"S1", "S2", "B4", "G2", "G3", "T1", "P1", "M8"} <= literals.keys(), literals
    assert literals["G3"].startswith("service/terra_turrium/check.py:")
    assert {"G1", "G2", "S1", "R6", "B4"} <= cited.keys()


def test_every_rule_stated_has_its_own_anchor():
    """A rule is a list item that starts with its anchor and then its bold id: `- <a
    id="R4"></a>**R4 Foreign territories.**`; no rule id is stated without its anchor."""
    text = RULES_DOCUMENT.read_text(encoding="utf-8")
    stated = re.findall(r"^- (?:<a id=\"([A-Z]+[0-9]+)\"></a>)?\*\*([A-Z]+[0-9]+)\b", text, re.MULTILINE)
    assert len(stated) >= 40
    assert [(anchor, rule) for anchor, rule in stated if anchor != rule] == []
    ids = [rule for _, rule in stated]
    assert len(ids) == len(set(ids))


def test_every_option_of_the_engine_is_in_the_options_table():
    text = RULES_DOCUMENT.read_text(encoding="utf-8")
    rows = {
        cells[0].strip("` "): cells
        for line in text.splitlines()
        if line.startswith("| `")
        for cells in [line.strip("|").split("|")]
    }
    for option in OPTIONS:
        assert option.name in rows, option.name
        _, values, default, rules = rows[option.name]
        names = ["true" if v is True else "false" if v is False else v.value for v in option_values(option)]
        assert all(f"`{name}`" in values for name in names), (option.name, values)
        assert default.strip() == f"`{names[0]}`", (option.name, default)
        for rule in option.metadata["rule"].split(","):
            assert f"[{rule.strip()}](#{rule.strip()})" in rules, (option.name, rule)


@pytest.mark.parametrize("book", RULEBOOKS.values(), ids=lambda book: book.game)
def test_the_rules_pages_are_what_make_spec_writes(book):
    committed = ROOT / "service" / "api" / "pages" / book.page
    expected = render(book, (ROOT / book.source).read_text(encoding="utf-8"))
    stale = f"{relative(committed)} is stale: run `make spec`"
    assert committed.read_text(encoding="utf-8") == expected, stale


def test_a_rules_page_links_only_to_what_the_service_serves():
    book = Rulebook("game", "A game", "docs/game.md")
    page = render(book, "# A game\n\n[Rules](rules.md#R4), [the API](api.md), [here](#a-game).\n")
    assert '<a href="/rules#R4">Rules</a>' in page and '<a href="/docs">the API</a>' in page
    assert '<a href="#a-game">here</a>' in page
    with pytest.raises(ValueError, match="notation.md"):
        render(book, "[notation](notation.md)\n")
    assert set(SERVED) <= {relative(p) for p in MARKDOWN}


@pytest.mark.parametrize(
    ("package", "document", "pattern"),
    [
        ("spiel_der_tuerme", "spiel-der-tuerme.md", r"T[BNMESV][0-9]"),
        ("turm_und_leute", "turm-und-leute.md", r"LS?[0-9]"),
    ],
)
def test_every_rule_id_the_other_engines_write_is_an_anchor_of_their_rules(package, document, pattern):
    """Every rule id written in the engine's code (the ids its answers cite) leads to
    its rule in the game's document, and so on /rules/<game>."""
    written = {}
    for path in sorted((ROOT / "service" / package).glob("*.py")):
        for rule in re.findall(rf'"({pattern})"', path.read_text(encoding="utf-8")):
            written.setdefault(rule, relative(path))
    defined = anchors(ROOT / "docs" / document)
    assert len(written) >= 5
    assert {rule: where for rule, where in written.items() if rule not in defined} == {}
