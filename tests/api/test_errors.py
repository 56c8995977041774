"""What every endpoint shares: problem details for each class of error, the rules header,
byte-identical answers, unknown members refused, and input left as it was."""

from __future__ import annotations

import copy
import json
import logging

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.api.terra_turrium import questions
from service.api.terra_turrium.examples import examples
from service.common import MAX_PROBLEMS
from service.terra_turrium import RULES_VERSION
from service.terra_turrium.position import MAX_HEIGHT
from service.terra_turrium.wire.queries import ApplyQuery

from .bodies import PROBLEM, position, with_heights

POSTS = (
    "/v1/removals",
    "/v1/placements",
    "/v1/reach",
    "/v1/captures",
    "/v1/goal",
    "/v1/turns/validate",
    "/v1/turns/apply",
)


def _example(path: str) -> dict:
    name = path.rsplit("/", 1)[1]
    return next(iter(examples()[name].values()))["value"]


def _problem(response, status: int) -> dict:
    assert response.status_code == status, response.data
    assert response.mimetype == PROBLEM
    assert response.headers["X-Rules-Version"] == RULES_VERSION
    problem = response.get_json()
    assert problem["status"] == status
    assert {"type", "title", "detail"} <= problem.keys()
    return problem


# --- 400 ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", POSTS)
def test_invalid_json_is_400(client, path):
    problem = _problem(client.post(path, data='{"position": ', content_type="application/json"), 400)
    assert problem["type"] == "urn:terra-turrium:problem:invalid-request"
    assert problem["errors"][0]["pointer"] == ""
    assert problem["errors"][0]["detail"].startswith("not valid JSON")


@pytest.mark.parametrize(
    "text", ["", "NaN", '{"position": Infinity}', "[" * 5000 + "]" * 5000, b"\xff\xfe{}"]
)
def test_what_is_not_json_is_400(client, text):
    _problem(client.post("/v1/goal", data=text, content_type="application/json"), 400)


@pytest.mark.parametrize("path", POSTS)
def test_unknown_members_are_400_at_every_level(post, path):
    body = copy.deepcopy(_example(path))
    body["colour"] = "red"
    body["position"]["seats"][0]["nickname"] = "Y"
    problem = _problem(post(path, body), 400)
    assert problem["errors"] == [
        {"pointer": "/position/seats/0/nickname", "detail": "is not a member of this object"},
        {"pointer": "/colour", "detail": "is not a member of this object"},
    ]


@pytest.mark.parametrize("path", POSTS)
def test_missing_position_is_400(post, path):
    body = {k: v for k, v in _example(path).items() if k != "position"}
    problem = _problem(post(path, body), 400)
    assert {"pointer": "/position", "detail": "is required"} in problem["errors"]


@pytest.mark.parametrize(
    ("change", "pointer"),
    [
        (lambda p: p["seats"][0].update(attacks=6), "/position/seats/0/attacks"),
        (lambda p: p["seats"][0].update(attacks=True), "/position/seats/0/attacks"),
        (lambda p: p["seats"][0].update(attacks=1.0), "/position/seats/0/attacks"),
        (lambda p: p["seats"][0].update(attacks="1"), "/position/seats/0/attacks"),
        (lambda p: p["seats"][0].update(id="Yellow"), "/position/seats/0/id"),
        (lambda p: p["seats"][0].update(turrians=["a11"]), "/position/seats/0/turrians/0"),
        (lambda p: p["seats"][0].update(turrians=["a1\n"]), "/position/seats/0/turrians/0"),
        (lambda p: p["seats"][0].update(territories=["N"]), "/position/seats/0/territories/0"),
        (lambda p: p["heights"].pop(), "/position/heights"),
        (lambda p: p["heights"][3].append(1), "/position/heights/3"),
        (lambda p: p["heights"][3].__setitem__(4, -1), "/position/heights/3/4"),
        (lambda p: p["seats"].__delitem__(slice(1, None)), "/position/seats"),
        (lambda p: p.update(rules={"team_play": "true"}), "/position/rules/team_play"),
        (lambda p: p.update(turn={"phase": "rest"}), "/position/turn/phase"),
        (lambda p: p.update(turn={"points": 6}), "/position/turn/points"),
        (lambda p: p.update(to_move=None), "/position/to_move"),
        (lambda p: p.update(seats="yellow"), "/position/seats"),
    ],
)
def test_schema_violations_are_400_with_a_pointer(post, change, pointer):
    data = position(4)
    change(data)
    problem = _problem(post("/v1/removals", {"position": data}), 400)
    assert [e["pointer"] for e in problem["errors"]] == [pointer]


def test_a_body_that_is_not_an_object_is_400(post):
    problem = _problem(post("/v1/removals", [1, 2]), 400)
    assert problem["errors"] == [{"pointer": "", "detail": "must be an object"}]


def test_reach_points_and_from_are_checked(post):
    body = {"position": position(4), "from": "a10", "points": 6}
    assert [e["pointer"] for e in _problem(post("/v1/reach", body), 400)["errors"]] == ["/points"]
    body = {"position": position(4), "from": "Reserve"}
    assert [e["pointer"] for e in _problem(post("/v1/reach", body), 400)["errors"]] == ["/from"]


def test_pointers_escape_slash_and_tilde_rfc_6901(post):
    problem = _problem(post("/v1/goal", {"position": position(4), "a/b~c": 1}), 400)
    assert problem["errors"] == [{"pointer": "/a~1b~0c", "detail": "is not a member of this object"}]


def test_a_lone_surrogate_in_a_key_is_answered(client):
    body = '{"position": {}, "\\ud800": 1}'
    problem = _problem(client.post("/v1/goal", data=body, content_type="application/json"), 400)
    assert {"pointer": "/\ud800", "detail": "is not a member of this object"} in problem["errors"]


# --- 413, 415, 404, 405 -----------------------------------------------------------


def test_a_body_over_64_kib_is_413(client):
    body = b'{"position": "' + b"x" * (64 * 1024) + b'"}'
    problem = _problem(client.post("/v1/removals", data=body, content_type="application/json"), 413)
    assert problem["type"] == "about:blank"


def test_a_body_of_exactly_64_kib_is_read(client):
    padding = 64 * 1024 - len(b'{"position": ""}')
    body = b'{"position": "' + b" " * padding + b'"}'
    assert len(body) == 64 * 1024
    assert client.post("/v1/removals", data=body, content_type="application/json").status_code == 400


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_not_sent_as_json_is_415(client, content_type):
    data = b'{"position": {}}'
    response = (
        client.post("/v1/goal", data=data, content_type=content_type)
        if content_type
        else client.post("/v1/goal", data=data)
    )
    problem = _problem(response, 415)
    assert "application/json" in problem["detail"]


def test_json_with_a_charset_is_json(client):
    body = _example("/v1/goal")
    response = client.post("/v1/goal", json=body, content_type="application/json; charset=utf-8")
    assert response.status_code == 200


def test_unknown_path_is_404(client):
    problem = _problem(client.get("/v1/moves"), 404)
    assert problem["title"] == "Not Found"


@pytest.mark.parametrize(
    ("method", "path", "allow"), [("get", "/v1/reach", "POST"), ("post", "/v1/board", "GET")]
)
def test_wrong_method_is_405_with_allow(client, method, path, allow):
    response = getattr(client, method)(path)
    _problem(response, 405)
    assert allow in response.headers["Allow"]


# --- 422 and 500 -----------------------------------------------------------------------


def test_invalid_position_pointer_is_relative_to_the_body(post):
    data = with_heights(position(3), a1=1)  # ring 0 is out of play with 3 players (B4)
    problem = _problem(post("/v1/placements", {"position": data}), 422)
    assert problem == {
        "type": "urn:terra-turrium:problem:invalid-position",
        "title": "Invalid position",
        "status": 422,
        "detail": "a1 is out of play with 3 players and must stay empty",
        "rule": "B4",
        "field": "/position/heights/0/0",
    }


def test_unknown_seat_is_422_s1(post):
    problem = _problem(post("/v1/goal", {"position": position(4, to_move="purple")}), 422)
    assert (problem["rule"], problem["field"]) == ("S1", "/position/to_move")


def test_an_unexpected_error_is_a_logged_500_without_details(client, monkeypatch, caplog):
    def broken(position):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(questions, "legal_placements", broken)
    with caplog.at_level(logging.ERROR):
        response = client.post("/v1/placements", json=_example("/v1/placements"))
    problem = _problem(response, 500)
    assert problem == {
        "type": "about:blank",
        "title": "Internal Server Error",
        "status": 500,
        "detail": "The service failed to answer; the error has been logged.",
    }
    assert b"secret" not in response.data and b"Traceback" not in response.data
    assert "secret internals" in caplog.text


# --- every answer ------------------------------------------------------------------


@pytest.mark.parametrize("path", POSTS)
def test_answers_are_byte_identical_and_carry_the_rules_version(post, path):
    first, second = post(path, _example(path)), post(path, _example(path))
    assert first.status_code == 200
    assert first.mimetype == "application/json"
    assert first.headers["X-Rules-Version"] == RULES_VERSION
    assert first.data == second.data


@pytest.mark.parametrize("path", ["/v1/setup?players=2", "/v1/board", "/healthz", "/openapi.yaml", "/docs"])
def test_get_answers_are_byte_identical_and_carry_the_rules_version(client, path):
    first, second = client.get(path), client.get(path)
    assert first.status_code == 200
    assert first.headers["X-Rules-Version"] == RULES_VERSION
    assert first.data == second.data


def test_every_answer_carries_the_rules_version(client):
    for response in (
        client.options("/v1/reach"),
        client.head("/v1/board"),
        client.get("/docs/swagger-ui.css"),
    ):
        assert response.headers["X-Rules-Version"] == RULES_VERSION


def test_b5_heights_are_read_up_to_the_contracts_bound(post):
    tall = {"position": with_heights(position(4, seat_changes={0: {"turrians": ["a10"]}}), b10=MAX_HEIGHT)}
    response = post("/v1/removals", tall)
    assert response.status_code == 200
    assert {"square": "b10", "territory": "NW", "height": MAX_HEIGHT, "rule": "own"} in response.get_json()[
        "removals"
    ]
    taller = {"position": with_heights(position(4), b10=MAX_HEIGHT + 1)}
    problem = _problem(post("/v1/removals", taller), 400)
    assert problem["errors"] == [
        {"pointer": "/position/heights/9/1", "detail": f"must be between 0 and {MAX_HEIGHT}"}
    ]


def test_reading_a_request_leaves_it_unchanged(app):
    body = copy.deepcopy(examples()["apply"]["midgame"]["value"])
    original = copy.deepcopy(body)
    with app.test_request_context():
        ApplyQuery().load(body)
    assert body == original


@pytest.mark.parametrize(
    "path", ["/v1/removals", "/v1/reach", "/v1/turns/apply", "/v1/batch", "/v1/games/replay"]
)
def test_a_body_of_21700_empty_seats_gets_a_small_400(client, path):
    """A body just under 64 KiB that is nearly all mistakes (21,700 empty seats) is
    answered with one short problem, not with a reason per mistake: the answer is no
    larger than the question deserves."""
    bad = {"heights": [[1] * 10] * 10, "seats": [{}] * 21_700, "to_move": "yellow"}
    body = {
        "/v1/games/replay": {"start": bad, "turns": []},
        "/v1/batch": {"position": bad, "requests": [{"op": "goal", "body": {}}]},
    }.get(path, {"position": bad})
    data = json.dumps(body, separators=(",", ":")).encode()
    assert 60_000 < len(data) <= 64 * 1024
    response = client.post(path, data=data, content_type="application/json")
    problem = _problem(response, 400)
    assert len(response.data) <= 16 * 1024
    assert len(problem.get("errors", [])) <= MAX_PROBLEMS
    assert any(e["pointer"].startswith(("/position/seats", "/start/seats")) for e in problem["errors"])


@pytest.mark.parametrize("phase", [{}, [], 1, None])
def test_a_turn_phase_of_the_wrong_type_is_400_with_its_pointer(post, phase):
    body = {
        "position": position(turn={"phase": phase, "taken": [], "in_hand": 0, "points": 5, "attacked": False})
    }
    problem = _problem(post("/v1/removals", body), 400)
    assert [e["pointer"] for e in problem["errors"]] == ["/position/turn/phase"]


def test_an_integer_beyond_64_bits_is_read_as_an_integer(client):
    """B5: a height of 10**30 is an integer too large for the contract, not "not an
    integer"; and the same number in a member with no upper bound in the document (Turm
    und Leute's figures) reaches the rules (L1: no tile holds that many)."""
    heights = json.dumps({"position": position()})
    body = heights.replace('"heights": [[1', '"heights": [[' + "1" + "0" * 30, 1)
    problem = _problem(client.post("/v1/removals", data=body, content_type="application/json"), 400)
    assert problem["errors"][0]["pointer"] == "/position/heights/0/0"
    assert "integer" not in problem["errors"][0]["detail"]
    fight = ('{"edition": "turm-und-leute", "attackers": [{"kind": "reiter", "figures": 1%s}],'
             ' "target": {"kind": "pikeniere", "figures": 5}}' % ("0" * 30))
    problem = _problem(
        client.post("/v1/turm-und-leute/combat", data=fight, content_type="application/json"), 422
    )
    assert problem["field"] == "/attackers/0/figures"


# --- hostile bodies ---------------------------------------------------------------------
#
# Any body up to 64 KiB is refused in time linear in its size, with an answer of at most
# 16 KB: at most MAX_PROBLEMS reasons, each echoed name cut short, ``truncated`` saying
# so. The time is judged against the machine's own: at most CPU_RATIO times the CPU
# time of a valid request measured beside it (bench/hostile.py measures the worst case,
# 28 times, and docs/deploying.md records it; a refusal quadratic in the body's size
# took hundreds of times).

CPU_RATIO = 100
ANSWER_BOUND = 16 * 1024
#: Words of Python's own that must never reach a client.
INTERNALS = ("sys.", "set_int_max_str_digits", "Traceback", "<class", "Error(", "0x7f")
_VALID_CPU: list[float] = []


def _valid_cpu(client) -> float:
    """The CPU time of a valid request on this machine, the least of 20 (measured once)."""
    from bench.hostile import VALID, VALID_PATH, cpu_seconds

    if not _VALID_CPU:
        seconds, response = cpu_seconds(client, VALID_PATH, VALID, rounds=20)
        assert response.status_code == 200
        _VALID_CPU.append(seconds)
    return _VALID_CPU[0]


def _hostile(client, path: str, data: bytes) -> dict:
    from bench.hostile import cpu_seconds

    seconds, response = cpu_seconds(client, path, data, rounds=2)
    assert response.status_code in (400, 422), (path, response.status_code, response.data[:300])
    assert response.mimetype == PROBLEM
    assert len(response.data) <= ANSWER_BOUND, (path, len(response.data))
    assert seconds <= CPU_RATIO * _valid_cpu(client), (path, seconds, _valid_cpu(client))
    text = response.data.decode()
    assert not any(word in text for word in INTERNALS), text[:500]
    problem = response.get_json()
    errors = problem.get("errors", [])
    assert len(errors) <= MAX_PROBLEMS
    if len(errors) == MAX_PROBLEMS:
        assert problem["truncated"] is True
    return problem


@pytest.mark.parametrize(
    "kind",
    [
        "unknown members",
        "unknown members inside",
        "long names",
        "escaped names",
        "non-ASCII names",
        "control and surrogate names",
        "deep nesting",
        "too deep",
        "huge numbers",
        "too many digits",
        "huge members",
    ],
)
def test_the_worst_bodies_of_each_kind_get_a_bounded_400_quickly(client, kind):
    from bench.hostile import KINDS, LIMIT, posts

    for path, base in posts().items():
        data = KINDS[kind](base)
        assert len(data) <= LIMIT
        _hostile(client, path, data)


def test_6000_unknown_members_get_the_first_20_in_body_order_and_truncated(client):
    from bench.hostile import fill

    data = fill({"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}, lambda i: (f"m{i}", 0))
    problem = _hostile(client, "/v1/removals", data)
    assert [e["pointer"] for e in problem["errors"]] == [f"/m{i}" for i in range(MAX_PROBLEMS)]
    assert problem["truncated"] is True
    assert "at least" in problem["detail"]


def test_a_long_member_name_is_cut_and_said_so(post):
    problem = _problem(post("/v1/goal", {"position": position(4), "~" * 5000: 1}), 400)
    (error,) = problem["errors"]
    assert error["pointer"].startswith("/~0~0") and error["pointer"].endswith("\u2026")
    assert not error["pointer"][:-1].endswith("~")  # never inside an escape
    assert len(error["pointer"]) <= 160 and problem["truncated"] is True


def test_a_member_named_like_a_pointer_is_escaped_rfc_6901(post):
    problem = _problem(post("/v1/goal", {"position": position(4), "/from": 1, "~1": 2}), 400)
    assert [e["pointer"] for e in problem["errors"]] == ["/~1from", "/~01"]
    assert "truncated" not in problem


def test_too_many_digits_names_no_setting_of_python(client):
    problem = _problem(client.post("/v1/goal", data=b'{"position": ' + b"7" * 5000 + b"}",
                                   content_type="application/json"), 400)
    assert problem["errors"][0]["detail"] == "not valid JSON: a number has more than 4300 digits"


_names = st.text(st.characters(codec="utf-8") | st.sampled_from("~/\x00\x7f\u2028\U0001f600"), max_size=40)
_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(10**60), max_value=10**60) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_names, inner, max_size=4),
    max_leaves=12,
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,
    ],
)
@given(
    data=st.data(),
    members=st.dictionaries(_names, _values, min_size=1, max_size=8),
    repeat=st.integers(min_value=1, max_value=3000),
    stretch=st.integers(min_value=1, max_value=400),
    inside=st.booleans(),
)
def test_any_hostile_body_up_to_64_kib_gets_a_bounded_400_quickly(
    client, data, members, repeat, stretch, inside
):
    """Generated members, their names stretched and the set repeated under new names
    until the body is up to 64 KiB, in the body or in its first object member."""
    from bench.hostile import LIMIT, _in_object, encode, fill, posts

    path = data.draw(st.sampled_from(sorted(posts())))
    items = [(name * stretch, value) for name, value in members.items()]
    base = posts()[path]
    body = fill(base, lambda i: (f"{i}{items[i % len(items)][0]}", items[i % len(items)][1]),
                into=_in_object if inside else None, limit=min(LIMIT, len(encode(base)) + repeat * 64))
    assume(body != encode(base))  # a member fitted
    assert len(body) <= LIMIT
    problem = _hostile(client, path, body)
    for error in problem.get("errors", []):
        echoed = error.get("pointer", error.get("parameter", ""))
        assert len(encode(echoed)) <= 2 * 160 and len(error["detail"]) <= 240
