"""POST /v1/render and the playground: pictures that show what the JSON endpoints answer,
their errors, and the README's picture kept current."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from service.api.terra_turrium.examples import examples
from service.terra_turrium import RULES_VERSION

from .bodies import PROBLEM, position

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
README_CURL = (
    "curl -s -X POST localhost:8080/v1/render -H 'Content-Type: application/json' "
    "-d @docs/examples/render.json -o docs/board.svg"
)


def _mid() -> dict:
    return copy.deepcopy(examples()["render"]["midgame"]["value"]["position"])


def _squares(response) -> dict[str, ET.Element]:
    assert response.status_code == 200, response.data
    root = ET.fromstring(response.data)
    return {g.get("data-square"): g for g in root.iter(f"{SVG}g") if g.get("data-square")}


def _styled(squares: dict[str, ET.Element], style: str) -> list[str]:
    return [name for name, g in squares.items() if style in g.get("class", "").split()]


def _label(g: ET.Element) -> str | None:
    labels = [t.text for t in g.iter(f"{SVG}text") if t.get("class") == "label"]
    assert len(labels) <= 1
    return labels[0] if labels else None


def _problem(response, status: int) -> dict:
    assert response.status_code == status, response.data
    assert response.mimetype == PROBLEM
    assert response.headers["X-Rules-Version"] == RULES_VERSION
    return response.get_json()


# --- the picture ---------------------------------------------------------------------


def test_readme_picture_is_what_the_service_draws(post):
    """docs/board.svg is the answer to docs/examples/render.json, byte for byte."""
    body = json.loads((ROOT / "docs" / "examples" / "render.json").read_text(encoding="utf-8"))
    response = post("/v1/render", body)
    assert response.status_code == 200
    assert response.data == (ROOT / "docs" / "board.svg").read_bytes(), (
        f"docs/board.svg is stale: with `make run` going, run `{README_CURL}`"
    )


def test_readme_shows_the_picture_next_to_the_command_that_made_it():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert README_CURL in readme
    assert "![board](docs/board.svg)" in readme


def test_render_is_svg_and_the_same_bytes_every_time(post):
    body = examples()["render"]["midgame"]["value"]
    first, second = post("/v1/render", body), post("/v1/render", body)
    assert first.status_code == 200
    assert first.mimetype == "image/svg+xml"
    assert first.headers["X-Rules-Version"] == RULES_VERSION
    assert first.data == second.data
    assert ET.fromstring(first.data).tag == f"{SVG}svg"


def test_without_highlights_no_square_is_highlighted(post):
    squares = _squares(post("/v1/render", {"position": _mid()}))
    assert len(squares) == 100
    assert all(g.get("class") in {"square", "square out-of-play"} for g in squares.values())


def test_reach_highlight_is_what_v1_reach_answers_m1_m10(post):
    mid = _mid()
    reach = post("/v1/reach", {"position": mid, "from": "f7"}).get_json()["reachable"]
    squares = _squares(post("/v1/render", {"position": mid, "highlight": {"kind": "reach", "from": "f7"}}))
    ends_in_capture = {r["square"] for r in reach if r["square"] in r["captures"]}
    assert ends_in_capture  # the example shows both styles
    assert set(_styled(squares, "reach")) == {r["square"] for r in reach} - ends_in_capture
    assert set(_styled(squares, "capture")) == ends_in_capture
    assert {r["square"]: str(r["cost"]) for r in reach} == {
        name: _label(g) for name, g in squares.items() if _label(g) is not None
    }
    assert _styled(squares, "origin") == ["f7"]


def test_reach_from_reserve_m9(post):
    # The turn's points: a picture has no `points` of its own.
    body = {"position": examples()["reach"]["reserve"]["value"]["position"], "from": "reserve"}
    reach = post("/v1/reach", body).get_json()["reachable"]
    highlight = {"kind": "reach", "from": "reserve"}
    squares = _squares(post("/v1/render", {"position": body["position"], "highlight": highlight}))
    assert reach
    assert set(_styled(squares, "reach") + _styled(squares, "capture")) == {r["square"] for r in reach}
    assert _styled(squares, "origin") == []


@pytest.mark.parametrize(
    ("kind", "style", "answer"),
    [
        ("removals", "removal", lambda data: [r["square"] for r in data["removals"]]),
        ("placements", "placement", lambda data: data["squares"]),
        ("captures", "capture", lambda data: sorted({c["target"] for c in data["captures"]})),
    ],
)
def test_question_highlights_are_what_the_endpoints_answer(post, kind, style, answer):
    mid = _mid()
    expected = answer(post(f"/v1/{kind}", {"position": mid}).get_json())
    assert expected
    squares = _squares(post("/v1/render", {"position": mid, "highlight": {"kind": kind}}))
    assert sorted(_styled(squares, style)) == sorted(expected)


def test_captures_are_labelled_with_the_cheapest_cost_and_capturers_marked(post):
    mid = _mid()
    captures = post("/v1/captures", {"position": mid}).get_json()["captures"]
    squares = _squares(post("/v1/render", {"position": mid, "highlight": {"kind": "captures"}}))
    for target in {c["target"] for c in captures}:
        assert _label(squares[target]) == str(min(c["cost"] for c in captures if c["target"] == target))
    assert set(_styled(squares, "mark")) == {c["from"] for c in captures} - {"reserve"}


def test_chosen_squares_are_drawn_over_the_highlight(post):
    body = {
        "position": _mid(),
        "highlight": {"kind": "reach", "from": "f7"},
        "squares": [
            {"square": "f8", "style": "removal", "label": "T1"},
            {"square": "a10"},
            {"square": "f6", "label": "x<&"},
            {"square": "a10", "style": "placement"},
        ],
    }
    squares = _squares(post("/v1/render", body))
    assert "removal" in squares["f8"].get("class").split() and _label(squares["f8"]) == "T1"
    # Only a style: the reach cost stays; a later entry for a square wins.
    assert "mark" in squares["f6"].get("class").split() and _label(squares["f6"]) == "x<&"
    assert squares["a10"].get("class") == "square placement out-of-play"
    assert _label(squares["a10"]) is None
    assert _styled(squares, "origin") == ["f7"]


def test_turn_plan_example_marks_each_square(post):
    value = examples()["render"]["turn-plan"]["value"]
    squares = _squares(post("/v1/render", value))
    for mark in value["squares"]:
        assert mark["style"] in squares[mark["square"]].get("class").split()
        assert _label(squares[mark["square"]]) == mark["label"]


# --- errors ----------------------------------------------------------------------------


def test_reach_from_a_square_without_a_turrian_of_the_mover_is_the_422_of_v1_reach_s2(post):
    mid = _mid()
    reach = _problem(post("/v1/reach", {"position": mid, "from": "h7"}), 422)
    render = _problem(
        post("/v1/render", {"position": mid, "highlight": {"kind": "reach", "from": "h7"}}), 422
    )
    assert render == {**reach, "field": "/highlight/from"}
    assert (render["type"], render["rule"]) == ("urn:terra-turrium:problem:invalid-query", "S2")


def test_reach_from_an_empty_reserve_is_422_m9(post):
    body = {"position": _mid(), "highlight": {"kind": "reach", "from": "reserve"}}
    problem = _problem(post("/v1/render", body), 422)
    assert (problem["rule"], problem["field"]) == ("M9", "/highlight/from")


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        ({"highlight": {"kind": "reach"}}, "/highlight/from"),
        ({"highlight": {"kind": "removals", "from": "c7"}}, "/highlight/from"),
        ({"highlight": {"kind": "moves"}}, "/highlight/kind"),
        ({"highlight": {"kind": "captures", "points": 3}}, "/highlight/points"),
        ({"squares": [{"square": "k1"}]}, "/squares/0/square"),
        ({"squares": [{"square": "c7", "style": "origin"}]}, "/squares/0/style"),
        ({"squares": [{"square": "c7", "label": ""}]}, "/squares/0/label"),
        ({"squares": [{"square": "c7", "label": "1234567"}]}, "/squares/0/label"),
        ({"squares": [{"square": "c7", "label": "a\nb"}]}, "/squares/0/label"),
        ({"squares": [{"square": "c7", "label": "\ud800"}]}, "/squares/0/label"),
        ({"squares": [{"square": "c7", "label": "\U0001f600"}]}, "/squares/0/label"),
        ({"squares": [{"square": "c7", "colour": "red"}]}, "/squares/0/colour"),
        ({"squares": {"square": "c7"}}, "/squares"),
        ({"from": "f7"}, "/from"),
    ],
)
def test_what_the_schema_refuses_is_400_with_a_pointer(client, change, pointer):
    # Encoded by the standard library, which writes a lone surrogate as JSON allows.
    body = json.dumps({"position": _mid(), **change})
    problem = _problem(client.post("/v1/render", data=body, content_type="application/json"), 400)
    assert problem["type"] == "urn:terra-turrium:problem:invalid-request"
    assert pointer in [e["pointer"] for e in problem["errors"]]


def test_an_invalid_position_is_422_with_a_pointer_into_the_body(post):
    data = position(4, seat_changes={0: {"turrians": ["c7"]}, 1: {"turrians": ["c7"]}})
    problem = _problem(post("/v1/render", {"position": data, "highlight": {"kind": "removals"}}), 422)
    assert (problem["rule"], problem["field"]) == ("S2", "/position/seats/1/turrians/0")


def test_a_body_not_sent_as_json_is_415(client):
    _problem(client.post("/v1/render", data=b'{"position": {}}', content_type="text/plain"), 415)


def test_a_body_over_64_kib_is_413(client):
    body = b'{"position": "' + b"x" * (64 * 1024) + b'"}'
    _problem(client.post("/v1/render", data=body, content_type="application/json"), 413)


# --- the playground --------------------------------------------------------------------


def test_playground_and_root_serve_the_page(client):
    page = client.get("/playground")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["X-Rules-Version"] == RULES_VERSION
    assert b"<title>Terra Turrium playground</title>" in page.data
    # The same page, its language switcher linking to the address it was asked at.
    root = client.get("/").data
    assert b'href="/?lang=de"' in root
    assert root.replace(b'href="/?lang=', b'href="/playground?lang=') == page.data


@pytest.mark.parametrize(
    ("name", "mimetype"), [("playground.js", "text/javascript"), ("playground.css", "text/css")]
)
def test_playground_assets_come_from_the_package(client, name, mimetype):
    response = client.get(f"/playground/{name}")
    assert response.status_code == 200 and response.mimetype == mimetype
    installed = ROOT / "service" / "render" / "static" / "playground" / name
    assert response.data == installed.read_bytes()


def test_the_page_loads_nothing_from_elsewhere(client):
    page = client.get("/playground").get_data(as_text=True)
    assert "http://" not in page and "https://" not in page
    for name in ("playground.js", "playground.css"):
        assert f'"/playground/{name}"' in page


@pytest.mark.parametrize("name", ["nothing.js", "../__init__.py", "%2e%2e/terra_turrium.py", "index.html"])
@pytest.mark.parametrize("folder", ["playground", "terra-turrium", "spiel-der-tuerme"])
def test_other_playground_paths_are_404(client, folder, name):
    _problem(client.get(f"/{folder}/{name}"), 404)


@pytest.mark.parametrize("game", ["terra-turrium", "spiel-der-tuerme"])
def test_each_board_games_module_is_served_from_its_own_folder(client, game):
    response = client.get(f"/{game}/{game}.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.data == (ROOT / "service" / "render" / "static" / game / f"{game}.js").read_bytes()
    assert client.get(f"/playground/{game}.js").status_code == 404
