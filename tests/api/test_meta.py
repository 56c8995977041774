"""GET /healthz, /openapi.yaml, /docs and the Swagger UI files (/rules: test_rules_page.py)."""

from __future__ import annotations

import re
from pathlib import Path

import service
from service.build import engine
from tests.yaml_text import load_yaml


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "version": service.__version__, "engine": engine()}


def test_openapi_yaml_is_served_as_yaml(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    document = load_yaml(response.data)
    assert document["openapi"].startswith("3.0")
    assert document["info"]["version"] == service.__version__


def test_docs_page_loads_the_spec_and_local_assets_only(client):
    response = client.get("/docs")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert 'data-spec="/openapi.yaml"' in page
    sources = re.findall(r'src="([^"]+)"', page) + re.findall(r'<link [^>]*href="([^"]+)"', page)
    assert sources and all(s.startswith("/docs/") for s in sources), sources
    for source in sources:
        assert client.get(source).status_code == 200, source


def test_docs_assets_are_the_swagger_ui_bundle(client):
    response = client.get("/docs/swagger-ui-bundle.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert b"SwaggerUIBundle" in response.data


def test_docs_unknown_asset_is_404(client):
    assert client.get("/docs/nothing.js").status_code == 404
    # An escaped ../ reaches the route as part of the file name and must stay inside the bundle.
    assert client.get("/docs/..%2F..%2F..%2Fmeta.py").status_code == 404


def test_docs_serves_only_the_bundle_files_the_page_loads(client):
    from service.api.meta import SWAGGER_UI

    page = client.get("/docs").get_data(as_text=True)
    loaded = {s.removeprefix("/docs/") for s in re.findall(r'(?:src|href)="(/docs/[^/"]+)"', page)}
    bundle = {p.name for p in Path(SWAGGER_UI).iterdir() if p.is_file()}
    assert loaded and loaded < bundle  # the bundle has more: index.html, oauth2-redirect.html, maps …
    served = {name for name in bundle if client.get(f"/docs/{name}").status_code == 200}
    assert served == loaded
