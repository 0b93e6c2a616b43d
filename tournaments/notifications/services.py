"""Telling people (issue 17). Each trigger is called by the service that made the change, once
its transaction commits (`on_commit`), so nobody hears about something that was rolled back:

- a round is published: its players (`round_published`);
- a player reports: their opponent (`opponent_reported`, in a Celery task: the round's most
  frequent write stays cheap);
- a judge rules: the match's players (`judge_ruled`);
- a match log is verified: its uploader and the opponent (`log_verified`).

Each becomes an in-site notice, an e-mail to those who gave an address (Django's e-mail
backend: the console by default), and a post on the event's webhook if it has one (a Celery
task, so a slow channel never delays a page).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from kernel.tasks import queue_task
from matches.models import Match, MatchLog, ResultReport, Ruling
from tournaments.accounts.language import saved_language
from tournaments.models import Round
from tournaments.notifications.models import EventWebhook, Kind, Notice
from tournaments.notifications.selectors import forget_unread
from tournaments.templatetags.event_tags import result_text


def deliver(
    *,
    users: Iterable,
    event,
    kind: str,
    text: Callable[[], str],
    url: str = "",
    webhook: bool = True,
) -> list[Notice]:
    """One notice per person, the e-mails, and (unless `webhook` is False) the webhook post.

    `text` is called once per person in that person's saved language (issue 18), so a notice
    and its e-mail read in the language the person chose; people who chose none, and the
    webhook, get the site's default (never the language of whoever's request triggered this).
    """
    people = {user.pk: user for user in users if user is not None}.values()
    texts = {}
    for user in people:
        with translation.override(saved_language(user) or settings.LANGUAGE_CODE):
            texts[user.pk] = text()
    notices = Notice.objects.bulk_create(
        Notice(user=user, event=event, kind=kind, text=texts[user.pk][:300], url=url)
        for user in people
    )
    forget_unread([user.pk for user in people])
    link = f"{settings.SITE_URL.rstrip('/')}{url}" if url else settings.SITE_URL
    mails = [
        (
            f"{event.name}: {texts[user.pk]}"[:150],
            f"{texts[user.pk]}\n\n{link}\n",
            None,
            [user.email],
        )
        for user in people
        if user.email
    ]
    if mails:
        send_mass_mail(mails, fail_silently=True)
    if webhook:
        with translation.override(settings.LANGUAGE_CODE):
            _post(event, text(), link)
    return notices


def _post(event, text: str, link: str) -> None:
    hook = EventWebhook.objects.filter(event=event).first()
    if hook is not None:
        queue_task(
            "tournaments.notifications.tasks.post_webhook", hook.url, f"{event.name}: {text} {link}"
        )


def _round_text(number: int, table: int, them) -> str:
    if them is None:
        return _("Round %(n)s is published: you have the bye.") % {"n": number}
    return _("Round %(n)s is published: table %(t)s against %(name)s.") % {
        "n": number,
        "t": table,
        "name": them.display_name,
    }


def _later(function, *args) -> None:
    transaction.on_commit(partial(function, *args))


# The four triggers: services call `announce_*`; the rest runs after the commit. ----------------


def announce_round_published(round_id: int) -> None:
    _later(round_published, round_id)


def round_published(round_id: int) -> None:
    round_ = Round.objects.select_related("event").get(pk=round_id)
    event = round_.event
    for match in round_.matches.select_related("player_a__user", "player_b__user"):
        for me, them in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            if me is None or me.user is None:
                continue
            deliver(
                users=[me.user],
                event=event,
                kind=Kind.ROUND_PUBLISHED,
                text=partial(_round_text, round_.number, match.table, them),
                url=reverse("my-match", args=[event.slug]),
                webhook=False,  # the channel hears about the round once, below
            )
    url = reverse("round-detail", args=[event.slug, round_.number])
    with translation.override(settings.LANGUAGE_CODE):  # the channel reads the site's default
        _post(
            event,
            _("Round %(n)s pairings are up.") % {"n": round_.number},
            f"{settings.SITE_URL.rstrip('/')}{url}",
        )


def announce_opponent_reported(report_id: int) -> None:
    """In a Celery task: a player's report is the round's most frequent write (5,000 of them
    in a 10,000-player round), and the notice, its e-mail and the webhook post were a quarter
    of the report's CPU in the web process (issue 15). The task reads the report again, so
    it is safe to retry and says nothing once the opponent has confirmed."""
    transaction.on_commit(
        partial(queue_task, "tournaments.notifications.tasks.tell_opponent_of_report", report_id)
    )


def opponent_reported(report_id: int) -> None:
    # With the reporter's name and the opponent's saved language: one query per report.
    report = (
        ResultReport.objects.select_related(
            "registration__user",
            "match__round__event",
            "match__player_a__user__account",
            "match__player_b__user__account",
        )
        .filter(pk=report_id)
        .first()
    )
    if report is None:
        return  # withdrawn or replaced before the task ran: nothing left to tell
    match = report.match
    if match.status != Match.Status.PENDING:
        return  # it agreed (confirmed) or a judge is on it: the reporter's page says so
    other = match.player_b if report.registration_id == match.player_a_id else match.player_a
    if other is None or other.user is None:
        return

    def text() -> str:
        return _(
            "%(name)s reported the result of table %(t)s: %(result)s. Accept it or say otherwise."
        ) % {
            "name": report.registration.display_name,
            "t": match.table,
            "result": result_text(match, report),
        }

    deliver(
        users=[other.user],
        event=match.round.event,
        kind=Kind.OPPONENT_REPORTED,
        text=text,
        url=reverse("matches:match-detail", args=[match.pk]),
    )


def announce_judge_ruled(ruling_id: int) -> None:
    _later(judge_ruled, ruling_id)


def judge_ruled(ruling_id: int) -> None:
    ruling = Ruling.objects.select_related(
        "call__event",
        "call__match__player_a__user",
        "call__match__player_b__user",
        "call__raised_by",
    ).get(pk=ruling_id)
    call, match = ruling.call, ruling.call.match
    users = [call.raised_by]
    if match is not None:
        users += [reg.user for reg in (match.player_a, match.player_b) if reg is not None]

    def text() -> str:
        said = _("A judge ruled under rule %(rule)s: %(text)s") % {
            "rule": ruling.rule,
            "text": ruling.text,
        }
        if ruling.result and match is not None:
            said += " " + _("Result: %(result)s.") % {"result": result_text(match, ruling)}
        return said

    url = reverse("matches:match-detail", args=[match.pk]) if match is not None else ""
    deliver(users=users, event=call.event, kind=Kind.JUDGE_RULED, text=text, url=url)


def announce_log_verified(log_id: int) -> None:
    _later(log_verified, log_id)


def log_verified(log_id: int) -> None:
    log = (
        MatchLog.objects.defer("data")
        .select_related("match__round__event", "match__player_a__user", "match__player_b__user")
        .get(pk=log_id)
    )
    match = log.match

    def text() -> str:
        if log.acceptable:
            said = _("Match log #%(n)s of table %(t)s is valid: accept its result.")
        else:
            said = _("Match log #%(n)s of table %(t)s is %(status)s: a judge will look at it.")
        return said % {"n": log.pk, "t": match.table, "status": log.get_status_display().lower()}

    users = [log.uploaded_by] + [r.user for r in (match.player_a, match.player_b) if r is not None]
    deliver(
        users=users,
        event=match.round.event,
        kind=Kind.LOG_VERIFIED,
        text=text,
        url=reverse("matches:match-detail", args=[match.pk]) + "#logs",
    )


# Reads and the notices page ---------------------------------------------------------------------


def mark_read(user) -> int:
    marked = Notice.objects.filter(user=user, read_at__isnull=True).update(read_at=timezone.now())
    forget_unread([user.pk])
    return marked
