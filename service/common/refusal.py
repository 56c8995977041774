"""Why the rules say no, in words written in the language somebody asks for.

The engines never choose a language: a refusal names its rule id, its :class:`Message`
(the English sentence template, which is the gettext message id, with ``{name}``
placeholders) and the values of the case. :meth:`Refusal.explain` writes the sentence
in the language asked for (English by default) from the catalogs of
:mod:`service.common.language`; a search that only compares refusals never writes one.

Where an engine hands a sentence on (an error's ``detail``, a violation's), it hands on
a :class:`Text`: a string, the English sentence, that still knows its message and values,
so that :func:`localize` writes it again in another language at the edge (the HTTP
layer's answers). Everything that reads it as a string keeps reading English.

Messages are marked for extraction (``make messages``) where they are written:
:func:`N_` for a sentence, :func:`Nn_` for one with a number in it, whose plural forms
each language's catalog gives.

>>> STACK = N_("there is no stack on {square}")
>>> refusal = Refusal("TM1", STACK, (("square", "c4"),))
>>> refusal.rule, refusal.explain(), refusal.explain("de")
('TM1', 'there is no stack on c4', 'auf c4 steht kein Stapel')
>>> IN_HAND = Nn_("only {in_hand} stone is in hand", "only {in_hand} stones are in hand", "in_hand")
>>> IN_HAND(in_hand=1), IN_HAND(in_hand=3)
('only 1 stone is in hand', 'only 3 stones are in hand')
>>> localize({"detail": IN_HAND(in_hand=3), "rule": "P1"}, "en")
{'detail': 'only 3 stones are in hand', 'rule': 'P1'}

(The examples mark messages the engines mark too: every marked message is one the
catalogs translate, and a test holds every language to them.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.common.language import DEFAULT_LANGUAGE, VALUE_KINDS, Word, translations


@dataclass(frozen=True, slots=True)
class Message:
    """An English sentence template with ``{name}`` placeholders: a gettext message id.

    ``plural`` is the template for other counts than one, chosen by the value named
    ``count`` (by each language's plural rule, not English's).
    """

    text: str
    plural: str | None = None
    count: str | None = None
    names: str | None = None
    """The value of the games this message is the English word of (``"small_tower"`` for
    "small tower"): written into a sentence of another language as that value, in the form
    the sentence asks for (:class:`~service.common.language.Word`)."""

    def format(self, language: str = DEFAULT_LANGUAGE, /, **values: Any) -> str:
        """The sentence in ``language`` with ``values`` filled in; a value that is itself a
        :class:`Text` or :class:`Message` (a unit's name …) is written in the same language,
        and so is a value of the games a person reads (a seat's colour, a phase, a
        resource …: :data:`~service.common.language.VALUE_KINDS`, by the placeholder's
        name)."""
        return self._format(language, values, ())

    def _format(
        self, language: str, values: Mapping[str, Any], kinds: tuple[str, ...], form: str = ""
    ) -> str:
        """:meth:`format`; ``kinds`` is what the sentence's own values are where their
        names do not say (the items of a list, ``{first} or {last}``, written into a
        placeholder that does), ``form`` the form they are asked for in."""
        if self.plural is None:
            template = (
                translations(language).gettext(self.text) if language != DEFAULT_LANGUAGE else self.text
            )
        else:
            assert self.count is not None
            template = translations(language).ngettext(self.text, self.plural, int(values[self.count]))
        if values:
            words = {name: _word(value, language, VALUE_KINDS.get(name, kinds))
                     for name, value in values.items()}
            if form:  # the sentence is itself a value asked for in a form: so is each of its values
                words = {name: format(word, form) if isinstance(word, Word | _Phrase) else word
                         for name, word in words.items()}
            return template.format(**words)
        return template

    def __call__(self, **values: Any) -> Text:
        """The English sentence of one case, which can be written again in another language."""
        return Text(self, values)


def _word(value: Any, language: str, kinds: tuple[str, ...] = ()) -> Any:
    if isinstance(value, Text):
        return value.explain(language) if not kinds else _Phrase(value, language, kinds)
    if isinstance(value, Message):
        if value.names is not None and kinds and language != DEFAULT_LANGUAGE:
            return Word(kinds, value.names, language)
        return value.format(language)
    if kinds and isinstance(value, str) and language != DEFAULT_LANGUAGE:
        # A Word: the plain word, or with ``{name:form}`` the form the sentence asks for.
        return Word(kinds, value, language)
    return value


class _Phrase(str):
    """A sentence written into a placeholder of values (a list, ``{first} and {last}``, of
    units): the sentence as a string, and with a format spec each of its values in that
    form (``{ranged:der}`` → *die Bogenschützen und die Engel*)."""

    text: Text
    language: str
    kinds: tuple[str, ...]

    def __new__(cls, text: Text, language: str, kinds: tuple[str, ...]) -> _Phrase:
        phrase = super().__new__(cls, text.message._format(language, text.values, kinds))
        phrase.text, phrase.language, phrase.kinds = text, language, kinds
        return phrase

    def __format__(self, form: str) -> str:
        if not form:
            return str.__str__(self)
        return self.text.message._format(self.language, self.text.values, self.kinds, form)


class Text(str):
    """A sentence: the English one as a string, with its message and values, written in
    another language by :meth:`explain`.

    >>> text = N_("{square} is out of play")(square="a1")
    >>> text, text.message.text, text.values
    ('a1 is out of play', '{square} is out of play', {'square': 'a1'})
    """

    message: Message
    values: Mapping[str, Any]

    def __new__(cls, message: Message, values: Mapping[str, Any] | None = None) -> Text:
        values = dict(values or {})
        text = super().__new__(cls, message.format(DEFAULT_LANGUAGE, **values))
        text.message = message
        text.values = values
        return text

    def __reduce__(self) -> Any:
        return (Text, (self.message, self.values))

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        if language == DEFAULT_LANGUAGE:
            return str.__str__(self)
        return self.message.format(language, **self.values)


@dataclass(frozen=True)
class Refusal:
    """A rule's "no", the one type every engine refuses with: the rule id, the message,
    the values of the case (name, value pairs) and the member the rule is about (``field``,
    a JSON pointer below what was asked, ``""`` for the whole of it), its sentence written
    only when asked.

    A game may list its reasons as an enumeration of refusals without values
    (``class Reason(Refusal, enum.Enum)`` in Terra Turrium's and Spiel der Türme's
    ``refusals.py``): :meth:`refuse` gives one the values of a case.

    >>> NO_STACK = Refusal("TM1", N_("there is no stack on {square}"))
    >>> NO_STACK.refuse(square="c4").explain(), NO_STACK.explain("de", square="c4")
    ('there is no stack on c4', 'auf c4 steht kein Stapel')
    """

    rule: str
    message: Message
    items: tuple[tuple[str, Any], ...] = ()
    field: str = ""

    @property
    def values(self) -> Mapping[str, Any]:
        return dict(self.items)

    @property
    def text(self) -> Text:
        """The sentence, in English and retranslatable (an error's ``detail``)."""
        return Text(self.message, dict(self.items))

    def explain(self, language: str = DEFAULT_LANGUAGE, /, **facts: Any) -> str:
        """The sentence a player reads, in ``language``, with ``facts`` added to the
        values of the case."""
        return self.message.format(language, **{**dict(self.items), **facts})

    def refuse(self, **facts: Any) -> Refusal:
        """This refusal with the values of a case (square names, heights …)."""
        return Refusal(self.rule, self.message, tuple(facts.items()), self.field)


def refusal(rule: str, message: Message, /, **values: Any) -> Refusal:
    """A :class:`Refusal` of ``rule`` with the values of the case."""
    return Refusal(rule, message, tuple(values.items()))


#: Every message marked, by its English text (and plural text).
_MARKED: dict[str, Message] = {}


def N_(text: str) -> Message:
    """Marks ``text`` as a message (extracted by ``make messages``), translated when written."""
    message = Message(text)
    _MARKED.setdefault(text, message)
    return message


def Nn_(singular: str, plural: str, count: str) -> Message:
    """Marks a message with a number in it: ``singular`` for one, ``plural`` for other
    counts, the number being the value named ``count``."""
    message = Message(singular, plural, count)
    _MARKED.setdefault(singular, message)
    _MARKED.setdefault(plural, message)
    return message


def marked() -> tuple[Message, ...]:
    """Every message marked so far (by the modules imported)."""
    return tuple(dict.fromkeys(_MARKED.values()))


def explain(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    """``text`` in ``language`` if it is a :class:`Text`, else as it is (a string that is
    no sentence of the oracle's, an echo of the input)."""
    return text.explain(language) if isinstance(text, Text) else text


def localize(value: Any, language: str) -> Any:
    """``value`` (a JSON answer: dicts, lists, strings …) with every :class:`Text` in it
    written in ``language``. English is the value itself: nothing is copied."""
    if language == DEFAULT_LANGUAGE:
        return value
    return _localize(value, language)


def _localize(value: Any, language: str) -> Any:
    kind = type(value)
    if kind is Text:
        return value.explain(language)
    if kind is dict:
        return {key: _localize(member, language) for key, member in value.items()}
    if kind is list or kind is tuple:
        return [_localize(member, language) for member in value]
    return value
