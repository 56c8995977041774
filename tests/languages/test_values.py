"""Every value a person reads inside a sentence is written in the reader's language: a
seat's colour, a phase, a resource, a building, a kind of unit, an action, a site
(service.common.language.VALUE_KINDS); a seat id that is no colour of the games, a square,
a rule id and an echo of the input stay as they are.

The check runs over every message the code marks (the template `make messages`
extracts), each written with values of the games into its placeholders, in German, Dutch
and French: no English name of a value may be left in the sentence
(tests/languages/english.py).
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from service.common.language import LANGUAGES, LOCALE_DIR, VALUE_KINDS, value_word
from service.common.refusal import N_, Message, Text
from tests.languages.english import english_left

TRANSLATED = [language for language in LANGUAGES if language != "en"]
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: A value of each kind, as the engines hand it to a sentence: an enum's value, a list of
#: them, a counted one.
SAMPLES = {
    "seat": ("yellow", "red, blue"),
    "side": ("engel",),
    "unit": ("zwerge", "pikeniere, bogenschuetzen"),
    "phase": ("take", "place", "move"),
    "resource": ("wood", "4 wood", "2 gold"),
    "building": ("farm", "catapult"),
    "project": ("quarry", "castle_part"),
    "site": ("forest", "field"),
    "position": ("wall", "small_tower"),
    "territory": ("NE", "SW, SE"),
    "action": ("move", "attack", "work"),
}


@cache
def messages() -> list[Message]:
    """Every marked message of the code, as extracted into the template."""
    with (LOCALE_DIR / "messages.pot").open("rb") as file:
        template = read_po(file)
    found = []
    for entry in template:
        if not entry.id:
            continue
        if isinstance(entry.id, str):
            found.append(Message(entry.id))
            continue
        singular, plural = entry.id[0], entry.id[1]
        numbers = [n for n in PLACEHOLDER.findall(singular + plural) if n not in VALUE_KINDS]
        found.append(Message(singular, plural, numbers[0]))
    return found


def cases(message: Message) -> list[dict[str, object]]:
    """The message's values, one case per sample of each kind of value it writes."""
    names = sorted(set(PLACEHOLDER.findall(message.text + (message.plural or ""))))
    kinds = {name: VALUE_KINDS[name][0] for name in names if name in VALUE_KINDS}
    widest = max((len(SAMPLES[kind]) for kind in kinds.values()), default=1)
    return [
        {name: SAMPLES[kinds[name]][i % len(SAMPLES[kinds[name]])] if name in kinds else 2 for name in names}
        for i in range(widest)
    ]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_sentence_leaves_an_english_name_of_a_value(language):
    """Every message, with every kind of value it writes, in ``language``: no English
    name of a seat's colour, a phase, a resource … is left in it."""
    assert len(messages()) > 300
    left = []
    for message in messages():
        for values in cases(message):
            written = message.format(language, **values)
            if english_left(written, language):
                left.append(f"{message.text!r} → {written!r}")
    assert not left, f"{language}: {len(left)} sentences hold English names:\n" + "\n".join(left[:30])


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_list_of_a_value_is_written_item_by_item_in_the_language(language):
    """``{first} or {last}`` written into a placeholder of actions writes each action in
    the language, and a counted resource keeps its number."""
    listing = N_("{first} or {last}")(first="attack, move", last="work")
    sentence = N_("a group of {kind} may only {what}, not {verb}")(kind="zwerge", what=listing, verb="defend")
    written = sentence.explain(language)
    assert not english_left(written, language), written
    assert value_word(("resource",), "4 wood", language).startswith("4 ")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_seat_id_that_is_no_colour_and_an_echo_stay_as_they_are(language):
    """Only the games' own values are translated: a seat called ``north``, a square, a
    quoted echo of the input are written as the request wrote them; English is the
    value itself."""
    text = N_("{seat_id} is not a seat of the position")(seat_id="north")
    assert "north" in text.explain(language)
    assert N_("{seat} to move")(seat="north").explain(language).count("north") == 1
    assert "yellow" not in N_("{seat} to move")(seat="yellow").explain(language)
    assert N_("{seat} to move")(seat="yellow").explain("en") == "yellow to move"
    assert isinstance(N_("{seat} to move")(seat="yellow"), Text)
