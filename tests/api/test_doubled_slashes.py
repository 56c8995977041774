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


#: Addresses of the service, each written with a doubled slash somewhere: none of them is.
DOUBLED = [
    "//docs", "///healthz", "//healthz", "//metrics", "//openapi.yaml", "//playground", "//",
    "//playground/playground.js", "/playground//playground.js", "/docs//", "//v1/board",
    "/v1//board", "/v1/board//", "//rules/terra-turrium", "/rules//terra-turrium",
]
#: Files' paths with a trailing slash.
TRAILING = ["/playground/playground.js/", "/terra-turrium/terra-turrium.js/", "/favicon.ico/",
            "/docs/swagger-ui.css/", "/healthz/", "/rules/terra-turrium/", "/playground/"]


@pytest.mark.parametrize("path", DOUBLED + TRAILING)
def test_no_doubled_slash_nor_a_files_trailing_slash_is_an_address(client: Any, path: str) -> None:
    answer = client.get("/", environ_overrides={"PATH_INFO": path})
    assert answer.status_code == 404, (path, answer.status_code)
    assert answer.mimetype == "application/problem+json" and answer.json["status"] == 404


@pytest.mark.parametrize("path", ["/", "/docs", "/healthz", "/playground/playground.js", "/favicon.ico"])
def test_the_same_paths_written_once_are_answered(client: Any, path: str) -> None:
    assert client.get(path).status_code == 200


def test_docs_with_a_slash_still_redirects_to_the_documentation(client: Any) -> None:
    answer = client.get("/docs/")
    assert answer.status_code == 301 and answer.headers["Location"] == "/docs"
