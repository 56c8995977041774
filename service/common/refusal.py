"""Why the rules say no, in words written only when somebody asks, in their language.

The engines never write a sentence: a refusal names its rule id, its :class:`Message`
(the English sentence template, which is the gettext message id, with ``{name}``
placeholders) and the values of the case. The sentence is written by
:meth:`Refusal.explain` in the language asked for (English by default), from the
catalogs of :mod:`service.common.language`; a search that only compares refusals never
pays for one.

Messages are marked for extraction (``make messages``) where they are written:
:func:`N_` for a sentence, :func:`Nn_` for one with a number in it, whose plural forms
each language's catalog gives.

>>> STACK = N_("{square} holds no stack")
>>> refusal = Refusal("TM1", STACK(square="c4"))
>>> refusal.rule, refusal.explain()
('TM1', 'c4 holds no stack')
>>> LEFT = Nn_("{left} stone is still in hand", "{left} stones are still in hand", "left")
>>> LEFT(left=1).explain(), LEFT(left=3).explain()
('1 stone is still in hand', '3 stones are still in hand')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from service.common.language import DEFAULT_LANGUAGE, translations


@dataclass(frozen=True, slots=True)
class Message:
    """An English sentence template with ``{name}`` placeholders: a gettext message id.

    ``plural`` is the template for other counts than one, chosen by the value named
    ``count`` (by each language's plural rule, not English's).
    """

    text: str
    plural: str | None = None
    count: str | None = None

    def format(self, language: str = DEFAULT_LANGUAGE, /, **values: Any) -> str:
        """The sentence in ``language`` with ``values`` filled in; a value that is itself a
        :class:`Text` or :class:`Message` (a unit's name …) is written in the same language."""
        catalog = translations(language)
        if self.plural is None:
            template = catalog.gettext(self.text)
        else:
            assert self.count is not None
            template = catalog.ngettext(self.text, self.plural, int(values[self.count]))
        if values:
            values = {name: _word(value, language) for name, value in values.items()}
            return template.format(**values)
        return template

    def __call__(self, **values: Any) -> Text:
        """This message with the values of one case, to be written later."""
        return Text(self, tuple(values.items()))


def _word(value: Any, language: str) -> Any:
    if isinstance(value, Text):
        return value.explain(language)
    if isinstance(value, Message):
        return value.format(language)
    return value


@dataclass(frozen=True, slots=True)
class Text:
    """A message and the values of its case: a sentence not yet written.

    >>> N_("{square} is out of play")(square="a1")
    Text('a1 is out of play')
    """

    message: Message
    items: tuple[tuple[str, Any], ...] = ()

    @property
    def values(self) -> Mapping[str, Any]:
        return dict(self.items)

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The sentence in ``language`` (``"en"``, ``"de"``, ``"nl"``, ``"fr"``)."""
        return self.message.format(language, **dict(self.items))

    def __str__(self) -> str:
        return self.explain()

    def __repr__(self) -> str:
        return f"Text({self.explain()!r})"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A rule's "no": the rule id, and the message with the values of the case."""

    rule: str
    text: Text = field(compare=True)

    @property
    def message(self) -> Message:
        return self.text.message

    @property
    def values(self) -> Mapping[str, Any]:
        return self.text.values

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The sentence a player reads, in ``language``."""
        return self.text.explain(language)


def N_(text: str) -> Message:
    """Marks ``text`` as a message (extracted by ``make messages``), translated when written."""
    return Message(text)


def Nn_(singular: str, plural: str, count: str) -> Message:
    """Marks a message with a number in it: ``singular`` for one, ``plural`` for other
    counts, the number being the value named ``count``."""
    return Message(singular, plural, count)


def text_of(detail: str | Text) -> Text:
    """``detail`` as a :class:`Text`: a plain string (a value echoed from the input, never
    a sentence of ours) stands for itself in every language."""
    return detail if isinstance(detail, Text) else VERBATIM(text=detail)


VERBATIM = Message("{text}")
"""Not extracted: a text that is the same in every language."""
