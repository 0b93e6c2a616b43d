"""Top-cut brackets and their SVG drawing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tournaments.pairing import (
    PlayerRecord,
    compute_standings,
    double_elimination,
    render_bracket_svg,
    seed_order,
    single_elimination,
    top_cut_players,
)

SVG = "{http://www.w3.org/2000/svg}"


def test_seed_order():
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]
    with pytest.raises(ValueError):
        seed_order(12)


def test_single_elimination_first_round_and_advancing():
    players = [f"s{i}" for i in range(1, 9)]
    bracket = single_elimination(players)
    first = bracket.rounds("winners")[0]
    assert [(m.seed_a, m.seed_b) for m in first] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert len(bracket.ready) == 4
    results = {"W1-1": "s1", "W1-2": "s5", "W1-3": "s2", "W1-4": "s3"}
    bracket = single_elimination(players, results)
    semis = bracket.rounds("winners")[1]
    assert [(m.player_a, m.player_b) for m in semis] == [("s1", "s5"), ("s2", "s3")]
    results |= {"W2-1": "s5", "W2-2": "s2", "W3-1": "s5"}
    assert single_elimination(players, results).champion == "s5"


def test_results_must_name_a_player_of_the_match():
    with pytest.raises(ValueError, match="not one of its players"):
        single_elimination(list("ABCD"), {"W1-1": "B"})
    with pytest.raises(ValueError, match="unknown matches"):
        single_elimination(list("ABCD"), {"W9-1": "A"})


def test_top_cut_skips_dropped_players():
    players = [PlayerRecord(p, dropped=p == "B") for p in "ABCDE"]
    rows = compute_standings(players, [])
    assert top_cut_players(rows, 4) == ["A", "C", "D", "E"]
    with pytest.raises(ValueError):
        top_cut_players(rows, 8)


def test_double_elimination_structure_and_flow():
    players = list("ABCDEFGH")
    bracket = double_elimination(players)
    assert len(bracket.matches) == 2 * 8 - 2  # 7 winners' + 6 losers' + grand final
    assert [len(r) for r in bracket.rounds("losers")] == [2, 2, 1, 1]
    results = {"W1-1": "A", "W1-2": "D", "W1-3": "B", "W1-4": "C"}
    bracket = double_elimination(players, results)
    l1 = bracket.rounds("losers")[0]
    assert [(m.player_a, m.player_b) for m in l1] == [("H", "E"), ("G", "F")]
    results |= {"W2-1": "A", "W2-2": "B", "L1-1": "E", "L1-2": "F"}
    l2 = double_elimination(players, results).rounds("losers")[1]
    # Losers from the winners' bracket come in reverse order to avoid immediate rematches.
    assert [(m.player_a, m.player_b) for m in l2] == [("E", "C"), ("F", "D")]
    results |= {"L2-1": "C", "L2-2": "D", "L3-1": "C", "W3-1": "A", "L4-1": "C", "GF": "C"}
    final = double_elimination(players, results)
    assert final.match("L4-1").player_b == "B"
    assert final.champion == "C"


@pytest.mark.parametrize("size", [8, 16])
def test_single_elimination_renders_as_svg(size):
    players = [f"p{i}" for i in range(size)]
    labels = {p: f"Player <{p}>" for p in players}
    bracket = single_elimination(players, {"W1-1": "p0"})
    svg = render_bracket_svg(bracket, labels=labels, title=f"Top {size}")
    root = ET.fromstring(svg)  # well-formed XML, names escaped
    assert root.tag == f"{SVG}svg"
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "match"]
    assert len(groups) == size - 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "1. Player <p0>" in texts
    assert "Winner W1-1" not in texts  # resolved: p0 is shown instead
    assert "Winner W1-2" in texts
    assert len(list(root.iter(f"{SVG}path"))) == size - 2  # one connector per fed slot
    bold = [t.text for t in root.iter(f"{SVG}text") if t.get("font-weight") == "bold"]
    assert "1. Player <p0>" in bold


def test_double_elimination_renders_as_svg():
    svg = render_bracket_svg(double_elimination([f"p{i}" for i in range(8)]))
    root = ET.fromstring(svg)
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "match"]
    assert len(groups) == 14
    assert any(t.text == "Loser W1-1" for t in root.iter(f"{SVG}text"))
