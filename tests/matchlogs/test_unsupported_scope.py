"""An unmodelled power makes unsupported only the casts it can change, and the report names the
unit, the card and the event (ruling `unmodelled-power-scope`, docs/engine-spells.md)."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.replay import Status
from rules.engine.roster import Power, profile_to_dict
from tests.matchlogs.conftest import ev, header, placed, verify

FUTURE = "a-power-of-a-future-release"


def _header(catalog, **extra):
    maskun = catalog["s1-dks1-4"]  # A2, on e1
    future = replace(maskun, powers=(*maskun.powers, Power(FUTURE, "Future Power")))
    return header(profiles=[profile_to_dict(future)], **extra)


def test_a_cast_away_from_the_holder_is_verified(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Punch", target="c2", rolls={"critical": ["lock"]}),
        ev("concede", player="B"),
    ]
    report = verify([_header(catalog), *events], catalog)
    assert report.status is Status.VALID, report.to_dict()


def test_a_cast_next_to_the_holder_is_unsupported_naming_unit_card_and_event(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="d1"),
        ev("cast", unit="A1", spell="Punch", target="d2", rolls={"critical": ["lock"]}),
    ]
    report = verify([_header(catalog), *events], catalog)
    assert report.status is Status.UNSUPPORTED
    found = report.to_dict()["unsupported"][0]
    assert found["feature"] == f"power:{FUTURE}"
    assert (found["unit"], found["card"], found["event"]) == ("A2", "Maskun John", "cast")
    assert found["line"] == 8


def test_the_in_play_reading_keeps_the_old_scope(catalog) -> None:
    events = [
        *placed(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Punch", target="c2", rolls={"critical": ["lock"]}),
    ]
    strict = _header(catalog, rulings={"unmodelled-power-scope": "in-play"})
    assert verify([strict, *events], catalog).status is Status.UNSUPPORTED
