"""The corpus of BATTLES ONE records: each file's name starts with the status it must get, and
together they cover every status."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.battlesone.engine import verify_text
from rules.systems import STATUSES

CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(CORPUS.glob("*.jsonl"))


def test_the_corpus_covers_every_status():
    assert {path.name.split("-")[0] for path in FILES} == set(STATUSES)


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_corpus_record(catalog, path):
    verdict = verify_text(path.read_text(), catalog)
    assert verdict.status == path.name.split("-")[0], verdict.to_dict()
    assert all(step.rule for step in verdict.trace if step.step != "Refused")
