"""Statuses, checkpoints, waivers, concessions, time, the state timeline and the trace."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rules.engine.logevents import TimePolicy
from rules.engine.replay import Status, WaiverOutcome, trace
from rules.matchlog.verify import UnreadableReport, with_inline_profiles
from tests.matchlogs.conftest import TEAMS, corpus_lines, ev, header, placed, verify

PASS_A = [
    ev("activate", unit="A1"),
    ev("end", unit="A1"),
    ev("activate", unit="A2"),
    ev("end", unit="A2"),
]
PASS_B = [
    ev("tension", dice=["critical", "lock"]),
    ev("activate", unit="B1"),
    ev("end", unit="B1"),
    ev("activate", unit="B2"),
    ev("end", unit="B2"),
]


def test_report_has_the_shape_of_the_spec(catalog) -> None:
    found = verify([header(), *placed(), ev("concede", player="B")], catalog).to_dict()
    assert list(found) == [
        "status",
        "events_checked",
        "errors",
        "unsupported",
        "waivers",
        "result",
        "claimed_result_matches",
        "catalog",
        "rulings",
    ]
    assert found["result"] == {"winner": "A", "reason": "concede", "gg": {"A": 6, "B": 6}}
    assert found["status"] == "valid" and found["claimed_result_matches"] is None
    json.dumps(found)


def test_incomplete_names_where_the_game_stopped(catalog) -> None:
    report = verify([header(), *placed(), *PASS_A], catalog)
    assert report.status is Status.INCOMPLETE
    assert report.errors[0].line == 9 and "turn 2 (player B)" in report.errors[0].message
    assert report.result is None


def test_checkpoint_mismatch_reports_both_values_and_goes_on(catalog) -> None:
    events = [*placed(), ev("checkpoint", gg={"A": 6, "wild": False}), ev("activate", unit="A2")]
    report = verify([header(), *events], catalog)
    assert report.status is Status.INVALID  # the later illegal event still counts
    mismatch, illegal = report.errors
    assert (mismatch.line, mismatch.field, mismatch.claimed, mismatch.computed) == (
        6,
        "gg.wild",
        False,
        True,
    )
    assert mismatch.rule is None and illegal.rule == "5.5.1"


def test_only_the_first_difference_is_reported(catalog) -> None:
    events = [
        *placed(),
        ev("checkpoint", kamas={"A": 1}),
        ev("checkpoint", units={"A1": {"cell": "c2"}}),
    ]
    report = verify([header(), *events, ev("concede", player="A")], catalog)
    assert report.status is Status.MISMATCH
    assert [e.field for e in report.errors] == ["kamas.A"]


def test_unit_checkpoint_fields(catalog) -> None:
    claims = {"A1": {"cell": "c1", "injuries": 0, "ap": 6, "mp": 3}, "B1": {"cell": "c12"}}
    events = [*placed(), ev("activate", unit="A1"), ev("checkpoint", units=claims)]
    assert verify([header(), *events, ev("concede", player="A")], catalog).status is Status.VALID


def test_claimed_result_compared_field_by_field(catalog) -> None:
    events = [*placed(), ev("concede", player="A")]
    wrong_gg = ev("result", winner="B", reason="concede", gg={"A": 6, "B": 7})
    report = verify([header(), *events, wrong_gg], catalog)
    assert report.status is Status.MISMATCH and report.claimed_result_matches is False
    assert report.errors[0].field == "result.gg.B"
    right = ev("result", winner="B", reason="concede", gg={"A": 6, "B": 6})
    assert verify([header(), *events, right], catalog).claimed_result_matches is True


def test_a_result_claimed_before_the_game_ends_is_incomplete(catalog) -> None:
    report = verify([header(), *placed(), ev("result", winner="A", gg={"A": 6, "B": 6})], catalog)
    assert report.status is Status.INCOMPLETE and report.claimed_result_matches is False


@pytest.mark.parametrize(
    ("teams", "feature"),
    [
        ({"A": [("A1", "s9-nowhere-1")], "B": [("B1", "s1-dks1-4")]}, "profile:s9-nowhere-1"),
    ],
)
def test_unknown_profile_is_unsupported(catalog, teams, feature) -> None:
    report = verify([header(teams)], catalog)
    assert report.status is Status.UNSUPPORTED
    assert [(u.line, u.feature) for u in report.unsupported] == [(1, feature)]


def test_unknown_reward_is_unsupported(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="c2"),
        ev("move", unit="A1", to="d2"),
        ev("buy_reward", unit="A1", rank="granite", reward="mystery", assign_to="A1"),
    ]
    report = verify([header(), *events], catalog)
    assert report.status is Status.UNSUPPORTED and report.unsupported[0].feature == "reward:mystery"


def test_inline_profiles_override_the_catalog(catalog) -> None:
    first = header(
        profiles=[
            {
                "id": "s1-dks1-4",
                "name": "Maskun John",
                "name_colour": "white",
                "level": 2,
                "initiative": 20,
                "mp": 3,
                "hp": 7,
                "ap": 6,
                "types": [],
                "season": "s1",
                "edition": "dks1",
                "spells": [
                    {
                        "name": "Poke",
                        "cost": {"ap": 3},
                        "range_kind": "melee",
                        "range_min": 1,
                        "range_max": 1,
                        "range_modifiable": False,
                        "range_line": False,
                        "range_los": True,
                        "element": "earth",
                        "base_damage": 1,
                        "limit": "unlimited",
                    }
                ],
            }
        ]
    )
    report = verify([first, *placed(), ev("activate", unit="A2")], catalog)  # rebalanced: 20
    assert report.status is Status.INCOMPLETE, report.to_dict()


# -- waivers ---------------------------------------------------------------------------------


def ruling(*rules: str) -> dict:
    return ev("ruling", judge="J", rule=rules[0], note="table call", waive=list(rules))


def test_waived_violation_is_skipped_and_listed(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ruling("4.17.2"),
        ev("move", unit="A1", to="c3"),
        ev("checkpoint", units={"A1": {"cell": "c1"}}),
        ev("concede", player="B"),
    ]
    report = verify([header(), *events], catalog)
    assert report.status is Status.VALID, report.to_dict()
    [waiver] = report.waivers
    assert (waiver.line, waiver.ruling_line, waiver.rule, waiver.outcome) == (
        8,
        7,
        "4.17.2",
        WaiverOutcome.SKIPPED,
    )
    assert "c3 is not adjacent" in waiver.message
    assert report.applied[6] is False
    assert trace(report, 8).steps[0].step == "Waiver"


def test_unused_waivers_are_listed_too(catalog) -> None:
    events = [*placed(), ruling("6.3.4", "4.7.10"), ev("activate", unit="A1"), ruling("5.2.1")]
    report = verify([header(), *events], catalog)
    outcomes = [(w.rule, w.line, w.outcome) for w in report.waivers]
    assert outcomes == [
        ("6.3.4", 7, WaiverOutcome.UNUSED),
        ("4.7.10", 7, WaiverOutcome.UNUSED),
        ("5.2.1", None, WaiverOutcome.UNUSED),
    ]


def test_a_waiver_does_not_cover_another_rule(catalog) -> None:
    events = [*placed(), ruling("6.3.4"), ev("activate", unit="A2")]
    report = verify([header(), *events], catalog)
    assert report.status is Status.INVALID and report.errors[0].rule == "5.5.1"
    assert report.waivers[0].outcome is WaiverOutcome.UNUSED


# -- concede and time ------------------------------------------------------------------------


def test_concede_during_the_set_up(catalog) -> None:
    report = verify(
        [header(), ev("place", unit="A1", cell="c1"), ev("concede", player="A")], catalog
    )
    assert report.status is Status.VALID and report.result.winner == "B"


def test_time_in_the_second_players_turn_ends_at_once_with_equal_turns(catalog) -> None:
    events = [
        *placed(),
        *PASS_A,
        *PASS_B[:2],
        ev("time"),
        ev("end", unit="B1"),
        ev("activate", unit="B2"),
        ev("end", unit="B2"),
    ]
    report = verify([header(), *events], catalog)
    assert report.status is Status.VALID
    assert report.to_dict()["result"] == {"winner": None, "reason": "time", "gg": {"A": 6, "B": 6}}
    more = verify([header(), *events, ev("activate", unit="A1")], catalog)
    assert more.status is Status.INVALID and more.errors[0].rule == "1.4"


def test_time_in_the_first_players_turn_plays_the_round_out(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("time"),
        ev("end", unit="A1"),
        ev("activate", unit="A2"),
        ev("end", unit="A2"),
    ]
    assert verify([header(), *events], catalog).status is Status.INCOMPLETE
    assert verify([header(), *events, *PASS_B], catalog).status is Status.VALID


def test_more_gg_policy_with_equal_gg_is_a_draw(catalog) -> None:
    report = verify([header(), *placed(), ev("time", policy="more-gg")], catalog)
    assert report.result is not None and report.result.winner is None


def test_the_tournaments_policy_wins_over_the_logs(catalog) -> None:
    events = [header(), *placed(), ev("time", policy="more-gg")]
    report = verify(events, catalog, time_policy=TimePolicy.EQUAL_TURNS_DRAW)
    assert report.status is Status.MISMATCH
    assert report.errors[0].field == "time.policy"
    policy = verify([*events[:-1], ev("time")], catalog, time_policy=TimePolicy.MORE_GG)
    assert policy.status is Status.VALID and policy.result.reason == "time"


# -- timeline and trace ----------------------------------------------------------------------


def test_state_after_each_event(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="c2"),
        ev("pick_kama", unit="A1", count=2),
    ]
    report = verify([header(), *events], catalog)
    assert report.state_before(7).unit("A1").cell.name == "c1"
    assert report.state_after(7).unit("A1").cell.name == "c2"
    assert report.state_after(8).player("A").kamas == 2
    assert len(report.states) == report.events_checked == len(events)
    assert report.state_after(8).to_json()["players"][0]["kamas"] == 2


def test_trace_of_a_block_names_dice_and_rules(catalog) -> None:
    lines = corpus_lines("game-blocks-rewards.jsonl")
    report = verify(lines, catalog)
    line = next(i + 1 for i, x in enumerate(lines) if x.get("block") and x["unit"] == "A1")
    steps = trace(report, line).to_dict()["steps"]
    assert [s["rule"] for s in steps] == ["4.14.2.b", "4.14.2.c", "4.14.2.d", "6.3.2"]
    assert "+1 Lock power (4.14.5)" in steps[0]["text"] and "caught" in steps[2]["text"]


def test_trace_of_a_double_and_of_the_stopping_event(catalog) -> None:
    events = [
        *placed(),
        *PASS_A,
        ev("tension", dice=["lock", "dofus:lock"]),
        ev("activate", unit="B2"),
    ]
    report = verify([header(), *events], catalog)
    double = trace(report, 10)
    assert double.steps[-1].rule == "5.2.3" and "player A GG 6 -> 5" in double.changes
    refused = trace(report, 11)
    assert refused.steps[0].step == "Refused" and refused.steps[0].rule == "5.5.1"


def test_trace_of_a_spell_is_the_casting_trace(catalog) -> None:
    lines = corpus_lines("game-ko-win.jsonl")
    report = verify(lines, catalog)
    last = trace(report, len(lines) - 1)
    rules = [s.rule for s in last.steps]
    assert rules[0] == "7.1" and "7.2.8.a" in rules and last.steps[-1].step == "Game over"


def test_unreadable_report_has_the_same_shape(catalog) -> None:
    report = verify([{"format": "kml/1"}], catalog)
    assert isinstance(report, UnreadableReport)
    found = report.to_dict()
    assert found["status"] == "unreadable" and found["errors"][0]["line"] == 1


TOFU = {
    "id": "token-tofu",
    "name": "Tofu",
    "name_colour": "white",
    "level": 0,
    "initiative": 0,
    "mp": 4,
    "hp": 1,
    "ap": 4,
    "types": ["Tofu"],
    "season": "s1",
    "edition": "arena",
    "spells": [
        {
            "name": "Peck",
            "cost": {"ap": 3},
            "range_kind": "melee",
            "range_min": 1,
            "range_max": 1,
            "range_modifiable": False,
            "range_line": False,
            "range_los": True,
            "element": "air",
            "base_damage": 1,
            "limit": "unlimited",
        }
    ],
}


@pytest.mark.parametrize("strength, status", [(1, Status.INCOMPLETE), (None, Status.UNSUPPORTED)])
def test_4_19_9_d_a_summon_needs_its_strength_from_the_inline_profile(
    catalog, strength, status
) -> None:
    teams = {"A": [("A1", "s1-arena-1"), ("A2", "s1-dks1-4")], "B": TEAMS["B"]}
    first = header(teams, profiles=[{**TOFU, "strength": strength}])
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Summoning of Tofu (3)", target="c2"),
    ]
    report = verify([first, *events], catalog)
    assert report.status is status, report.to_dict()
    if strength is None:
        assert report.unsupported[0].feature == "4.19.9.d:strength"
    else:
        summoned = [u for u in report.states[-1].units if u.id.startswith("A1/")]
        assert [(u.cell.name, u.profile.strength) for u in summoned] == [("c2", 1)]


def test_inline_profiles_merged_into_a_copy_in_the_catalogs_order(catalog) -> None:
    """`with_inline_profiles` copies a `Catalog` at once (`Catalog.as_dict`): the same mapping,
    in the same order, as merging it key by key; the catalog itself is left as it was."""
    first = next(iter(catalog.values()))
    changed = replace(first, hp=first.hp + 1)
    extra = replace(first, id="log-extra")
    merged = with_inline_profiles(catalog, (changed, extra))
    assert list(merged.items()) == list({**catalog, changed.id: changed, extra.id: extra}.items())
    assert catalog[first.id] is first and "log-extra" not in catalog
    assert with_inline_profiles(catalog, ()) is catalog
