"""A registration's rating stays within `kernel.limits.RATING`: the API refuses a number beyond
it with a 400 naming `rating`, the registration service refuses it without HTTP, and the
model's validators (admin, any model form) agree."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from rest_framework.test import APIClient

from kernel import limits
from kernel.errors import InvalidInput
from tests.factories import make_format, make_user
from tournaments import services

pytestmark = pytest.mark.django_db


def open_event(organiser):
    event = services.create_event(
        organiser=organiser,
        name="Rated Cup",
        starts_on=datetime.date(2026, 12, 5),
        format=make_format(),
    )
    return services.transition(event, "registration_open")


@pytest.mark.parametrize("rating", [1e308, limits.RATING[1] + 1, limits.RATING[0] - 1])
def test_it_refuses_a_rating_beyond_the_bounds(rating):
    organiser = make_user()
    event = open_event(organiser)
    reg = services.register(event=event, guest_name="Ana", by_organiser=True)
    api = APIClient()
    api.force_authenticate(organiser)
    url = reverse("api-registration-detail", args=[reg.pk])

    answer = api.patch(url, {"rating": rating}, format="json")

    assert answer.status_code == 400, answer.content
    assert list(answer.json()) == ["rating"]  # DRF's `{field: [messages]}` (docs/errors.md)
    reg.refresh_from_db()
    assert reg.rating is None


def test_it_accepts_a_rating_at_the_bounds():
    organiser = make_user()
    event = open_event(organiser)
    reg = services.register(event=event, guest_name="Ana", by_organiser=True)
    api = APIClient()
    api.force_authenticate(organiser)
    url = reverse("api-registration-detail", args=[reg.pk])

    assert api.patch(url, {"rating": limits.RATING[1]}, format="json").status_code == 200
    reg.refresh_from_db()
    assert reg.rating == limits.RATING[1]


@pytest.mark.parametrize(
    "rating", [limits.RATING[1] + 0.5, limits.RATING[0] - 1, float("nan"), float("inf"), "1500"]
)
def test_the_service_refuses_a_rating_beyond_the_bounds(rating):
    """Services are the business layer: a caller that is not the API (the desk, a script, a
    later import) gets the same refusal, naming `rating`, and no registration."""
    organiser = make_user()
    event = open_event(organiser)

    with pytest.raises(InvalidInput) as refused:
        services.register(event=event, guest_name="Ana", rating=rating, by_organiser=True)

    assert (refused.value.field, refused.value.code) == ("rating", "out_of_range")
    assert refused.value.status == 400
    assert not event.registrations.exists()


def test_the_service_takes_a_rating_at_the_bounds():
    organiser = make_user()
    event = open_event(organiser)
    low = services.register(
        event=event, guest_name="Ana", rating=limits.RATING[0], by_organiser=True
    )
    high = services.register(
        event=event, guest_name="Bo", rating=limits.RATING[1], by_organiser=True
    )
    assert (low.rating, high.rating) == (limits.RATING[0], limits.RATING[1])


def test_changing_the_details_refuses_what_registering_refuses():
    """The API's PATCH goes through `services.change_details`, which checks as `register`
    does: a rating out of bounds or a label too long is refused and nothing is written."""
    organiser = make_user()
    reg = services.register(event=open_event(organiser), guest_name="Ana", by_organiser=True)

    with pytest.raises(InvalidInput) as refused:
        services.change_details(reg, club="Bonta", rating=limits.RATING[1] + 1)
    assert (refused.value.field, refused.value.code) == ("rating", "out_of_range")
    with pytest.raises(InvalidInput) as refused:
        services.change_details(reg, family="x" * (limits.NAME_LENGTH + 1))
    assert (refused.value.field, refused.value.code) == ("family", "too_long")
    reg.refresh_from_db()
    assert (reg.club, reg.family, reg.rating) == ("", "", None)

    services.change_details(reg, club="Bonta", rating=1500)
    services.change_details(reg, rating=None)  # no rating again; the club stays
    reg.refresh_from_db()
    assert (reg.club, reg.rating) == ("Bonta", None)


def test_the_model_refuses_what_the_api_refuses():
    organiser = make_user()
    reg = services.register(event=open_event(organiser), guest_name="Ana", by_organiser=True)
    reg.rating = 1e308
    with pytest.raises(ValidationError) as refused:
        reg.full_clean()
    assert "rating" in refused.value.message_dict
