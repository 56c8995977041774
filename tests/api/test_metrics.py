"""GET /metrics in-process (one process; tests/serving checks the sum over workers)."""

from __future__ import annotations

import logging
import re

from service.logs import RequestIdFilter

SETUP = {"position": "setup|yellow:NW|red:NE|blue:SE|green:SW"}


def _value(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for line in text.splitlines():
        match = re.fullmatch(rf"{name}\{{(.*)\}} (\S+)", line)
        if match and all(f'{k}="{v}"' in match.group(1).split(",") for k, v in labels.items()):
            total += float(match.group(2))
    return total


def test_metrics_count_and_time_each_endpoint(client):
    before = client.get("/metrics").get_data(as_text=True)
    client.post("/v1/removals", json=SETUP)
    client.post("/v1/removals", json=SETUP)
    client.post("/v1/removals", json={"position": {}})
    client.get("/v1/board")
    client.get("/no/such/page")
    after = client.get("/metrics")
    assert after.status_code == 200
    assert after.content_type == "text/plain; version=0.0.4; charset=utf-8"
    text = after.get_data(as_text=True)

    def delta(name: str, **labels: str) -> float:
        return _value(text, name, **labels) - _value(before, name, **labels)

    removals = {"endpoint": "/v1/removals", "method": "POST"}
    assert delta("oracle_http_requests_total", status="200", **removals) == 2
    assert delta("oracle_http_requests_total", status="400", **removals) == 1
    assert delta("oracle_http_errors_total", status="400", **removals) == 1
    assert delta("oracle_http_errors_total", status="200", **removals) == 0
    assert delta("oracle_http_request_duration_seconds_count", **removals) == 3
    assert delta("oracle_http_request_duration_seconds_bucket", le="+Inf", **removals) == 3
    assert delta("oracle_http_requests_total", endpoint="/v1/board", status="200") == 1
    # A path no route serves is counted under one name, whatever the path.
    assert delta("oracle_http_errors_total", endpoint="unmatched", status="404") == 1
    assert "/no/such/page" not in text


def test_metrics_name_no_method_a_client_makes_up(client):
    before = client.get("/metrics").get_data(as_text=True)
    for method in ("BREW", "WHEN", "X" * 20):
        client.open("/healthz", method=method)
    text = client.get("/metrics").get_data(as_text=True)
    labels = {"endpoint": "unmatched", "method": "other", "status": "405"}  # no route serves such a method
    assert (
        _value(text, "oracle_http_errors_total", **labels)
        - _value(before, "oracle_http_errors_total", **labels)
        == 3
    )
    assert "BREW" not in text and "WHEN" not in text


def test_log_records_written_while_answering_carry_the_request_id(app):
    record = logging.LogRecord("service.api", logging.ERROR, __file__, 1, "failed", None, None)
    with app.test_request_context("/healthz", headers={"X-Request-ID": "log-me"}):
        app.preprocess_request()
        assert RequestIdFilter().filter(record)
    assert record.request_id == "log-me"  # type: ignore[attr-defined]
    outside = logging.LogRecord("service.api", logging.ERROR, __file__, 1, "failed", None, None)
    assert RequestIdFilter().filter(outside) and not hasattr(outside, "request_id")
