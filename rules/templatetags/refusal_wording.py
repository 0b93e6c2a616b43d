"""`{{ error|refusal }}`: a reported error or refusal in the page's language
(`rules.wording.refusals`)."""

from __future__ import annotations

from typing import Any

from django import template

from rules.wording import battlesone
from rules.wording.refusals import refusal_text

register = template.Library()


@register.filter
def refusal(found: Any) -> str:
    """The error's sentence in the active language; the engine's English when it has no key."""
    return refusal_text(found)


@register.filter
def section(rule: Any) -> Any:
    """A BATTLES ONE rulebook section in the active language; a rule number as it is."""
    return battlesone.section(rule)
