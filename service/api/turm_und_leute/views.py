"""Turm und Leute over HTTP: the combat resolver, its unit tables and its page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import Response, abort, send_from_directory

import service.render
from service.api.declare import Blueprint
from service.api.localized import render_page
from service.api.turm_und_leute.schemas import TulFight, TulOutcome, TulUnitsAnswer, TulUnitsQuery
from service.turm_und_leute import resolve_combat
from service.turm_und_leute.codec import outcome_to_dict, parse_edition, units_to_dict

bp = Blueprint("turm-und-leute", __name__, url_prefix="/v1/turm-und-leute",
               description="Turm und Leute: the combat of the game in development, both editions "
               "(docs/turm-und-leute.md).")
pages = Blueprint("turm-und-leute-page", __name__, description="The fight builder page.")
assets = FlaskBlueprint("turm_und_leute_assets", __name__)

#: The fight builder's files, as installed with the service.render package.
PAGE = str(Path(service.render.__file__).resolve().parent / "static" / "turm-und-leute")


@bp.post("/combat")
@bp.arguments(TulFight)
@bp.response(200, TulOutcome, description="The outcome and its working.")
def tul_combat(query: dict[str, Any]) -> dict[str, Any]:
    """Resolve a fight of Turm und Leute or Stahl und Sterne (L2–L8, LS1–LS3).

    The attack and defence values, whether the target is defended, its losses and
    figures left, whether it is removed, gold and conversion (L8), whether an attacker
    must take its place (LS3), and each group's contribution: its strength, the bonus
    applied and whether it counted. A fight the rules forbid (an attacker that may not
    attack, a kind the edition does not have, too many or too few figures) is 422
    naming the rule and the group.
    """
    return outcome_to_dict(resolve_combat(query["body"]))


@bp.get("/units")
@bp.arguments(TulUnitsQuery, location="query")
@bp.response(200, TulUnitsAnswer, description="The edition's table.")
def tul_units(query: dict[str, Any]) -> dict[str, Any]:
    """The units of an edition, with figures per tile, lives, combat points and actions (L1).

    The table a fight is built from: each kind of unit and the bonus of each position
    (L6, LS1). `edition` chooses Turm und Leute or Stahl und Sterne.
    """
    return units_to_dict(parse_edition(query["edition"]))


@pages.get("/turm-und-leute")
@pages.response(200, {"type": "string"}, content_type="text/html", description="The page.")
def tul_page() -> Response:
    """A page where a player builds a fight of Turm und Leute and reads the result.

    The fight builder: it asks `/v1/turm-und-leute/units` for the edition's table and
    `/v1/turm-und-leute/combat` for the outcome; it keeps no state on the server.
    In the language of `?lang=` or else of `Accept-Language`.
    """
    return render_page("turm-und-leute/index.html", cache_control=None)


@assets.get("/turm-und-leute/<path:name>")
def tul_asset(name: str) -> Response:
    """A file of the fight builder (script, style sheet); its pages are templates,
    served only rendered."""
    if name.endswith(".html"):
        abort(404)
    return send_from_directory(PAGE, name)
