"""GET /rules: the rules every answer cites, an anchor per rule id, linked from the API's
own documentation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tests.documents import cited_rule_ids, html_ids

ROOT = Path(__file__).resolve().parents[2]


def _page(client, path="/rules"):
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    return response


def test_the_rules_are_served_as_a_page_with_an_anchor_per_cited_rule_id(client):
    response = _page(client)
    assert response.headers["X-Rules-Version"]
    page = response.get_data(as_text=True)
    assert "<title>Terra Turrium — the rules</title>" in page
    ids = html_ids(page)
    assert {"the-game-in-one-minute", "taking-stones-r", "options"} <= ids
    assert sorted(set(cited_rule_ids()) - ids) == []


def test_every_link_of_the_page_leads_to_an_anchor_or_a_page_of_the_service(client):
    page = _page(client).get_data(as_text=True)
    ids = html_ids(page)
    targets = re.findall(r'(?:href|src)="([^"]*)"', page)
    assert targets
    for target in targets:
        path, _, anchor = target.partition("#")
        assert path == "" or path.startswith("/"), target
        if path:
            assert client.get(path).status_code == 200, target
        if anchor and path in ("", "/rules"):
            assert anchor in ids, target


def test_each_game_has_its_rules_under_its_name(client):
    def main(path):  # the page's own links (its language switcher) name its own address
        return _page(client, path).get_data(as_text=True).partition("<main")[2]

    assert main("/rules/terra-turrium") == main("/rules")
    response = client.get("/rules/chess")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_a_client_revalidates_the_page_and_gets_304_while_it_is_current(client):
    response = _page(client)
    assert response.headers["Cache-Control"] == "no-cache"
    again = client.get("/rules", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert not again.data


def test_the_rule_of_a_violation_is_an_anchor_of_the_rules(client):
    body = json.loads((ROOT / "docs" / "examples" / "validate.json").read_text(encoding="utf-8"))
    violation = client.post("/v1/turns/validate", json=body).get_json()["violation"]
    assert f'id="{violation["rule"]}"' in _page(client).get_data(as_text=True)


def test_the_rule_of_a_problem_is_an_anchor_of_the_rules(client):
    problem = client.get("/v1/setup?players=3&team_play=true").get_json()
    assert problem["rule"] == "S1"
    assert f'id="{problem["rule"]}"' in _page(client).get_data(as_text=True)


def test_the_api_documentation_links_to_the_rules(client):
    # The committed document, which tests/api/test_spec.py holds to what the service serves.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    document = yaml.load((ROOT / "openapi.yaml").read_text(encoding="utf-8"), Loader=loader)
    assert "[/rules](/rules)" in document["info"]["description"]
    assert "/rules#R4" in document["info"]["description"]
    assert document["externalDocs"]["url"] == "/rules"
    assert 'href="/rules"' in client.get("/docs").get_data(as_text=True)
