"""`{{ error|refusal }}`: a reported error or refusal in the page's language
(`rules.wording.refusals`); `{% section rule %}`: a cited rule or BATTLES ONE section."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import conditional_escape

from rules.wording import battlesone, english
from rules.wording.refusals import refusal_text

register = template.Library()


@register.filter
def refusal(found: Any) -> str:
    """The error's sentence in the active language; the engine's English when it has no key."""
    return refusal_text(found)


@register.simple_tag
def section(rule: Any) -> str:
    """`{% section e.rule %}`: a cited rule as pages show it, a BATTLES ONE section in the
    active language (`battlesone.section`), a rule number as it is; the English heading
    standing in on a page in another language is marked `lang="en"`."""
    shown = battlesone.section(rule)
    if battlesone.section_is_english(rule, shown):
        return english.marked(shown)
    return conditional_escape(shown)
