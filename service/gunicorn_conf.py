"""gunicorn settings for the oracle: settings only; the hooks they name are in
:mod:`service.serving`.

Loaded by ``python -m service`` as ``-c python:service.gunicorn_conf`` (so it is found
wherever the package is installed) and by the top-level ``gunicorn.conf.py``, which
re-exports these names. Everything that differs between machines comes from the
environment: HOST, PORT, WEB_CONCURRENCY, ORACLE_LOG_FORMAT, PROMETHEUS_MULTIPROC_DIR.
The measurements behind each choice are in docs/performance.md ("Serving") and
docs/deploying.md.
"""

from __future__ import annotations

import os

from service import serving

__all__ = [
    "bind",
    "workers",
    "worker_class",
    "worker_connections",
    "post_request",
    "preload_app",
    "max_requests",
    "max_requests_jitter",
    "timeout",
    "graceful_timeout",
    "keepalive",
    "accesslog",
    "errorlog",
    "access_log_format",
    "logger_class",
    "limit_request_line",
    "limit_request_fields",
    "limit_request_field_size",
    "control_socket_disable",
    "post_worker_init",
    "on_starting",
    "child_exit",
    "on_exit",
    "raw_env",
]


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def _cpu_count() -> int:
    # Honour CPU affinity (taskset, container cpusets) where the platform has it.
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


_host = os.environ.get("HOST", "").strip() or "127.0.0.1"
_port = _env_int("PORT", 8080)
# Safe by default: only loopback unless HOST says otherwise (the image sets 0.0.0.0).
# IPv6 literals need brackets in a bind address.
bind = [f"[{_host}]:{_port}" if ":" in _host else f"{_host}:{_port}"]

# Answering is pure CPU work, so one process per core; more processes add memory and
# tail latency, not throughput.
workers = _env_int("WEB_CONCURRENCY", _cpu_count())

# gevent workers: each process still answers one request at a time (a request never
# waits on I/O once its body is in), as sync workers do, but a connection that is idle
# or still sending its request waits in the event loop, not in the process. With sync
# workers, as many idle or stalled connections as there are workers stopped the whole
# service until the worker timeout; gthread workers give each such connection a thread
# (a stalled body keeps it for good). Here each costs a greenlet, up to
# worker_connections per process; a body has ORACLE_BODY_TIMEOUT (10 s) to arrive, and
# at most half of a worker's connections may be sending one (service/bodies.py, which
# post_worker_init installs), so stalled bodies never take them all. Beyond that the
# reverse proxy in front has to protect the service (docs/deploying.md).
worker_class = "gevent"
worker_connections = 1000

# A greenlet that has answered lets the worker's other connections go first.
post_request = serving.post_request


# Import the app (and the rules engine with its tables) once in the master: a broken
# import fails at boot instead of in every worker, and a new worker is a fork, not a
# fresh import.
preload_app = True

# Workers are not recycled: their memory does not grow, and every replaced worker would
# leave its metrics files behind for /metrics to read on every scrape (prometheus_client's
# multiprocess mode keeps a dead worker's counters so that totals never go back). The
# orchestrator's memory limit and liveness probe are the safety net.
max_requests = 0
max_requests_jitter = 0

# No request should take long: a worker busy for 30 s is stuck and gets replaced.
timeout = 30
# Time a worker gets to finish its requests on restart or shutdown.
graceful_timeout = 30
# With gevent workers this bounds both an idle kept-alive connection and the time a
# client has to send a request's line and headers: a slow head is cut after 5 s. A
# proxy that reuses connections should drop idle ones sooner (docs/deploying.md).
keepalive = 5

# Both logs to the standard streams, where containers and supervisors collect them.
# ORACLE_LOG_FORMAT=json writes one JSON object a line instead (service/logs.py).
accesslog = "-"
errorlog = "-"
# The Apache combined format plus the answer's request id (X-Request-ID), so a line
# can be matched with what the client or the proxy saw.
access_log_format = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s'
_log_format = os.environ.get("ORACLE_LOG_FORMAT", "").strip().lower() or "text"
if _log_format not in {"text", "json"}:
    raise RuntimeError(f"ORACLE_LOG_FORMAT must be text or json, not {_log_format!r}")
logger_class = "service.logs.JsonLogger" if _log_format == "json" else "gunicorn.glogging.Logger"

# Bounds on the request head (gunicorn's defaults, written out so they are deliberate):
# no endpoint needs long URLs or many headers; bodies are capped at 64 KiB by the app.
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# gunicorn 25.1+ opens a control socket at a fixed per-user path ($XDG_RUNTIME_DIR or
# ~/.gunicorn), which two instances on one machine would fight over and which the
# image's home-less user cannot create. Nothing here manages workers at run time, so
# it stays off. (Older gunicorn ignores the unknown name.)
control_socket_disable = True

# Each worker writes answers in bounded pieces and drops a client that reads nothing for
# serving.SEND_TIMEOUT seconds, answers the request heads gunicorn refuses as problem
# details, and answers the heavy operations in processes of its own (service/offload.py).
post_worker_init = serving.post_worker_init

# Metrics: the directory every worker counts into (PROMETHEUS_MULTIPROC_DIR), named before
# the app is loaded, made when the server starts and removed when it stops (if its own).
raw_env = serving.metrics_environment()
on_starting = serving.on_starting
child_exit = serving.child_exit
on_exit = serving.on_exit
