"""The organiser's desk: which lifecycle and round actions make sense now, and, for those that do
not yet, what is missing. A selector (it only reads); the services still enforce every rule,
this module only keeps the page from offering a button that would be refused."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.models import Match
from tournaments import selectors
from tournaments.models import Event, Round
from tournaments.services import TRANSITIONS  # the one home of the allowed moves

Status = Event.Status

#: The button of each lifecycle move, in the organiser's words.
MOVE_LABELS = {
    Status.REGISTRATION_OPEN: gettext_lazy("Open registration"),
    Status.REGISTRATION_CLOSED: gettext_lazy("Close registration"),
    Status.RUNNING: gettext_lazy("Start the event"),
    Status.TOP_CUT: gettext_lazy("Start the top cut"),
    Status.FINISHED: gettext_lazy("Finish the event"),
    Status.DRAFT: gettext_lazy("Back to draft"),
}


@dataclass(frozen=True)
class DeskAction:
    """One button of the desk: offered when `missing` is empty, else the reason is shown."""

    target: str
    label: str
    missing: str = ""
    secondary: bool = False

    @property
    def allowed(self) -> bool:
        return not self.missing


def _swiss_left(event: Event) -> str:
    rounds = list(event.rounds.filter(stage=Round.Stage.SWISS))
    done = sum(r.status == Round.Status.COMPLETE for r in rounds)
    if done >= event.swiss_rounds:
        return ""
    return _("%(done)s of %(total)s Swiss rounds are complete") % {
        "done": done,
        "total": event.swiss_rounds,
    }


def lifecycle_actions(event: Event) -> list[DeskAction]:
    """The status moves that exist from here, each with what it still needs (4.1 schedule)."""
    actions = []
    for target in sorted(TRANSITIONS[event.status]):
        missing = ""
        if target == Status.RUNNING:
            ready = event.registrations.filter(checked_in=True, dropped_at__isnull=True).count()
            if ready < 2:
                missing = _("%(n)s player(s) checked in; 2 are needed to start") % {"n": ready}
        elif (
            target == Status.REGISTRATION_OPEN
            and event.require_legal_team
            and not (event.format_id)
        ):
            missing = _("choose a format in the settings first")
        elif target == Status.TOP_CUT:
            if not event.cut_size:
                continue  # no cut: finishing is the way on
            missing = _swiss_left(event)
        elif target == Status.FINISHED:
            if event.status == Status.RUNNING:
                if event.cut_size:
                    continue  # the top cut comes first
                missing = _swiss_left(event)
            else:
                found = selectors.bracket(event)
                if found is None or found.champion is None:
                    missing = _("the top cut has no champion yet")
        actions.append(
            DeskAction(
                target=target,
                label=str(MOVE_LABELS[target]),
                missing=missing,
                secondary=target in (Status.DRAFT, Status.REGISTRATION_OPEN)
                and event.status != Status.DRAFT,
            )
        )
    return actions


def pairing_action(event: Event) -> DeskAction | None:
    """ "Pair the next round", or why not yet; None when no round is left to pair."""
    if event.status not in (Status.RUNNING, Status.TOP_CUT):
        return None
    label = _("Pair the next round")
    last = event.rounds.order_by("-number").first()
    if last is not None and last.status == Round.Status.DRAFT:
        return DeskAction(
            "pair", label, _("round %(n)s is a draft: publish it first") % {"n": last.number}
        )
    if last is not None and last.status != Round.Status.COMPLETE:
        left = last.matches.exclude(status=Match.Status.CONFIRMED).count()
        return DeskAction(
            "pair",
            label,
            _("round %(n)s has %(left)s result(s) missing") % {"n": last.number, "left": left},
        )
    if event.status == Status.RUNNING and (last.number if last else 0) >= event.swiss_rounds:
        return None
    if event.status == Status.TOP_CUT:
        found = selectors.bracket(event)
        if found is not None and found.champion is not None:
            return None
    return DeskAction("pair", label)
