"""Issue 17 accounts: a display name shown publicly instead of the login, and password reset
by e-mail (Django's test outbox)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from tests.factories import make_event
from tournaments import services

pytestmark = pytest.mark.django_db


def test_sign_up_with_a_display_name_shown_on_pairings_instead_of_the_login(client):
    response = client.post(
        "/accounts/signup/",
        {
            "username": "login-kept-private",
            "display_name": "Amber Flame",
            "email": "amber@example.org",
            "password1": "wakfu-tofu-2026",
            "password2": "wakfu-tofu-2026",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="login-kept-private")
    event = make_event(status="registration_open")
    registration = services.register(event=event, user=user)
    assert registration.display_name == "Amber Flame"
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert "Amber Flame" in page and "login-kept-private" not in page.split("<main>")[1]
    client.post("/accounts/me/", {"display_name": "", "email": "amber@example.org"})
    registration.refresh_from_db()
    user.refresh_from_db()
    assert type(registration).objects.get(pk=registration.pk).display_name == user.username


def test_password_reset_by_e_mail(client):
    User.objects.create_user("forgetful", email="forgetful@example.org", password="old-pass-9x")
    client.post("/accounts/password-reset/", {"email": "forgetful@example.org"})
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["forgetful@example.org"]
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert b"Choose a new password" in form.content
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "brand-new-pass-7", "new_password2": "brand-new-pass-7"},
    )
    assert client.login(username="forgetful", password="brand-new-pass-7")


@pytest.mark.parametrize("url", ["/accounts/signup/", "/accounts/me/"])
def test_a_display_name_of_invisible_marks_only_is_refused_on_both_forms(client, url):
    """A zero-width space was a display name: an empty cell on the pairings hiding the login."""
    data = {"display_name": "\u200b\u202e", "email": ""}
    if url == "/accounts/signup/":
        data |= {
            "username": "ghost",
            "password1": "wakfu-tofu-2026",
            "password2": "wakfu-tofu-2026",
        }
    else:
        client.force_login(User.objects.create_user("ghost", password="wakfu-tofu-2026"))
    page = client.post(url, data)
    assert page.status_code == 200  # the form again, with the reason
    assert "a display name needs letters or digits" in page.content.decode()
    assert not User.objects.filter(first_name="\u200b\u202e").exists()
