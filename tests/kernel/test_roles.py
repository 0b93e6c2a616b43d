"""The role model (docs/access.md), enforced in one place (`kernel.access.check_grant`): only the
organiser names co-organisers and judges, and nobody grants a role to themselves."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from kernel.errors import Forbidden
from tests.factories import make_event, make_user
from tournaments import services

pytestmark = pytest.mark.django_db


def _event_with_co_organiser():
    organiser, co = make_user(), make_user()
    event = make_event(organiser=organiser)
    services.grant_role(event=event, user=co, role="co_organiser", by=organiser)
    return event, organiser, co


def test_a_co_organiser_cannot_grant_roles_to_others_or_themselves():
    event, _, co = _event_with_co_organiser()
    api = APIClient()
    api.force_authenticate(co)
    someone = make_user()
    url = f"/api/v1/events/{event.slug}/roles/"
    refused = api.post(url, {"username": someone.username, "role": "judge"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "may_not_grant"
    refused = api.post(url, {"username": co.username, "role": "judge"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "self_grant"
    assert not event.roles.filter(role="judge").exists()


def test_a_co_organiser_cannot_grant_roles_on_the_page(client):
    event, _, co = _event_with_co_organiser()
    client.force_login(co)
    client.post(f"/events/{event.slug}/roles/", {"username": co.username, "role": "judge"})
    assert not event.roles.filter(role="judge").exists()


def test_the_organiser_grants_judges_and_co_organisers_but_not_to_themselves():
    event, organiser, _ = _event_with_co_organiser()
    judge = make_user()
    services.grant_role(event=event, user=judge, role="judge", by=organiser)
    assert event.roles.filter(user=judge, role="judge").exists()
    with pytest.raises(Forbidden):
        services.grant_role(event=event, user=organiser, role="judge", by=organiser)
    with pytest.raises(Forbidden):  # a judge grants nothing
        services.grant_role(event=event, user=make_user(), role="judge", by=judge)
