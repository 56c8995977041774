"""Collection of the doctests: the former module names only re-export (and warn).

``ORACLE_COMPILED_BUILD=build/compiled`` (``make test-compiled``) puts the engines compiled
by mypyc (setup.py, ``make compile``) ahead of the sources, for the tests that run against
them; the doctests always read the sources.
"""

import os
import sys

collect_ignore = ["service/rules", "service/render/svg.py"]

if os.environ.get("ORACLE_COMPILED_BUILD"):
    sys.path.insert(0, os.path.abspath(os.environ["ORACLE_COMPILED_BUILD"]))
    # Imported now, from there: every module of the package is then found through its
    # __path__, whatever pytest puts ahead on sys.path later (it puts the repository's
    # root first to import bench/ as a package).
    import service  # noqa: F401
