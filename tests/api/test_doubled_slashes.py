"""A path with doubled slashes is no address of the service: never a redirect to the
merged path, which werkzeug would write under the request's Host header."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("path", ["//docs//x", "//evil.example/docs", "/docs//x", "//v1//reach"])
def test_doubled_slashes_never_redirect_to_the_host_header(client: Any, path: str) -> None:
    answer = client.get("/", environ_overrides={"PATH_INFO": path}, headers={"Host": "evil.example"})
    assert answer.status_code not in (301, 302, 303, 307, 308), answer.headers
    assert "Location" not in answer.headers
