"""The honest floor of the HTTP benchmark: a bare Flask app, nothing of the service.

One route, ``GET /healthz``, answering ``{"status": "ok"}`` with Flask's own JSON: no
flask-smorest, no hooks (request id, hardening headers, CORS, metrics), no JSON provider
of the service's. bench/http_load.py serves it with gunicorn on the service's settings
(worker class, worker count, access log) beside the service, so that the service's
requests can be set against what Flask and gunicorn alone cost. It lives here, not in
the package: nothing serves it but the benchmarks.
"""

from __future__ import annotations

from flask import Flask

app = Flask(__name__, static_folder=None)


@app.get("/healthz")
def healthz() -> dict[str, str]:
    return {"status": "ok"}
