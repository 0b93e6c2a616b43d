"""Power rules texts in English and French for the catalog import (issue 18).

The community archive's powers files (`krosripper_powers_EN.json`, `krosripper_powers_FR.json`
under `settings.KROSMASTER_DATA`) are read at import time, never copied into the repository.
Their HTML icons become the catalog's `{AP}`-style tokens so pages draw them like spell texts.
A missing or unreadable file only means no text: the import itself never depends on it.
"""

from __future__ import annotations

import html
import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

log = logging.getLogger(__name__)

FILES = {"en": "krosripper_powers_EN.json", "fr": "krosripper_powers_FR.json"}
_ICON = re.compile(r'<span class="kf-ico[^"]*">\s*(\{[^}]*\})\s*</span>')
_TAG = re.compile(r"<[^>]+>")


@dataclass(frozen=True)
class PowerText:
    """What the files say about one power slug; empty strings where they say nothing."""

    text: str = ""
    name_fr: str = ""
    text_fr: str = ""


def plain(markup: str) -> str:
    """The archive's HTML as card text: icons as tokens, other tags dropped, entities decoded."""
    text = _TAG.sub("", _ICON.sub(r"\1", markup or ""))
    return " ".join(html.unescape(text).split())


def _read(path: Path) -> dict[str, dict]:
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        log.warning("power texts: %s not read (%s); powers keep their names only", path, error)
        return {}
    return {row["id"]: row for row in rows if isinstance(row, dict) and row.get("id")}


def load(data_dir: Path | None = None) -> dict[str, PowerText]:
    """Slug -> texts, from the English and French powers files in `data_dir`."""
    folder = Path(data_dir or settings.KROSMASTER_DATA)
    english, french = _read(folder / FILES["en"]), _read(folder / FILES["fr"])
    return {
        slug: PowerText(
            text=plain(english.get(slug, {}).get("description", "")),
            name_fr=plain(french.get(slug, {}).get("name", ""))[:120],
            text_fr=plain(french.get(slug, {}).get("description", "")),
        )
        for slug in english.keys() | french.keys()
    }
