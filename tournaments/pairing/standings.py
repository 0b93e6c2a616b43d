"""Standings: points, then the event's tiebreakers in the organiser's order.

Tiebreakers are registered under stable string names so the event can store its choice as a list
of strings and the standings table can show every figure under the same key. Percentages and means
are exact: computed as integers over a common denominator (see `_Figures`) so that ties are real
ties, not float noise, and shown as :class:`~fractions.Fraction` values in the rows.

Dropped players keep their rows (flagged) and, more importantly, stay in their opponents'
tiebreakers: dropping must never change somebody else's OMW% or Buchholz.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .history import Tally, points_against, tally_matches
from .models import MatchRecord, PlayerId, PlayerRecord, Scoring, StandingRow

#: The floor applied to each opponent's match-win percentage in OMW% and OOMW%, so that beating
#: a player who then lost everything is not worth less than a third of a win.
MW_FLOOR = Fraction(33, 100)

HEAD_TO_HEAD = "head_to_head"

DEFAULT_TIEBREAKERS: tuple[str, ...] = ("omw", "gg_diff", "oomw")


class _Figures:
    """Every tiebreaker figure as an integer numerator over a denominator shared by all players.

    One tally folded once serves every figure. Match-win percentages, their means and the means of
    means are exact rationals; giving each figure one common denominator (built from the least
    common multiple of the round and opponent counts that occur) makes every sum, mean and
    comparison plain integer arithmetic, with no fraction normalised per player. Each figure is
    computed for every player in one pass and kept, because they depend on each other (OOMW
    needs every opponent's OMW...): at 10,000 players this is most of a pairing's standings work.
    Players absent from the tallies (no match yet) have 0 everywhere.
    """

    def __init__(self, tallies: dict[PlayerId, Tally], scoring: Scoring) -> None:
        self.tallies = tallies
        self.scoring = scoring
        self._empty = Tally()
        self.per_round = math.lcm(*{t.rounds for t in tallies.values() if t.rounds}, 1)
        self.per_opponent = math.lcm(
            *{len(t.opponents) for t in tallies.values() if t.opponents}, 1
        )
        # Match-win % over `mw_den`; the floor on the same scale.
        self.mw_den = scoring.win * self.per_round * MW_FLOOR.denominator
        self.floor = MW_FLOOR.numerator * scoring.win * self.per_round
        self.denominators = {
            "omw": self.mw_den * self.per_opponent,
            "oomw": self.mw_den * self.per_opponent**2,
            "sos": self.per_round * self.per_opponent,
            "esos": self.per_round * self.per_opponent**2,
        }
        self._kept: dict[str, dict[PlayerId, int]] = {}

    def tally(self, pid: PlayerId) -> Tally:
        return self.tallies.get(pid, self._empty)

    def mean_over_opponents(
        self, value: dict[PlayerId, int], pids: Iterable[PlayerId]
    ) -> dict[PlayerId, int]:
        """The mean of `value` over each of ``pids``' opponents, on a scale `per_opponent` times
        finer (exact: integers); 0 without opponents. `value` must cover every tallied player."""
        per_opponent = self.per_opponent
        get = value.__getitem__
        tally = self.tallies.get
        found = {}
        for pid in pids:
            t = tally(pid)
            opponents = t.opponents if t is not None else ()
            found[pid] = (
                sum(map(get, opponents)) * (per_opponent // len(opponents)) if opponents else 0
            )
        return found

    def _kept_or(self, name: str, compute: Callable[[], dict[PlayerId, int]]):
        found = self._kept.get(name)
        if found is None:
            found = self._kept[name] = compute()
        return found

    def per_round_points(self) -> dict[PlayerId, int]:
        """Every tallied player's points per round played, over `per_round`."""
        per_round = self.per_round
        return self._kept_or(
            "per_round",
            lambda: {
                pid: t.points * (per_round // t.rounds) if t.rounds else 0
                for pid, t in self.tallies.items()
            },
        )

    def omw(self) -> dict[PlayerId, int]:
        """Every tallied player's OMW% (kept: OOMW% needs every opponent's)."""

        def compute() -> dict[PlayerId, int]:
            floor, scale = self.floor, MW_FLOOR.denominator
            floored = {pid: max(v * scale, floor) for pid, v in self.per_round_points().items()}
            return self.mean_over_opponents(floored, self.tallies)

        return self._kept_or("omw", compute)

    def sos(self) -> dict[PlayerId, int]:
        """Every tallied player's SoS (kept: eSoS needs every opponent's)."""
        return self._kept_or(
            "sos", lambda: self.mean_over_opponents(self.per_round_points(), self.tallies)
        )

    def points(self) -> dict[PlayerId, int]:
        return self._kept_or("points", lambda: {pid: t.points for pid, t in self.tallies.items()})


# Each figure is asked for the players it must rank (those still tied when it applies) and may
# answer for more; a player it does not name has 0 (no match yet).
Figure = Callable[[_Figures, Iterable[PlayerId]], dict[PlayerId, int]]


def _omw(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    return f.omw()


def _gg_diff(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    tally = f.tallies.get
    return {pid: t.gg_diff for pid in pids if (t := tally(pid)) is not None}


def _oomw(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    return f.mean_over_opponents(f.omw(), pids)


def _buchholz(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    get = f.points().__getitem__
    return {pid: sum(map(get, f.tally(pid).opponents)) for pid in pids}


def _median_buchholz(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    points = f.points()
    found = {}
    for pid in pids:
        scores = [points[o] for o in f.tally(pid).opponents]
        found[pid] = sum(scores) - max(scores) - min(scores) if len(scores) >= 3 else sum(scores)
    return found


def _sos(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    return f.sos()


def _esos(f: _Figures, pids: Iterable[PlayerId]) -> dict[PlayerId, int]:
    return f.mean_over_opponents(f.sos(), pids)


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    name: str
    label: str
    #: The figure of the players asked for as an integer; a ratio's numerator over
    #: `_Figures.denominators[name]`.
    compute: Figure | None
    description: str


#: Registry in documentation order. ``head_to_head`` has no per-player function: its value depends
#: on who is still tied when it is applied, so :func:`compute_standings` handles it specially.
TIEBREAKERS: dict[str, Tiebreaker] = {
    tb.name: tb
    for tb in (
        Tiebreaker(
            "omw",
            "OMW%",
            _omw,
            "mean of opponents' match-win % (each floored at 33%), byes excluded",
        ),
        Tiebreaker("gg_diff", "GG diff", _gg_diff, "sum of own GG minus opponent's GG"),
        Tiebreaker(
            "score_diff",
            "Score diff",
            _gg_diff,
            "sum of own result score minus the opponent's, for games whose score is not GG",
        ),
        Tiebreaker("oomw", "OOMW%", _oomw, "mean of opponents' OMW%"),
        Tiebreaker("buchholz", "Buchholz", _buchholz, "sum of opponents' points"),
        Tiebreaker(
            "median_buchholz",
            "Median Buchholz",
            _median_buchholz,
            "Buchholz without the best and worst opponent (3+ opponents)",
        ),
        Tiebreaker("sos", "SoS", _sos, "mean of opponents' points per round"),
        Tiebreaker("esos", "eSoS", _esos, "mean of opponents' SoS"),
        Tiebreaker(
            HEAD_TO_HEAD,
            "H2H",
            None,
            "points scored against the other players still tied at this step",
        ),
    )
}


def validate_tiebreakers(names: Sequence[str]) -> None:
    """Reject unknown or repeated names early, with the list of valid ones."""
    unknown = [n for n in names if n not in TIEBREAKERS]
    if unknown:
        raise ValueError(f"unknown tiebreakers {unknown}; valid: {sorted(TIEBREAKERS)}")
    if len(set(names)) != len(names):
        raise ValueError(f"tiebreakers repeated: {list(names)}")


def _split(group: list[PlayerId], value: dict[PlayerId, int]) -> list[list[PlayerId]]:
    """Sort a tied group by ``value`` (higher first, stable) and cut it where the value changes."""
    ordered = sorted(group, key=lambda p: value[p], reverse=True)
    out: list[list[PlayerId]] = [[ordered[0]]]
    for pid in ordered[1:]:
        if value[pid] == value[out[-1][0]]:
            out[-1].append(pid)
        else:
            out.append([pid])
    return out


def _ranked(
    players: Sequence[PlayerRecord],
    matches: Iterable[MatchRecord],
    scoring: Scoring,
    tiebreakers: Sequence[str],
    tallies: dict[PlayerId, Tally] | None = None,
    *,
    every_figure: bool,
) -> tuple[_Figures, list[list[PlayerId]], dict[str, dict[PlayerId, int]]]:
    """The tied groups in rank order, with the figures and the values they were ranked by.

    With ``every_figure`` each tiebreaker is valued for every player (the standings show them
    all); without, only for the players still tied when it applies, which is all pairing needs
    (after points and OMW% few ties are left, so the later figures cost next to nothing)."""
    validate_tiebreakers(tiebreakers)
    if HEAD_TO_HEAD in tiebreakers:  # read twice: the tally and head-to-head
        matches = list(matches)
    if tallies is None:
        tallies = tally_matches(matches, scoring)
    figures = _Figures(tallies, scoring)
    ids = [p.player_id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate player ids")
    values: dict[str, dict[PlayerId, int]] = {}
    get_points = figures.points().get
    points = {pid: get_points(pid, 0) for pid in ids}
    groups = _split(ids, points) if ids else []
    for name in tiebreakers:
        compute = TIEBREAKERS[name].compute
        if compute is None:  # head-to-head: among the players tied at this step
            values[name] = h2h = {}
            scored = points_against(matches, scoring)
            for group in groups:
                members = set(group)
                for pid in group:
                    against = scored.get(pid, {})
                    h2h[pid] = sum(against.get(o, 0) for o in members) if len(group) > 1 else 0
        else:
            asked = ids if every_figure else [pid for g in groups if len(g) > 1 for pid in g]
            get = compute(figures, asked).get
            values[name] = {pid: get(pid, 0) for pid in asked}
        value = values[name]
        groups = [
            part for group in groups for part in (_split(group, value) if group[1:] else (group,))
        ]
    return figures, groups, values


def rank_groups(
    players: Sequence[PlayerRecord],
    matches: Iterable[MatchRecord],
    *,
    scoring: Scoring | None = None,
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
    tallies: dict[PlayerId, Tally] | None = None,
) -> list[list[PlayerId]]:
    """Players tied on points and every tiebreaker, best group first (what pairing needs: the
    order, without building a row per player). ``tallies``: the history already folded."""
    return _ranked(
        players, matches, scoring or Scoring(), tiebreakers, tallies, every_figure=False
    )[1]


def compute_standings(
    players: Sequence[PlayerRecord],
    matches: Iterable[MatchRecord],
    *,
    scoring: Scoring | None = None,
    tiebreakers: Sequence[str] = DEFAULT_TIEBREAKERS,
) -> list[StandingRow]:
    """Rank ``players`` (dropped ones included and flagged) after the given matches.

    Players tied on points and every tiebreaker share a rank and keep their input order, so the
    caller decides the last resort (registration order, random draw...).
    """
    figures, groups, values = _ranked(
        players, matches, scoring or Scoring(), tiebreakers, every_figure=True
    )
    shown = {
        name: (
            {pid: Fraction(v, figures.denominators[name]) for pid, v in values[name].items()}
            if name in figures.denominators
            else values[name]
        )
        for name in tiebreakers
    }
    rows: list[StandingRow] = []
    dropped = {p.player_id for p in players if p.dropped}
    position = 1
    for group in groups:
        for pid in group:
            t = figures.tally(pid)
            rows.append(
                StandingRow(
                    rank=position,
                    player_id=pid,
                    points=t.points,
                    wins=t.wins,
                    draws=t.draws,
                    losses=t.losses,
                    byes=t.byes,
                    dropped=pid in dropped,
                    tiebreakers={name: shown[name][pid] for name in tiebreakers},
                )
            )
        position += len(group)
    return rows
