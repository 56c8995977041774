"""What the whole suite shares: hypothesis without a clock; what the engines' coverage is
measured over.

``ORACLE_COMPILED_BUILD=build/compiled`` (``make test-compiled``) puts the engines compiled
by mypyc (setup.py, ``make compile``) ahead of the sources, for the tests that run against
them; the doctests always read the sources.
"""

import os
import sys

import pytest
from hypothesis import settings

#: Hypothesis fails an example that takes longer than its deadline (200 ms unless a test
#: sets one): a judgement of the machine's speed, which a busy machine fails. No test of
#: the suite has one; what the engines cost is measured by ``make bench``.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

if os.environ.get("ORACLE_COMPILED_BUILD"):
    sys.path.insert(0, os.path.abspath(os.environ["ORACLE_COMPILED_BUILD"]))
    # Imported now, from there: every module of the package is then found through its
    # __path__, whatever pytest puts ahead on sys.path later (it puts the repository's
    # root first to import bench/ as a package).
    import service  # noqa: F401


#: The engines' coverage (make test's ``--cov``, at least 95 %) is measured over their own
#: tests and doctests: tracing every line of the HTTP, browser, serving and client tests
#: as well doubled those tests' CPU time, for lines the engines' tests already reach.
ENGINE_TESTS = ("service/", "tests/terra_turrium/", "tests/spiel_der_tuerme/", "tests/turm_und_leute/",
                "tests/common/")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if not item.nodeid.startswith(ENGINE_TESTS):
            item.add_marker(pytest.mark.no_cover)
