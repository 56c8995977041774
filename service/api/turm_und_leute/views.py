"""Turm und Leute over HTTP: the combat resolver, its unit tables and the fight builder
page; the set-up, a side's turn kept as a ledger, the goals and the ledger page
(L9–L31, LS4–LS13).

Each operation reads its body with the schemas (:mod:`service.turm_und_leute.wire.queries`),
asks the engine and returns its value, which the answer's schema dumps; the functions below the
views are their bodies, callable without a request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from flask import Blueprint as FlaskBlueprint
from flask import Response, abort, send_from_directory

import service.render
from service.api.declare import Blueprint
from service.api.localized import render_page
from service.common.errors import IllegalTurnError
from service.common.outcome import Verdict
from service.turm_und_leute.actions import TurnResult, Violation
from service.turm_und_leute.combat import Outcome, resolve_combat
from service.turm_und_leute.goal import GoalResult, goal
from service.turm_und_leute.map_turn import MapTurn, play_on_map
from service.turm_und_leute.peoples import Side
from service.turm_und_leute.setup import setup_game
from service.turm_und_leute.turn import play_turn
from service.turm_und_leute.units import Edition
from service.turm_und_leute.wire.codec import (
    GoalQuery,
    SetupBody,
    TurnAnswer,
    TurnQuery,
    UnitsTable,
    goal_to_dict,
    outcome_to_dict,
    parse_fight,
    setup_body,
    setup_to_dict,
    turn_answer,
    units_table,
)
from service.turm_und_leute.wire.queries import (
    TulApplyAnswer,
    TulApplyTurn,
    TulFight,
    TulGoalAnswer,
    TulGoalQuery,
    TulOutcome,
    TulSetupAnswer,
    TulSetupQuery,
    TulTurn,
    TulUnitsAnswer,
    TulUnitsQuery,
    TulValidateAnswer,
)

bp = Blueprint("turm-und-leute", __name__, url_prefix="/v1/turm-und-leute",
               description="Turm und Leute: the combat of the game in development, both editions "
               "(docs/turm-und-leute.md).")
pages = Blueprint("turm-und-leute-page", __name__, description="The fight builder page.")
assets = FlaskBlueprint("turm_und_leute_assets", __name__)

_VERDICTS = TulValidateAnswer()
_APPLIED = TulApplyAnswer()

#: The fight builder's files, as installed with the service.render package.
PAGE = str(Path(service.render.__file__).resolve().parent / "static" / "turm-und-leute")


@bp.post("/combat")
@bp.arguments(TulFight)
@bp.response(200, TulOutcome, description="The outcome and its working.")
def tul_combat(query: dict[str, Any]) -> Outcome:
    """Resolve a fight of Turm und Leute or Stahl und Sterne (L2–L8, LS1–LS3).

    The attack and defence values, whether the target is defended, its losses and
    figures left, whether it is removed, gold and conversion (L8), whether an attacker
    must take its place (LS3), and each group's contribution: its strength, the bonus
    applied and whether it counted. A fight the rules forbid (an attacker that may not
    attack, a kind the edition does not have, too many or too few figures) is 422
    naming the rule and the group.

    Stahl und Sterne with a `map`: each group names its `field`, and the sector facts
    (positions, `attack_from_outside`, `attack_from_tower`, `target_side_imperator`) are
    the map's, answered as `sector_facts`; one sent that the map contradicts is 422 (LS2).
    """
    outcome = resolve_combat(query["body"])
    facts = query["facts"]
    return outcome if facts is None else replace(outcome, sector_facts=facts)


@bp.get("/units")
@bp.arguments(TulUnitsQuery, location="query")
@bp.response(200, TulUnitsAnswer, description="The edition's table.")
def tul_units(query: dict[str, Any]) -> UnitsTable:
    """The units of an edition, with figures per tile, lives, combat points and actions (L1).

    The table a fight is built from: each kind of unit and the bonus of each position
    (L6, LS1). `edition` chooses Turm und Leute or Stahl und Sterne.
    """
    return units_table(query["edition"])


@pages.get("/turm-und-leute")
@pages.response(200, {"type": "string"}, content_type="text/html", description="The page.")
def tul_page() -> Response:
    """A page where a player builds a fight of Turm und Leute and reads the result.

    The fight builder: it asks `/v1/turm-und-leute/units` for the edition's table and
    `/v1/turm-und-leute/combat` for the outcome; it keeps no state on the server.
    In the language of `?lang=` or else of `Accept-Language`.
    """
    return render_page("turm-und-leute/index.html")


@assets.get("/turm-und-leute/<path:name>")
def tul_asset(name: str) -> Response:
    """A file of the fight builder (script, style sheet); its pages are templates,
    served only rendered."""
    if name.endswith(".html"):
        abort(404)
    return send_from_directory(PAGE, name)


@bp.get("/setup")
@bp.arguments(TulSetupQuery, location="query")
@bp.response(200, TulSetupAnswer, description="Every side in turn order, with its ledger.")
def tul_setup(query: dict[str, Any]) -> SetupBody:
    """A new game of Turm und Leute or Stahl und Sterne for a choice of peoples (L9–L12, LS5, LS6).

    The sides in the order they move (the count first, then the dwarves, the angels and
    the Fluid, those in play), each with the markers it receives per turn and its ledger
    at the start: the count's tower and groups (per opposing people one riders, one
    archers, two pikemen groups and four workers), the dwarves' three groups, the angels'
    two angels off the board, the Fluid's five fluids. Naming a people twice is 422 (L9).
    """
    return setup_body(setup_game(query["edition"], query["peoples"]))


@bp.post("/turns/validate")
@bp.arguments(TulTurn)
@bp.response(200, TulValidateAnswer, description="The verdict.")
def tul_validate(query: dict[str, Any]) -> Verdict:
    """Whether a side's turn is legal, and if not its first illegal action (L12–L30, LS4–LS13).

    An illegal turn is an answer here (200): the rule it breaks, the index of the
    offending action and a sentence a player understands. A ledger the rules make
    impossible (an unknown kind, two groups of one id, five towers) is 422.
    """
    return verdict(query["body"])


@bp.post("/turns/apply")
@bp.arguments(TulApplyTurn)
@bp.response(200, TulApplyAnswer, description="The ledger after the turn.")
def tul_apply(query: dict[str, Any]) -> TurnAnswer:
    """Play a side's turn: the ledger after it, its production, the markers spent and the events.

    Events: the markers removed and received at the start, every action's effect (gold
    collected and whether it is kept, what work produced, what was built, converted or
    hired, the Fluid's moves). An illegal turn is 422 with the `violation` the
    validation answers, `field` pointing at the action.
    """
    return played(query["body"])


@bp.post("/goal")
@bp.arguments(TulGoalQuery)
@bp.response(200, TulGoalAnswer, description="Each side's aim and the winners.")
def tul_goal(query: dict[str, Any]) -> GoalResult:
    """Who has reached their aim, given every side's ledger (L31, LS10).

    The count wins with his castle of four towers and four walls and all his people
    safe (Stahl und Sterne: his four towers); his opponents win together once he is
    removed; the angels with the dragon, the dwarves with the catapult, the Fluid once
    no other side has a group left.
    """
    return goal_of_query(query["body"])


@pages.get("/turm-und-leute/ledger")
@pages.response(200, {"type": "string"}, content_type="text/html", description="The page.")
def tul_ledger_page() -> Response:
    """A page where a player keeps a side's turn of Turm und Leute by clicks.

    It asks `/v1/turm-und-leute/setup` for the sides' ledgers, `…/turns/apply` for each
    action and the turn's end, and `…/goal` for the goals; it keeps no state on the server.
    In the language of `?lang=` or else of `Accept-Language`.
    """
    return render_page("turm-und-leute/ledger.html")


# ------------------------------------------------------------------ the operations' bodies


def combat(data: object) -> dict[str, Any]:
    """The whole of ``POST /v1/turm-und-leute/combat``: body in, answer out.

    >>> combat({"edition": "stahl-und-sterne", "attackers": [{"kind": "engel", "figures": 1}],
    ...         "target": {"kind": "arbeiter", "figures": 1}})["must_occupy"]
    True
    """
    return outcome_to_dict(resolve_combat(parse_fight(data)))


def setup(edition: Edition, peoples: Sequence[Side]) -> dict[str, Any]:
    """The whole of ``GET /v1/turm-und-leute/setup``."""
    return setup_to_dict(setup_game(edition, peoples))


def _play(query: TurnQuery) -> TurnResult | MapTurn | Violation:
    if query.map is not None:
        return play_on_map(
            query.edition, query.peoples, query.ledger, query.actions, query.map,
            start=query.start, end=query.end,
        )
    return play_turn(
        query.edition, query.peoples, query.ledger, query.actions, start=query.start, end=query.end
    )


def verdict(query: TurnQuery) -> Verdict:
    """The validation's answer: the first illegal action, or none."""
    found = _play(query)
    return Verdict(found if isinstance(found, Violation) else None)


def validate_query(query: TurnQuery) -> dict[str, Any]:
    """``{"legal": true}`` or ``{"legal": false, "violation": …}``."""
    written: dict[str, Any] = _VERDICTS.dump(verdict(query))
    return written


def played(query: TurnQuery) -> TurnAnswer:
    """The apply answer's value; raises :class:`~service.common.errors.IllegalTurnError`
    (``field`` the offending action) for an illegal turn."""
    found = _play(query)
    if isinstance(found, Violation):
        raise IllegalTurnError(found, found.rule, found.detail,
                               f"/actions/{found.index}" if found.index < len(query.actions) else "/actions")
    if isinstance(found, MapTurn):
        return turn_answer(query.edition, found.result, found.map)
    return turn_answer(query.edition, found)


def apply_query(query: TurnQuery) -> dict[str, Any]:
    """The answer of ``POST /v1/turm-und-leute/turns/apply`` (:func:`played`)."""
    written: dict[str, Any] = _APPLIED.dump(played(query))
    return written


def goal_of_query(query: GoalQuery) -> GoalResult:
    """The goal answer's value for a judged request."""
    return goal(query.edition, query.peoples, query.ledgers, people_safe=query.people_safe)


def goal_query(query: GoalQuery) -> dict[str, Any]:
    """The whole of ``POST /v1/turm-und-leute/goal`` for a parsed request."""
    return goal_to_dict(goal_of_query(query))
