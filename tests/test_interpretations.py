"""The readings (docs/interpretations.md): every mark of the three rules documents is on
the page, each says what it reads, and every answer whose rule is marked names it.

The marks are read from the documents here, independently of the engines' tables, so a
mark added to a document fails these tests until `make spec` has written the tables and
the engines' answers name it.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import replace

import pytest

from service.api.errors import problem_of
from service.api.rulebooks import RULEBOOKS
from service.common import IllegalTurnError, InvalidPositionError, InvalidQueryError
from service.spiel_der_tuerme import apply_turn, random_game, setup_position
from service.spiel_der_tuerme.actions import Violation as SdtViolation
from service.spiel_der_tuerme.wire.codec import event_to_dict as sdt_event_to_dict
from service.spiel_der_tuerme.wire.codec import violation_to_dict as sdt_violation_to_dict
from service.terra_turrium import OPTIONS, OutsideRule, Reason, Rules, is_outside, parse_square
from service.terra_turrium import setup_position as tt_setup_position
from service.terra_turrium.actions import Event, EventType, Violation, with_interpretations
from service.terra_turrium.position import option_values
from service.terra_turrium.wire.codec import violation_to_dict
from service.terra_turrium.wire.schemas import EVENTS
from tests.documents import ROOT
from tools.readings import GAMES, MARK, find_marks, outputs, table

BY_NAME = {game.name: game for game in GAMES}


def marks_of(name):
    return find_marks((ROOT / BY_NAME[name].source).read_text(encoding="utf-8"))


def readings_of(name):
    """Rule id → the readings, as the game's document marks them."""
    return table(marks_of(name))


def engine_rules(package, pattern):
    """Every rule id written in an engine's code: the ids its refusals and problems cite."""
    found = set()
    for path in sorted((ROOT / "service" / package).glob("*.py")):
        found.update(re.findall(rf'"({pattern})"', path.read_text(encoding="utf-8")))
    return sorted(found)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_the_interpretations_page_lists_every_mark_of_the_rules_documents(client, game):
    text = (ROOT / game.source).read_text(encoding="utf-8")
    marks = find_marks(text)
    # Every bold mark, with an id or without, is found, and their ids are distinct.
    assert len(marks) == len(re.findall(r"\*\*\[interpretation", text)) == len(MARK.findall(text))
    assert len({m.id for m in marks}) == len(marks)
    listing = client.get("/rules/interpretations").get_data(as_text=True)
    rules_page = client.get(f"/rules/{game.name}").get_data(as_text=True)
    url = RULEBOOKS[game.name].url
    for mark in marks:
        # The page has the reading under its id, linked to its rule ...
        assert (
            f'<li><a id="{mark.id}"></a><strong><a href="{url}#{mark.rule}">{mark.id}</a>' in listing
        ), mark.id
        # ... and the rules page's mark is an anchor that links back to it.
        assert f'id="i-{mark.id}"><a href="/rules/interpretations#{mark.id}">' in rules_page, mark.id


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.name)
def test_every_mark_has_its_own_id_and_says_what_it_reads_the_other_reading_and_why(game):
    text = (ROOT / game.source).read_text(encoding="utf-8")
    found = MARK.findall(text)
    # Every mark is written with its id, so that the id a refusal names is the one the
    # document shows: none is left to take an id from its place.
    assert found and all(ident for ident, _ in found), [title for ident, title in found if not ident]
    for mark in marks_of(game.name):
        assert re.search(r"\*Reads:\*.+\*Other readings?:\*.+\*Why:\*", mark.text), mark.id
        # A conflict names both passages: the one it reads and the one against it.
        if "*Conflict" in mark.text:
            reads = mark.text[mark.text.index("*Reads:*") : mark.text.index("*Other reading")]
            assert re.search(r"\bagainst\b", reads), mark.id


def test_the_list_and_the_engines_tables_are_what_make_spec_writes():
    for path, text in outputs(ROOT).items():
        assert (ROOT / path).read_text(encoding="utf-8") == text, f"{path} is stale: run `make spec`"


def test_a_mark_without_an_id_takes_its_rules_id():
    text = (
        '- <a id="L9"></a>**L9 A rule.** **[interpretation]** One. **Decision** not this.\n'
        "  **[interpretation]** Two,\n  on two lines.\n\nA paragraph.\n"
    )
    assert [(m.id, m.rule, m.text) for m in find_marks(text)] == [
        ("L9", "L9", "One."), ("L9b", "L9", "Two, on two lines.")
    ]
    titled = '- <a id="L9"></a>**L9 A rule.**\n- **[interpretation] Who (L6, L7).** Reads so.\n'
    assert [(m.id, m.rule, m.text) for m in find_marks(titled)] == [("L6", "L6", "Who (L6, L7). Reads so.")]


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("reason", list(Reason), ids=lambda r: r.name)
def test_every_terra_turrium_refusal_names_the_readings_of_its_rule(reason):
    expected = readings_of("terra-turrium").get(reason.rule, ())
    answer = violation_to_dict(Violation(reason, None, 0, "why"))
    assert answer.get("interpretations", []) == list(expected)
    violation = Violation(reason, None, 0, "why")
    problem = problem_of(IllegalTurnError(violation, reason.rule, "why"))
    assert problem.get("interpretations", []) == list(expected)
    assert problem["violation"].get("interpretations", []) == list(expected)


@pytest.mark.parametrize(
    ("game", "package", "pattern"),
    [
        ("terra-turrium", "terra_turrium", r"[BSTRPMGV][0-9]"),
        ("spiel-der-tuerme", "spiel_der_tuerme", r"T[BNMESV][0-9]"),
        ("turm-und-leute", "turm_und_leute", r"LS?[0-9]"),
    ],
)
def test_every_problem_names_the_readings_of_its_rule(game, package, pattern):
    readings = readings_of(game)
    rules = engine_rules(package, pattern)
    assert rules
    for rule in rules:
        for error in (InvalidPositionError(rule, "why", "/x"), InvalidQueryError(rule, "why", "/x")):
            assert problem_of(error).get("interpretations", []) == list(readings.get(rule, ())), rule


def test_every_spiel_der_tuerme_violation_names_the_readings_of_its_rule():
    readings = readings_of("spiel-der-tuerme")
    for rule in engine_rules("spiel_der_tuerme", r"T[BNMESV][0-9]"):
        answer = sdt_violation_to_dict(SdtViolation(rule, 0, "why"))
        assert answer.get("interpretations", []) == list(readings.get(rule, ())), rule


# --------------------------------------------------------------------------- events


def option_rules():
    """Rule id → the options (name, value) that make it apply, from the options table of
    docs/rules.md: a rule no option lists always applies."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    applies: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells[0].strip("`") not in {option.name for option in OPTIONS}:
                continue
            for rule in re.findall(r"\[([A-Z][0-9]+)\]", cells[3]):
                applies.setdefault(rule, []).append(cells[0].strip("`"))
    return applies


def every_rules():
    values = [option_values(option) for option in OPTIONS]
    for combo in itertools.product(*values):
        yield Rules(**{option.name: value for option, value in zip(OPTIONS, combo, strict=True)})


@pytest.mark.parametrize("type_", list(EventType), ids=lambda t: t.value)
def test_every_terra_turrium_event_names_the_readings_of_the_rules_it_rules_on(type_):
    """The rules an event's schema cites (`"The seat finished (G3, G4)."`) that rest on a
    reading are named whenever the options make the rule apply (the options table)."""
    readings = readings_of("terra-turrium")
    cited = re.findall(r"\b([A-Z][0-9]+)\b", EVENTS[type_.value].__doc__)
    applies = option_rules()
    defaults = Rules()
    for rules in every_rules():
        (event,) = with_interpretations([Event(type_, "yellow")], rules)
        for rule in cited:
            options = applies.get(rule)
            if options is not None and all(getattr(rules, o) == getattr(defaults, o) for o in options):
                continue
            for reading in readings.get(rule, ()):
                assert reading in event.interpretations, (type_, rule, rules)


@pytest.mark.parametrize("seed", range(6))
def test_a_spiel_der_tuerme_game_over_names_the_readings_of_its_end(seed):
    readings = readings_of("spiel-der-tuerme")
    rule = {"quarter": "TE1", "streets_empty": "TE2", "stuck": "TE3"}
    players = 2 + seed % 3
    game = random_game(setup_position(players, seed=seed), random.Random(seed))
    assert game.final.is_over
    _, events = apply_turn(game.positions[-2], game.turns[-1])  # the turn that ended it
    answer = sdt_event_to_dict(events[-1])
    assert answer["type"] == "game_over"
    for reading in readings.get(rule[answer["reason"]], ()):
        assert reading in answer["interpretations"]
    if len(answer["winners"]) > 1:
        assert all(r in answer["interpretations"] for r in readings.get("TS3", ()))


def test_r6_the_pictures_square_is_inside_by_the_line_and_outside_by_the_path():
    """The picture under R6 (docs/rules.md): a2 and b2 empty, every other square a stone."""
    position = tt_setup_position(4)
    heights = list(position.heights)
    for name in ("a2", "b2"):
        heights[parse_square(name)] = 0
    line = replace(position, heights=tuple(heights))
    path = replace(line, rules=replace(line.rules, outside_rule=OutsideRule.PATH))
    assert not is_outside(line, parse_square("b3")) and is_outside(path, parse_square("b3"))


@pytest.mark.parametrize("language", ["de", "nl", "fr"])
def test_a_translated_reading_ends_where_its_decision_begins(language):
    """A reading's text in a translated list stops at the next decision or option, as the
    English one does, whatever the language calls them."""
    listed = (ROOT / "docs" / language / "interpretations.md").read_text(encoding="utf-8")
    for label in ("**Decision", "**Entscheidung", "**Beslissing", "**Décision", "**Option", "**Optie"):
        assert label not in listed, label
