"""G2 with G4: how a team finishes under the pro goal, and a team that finished stays
finished once (no second finish when the partner's turn ends)."""

from service.terra_turrium import EventType, apply_turn, event_to_dict, parse_turn_plan, winners
from tests.terra_turrium.builders import build

YELLOW_PRO = {"a10": 2, "b10": 3, "c10": 4, "d10": 5, "e10": 6, "a9": 7}
RED_PRO = {"f10": 2, "g10": 3, "h10": 4, "i10": 5, "j10": 6, "j9": 7}
# Green, of the opposing team, takes three edge stones of yellow's and red's
# territories (R4 team play) and puts them back.
GREEN_TURN = parse_turn_plan({"take": ["a6", "a7", "j6"], "place": ["a6", "a7", "j6"]})


def pro_team(red_holds: bool):
    red = {"pro_hold": ["i10", "j10", "j9"]} if red_holds else {}
    return build(
        4,
        flat=1,
        heights={**YELLOW_PRO, **RED_PRO},
        rules={"team_play": True, "goal": "pro"},
        turrians={"yellow": list(YELLOW_PRO), "red": list(RED_PRO) if red_holds else ["f10"]},
        seats={"yellow": {"pro_hold": ["d10", "e10", "a9"]}, "red": red},
        to_move="green",
    )


def test_g2_g4_a_pro_team_finishes_when_both_members_hold():
    after, events = apply_turn(pro_team(red_holds=True), GREEN_TURN)
    assert after.finishers == ("yellow", "red")
    # yellow started the round, so the game is over as its turn comes round (G3)
    assert [event_to_dict(e) for e in events[-3:]] == [
        {"type": "finish", "seat": "yellow", "interpretations": ["G3", "G4", "G2"]},
        {"type": "finish", "seat": "red", "interpretations": ["G3", "G4", "G2"]},
        {
            "type": "game_over",
            "seat": "yellow",
            "winners": ["yellow", "red"],
            "interpretations": ["G3", "G4", "G2"],
        },
    ]
    assert winners(after) == ("yellow", "red")


def test_g2_g4_a_pro_member_holding_alone_waits_for_the_partner():
    after, events = apply_turn(pro_team(red_holds=False), GREEN_TURN)
    assert after.finishers == () and not after.is_game_over
    assert after.seats[0].pro_hold is not None  # still recorded, not void
    assert not any(e.type in (EventType.FINISH, EventType.HOLD_LOST) for e in events)


def test_g4_a_finished_team_is_not_finished_again_by_the_partners_turn():
    stairs = {"a10": 1, "b10": 2, "c10": 3, "d10": 4, "e10": 5, "a9": 6}
    red_done = {"f10": 1, "g10": 2, "h10": 3, "i10": 4, "j10": 5, "j9": 6}
    p = build(
        4,
        flat=1,
        heights={**stairs, **red_done},
        rules={"team_play": True},
        turrians={"yellow": list(stairs), "red": list(red_done)},
        finishers=["yellow", "red"],
        to_move="red",
    )
    after, events = apply_turn(p, parse_turn_plan({"take": ["j1", "j2", "a1"], "place": ["j1", "j2", "a1"]}))
    assert after.finishers == ("yellow", "red")
    assert not any(e.type is EventType.FINISH for e in events)
