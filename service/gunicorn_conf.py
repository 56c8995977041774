"""gunicorn settings for the oracle.

Loaded by ``python -m service`` as ``-c python:service.gunicorn_conf`` (so it is found
wherever the package is installed) and by the top-level ``gunicorn.conf.py``, which
re-exports these names. Everything that differs between machines comes from the
environment: HOST, PORT, WEB_CONCURRENCY.
"""

from __future__ import annotations

import os

__all__ = [
    "bind",
    "workers",
    "worker_class",
    "preload_app",
    "max_requests",
    "max_requests_jitter",
    "timeout",
    "graceful_timeout",
    "keepalive",
    "accesslog",
    "errorlog",
    "limit_request_line",
    "limit_request_fields",
    "limit_request_field_size",
    "control_socket_disable",
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

# Answering a rules question is pure CPU work with no I/O to wait on, so one
# synchronous worker per core is the right shape; async or threaded workers would only
# add overhead under the GIL. Measured (`make bench-gunicorn`, 2 cores, mixed load of
# every endpoint, 8 connections, medians of 3 rounds; docs/performance.md):
#   sync workers 1 / 2 / 3 / 4:    1,036 / 1,739 / 1,716 / 1,655 req/s,
#                                  p99 11 / 7 / 10 / 13 ms, PSS 48 / 65 / 82 / 98 MiB
#   gthread 2 workers × 2 threads: 1,382 req/s (new connection per request),
#                                  1,677 with keep-alive, p99 16 / 56 ms, +11 % CPU a request
# More workers than cores add memory and tail latency, no throughput; threads only add
# overhead, even when clients keep connections open.
workers = _env_int("WEB_CONCURRENCY", _cpu_count())
worker_class = "sync"

# Import the app (and the rules engine with its tables) once in the master: a broken
# import fails at boot instead of in every worker, and a recycled worker is a fork, not
# a fresh import. Measured, it changes neither throughput (1,739 vs 1,631 req/s without,
# within the noise) nor boot time (0.42 vs 0.40 s) nor, once the workers have run a
# while, memory (PSS 65 vs 64 MiB for two workers and the master): CPython's reference
# counts soon un-share the pages.
preload_app = True

# Recycle workers now and then to bound slow memory growth; the jitter keeps them from
# all restarting at the same moment. Measured, there is no growth to bound (one worker:
# 31.1 MiB after a 10,000-request warm-up and after 100,000, `make bench-memory`), so
# this is only a safety net, and a cheap one: a restart costs about 85 ms of CPU (at
# max_requests 500 the CPU per request rose by 170 µs), under 1 % at 10,000.
max_requests = 10000
max_requests_jitter = 1000

# No request should take long: a worker busy for 30 s is stuck and gets replaced.
timeout = 30
# Time a worker gets to finish its requests on restart or shutdown.
graceful_timeout = 30
# Usually sits behind a proxy that reuses connections; keep idle ones briefly.
keepalive = 5

# Both logs to the standard streams, where containers and supervisors collect them.
# The access log costs ~130 µs of CPU a request (907 vs 1,039 µs without it, ~13 %);
# behind a proxy that logs requests itself, `accesslog = None` would save that.
accesslog = "-"
errorlog = "-"

# Bounds on the request head (gunicorn's defaults, stated so they are deliberate):
# no endpoint needs long URLs or many headers; bodies are capped at 64 KiB by the app.
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# gunicorn 25.1+ opens a control socket at a fixed per-user path ($XDG_RUNTIME_DIR or
# ~/.gunicorn), which two instances on one machine would fight over and which the
# image's home-less user cannot create. Nothing here manages workers at run time, so
# it stays off. (Older gunicorn ignores the unknown name.)
control_socket_disable = True
