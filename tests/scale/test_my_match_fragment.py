"""The "my match" fragment rendered once per shape of the table (tournaments/my_match.py, issue
15): what a phone is served equals a plain rendering of the template, for every state of the
table, both sides, guests and names to escape, and every write changes what is served."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from kernel.fragments import PreparedFragment
from matches import services as match_services
from tests.factories import make_running_event, make_user
from tournaments import my_match as my_match_fragment
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast(settings) -> None:
    settings.LIVE_REDIS_URL = None


def _normal(body: bytes) -> str:
    """The response without what differs between two requests: the CSRF token, the clock."""
    text = body.decode()
    text = re.sub(r"\b[A-Za-z0-9]{64}\b", "CSRF", text)  # in the forms and htmx's headers
    return re.sub(r'data-server-now="\d+"', "NOW", text)


def _served(user, slug: str, *, prepared: bool, monkeypatch, **headers) -> str:
    with monkeypatch.context() as patch:
        if not prepared:  # every shape refused: the template rendered as usual
            patch.setattr(
                PreparedFragment,
                "render",
                lambda self, shape, slots, context_for: self._plain(context_for(slots)),
            )
        phone = Client()
        phone.force_login(user)
        response = phone.get(f"/events/{slug}/me/", **headers)
    assert response.status_code == 200
    return _normal(response.content)


def _event(names: list[str]):
    organiser = make_user()
    event, regs = make_running_event(len(names), organiser=organiser)
    for reg, name in zip(regs, names, strict=True):
        reg.user.first_name = name
        reg.user.save()
    round_, _ = services.pair_next_round(event)
    services.publish_round(round_)
    tables = list(round_.matches.select_related("player_a__user", "player_b__user"))
    return event, organiser, tables


def _same_both_ways(match, slug: str, monkeypatch) -> list[str]:
    bodies = []
    for reg in (match.player_a, match.player_b):
        for headers in ({"HTTP_HX_REQUEST": "true"}, {}):
            plain = _served(reg.user, slug, prepared=False, monkeypatch=monkeypatch, **headers)
            for _ in range(2):  # the shape prepared, then filled in
                assert (
                    _served(reg.user, slug, prepared=True, monkeypatch=monkeypatch, **headers)
                    == plain
                )
            bodies.append(plain)
    return bodies


def test_every_state_of_a_table_is_served_as_the_template_renders_it(monkeypatch):
    event, _organiser, (first, second) = _event(["Ann <b>&", "Bob", 'Cy "Q"', "Di'o"])
    bodies = [*_same_both_ways(first, event.slug, monkeypatch)]
    bodies += _same_both_ways(second, event.slug, monkeypatch)
    assert any("Ann &lt;b&gt;&amp;" in body for body in bodies)
    assert not any("<b>&" in body for body in bodies)
    a, b = first.player_a, first.player_b
    match_services.report_result(first, registration=a, by=a.user, result="a", gg_a=5, gg_b=1)
    _same_both_ways(first, event.slug, monkeypatch)
    # The other table, in the same state: the prepared shape, filled with its own values.
    c = second.player_a
    match_services.report_result(second, registration=c, by=c.user, result="a", gg_a=5, gg_b=1)
    _same_both_ways(second, event.slug, monkeypatch)
    match_services.confirm_result(first, registration=b, by=b.user, result="a", gg_a=5, gg_b=1)
    _same_both_ways(first, event.slug, monkeypatch)
    d = second.player_b
    match_services.report_result(second, registration=d, by=d.user, result="b", gg_a=2, gg_b=4)
    _same_both_ways(second, event.slug, monkeypatch)  # disputed


def test_a_write_changes_what_the_phone_is_served(monkeypatch):
    event, _organiser, (match, _) = _event(["Ann", "Bob", "Cy", "Di"])
    a, b = match.player_a, match.player_b

    def seen(reg) -> str:
        return _served(
            reg.user, event.slug, prepared=True, monkeypatch=monkeypatch, HTTP_HX_REQUEST="true"
        )

    assert "Send my report" in seen(a) and "Send my report" in seen(b)
    assert "not started" in seen(a)
    services.start_timer(match.round)
    assert "data-ends-at" in seen(a)
    services.pause_timer(match.round)
    assert "paused" in seen(a)
    match_services.report_result(match, registration=a, by=a.user, result="a", gg_a=5, gg_b=1)
    assert "You reported:" in seen(a) and f"{a.user.first_name} wins 5-1" in seen(a)
    assert f"{a.user.first_name} reports" in seen(b) and "Accept this result" in seen(b)
    match_services.confirm_result(match, registration=b, by=b.user, result="a", gg_a=5, gg_b=1)
    assert "Result confirmed:" in seen(a) and "Result confirmed:" in seen(b)
    b.user.first_name = "Zed"
    b.user.save()
    assert "Zed" in seen(a)
    services.drop(b)
    assert "You have dropped from this event." in seen(b)
    # ... all served by filling in prepared shapes, none refused.
    shapes = my_match_fragment._fragment._shapes.values()
    assert shapes and None not in shapes


def test_the_judge_call_form_is_built_only_when_a_shape_is_rendered(monkeypatch):
    from matches.forms import JudgeCallForm

    event, _, tables = _event(["Ana", "Bo"])
    built: list[int] = []
    original = JudgeCallForm.__init__

    def counting(self, *args, **kwargs) -> None:
        built.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(JudgeCallForm, "__init__", counting)
    phone = Client()
    phone.force_login(tables[0].player_a.user)
    first = phone.get(f"/events/{event.slug}/me/", HTTP_HX_REQUEST="true").content.decode()
    assert 'name="reason"' in first and len(built) <= 1
    again = phone.get(f"/events/{event.slug}/me/", HTTP_HX_REQUEST="true").content.decode()
    assert 'name="reason"' in again and len(built) <= 1  # the shape is filled in, not rendered
