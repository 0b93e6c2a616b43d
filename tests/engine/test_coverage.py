"""Coverage of the shared roster: the figures and the shape the command prints."""

from __future__ import annotations

from rules.engine.coverage import coverage
from rules.engine.roster import parse_roster
from tests.engine.shared_data import load


def test_coverage_of_the_shared_roster() -> None:
    profiles = parse_roster(load("krosmasters_normalized.json")).profiles
    report = coverage(profiles)
    spells, powers = report["spells"], report["powers"]
    assert spells["modelled"] + len(spells["unsupported"]) == spells["total"]
    assert powers["modelled"] + len(powers["unsupported"]) == powers["total"]
    assert spells["modelled"] / spells["total"] >= 0.6
    assert powers["modelled"] / powers["total"] >= 0.6
    assert "power:rolbak" not in powers["unsupported"]
    assert "power:shushus-a-gogo" not in powers["unsupported"]
    assert "spell:s1-dks1-22/lottery" not in spells["unsupported"]
    assert "spell:s1-et1-20/lottery" not in spells["unsupported"]  # its own handler


def test_roster_marker_spells_and_triggered_powers_are_counted() -> None:
    report = coverage(parse_roster(load("krosmasters_normalized.json")).profiles)
    assert "spell:s4-cpk-7/certain-death" not in report["spells"]["unsupported"]
    assert "spell:s5-wild-14/ice-chest" not in report["spells"]["unsupported"]  # Defrosting
    assert "power:motivation" not in report["powers"]["unsupported"]
