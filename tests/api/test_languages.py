"""The JSON API in the client's language: Accept-Language chooses among en, de, nl, fr
(RFC 9110 ranges and q-values, English the default and the fallback); every answer says
which in Content-Language, with Vary: Accept-Language; every problem's title and detail,
every violation's and every schema mistake's detail is written in it, for every game —
and nothing else of the answer changes (rule ids, pointers, enum values, square names).
"""

from __future__ import annotations

import copy
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app
from service.api.envelope import Envelope
from service.api.examples import examples
from service.api.language import negotiate
from service.common.language import LANGUAGES
from tests.languages.english import english_left
from tests.yaml_text import load_yaml

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [language for language in LANGUAGES if language != "en"]
#: Members whose text is written for a person, hence in the answer's language.
WORDS = {"title", "detail", "missing"}


@cache
def paths() -> dict[str, str]:
    """Operation id → its path, for the POST operations of the document."""
    document = load_yaml((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return {op["operationId"]: path for path, item in document["paths"].items()
            for method, op in item.items() if method == "post"}


@cache
def requests() -> list[tuple[str, Any]]:
    """(path, body) of every example of every operation, every game's."""
    return [(paths()[operation], example["value"]) for operation, named in sorted(examples().items())
            for example in named.values()]


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app({"TESTING": True}).test_client()


# ------------------------------------------------------------------- negotiation


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("de", "de"),
        ("nl-BE", "nl"),  # a range with a region: its language
        ("de-CH-1996", "de"),
        ("fr-CA, en;q=0.9", "fr"),
        ("en-GB, de;q=0.9", "en"),  # the first range that names a language wins, not a later exact tag
        ("es, fr;q=0.3", "fr"),  # an unknown language is skipped
        ("es, pt", "en"),  # nothing known: English
        ("*", "en"),
        ("en;q=0, *", "de"),  # *: the first language not refused
        ("de;q=0.2, nl;q=0.8, fr;q=0.5", "nl"),  # by q-value, not by order
        ("nl;q=0.5, fr;q=0.5", "nl"),  # equal q-values: in order
        ("de;q=0", "en"),  # refused: English, the fallback
        ("DE", "de"),
        ("de;q=abc, fr", "fr"),  # a broken q-value is skipped
        (",,;;", "en"),
        ("x" * 10_000, "en"),
    ],
)
def test_accept_language_chooses_the_answers_language(header, expected):
    assert negotiate(header) == expected


def test_a_pages_lang_parameter_wins_over_the_header_when_it_names_a_language():
    assert negotiate("de", query="fr") == "fr"
    assert negotiate("de", query="xx") == "de"
    assert negotiate(None, query="NL") == "nl"


@pytest.mark.parametrize("header", ["de-CH", "nl;q=0.9, en;q=0.1", "fr-FR,fr;q=0.9", "es", None])
def test_every_answer_says_its_language_and_that_it_varies_by_accept_language(client, header):
    headers = {} if header is None else {"Accept-Language": header}
    expected = negotiate(header)
    for answer in (
        client.get("/healthz", headers=headers),
        client.get("/v1/no-such-thing", headers=headers),  # a problem from werkzeug
        client.post("/v1/removals", json={}, headers=headers),  # a 400
        client.post(requests()[0][0], json=requests()[0][1], headers=headers),
    ):
        assert answer.headers["Content-Language"] == expected
        varies = [token.strip() for line in answer.headers.getlist("Vary") for token in line.split(",")]
        assert "Accept-Language" in varies
        assert len(answer.headers.getlist("Content-Language")) == 1


def test_vary_stays_one_header_when_the_answer_varies_already():
    """An answer that varies by something else (flask-cors's Origin, for some settings)
    names both in one Vary line, the one a cache reads."""
    envelope = Envelope(None, [], [])
    headers = [("Content-Type", "application/json"), ("Vary", "Origin")]
    envelope.add_headers({"HTTP_ACCEPT_LANGUAGE": "nl"}, headers, True)
    assert [value for name, value in headers if name == "Vary"] == ["Origin, Accept-Language"]
    assert ("Content-Language", "nl") in headers


# ------------------------------------------------------------ what is translated


def _compare(english: Any, other: Any, language: str, where: str = "", key: str = "") -> list[str]:
    """Where ``other`` differs from ``english`` other than by words: every member and
    value the same, except the texts written for a person, which must be written anew
    in ``language`` (non-empty, not the English, no English name of a value left in them:
    a seat's colour, a phase, a resource …)."""
    if isinstance(english, dict):
        if not isinstance(other, dict) or list(english) != list(other):
            return [f"{where}: members differ"]
        return [p for name in english
                for p in _compare(english[name], other[name], language, f"{where}/{name}", name)]
    if isinstance(english, list):
        if not isinstance(other, list) or len(english) != len(other):
            return [f"{where}: lengths differ"]
        return [p for i, (a, b) in enumerate(zip(english, other, strict=True))
                for p in _compare(a, b, language, f"{where}/{i}", key)]
    if key in WORDS and isinstance(english, str):
        if not other:
            return [f"{where}: empty"]
        if other == english and re.search(r"[a-z]{3}", english):
            return [f"{where}: still English: {english!r}"]
        if english_left(other, language):
            return [f"{where}: English names of values in {other!r}"]
        return []
    return [] if english == other else [f"{where}: {english!r} became {other!r}"]


def _answers(client: Any, path: str, body: Any, language: str) -> tuple[Any, Any]:
    english = client.post(path, json=body, headers={"Accept-Language": "en"})
    other = client.post(path, json=body, headers={"Accept-Language": language})
    assert other.headers["Content-Language"] == language
    assert other.status_code == english.status_code
    return english, other


def _comparable(path: str, answer: Any) -> bool:
    """A JSON answer that is the same whenever it is asked: a suggestion searches for a
    while, so two may differ (its problems do not)."""
    return answer.is_json and (answer.status_code >= 400 or not path.endswith("/suggest"))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize(
    ("path", "body"), requests(), ids=[f"{p}-{i}" for i, (p, _) in enumerate(requests())]
)
def test_every_example_is_answered_alike_in_every_language(client, path, body, language):
    english, other = _answers(client, path, body, language)
    if _comparable(path, english):
        assert not _compare(english.get_json(), other.get_json(), language)


def _pointers(value: Any, where: str = "") -> list[str]:
    found = [where]
    if isinstance(value, dict):
        for name, member in value.items():
            found += _pointers(member, f"{where}/{name}")
    elif isinstance(value, list):
        for i, member in enumerate(value):
            found += _pointers(member, f"{where}/{i}")
    return found


def _changed(body: Any, pointer: str, value: Any) -> Any:
    body = copy.deepcopy(body)
    if not pointer:
        return value
    *parents, last = pointer.split("/")[1:]
    target = body
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is _DROP:
        del target[last]
    else:
        target[last] = value
    return body


_DROP = object()
#: What a member is changed to: wrong types, values out of range, squares off the board,
#: strings that name nothing or a value of another member (a colour, a phase, a site …),
#: or nothing at all.
VALUES = [None, True, -1, 0, 1, 3, 7, 99, 10**20, "", "zz", "a1", "j10", "n8", "reserve", "blue", "graf",
          "yellow", "move", "take", "wall", "forest", "farm", "zwerge", [], ["c7"], {}, {"x": 1}, _DROP]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_problem_of_every_game_is_answered_in_every_language(client, data):
    """A property: an example request of any operation of any game, one member changed to
    something wrong, asked in German, Dutch or French, is answered as in English — the
    same status, rule ids, pointers and members — with every title and detail written
    in that language."""
    path, body = data.draw(st.sampled_from(requests()), label="request")
    pointer = data.draw(st.sampled_from(_pointers(body)), label="pointer")
    value = data.draw(st.sampled_from(VALUES), label="value")
    if value is _DROP and (not pointer or pointer.rsplit("/", 1)[1].isdigit()):
        value = None
    language = data.draw(st.sampled_from(TRANSLATED), label="language")
    english, other = _answers(client, path, _changed(body, pointer, value), language)
    if _comparable(path, english):
        assert not _compare(english.get_json(), other.get_json(), language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_http_problems_are_written_in_the_language(client, language):
    headers = {"Accept-Language": language}
    for answer, english in (
        (client.get("/v1/nothing", headers=headers), client.get("/v1/nothing")),
        (client.delete("/v1/removals", headers=headers), client.delete("/v1/removals")),
        (client.post("/v1/removals", data="x", headers=headers), client.post("/v1/removals", data="x")),
        (client.post("/v1/removals", data="{", content_type="application/json", headers=headers),
         client.post("/v1/removals", data="{", content_type="application/json")),
    ):
        assert answer.status_code == english.status_code
        assert answer.get_json()["title"] != english.get_json()["title"]
        assert answer.get_json()["detail"] != english.get_json()["detail"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_batch_and_a_replay_answer_in_the_language_of_their_request(client, language):
    position = examples()["batch"]["reach-everywhere"]["value"]["position"]
    batch = {"position": position, "requests": [
        {"operation": "reach", "body": {"from": "a1"}},
        {"operation": "reach", "body": {"from": 7}},
    ]}
    english, other = _answers(client, "/v1/batch", batch, language)
    assert not _compare(english.get_json(), other.get_json(), language)
    assert "detail" in str(english.get_json())
    replay = copy.deepcopy(examples()["replay"]["turns"]["value"])
    replay["turns"].append({"take": ["a1"]})  # a stone off the board: refused, with its violation
    english, other = _answers(client, "/v1/games/replay", replay, language)
    assert not _compare(english.get_json(), other.get_json(), language)
    assert english.get_json()["turns"][-1]["legal"] is False


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("body", [None, 7, "take"], ids=["null", "number", "text"])
def test_a_batch_request_whose_body_is_no_object_is_refused_in_the_language_asked(client, language, body):
    """A batch's request body is read by its own operation later; its shape mistakes are
    the project's sentences, translated like every other."""
    batch = copy.deepcopy(examples()["batch"][next(iter(examples()["batch"]))]["value"])
    batch["requests"][0]["body"] = body
    english, other = (answer.get_json() for answer in _answers(client, "/v1/batch", batch, language))
    assert english["status"] == 400 and english["errors"][0]["pointer"] == "/requests/0/body"
    assert english["errors"][0]["detail"] in ("must not be null", "must be an object")
    assert not _compare(english, other, language)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("body", "line", "column"),
    [("{", 1, 2), ('{"from": "a1",\n  7}', 2, 3), ('{"from" "a1"}', 1, 9), ('{"from": "a1"} x', 1, 16),
     ('{"from": "a1\n"}', 1, 13), ("[1, 2,]", 1, 7)],
)
def test_a_json_syntax_error_is_told_in_the_services_own_words_with_line_and_column(
    client, language, body, line, column
):
    """The decoder's English ("Expecting ',' delimiter: line 1 column 9 (char 8)") is no
    sentence of the service: a body that is not JSON is refused with the service's own
    sentence, in the language asked for, naming the line and the column."""
    answer = client.post("/v1/reach", data=body, content_type="application/json",
                         headers={"Accept-Language": language})
    assert answer.status_code == 400
    (error,) = answer.get_json()["errors"]
    detail = error["detail"]
    assert f" {line}," in detail and f" {column}" in detail, detail
    assert not re.search(r"Expecting|delimiter|\(char|Unterminated|Extra data|Invalid", detail), detail
    if language != "en":
        english = client.post("/v1/reach", data=body, content_type="application/json").get_json()
        assert detail != english["errors"][0]["detail"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_s1_a_seat_the_position_lacks_is_echoed_as_sent(client, language):
    """A handover from a colour the position has no seat of names the id the request
    sent, quoted: the client's JSON value, not the seat's name in the reader's words."""
    path, body = next((p, b) for p, b in requests() if p.endswith("/handover"))
    body = copy.deepcopy(body)
    body["position"]["seats"][2]["id"] = "green"  # the handover is from "blue"
    english, other = _answers(client, path, body, language)
    assert english.status_code == 422 and english.get_json()["detail"].startswith("'blue'")
    assert not _compare(english.get_json(), other.get_json(), language)
