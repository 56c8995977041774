"""Both pictures write their words in the language asked for (English by default):
the panel, the captions and every square's description change, the seats' colours and
the phases included, while rule ids, square names and every attribute a script reads
(the seat ids in ``data-seat``) stay as they are; no English name of a value is left in
any text or title."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET

import pytest

from service.api.terra_turrium.examples import examples
from service.common.language import value_word
from service.render import render_svg as render_terra_turrium
from service.render.spiel_der_tuerme import highlights_for_moves
from service.render.spiel_der_tuerme import render_svg as render_spiel_der_tuerme
from service.render.spiel_der_tuerme_example import example_origin, example_position
from service.spiel_der_tuerme import apply_turn, parse_turn_plan
from service.terra_turrium import parse_position
from tests.languages.english import english_left
from tests.spiel_der_tuerme.builders import ANCHORS, build

SVG = "{http://www.w3.org/2000/svg}"
TRANSLATED = ("de", "nl", "fr")
#: How each language says that a seat is to move, in the panel's headline and flag.
TO_MOVE = {"de": "am Zug", "nl": "aan de beurt", "fr": "de jouer"}
#: The headline's first words: whose turn it is.
HEADLINE = {"de": "{seat} ist am Zug", "nl": "{seat} aan de beurt", "fr": "à {seat} de jouer"}
RULE_ID = re.compile(r"\b(?:T[A-Z]|[A-Z])\d+\b")


def texts(document: str, cls: str | None = None) -> list[str]:
    root = ET.fromstring(document)
    return [
        t.text or ""
        for t in root.iter(f"{SVG}text")
        if cls is None or cls in (t.get("class") or "").split()
    ]


def squares(document: str) -> dict[str, dict[str, str]]:
    """Every square's attributes but its words (its ``<title>``)."""
    root = ET.fromstring(document)
    return {g.get("data-square", ""): dict(g.attrib) for g in root.iter(f"{SVG}g") if g.get("data-square")}


def titles(document: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(document).iter(f"{SVG}title")]


def assert_only_the_words_differ(english: str, written: str, language: str) -> None:
    assert written != english
    assert squares(written) == squares(english)
    seats = [value_word(("seat",), seat, language) for seat in texts(english, "seat-id")]
    assert texts(written, "seat-id") == seats
    english_words = " ".join(texts(english) + titles(english))
    written_words = " ".join(texts(written) + titles(written))
    assert sorted(RULE_ID.findall(written_words)) == sorted(RULE_ID.findall(english_words))
    assert TO_MOVE[language] in written_words and "to move" not in written_words
    # Every square's description is written again, none is left in English.
    english_titles, written_titles = titles(english), titles(written)
    assert len(written_titles) == len(english_titles)
    assert sum(a != b for a, b in zip(english_titles, written_titles, strict=True)) >= 100
    left = [text for text in texts(written) + written_titles if english_left(text, language)]
    assert not left, f"English names of values left: {left[:5]}"


def terra_turrium_midgame():
    return parse_position(copy.deepcopy(examples()["render"]["midgame"]["value"]["position"]))


@pytest.mark.parametrize("language", TRANSLATED)
def test_terra_turrium_picture_is_written_in_the_language_asked_for(language):
    position = terra_turrium_midgame()
    english = render_terra_turrium(position)
    assert render_terra_turrium(position, language="en") == english
    written = render_terra_turrium(position, language=language)
    assert_only_the_words_differ(english, written, language)
    (headline,) = texts(written, "headline")
    seat = value_word(("seat",), position.to_move, language)
    assert headline.startswith(HEADLINE[language].format(seat=seat))
    assert value_word(("phase",), position.turn.phase.value, language) in headline


@pytest.mark.parametrize("language", TRANSLATED)
def test_spiel_der_tuerme_picture_is_written_in_the_language_asked_for(language):
    position = example_position()
    highlights = highlights_for_moves(position, example_origin(position))
    english = render_spiel_der_tuerme(position, highlights)
    assert render_spiel_der_tuerme(position, highlights, language="en") == english
    written = render_spiel_der_tuerme(position, highlights, language=language)
    assert_only_the_words_differ(english, written, language)
    seat = value_word(("seat",), position.to_move.value, language)
    assert texts(written, "headline") == [HEADLINE[language].format(seat=seat)]


@pytest.mark.parametrize("language", TRANSLATED)
def test_tm7_tn4_rule_ids_stay_in_the_translated_panel(language):
    blocked = build({**ANCHORS, "e4": "Ag", "d5": "Ay"}, seats="yrb", to_move="r", blocked=["e4"])
    (line,) = texts(render_spiel_der_tuerme(blocked, language=language), "blocked-squares")
    assert line.startswith("e4") and value_word(("seat",), "red", language) in line and line.endswith("(TN4)")
    assert "not for" not in line and "red" not in line
    position = build({**ANCHORS, "d2": "Dy", "d5": "Ay"}, fill=(8, 7, 4, 3))
    plan = parse_turn_plan({"moves": [{"from": "d2", "to": "c2"}], "end_turn": False})
    after, _ = apply_turn(position, plan)
    (status,) = texts(render_spiel_der_tuerme(after, language=language), "status")
    assert status.startswith("1 ") and status.endswith("(TM7)") and "may move again" not in status


def test_ts1_points_take_the_german_form_of_their_number():
    """Plural forms come from the catalog: "1 Punkt", "2 Punkte"."""
    position = example_position()
    english = texts(render_spiel_der_tuerme(position), "points")
    german = texts(render_spiel_der_tuerme(position, language="de"), "points")
    assert len(german) == len(english) == position.players
    for en, de in zip(english, german, strict=True):
        count = int(en.split()[0])
        assert de == (f"{count} Punkt" if count == 1 else f"{count} Punkte")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("seed", range(3))
def test_no_picture_of_a_random_game_leaves_an_english_name_of_a_value(language, seed):
    """A property over play: the pictures of both games after random legal turns, from
    each phase of a Terra Turrium turn to the end of a Spiel der Türme game, hold no
    English name of a value (a seat's colour, a phase …) in any text or title."""
    import random

    from service.spiel_der_tuerme import random_game
    from service.spiel_der_tuerme.setup import setup_position as spiel_der_tuerme_setup
    from service.terra_turrium import setup_position
    from service.terra_turrium.random_player import random_partway, random_setup, random_turn
    from service.terra_turrium.turn import apply_turn as terra_turrium_turn

    rng = random.Random(seed)
    position = random_setup(setup_position(2 + seed), rng)
    pictures = []
    for turn in range(6):
        pictures.append(render_terra_turrium(random_partway(position, rng, turn % 5), language=language))
        position, _ = terra_turrium_turn(position, random_turn(position, rng))
    game = random_game(spiel_der_tuerme_setup(2 + seed, seed=seed), rng, max_turns=40)
    for shown in (game.positions[len(game.positions) // 2], game.final):
        pictures.append(render_spiel_der_tuerme(shown, language=language))
    for picture in pictures:
        left = [text for text in texts(picture) + titles(picture) if english_left(text, language)]
        assert not left, f"English names of values left: {left[:5]}"
