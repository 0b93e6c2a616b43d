"""Template helpers that say results the way people read them: names, never sides or codes."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def result_text(match: Any, outcome: Any = None) -> str:
    """ "Alice wins 6-2" (the winner's GG first), or "Draw 3-3"; `outcome` is anything with
    result, gg_a and gg_b (a report, a ruling), the match itself when left out."""
    outcome = outcome if outcome is not None else match
    result = getattr(outcome, "result", "")
    if not result:
        return ""
    gg_a, gg_b = getattr(outcome, "gg_a", None), getattr(outcome, "gg_b", None)
    if result == "draw":
        text = _("Draw")
        return f"{text} {gg_a}-{gg_b}{_score_unit(match)}" if gg_a is not None else text
    if match.is_bye:
        return _("%(name)s has the bye") % {"name": match.player_a.display_name}
    winner = match.player_a if result == "a" else match.player_b
    text = _("%(name)s wins") % {"name": winner.display_name}
    if gg_a is None:
        return text
    first, second = (gg_a, gg_b) if result == "a" else (gg_b, gg_a)
    return f"{text} {first}-{second}{_score_unit(match)}"


def _score_unit(match: Any) -> str:
    """GG goes without saying in Krosmaster; another game system's score is named ("2-0 Mobs
    left" in BATTLES ONE)."""
    score = match.round.event.game.score
    return "" if score.key == "gg" else f" {score.short}"


@register.filter
def previous_of(change: Any) -> SimpleNamespace:
    """The result a history entry replaced, in the shape `result_text` reads."""
    return SimpleNamespace(
        result=change.previous_result, gg_a=change.previous_gg_a, gg_b=change.previous_gg_b
    )


@register.filter
def public_name(user: Any) -> str:
    """A person's display name (or login) as others see it."""
    from tournaments.accounts import public_name as name_of

    return name_of(user)


def event_zone(event: Any) -> zoneinfo.ZoneInfo:
    """The event's time zone (UTC when it names none or an unknown one)."""
    try:
        return zoneinfo.ZoneInfo(getattr(event, "time_zone", "") or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


@register.simple_tag
def event_time(moment: datetime | None, event: Any, fmt: str = "DATETIME_FORMAT") -> SafeString:
    """A moment as the event's venue reads it: in the event's time zone, in the page's locale,
    with the zone's abbreviation. site.js adds the viewer's own clock time when it differs."""
    if moment is None:
        return SafeString("")
    local = timezone.localtime(moment, event_zone(event))
    return format_html(
        '<time datetime="{}" data-event-time data-offset="{}" data-your-time="{}">{} {}</time>',
        local.isoformat(),
        # In the sign convention of JavaScript's getTimezoneOffset(), for site.js to compare.
        -int(local.utcoffset().total_seconds() // 60),
        _("your time"),
        date_format(local, fmt),
        local.tzname(),
    )
