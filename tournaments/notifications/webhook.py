"""Posting to a webhook: a JSON body `{"content": text}` (what Discord's incoming webhooks read;
Slack's read `text`, sent too). Standard library only; tests replace `send` with a fake."""

from __future__ import annotations

import json
import urllib.request

TIMEOUT_SECONDS = 5


def send(url: str, text: str) -> int:
    """POST the announcement; returns the HTTP status (urllib raises on 4xx/5xx)."""
    body = json.dumps({"content": text, "text": text}).encode()
    request = urllib.request.Request(
        url,
        data=body,
        headers={"Content-Type": "application/json", "User-Agent": "krosmaster-tournaments"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
        return response.status
