"""/health/: 200 when every configured service answers, 503 naming the one that does not."""

import pytest

pytestmark = pytest.mark.django_db


def test_health_ok_reports_database(client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] is True


def test_health_503_names_redis_when_its_port_is_closed(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["failed"] == ["redis"]
    assert body["checks"]["redis"]["ok"] is False
    assert "ConnectionError" in body["checks"]["redis"]["error"]


def test_health_503_names_database_when_unreachable(client, monkeypatch):
    from config import health

    def broken_cursor(*args, **kwargs):
        raise OSError("connection refused")

    monkeypatch.setattr(health.connection, "cursor", broken_cursor)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["failed"] == ["database"]


def test_health_is_not_cached_and_rejects_writes(client):
    assert "no-cache" in client.get("/health/")["Cache-Control"]
    assert client.post("/health/").status_code == 405
