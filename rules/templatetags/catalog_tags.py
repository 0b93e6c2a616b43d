"""Cards as people read them (issue 17): names, versions and levels instead of catalog ids, and
card text with small icons instead of raw `{MP}`-style tokens."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules.models import Profile, Release
from rules.wording import english as english_words
from rules.wording import labels

register = template.Library()

#: The tokens of card texts (the roster data's notation), with what each icon stands for.
TOKENS = {
    "AP": _("AP"),
    "MP": _("MP"),
    "F": _("Fire"),
    "E": _("Earth"),
    "W": _("Water"),
    "A": _("Air"),
    "N": _("Neutral"),
    "EFWA": _("any element"),
    "ij": _("injuries"),
    "K": _("Kamas"),
}
_TOKEN = re.compile(r"\{\s*(" + "|".join(sorted(TOKENS, key=len, reverse=True)) + r")\s*\}")


@register.filter
def card_text(text: str | None) -> SafeString:
    """Escape a card text and draw each token as an icon with its meaning for screen readers."""

    def icon(found: re.Match[str]) -> str:
        token = found.group(1)
        label = escape(str(TOKENS[token]))
        short = "♥" if token == "ij" else ("✦" if token == "EFWA" else token)
        return (
            f'<span class="tok tok-{token.lower()}" title="{label}" aria-label="{label}" '
            f'role="img">{escape(short)}</span>'
        )

    return mark_safe(_TOKEN.sub(icon, escape(text or "")))


@register.simple_tag
def power_text(power: Any) -> dict[str, Any]:
    """A power's name and rules text in the page's language: the French ones on a French page
    when the catalog has them, else the English ones with `fallback` set so the page can say so."""
    if _is_french() and power.name_fr:
        return {"name": power.name_fr, "text": power.text_fr, "fallback": False}
    return {"name": power.name, "text": power.text, "fallback": _is_french()}


@register.simple_tag
def english_only() -> SafeString:
    """A small "EN" marker after card text the catalog has only in English, on non-English
    pages; nothing on English pages."""
    if not _is_french():
        return mark_safe("")
    title = escape(str(_("No French text in the catalog: shown in English")))
    return mark_safe(f' <abbr class="lang-fallback" lang="en" title="{title}">EN</abbr>')


def _is_french() -> bool:
    return (get_language() or "").startswith("fr")


@register.filter
def english(name: Any) -> SafeString:
    """`{{ profile.name|english }}`: a name the catalog prints in English (a Krosmaster, a
    spell, a type), marked `lang="en"` on a French page (`rules.wording.english`)."""
    return english_words.marked(name)


@register.filter
def name_colour(colour: str) -> str:
    """`{{ profile.name_colour|name_colour }}`: the colour in the reader's language."""
    return labels.name_colour(colour)


@register.simple_tag
def team_entries(entries: Iterable[dict] | None, release_name: str | None = None) -> list[dict]:
    """A stored team's entries (`{"profile", "label"}`) with each Krosmaster's name, version and
    level from the release it was checked against (the active one when not said); an id the
    catalog no longer has is shown as it is. A BATTLES ONE entry (`{"mob", "lp"}`) has no
    catalog profile and is shown by its Mob's name."""
    rows = [dict(e) if isinstance(e, dict) else {"profile": str(e)} for e in entries or []]
    release = Release.objects.filter(name=release_name).first() if release_name else None
    if release is None:
        release = Release.objects.filter(is_active=True).first()
    found: dict[str, Any] = {}
    if release is not None:
        codes = {row["profile"] for row in rows if "profile" in row}
        found = {p.code: p for p in Profile.objects.filter(release=release, code__in=codes)}
    for row in rows:
        profile = found.get(row.get("profile", ""))
        row["name"] = profile.base_name if profile else row.get("profile") or row.get("mob", "")
        row["version"] = profile.version if profile else ""
        row["level"] = profile.level if profile else None
        row["release"] = release.name if release else ""
    return rows


#: The built-in formats' descriptions (`rules.engine.formats`), which the engine writes in
#: English; an organiser's own description is shown as written.
FORMAT_DESCRIPTIONS = {
    "Regular tournament team building of the fan-made rules 4.1 (1.1.1).": _(
        "Regular tournament team building of the fan-made rules 4.1 (1.1.1)."
    ),
    "Season-1 Krosmasters played with their Eternal deck profiles (edition et1); seasons 2 to "
    "6 as printed.": _(
        "Season-1 Krosmasters played with their Eternal deck profiles (edition et1); seasons "
        "2 to 6 as printed."
    ),
}


@register.filter
def format_description(text: str) -> str:
    """A format's description in the reader's language where it is a built-in one."""
    worded = FORMAT_DESCRIPTIONS.get(text or "")
    return str(worded) if worded is not None else text
