"""`{{ violation|violation_text }}`: a team-legality violation in the page's language
(`teams.wording`)."""

from __future__ import annotations

from typing import Any

from django import template

from teams import wording

register = template.Library()


@register.filter
def violation_text(violation: Any) -> str:
    return wording.violation_text(violation)
