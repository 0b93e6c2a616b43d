"""Issue 17: styled 403, 404 and 500 pages, a favicon, and a replay page that never fails."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from tests.factories import make_event, make_user

pytestmark = pytest.mark.django_db


@override_settings(DEBUG=False)
def test_a_missing_page_is_styled_and_says_what_to_do(client):
    response = client.get("/events/no-such-event/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "This page does not exist" in page and "css/site.css" in page and "favicon.svg" in page


@override_settings(DEBUG=False)
def test_a_forbidden_page_is_styled_and_offers_to_log_in():
    event = make_event()
    client = Client()
    client.force_login(make_user())
    response = client.get(f"/events/{event.slug}/manage/")
    assert response.status_code in (403, 404)  # a draft is not even visible to others
    outsider = make_event(status="registration_open")
    response = client.get(f"/events/{outsider.slug}/manage/")
    assert response.status_code == 403
    assert "This is not yours to open" in response.content.decode()


def test_the_server_error_page_renders_without_a_request_context():
    from django.template.loader import render_to_string

    page = render_to_string("500.html")
    assert "Something went wrong on our side" in page and "favicon.svg" in page


def test_the_favicon_is_served(client):
    from django.contrib.staticfiles import finders

    assert finders.find("favicon.svg")
