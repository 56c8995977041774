"""Start the oracle under gunicorn: ``python -m service [gunicorn options]``.

Uses the settings in :mod:`service.gunicorn_conf`; HOST, PORT and WEB_CONCURRENCY in
the environment override the address and the worker count.
"""

from __future__ import annotations

import sys

CONFIG = "python:service.gunicorn_conf"
APP = "service:create_app()"


def main() -> None:
    from gunicorn.app.wsgiapp import run

    sys.argv = [sys.argv[0], "-c", CONFIG, *sys.argv[1:], APP]
    run(prog="python -m service")


if __name__ == "__main__":
    main()
