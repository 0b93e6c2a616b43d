"""Importing and exporting releases through the services and the commands (no HTTP)."""

from __future__ import annotations

import copy
import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, transaction

from rules.catalog import selectors, services
from rules.engine.roster import load_roster
from rules.models import Format, Power, Profile, Release, Spell, Summon

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Release, Profile, Spell, Power, Summon, Format))


def test_shared_roster_gives_one_profile_per_distinct_id(roster_path: Path):
    result = services.import_roster_file(roster_path, release_name="krosfinder-2019", activate=True)
    assert result.records == 262
    assert result.profiles == Profile.objects.filter(release=result.release).count() == 260
    assert [d.split()[0] for d in result.duplicates] == ["s3-exf3-9", "s3-exf3-10"]
    assert result.release.is_active
    assert [f.name for f in result.formats] == ["Regular (CTR 4.1)", "Eternal"]
    assert Format.objects.get(is_default=True).name == "Regular (CTR 4.1)"
    # What is stored reads back as exactly the catalog the engine parses from the file.
    assert selectors.engine_catalog(result.release) == load_roster(roster_path).catalog()


def test_command_says_which_records_were_duplicates(roster_path: Path):
    out = StringIO()
    call_command("import_roster", str(roster_path), "--release", "r1", "--activate", stdout=out)
    text = out.getvalue()
    assert "note: s3-exf3-9 occurs 2 times" in text
    assert "note: s3-exf3-10 occurs 2 times" in text
    assert "260 profiles from 262 records" in text


def test_conflicting_record_is_reported_by_id_and_field_and_nothing_changes(
    roster_records: list, tmp_path: Path
):
    records = copy.deepcopy(roster_records)
    twin = copy.deepcopy(next(r for r in records if r["id"] == "s1-dks1-14"))
    twin["level"] = 5
    records.append(twin)
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(records))
    before = counts()
    with pytest.raises(CommandError) as failure:
        call_command("import_roster", str(path), "--release", "bad")
    assert "s1-dks1-14: level: conflicts with record #" in str(failure.value)
    assert counts() == before


def test_malformed_records_are_all_reported_and_nothing_changes(
    roster_records: list, tmp_path: Path
):
    records = copy.deepcopy(roster_records)
    records[0]["level"] = "three"
    records[5]["spells"][0]["range_max"] = 25
    del records[9]["hp"]
    path = tmp_path / "roster.json"
    path.write_text(json.dumps(records))
    with pytest.raises(services.CatalogImportError) as failure:
        services.import_roster_file(path, release_name="bad", activate=True)
    problems = failure.value.problems
    assert "s1-arena-1: level: must be an integer, not 'three'" in problems
    assert any(p.startswith(f"{records[5]['id']}: spells[0].range_max:") for p in problems)
    assert f"{records[9]['id']}: hp: is required" in problems
    assert counts() == (0, 0, 0, 0, 0, 0)


def test_existing_release_name_is_refused_without_changes(release: Release, roster_path: Path):
    before = counts()
    stamp = Release.objects.get(pk=release.pk).updated_at
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_roster", str(roster_path), "--release", release.name, "--activate")
    assert counts() == before
    assert Release.objects.get(pk=release.pk).updated_at == stamp


def test_unreadable_file_is_refused(tmp_path: Path, db):
    path = tmp_path / "roster.json"
    path.write_text("[{")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_roster", str(path), "--release", "x")
    assert counts() == (0, 0, 0, 0, 0, 0)


def test_export_writes_our_format_and_reimports_identically(release: Release, tmp_path: Path):
    out = tmp_path / "export.json"
    call_command(
        "export_roster", "--release", release.name, "--output", str(out), stderr=StringIO()
    )
    document = json.loads(out.read_text())
    assert document["format"] == "krosmaster-catalog/1"
    assert document["release"] == release.name
    assert len(document["profiles"]) == 260
    copy_release = services.import_roster_file(out, release_name="copy").release
    assert not copy_release.is_active
    assert selectors.engine_catalog(copy_release).profiles() == (
        selectors.engine_catalog(release).profiles()
    )


def test_exactly_one_release_is_active(release: Release, roster_path: Path):
    second = services.import_roster_file(roster_path, release_name="second").release
    assert selectors.active_release() == release
    services.activate_release(second)
    assert list(Release.objects.filter(is_active=True)) == [second]
    # The older release stays readable.
    assert len(selectors.engine_catalog(Release.objects.get(pk=release.pk))) == 260
    with pytest.raises(IntegrityError), transaction.atomic():
        Release.objects.filter(pk=release.pk).update(is_active=True)


def test_default_formats_are_created_once(release: Release):
    assert services.ensure_default_formats(release) == []
    regular = selectors.format_named(release=release)
    assert regular.name == "Regular (CTR 4.1)"
    engine_fmt = selectors.engine_format(regular)
    assert engine_fmt.to_dict() == regular.engine_fields() | {
        "seasons": sorted(regular.seasons),
        "excluded_editions": ["et1"],
    }


def test_custom_format_round_trips_and_refuses_unknown_profiles(release: Release):
    import datetime

    fmt = services.create_format(
        release=release,
        name="Duo Cup",
        date=datetime.date(2026, 3, 1),
        min_team_size=2,
        max_team_size=2,
        total_level=None,
        max_total_level=10,
        banned=["s1-dks1-27"],
        adjustments={"s1-exf-6": {"level": 4, "copy_limit": None, "note": "rebalance"}},
    )
    value = selectors.engine_format(fmt)
    assert value.max_total_level == 10
    assert value.level_of(selectors.engine_catalog(release)["s1-exf-6"]) == 4
    with pytest.raises(services.FormatInvalid) as failure:
        services.create_format(
            release=release, name="Bad", date=datetime.date(2026, 3, 1), banned=["nope-1"]
        )
    assert "nope-1" in failure.value.errors["banned"][0]
    with pytest.raises(services.FormatInvalid) as failure:
        services.create_format(
            release=release, name="Worse", date=datetime.date(2026, 3, 1), min_team_size=0
        )
    assert "non_field_errors" in failure.value.errors


def test_catalog_cache_rebuilds_after_a_change(release: Release):
    first = selectors.engine_catalog(release)
    assert selectors.engine_catalog(Release.objects.get(pk=release.pk)) is first
    Profile.objects.filter(release=release, code="s1-arena-1").update(level=4)
    services.touch_release(release)
    rebuilt = selectors.engine_catalog(Release.objects.get(pk=release.pk))
    assert rebuilt is not first
    assert rebuilt["s1-arena-1"].level == 4


def test_4_19_9_d_summon_strength_survives_import_and_export(release: Release, tmp_path: Path):
    document = selectors.export_roster(release)
    document["profiles"][0]["strength"] = 3
    summons = services.import_roster(document, release_name="with-summons").release
    assert selectors.engine_catalog(summons).profiles()[0].strength == 3
    assert selectors.export_roster(summons)["profiles"][0]["strength"] == 3


def test_4_19_7_a_trap_token_without_mp_or_hp_imports_with_its_strength(release: Release):
    """An organiser's catalog holds its summon cards as a log's header does: a Trap prints no
    MP or HP (4.19.7), so the scoresheet can copy it into its header (round 7's Tricky Trap)."""
    document = selectors.export_roster(release)
    trap = {**document["profiles"][0], "id": "token-trap", "strength": 1, "mp": None, "hp": None}
    document["profiles"].append(trap)
    summons = services.import_roster(document, release_name="with-a-trap").release
    found = {p.id: p for p in selectors.engine_catalog(summons).profiles()}["token-trap"]
    assert (found.mp, found.hp, found.strength) == (None, None, 1)
    refused = {**trap, "id": "no-strength", "strength": None}
    document["profiles"][-1] = refused
    with pytest.raises(services.CatalogImportError, match="only for a summon token"):
        services.import_roster(document, release_name="not-a-trap")
