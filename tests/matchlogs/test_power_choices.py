"""A power's choice through the match log: the `resolve` event naming its effect on standby
carries `choices` (docs/match-log.md, "Powers waiting on standby")."""

from __future__ import annotations

from rules.engine.replay import Status
from tests.matchlogs.conftest import TEAMS, ev, header, placed, verify

OTOMAI = {**TEAMS, "A": [("A2", "s1-dks1-4"), ("A1", "s3-dks3-16")]}


def test_potion_bag_otomai_chooses_through_a_resolve_event(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A2"),
        ev("end", unit="A2"),
        ev("activate", unit="A1"),
        ev("resolve", source="potion-bag:A1", choices=["effect:mp"]),
        ev("move", unit="A1", to="c2"),
        ev("concede", player="B"),
    ]
    report = verify([header(OTOMAI), *events], catalog)
    assert report.status is Status.VALID, report.to_dict()


def test_6_2_1_d_potion_bag_without_its_choice_stops_the_next_action(catalog) -> None:
    """Potion Bag triggers in the Preliminary Phase: no action before it resolves (6.2.1.d)."""
    events = [
        *placed(),
        ev("activate", unit="A2"),
        ev("end", unit="A2"),
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="c2"),
    ]
    report = verify([header(OTOMAI), *events], catalog)
    assert report.status is Status.INVALID
    assert report.errors[0].rule == "6.2.1.d" and "potion-bag" in report.errors[0].message
