"""Catalog pages, the team builder and the arena editor through Django's test client."""

from __future__ import annotations

import pytest

from kernel import limits
from rules.catalog import services
from rules.engine.legality import TeamEntry
from rules.models import Arena, Format, Release
from teams import services as team_services
from teams.models import Team
from tests.catalog.conftest import LEGAL_TEAM
from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_pages_work_without_a_catalog(client):
    assert "No catalog release is active" in client.get("/catalog/").content.decode()
    assert "no catalog yet" in client.get("/teams/builder/").content.decode()


def test_catalog_browser_filters(client, release: Release):
    page = client.get("/catalog/", {"type": "Sram", "colour": "white"}).content.decode()
    assert "Oscar Kass" in page and "Fraktor" not in page
    partial = client.get("/catalog/", {"q": "percedal"}, **HTMX).content.decode()
    assert "<html" not in partial and "Percedal" in partial


def test_profile_page_shows_spells_as_on_the_cards(client, release: Release):
    page = client.get("/catalog/profiles/s1-dks1-14/").content.decode()
    assert "Oscar Kass" in page
    assert 'aria-label="Close combat, fixed range"' in page
    assert 'aria-label="Ranged, modifiable range"' in page
    assert "element-water" in page and "element-earth" in page
    assert "Legal in Regular (CTR 4.1)" in page
    assert client.get("/catalog/profiles/none/").status_code == 404
    assert client.get("/catalog/profiles/s1-dks1-14/?release=old").status_code == 404


def test_formats_and_arena_pages(client, release: Release, trees_path):
    services.import_arenas(trees_path)
    assert "Eternal" in client.get("/catalog/formats/").content.decode()
    assert "not playable yet" in client.get("/catalog/arenas/").content.decode()
    page = client.get("/catalog/arenas/bonta1/").content.decode()
    assert "<svg" in page and "side A has no start cells" in page


def test_builder_shows_total_level_and_violations_live(client, release: Release):
    data = {"format": Format.objects.get(is_default=True).pk, "entry": LEGAL_TEAM[:4]}
    panel = client.post("/teams/builder/", {**data, "add": "s1-dks1-9"}, **HTMX).content.decode()
    assert "<html" not in panel
    assert "Total Level <strong>12</strong>" in panel and "✓ Legal" in panel
    panel = client.post("/teams/builder/", {**data, "add": "s1-dks1-9", "remove": "0"}, **HTMX)
    text = panel.content.decode()
    assert "1.1.1.b" in text and "Not legal" in text and "release krosfinder-2019" in text


def test_saving_needs_an_account_then_list_edit_delete(client, release: Release):
    data = {
        "format": Format.objects.get(is_default=True).pk,
        "entry": LEGAL_TEAM,
        "label": [""] * 5,
        "name": "Brotherhood",
        "save": "1",
    }
    assert client.post("/teams/builder/", data)["Location"].startswith("/accounts/login/")
    user = make_user()
    client.force_login(user)
    assert client.post("/teams/builder/", data)["Location"] == "/teams/"
    team = Team.objects.get(owner=user)
    assert [e.profile_code for e in team.entries.all()] == LEGAL_TEAM
    assert "✓ legal" in client.get("/teams/").content.decode()
    assert "Brotherhood" in client.get(f"/teams/{team.pk}/edit/").content.decode()
    duplicate = client.post("/teams/builder/", data)
    assert "already have a team called" in duplicate.content.decode()
    assert "Delete Brotherhood?" in client.get(f"/teams/{team.pk}/delete/").content.decode()
    client.force_login(make_user())
    assert client.get(f"/teams/{team.pk}/edit/").status_code == 404
    assert client.post(f"/teams/{team.pk}/delete/").status_code == 404
    client.force_login(user)
    assert client.post(f"/teams/{team.pk}/delete/").status_code == 302
    assert not Team.objects.exists()


def test_picker_lists_the_format_pool(client, release: Release):
    eternal = Format.objects.get(name="Eternal")
    page = client.get("/teams/builder/profiles/", {"format": eternal.pk, "q": "percedal"})
    text = page.content.decode()
    assert 'value="s1-et1-6"' in text and 'value="s1-exf-6"' not in text


def test_arena_editor_is_for_staff(client):
    arena = services.create_arena(name="Board")
    url = f"/catalog/arenas/{arena.slug}/edit/"
    client.force_login(make_user())
    assert client.get(url).status_code == 403
    organiser = make_user()
    make_event(organiser=organiser)
    client.force_login(organiser)
    assert client.get(url).status_code == 403  # the catalog is the site staff's
    staff = make_user()
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    assert client.get(url).status_code == 200
    response = client.post(url, {"cell": "c1", "tool": "start-A"}, **HTMX)
    assert "side B has no start cells" in response.content.decode()
    client.post(url, {"cell": "c12", "tool": "start-B"}, **HTMX)
    assert Arena.objects.get(pk=arena.pk).is_playable
    assert client.post(url, {"cell": "z9", "tool": "tree"}, **HTMX).status_code == 400
    created = client.post("/catalog/arenas/new/", {"name": "Fresh"})
    assert created["Location"] == "/catalog/arenas/fresh/edit/"


def test_a_saved_team_is_capped_at_the_largest_team_any_event_allows(release: Release):
    """Drafts may break 1.1.1.a, but never exceed the event settings' own ceiling (1.1.2)."""
    fmt = Format.objects.filter(release=release).first()
    too_many = [TeamEntry(LEGAL_TEAM[0], f"#{n}") for n in range(limits.TEAM_SIZE[1] + 1)]
    with pytest.raises(team_services.TeamInvalid) as refused:
        team_services.save_team(owner=make_user("drafter"), name="Big", fmt=fmt, entries=too_many)
    assert refused.value.errors["krosmasters"] == [f"at most {limits.TEAM_SIZE[1]} Krosmasters"]
