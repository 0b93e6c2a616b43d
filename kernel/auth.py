"""The signed-in person of a request, read from the cache (issue 15).

Every request of a signed-in phone or API client starts by reading its user row (for a page,
by the id its session names; for the API, by its token). In a 10,000-player round that is the
one query left on a cached page, so the row is kept in the cache and dropped whenever it
changes: `forget_user` runs when a user or a token is saved or deleted (receivers connected
by the tournaments app). The entries also expire after `USER_CACHE_SECONDS`, so a change made
around the signals (a bulk `QuerySet.update`) is seen within that time.

The session's auth hash is still checked against the cached row's password, and a password
change saves the row: a changed password logs other sessions out as before.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.db import transaction
from django.db.models import QuerySet
from rest_framework.authentication import TokenAuthentication

from kernel import request_cache
from kernel.ids import parse_id
from kernel.prepared import PreparedQuery

#: How long a user row (or a token's user) stays cached when nothing says it changed.
USER_CACHE_SECONDS = 300


def _user_key(user_id: Any) -> str:
    return f"auth:user:{user_id}"


# Every signed-in page reads its user: with its other cache reads (kernel/request_cache.py).
request_cache.always(lambda request, user_id: [_user_key(user_id)])


def _token_key(key: str) -> str:
    # The token itself is a secret: its digest names the entry.
    return f"auth:token:{hashlib.sha256(key.encode()).hexdigest()[:32]}"


def _user_by_id(user_id: int) -> QuerySet:
    return get_user_model()._default_manager.filter(pk=user_id)


def _token_by_key(key: str) -> QuerySet:
    from rest_framework.authtoken.models import Token  # a model: not at import time

    return Token.objects.select_related("user").filter(key=key)


# A person's first request (a cache miss) reads these; compiled once per process (issue 15).
_user_query = PreparedQuery(_user_by_id, "user_id")
_token_query = PreparedQuery(_token_by_key, "key")


class CachedModelBackend(ModelBackend):
    """Django's model backend, with the session's user read from the cache."""

    def get_user(self, user_id: Any) -> Any:
        key = _user_key(user_id)
        user = request_cache.get(key)
        if user is None:
            number = parse_id(user_id)
            user = None if number is None else _user_query.first(user_id=number)
            if user is None or not self.user_can_authenticate(user):
                return None  # as Django's backend: no such user, or inactive
            cache.set(key, user, timeout=USER_CACHE_SECONDS)
        return user


class CachedTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, with the token and its user read from the cache (the user
    under the same entry as a session's, so a change to the row drops both at once)."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        entry = _token_key(key)
        found = cache.get(entry)
        user = cache.get(_user_key(found.user_id)) if found is not None else None
        if user is None or not user.is_active:  # read (and checked) as DRF does
            token = _token_query.first(key=key)
            if token is None or not token.user.is_active:  # DRF's own refusal, in its words
                return super().authenticate_credentials(key)
            user = token.user
            cache.set_many({entry: token, _user_key(user.pk): user}, timeout=USER_CACHE_SECONDS)
            return user, token
        return user, found


def forget_user(user_id: Any) -> None:
    """A user row changed: its cached copy goes now, and again when the transaction commits,
    in case a request cached the old row meanwhile."""
    _forget([_user_key(user_id)])


def forget_token(key: str) -> None:
    """A token was saved or deleted (a sign-out deletes it): its cached copy goes."""
    _forget([_token_key(key)])


def _forget(keys: list[str]) -> None:
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys), robust=True)
