"""An option that keeps state is written in six files (docs/engine.md, "An option with
state, step by step").

``data/tower_tax.patch`` adds a toy option, the tower tax (V5: a seat places at most three
stones on towers of 5 or more, counted in a new seat member ``tax``), by editing the
files of the roles a member with state has in every engine — the state (``position.py``)
and its schema (``schemas.py``), its structural check (``check.py``), the rule that
judges it (the place phase's module), the refusals and the rules document — and nothing
else. Applied to a copy of the engine, everything a client meets must follow from those
files alone: the JSON reader and writer, the notation, the
structural check, the turn's judgement, the set-up query and the document. A hand copy of
a shape that a new member must also be written into makes this test fail.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tests.patched import run_patched, touched

PATCH = Path(__file__).with_name("data") / "tower_tax.patch"

CHECK = textwrap.dedent(
    """
    import json
    from service import create_app
    from service.api.spec import spec_yaml
    from service.common import InvalidPositionError
    from service.terra_turrium import parse_notation, write_notation
    from service.terra_turrium.wire.codec import parse_position, parse_turn_plan, position_to_dict
    from service.terra_turrium.setup import place_turrians, setup_position
    from service.terra_turrium.turn import validate_turn
    import yaml

    position = position_to_dict(place_turrians(setup_position(2), {"yellow": ["b9"], "red": ["b2"]}))
    position["rules"]["tower_tax"] = True
    position["seats"][0]["tax"] = 3
    position["heights"][5][5] = 5                    # f6, a tower of 5
    position["turn"] = {"phase": "place", "in_hand": 3}
    taxed = parse_position(position)
    print("json", position_to_dict(taxed)["seats"][0]["tax"], position_to_dict(taxed)["rules"]["tower_tax"])
    text = write_notation(taxed)
    print("notation", text.split("|")[1], parse_notation(text) == taxed)
    violation = validate_turn(taxed, parse_turn_plan({"place": ["c9", "f6", "c9"]}))
    print("turn", violation.rule, violation.index)
    print("legal", validate_turn(taxed, parse_turn_plan({"place": ["c9", "c9", "c9"], "move": []})))
    position["rules"]["tower_tax"] = False
    try:
        parse_position(position)
    except InvalidPositionError as err:
        print("check", err.rule, err.field)
    client = create_app().test_client()
    setup = client.get("/v1/setup?players=2&tower_tax=true").get_json()
    print("setup", setup["rules"]["tower_tax"], setup["seats"][0]["tax"])
    document = yaml.safe_load(spec_yaml(create_app()))
    seat = document["components"]["schemas"]["Seat"]["properties"]["tax"]
    print("document", seat["type"], seat["minimum"], seat["maximum"])
    """
)


def test_v5_an_option_with_state_is_six_files_and_every_reader_writer_and_document_follows(tmp_path):
    assert touched(PATCH) == [
        "docs/rules.md",
        "service/terra_turrium/check.py",
        "service/terra_turrium/place.py",
        "service/terra_turrium/position.py",
        "service/terra_turrium/refusals.py",
        "service/terra_turrium/wire/schemas.py",
    ]
    assert run_patched(tmp_path, PATCH, "rules.md", CHECK, "the tower tax") == [
        "json 3 True",
        "notation yellow:NW,NE:b9:0:0::0:3 True",
        "turn V5 1",
        "legal None",
        "check V5 /seats/0/tax",
        "setup True 0",
        "document integer 0 3",
    ]
