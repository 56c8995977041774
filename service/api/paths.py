"""Which paths are addresses of the service: never one with a doubled slash, nor a file's
with a trailing slash (docs/api.md, "Paths").

werkzeug's router strips the slashes a path begins with before it matches (``//docs`` is
``/docs`` to it), and a file is found by a path normalised on the way (``core.js/`` is
``core.js``): both were answered 200. A cache or a proxy in front that tells paths apart
by their bytes would keep several copies of one answer, or route a path the service
takes for another. So before any view, such a path is 404 problem details; the route it
would have matched is no matter.
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.exceptions import NotFound


def refuse_unaddressed() -> None:
    """Before every view: 404 for a path with a doubled slash anywhere, or with a trailing
    slash where the route matched does not end in one (a file's path, say)."""
    path = request.environ.get("PATH_INFO", "")
    if "//" in path:
        raise NotFound()
    if path.endswith("/") and path != "/":
        rule = request.url_rule
        if rule is None or not rule.rule.endswith("/"):
            raise NotFound()


def register(app: Flask) -> None:
    """Refuse the paths that are no address of ``app``, before any other check of the
    request but its id (:mod:`service.api.envelope`)."""
    hooks = app.before_request_funcs.setdefault(None, [])
    hooks.insert(1 if hooks else 0, refuse_unaddressed)
