"""Sign-up, log-in and log-out through Django's test client."""

import pytest
from django.contrib.auth.models import User

pytestmark = pytest.mark.django_db


def test_signup_creates_account_and_logs_in(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "alice",
            "email": "",
            "password1": "tofu-queen-42",
            "password2": "tofu-queen-42",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/dashboard/"
    assert User.objects.filter(username="alice").exists()
    assert "alice" in client.get("/dashboard/").content.decode()


def test_signup_errors_are_shown_per_field(client):
    User.objects.create_user("alice", password="x")
    response = client.post(
        "/accounts/signup/",
        {"username": "alice", "password1": "tofu-queen-42", "password2": "different-42"},
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert "username" in form.errors
    assert "password2" in form.errors


def test_dashboard_needs_login(client):
    response = client.get("/dashboard/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_login_then_logout(client):
    User.objects.create_user("bob", password="arena-pass-77")
    response = client.post("/accounts/login/", {"username": "bob", "password": "arena-pass-77"})
    assert response.status_code == 302
    assert client.get("/dashboard/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/dashboard/").status_code == 302


def test_home_renders_with_public_events_only(client):
    from tests.factories import make_event

    make_event("Visible Cup", status="registration_open")
    make_event("Secret Draft")
    page = client.get("/").content.decode()
    assert "Visible Cup" in page
    assert "Secret Draft" not in page
