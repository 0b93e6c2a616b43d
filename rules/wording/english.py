"""What stays in English on every page: the names the catalog prints (Krosmasters, spells,
powers without a French text, types, BATTLES ONE Mobs) and a rulebook heading not translated.

On a page in another language each is marked `lang="en"`, so a screen reader reads it with an
English voice and the language checks know it is meant. The pages' `{% section %}` tag, the
catalog's `|english` filter and the catalog filter's type options all mark through here.
"""

from __future__ import annotations

from typing import Any

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language


def english_page() -> bool:
    """Whether the page is in English (nothing to mark)."""
    return (get_language() or "en").startswith("en")


def marked(text: Any) -> SafeString:
    """`text` escaped, in a `<span lang="en">` on a page in another language."""
    if english_page():
        return conditional_escape(text)
    return format_html('<span lang="en">{}</span>', text)
