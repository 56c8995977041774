"""Shared fixtures for the HTTP tests (the pattern of the Flask tutorial)."""

import pytest

from service import create_app


@pytest.fixture(scope="session")
def app():
    # One application for every test of a process: the service keeps no state between
    # requests (a test that counts, as the metrics' do, counts differences), and building
    # the application and its document for each of some 1,300 tests cost more than a
    # minute of CPU.
    return create_app({"TESTING": True, "CHECK_ANSWERS": True})


@pytest.fixture()
def client(app):
    return app.test_client()
