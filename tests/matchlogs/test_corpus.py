"""The example corpus: each file's verdict, through the library and through `verify_log`."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.matchlogs.conftest import CORPUS

# file: (status, winner, reason, GG A, GG B) for finished games, (status, first error rule) else.
EXPECTED: dict[str, tuple] = {
    "game-gg-win.jsonl": ("valid", "A", "gg", 3, 0),
    "game-tension-win.jsonl": ("valid", "A", "tension", 1, 0),
    "game-ko-win.jsonl": ("valid", "A", "krosmasters", 7, 6),
    "game-blocks-rewards.jsonl": ("valid", "A", "concede", 6, 6),
    "game-counter-resolve.jsonl": ("valid", "A", "concede", 6, 6),
    "time-equal-turns-draw.jsonl": ("valid", None, "time", 6, 6),
    "time-more-gg.jsonl": ("valid", "A", "time", 7, 6),
    "incomplete-midgame.jsonl": ("incomplete", None),
    "mismatch-checkpoint.jsonl": ("mismatch", None),
    "mismatch-result.jsonl": ("mismatch", None),
    "invalid-move-into-tree.jsonl": ("invalid", "4.17.3"),
    "invalid-timeline-order.jsonl": ("invalid", "5.5.1"),
    "invalid-lock-dice-count.jsonl": ("invalid", "4.14.5"),
    "invalid-spell-out-of-range.jsonl": ("invalid", "7.1.5"),
    "unsupported-reward.jsonl": ("unsupported", None),
    "unreadable-errors.jsonl": ("unreadable", None),
}
COMPLETE_GAMES = ("game-gg-win.jsonl", "game-tension-win.jsonl", "game-ko-win.jsonl")


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("verify_log", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    except CommandError as error:
        code = error.returncode
    return code, out.getvalue()


def test_every_corpus_file_is_expected_and_listed_in_the_readme() -> None:
    files = {path.name for path in CORPUS.glob("*.jsonl")}
    assert files == set(EXPECTED)
    readme = (CORPUS / "README.md").read_text()
    assert all(f"`{name}`" in readme for name in files)


def test_the_corpus_covers_every_event_type() -> None:
    seen = {
        json.loads(line).get("e")
        for path in CORPUS.glob("*.jsonl")
        if not path.name.startswith("unreadable")
        for line in path.read_text().splitlines()[1:]
        if line.strip()
    }
    assert seen == {
        "place",
        "tension",
        "inspire",
        "activate",
        "move",
        "pick_kama",
        "buy_gg",
        "buy_reward",
        "reveal_reward",
        "cast",
        "resolve",
        "end",
        "checkpoint",
        "ruling",
        "concede",
        "time",
        "result",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_verify_log_json(name: str, catalog) -> None:
    code, out = run(str(CORPUS / name), "--json")
    report = json.loads(out)
    expected = EXPECTED[name]
    assert report["status"] == expected[0], report
    assert code == {"valid": 0, "unreadable": 2}.get(expected[0], 1)
    if expected[0] == "valid":
        winner, reason, gg_a, gg_b = expected[1:]
        assert report["result"] == {
            "winner": winner,
            "reason": reason,
            "gg": {"A": gg_a, "B": gg_b},
        }
        assert report["claimed_result_matches"] is True and report["errors"] == []
    elif expected[1] is not None:
        assert report["errors"][-1]["rule"] == expected[1]
    if expected[0] != "unreadable":
        assert report["catalog"] == "krosfinder-2019"


@pytest.mark.django_db
def test_complete_games_are_won_from_the_set_up(catalog) -> None:
    for name in COMPLETE_GAMES:
        lines = (CORPUS / name).read_text().splitlines()
        assert json.loads(lines[1])["e"] == "place"
        assert run(str(CORPUS / name), "--json")[0] == 0


@pytest.mark.django_db
def test_text_output_and_trace(catalog) -> None:
    code, out = run(str(CORPUS / "game-blocks-rewards.jsonl"), "--trace", "49")
    assert code == 0
    assert "valid: 56 events checked" in out and "waiver of 4.7.10" in out
    assert "trace of line 49 (tension)" in out
    code, out = run(str(CORPUS / "game-ko-win.jsonl"), "--json", "--trace", "17")
    assert json.loads(out)["trace"]["steps"][-1]["step"] == "Game over"


@pytest.mark.django_db
def test_missing_file_exits_2() -> None:
    assert run(str(CORPUS / "no-such.jsonl"))[0] == 2
