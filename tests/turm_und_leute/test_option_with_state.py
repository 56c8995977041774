"""An option that keeps state, in Turm und Leute as in the other games
(tests/spiel_der_tuerme/test_option_with_state.py; docs/engine.md, "An option with state,
step by step").

``data/work_limit.patch`` adds a toy option, the work limit (LV1: a side works at most
three times in a game, counted in a new ledger member ``works``), by editing the files of
the roles a member with state has in every engine — the state (``position.py``) and its
schema (``schemas.py``), its structural check (``check.py``), the rule that judges and
plays it (``turn.py``) and the rules document — and nothing else. Applied to a copy of
the engine, everything a client meets must follow from those files alone: the codec's
reading and writing, the ledger's check, the turn's judgement, the operations' answers
(the set-up's ledger included) and the document. A hand copy of a shape that a new
member must also be written into (a ledger built member by member in the codec, a
reading order that lists every member) makes this test fail.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.patched import run_patched, touched

PATCH = Path(__file__).with_name("data") / "work_limit.patch"

CHECK = textwrap.dedent(
    """
    from service import create_app
    from service.api.spec import spec_yaml
    from service.common import InvalidPositionError
    from service.turm_und_leute.wire.codec import ledger_to_dict, parse_turn
    from service.turm_und_leute.peoples import Side
    from service.turm_und_leute.setup import setup_game
    from service.turm_und_leute.turn import apply_turn, validate_turn
    from service.turm_und_leute.units import Edition
    import yaml

    game = setup_game(Edition.TURM_UND_LEUTE, (Side.ZWERGE,))
    ledger = ledger_to_dict(game.edition, game.sides[0].ledger)
    ledger["work_limit"] = True
    work = {"type": "work", "group": "arbeiter-1", "site": "forest"}
    body = {"edition": "turm-und-leute", "peoples": ["zwerge"], "ledger": ledger, "actions": [work]}
    turn = parse_turn(body)
    after = apply_turn(turn.edition, turn.peoples, turn.ledger, turn.actions)
    print("apply", ledger_to_dict(turn.edition, after.ledger)["works"])
    ledger["works"] = 3
    limited = parse_turn(body)
    written = ledger_to_dict(limited.edition, limited.ledger)
    print("json", written["works"], written["work_limit"])
    violation = validate_turn(limited.edition, limited.peoples, limited.ledger, limited.actions)
    print("turn", violation.rule, violation.index)
    ledger["work_limit"] = False
    try:
        parse_turn(body)
    except InvalidPositionError as err:
        print("check", err.rule, err.field)
    client = create_app().test_client()
    ledger.update(work_limit=True, works=2)
    answer = client.post("/v1/turm-und-leute/turns/apply", json=body)
    print("http", answer.status_code, answer.get_json()["ledger"]["works"])
    worked = {**body, "ledger": {**ledger, "works": 3}}
    verdict = client.post("/v1/turm-und-leute/turns/validate", json=worked).get_json()
    print("verdict", verdict["legal"], verdict["violation"]["rule"])
    setup = client.get("/v1/turm-und-leute/setup?edition=turm-und-leute&peoples=zwerge").get_json()
    print("setup", setup["sides"][0]["ledger"]["works"], setup["sides"][0]["ledger"]["work_limit"])
    document = yaml.safe_load(spec_yaml(create_app()))
    member = document["components"]["schemas"]["TulLedger"]["properties"]["works"]
    print("document", member["type"], member["minimum"], member["maximum"])
    """
)


def test_lv1_an_option_with_state_is_its_roles_files_and_every_reader_writer_and_document_follows(tmp_path):
    assert touched(PATCH) == [
        "docs/turm-und-leute.md",
        "service/turm_und_leute/check.py",
        "service/turm_und_leute/position.py",
        "service/turm_und_leute/turn.py",
        "service/turm_und_leute/wire/schemas.py",
    ]
    assert run_patched(tmp_path, PATCH, "turm-und-leute.md", CHECK, "the work limit") == [
        "apply 1",
        "json 3 True",
        "turn LV1 0",
        "check LV1 /ledger/works",
        "http 200 3",
        "verdict False LV1",
        "setup 0 False",
        "document integer 0 3",
    ]


@pytest.mark.parametrize("above", [2, 3])
def test_the_patch_applies_when_a_line_beside_it_has_changed(tmp_path, above):
    """A line ``above`` lines before a hunk's first added line changed since the patch was
    made: the option still applies (tests/patched.py, CONTEXTS), its lines where the
    hunk's nearest neighbours are."""
    anchor = "BRIDGE_PRICE: Final = 2\n"  # the line just before the hunk that adds WORK_LIMIT

    def reword(copy):
        path = copy / "service" / "turm_und_leute" / "position.py"
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        at = lines.index(anchor) - (above - 2)
        lines[at] = lines[at].rstrip("\n") + "  # reworded since the patch was made\n"
        path.write_text("".join(lines), encoding="utf-8")

    check = "import service.turm_und_leute.position as p; print(p.WORK_LIMIT)"
    assert run_patched(tmp_path, PATCH, "turm-und-leute.md", check, "the work limit", prepare=reword) == ["3"]
