"""Issue 15: what the hot pages keep in the cache between changes (the event's row, the
header's unread count) is dropped at every change, and the rows the pages build without the
template engine read as the templates did."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from kernel import access
from matches import services as match_services
from tests.factories import make_event, make_running_event, make_user
from tournaments import services
from tournaments.notifications import services as notices
from tournaments.notifications.models import Notice
from tournaments.notifications.selectors import unread_count

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(settings) -> None:
    settings.LIVE_REDIS_URL = None


def test_the_cached_event_row_follows_an_edit_a_transition_and_a_deletion():
    event = make_event("Cache Cup", status="registration_open")
    assert access.event_by_slug(event.slug).name == "Cache Cup"  # cached from now on
    services.update_event(event, name="Cache Cup II")
    assert access.event_by_slug(event.slug).name == "Cache Cup II"
    services.transition(event, "registration_closed")  # a bulk update, no post_save
    assert access.event_by_slug(event.slug).status == "registration_closed"
    slug = event.slug
    event.delete()
    assert access.event_by_slug(slug) is None


def test_a_page_shows_the_event_as_changed_after_it_was_cached():
    organiser = make_user()
    event, _ = make_running_event(2, organiser=organiser, name="Before Open")
    browser = Client()
    browser.force_login(organiser)
    standings = f"/events/{event.slug}/standings/"
    assert "Before Open" in browser.get(standings).content.decode()
    services.update_event(event, name="After Open")
    assert "After Open" in browser.get(standings).content.decode()


def test_the_unread_count_follows_deliveries_reads_and_deletions():
    event = make_event()
    person = make_user()
    assert unread_count(person.pk) == 0  # cached from now on

    def tell() -> None:
        notices.deliver(
            users=[person], event=event, kind="round_published", key="round_bye", facts={"round": 1}
        )

    tell()
    tell()
    assert unread_count(person.pk) == 2
    Notice.objects.filter(user=person).first().delete()
    assert unread_count(person.pk) == 1
    notices.mark_read(person)
    assert unread_count(person.pk) == 0


def test_the_header_counts_a_notice_delivered_after_the_page_was_seen():
    event, regs = make_running_event(2)
    person = regs[0].user
    browser = Client()
    browser.force_login(person)
    page = f"/events/{event.slug}/standings/"
    assert '<span class="count">' not in browser.get(page).content.decode()
    notices.deliver(
        users=[person], event=event, kind="round_published", key="round_bye", facts={"round": 1}
    )
    assert '<span class="count">1</span>' in browser.get(page).content.decode()


def _round_one(players: int, **settings):
    organiser = make_user()
    event, _regs = make_running_event(players, organiser=organiser, **settings)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    return event, round_, organiser


def test_the_standings_rows_escape_names_and_translate_their_labels(settings):
    event, round_, organiser = _round_one(3)
    match = round_.matches.exclude(player_b=None).select_related("player_a__user").get()
    winner = match.player_a
    type(winner.user).objects.filter(pk=winner.user_id).update(first_name="<b>Bold</b> & co")
    match_services.set_result(match, by=organiser, result="a", gg_a=6, gg_b=2)
    page = Client().get(f"/events/{event.slug}/standings/").content.decode()
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; co" in page and "<b>Bold</b>" not in page
    assert '<td class="rank" data-label="#">1</td>' in page
    assert '<td class="num" data-label="W–D–L">1–0–0</td>' in page  # noqa: RUF001
    french = Client(headers={"accept-language": "fr"})
    with translation.override("fr"):
        label = translation.gettext("Player")
    assert f'data-label="{label}"' in french.get(f"/events/{event.slug}/standings/").text


def test_a_dropped_player_keeps_the_badge_in_the_standings():
    event, round_, organiser = _round_one(2)
    match = round_.matches.get()
    match_services.set_result(match, by=organiser, result="a", gg_a=6, gg_b=2)
    services.drop(match.player_b)
    page = Client().get(f"/events/{event.slug}/standings/").content.decode()
    assert '<tr class="dropped">' in page and '<span class="badge">dropped</span>' in page


def test_the_public_pairings_rows_show_results_the_bye_and_your_table():
    event, round_, organiser = _round_one(3)
    match = round_.matches.exclude(player_b=None).select_related("player_a__user").get()
    match_services.set_result(match, by=organiser, result="a", gg_a=6, gg_b=2)
    phone = Client()
    phone.force_login(match.player_a.user)
    page = phone.get(f"/events/{event.slug}/rounds/1/").content.decode()
    assert f'<tr id="match-{match.pk}" class="status-confirmed mine">' in page
    assert f"<strong>{match.player_a.display_name} wins 6-2</strong>" in page
    assert f'href="/matches/{match.pk}/"' in page
    assert "<em>bye</em>" in page and "bye (win)" in page
    assert '<td class="table-no" data-label="Table">1</td>' in page


def test_the_opponents_notice_is_sent_by_a_task_and_skips_a_withdrawn_report(
    django_capture_on_commit_callbacks, inline_tasks
):
    from matches.models import ResultReport
    from tournaments.notifications.tasks import tell_opponent_of_report

    _event, round_, _organiser = _round_one(2)
    match = round_.matches.select_related("player_a__user", "player_b__user").get()
    a, b = match.player_a, match.player_b
    with django_capture_on_commit_callbacks(execute=True):
        match_services.report_result(match, registration=a, by=a.user, result="a", gg_a=6, gg_b=2)
    assert Notice.objects.filter(user=b.user, kind="opponent_reported").count() == 1
    missing = (ResultReport.objects.order_by("-pk").values_list("pk", flat=True).first()) + 1
    tell_opponent_of_report(missing)  # gone before the task ran: nothing to tell, no error
    assert Notice.objects.filter(user=b.user, kind="opponent_reported").count() == 1


def test_a_standings_view_reads_no_database_row(django_assert_num_queries):
    """Issue 15: once a page of the standings was shown, the next view of it (by anyone of the
    same kind: registered or not, staff or not) is served from the cache alone."""
    organiser = make_user()
    event, registrations = make_running_event(6, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    player = registrations[0].user
    phone = Client()
    phone.force_login(player)
    url = f"/events/{event.slug}/standings/"
    first = phone.get(url).content.decode()
    assert f"/events/{event.slug}/me/" in first  # "My match": the player is registered
    with django_assert_num_queries(0):
        again = phone.get(url)
    table = first[first.index("<main>") :]
    assert again.content.decode()[again.content.decode().index("<main>") :] == table
    stranger = Client()
    stranger.force_login(make_user())
    page = stranger.get(url).content.decode()
    assert f"/events/{event.slug}/me/" not in page and "Pairings" in page


def test_the_cached_registration_flag_follows_a_registration_and_a_withdrawal():
    event = make_event(status="registration_open")
    person = make_user()
    assert not access.is_registered(person, event)  # cached from now on
    registration = services.register(event=event, user=person)
    assert access.is_registered(person, event)
    registration.delete()
    assert not access.is_registered(person, event)


def test_the_cached_user_follows_a_deactivation_and_a_new_password():
    """kernel.auth: the session's user comes from the cache, dropped when the row is saved."""
    person = make_user()
    browser = Client()
    browser.force_login(person)
    assert browser.get("/dashboard/").status_code == 200  # the user is cached from now on
    person.set_password("another-pass-456")
    person.save()  # the session's hash no longer matches: signed out
    assert browser.get("/dashboard/").status_code == 302
    browser.force_login(person)
    assert browser.get("/dashboard/").status_code == 200
    person.is_active = False
    person.save()
    assert browser.get("/dashboard/").status_code == 302


def test_the_cached_token_user_follows_a_deactivation_and_a_deleted_token():
    from rest_framework.authtoken.models import Token

    person = make_user()
    token = Token.objects.create(user=person)
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    me = "/api/v1/me/"
    assert api.get(me).status_code == 200  # token and user cached from now on
    person.is_active = False
    person.save()
    assert api.get(me).status_code == 403  # not signed in (DRF: 403 with sessions first)
    person.is_active = True
    person.save()
    assert api.get(me).status_code == 200
    token.delete()
    assert api.get(me).status_code == 403  # not signed in (DRF: 403 with sessions first)


def test_the_pairings_menu_is_cached_per_kind_of_reader():
    """The pairings page's event menu comes from the cache (no query for the rounds), and a
    player sees "My match" in it, a stranger does not."""
    organiser = make_user()
    event, registrations = make_running_event(4, organiser=organiser)
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    url = f"/events/{event.slug}/rounds/1/"
    mine = f'href="/events/{event.slug}/me/"'
    for person, sees in ((registrations[0].user, True), (make_user(), False)):
        browser = Client()
        browser.force_login(person)
        assert (mine in browser.get(url).content.decode()) is sees
        assert (mine in browser.get(url).content.decode()) is sees  # from the cache
