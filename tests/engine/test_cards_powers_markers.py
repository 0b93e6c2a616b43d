"""Roster powers triggered by +1 AP markers (4.11.5) and by a Demonic Reward (4.7.10)."""

from __future__ import annotations

from dataclasses import replace

from rules.engine.powers import place_markers
from rules.engine.reactions import settle
from rules.engine.state import Markers, Reward, RewardKind, RewardToken
from rules.engine.turn import apply_reveal_reward
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import card, game, unit

BROTHER = card("brother", "Brother", hp=20, types=("Brotherhood of the Tofu",))


def test_4_11_5_look_at_me_jerry_savage_plus_mp_when_an_ally_gets_plus_ap() -> None:
    jerry = roster("s5-bouf-6")
    state = game([unit("A1", "A", jerry, "h1"), unit("A2", "A", FRIEND, "c3")], "A2")
    state, _ = settle(place_markers(state, "A2", ap=2))
    assert state.unit("A1").markers == Markers(mp=1)


def test_4_11_4_captains_energy_amalius_gains_ap_in_his_turn_only() -> None:
    amalius = roster("s5-bouf-9")
    units = [unit("A1", "A", amalius, "h1", ap=2), unit("A2", "A", FRIEND, "c3")]
    mine, _ = settle(place_markers(game(units, "A1"), "A2", ap=1))
    assert mine.unit("A1").ap == 3
    theirs, _ = settle(place_markers(game(units, "A2"), "A2", ap=1))
    assert theirs.unit("A1").ap == 2


def test_4_7_10_present_opening_amalia_next_spell_plus_one_earth() -> None:
    amalia = roster("s1-et1-2")
    brambles = next(s for s in amalia.spells if s.element == "earth")  # Defensive Brambles
    boost = Reward("r1", "granite", RewardKind.EQUIPMENT, "pet")
    holder = unit("A1", "A", amalia, "c3")
    holder = replace(holder, rewards=(RewardToken(boost),))
    units = [holder, unit("A2", "A", BROTHER, "h1"), unit("B1", "B", FOE, "c5")]
    state = apply_reveal_reward(game(units, "A1"), "A1", "r1")
    plain = cast(units, [amalia, BROTHER, FOE], "A1", brambles.name, "c5")
    boosted = cast(units, [amalia, BROTHER, FOE], "A1", brambles.name, "c5", state=state)
    assert boosted.state.unit("B1").injuries == plain.state.unit("B1").injuries + 1
    again = cast(units, [amalia, BROTHER, FOE], "A1", brambles.name, "c5", state=boosted.state)
    assert again.state.unit("B1").injuries - boosted.state.unit("B1").injuries == (
        plain.state.unit("B1").injuries
    )  # only the next spell
