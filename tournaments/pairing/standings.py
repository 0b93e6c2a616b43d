"""Standings: points, then the event's tiebreakers in the organiser's order.

Tiebreakers are registered under stable string names so the event can store its choice as a list
of strings and the standings table can show every figure under the same key. All percentages are
exact :class:`~fractions.Fraction` values so that ties are real ties, not float noise.

Dropped players keep their rows (flagged) and, more importantly, stay in their opponents'
tiebreakers: dropping must never change somebody else's OMW% or Buchholz.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .history import Tally, tally_matches
from .models import MatchRecord, PlayerId, PlayerRecord, Scoring, StandingRow

#: The floor applied to each opponent's match-win percentage in OMW% and OOMW%, so that beating
#: a player who then lost everything is not worth less than a third of a win.
MW_FLOOR = Fraction(33, 100)

HEAD_TO_HEAD = "head_to_head"

DEFAULT_TIEBREAKERS: tuple[str, ...] = ("omw", "gg_diff", "oomw")


class _Figures:
    """Memoised per-player figures; tiebreakers depend on each other (OOMW needs OMW...)."""

    def __init__(self, tallies: dict[PlayerId, Tally], scoring: Scoring) -> None:
        self.tallies = tallies
        self.scoring = scoring
        self._mw: dict[PlayerId, Fraction] = {}
        self._omw: dict[PlayerId, Fraction] = {}
        self._sos: dict[PlayerId, Fraction] = {}
        self._empty = Tally()

    def tally(self, pid: PlayerId) -> Tally:
        return self.tallies.get(pid, self._empty)

    def mw(self, pid: PlayerId) -> Fraction:
        value = self._mw.get(pid)
        if value is None:
            t = self.tally(pid)
            value = Fraction(t.points, self.scoring.win * t.rounds) if t.rounds else Fraction(0)
            self._mw[pid] = value
        return value

    def omw(self, pid: PlayerId) -> Fraction:
        value = self._omw.get(pid)
        if value is None:
            opponents = self.tally(pid).opponents
            value = (
                sum((max(self.mw(o), MW_FLOOR) for o in opponents), Fraction(0)) / len(opponents)
                if opponents
                else Fraction(0)
            )
            self._omw[pid] = value
        return value

    def sos(self, pid: PlayerId) -> Fraction:
        value = self._sos.get(pid)
        if value is None:
            opponents = self.tally(pid).opponents
            value = (
                sum((self._points_per_round(o) for o in opponents), Fraction(0)) / len(opponents)
                if opponents
                else Fraction(0)
            )
            self._sos[pid] = value
        return value

    def _points_per_round(self, pid: PlayerId) -> Fraction:
        t = self.tally(pid)
        return Fraction(t.points, t.rounds) if t.rounds else Fraction(0)


def _mean(values: Iterable[Fraction]) -> Fraction:
    items = list(values)
    return sum(items, Fraction(0)) / len(items) if items else Fraction(0)


def _omw(f: _Figures, pid: PlayerId) -> Fraction:
    return f.omw(pid)


def _gg_diff(f: _Figures, pid: PlayerId) -> int:
    return f.tally(pid).gg_diff


def _oomw(f: _Figures, pid: PlayerId) -> Fraction:
    return _mean(f.omw(o) for o in f.tally(pid).opponents)


def _buchholz(f: _Figures, pid: PlayerId) -> int:
    return sum(f.tally(o).points for o in f.tally(pid).opponents)


def _median_buchholz(f: _Figures, pid: PlayerId) -> int:
    scores = [f.tally(o).points for o in f.tally(pid).opponents]
    if len(scores) < 3:
        return sum(scores)
    return sum(scores) - max(scores) - min(scores)


def _sos(f: _Figures, pid: PlayerId) -> Fraction:
    return f.sos(pid)


def _esos(f: _Figures, pid: PlayerId) -> Fraction:
    return _mean(f.sos(o) for o in f.tally(pid).opponents)


@dataclass(frozen=True, slots=True)
class Tiebreaker:
    name: str
    label: str
    compute: Callable[[_Figures, PlayerId], Fraction | int] | None
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


def _split(group: list[PlayerId], value: dict[PlayerId, Fraction | int]) -> list[list[PlayerId]]:
    """Sort a tied group by ``value`` (higher first, stable) and cut it where the value changes."""
    ordered = sorted(group, key=lambda p: value[p], reverse=True)
    out: list[list[PlayerId]] = [[ordered[0]]]
    for pid in ordered[1:]:
        if value[pid] == value[out[-1][0]]:
            out[-1].append(pid)
        else:
            out.append([pid])
    return out


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
    validate_tiebreakers(tiebreakers)
    scoring = scoring or Scoring()
    figures = _Figures(tally_matches(matches, scoring), scoring)
    ids = [p.player_id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate player ids")
    values: dict[str, dict[PlayerId, Fraction | int]] = {}
    for name in tiebreakers:
        compute = TIEBREAKERS[name].compute
        if compute is not None:
            values[name] = {pid: compute(figures, pid) for pid in ids}
    points: dict[PlayerId, Fraction | int] = {pid: figures.tally(pid).points for pid in ids}
    groups = _split(ids, points) if ids else []
    for name in tiebreakers:
        if name == HEAD_TO_HEAD:
            values[name] = h2h = {}
            for group in groups:
                members = set(group)
                for pid in group:
                    against = figures.tally(pid).points_against
                    h2h[pid] = sum(against.get(o, 0) for o in members) if len(group) > 1 else 0
        groups = [part for group in groups for part in _split(group, values[name])]

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
                    tiebreakers={name: values[name][pid] for name in tiebreakers},
                )
            )
        position += len(group)
    return rows
