"""Shared fixtures for the HTTP tests (the pattern of the Flask tutorial)."""

import pytest

from service import create_app


@pytest.fixture()
def app():
    app = create_app({"TESTING": True, "CHECK_ANSWERS": True})
    yield app


@pytest.fixture()
def client(app):
    return app.test_client()
