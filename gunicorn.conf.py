"""gunicorn settings, for `gunicorn -c gunicorn.conf.py "service:create_app()"`.

The settings live in the package (service/gunicorn_conf.py) so an installed copy finds
them too; this file only re-exports them.
"""

from service.gunicorn_conf import *  # noqa: F403
