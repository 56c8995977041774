"""Every value a sentence names stands in the form the sentence needs (docs/translations.md,
"Values in sentences"): with its article, in its case, its number, French's contraction —
never as a bare word after a preposition, a negation or a scaffold such as French
"de type" or German "das Gebäude"; and every count before a noun is a plural message.

The check fills every message the code marks with every value of each kind it names (each
side, kind of unit, building, project, colour, position, resource …), in German, Dutch
and French, and reads the sentences as a player would: a bare word where the grammar asks
for a form is a defect. The examples players found (``nicht zu Engel``, ``pas au camp
nains``, ``plus de 1 bâtiments``, ``6 cubes Rouge`` …) are among the check's own cases.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from service.common.language import (
    LANGUAGES,
    LOCALE_DIR,
    VALUE_KINDS,
    form_of,
    translations,
    value_form,
    value_word,
)
from service.common.refusal import Message

ROOT = Path(__file__).resolve().parents[2]

TRANSLATED = [language for language in LANGUAGES if language != "en"]
#: A placeholder with the form it asks for: ``{side:dem}``.
SPEC = re.compile(r"\{(\w+)(?::([^{}]+))?\}")
#: The kinds of values that are nouns a sentence must give an article, a case or a number.
NOUNS = ("side", "unit", "building", "project", "position", "resource")
#: The values that name many (a people, a kind of group): in German a bare plural may stand
#: where a singular may not ("nur Engel stehen außerhalb" is German, "nicht Graf" is not).
PLURALS = {"zwerge", "engel", "pikeniere", "bogenschuetzen", "reiter", "elektrokaempfer",
           "strahlenwerfer", "daemonenreiter", "arbeiter", "markers", "fluids", "stacks"}
#: Where a bare value is wrong, by language: after these words (prepositions, negations,
#: scaffolds) a value needs its article or case.
SLOTS = {
    "de": r"zu|von|vom|mit|bei|beim|für|ohne|nicht|Seite|Seiten|Gebäude|Standort|Rohstoff|Projekt",
    "nl": r"bij|van|vanaf|niet|zonder|voor|partij",
    "fr": r"au camp|du camp|le camp|de type|bâtiment|projet|pas|à|chez|sans|de|du|au|aux|des",
}
#: A colour written as a bare name after the noun it describes ("6 cubes Rouge").
COLOUR_SLOTS = {"de": r"Steine?|Stapel", "nl": r"stenen|steen|stapels?", "fr": r"cubes?|piles?|drapeaux?"}


@cache
def values() -> dict[str, tuple[str, ...]]:
    """Every value of each kind a person reads, as the pages' catalog names them."""
    with (LOCALE_DIR / "pages.pot").open("rb") as file:
        template = read_po(file)
    found: dict[str, list[str]] = {}
    for message in template:
        if message.context and isinstance(message.id, str) and message.id:
            found.setdefault(message.context, []).append(message.id)
    return {kind: tuple(ids) for kind, ids in found.items()}


@cache
def messages() -> tuple[Message, ...]:
    """Every message the code marks, as Babel extracts it: ``N_(text)`` and
    ``Nn_(singular, plural, count)`` with the name of the value that counts."""
    found: dict[str, Message] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "service"), [("**.py", "python")], keywords={"N_": None, "Nn_": (1, 2, 3)}
    ):
        if isinstance(message, str):
            found.setdefault(message, Message(message))
        elif len(message) == 3 and all(message):
            found[message[0]] = Message(message[0], message[1], message[2])
    return tuple(found.values())


def kinds_of(name: str) -> tuple[str, ...]:
    return VALUE_KINDS.get(name, ())


def values_of(name: str) -> tuple[str, ...]:
    """Every value a placeholder may be given: those of each kind its name says."""
    return tuple(value for kind in kinds_of(name) for value in values().get(kind, ()))


@cache
def _forms(language: str) -> dict[str, list[str]]:
    """Every value's forms in ``language``'s forms catalog, longest first."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "forms.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    found: dict[str, set[str]] = {}
    for entry in catalog:
        if isinstance(entry.id, str) and entry.string:
            found.setdefault(entry.id, set()).add(entry.string)
    return {value: sorted(forms, key=len, reverse=True) for value, forms in found.items()}


def forms_of(value: str, language: str) -> list[str]:
    """Every form ``language``'s catalog gives ``value``, longest first."""
    return _forms(language).get(value, [])


def names(message: Message) -> list[str]:
    return sorted({name for name, _ in SPEC.findall(message.text + (message.plural or ""))})


def filled(message: Message, count: int) -> list[dict[str, object]]:
    """The message's values: one case per value of the widest kind it names, each other
    kind's values in turn; the number the message counts by ``count``, every other 2 (a
    count before a noun in a single message is the next test's)."""
    named = {name: values_of(name) for name in names(message) if values_of(name)}
    widest = max((len(found) for found in named.values()), default=1)
    return [{name: named[name][i % len(named[name])] if name in named
             else count if name == message.count else 2 for name in names(message)} for i in range(widest)]


def bare_values(
    sentence: str, language: str, written: dict[str, object], *, heading: bool = True
) -> list[str]:
    """The values of ``written`` that stand bare in ``sentence`` where ``language``'s
    grammar asks for a form; with ``heading`` also a singular noun without its article at
    the head of the sentence (a page's label, "Graf, Burg: erreicht", may start so)."""
    found = []
    for name, value in written.items():
        kinds = kinds_of(name)
        if not kinds or not isinstance(value, str):
            continue
        bare = value_word(kinds, value, language)
        word = re.escape(bare)
        for form in forms_of(value, language):  # a value in one of its forms is no bare value
            if form != bare:
                sentence = sentence.replace(form, "■")
        if kinds[-1] in NOUNS and value not in values()["seat"]:
            after = re.search(rf"(?<![\w'’-])(?:{SLOTS[language]})\s+{word}(?![\w-])", sentence)
            if after and not (language == "de" and value in PLURALS and after.group(0).startswith("nicht")):
                found.append(after.group(0))
            starts = re.match(rf"{word}(?![\w-])", sentence, re.IGNORECASE)
            if heading and value not in PLURALS and kinds[-1] != "resource" and starts:
                found.append(f"{bare} (at the start, without its article)")
        if kinds[0] == "seat":
            after = re.search(rf"\b(?:{COLOUR_SLOTS[language]})\s+{word}\b", sentence)
            if after:
                found.append(after.group(0))
    return found


def one_before_many(sentence: str, language: str) -> list[str]:
    """"1" before a noun in its plural form (``plus de 1 bâtiments``)."""
    plurals = set()
    for kind in NOUNS:
        for value in values().get(kind, ()):
            one, other = form_of(language, kind, value, "one"), form_of(language, kind, value, "other")
            if other and other != one:
                plurals.add(other)
    plurals |= {"bâtiments", "Gebäude", "gebouwen", "figurines", "Figuren", "figuren"}
    return [m.group(0) for word in plurals
            for m in re.finditer(rf"(?<![\d.,])\b1 {re.escape(word)}\b", sentence)]


@pytest.mark.parametrize(
    ("language", "sentence", "written"),
    [
        ("de", "der Graf gehört zu seiner eigenen Seite, nicht zu Engel", {"side": "engel"}),
        ("de", "nur die Engel und die Zwerge heuern an, nicht die Seite Graf", {"side": "graf"}),
        ("de", "eine Seite darf das Gebäude Bauernhof höchstens 1-mal haben", {"building": "farm"}),
        ("de", "Drache gibt es nur einmal, und das ist schon gebaut", {"project": "dragon"}),
        ("nl", "graaf hoort bij zijn eigen partij, niet bij dwergen", {"side": "zwerge"}),
        ("nl", "de burcht is van de graaf, niet van dwergen", {"side": "zwerge"}),
        ("fr", "comte appartient à son propre camp, pas au camp nains", {"side": "zwerge"}),
        ("fr", "un camp ne peut avoir plus de 1 bâtiments de type catapulte", {"building": "catapult"}),
        ("fr", "il y a 6 cubes Rouge au symbole A", {"colour": "red"}),
        ("fr", "un groupe de type cavaliers ne peut pas attaquer", {"kind": "reiter"}),
    ],
)
def test_the_check_finds_the_bare_values_players_found(language, sentence, written):
    """The check itself: each sentence the players marked wrong is found wrong."""
    assert bare_values(sentence, language, written) or one_before_many(sentence, language)


@pytest.mark.parametrize(
    ("language", "sentence", "written"),
    [
        ("de", "der Graf spielt für sich selbst und gehört nicht zu den Engeln", {"side": "engel"}),
        ("de", "nur Engel stehen außerhalb des Spielfeldes, nicht die Zwerge", {"kind": "zwerge"}),
        ("nl", "de graaf hoort bij zijn eigen partij, niet bij de dwergen", {"side": "zwerge"}),
        ("fr", "le comte appartient à son propre camp, pas aux nains", {"side": "zwerge"}),
        ("fr", "il y a 6 cubes rouges au symbole A", {"colour": "red"}),
        ("fr", "chaque camp peut avoir au plus 1 catapulte", {"building": "catapult"}),
    ],
)
def test_the_check_lets_a_value_in_its_form_pass(language, sentence, written):
    """The check itself: the same sentences with the values in their forms pass."""
    assert not bare_values(sentence, language, written)
    assert not one_before_many(sentence, language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_form_a_sentence_asks_for_exists_for_every_value(language):
    """A sentence asking for ``{side:dem}`` gets the form for every side: the language's
    forms catalog (service/locale/<lang>/LC_MESSAGES/forms.po) has it, none is left to the
    plain word."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    missing, asked = [], 0
    for entry in catalog:
        forms = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        for form in forms:
            for name, spec in SPEC.findall(form):
                if not spec:
                    continue
                asked += 1
                kinds = kinds_of(name)
                assert kinds, f"{language}: {{{name}:{spec}}} asks a form of a value that has none: {form!r}"
                for value in values_of(name):
                    kind = next(kind for kind in kinds if value in values().get(kind, ()))
                    if form_of(language, kind, value, spec) is None:
                        missing.append(f"{kind}:{spec} of {value!r} ({form!r})")
    assert asked > 40
    assert not missing, f"{language}: {len(missing)} forms missing:\n" + "\n".join(sorted(set(missing))[:30])


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_value_stands_bare_where_the_grammar_asks_for_a_form(language):
    """Every message, filled with every value of the kinds it names, in ``language``: no
    side, unit, building, project, position or colour is written as a bare word after a
    preposition, a negation or a scaffold, none without its article at the start of the
    sentence, and "1" never stands before a plural."""
    wrong, sentences = [], 0
    for message in messages():
        for count in (2, 1) if message.count else (2,):
            for written in filled(message, count):
                sentence = message.format(language, **written)
                sentences += 1
                found = bare_values(sentence, language, written) + one_before_many(sentence, language)
                if found:
                    wrong.append(f"{message.text!r} → {sentence!r}: {found}")
    assert sentences > 900
    assert not wrong, f"{language}: {len(wrong)} sentences with a bare value:\n" + "\n".join(wrong[:30])


#: Counts before a noun that are never one: the other end of a range ("1 to {most}"), the
#: number of players (2 to 4), a height ("{height} high"), the fields of a seat's section
#: beyond its most (so at least two), the fluids of a stack that splits (two or more), the
#: orbits of the solar system and the fields of an orbit (the map's, several of each).
NEVER_ONE = re.compile(
    r"1 to \{most\}|\{players\} (?:players|colours)|\{\w+\} high|\{count\} fields; at most"
    r"|parts of \{height\} fluids|has \{count\} orbits|\{orbit\} has \{count\} fields"
    r"|orbit, of \{count\} fields"
)


def test_every_count_before_a_noun_is_a_plural_message():
    """A message that writes a count before a noun chooses its words by the count (a
    plural message, whose forms each language's CLDR rule picks): no single sentence
    writes "{n} stones" for every n. A count is a name some plural message counts with."""
    counts = {message.count for message in messages() if message.count}
    assert {"count", "most", "have"} <= counts
    noun_kinds = {name for name, kinds in VALUE_KINDS.items() if kinds[0] in NOUNS}
    single = []
    for message in messages():
        if message.plural is not None:
            continue
        text = NEVER_ONE.sub("", message.text)
        for name, after in re.findall(r"\{(\w+)\} (\{\w+\}|[a-z]+)", text):
            verb = after in ("is", "has", "was", "splits")
            is_noun = after.strip("{}") in noun_kinds or (after.endswith("s") and not verb)
            if name in counts and is_noun:
                single.append(message.text)
    assert not single, "counts before nouns in single messages:\n" + "\n".join(single)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_value_given_as_a_list_or_a_named_message_takes_its_form_too(language):
    """The engines also give a value as a list of values (``{first} and {last}``) or as a
    message that names one (a position's English word): a sentence asking for a form
    writes each item in it, the same as a single value."""
    from dataclasses import replace

    from service.common.refusal import N_

    both = N_("{first} and {last}")
    wall = replace(N_("wall"), names="wall")
    asked = []
    for message in messages():
        for name in names(message):
            kinds = kinds_of(name)
            if not kinds or kinds[0] not in ("unit", "side", "position"):
                continue
            items = values_of(name)
            listed = {**dict.fromkeys(names(message), 2), **filled(message, 2)[0],
                      name: both(first=f"{items[0]}, {items[1]}", last=items[-1])}
            sentence = message.format(language, **listed)
            catalog = translations(language)
            template = (catalog.ngettext(message.text, message.plural, 2) if message.plural
                        else catalog.gettext(message.text))
            spec = next((spec for found, spec in SPEC.findall(template) if found == name), "")
            words = [value_form(kinds, item, language, spec) if spec else value_word(kinds, item, language)
                     for item in (items[0], items[1], items[-1])]
            assert all(word in sentence for word in words), (sentence, words)
            asked.append(sentence)
            if kinds[0] == "position":
                named = message.format(language, **{**listed, name: wall})
                assert value_word(kinds, "wall", language).lower() in named.lower(), named
    assert len(asked) > 10


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_pages_put_no_value_where_its_grammar_asks_a_form(language):
    """The pages' scripts write a value's plain word into their sentences (they have no
    forms): so a page's sentence puts a value where it needs none — after a colon, in
    brackets — never after a preposition or a negation ("pikeniere-1 von Zwerge")."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "pages.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    wrong, checked = [], 0
    for entry in catalog:
        if not entry.id or entry.context:
            continue
        forms = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        for form in forms:
            named = sorted({name for name, _ in SPEC.findall(form) if kinds_of(name)})
            if not named:
                continue
            for i in range(max(len(values_of(name)) for name in named)):
                written = {name: values_of(name)[i % len(values_of(name))] for name in named}
                words = {name: value_word(kinds_of(name), value, language) for name, value in written.items()}
                sentence = SPEC.sub(lambda m, words=words: str(words.get(m.group(1), 2)), form)
                checked += 1
                found = bare_values(sentence, language, written, heading=False)
                if found:
                    wrong.append(f"{entry.id!r} → {sentence!r}: {found}")
    assert checked > 50
    assert not wrong, f"{language}: {len(wrong)} page sentences with a bare value:\n" + "\n".join(wrong[:30])


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_forms_are_the_forms_catalog(language):
    """The committed forms.mo (what the service reads) says what forms.po says: `make
    messages` compiled it after the last change."""
    from babel.messages.mofile import read_mo

    folder = LOCALE_DIR / language / "LC_MESSAGES"
    with (folder / "forms.po").open("rb") as file:
        written = {(m.context, m.id): m.string for m in read_po(file, locale=language) if m.id}
    with (folder / "forms.mo").open("rb") as file:
        # (Babel reads a compiled context as bytes.)
        compiled = {(m.context.decode() if isinstance(m.context, bytes) else m.context, m.id): m.string
                    for m in read_mo(file) if m.id}
    assert written and compiled == written
