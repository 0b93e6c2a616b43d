"""Starting the game (1.3) and the Timeline (2.4.3)."""

from __future__ import annotations

import pytest

from rules.engine.errors import RuleViolation
from rules.engine.state import TOTAL_GG, GameState, Phase
from rules.engine.turn import TeamMember, apply_place, first_player, new_game, timeline_order
from tests.engine.test_state_builders import arena, c, profile


def team(side: str, *inits: int) -> list[TeamMember]:
    return [
        TeamMember(f"{side}{i + 1}", profile(f"{side}{i + 1}", initiative=n))
        for i, n in enumerate(inits)
    ]


def profiles(members: list[TeamMember]):
    return [m.profile for m in members]


def first(a: list[int], b: list[int]) -> str | None:
    return first_player({"A": profiles(team("A", *a)), "B": profiles(team("B", *b))})


def test_1_3_1_highest_team_initiative_plays_first() -> None:
    assert first([5, 4], [3, 3, 2]) == "A"
    assert first([1, 1], [3]) == "B"


def test_1_3_1_a_tie_compares_initiatives_from_the_highest() -> None:
    assert first([5, 3, 2], [5, 5]) == "B"
    assert first([6, 2, 2], [5, 5]) == "A"


def test_1_3_1_b_identical_initiatives_more_krosmasters_plays_first() -> None:
    assert first([4, 4, 0], [4, 4]) == "A"


def test_1_3_1_c_identical_teams_are_left_to_chance() -> None:
    assert first([4, 2], [2, 4]) is None


def _game(**kw) -> GameState:
    teams = {"A": team("A", 8, 2), "B": team("B", 3, 3)}
    ties = kw.pop("timeline_ties", {"B": ["B2", "B1"]})
    return new_game(arena(kamas={"f6": 1, "g7": 2}), teams, timeline_ties=ties, **kw)


def test_1_3_1_c_a_chance_result_must_be_given() -> None:
    teams = {"A": team("A", 4, 2), "B": team("B", 4, 2)}
    with pytest.raises(RuleViolation) as err:
        new_game(arena(), teams)
    assert err.value.rule == "1.3.1.c"
    assert new_game(arena(), teams, first_player_claim="B").first_player == "B"


def test_1_3_1_a_claimed_first_player_must_match() -> None:
    with pytest.raises(RuleViolation) as err:
        _game(first_player_claim="B")
    assert err.value.rule == "1.3.1"
    assert _game(first_player_claim="A").first_player == "A"


def test_1_3_3_kamas_go_on_their_cells() -> None:
    state = _game()
    assert state.kamas_at(c("f6")) == 1 and state.kamas_at(c("g7")) == 2


def test_1_3_5_and_1_3_6_six_gg_each_and_the_wild_gg() -> None:
    state = _game()
    assert [p.gg for p in state.players] == [6, 6] and state.wild_gg
    assert state.gg_total == TOTAL_GG == 13
    assert [p.kamas for p in state.players] == [0, 0]


def test_2_4_3_example_percedal_plays_after_evangelyne() -> None:
    members = [
        TeamMember("percedal", profile("percedal", level=3, initiative=2, mp=3, hp=10, ap=6)),
        TeamMember("evangelyne", profile("evangelyne", initiative=8)),
    ]
    assert timeline_order(members) == ("evangelyne", "percedal")


def test_2_4_3_b_equal_initiatives_need_the_players_order() -> None:
    with pytest.raises(RuleViolation) as err:
        _game(timeline_ties={})
    assert err.value.rule == "2.4.3.b"
    assert _game().timeline("B") == ("B2", "B1")
    assert _game(timeline_ties={"B": ["B1", "B2"]}).timeline("B") == ("B1", "B2")


def test_1_2_1_an_unplayable_arena_is_refused() -> None:
    bad = arena(trees=("a1",))
    with pytest.raises(RuleViolation):
        new_game(bad, {"A": team("A", 3), "B": team("B", 2)})


def test_1_3_9_first_player_places_everything_first() -> None:
    state = _game()
    with pytest.raises(RuleViolation) as err:
        apply_place(state, "B1", c("a12"))
    assert err.value.rule == "1.3.9"
    state = apply_place(state, "A1", c("a1"))
    with pytest.raises(RuleViolation):
        apply_place(state, "A1", c("b1"))  # already placed


@pytest.mark.parametrize("cell", ["a2", "a12", "g1"])
def test_1_3_9_only_on_own_start_cells(cell: str) -> None:
    with pytest.raises(RuleViolation) as err:
        apply_place(_game(), "A1", c(cell))
    assert err.value.rule == "1.3.9"


def test_1_3_9_start_cell_must_be_free() -> None:
    state = apply_place(_game(), "A1", c("a1"))
    with pytest.raises(RuleViolation) as err:
        apply_place(state, "A2", c("a1"))
    assert err.value.rule == "4.17.3"


def test_1_3_10_and_5_2_4_fight_starts_with_the_first_players_turn_without_tension() -> None:
    state = _game()
    for unit, cell in (("A1", "a1"), ("A2", "b1"), ("B1", "a12"), ("B2", "b12")):
        assert state.phase is Phase.SETUP
        state = apply_place(state, unit, c(cell))
    assert state.phase is Phase.PIECES and state.turn == 1 and state.active_side == "A"
    with pytest.raises(RuleViolation):
        apply_place(state, "A1", c("c1"))
