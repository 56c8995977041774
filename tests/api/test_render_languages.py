"""POST /v1/render and /v1/spiel-der-tuerme/render draw their pictures in the request's
language (``Accept-Language``), English without the header, and say it in
``Content-Language``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.api.spiel_der_tuerme.examples import midgame
from service.spiel_der_tuerme import position_to_dict

ROOT = Path(__file__).resolve().parents[2]
RENDER_BODY = json.loads((ROOT / "docs" / "examples" / "render.json").read_text(encoding="utf-8"))
PICTURES = {
    "/v1/render": lambda: RENDER_BODY,
    "/v1/spiel-der-tuerme/render": lambda: {"position": position_to_dict(midgame())},
}


@pytest.mark.parametrize("path", list(PICTURES))
def test_the_picture_is_drawn_in_german_for_accept_language_de(post, path):
    body = PICTURES[path]()
    english = post(path, body)
    german = post(path, body, headers={"Accept-Language": "de-CH, en;q=0.5"})
    assert english.status_code == german.status_code == 200
    assert english.headers["Content-Language"] == "en"
    assert german.headers["Content-Language"] == "de"
    assert german.mimetype == "image/svg+xml"
    english_text, german_text = english.get_data(as_text=True), german.get_data(as_text=True)
    assert "to move" in english_text and "am Zug" not in english_text
    assert "am Zug" in german_text and "to move" not in german_text
    assert german.data == post(path, body, headers={"Accept-Language": "de"}).data


def test_without_the_header_the_readme_picture_is_unchanged(post):
    assert post("/v1/render", RENDER_BODY).data == (ROOT / "docs" / "board.svg").read_bytes()
