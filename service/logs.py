"""Structured logs: gunicorn's and the application's, one JSON object a line.

``ORACLE_LOG_FORMAT=json`` makes :mod:`service.gunicorn_conf` use :class:`JsonLogger`
(gunicorn's ``logger_class``) instead of gunicorn's text logger. Every line is an
object with ``timestamp``, ``level``, ``logger`` and ``message``; access lines add the
request's fields (``method``, ``path``, ``status``, ``duration_ms``, ``request_id`` …),
and lines the application writes while answering a request carry its ``request_id``.
The objects are written by python-json-logger's orjson formatter.

Nothing here imports Flask until a record is written, so loading the gunicorn settings
stays cheap.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from gunicorn.glogging import Logger
from pythonjsonlogger.orjson import OrjsonFormatter

#: The access line's fields, from gunicorn's log atoms (see gunicorn's access_log_format).
ACCESS_FIELDS = {
    "remote_addr": "h",
    "method": "m",
    "path": "U",
    "query": "q",
    "protocol": "H",
    "status": "s",
    "bytes": "B",
    "referer": "f",
    "user_agent": "a",
}


def formatter() -> logging.Formatter:
    return OrjsonFormatter(
        "{asctime}{levelname}{name}{message}",
        style="{",
        rename_fields={"asctime": "timestamp", "levelname": "level", "name": "logger"},
        datefmt="%Y-%m-%dT%H:%M:%S%z",
    )


class RequestIdFilter(logging.Filter):
    """Adds the id of the request being answered (``X-Request-ID``) to a record written
    while answering it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "flask" in sys.modules and not hasattr(record, "request_id"):
            from flask import g, has_request_context

            if has_request_context() and "request_id" in g:
                record.request_id = g.request_id
        return True


class JsonLogger(Logger):  # type: ignore[misc]
    """gunicorn's logger, writing JSON: its own lines, the access lines, and whatever the
    application logs (through the root logger, to standard error)."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        json_lines = formatter()
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(json_lines)
        root = logging.getLogger()
        for handler in [h for h in root.handlers if getattr(h, "_oracle_json", False)]:
            root.removeHandler(handler)  # setup runs again on a configuration reload
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(json_lines)
        handler.addFilter(RequestIdFilter())
        handler._oracle_json = True  # type: ignore[attr-defined]
        root.addHandler(handler)
        if root.level > logging.INFO or root.level == logging.NOTSET:
            root.setLevel(logging.INFO)

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        if not self.access_log_enabled:
            return
        atoms = self.atoms(resp, req, environ, request_time)
        fields: dict[str, Any] = {name: atoms.get(atom) for name, atom in ACCESS_FIELDS.items()}
        status = str(fields["status"] or "")
        fields["status"] = int(status) if status.isdigit() else None
        fields["duration_ms"] = round(atoms["D"] / 1000, 3)
        fields["request_id"] = atoms.get("{x-request-id}o")
        try:
            self.access_log.info("%s %s %s", fields["method"], fields["path"], status, extra=fields)
        except Exception:
            self.exception("could not write an access log line")
