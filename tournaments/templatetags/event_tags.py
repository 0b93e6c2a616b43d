"""Template helpers that say results the way people read them: names, never sides or codes."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from types import SimpleNamespace
from typing import Any

from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments.explanations import worded_explanation

register = template.Library()


@register.simple_tag
def result_text(match: Any, outcome: Any = None) -> str:
    """ "Alice wins 6-2" (the winner's GG first), or "Draw 3-3"; `outcome` is anything with
    result, gg_a and gg_b (a report, a ruling), the match itself when left out."""
    return worded_result(result_facts(match, outcome), match.round.event)


def result_facts(match: Any, outcome: Any = None) -> dict[str, Any]:
    """What `result_text` says, in no language (`{}` for no result): a notice stores it so
    each reader gets it worded in theirs (issue 18)."""
    outcome = outcome if outcome is not None else match
    result = getattr(outcome, "result", "")
    if not result:
        return {}
    gg_a, gg_b = getattr(outcome, "gg_a", None), getattr(outcome, "gg_b", None)
    if result == "draw":
        facts: dict[str, Any] = {"outcome": "draw"}
        score = (gg_a, gg_b)
    elif match.is_bye:
        return {"outcome": "bye", "name": match.player_a.display_name}
    else:
        winner = match.player_a if result == "a" else match.player_b
        facts = {"outcome": "win", "name": winner.display_name}
        score = (gg_a, gg_b) if result == "a" else (gg_b, gg_a)
    if gg_a is not None:
        facts["score"] = list(score)
    return facts


def worded_result(facts: dict[str, Any], event: Any) -> str:
    """`result_facts` in the active language; the score's unit is the event's game system's."""
    outcome = facts.get("outcome")
    if not outcome:
        return ""
    if outcome == "bye":
        return _("%(name)s has the bye") % {"name": facts["name"]}
    text = _("Draw") if outcome == "draw" else _("%(name)s wins") % {"name": facts["name"]}
    if "score" not in facts:
        return text
    first, second = facts["score"]
    return f"{text} {first}-{second}{_score_unit(event)}"


def _score_unit(event: Any) -> str:
    """GG goes without saying in Krosmaster; another game system's score is named ("2-0 Mobs
    left" in BATTLES ONE)."""
    score = event.game.score
    return "" if score.key == "gg" else f" {score.short}"


@register.filter
def explanation_text(explanation: str) -> str:
    """Why a table was paired, in the reader's language (`tournaments.explanations`)."""
    return worded_explanation(explanation)


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


@register.simple_tag(takes_context=True)
def pairing_rows(context: template.Context, matches: Any) -> SafeString:
    """The rows of a page of pairings as everybody but the results desk sees them (the desk's
    rows hold forms: `_pairing_row.html`), built as strings for the same reason as the
    standings' (`snapshots.rows_html`); the markup is the template's, row for row. The link
    to each match page is reversed once."""
    round_, who, my_reg = context["round"], context["who"], context.get("my_reg")
    mine = my_reg.pk if my_reg else None
    staff = bool(getattr(who, "staff", False))
    draft = round_.status == "draft"
    table, side_a, side_b, result_label = (
        escape(label) for label in (_("Table"), _("Player A"), _("Player B"), _("Result"))
    )
    words = {
        "bye": escape(_("bye")),
        "bye_win": escape(_("bye (win)")),
        "disputed": escape(_("disputed: a judge is on it")),
        "playing": escape(_("playing")),
        "page": escape(_("Match page")),
        "rematch": escape(_("rematch")),
    }
    link = reverse("matches:match-detail", args=[0])[:-2]  # ".../matches/" + pk + "/"
    out = []
    for m in matches:
        classes = f"status-{escape(m.status)}"
        if m.rematch:
            classes += " rematch"
        if mine is not None and mine in (m.player_a_id, m.player_b_id):
            classes += " mine"
        b = m.player_b
        if m.status == "confirmed":
            shown = words["bye_win"] if b is None else f"<strong>{escape(result_text(m))}</strong>"
        elif m.status == "disputed":
            shown = f'<span class="warn">{words["disputed"]}</span>'
        else:
            shown = "" if draft else f'<span class="muted">{words["playing"]}</span>'
        links = (
            f'<a class="row-link" href="{link}{m.pk}/">{words["page"]}</a>'
            if b is not None and not draft
            else ""
        )
        if staff and m.explanation:
            links += f'<span class="small muted">{escape(worded_explanation(m.explanation))}</span>'
        if staff and m.rematch:
            links += f' <strong class="warn">{words["rematch"]}</strong>'
        out.append(
            f'<tr id="match-{m.pk}" class="{classes}">'
            f'<td class="table-no" data-label="{table}">{m.table}</td>'
            f'<td data-label="{side_a}">{escape(m.player_a.display_name)}</td>'
            f'<td data-label="{side_b}">'
            f"{escape(b.display_name) if b is not None else '<em>' + words['bye'] + '</em>'}</td>"
            f'<td data-label="{result_label}">{shown}</td>'
            f'<td data-label="">{links}</td></tr>'
        )
    return SafeString("\n".join(out))
