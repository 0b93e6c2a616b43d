"""Issue 17: each trigger tells the right people in-site and by e-mail (Django's test outbox),
and posts to the event's webhook from a Celery task (eager here; the sender is a fake)."""

from __future__ import annotations

import pytest
from django.core import mail

from matches import services as match_services
from matches.logs import services as log_services
from tests.factories import make_running_event, make_user
from tournaments import services
from tournaments.notifications import webhook
from tournaments.notifications.models import EventWebhook, Notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inline_tasks")]
HOOK = "https://discord.example/api/webhooks/1/abc"


@pytest.fixture
def posts(monkeypatch) -> list[tuple[str, str]]:
    sent: list[tuple[str, str]] = []
    monkeypatch.setattr(webhook, "send", lambda url, text: sent.append((url, text)) or 204)
    return sent


def _event(players: int = 2):
    event, regs = make_running_event(players)
    for reg in regs:
        reg.user.email = f"{reg.user.username}@example.org"
        reg.user.save(update_fields=["email"])
    EventWebhook.objects.create(event=event, url=HOOK)
    return event, regs


def _published(event, django_capture_on_commit_callbacks):
    round_, _ = services.pair_next_round(event)
    with django_capture_on_commit_callbacks(execute=True):
        services.publish_round(round_)
    return round_


def test_a_published_round_tells_each_player_their_table(django_capture_on_commit_callbacks, posts):
    event, regs = _event(2)
    round_ = _published(event, django_capture_on_commit_callbacks)
    match = round_.matches.get()
    for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
        notice = Notice.objects.get(user=me.user, kind="round_published")
        assert f"table {match.table} against {them.display_name}" in notice.text
        assert notice.url == f"/events/{event.slug}/me/"
    assert sorted(m.to[0] for m in mail.outbox) == sorted(r.user.email for r in regs)
    assert "Round 1 is published" in mail.outbox[0].subject
    assert posts == [(HOOK, posts[0][1])] and "Round 1 pairings are up" in posts[0][1]


def test_a_report_tells_the_opponent_with_names(django_capture_on_commit_callbacks, posts):
    event, _regs = _event(2)
    match = _published(event, django_capture_on_commit_callbacks).matches.get()
    mail.outbox.clear()
    a, b = match.player_a, match.player_b
    with django_capture_on_commit_callbacks(execute=True):
        match_services.report_result(match, registration=a, by=a.user, result="a", gg_a=6, gg_b=2)
    notice = Notice.objects.get(user=b.user, kind="opponent_reported")
    assert f"{a.display_name} reported the result of table 1: {a.display_name} wins 6-2" in (
        notice.text
    )
    assert not Notice.objects.filter(user=a.user, kind="opponent_reported").exists()
    assert [m.to for m in mail.outbox] == [[b.user.email]]
    assert "wins 6-2" in posts[-1][1]


def test_a_ruling_tells_the_players(django_capture_on_commit_callbacks, posts):
    event, _regs = _event(2)
    judge = make_user()
    services.grant_role(event=event, user=judge, role="judge")
    match = _published(event, django_capture_on_commit_callbacks).matches.get()
    a, b = match.player_a, match.player_b
    call = match_services.call_judge(event=event, match=match, by=a.user, note="Rules question")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        match_services.record_ruling(
            call, judge=judge, rule="4.14.5", text="Two dice for the Lock.", result="b",
            gg_a=0, gg_b=4,
        )  # fmt: skip
    for reg in (a, b):
        notice = Notice.objects.get(user=reg.user, kind="judge_ruled")
        assert "rule 4.14.5: Two dice for the Lock." in notice.text
        assert f"Result: {b.display_name} wins 4-0." in notice.text
    assert sorted(m.to[0] for m in mail.outbox) == sorted([a.user.email, b.user.email])
    assert "4.14.5" in posts[-1][1]


def test_a_verified_log_tells_both_players(django_capture_on_commit_callbacks, posts, monkeypatch):
    event, _regs = _event(2)
    match = _published(event, django_capture_on_commit_callbacks).matches.get()
    mail.outbox.clear()
    log, _ = log_services.store_log(
        match, data=b"not a log\n", by=match.player_a.user, enqueue=False
    )
    with django_capture_on_commit_callbacks(execute=True):
        log_services.verify_stored_log(log.pk)
    for reg in (match.player_a, match.player_b):
        notice = Notice.objects.get(user=reg.user, kind="log_verified")
        assert f"Match log #{log.pk} of table 1 is unreadable: a judge will look at it." in (
            notice.text
        )
    assert len(mail.outbox) == 2
    assert f"Match log #{log.pk}" in posts[-1][1]


def test_notices_page_lists_and_marks_read(client, django_capture_on_commit_callbacks, posts):
    event, _regs = _event(2)
    match = _published(event, django_capture_on_commit_callbacks).matches.get()
    client.force_login(match.player_a.user)
    home = client.get("/").content.decode()
    assert '<span class="count"' in home
    page = client.get("/notices/").content.decode()
    assert "Round 1 is published" in page
    assert not Notice.objects.filter(user=match.player_a.user, read_at__isnull=True).exists()


def test_a_french_channel_hears_in_french_whoever_acts(django_capture_on_commit_callbacks, posts):
    """The webhook's readers share one language (`EventWebhook.language`): the post is worded
    in it, while each player's notice and e-mail keep their own language."""
    event, _regs = _event(2)
    EventWebhook.objects.filter(event=event).update(language="fr")
    match = _published(event, django_capture_on_commit_callbacks).matches.get()
    a = match.player_a
    with django_capture_on_commit_callbacks(execute=True):
        match_services.report_result(match, registration=a, by=a.user, result="a", gg_a=6, gg_b=2)
    assert "Les appariements de la ronde 1 sont affichés" in posts[0][1], posts[0][1]
    assert "a déclaré le résultat de la table 1" in posts[-1][1], posts[-1][1]
    assert "Round 1 is published" in mail.outbox[0].subject


def test_the_organiser_sets_the_channel_and_its_language(client):
    event, _regs = make_running_event(2)
    organiser = event.roles.get(role="organiser").user
    client.force_login(organiser)
    url = f"/events/{event.slug}/webhook/"
    assert client.post(url, {"url": HOOK, "language": "fr"}).status_code == 302
    hook = EventWebhook.objects.get(event=event)
    assert (hook.url, hook.language) == (HOOK, "fr")
    page = client.get(f"/events/{event.slug}/manage/").content.decode()
    assert f'value="{HOOK}"' in page and '<option value="fr" selected>' in page
    client.post(url, {"url": "", "language": "en"})
    assert not EventWebhook.objects.filter(event=event).exists()
