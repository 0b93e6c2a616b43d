"""The /health/ endpoint: is each service the site depends on reachable right now?

Load balancers and docker compose poll it, so it answers fast (one-second time-outs) and names
the part that failed rather than just turning red.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

Check = dict[str, object]


def check_database() -> Check:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # any driver error means the same thing here: unreachable
        return {"ok": False, "error": f"{type(error).__name__}: {error}".strip()}
    return {"ok": True, "vendor": connection.vendor}


def check_redis(url: str) -> Check:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    except redis.RedisError as error:
        return {"ok": False, "error": f"{type(error).__name__}: {error}"}
    finally:
        client.close()
    return {"ok": True}


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    checks: dict[str, Check] = {"database": check_database()}
    if settings.REDIS_URL:
        checks["redis"] = check_redis(settings.REDIS_URL)
    broker = settings.CELERY_BROKER_URL
    if broker and broker != settings.REDIS_URL and broker.startswith(("redis://", "rediss://")):
        checks["broker"] = check_redis(broker)
    failed = sorted(name for name, result in checks.items() if not result["ok"])
    body = {"status": "fail" if failed else "ok", "failed": failed, "checks": checks}
    return JsonResponse(body, status=503 if failed else 200)
