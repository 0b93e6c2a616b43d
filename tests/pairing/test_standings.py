"""Standings on hand-worked events: every tiebreaker, byes, draws and a dropped player.

The event (3/1/0, E drops after round 2):

    R1  A beats B 10-4    C draws D 6-6    E bye
    R2  A beats C 13-5    B beats E 8-2    D bye
    R3  D beats A 9-7     B draws C 5-5              (E has dropped)

    player  results        points  rounds  MW%   GG diff   opponents
    A       W  W  L          6       3     6/9     12      B C D
    B       L  W  D          4       3     4/9      0      A E C
    C       D  L  D          2       3     2/9     -8      D A B
    D       D  bye W         7       3     7/9      2      C A
    E       bye L            3       2     3/6     -6      B
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tournaments.pairing import (
    MatchRecord,
    PlayerRecord,
    Result,
    Scoring,
    compute_standings,
)
from tournaments.pairing.standings import TIEBREAKERS

PLAYERS = [PlayerRecord(p) for p in "ABCD"] + [PlayerRecord("E", dropped=True)]
MATCHES = [
    MatchRecord(1, "A", "B", Result.A_WINS, 10, 4),
    MatchRecord(1, "C", "D", Result.DRAW, 6, 6),
    MatchRecord(1, "E", None),
    MatchRecord(2, "A", "C", Result.A_WINS, 13, 5),
    MatchRecord(2, "B", "E", Result.A_WINS, 8, 2),
    MatchRecord(2, "D", None),
    MatchRecord(3, "A", "D", Result.B_WINS, 7, 9),
    MatchRecord(3, "B", "C", Result.DRAW, 5, 5),
]
ALL = list(TIEBREAKERS)
FLOOR = F(33, 100)

# OMW%: opponents' MW%, each floored at 33% (C's 2/9 counts as 33/100), byes not opponents.
OMW = {
    "A": (F(4, 9) + FLOOR + F(7, 9)) / 3,  # B, C, D
    "B": (F(2, 3) + F(1, 2) + FLOOR) / 3,  # A, E (dropped, still counts), C
    "C": (F(7, 9) + F(2, 3) + F(4, 9)) / 3,  # D, A, B
    "D": (FLOOR + F(2, 3)) / 2,  # C, A (the bye is excluded)
    "E": F(4, 9),  # B
}
OPPONENTS = {"A": "BCD", "B": "AEC", "C": "DAB", "D": "CA", "E": "B"}
POINTS = {"A": 6, "B": 4, "C": 2, "D": 7, "E": 3}
ROUNDS = {"A": 3, "B": 3, "C": 3, "D": 3, "E": 2}


@pytest.fixture(scope="module")
def rows():
    return {r.player_id: r for r in compute_standings(PLAYERS, MATCHES, tiebreakers=ALL)}


def test_points_records_and_order(rows):
    assert {p: r.points for p, r in rows.items()} == POINTS
    assert [r.player_id for r in sorted(rows.values(), key=lambda r: r.rank)] == list("DABEC")
    assert (rows["D"].wins, rows["D"].draws, rows["D"].losses, rows["D"].byes) == (1, 1, 0, 1)
    assert rows["D"].matches_played == 2
    assert rows["E"].dropped and not rows["A"].dropped


def test_omw_floors_each_opponent_and_ignores_byes(rows):
    assert {p: r.tiebreakers["omw"] for p, r in rows.items()} == OMW
    assert OMW["A"] == F(1397, 2700)  # worked by hand: (400 + 297 + 700) / 900 / 3


def test_gg_difference(rows):
    assert {p: r.tiebreakers["gg_diff"] for p, r in rows.items()} == {
        "A": 12,  # +6 +8 -2
        "B": 0,  # -6 +6 0
        "C": -8,  # 0 -8 0
        "D": 2,  # 0 (bye ignored) +2
        "E": -6,
    }


def test_oomw_is_mean_of_opponents_omw(rows):
    expected = {p: sum(OMW[o] for o in opp) / len(opp) for p, opp in OPPONENTS.items()}
    assert {p: r.tiebreakers["oomw"] for p, r in rows.items()} == expected
    assert expected["E"] == OMW["B"]


def test_buchholz_and_median_buchholz(rows):
    assert {p: r.tiebreakers["buchholz"] for p, r in rows.items()} == {
        "A": 13,  # 4 + 2 + 7
        "B": 11,  # 6 + 3 + 2
        "C": 17,  # 7 + 6 + 4
        "D": 8,  # 2 + 6
        "E": 4,
    }
    assert {p: r.tiebreakers["median_buchholz"] for p, r in rows.items()} == {
        "A": 4,  # 13 - 7 - 2
        "B": 3,  # 11 - 6 - 2
        "C": 6,  # 17 - 7 - 4
        "D": 8,  # fewer than 3 opponents: nothing cut
        "E": 4,
    }


def test_sos_and_esos(rows):
    per_round = {p: F(POINTS[p], ROUNDS[p]) for p in POINTS}
    assert per_round["E"] == F(3, 2)
    sos = {p: sum(per_round[o] for o in opp) / len(opp) for p, opp in OPPONENTS.items()}
    assert sos["A"] == F(13, 9) and sos["B"] == F(25, 18) and sos["D"] == F(4, 3)
    assert {p: r.tiebreakers["sos"] for p, r in rows.items()} == sos
    esos = {p: sum(sos[o] for o in opp) / len(opp) for p, opp in OPPONENTS.items()}
    assert esos["A"] == F(83, 54)
    assert {p: r.tiebreakers["esos"] for p, r in rows.items()} == esos


def test_dropping_does_not_change_opponents_tiebreakers():
    still_in = [PlayerRecord(p) for p in "ABCDE"]
    a = {r.player_id: r.tiebreakers for r in compute_standings(still_in, MATCHES, tiebreakers=ALL)}
    b = {r.player_id: r.tiebreakers for r in compute_standings(PLAYERS, MATCHES, tiebreakers=ALL)}
    assert a == b


def _league(results):
    return [MatchRecord(r, a, b, res) for r, a, b, res in results]


def test_tiebreakers_apply_in_the_event_order():
    # X and Y both on 3 points. X beat Y then lost to Z; Y beat W.
    players = [PlayerRecord(p) for p in "XYZW"]
    matches = _league(
        [
            (1, "X", "Y", Result.A_WINS),
            (1, "Z", "W", Result.A_WINS),
            (2, "Z", "X", Result.A_WINS),
            (2, "Y", "W", Result.A_WINS),
        ]
    )
    by_h2h = compute_standings(players, matches, tiebreakers=["head_to_head"])
    assert [r.player_id for r in by_h2h] == list("ZXYW")
    assert [r.rank for r in by_h2h] == [1, 2, 3, 4]
    assert by_h2h[1].tiebreakers["head_to_head"] == 3  # X scored 3 against tied Y
    assert by_h2h[2].tiebreakers["head_to_head"] == 0
    assert by_h2h[0].tiebreakers["head_to_head"] == 0  # nobody tied with Z
    # Buchholz first: X met Y(3)+Z(6)=9, Y met X(3)+W(0)=3, so H2H never has to decide.
    by_buchholz = compute_standings(players, matches, tiebreakers=["buchholz", "head_to_head"])
    assert [r.player_id for r in by_buchholz] == list("ZXYW")
    assert by_buchholz[1].tiebreakers == {"buchholz": 9, "head_to_head": 0}


def test_full_ties_share_a_rank_and_keep_input_order():
    players = [PlayerRecord(p) for p in "PQRS"]
    matches = _league([(1, "P", "Q", Result.DRAW), (1, "R", "S", Result.DRAW)])
    rows = compute_standings(players, matches, tiebreakers=["omw", "gg_diff"])
    assert [(r.player_id, r.rank) for r in rows] == [("P", 1), ("Q", 1), ("R", 1), ("S", 1)]
    assert rows[0].tiebreakers == {"omw": F(1, 3), "gg_diff": 0}


def test_custom_scoring_and_bye_counts_as_win():
    scoring = Scoring(win=2, draw=1, loss=0)
    players = [PlayerRecord(p) for p in "PQR"]
    matches = [MatchRecord(1, "P", "Q", Result.DRAW), MatchRecord(1, "R", None)]
    rows = {r.player_id: r for r in compute_standings(players, matches, scoring=scoring)}
    assert (rows["R"].points, rows["P"].points) == (2, 1)
    assert rows["R"].rank == 1
    # P's only opponent Q scored 1 of 2 possible: MW% 1/2.
    assert rows["P"].tiebreakers["omw"] == F(1, 2)
    assert rows["R"].tiebreakers["omw"] == 0  # only a bye: no opponents


def test_unknown_or_repeated_tiebreakers_are_rejected():
    with pytest.raises(ValueError, match="unknown tiebreakers"):
        compute_standings(PLAYERS, MATCHES, tiebreakers=["omw", "coin_flip"])
    with pytest.raises(ValueError, match="repeated"):
        compute_standings(PLAYERS, MATCHES, tiebreakers=["omw", "omw"])
