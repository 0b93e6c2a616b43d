"""Demonic Rewards beyond AP, MP, Range and powers (4.7.5, 4.7.11): a Boost's instant
advantages (healing, Kamas, damage on the next spell), a Buff's gains until its next turn, and
Techniques changing Punch."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.errors import Unsupported
from rules.engine.state import Reward, RewardKind, RewardToken, reward_from_json, reward_to_json
from rules.engine.turn import apply_reveal_reward
from tests.engine.card_casts import FOE, cast
from tests.engine.casting_builders import c, card, game, unit

HERO = card("hero", "Hero", hp=12)


def _holding(reward: Reward, **kw):
    hero = replace(unit("A1", "A", HERO, "c3", **kw), rewards=(RewardToken(reward),))
    return [hero, unit("B1", "B", FOE, "c4")]


def test_4_7_5_a_a_boost_heals_brings_kamas_and_is_consumed() -> None:
    boost = Reward("b1", "jade", RewardKind.BOOST, ap=1, heal=2, kamas=3)
    state = game(_holding(boost, injuries=3, ap=2), "A1")
    after = apply_reveal_reward(state, "A1", "b1")
    hero = after.unit("A1")
    assert (hero.injuries, hero.ap, hero.rewards) == (1, 3, ())
    assert after.player("A").kamas == 3


def test_4_7_5_a_a_boost_adds_damage_to_the_next_spell_only() -> None:
    boost = Reward("b2", "granite", RewardKind.BOOST, damage=2)
    units = _holding(boost)
    state = apply_reveal_reward(game(units, "A1"), "A1", "b2")
    first = cast(units, [HERO, FOE], "A1", "Punch", "c4", state=state)
    assert first.state.unit("B1").injuries == 3  # 1 + 2
    again = replace(first.state.unit("A1"), ap=6)
    fresh = replace(first.state.with_unit(again), spell_uses=())  # Punch again, as if allowed
    second = cast(units, [HERO, FOE], "A1", "Punch", "c4", state=fresh)
    assert second.state.unit("B1").injuries == 4  # the bonus was spent


def test_4_7_5_b_a_buff_fills_the_gauges_and_range_until_its_next_turn() -> None:
    buff = Reward("u1", "silver", RewardKind.BUFF, mp=2, range=1)
    after = apply_reveal_reward(game(_holding(buff, mp=1), "A1"), "A1", "u1")
    hero = after.unit("A1")
    assert (hero.mp, hero.range_bonus, hero.rewards[0].face_up) == (3, 1, True)


def test_4_7_11_e_f_a_technique_makes_punch_cheaper_and_adds_its_effect() -> None:
    technique = Reward("t1", "granite", RewardKind.EQUIPMENT, "technique", punch="Pushes 1.")
    units = _holding(technique)
    state = apply_reveal_reward(game(units, "A1"), "A1", "t1")
    out = cast(units, [HERO, FOE], "A1", "Punch", "c4", state=state)
    assert out.state.unit("A1").ap == 6 - 4  # Punch 5 AP - 1 (4.7.11.f)
    assert out.state.unit("B1").cell == c("c5")  # pushed back (4.7.11.e)
    silent = Reward("t2", "granite", RewardKind.EQUIPMENT, "technique")
    with pytest.raises(Unsupported, match="Technique"):
        units = _holding(silent)
        state = apply_reveal_reward(game(units, "A1"), "A1", "t2")
        cast(units, [HERO, FOE], "A1", "Punch", "c4", state=state)


def test_a_reward_reads_back_from_json_with_its_new_fields() -> None:
    reward = Reward("b3", "jade", RewardKind.BOOST, heal=1, kamas=2, damage=1, punch="")
    assert reward_from_json(reward_to_json(reward)) == reward
