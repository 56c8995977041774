"""Fixtures of the HTTP tests."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture()
def post(client):
    """POST a JSON body; returns the response."""

    def _post(path: str, body: Any, **kwargs: Any):
        return client.post(path, json=body, **kwargs)

    return _post
