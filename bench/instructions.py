"""Instructions a request executes in-process, counted by valgrind: a yardstick that the
machine's neighbours do not move.

    python -m bench.instructions [ENDPOINT …] [--requests 500] [--without HOOK,…]

For each endpoint of bench/server.py (default: the floor and reach) and for the bare
Flask app of bench/bare_app.py (``bare``), runs a fresh interpreter under ``valgrind
--tool=cachegrind --cache-sim=no`` that builds the app, sends every chosen request 30
times to warm it (imports, caches, the interpreter's specialisations), then sends one
endpoint's request ``--requests`` times as a WSGI call (bench/http_profiling.py's, no
server, no socket); and once more with no request after the warm-up. The difference of
the two counts, divided by ``--requests``, is the instructions of one request: it
repeats within about 0.5 % from run to run, where CPU time on a shared machine moves by
tens of percent. The metrics are counted as under gunicorn (multiprocess mode, files in
a temporary ``PROMETHEUS_MULTIPROC_DIR``).

``--without`` removes per-request hooks of the service's app before counting (``cors``,
``headers``, ``request_id``, ``body_size``, ``metrics``, ``rules_version``), so that
the cost of each shows as a difference.

Each run takes a minute or more (Python under valgrind is about 50 times slower).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Any, Final

if os.environ.get("ORACLE_COMPILED_BUILD"):  # --compiled: the engines compiled by mypyc, imported
    sys.path.insert(0, os.environ["ORACLE_COMPILED_BUILD"])  # before bench.server imports them

from bench.server import COMPILED, ENDPOINTS, FLOOR, ROOT, Endpoint

WARM_UP: Final = 30
BARE: Final = "bare"
DEFAULT: Final = (BARE, "healthz", "reach")


def _endpoint(name: str) -> Endpoint:
    return FLOOR if name == BARE else next(e for e in ENDPOINTS if e.name == name)


#: What ``--without`` can take off, by the name of a Flask hook or of a WSGI middleware
#: around the app (the names have changed as the hooks did; an absent one is ignored).
HOOKS: Final = {
    "request_id": ("_request_id", "_begin"),
    "body_size": ("_refuse_large_bodies",),
    "headers": ("_headers", "Envelope"),
    "cors": ("cors_after_request",),
    "metrics": ("_start", "_observe", "Counted"),
    "rules_version": ("_add_rules_version",),
}


def _strip(app: Any, hooks: set[str]) -> None:
    """Take the named per-request hooks off ``app`` (for ``--without``)."""
    names = {name for hook in hooks for name in HOOKS[hook]}
    for funcs in (app.before_request_funcs, app.after_request_funcs):
        for key, chain in funcs.items():
            funcs[key] = [f for f in chain if getattr(f, "__name__", "") not in names]
    # Middlewares: unwrap the chain of wsgi_app objects.
    outer, layer = None, app.wsgi_app
    while hasattr(layer, "wsgi_app"):
        if type(layer).__name__ in names:
            if outer is None:
                app.wsgi_app = layer.wsgi_app
            else:
                outer.wsgi_app = layer.wsgi_app
        else:
            outer = layer
        layer = layer.wsgi_app


def inner(names: list[str], measured: str, requests: int, without: set[str]) -> None:
    """In the process valgrind watches: warm every request, then send ``measured``'s."""
    from bench.http_profiling import wsgi_call

    if measured == BARE or names == [BARE]:
        from bench.bare_app import app as bare

        apps = {BARE: bare}
    else:
        apps = {}
    if any(n != BARE for n in names):
        from service import create_app

        app = create_app()
        _strip(app, without)
        apps["service"] = app
    calls = {n: wsgi_call(apps[BARE if n == BARE else "service"], _endpoint(n)) for n in names}
    for call in calls.values():
        for _ in range(WARM_UP):
            call()
    if measured:
        call = calls[measured]
        for _ in range(requests):
            call()


def count(
    names: list[str],
    measured: str,
    requests: int,
    without: set[str],
    metrics_dir: str,
    compiled: bool = False,
) -> int:
    """Instructions of one whole run of :func:`inner` under cachegrind."""
    with tempfile.TemporaryDirectory(prefix="bench-cachegrind-") as tmp:
        command = [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            f"--cachegrind-out-file={tmp}/out",
            sys.executable,
            "-m",
            "bench.instructions",
            "--inner",
            measured or "-",
            "--requests",
            str(requests),
            "--without",
            ",".join(sorted(without)) or "-",
            *names,
        ]
        env = dict(os.environ, PROMETHEUS_MULTIPROC_DIR=metrics_dir, PYTHONHASHSEED="0")
        env.pop("ORACLE_COMPILED_BUILD", None)
        if compiled:
            env["ORACLE_COMPILED_BUILD"] = str(COMPILED)
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise SystemExit(f"valgrind run failed:\n{result.stderr[-2000:]}")
        match = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
        if match is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{result.stderr[-2000:]}")
        return int(match.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    names = ", ".join(e.name for e in ENDPOINTS)
    parser.add_argument("endpoints", nargs="*", metavar="ENDPOINT", help=f"bare, {names}")
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--without", default="", help="hooks taken off: " + ",".join(HOOKS))
    parser.add_argument(
        "--compiled", action="store_true", help="the engines compiled by mypyc (make compile)"
    )
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    without = {h for h in args.without.split(",") if h and h != "-"}
    names = args.endpoints or list(DEFAULT)
    if args.inner is not None:
        inner(names, "" if args.inner == "-" else args.inner, args.requests, without)
        return 0
    if shutil.which("valgrind") is None:
        print("instructions per request: valgrind is not installed (apt-get install -y valgrind); skipped")
        return 0
    if args.compiled and not (COMPILED / "service").is_dir():
        print("instructions per request, compiled: no compiled build (make compile); skipped")
        return 0
    if args.compiled:
        print("the engines compiled by mypyc (build/compiled):")
    with tempfile.TemporaryDirectory(prefix="bench-metrics-") as metrics_dir:
        base_service = None
        base_bare = None
        for name in names:
            group = [BARE] if name == BARE else [n for n in names if n != BARE]
            if name == BARE:
                if base_bare is None:
                    base_bare = count(group, "", args.requests, without, metrics_dir, args.compiled)
                base = base_bare
            else:
                if base_service is None:
                    base_service = count(group, "", args.requests, without, metrics_dir, args.compiled)
                base = base_service
            total = count(group, name, args.requests, without, metrics_dir, args.compiled)
            per_request = (total - base) / args.requests / 1e3
            print(f"{name:<18} {per_request:10,.1f} K instructions per request", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
