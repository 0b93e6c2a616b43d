"""A cell with a line break sent by a phone or to the API: refused with the reader's message.

`"e2\\n"` passed the log reader's cell check and then raised out of it (tests/matchlogs/
test_cell_names.py), and the scoresheet answered 500.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_a_recorded_cell_with_a_line_break_is_refused_and_nothing_is_recorded(world):
    api = APIClient()
    api.force_authenticate(world.a)
    url = f"/api/v1/matches/{world.match.pk}/recording/"
    api.post(url, {}, format="json")
    event = {"e": "place", "unit": "A1", "cell": "e2\n"}
    refused = api.post(
        url + "actions/", {"after": 0, "events": [event]}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert refused.status_code == 400, refused.content  # malformed, not refused by a rule
    answer = refused.json()
    assert answer["field"] == "events[0].cell" and "'e2'" in answer["reason"], answer
    assert "no spaces or line breaks" not in answer["reason"]  # worded in French
    assert api.get(url).json()["version"] == 0
