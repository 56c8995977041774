"""What every answer carries beyond its body: the request id, the hardening headers and
CORS; and the 413 of a body over 64 KiB before any view runs."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask_cors import CORS

from service import create_app
from service.api.envelope import DATA_POLICY, PAGE_POLICY, cors_origins

PAGES = ["/", "/playground", "/docs"]
#: One answer of each kind: JSON, problem details, SVG, YAML, a script, a 404, a 405.
OTHERS = [
    ("GET", "/healthz", None),
    ("GET", "/v1/board", None),
    ("POST", "/v1/removals", {"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}),
    ("POST", "/v1/removals", {"position": {}}),
    ("POST", "/v1/render", {"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}),
    ("GET", "/openapi.yaml", None),
    ("GET", "/playground/playground.js", None),
    ("GET", "/nowhere", None),
    ("DELETE", "/healthz", None),
]


# ------------------------------------------------------------------------ headers


@pytest.mark.parametrize("path", PAGES)
def test_pages_allow_only_their_own_files_and_no_framing(client, path):
    response = client.get(path)
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers["Content-Security-Policy"] == PAGE_POLICY
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    directives = dict(d.strip().split(" ", 1) for d in PAGE_POLICY.split(";"))
    assert directives["script-src"] == "'self'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in PAGE_POLICY
    # Nothing inline for the policy to refuse.
    page = response.get_data(as_text=True)
    # A JSON data block (the page's words) is no script: nothing runs it.
    script = re.search(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", page)
    assert not script, "an inline script"
    assert not re.search(r"\son\w+=|<style|\sstyle=", page), "an inline handler or style"


@pytest.mark.parametrize(("method", "path", "body"), OTHERS)
def test_every_other_answer_is_data_that_does_not_sniff(client, method, path, body):
    response = client.open(path, method=method, json=body)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"] == DATA_POLICY
    assert "X-Frame-Options" not in response.headers


# --------------------------------------------------------------------- request id


def test_a_sane_request_id_is_answered_as_sent(client):
    for sent in ["b7e1c2a4-93f0-4d7e-a2d1-6c0f5e9b8a71", "req:42", "a" * 128, "Root=1-5f84c7a1/x+y@z_w.v"]:
        assert client.get("/healthz", headers={"X-Request-ID": sent}).headers["X-Request-ID"] == sent


def test_an_insane_or_missing_request_id_is_replaced(client):
    made = set()
    for sent in [None, "", "a" * 129, "two words", 'quote"d', "semi;colon", "ünï"]:
        headers = {} if sent is None else {"X-Request-ID": sent}
        response = client.get("/healthz", headers=headers)
        answered = response.headers["X-Request-ID"]
        assert re.fullmatch(r"[0-9a-f]{32}", answered), answered
        made.add(answered)
    assert len(made) == 7


def test_errors_carry_the_request_id_too(client):
    response = client.post("/v1/goal", json={"position": {}}, headers={"X-Request-ID": "err-1"})
    assert response.status_code == 400
    assert response.headers["X-Request-ID"] == "err-1"


# --------------------------------------------------------------------------- CORS

ELSEWHERE = "http://front-end.example:3000"


def test_any_origin_may_call_by_default(client):
    response = client.post(
        "/v1/removals",
        json={"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"},
        headers={"Origin": ELSEWHERE},
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    exposed = {h.strip() for h in response.headers["Access-Control-Expose-Headers"].split(",")}
    assert exposed == {"X-Request-ID", "X-Rules-Version"}
    assert "Access-Control-Allow-Credentials" not in response.headers


def test_a_preflight_admits_a_json_post(client):
    response = client.options(
        "/v1/turns/apply",
        headers={
            "Origin": ELSEWHERE,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-request-id",
        },
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    allowed = set(response.headers["Access-Control-Allow-Headers"].lower().split(", "))
    assert allowed == {"content-type", "x-request-id"}
    assert response.headers["Access-Control-Max-Age"] == "600"


def test_configured_origins_only():
    client = create_app({"TESTING": True, "CORS_ORIGINS": [ELSEWHERE, "https://other.example"]}).test_client()
    allowed = client.get("/v1/board", headers={"Origin": ELSEWHERE})
    assert allowed.headers["Access-Control-Allow-Origin"] == ELSEWHERE
    assert "Origin" in allowed.headers["Vary"]
    refused = client.get("/v1/board", headers={"Origin": "http://evil.example"})
    assert refused.status_code == 200  # answered, but no browser script may read it
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_origins_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("ORACLE_CORS_ORIGINS", f" {ELSEWHERE} ,https://other.example")
    client = create_app({"TESTING": True}).test_client()
    answer = client.get("/healthz", headers={"Origin": ELSEWHERE})
    assert answer.headers["Access-Control-Allow-Origin"] == ELSEWHERE
    assert "Access-Control-Allow-Origin" not in client.get("/healthz", headers={"Origin": "http://x.example"}).headers


def _cors_headers(response) -> list[tuple[str, str]]:
    """The CORS headers, and Vary without Accept-Language and Accept-Encoding (the
    service's own, for the answer's language and compression: tests/api/test_languages.py,
    tests/api/test_compression.py)."""
    found = []
    for k, v in response.headers.items():
        if k == "Vary":
            v = ", ".join(
                token for token in v.split(", ") if token not in ("Accept-Language", "Accept-Encoding")
            )
            if not v:
                continue
        if k.startswith("Access-Control-") or k == "Vary":
            found.append((k, v))
    return sorted(found)


def _flask_cors_alone(options) -> Flask:
    """flask-cors on a bare app with the service's options: what it answers by itself."""
    reference = Flask("reference")
    reference.add_url_rule("/healthz", "healthz", lambda: {"status": "ok"}, methods=["GET", "DELETE"])
    CORS(reference, **options)
    return reference


@pytest.mark.parametrize("origins", ["*", [ELSEWHERE, "https://other.example"], [ELSEWHERE]])
@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": ELSEWHERE},
        {"Origin": "http://evil.example"},
        {"Access-Control-Request-Private-Network": "true"},
    ],
)
def test_cors_answers_are_flask_corss_own(origins, headers):
    """Whether or not flask-cors has to look at a request (it skips those without an
    Origin), every answer carries the CORS headers flask-cors alone would give it, once."""
    app = create_app({"TESTING": True, "CORS_ORIGINS": origins})
    reference = _flask_cors_alone(app.extensions["oracle.cors"]).test_client()
    client = app.test_client()
    for method in ("GET", "DELETE", "OPTIONS"):  # an answer, a 405 from the error handler, a preflight
        expected = _cors_headers(reference.open("/healthz", method=method, headers=headers))
        assert _cors_headers(client.open("/healthz", method=method, headers=headers)) == expected, method
    expected = _cors_headers(reference.get("/healthz", headers=headers))
    for method, path, body in OTHERS:
        assert _cors_headers(client.open(path, method=method, json=body, headers=headers)) == expected, path


@pytest.mark.parametrize(
    ("value", "origins"),
    [
        (None, "*"),
        ("", "*"),
        ("*", "*"),
        ("https://a.example", ["https://a.example"]),
        ("https://a.example, http://b.example:8000 ,", ["https://a.example", "http://b.example:8000"]),
        ("https://a.example,*", "*"),
    ],
)
def test_cors_origins_setting(value, origins):
    assert cors_origins(value) == origins


# ------------------------------------------------------------------------- bodies


def test_a_body_over_64_kib_is_413_whatever_the_route(client):
    big = b" " * (64 * 1024 + 1)
    for method, path, content_type in [
        ("GET", "/healthz", None),
        ("POST", "/v1/removals", "text/plain"),  # 413 before 415: the size is known first
        ("POST", "/v1/removals", "application/json"),
    ]:
        response = client.open(path, method=method, data=big, content_type=content_type)
        assert response.status_code == 413, (method, path)
        assert response.mimetype == "application/problem+json"
        assert response.get_json()["detail"] == "The body is larger than 64 KiB."


def test_each_game_answers_with_its_own_rules_version(monkeypatch):
    """Every answer names the rules version of the game it is about: a new version of one
    game's rules does not change what the other games' answers say."""
    import service.api

    versions = {"/v1/spiel-der-tuerme/": "sdt-7", "/rules/spiel-der-tuerme": "sdt-7",
                "/v1/turm-und-leute/": "tul-3", "/turm-und-leute": "tul-3", "/rules/turm-und-leute": "tul-3"}
    monkeypatch.setattr(service.api, "GAME_PATHS", versions)
    monkeypatch.setattr(service.api, "RULES_VERSION", "tt-5")
    client = service.api.create_app({"TESTING": True}).test_client()
    answers = {
        "/v1/setup": "tt-5",
        "/healthz": "tt-5",
        "/rules": "tt-5",
        "/v1/spiel-der-tuerme/board": "sdt-7",
        "/v1/spiel-der-tuerme/setup?players=2&seed=1": "sdt-7",
        "/rules/spiel-der-tuerme": "sdt-7",
        "/v1/turm-und-leute/units": "tul-3",
        "/turm-und-leute": "tul-3",
        "/rules/turm-und-leute": "tul-3",
        "/v1/spiel-der-tuerme/nothing-here": "sdt-7",
    }
    seen = {path: client.get(path).headers["X-Rules-Version"] for path in answers}
    assert seen == answers


def test_the_games_rules_versions_are_their_engines():
    import service.api
    import service.spiel_der_tuerme
    import service.turm_und_leute

    assert {prefix.strip("/").split("/")[-1] for prefix in service.api.GAME_PATHS} == {
        "spiel-der-tuerme", "turm-und-leute"}
    for prefix, version in service.api.GAME_PATHS.items():
        engine = service.spiel_der_tuerme if "spiel" in prefix else service.turm_und_leute
        assert version == engine.RULES_VERSION


# ------------------------------------------------------------------- revalidation

#: Every page of the service.
ALL_PAGES = ["/", "/playground", "/docs", "/rules", "/rules/terra-turrium", "/rules/spiel-der-tuerme",
             "/rules/turm-und-leute", "/rules/interpretations", "/turm-und-leute", "/turm-und-leute/ledger"]


def _loaded(client, page: str) -> set[str]:
    """The service's own files ``page`` loads: its scripts and style sheets, and the
    modules those scripts import."""
    text = client.get(page).get_data(as_text=True)
    found = set(re.findall(r'<(?:script|link)\b[^>]*(?:src|href)="(/[^"?#]+)"', text))
    todo = [path for path in found if path.endswith(".js")]
    while todo:
        path = todo.pop()
        script = client.get(path).get_data(as_text=True)
        for imported in re.findall(r'(?:from|import)\s*"([^"]+\.js)"', script):
            if imported.startswith("/"):
                resolved = imported
            else:
                resolved = path.rsplit("/", 1)[0] + "/" + imported.removeprefix("./")
            if resolved not in found:
                found.add(resolved)
                todo.append(resolved)
    return found


def test_a_revalidated_page_or_file_keeps_the_policy_of_its_200(client):
    """A browser lays a 304's headers over the copy it keeps: a 304 that carried the data
    policy (``sandbox``) left a reloaded page blank and its style sheets blocked."""
    checked = set()
    for address in ALL_PAGES + sorted({f for page in ALL_PAGES for f in _loaded(client, page)}):
        first = client.get(address)
        assert first.status_code == 200, address
        tag = first.headers.get("ETag")
        if tag is None:  # served fresh every time: nothing to revalidate
            continue
        again = client.get(address, headers={"If-None-Match": tag})
        assert again.status_code == 304, address
        assert "Content-Security-Policy" not in again.headers, address
        assert "X-Frame-Options" not in again.headers, address
        assert again.headers["X-Content-Type-Options"] == "nosniff"
        checked.add(address)
    pages = {"/playground", "/rules", "/playground/playground.css", "/playground/playground.js"}
    assert pages <= checked, checked


def test_docs_with_a_slash_is_the_docs_page(client):
    response = client.get("/docs/?lang=de")
    assert response.status_code == 301
    assert response.headers["Location"].endswith("/docs?lang=de")
    assert client.get("/docs/").headers["Location"].endswith("/docs")
