"""The games' rules as web pages (``GET /rules``), one anchor per rule id.

Each game's rules are a Markdown document of the repository (:data:`RULEBOOKS`):
Terra Turrium's is docs/rules.md, and every rule id an answer cites (``R4``) is an
anchor of it, so ``/rules#R4`` leads to the rule. ``make spec`` (tools/pages.py) renders
each document into the HTML that is committed inside the package, so an installed service
serves the pages without the repository or the Markdown library; a test fails while a
page is stale.

Each document may have translations, ``docs/<lang>/<name>`` (German, Dutch, French):
each is rendered into ``pages/<lang>/``, and the service shows it for that language
(``?lang=de`` or ``Accept-Language``); a language without the translation is shown the
English page under its own language's frame.

A game is added by adding its document here: ``GET /rules/<game>`` serves every game's
rules, ``GET /rules`` those of :data:`MAIN_GAME`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from service.common.language import DEFAULT_LANGUAGE


def P_(message: str) -> str:  # the name the pages' extraction looks for
    """A message of the pages' catalog, marked where it is defined, translated where shown."""
    return message


@dataclass(frozen=True)
class Rulebook:
    """One game's rules: its Markdown ``source`` (a repository path) and the page's title."""

    game: str
    title: str
    source: str

    @property
    def page(self) -> str:
        """The file name of the rendered page inside the package."""
        return f"{self.game}.html"

    def page_in(self, language: str) -> str:
        """The rendered page of ``language`` inside the package directory."""
        return self.page if language == DEFAULT_LANGUAGE else f"{language}/{self.page}"

    @property
    def url(self) -> str:
        """Where the service serves the page."""
        return "/rules" if self.game == MAIN_GAME else f"/rules/{self.game}"


MAIN_GAME: Final = "terra-turrium"
"""The game whose rules ``GET /rules`` serves: the rule ids of the answers are its ids."""

RULEBOOKS: Final = {
    book.game: book
    for book in (
        Rulebook("terra-turrium", P_("Terra Turrium — the rules"), "docs/rules.md"),
        Rulebook("spiel-der-tuerme", P_("Spiel der Türme — the rules"), "docs/spiel-der-tuerme.md"),
        Rulebook("turm-und-leute", P_("Turm und Leute — the combat rules"), "docs/turm-und-leute.md"),
        # Not a game: every ruling of the three that rests on a reading (tools/readings.py).
        Rulebook(
            "interpretations",
            P_("The readings — rulings the rulebooks leave open"),
            "docs/interpretations.md",
        ),
    )
}
"""Every game with rules the service serves, by its name in ``/rules/<game>``."""

PACKAGE_DIRECTORY: Final = "pages"
"""The pages' directory inside :mod:`service.api`."""


@cache
def page_body(game: str, language: str = DEFAULT_LANGUAGE) -> tuple[str, str]:
    """The committed page body of ``game`` in ``language``, as installed with the
    package, and the language it is written in: English where it has no translation."""
    directory = resources.files("service.api").joinpath(PACKAGE_DIRECTORY)
    page = directory.joinpath(RULEBOOKS[game].page_in(language))
    if not page.is_file():
        page, language = directory.joinpath(RULEBOOKS[game].page), DEFAULT_LANGUAGE
    return page.read_text(encoding="utf-8"), language
