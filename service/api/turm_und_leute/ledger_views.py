"""Turm und Leute over HTTP beyond the fight: the set-up, a side's turn kept as a ledger,
the goals, and the ledger page (L9–L31, LS4–LS13). The operations join the combat's
blueprint (:mod:`service.api.turm_und_leute.views`)."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.api.localized import render_page
from service.api.turm_und_leute.ledger_schemas import (
    TulApplyAnswer,
    TulApplyTurn,
    TulGoalAnswer,
    TulGoalQuery,
    TulSetupAnswer,
    TulSetupQuery,
    TulTurn,
    TulValidateAnswer,
)
from service.api.turm_und_leute.views import bp, pages
from service.turm_und_leute.codec import (
    apply_query,
    goal_query,
    parse_edition,
    parse_peoples_list,
    setup,
    validate_query,
)


@bp.get("/setup")
@bp.arguments(TulSetupQuery, location="query")
@bp.response(200, TulSetupAnswer, description="Every side in turn order, with its ledger.")
def tul_setup(query: dict[str, Any]) -> dict[str, Any]:
    """A new game of Turm und Leute or Stahl und Sterne for a choice of peoples (L9–L12, LS5, LS6).

    The sides in the order they move (the count first, then the dwarves, the angels and
    the Fluid, those in play), each with the markers it receives per turn and its ledger
    at the start: the count's tower and groups (per opposing people one riders, one
    archers, two pikemen groups and four workers), the dwarves' three groups, the angels'
    two angels off the board, the Fluid's five fluids. Naming a people twice is 422 (L9).
    """
    return setup(parse_edition(query["edition"]), parse_peoples_list(query["peoples"]))


@bp.post("/turns/validate")
@bp.arguments(TulTurn)
@bp.response(200, TulValidateAnswer, description="The verdict.")
def tul_validate(query: dict[str, Any]) -> dict[str, Any]:
    """Whether a side's turn is legal, and if not its first illegal action (L12–L30, LS4–LS13).

    An illegal turn is an answer here (200): the rule it breaks, the index of the
    offending action and a sentence a player understands. A ledger the rules make
    impossible (an unknown kind, two groups of one id, five towers) is 422.
    """
    return validate_query(query["body"])


@bp.post("/turns/apply")
@bp.arguments(TulApplyTurn)
@bp.response(200, TulApplyAnswer, description="The ledger after the turn.")
def tul_apply(query: dict[str, Any]) -> dict[str, Any]:
    """Play a side's turn: the ledger after it, its production, the markers spent and the events.

    Events: the markers removed and received at the start, every action's effect (gold
    collected and whether it is kept, what work produced, what was built, converted or
    hired, the Fluid's moves). An illegal turn is 422 with the `violation` the
    validation answers, `field` pointing at the action.
    """
    return apply_query(query["body"])


@bp.post("/goal")
@bp.arguments(TulGoalQuery)
@bp.response(200, TulGoalAnswer, description="Each side's aim and the winners.")
def tul_goal(query: dict[str, Any]) -> dict[str, Any]:
    """Who has reached their aim, given every side's ledger (L31, LS10).

    The count wins with his castle of four towers and four walls and all his people
    safe (Stahl und Sterne: his four towers); his opponents win together once he is
    removed; the angels with the dragon, the dwarves with the catapult, the Fluid once
    no other side has a group left.
    """
    return goal_query(query["body"])


@pages.get("/turm-und-leute/ledger")
@pages.response(200, {"type": "string"}, content_type="text/html", description="The page.")
def tul_ledger_page() -> Response:
    """A page where a player keeps a side's turn of Turm und Leute by clicks.

    It asks `/v1/turm-und-leute/setup` for the sides' ledgers, `…/turns/apply` for each
    action and the turn's end, and `…/goal` for the goals; it keeps no state on the server.
    In the language of `?lang=` or else of `Accept-Language`.
    """
    return render_page("turm-und-leute/ledger.html", cache_control=None)
