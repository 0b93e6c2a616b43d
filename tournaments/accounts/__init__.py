"""Accounts (issue 17): a public display name shown instead of the login, and password reset by
e-mail (Django's views, our templates)."""

from __future__ import annotations

from typing import Any


def public_name(user: Any) -> str:
    """The name other people see: the display name if the person chose one, else the login."""
    if user is None:
        return ""
    try:
        chosen = user.account.display_name
    except Exception:  # no Account row yet (RelatedObjectDoesNotExist), or an AnonymousUser
        chosen = ""
    return chosen or getattr(user, "username", "")
