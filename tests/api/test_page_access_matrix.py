"""The permission matrix of the pages: every page action (the forms' POSTs, and the pages only
some people may open) x the same nine people as the API matrix, expected outcomes read from the
access module's table (`kernel.access.PERMISSIONS`). Allowed means the request is not refused
for who is asking (a page may still say the event does not allow it now, with a message);
denied means 403, 404, or a redirect to the login page.

One world is built per page action; each person acts in a savepoint rolled back afterwards, so
every person meets the same world and the test stays quick.
"""

from __future__ import annotations

import pytest
from django.test import Client

from kernel.access import PERMISSIONS
from tests.api.test_access_matrix import RESULT, answers

pytestmark = pytest.mark.django_db

E = "/events/{slug}/"
M = "/matches/{match}/"
B = "/matches/{match}/ban-phase/"
RULES = {
    "min_team_size": 3,
    "max_team_size": 4,
    "total_level": 12,
    "gold": 1,
    "white": 2,
    "black": 3,
}

#: (action in the table, world, method, url, form data): every page action on an event or a match.
PAGES = [
    ("event.view", "event", "get", E, None),
    ("event.view", "event", "get", M, None),
    ("event.create", "event", "post", "/events/new/", {"name": "New"}),
    ("event.register", "event", "post", E + "register/", {"club": "x"}),
    ("event.manage", "event", "get", E + "manage/", None),
    ("event.manage", "event", "get", E + "settings/", None),
    ("event.manage", "event", "post", E + "settings/", {"name": ""}),
    ("event.view", "event", "get", E + "team-rules/", None),
    ("event.manage", "event", "post", E + "team-rules/", RULES),
    ("event.manage", "event", "post", E + "status/", {"status": "finished", "expected": "running"}),
    ("event.manage", "event", "post", E + "register/", {"guest_name": "Walk-in"}),
    ("event.manage", "event", "post", E + "rounds/pair/", None),
    ("event.manage", "event", "post", E + "rounds/1/repair/", None),
    ("event.manage", "event", "post", E + "rounds/1/timer-start/", None),
    ("event.manage", "event", "post", E + "registrations/{reg}/reinstate/", None),
    (
        "event.manage",
        "event",
        "post",
        E + "forbidden-pairs/add/",
        {"first": "{reg}", "second": "{opponent}", "reason": "same car"},
    ),
    ("event.manage", "event", "post", E + "forbidden-pairs/{pair}/remove/", None),
    ("event.grant_role", "event", "post", E + "roles/", {"username": "{fresh}", "role": "judge"}),
    ("event.staff_view", "event", "get", E + "judge/", None),
    ("match.report", "event", "post", M + "report/", RESULT),
    ("match.confirm", "event", "post", M + "confirm/", RESULT),
    ("match.accept_log", "event", "post", M + "logs/{log}/accept/", None),
    ("match.follow", "event", "get", M + "logs/section/", None),
    ("match.follow", "event", "post", M + "logs/upload/", None),
    ("match.call_judge", "event", "post", M + "judge-call/", {"note": "LoS?"}),
    ("match.correct", "event", "post", M + "result/", RESULT),
    (
        "judge_call.rule",
        "event",
        "post",
        E + "judge/{dispute}/ruling/",
        {"rule": "3.4.2", "text": "Replayed the log.", **RESULT},
    ),
    ("catalog.change", "event", "post", "/catalog/arenas/new/", {"name": "Fresh arena"}),
    ("ban_phase.watch", "ban", "get", B, None),
    ("ban_phase.watch", "ban", "get", B + "state/", None),
    ("ban_phase.play", "ban", "post", B + "ban/", {"profile": "b-ali"}),
    ("ban_phase.referee", "ban", "post", B + "pause/", None),
    ("ban_phase.referee", "ban", "post", B + "undo/", None),
    ("event.view", "recording", "get", M + "recording/", None),
    ("recording.start", "recording", "post", M + "recording/", None),
]
#: Actions only the API offers: the scoresheet page's script records, undoes, corrects and
#: calls time through the API (`test_access_matrix.py` covers them).
API_ONLY = {"recording.record", "recording.call_time", "recording.correct"}


def _refused(response) -> bool:
    if response.status_code in (401, 403, 404):
        return True
    return response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_every_action_of_the_table_has_a_page_here():
    assert {page[0] for page in PAGES} == set(PERMISSIONS) - API_ONLY


@pytest.mark.parametrize(
    ("action", "world", "method", "url", "data"),
    [pytest.param(*page, id=f"{page[0]} {page[2]} {page[3]}") for page in PAGES],
)
def test_page_permission_matrix(action, world, method, url, data):
    def ask(user, target: str, data: dict | None):
        client = Client()
        if user is not None:
            client.force_login(user)
        return getattr(client, method)(target, data)

    wrong = []
    for person, allowed, response in answers(world, url, data, action, ask):
        assert response.status_code < 500, (person, response.status_code)
        if _refused(response) is allowed:
            wrong.append((person, allowed, response.status_code, response.get("Location")))
    assert not wrong, wrong
