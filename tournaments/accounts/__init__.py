"""Accounts (issue 17): a public display name shown instead of the login, and password reset by
e-mail (Django's views, our templates)."""

from __future__ import annotations

from typing import Any


def public_name(user: Any) -> str:
    """The name other people see: the display name if the person chose one, else the login.
    `Account.display_name` is mirrored into `User.first_name` when saved, so reading it costs
    no query on pages that list many players (pairings, standings)."""
    if user is None:
        return ""
    return getattr(user, "first_name", "") or getattr(user, "username", "")
