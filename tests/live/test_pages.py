"""Live pages answer `304 Not Modified` with no database query while their topics are idle,
and in full once something they show changed (docs/live.md)."""

from __future__ import annotations

import pytest
from django.test import Client

from matches import services as match_services
from tests.banphase.helpers import ban_event
from tests.factories import make_running_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _in_process_channel(settings) -> None:
    settings.LIVE_REDIS_URL = None


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _idle_then_changed(client, url, change, django_assert_num_queries, commit, **headers):
    first = client.get(url, **headers)
    assert first.status_code == 200, url
    tag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    with django_assert_num_queries(0):
        idle = client.get(url, HTTP_IF_NONE_MATCH=tag, **headers)
    assert idle.status_code == 304 and idle["ETag"] == tag
    with commit(execute=True):
        change()
    fresh = client.get(url, HTTP_IF_NONE_MATCH=tag, **headers)
    assert fresh.status_code == 200 and fresh["ETag"] != tag
    return fresh


@pytest.fixture
def running():
    organiser = make_user()
    event, _ = make_running_event(4, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    match = round_.matches.filter(player_b__isnull=False).first()
    return event, organiser, match


def test_my_match_is_304_until_my_match_changes(
    running, django_assert_num_queries, django_capture_on_commit_callbacks
):
    event, _, match = running
    player = match.player_a
    fresh = _idle_then_changed(
        _as(player.user),
        f"/events/{event.slug}/me/",
        lambda: match_services.report_result(
            match, registration=player, by=player.user, result="a", gg_a=3, gg_b=0
        ),
        django_assert_num_queries,
        django_capture_on_commit_callbacks,
        **HTMX,
    )
    assert "sse:changed" in fresh.content.decode()


@pytest.mark.parametrize("back", [False, True], ids=["drop", "reinstate"])
def test_my_match_follows_my_drop(
    running, back, django_assert_num_queries, django_capture_on_commit_callbacks
):
    """Dropping (or coming back) changes what the player's own page shows: no stale 304."""
    event, _, match = running
    player = match.player_a
    if back:
        services.drop(player)
    _idle_then_changed(
        _as(player.user),
        f"/events/{event.slug}/me/",
        lambda: (services.reinstate if back else services.drop)(player),
        django_assert_num_queries,
        django_capture_on_commit_callbacks,
        **HTMX,
    )


def test_the_match_page_follows_its_match(
    running, django_assert_num_queries, django_capture_on_commit_callbacks
):
    event, organiser, match = running
    fresh = _idle_then_changed(
        _as(organiser),
        f"/matches/{match.pk}/",
        lambda: match_services.call_judge(event=event, match=match, by=organiser, note="rules"),
        django_assert_num_queries,
        django_capture_on_commit_callbacks,
    )
    html = fresh.content.decode()
    assert f"topic=match.{match.pk}" in html and 'id="match-live"' in html


def test_the_judge_queue_follows_its_calls(
    running, django_assert_num_queries, django_capture_on_commit_callbacks
):
    event, organiser, match = running
    fresh = _idle_then_changed(
        _as(organiser),
        f"/events/{event.slug}/judge/",
        lambda: match_services.call_judge(event=event, match=match, by=organiser, note="help"),
        django_assert_num_queries,
        django_capture_on_commit_callbacks,
    )
    assert "help" in fresh.content.decode()


def test_standings_and_pairings_follow_results(
    running, django_assert_num_queries, django_capture_on_commit_callbacks
):
    event, organiser, match = running
    client = _as(organiser)
    for url in (f"/events/{event.slug}/standings/", f"/events/{event.slug}/rounds/1/"):
        _idle_then_changed(
            client,
            url,
            lambda: match_services.set_result(match, by=organiser, result="b", gg_a=0, gg_b=4),
            django_assert_num_queries,
            django_capture_on_commit_callbacks,
        )


def test_the_round_clock_is_refetched_on_change_and_never_cached(
    running, django_capture_on_commit_callbacks
):
    event, organiser, _ = running
    page = _as(organiser).get(f"/events/{event.slug}/rounds/1/timer/")
    assert page["Cache-Control"] == "no-store"
    assert f"topic=clock.{event.slug}.1" in page.content.decode()
    from live import topics, versions

    topic = topics.round_clock(event.slug, 1)
    before = versions([topic])[topic]
    with django_capture_on_commit_callbacks(execute=True):
        services.start_timer(event.rounds.get(number=1))
    assert versions([topic])[topic] != before


def test_the_ban_panel_is_304_until_the_phase_changes(
    django_assert_num_queries, django_capture_on_commit_callbacks
):
    from teams.banphase import services as banphase_services

    event, match = ban_event(bans=1)
    organiser = event.roles.get(role="organiser").user
    client = _as(match.player_a.user)
    client.get(f"/matches/{match.pk}/ban-phase/")
    phase = banphase_services.phase_for(match)
    url = f"/matches/{match.pk}/ban-phase/state/?v=stale"
    _idle_then_changed(
        client,
        url,
        lambda: banphase_services.pause(phase, by=organiser),
        django_assert_num_queries,
        django_capture_on_commit_callbacks,
        **HTMX,
    )
    # After a deadline the page asks past the cache, so the server can show the timeout.
    tag = client.get(url, **HTMX)["ETag"]
    forced = client.get(url, HTTP_IF_NONE_MATCH=tag, HTTP_X_LIVE_REFRESH="1", **HTMX)
    assert forced.status_code == 200
