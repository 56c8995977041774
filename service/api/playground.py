"""The playground: the page that plays both board games in the browser, and its files.

``GET /playground`` (and ``GET /``) is the page, in the reader's language; its shell
(script, style sheet, the core every game module uses) is served from the installed
package under ``/playground/…`` (no CDN), each board game's module from its own folder
(``/terra-turrium/…``, ``/spiel-der-tuerme/…``), the icon at ``/favicon.ico`` too.
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint as FlaskBlueprint
from flask import Response, abort, send_from_directory

import service.render
from service.api.declare import Blueprint
from service.api.localized import render_page

bp = Blueprint("playground", __name__, description="The playground: both board games played in the browser.")
#: The pages of service/render/static are templates (their words in the reader's
#: language, service/api/localized.py), named by their folder: ``playground/index.html``.
STATIC = Path(service.render.__file__).resolve().parent / "static"
assets = FlaskBlueprint("playground_assets", __name__, template_folder=str(STATIC))

PAGE = {"type": "string"}

#: The folders of service/render/static served as they are: the playground's shell and
#: each board game's module (Turm und Leute's pages serve their own folder).
FOLDERS = ("playground", "terra-turrium", "spiel-der-tuerme")


@bp.get("/playground")
@bp.response(
    200, PAGE, content_type="text/html", description="The page; it loads its script and style sheet."
)
def playground() -> Response:
    """The playground: learn the game and play it in the browser.

    A page that sets up games, draws positions with `/v1/render` and builds turns by
    clicking, asking this service's API at every step; it keeps no state on the server.
    In the language of `?lang=` or else of `Accept-Language`.
    """
    return render_page("playground/index.html")


@bp.get("/")
@bp.response(200, PAGE, content_type="text/html", description="The same page as /playground.")
def index() -> Response:
    """The playground page, at the service's root.

    The same page as /playground, so that the service's address alone opens it.
    """
    return render_page("playground/index.html")


def _file(folder: str, name: str) -> Response:
    # The pages themselves are templates, served only rendered.
    if name.endswith(".html"):
        abort(404)
    return send_from_directory(STATIC / folder, name)


@assets.get("/<any(playground, 'terra-turrium', 'spiel-der-tuerme'):folder>/<path:name>")
def asset(folder: str, name: str) -> Response:
    """A file of the playground's shell or of a board game's module (script, style sheet)."""
    return _file(folder, name)


@assets.get("/favicon.ico")
def favicon() -> Response:
    """The icon, also where browsers look for it unasked, so that no page of the service
    draws a 404."""
    return _file("playground", "favicon.ico")
