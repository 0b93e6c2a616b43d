"""Rules audit round 13b (session 13): what "opponent's territory" is under each ruleset. 4.1
defines it (4.20.1: the 6 rows nearest the opponent's start edge); the 2.7 text we hold is its
chapter 7 only, and 4.1's 8.2.1 says 2.7 gave a 12-row arena a neutral zone without placing
it, so under 2.7 a unit on those 6 rows is `Unsupported`, one on its own 6 rows is in no
opponent's territory (docs/rules-examples.md, "Round 13b")."""

from __future__ import annotations

import pytest

from rules.matchlog.verify import Status
from tests.matchlogs.audit import PLACES, RULESETS, cast, game, kros, refused, side_a, side_b
from tests.matchlogs.conftest import ev, verify
from tests.matchlogs.test_rules_audit_end import _six_doubles


def _canine(row: int, ruleset: str, **fields) -> tuple[list[dict], int]:
    """A1 (9 MP, Canine Invasion: +1 damage in opponent's territory) walks up the d column to
    row `row`, then hits B2 (d12) with its 1-damage Gun, no dice changing anything."""
    a = [kros("ta1", mp=9, initiative=9, powers=("canine-invasion",)), kros("ta2", initiative=8)]
    steps = [ev("move", unit="A1", to=f"d{i}") for i in range(2, row + 1)]
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]})
    header = game(a, side_b(), ruleset=ruleset, **fields)
    return [header, *PLACES, ev("activate", unit="A1"), *steps, hit], len(steps) + 7


@pytest.mark.parametrize("ruleset", RULESETS)
def test_4_20_1_own_six_rows_are_no_opponents_territory(catalog, ruleset: str) -> None:
    """A1 on d6, the last of A's own 6 rows: no territory bonus under either ruleset (2.7's
    neutral zone, 8.2.1, only took rows from the two territories): B2 takes 1 Injury."""
    lines, _ = _canine(6, ruleset)
    report = verify(lines, catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()
    assert report.states[-1].unit("B2").injuries == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_4_20_1_opponents_six_rows_under_each_ruleset(catalog, ruleset: str) -> None:
    """A1 on d7, the first of B's 6 rows. 4.1 (4.20.1): opponent's territory, Canine Invasion
    adds 1 (2 Injuries). 2.7 (8.2.1): d7 may be in the neutral zone, whose rows the text does
    not give: the cast is Unsupported, naming A1 and its card, not judged either way."""
    lines, line = _canine(7, ruleset)
    report = verify(lines, catalog)
    if ruleset == "fanmade-4.1":
        assert report.status is Status.INCOMPLETE, report.to_dict()
        assert report.states[-1].unit("B2").injuries == 2
        return
    assert report.status is Status.UNSUPPORTED, report.to_dict()
    [missing] = report.unsupported
    assert (missing.line, missing.feature) == (line, "opponent-territory:neutral-zone")
    assert missing.unit == "A1" and missing.card == "Ta1"


def test_4_20_1_ruling_six_rows_under_official(catalog) -> None:
    """An official-2.7 event may choose 4.1's six rows (`opponent-territory` = `six-rows`): the
    cast from d7 is judged, 2 Injuries."""
    lines, _ = _canine(7, "official-2.7", rulings={"opponent-territory": "six-rows"})
    report = verify(lines, catalog)
    assert report.status is Status.INCOMPLETE, report.to_dict()
    assert report.states[-1].unit("B2").injuries == 2


# -- 1.4: an event after the game cites the rule that ended it -----------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_5_2_3_an_event_after_a_tension_end_cites_5_2_3(catalog, ruleset: str) -> None:
    """Six doubles take both players' last GG at the Tension of A's turn 7 (5.2.3: the game is
    over, a draw by default). A1's activation after it breaks 5.2.3, not the heading 1.4;
    chapter 5 is 4.1's under both rulesets."""
    lines = [game(side_a(), side_b(), ruleset=ruleset), *PLACES, *_six_doubles()]
    refused([*lines, ev("activate", unit="A1")], catalog, len(lines) + 1, "5.2.3")
