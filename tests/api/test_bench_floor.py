"""The benchmark floor (service/api/floor.py): off unless asked for, and then it reads a
body exactly as the POST endpoints do."""

from __future__ import annotations

import yaml

import service
from service.api.spec import spec_yaml

from .bodies import position


def test_the_floor_is_not_served_by_default(client):
    assert client.post("/bench/floor", json={"position": position()}).status_code == 404


def test_the_environment_variable_turns_it_on(monkeypatch):
    monkeypatch.setenv("ORACLE_BENCH_FLOOR", "1")
    app = service.create_app({"TESTING": True})
    response = app.test_client().post("/bench/floor", json={"position": position()})
    assert response.status_code == 200
    assert response.get_json() == {"floor": True}


def test_it_refuses_what_the_endpoints_refuse_and_stays_out_of_the_spec():
    app = service.create_app({"TESTING": True, "BENCH_FLOOR": True})
    client = app.test_client()
    bad = {"position": {**position(), "heights": [[1] * 10] * 9}}
    floor, removals = client.post("/bench/floor", json=bad), client.post("/v1/removals", json=bad)
    assert floor.status_code == removals.status_code == 400
    assert floor.get_json() == removals.get_json()
    assert client.post("/bench/floor", data="{", content_type="application/json").status_code == 400
    assert "/bench/floor" not in yaml.safe_load(spec_yaml(app))["paths"]
