"""Named rulings in a log header, from the event (uploads, `verify_log --ruling`), in the report."""

from __future__ import annotations

from rules.engine.replay import Status
from rules.engine.rulings import Rulings
from tests.matchlogs.conftest import ev, header, placed, verify


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
