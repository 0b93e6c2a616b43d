"""Named rulings in a log header, from the event (uploads, `verify_log --ruling`), in the report."""

from __future__ import annotations

import json

import pytest

from rules.engine.replay import Status
from rules.engine.rulings import Rulings
from tests.matchlogs.conftest import ev, header, placed, text, verify
from tests.matchlogs.test_corpus import run


def test_the_report_lists_the_rulings_it_applied(catalog) -> None:
    found = verify([header(), *placed(), ev("concede", player="B")], catalog).to_dict()
    assert found["rulings"]["line-of-sight"] == "exact"
    chosen = header(rulings={"line-of-sight": "strict-corners"})
    found = verify([chosen, *placed(), ev("concede", player="B")], catalog).to_dict()
    assert found["status"] == "valid"
    assert found["rulings"]["line-of-sight"] == "strict-corners"


def test_an_unknown_ruling_in_the_header_makes_the_log_unreadable(catalog) -> None:
    bad = header(rulings={"line-of-sight": "lenient", "corners": "exact"})
    report = verify([bad, *placed()], catalog)
    assert report.status is Status.UNREADABLE
    fields = {issue.field for issue in report.issues}
    assert fields == {"rulings.line-of-sight", "rulings.corners"}


def test_the_events_rulings_apply_and_a_header_choosing_otherwise_is_a_mismatch(catalog) -> None:
    event = Rulings.of({"line-of-sight": "closed-diagonal-gaps"})
    lines = [header(rulings={"line-of-sight": "strict-corners"}), *placed()]
    report = verify([*lines, ev("concede", player="B")], catalog, rulings=event)
    assert report.status is Status.MISMATCH
    error = report.errors[0]
    assert (error.line, error.field, error.claimed, error.computed) == (
        1,
        "rulings.line-of-sight",
        "strict-corners",
        "closed-diagonal-gaps",
    )
    assert report.to_dict()["rulings"]["line-of-sight"] == "closed-diagonal-gaps"
    silent = verify([header(), *placed(), ev("concede", player="B")], catalog, rulings=event)
    assert silent.status is Status.VALID  # a header that names no ruling takes the event's


# -- the rulings of issue 13 beyond line of sight, along the same path --------------------------

NEW = {
    "ko-credit": "summoner",
    "standby-order": "active-player-orders",
    "targeted-units": "main-target",
    "prerequisite-targets": "every-target",
    "crate-of-dynamite-sight": "blocks",
    "ice-cube-sight": "blocks",
    "temple-pillar-sight": "clear",
    "crate-of-dynamite-hp": "3",
    "crate-of-dynamite-damage": "2",
    "crate-of-dynamite-element": "fire",
}


def test_4_10_6_b_4_18_3_b_7_2_3_rulings_from_the_header_reach_the_report(catalog) -> None:
    found = verify([header(rulings=NEW), *placed(), ev("concede", player="B")], catalog).to_dict()
    assert found["status"] == "valid"
    assert {name: found["rulings"][name] for name in NEW} == NEW
    default = verify([header(), *placed(), ev("concede", player="B")], catalog).to_dict()
    assert default["rulings"]["ko-credit"] == "injury-source"
    assert default["rulings"]["standby-order"] == "trigger-order"
    assert default["rulings"]["targeted-units"] == "every-target"


def test_4_10_6_b_the_events_ko_credit_overrides_a_header_choosing_otherwise(catalog) -> None:
    event = Rulings.of({"ko-credit": "summoner"})
    lines = [header(rulings={"ko-credit": "injury-source"}), *placed(), ev("concede", player="B")]
    report = verify(lines, catalog, rulings=event)
    assert report.status is Status.MISMATCH
    assert report.errors[0].field == "rulings.ko-credit"


@pytest.mark.django_db
def test_4_18_3_b_verify_log_takes_the_new_rulings_on_its_command_line(catalog, tmp_path) -> None:
    log = tmp_path / "game.jsonl"
    log.write_text(text([header(), *placed(), ev("concede", player="B")]))
    args = [f"--ruling={name}={reading}" for name, reading in NEW.items()]
    code, out = run(str(log), "--json", *args)
    assert code == 0
    assert {name: json.loads(out)["rulings"][name] for name in NEW} == NEW
    code, _ = run(str(log), "--ruling=standby-order=whenever")
    assert code == 2
