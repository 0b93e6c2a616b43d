"""The player's "my match" fragment, rendered once per shape (issue 15; kernel/fragments.py).

Every phone of an event follows this fragment and re-fetches it after each change of its
table. Two tables in the same state differ only in the match's id and table number, the two
players' names, the CSRF token and the server's clock: those are the slots, filled in per
request. Everything else the fragment shows is the shape: the event's settings, the round
(number, stage, status, clock), the match's status, the viewer's side and whether they dropped,
the reports and the acceptable match log. A write that changes any of them changes the shape,
so no version needs keeping; a shape is rendered once per process and language.

`fragment_context` is the fragment's context as the plain template sees it; the tests render
both ways and compare.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Hashable
from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from kernel.fragments import PreparedFragment, Slots
from matches.models import Match
from tournaments.accounts import public_name

TEMPLATE = "tournaments/_my_match.html"

_fragment = PreparedFragment(TEMPLATE)


def render(request: HttpRequest, context: dict[str, Any]) -> SafeString:
    """The fragment for `context` (the view's: event, reg, round, match, side, next,
    call_form and, for a match with an opponent, `matches.selectors.player_panel`'s keys)."""
    match: Match | None = context["match"]
    slots = {"csrf": get_token(request), "now": int(time.time())}
    if match is None or match.is_bye:  # a few lines with no form: rendered as usual
        return mark_safe(render_to_string(TEMPLATE, fragment_context(context, slots)))
    slots.update(_match_slots(match))
    return _fragment.render(
        _shape(context), slots, lambda values: fragment_context(context, values)
    )


def _name_slot(registration: Any) -> str:
    """What the template shows of a player (`Registration.display_name`), minus the guest's
    fixed suffix, which belongs to the shape."""
    return public_name(registration.user) if registration.user_id else registration.guest_name


def _match_slots(match: Match) -> dict[str, int | str]:
    return {
        "pk": match.pk,
        "table": match.table,
        "name_a": _name_slot(match.player_a),
        "name_b": _name_slot(match.player_b),
    }


def _report_shape(report: Any) -> tuple | None:
    return None if report is None else (report.result, report.gg_a, report.gg_b)


def _shape(context: dict[str, Any]) -> Hashable:
    """Everything the fragment's output depends on but the slots (for a match with an
    opponent)."""
    event, round_, match = context["event"], context["round"], context["match"]
    return (
        (event.pk, event.slug, event.require_match_log, event.game_system),
        context["next"],
        context["reg"].dropped,
        round_
        and (
            round_.pk,
            round_.number,
            round_.stage,
            round_.status,
            round_.timer_seconds,
            round_.timer_ends_at,
            round_.timer_remaining,
        ),
        (
            match.round_id,
            match.status,
            context["side"],
            # A guest's name carries a suffix; a name stays a slot either way.
            match.player_a.user_id is None,
            match.player_b.user_id is None,
            # What `result_text` shows of the match's own result.
            _report_shape(match),
            _report_shape(context.get("mine")),
            _report_shape(context.get("theirs")),
            getattr(context.get("accept_log"), "pk", None),
            _report_shape(context.get("log_outcome") and _Outcome(context["log_outcome"])),
        ),
    )


class _Outcome:
    def __init__(self, outcome: dict) -> None:
        self.result, self.gg_a, self.gg_b = outcome["result"], outcome["gg_a"], outcome["gg_b"]


def _renamed(registration: Any, name: str) -> Any:
    """A copy of the registration (and its user) that shows `name`."""
    copied = copy.copy(registration)
    if registration.user_id:
        user = copy.copy(registration.user)
        user.first_name = name
        copied.user = user
    else:
        copied.guest_name = name
    return copied


def fragment_context(context: dict[str, Any], values: Slots) -> dict[str, Any]:
    """The template's context with the slots set to `values` (stand-ins, or the real ones:
    then it is the context the view built, for a plain rendering)."""
    result = {**context, "csrf_token": values["csrf"], "server_now": values["now"]}
    match = context["match"]
    if match is None or match.is_bye:
        return result
    copied = copy.copy(match)
    copied.pk, copied.table = values["pk"], values["table"]
    copied.player_a = _renamed(match.player_a, str(values["name_a"]))
    copied.player_b = _renamed(match.player_b, str(values["name_b"]))
    viewer, opponent = (
        (copied.player_a, copied.player_b)
        if context["side"] == "a"
        else (copied.player_b, copied.player_a)
    )
    result.update(match=copied, reg=viewer)
    if "me" in context:
        result.update(me=viewer, opponent=opponent)
    return result
