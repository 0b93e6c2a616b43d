"""API input fields shared by every app's serializers (kernel/api.py holds the views' helpers;
it is imported by DRF's settings, before `rest_framework.serializers` may be)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from kernel.ids import MAX_ID


def id_field(**kwargs: Any) -> serializers.IntegerField:
    """An input naming a row by its id: a number outside 1..2**63-1 is refused on the field
    (400) before any query, where the database driver would raise (SQLite: OverflowError, a
    500)."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)
