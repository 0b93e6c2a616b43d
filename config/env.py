"""Strict reading of settings from the environment.

Every setting the service takes comes through these helpers, so a typo in a value stops the
process at start-up with the variable's name, instead of silently running with a default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class Env:
    """Typed access to a mapping of environment variables (os.environ by default)."""

    def __init__(self, source: Mapping[str, str] | None = None) -> None:
        self._source = os.environ if source is None else source

    def _raw(self, name: str) -> str | None:
        value = self._source.get(name)
        if value is None or value.strip() == "":
            return None
        return value.strip()

    def str(self, name: str, default: str | None = None) -> str | None:
        value = self._raw(name)
        return default if value is None else value

    def bool(self, name: str, default: bool) -> bool:
        value = self._raw(name)
        if value is None:
            return default
        lowered = value.lower()
        if lowered in _TRUE:
            return True
        if lowered in _FALSE:
            return False
        raise ImproperlyConfigured(
            f"{name}={value!r} is not a boolean: use one of {sorted(_TRUE | _FALSE)}"
        )

    def int(self, name: str, default: int, *, minimum: int | None = None) -> int:
        value = self._raw(name)
        if value is None:
            return default
        try:
            number = int(value)
        except ValueError:
            raise ImproperlyConfigured(f"{name}={value!r} is not a whole number") from None
        if minimum is not None and number < minimum:
            raise ImproperlyConfigured(f"{name}={number} is below the minimum of {minimum}")
        return number

    def list(self, name: str, default: list[str]) -> list[str]:
        value = self._raw(name)
        if value is None:
            return list(default)
        return [item.strip() for item in value.split(",") if item.strip()]

    def url(self, name: str, schemes: tuple[str, ...]) -> str | None:
        """A URL whose scheme must be one of `schemes`, or None when the variable is unset."""
        value = self._raw(name)
        if value is None:
            return None
        scheme = value.split("://", 1)[0] if "://" in value else ""
        if scheme not in schemes:
            raise ImproperlyConfigured(
                f"{name} must start with one of {', '.join(s + '://' for s in schemes)}"
            )
        return value
