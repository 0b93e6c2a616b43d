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
from tournaments.notifications.wording import Facts, notice_text
from tournaments.templatetags.event_tags import result_facts


def deliver(
    *,
    users: Iterable,
    event,
    kind: str,
    key: str,
    facts: Facts,
    url: str = "",
    webhook: bool = True,
) -> list[Notice]:
    """One notice per person, the e-mails, and (unless `webhook` is False) the webhook post.

    A notice keeps `key` and `facts` and is worded in each reader's language when shown
    (issue 18; its `text` is the site's default). An e-mail is written in the recipient's
    saved language, else the site's default; the webhook post in the channel's language
    (`EventWebhook.language`). Never the language of whoever's request triggered this.
    """
    people = {user.pk: user for user in users if user is not None}.values()
    texts: dict[str, str] = {}

    def text(language: str) -> str:
        if language not in texts:
            with translation.override(language):
                texts[language] = notice_text(key, facts, event)
        return texts[language]

    default = text(settings.LANGUAGE_CODE)
    notices = Notice.objects.bulk_create(
        Notice(
            user=user,
            event=event,
            kind=kind,
            text=default[:300],
            text_key=key,
            facts=facts,
            url=url,
        )
        for user in people
    )
    forget_unread([user.pk for user in people])
    link = f"{settings.SITE_URL.rstrip('/')}{url}" if url else settings.SITE_URL
    mails = []
    for user in people:
        if user.email:
            said = text(saved_language(user) or settings.LANGUAGE_CODE)
            mails.append((f"{event.name}: {said}"[:150], f"{said}\n\n{link}\n", None, [user.email]))
    if mails:
        send_mass_mail(mails, fail_silently=True)
    if webhook:
        _post(event, text, link)
    return notices


def _post(event, text: Callable[[str], str], link: str) -> None:
    """The event's webhook post, `text` worded in the channel's language."""
    hook = EventWebhook.objects.filter(event=event).first()
    if hook is not None:
        said = text(hook.language)
        queue_task(
            "tournaments.notifications.tasks.post_webhook", hook.url, f"{event.name}: {said} {link}"
        )


def _round_facts(number: int, table: int, them) -> dict:
    if them is None:
        return {"key": "round_bye", "facts": {"round": number}}
    return {
        "key": "round_published",
        "facts": {"round": number, "table": table, "opponent": them.display_name},
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
                **_round_facts(round_.number, match.table, them),
                url=reverse("my-match", args=[event.slug]),
                webhook=False,  # the channel hears about the round once, below
            )
    url = reverse("round-detail", args=[event.slug, round_.number])

    def pairings_are_up(language: str) -> str:
        with translation.override(language):
            return _("Round %(n)s pairings are up.") % {"n": round_.number}

    _post(event, pairings_are_up, f"{settings.SITE_URL.rstrip('/')}{url}")


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

    deliver(
        users=[other.user],
        event=match.round.event,
        kind=Kind.OPPONENT_REPORTED,
        key="opponent_reported",
        facts={
            "reporter": report.registration.display_name,
            "table": match.table,
            "result": result_facts(match, report),
        },
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

    facts = {"rule": ruling.rule, "ruling": ruling.text}
    if ruling.result and match is not None:
        facts["result"] = result_facts(match, ruling)
    url = reverse("matches:match-detail", args=[match.pk]) if match is not None else ""
    deliver(
        users=users,
        event=call.event,
        kind=Kind.JUDGE_RULED,
        key="judge_ruled",
        facts=facts,
        url=url,
    )


def announce_log_verified(log_id: int) -> None:
    _later(log_verified, log_id)


def log_verified(log_id: int) -> None:
    log = (
        MatchLog.objects.defer("data")
        .select_related("match__round__event", "match__player_a__user", "match__player_b__user")
        .get(pk=log_id)
    )
    match = log.match

    users = [log.uploaded_by] + [r.user for r in (match.player_a, match.player_b) if r is not None]
    deliver(
        users=users,
        event=match.round.event,
        kind=Kind.LOG_VERIFIED,
        key="log_valid" if log.acceptable else "log_for_a_judge",
        facts={"log": log.pk, "table": match.table, "status": log.status},
        url=reverse("matches:match-detail", args=[match.pk]) + "#logs",
    )


# Reads and the notices page ---------------------------------------------------------------------


def mark_read(user, *, ids: list[int] | None = None) -> int:
    """Mark `user`'s unread notices read: those with `ids` (the page shown), else all."""
    unread = Notice.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    marked = unread.update(read_at=timezone.now())
    forget_unread([user.pk])
    return marked
