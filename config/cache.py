"""Django's Redis cache, with one Redis client per connection pool instead of one per call.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every cache operation, and
building one costs more CPU than the round trip it wraps (it fills a table of some two hundred
response callbacks). A page reads the session, the live versions and the standings snapshot from
the cache several times per request; under load that construction was a tenth of a page's CPU.
A `redis.Redis` over a connection pool is safe to share between threads, so it is kept.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class _ReusedClients(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = self._get_connection_pool(write)
            client = self._clients[index] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    def __init__(self, server: Any, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _ReusedClients
