"""An option that keeps state, in Spiel der Türme as in Terra Turrium
(tests/terra_turrium/test_option_with_state.py; docs/engine.md, "Adding a member").

``data/neutral_limit.patch`` adds a toy option, the neutral limit (TV2: at most three
neutral stones are moved in a game, counted in a new position member ``neutral_moves``),
by editing the files of the roles a member with state has in every engine — the state
(``position.py``) and its schema (``schemas.py``), its structural check
(``check.py``), the rule that judges it (``moves.py``) and the one that plays it
(``turn.py``), the refusals and the rules document — and nothing else. Applied to a copy
of the engine, everything a client meets must follow from those files alone: the JSON
reader and writer, the structural check, the legal moves, the turn's judgement, an
operation's answer and the document. A hand copy of a shape that a new member must also
be written into makes this test fail.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.patched import run_patched, touched

PATCH = Path(__file__).with_name("data") / "neutral_limit.patch"

CHECK = textwrap.dedent(
    """
    import random
    from service import create_app
    from service.api.spec import spec_yaml
    from service.common import InvalidPositionError
    from service.spiel_der_tuerme.actions import TurnPlan
    from service.spiel_der_tuerme.wire.codec import parse_position, position_to_dict
    from service.spiel_der_tuerme.moves import legal_moves
    from service.spiel_der_tuerme.random_player import random_turn
    from service.spiel_der_tuerme.setup import setup_position
    from service.spiel_der_tuerme.turn import apply_turn, validate_turn
    import yaml

    played = setup_position(2, seed=1)
    rng = random.Random(7)
    while not any(m.neutral for m in legal_moves(played)):  # play on until a neutral stone may move
        played, _ = apply_turn(played, random_turn(played, rng))
    position = position_to_dict(played)
    position["rules"]["neutral_limit"] = True
    fresh = parse_position(position)
    neutral = next(m.move for m in legal_moves(fresh) if m.neutral)
    after, _ = apply_turn(fresh, TurnPlan((neutral,)))
    print("apply", position_to_dict(after)["neutral_moves"])
    position["neutral_moves"] = 3
    limited = parse_position(position)
    print("json", position_to_dict(limited)["neutral_moves"],
          position_to_dict(limited)["rules"]["neutral_limit"])
    print("legal", any(m.neutral for m in legal_moves(limited)), len(legal_moves(limited)) > 0)
    violation = validate_turn(limited, TurnPlan((neutral,)))
    print("turn", violation.rule, violation.index)
    position["rules"]["neutral_limit"] = False
    try:
        parse_position(position)
    except InvalidPositionError as err:
        print("check", err.rule, err.field)
    client = create_app().test_client()
    answer = client.post(
        "/v1/spiel-der-tuerme/moves", json={"position": {**position, "rules": {"neutral_limit": True}}}
    )
    print("http", answer.status_code, any(m["neutral"] for m in answer.get_json()["moves"]))
    document = yaml.safe_load(spec_yaml(create_app()))
    member = document["components"]["schemas"]["SdtPosition"]["properties"]["neutral_moves"]
    print("document", member["type"], member["minimum"], member["maximum"])
    """
)


def test_tv2_an_option_with_state_is_its_roles_files_and_every_reader_writer_and_document_follows(tmp_path):
    assert touched(PATCH) == [
        "docs/spiel-der-tuerme.md",
        "service/spiel_der_tuerme/check.py",
        "service/spiel_der_tuerme/moves.py",
        "service/spiel_der_tuerme/position.py",
        "service/spiel_der_tuerme/refusals.py",
        "service/spiel_der_tuerme/turn.py",
        "service/spiel_der_tuerme/wire/schemas.py",
    ]
    assert run_patched(tmp_path, PATCH, "spiel-der-tuerme.md", CHECK, "the neutral limit") == [
        "apply 1",
        "json 3 True",
        "legal False True",
        "turn TV2 0",
        "check TV2 /neutral_moves",
        "http 200 False",
        "document integer 0 3",
    ]
