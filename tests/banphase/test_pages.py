"""The live ban-phase page: who may open it, the polled panel, the actions, hidden teams."""

from __future__ import annotations

import pytest
from django.test import Client

from teams.banphase import services as banphase_services
from teams.banphase.order import side_order
from tests.banphase.helpers import ban_event
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


HTMX = {"HTTP_HX_REQUEST": "true"}


def test_players_and_staff_open_the_page_others_do_not():
    event, match = ban_event(bans=1)
    url = f"/matches/{match.pk}/ban-phase/"
    assert Client().get(url).status_code == 302
    assert _as(make_user()).get(url).status_code == 403
    page = _as(match.player_a.user).get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="ban-panel"' in html and "sse:changed" in html and "sse-connect" in html
    organiser = event.roles.get(role="organiser").user
    assert "Judge controls" in _as(organiser).get(url).content.decode()


def test_polling_answers_204_while_nothing_changed():
    _, match = ban_event(bans=1)
    client = _as(match.player_a.user)
    client.get(f"/matches/{match.pk}/ban-phase/")
    phase = banphase_services.phase_for(match)
    from teams.banphase import selectors as banphase_selectors

    version = banphase_selectors.state(
        phase, banphase_selectors.viewer(match.player_a.user, match)
    )["version"]
    state_url = f"/matches/{match.pk}/ban-phase/state/"
    assert client.get(state_url, {"v": version}, **HTMX).status_code == 204
    changed = client.get(state_url, {"v": "old"}, **HTMX)
    assert changed.status_code == 200 and 'id="ban-panel"' in changed.content.decode()


def test_ban_and_team_through_the_page_forms():
    _, match = ban_event(bans=1)
    phase = banphase_services.phase_for(match)
    steps = side_order(1, phase.first_banner)
    clients = {"a": _as(match.player_a.user), "b": _as(match.player_b.user)}
    url = f"/matches/{match.pk}/ban-phase/"
    wrong = clients[steps[1]].post(url + "ban/", {"profile": "b-ali", "turn": "0"}, **HTMX)
    assert "not your turn" in wrong.content.decode()
    first = clients[steps[0]].post(url + "ban/", {"profile": "b-ali", "turn": "0"}, **HTMX)
    assert "Ali" in first.content.decode()
    clients[steps[1]].post(url + "ban/", {"profile": "b-bo", "turn": "1"})
    refused = clients["a"].post(url + "team/", {"krosmasters": "b-ali\nb-cy\nb-dan"}, **HTMX)
    assert "1.1.3.d" in refused.content.decode()
    clients["a"].post(
        url + "team/", {"team_name": "Quiet", "krosmasters": "b-eli\nb-fay\nb-gus"}, **HTMX
    )
    for path in ("", "state/?v=x"):
        body = clients["b"].get(url + path, **HTMX).content.decode()
        assert "Quiet" not in body and "b-gus" not in body
        assert "Hidden until both teams are in" in body
    clients["b"].post(url + "team/", {"krosmasters": "Hal\nIvy\nJon"})
    body = clients["b"].get(url).content.decode()
    assert "Quiet" in body and "Gus" in body  # names, not catalog ids (issue 17)


def test_staff_pause_and_undo_from_the_page():
    event, match = ban_event(bans=1)
    organiser = _as(event.roles.get(role="organiser").user)
    url = f"/matches/{match.pk}/ban-phase/"
    organiser.post(url + "ban/", {"profile": "b-ali"})  # for the current turn
    paused = organiser.post(url + "pause/", **HTMX).content.decode()
    assert "A judge has paused" in paused
    undone = organiser.post(url + "undo/", **HTMX).content.decode()
    assert "b-ali" not in undone.split("ban-slots")[1]
    player = _as(match.player_a.user)
    assert player.post(url + "pause/").status_code == 403


def test_settings_form_exposes_the_ban_phase_settings():
    event, _ = ban_event()
    organiser = _as(event.roles.get(role="organiser").user)
    html = organiser.get(f"/events/{event.slug}/settings/").content.decode()
    for field in ("ban_seconds", "ban_timeout", "arena_choice", "team_pools"):
        assert f'name="{field}"' in html


def test_my_match_links_to_the_phase():
    event, match = ban_event()
    html = _as(match.player_a.user).get(f"/events/{event.slug}/me/").content.decode()
    assert f"/matches/{match.pk}/ban-phase/" in html
