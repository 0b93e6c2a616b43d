"""`{% live_connect topic ... %}`: the attributes that make an element follow live topics.

Put it on an element that stays on the page; descendants react with
`hx-trigger="sse:changed, live:poll"` (static/js/live.js fires `live:poll` every
`LIVE_POLL_SECONDS` while the event stream is down or unsupported).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.conf import settings
from django.urls import reverse
from django.utils.html import format_html

from live.topics import valid

register = template.Library()


@register.simple_tag
def live_connect(*topics: str) -> str:
    for topic in topics:
        if not valid(topic):
            raise template.TemplateSyntaxError(f"not a live topic name: {topic!r}")
    url = f"{reverse('live:stream')}?{urlencode([('topic', t) for t in topics])}"
    return format_html(
        'hx-ext="sse" sse-connect="{}" data-live-poll="{}"', url, settings.LIVE_POLL_SECONDS
    )


@register.simple_tag(takes_context=True)
def live_refresh(context: template.Context, region: str, *topics: str) -> str:
    """A hidden follower that re-fetches this page and swaps in the element `#region` when a
    topic changes (or on the polling fallback). For pages without a fragment view of their own."""
    request = context["request"]
    return format_html(
        '<div class="live-follow" hidden {}><div hx-get="{}" hx-trigger="sse:changed, live:poll"'
        ' hx-select="#{}" hx-target="#{}" hx-swap="outerHTML"></div></div>',
        live_connect(*topics),
        request.get_full_path(),
        region,
        region,
    )
