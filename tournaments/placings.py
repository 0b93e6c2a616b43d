"""A finished event's final placings (issue 17): the top cut's results above the Swiss standings,
as players read a results page. A selector: it only reads."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from matches.models import Match
from tournaments import selectors
from tournaments.models import Event, Registration, Round


@dataclass(frozen=True)
class Placing:
    rank: int
    registration: Registration
    how: str


@dataclass(frozen=True)
class FinalPlacings:
    champion: Registration | None
    placings: list[Placing]


def final_placings(event: Event) -> FinalPlacings | None:
    """None until the event is finished. With a top cut: the champion, then the cut players by
    the round they were knocked out in (later is better; Swiss rank breaks ties), then everyone
    else in Swiss order."""
    if event.status != Event.Status.FINISHED:
        return None
    lines = selectors.standings(event)
    swiss_rank = {line.registration.pk: line.row.rank for line in lines}
    by_pk = {line.registration.pk: line.registration for line in lines}
    found = selectors.bracket(event)
    champion_pk = found.champion if found is not None else None
    cut = list(event.top_cut_seeds or [])
    out_in: dict[int, int] = {}  # player -> number of the cut round of their last loss
    for number, result, a, b in Match.objects.filter(
        round__event=event, round__stage=Round.Stage.TOP_CUT, status=Match.Status.CONFIRMED
    ).values_list("round__number", "result", "player_a_id", "player_b_id"):
        loser = b if result == "a" else a
        if loser is not None:
            out_in[loser] = max(out_in.get(loser, 0), number)
    ordered = sorted(
        cut,
        key=lambda pk: (pk != champion_pk, -out_in.get(pk, 10**6), swiss_rank.get(pk, 10**6)),
    )
    placings: list[Placing] = []
    last_round = max(out_in.values(), default=0)
    for pk in ordered:
        if pk == champion_pk:
            how = _("champion")
        elif out_in.get(pk) == last_round:
            how = _("finalist")
        else:
            how = _("top %(n)s") % {"n": len(cut)}
        placings.append(Placing(len(placings) + 1, by_pk.get(pk) or _missing(pk), how))
    for line in lines:
        if line.registration.pk in cut:
            continue
        how = _("Swiss: %(points)s points") % {"points": line.row.points}
        placings.append(Placing(len(placings) + 1, line.registration, how))
    champion = by_pk.get(champion_pk) if champion_pk is not None else None
    if champion is None and not cut and lines:
        champion = lines[0].registration  # no cut: the Swiss winner
    return FinalPlacings(champion, placings)


def _missing(pk: int) -> Registration:
    return Registration.objects.get(pk=pk)
