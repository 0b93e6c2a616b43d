"""Each person's roles in an event are cached (every page of the event asks for them, issue 15);
a grant or a removal is seen at once."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import make_running_event, make_user
from tournaments import services
from tournaments.models import EventRole

pytestmark = pytest.mark.django_db


def test_a_granted_or_removed_role_is_seen_at_once(django_capture_on_commit_callbacks):
    event, _ = make_running_event(2)
    judge = make_user()
    client = Client()
    client.force_login(judge)
    queue = f"/events/{event.slug}/judge/"
    assert client.get(queue).status_code == 403  # no role: cached as none
    with django_capture_on_commit_callbacks(execute=True):
        services.grant_role(event=event, user=judge, role="judge")
    assert client.get(queue).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        EventRole.objects.filter(event=event, user=judge).delete()
    assert client.get(queue).status_code == 403
