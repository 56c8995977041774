"""The library speaks every language too: a refusal, a violation and an error name their
message and values, and write their sentence in the language asked for, English unless
told otherwise; every message of every game is written in every language."""

from __future__ import annotations

import re

import pytest

import service.api  # noqa: F401 - every module that marks messages
from service.common import MalformedError
from service.common.language import LANGUAGES, translations
from service.common.refusal import Message, localize, marked
from service.spiel_der_tuerme import Move, move_refusal, parse_square
from service.spiel_der_tuerme.setup import setup_position as sdt_setup
from service.terra_turrium import Reason, parse_position, parse_turn_plan, setup_position, validate_turn
from service.turm_und_leute import Attack, Edition, Side, setup_ledger
from service.turm_und_leute import validate_turn as validate_ledger_turn

TRANSLATED = [language for language in LANGUAGES if language != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def sample(message) -> dict[str, object]:
    """A value for each placeholder of ``message``: 2 for the number, a square name else."""
    names = set(PLACEHOLDER.findall(message.text)) | set(PLACEHOLDER.findall(message.plural or ""))
    return {name: 2 if name == message.count else "c7" for name in names}


def worded(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2}", PLACEHOLDER.sub("", text)))


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_every_game_is_written_in_every_language(language):
    """Every marked message (all three engines and the HTTP layer), with values filled in,
    is a sentence of ``language``: not empty, not the English, and its values all in it."""
    for message in marked():
        values = sample(message)
        english, written = message.format("en", **values), message.format(language, **values)
        assert written, message
        if worded(message.text):
            assert written != english, (language, message.text)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("count", [0, 1, 2, 5, 21])
def test_plural_messages_take_the_form_of_their_number(language, count):
    """A sentence with a number is written in the form the language uses for it (one
    ``Nn_`` message, the catalog's plural forms): never "1 were"."""
    plurals = [m for m in marked() if m.plural is not None]
    assert plurals
    catalog = translations(language)
    for message in plurals:
        values = {**sample(message), message.count: count}
        # The branch the catalog's plural rule chooses, written as a single message (its
        # values in the forms it asks for, as every message writes them).
        chosen = Message(catalog.ngettext(message.text, message.plural, count))
        assert message.format(language, **values) == chosen.format(language, **values)
    assert plurals[0].format("en", **{**sample(plurals[0]), plurals[0].count: 1}) == plurals[0].text.format(
        **{**sample(plurals[0]), plurals[0].count: 1})


@pytest.mark.parametrize("language", TRANSLATED)
def test_terra_turrium_refusals_name_their_rule_and_explain_in_a_language(language):
    for reason in Reason:
        facts = sample(reason.message)
        refusal = reason.refuse(**facts)
        assert refusal.rule == reason.rule
        assert refusal.explain() == reason.explain(**facts) == refusal.explain("en")
        assert refusal.explain(language) == reason.explain(language, **facts)
        assert refusal.explain(language) and refusal.explain(language) != refusal.explain()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_violation_of_each_game_is_written_in_the_language_asked_for(language):
    position = setup_position(4)
    violation = validate_turn(position, parse_turn_plan({"take": ["a1"]}))
    assert violation is not None
    assert violation.explain() == violation.detail
    assert violation.explain(language) != violation.detail and violation.rule == violation.reason.rule

    refusal = move_refusal(sdt_setup(4, seed=7), Move(parse_square("b1"), parse_square("c2")))
    assert refusal is not None and refusal.rule == "TM3"
    assert refusal.explain(language) != refusal.explain() == refusal.text

    ledger = setup_ledger(Edition.TURM_UND_LEUTE, Side.GRAF, opponents=1)
    found = validate_ledger_turn(Edition.TURM_UND_LEUTE, (Side.ENGEL,), ledger, [Attack("graf")])
    assert found is not None and found.rule == "L16"
    assert found.explain(language) != found.explain() == found.detail


@pytest.mark.parametrize("language", TRANSLATED)
def test_an_engines_error_is_written_in_the_language_asked_for(language):
    with pytest.raises(MalformedError) as caught:
        parse_position({"heights": 7})
    assert caught.value.explain() == caught.value.detail
    assert caught.value.explain(language) != caught.value.detail


def test_a_string_that_names_no_message_stays_as_it_is():
    """A text the oracle did not write (an echo of the input) is the same in every language."""
    assert localize({"detail": "b11", "n": [1]}, "de") == {"detail": "b11", "n": [1]}
