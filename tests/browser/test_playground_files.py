"""The playground's files as the service serves them, without a browser: what the page
loads, that it can live under a Content-Security-Policy without inline code, that its
legends show the pictures' colours (both games'), and the icon browsers ask for."""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from service.api.playground import FOLDERS as PLAYGROUND_FOLDERS
from service.render.spiel_der_tuerme import HIGHLIGHT_COLOURS as SDT_HIGHLIGHT_COLOURS
from service.render.terra_turrium import HIGHLIGHT_COLOURS

STATIC = Path(__file__).resolve().parents[2] / "service" / "render" / "static"
PLAYGROUND = STATIC / "playground"
#: The playground's shell and each board game's module, in the folders they are served from.
SCRIPTS = sorted(
    f"/{folder}/{p.name}" for folder in PLAYGROUND_FOLDERS for p in (STATIC / folder).glob("*.js")
)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.script_text = ""
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        # A data block (the page's words as JSON) is no script: nothing runs it.
        self._in_script = tag == "script" and dict(attrs).get("type") != "application/json"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.script_text += data


def test_the_page_has_no_inline_script_handler_or_style(client) -> None:
    parser = _Tags()
    parser.feed(client.get("/playground").get_data(as_text=True))
    assert parser.script_text.strip() == ""
    for tag, attrs in parser.tags:
        assert not [name for name in attrs if name.startswith("on")], tag
        assert "style" not in attrs, tag
    scripts = [
        attrs for tag, attrs in parser.tags if tag == "script" and attrs.get("type") != "application/json"
    ]
    assert scripts == [{"type": "module", "src": "/playground/playground.js"}]


@pytest.mark.parametrize("name", SCRIPTS)
def test_every_module_is_served_as_javascript_and_builds_no_inline_code(client, name: str) -> None:
    response = client.get(name)
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    source = response.get_data(as_text=True)
    # Nothing a policy without 'unsafe-inline' / 'unsafe-eval' would refuse.
    forbidden_calls = (
        "innerHTML", "outerHTML", "insertAdjacentHTML", "eval(", "new Function",
        'setAttribute("on', 'setAttribute("style"', ".style.",
    )
    for forbidden in forbidden_calls:
        assert forbidden not in source, (name, forbidden)
    # Modules import only each other, as the service serves them.
    for imported in re.findall(r'from "([^"]+)"', source):
        url = posixpath.normpath(posixpath.join(posixpath.dirname(name), imported))
        assert imported.startswith(("./", "/")) and url in SCRIPTS, (name, imported)


def test_the_legend_shows_the_colours_the_picture_uses() -> None:
    css = (PLAYGROUND / "playground.css").read_text(encoding="utf-8")
    declared = dict(re.findall(r"--(\w+):\s*(#[0-9a-fA-F]{6})", css))
    assert {style.value: declared.get(style.value) for style in HIGHLIGHT_COLOURS} == {
        style.value: colour for style, colour in HIGHLIGHT_COLOURS.items()
    }


def test_the_spiel_der_tuerme_legend_shows_the_colours_its_picture_uses() -> None:
    css = (PLAYGROUND / "playground.css").read_text(encoding="utf-8")
    declared = dict(re.findall(r"--sdt-(\w+):\s*(#[0-9a-fA-F]{6})", css))
    assert declared == {style.value: colour for style, colour in SDT_HIGHLIGHT_COLOURS.items()}


def test_favicon_ico_is_an_icon_not_a_404(client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response.mimetype in {"image/vnd.microsoft.icon", "image/x-icon"}
    assert response.data[:4] == b"\x00\x00\x01\x00"  # the ICO header: reserved 0, type 1 (icon)
