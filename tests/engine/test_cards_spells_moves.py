"""Spells moving pieces onto chosen cells, swapping them or pushing them their own way
(rules/engine/cards/moves.py, movement.relocate).

Each test is named after the card and cites its rules: 4.18.2.c (adjacent means next to the
active character), 4.18.3.e (a choice made without checking), 4.9.14 (Unfazed), 4.17.3 (free
cells), 7.2.4 (Step 3 in printed order, choices the log carries), 7.5.10/7.5.21/7.5.20 (Push,
Move Closer, Retreat), 7.5.25 (Track), 4.18.5 (as much as possible).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.errors import RuleViolation
from rules.engine.rulings import Rulings
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import card, game, summon_card, token, unit

BOSS_FRIEND = card("bossfriend", "Big Friend", hp=20, types=["Boss"])
GOBBOWLER = card("gobbowler", "Gob", hp=20, types=["Gobbowler"])
BALL = summon_card("Gobbowl Ball", hp=3, families=["gobbowl ball"])
DREGGON = summon_card("Immature Dreggon", hp=5, families=["dreggon"])  # named, 4.18.9
KROSMASTER_FOE = card("kfoe", "Kfoe", hp=20)


def cell(out, uid: str) -> str:
    found = out.state.unit(uid).cell
    return found.name if found else "out"


@pytest.mark.parametrize("profile_id", ["s1-exf-7", "s1-et1-7"])
def test_transfer_portal_4_18_2_c_yugo_or_an_adjacent_ally_to_the_empty_cell(profile_id) -> None:
    yugo = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", yugo, "e5"), unit("A2", "A", FRIEND, "e4")]
    himself = cast(units, [yugo, FRIEND], "A1", "Transfer Portal", "e7")
    assert cell(himself, "A1") == "e7"
    ally = cast(units, [yugo, FRIEND], "A1", "Transfer Portal", "e7", choices=("unit:A2",))
    assert (cell(ally, "A1"), cell(ally, "A2")) == ("e5", "e7")
    with pytest.raises(RuleViolation) as taken:
        cast(
            [*units, unit("B1", "B", FOE, "e7")], [yugo, FRIEND, FOE], "A1", "Transfer Portal", "e7"
        )
    assert taken.value.rule == "7.1.2"


def test_chamrak_7_2_4_an_adjacent_enemy_to_the_cell_with_one_injury() -> None:
    malee = roster("s2-dks2-17", drop_powers=True)
    units = [unit("A1", "A", malee, "e5"), unit("B1", "B", FOE, "e4")]
    out = cast(units, [malee, FOE], "A1", "Chamrak", "e7", choices=("unit:B1",))
    assert cell(out, "B1") == "e7" and out.state.unit("B1").injuries == 1
    with pytest.raises(RuleViolation) as missing:
        cast(units, [malee, FOE], "A1", "Chamrak", "e7")
    assert missing.value.rule == "7.2.4" and "unit:" in str(missing.value)


def test_karcham_7_2_4_an_adjacent_non_boss_ally_only() -> None:
    """A Boss card is refused under `boss-type: printed`; by default the Boss Type is not
    printed (1.1.1.g) and "non-Boss" fits any Krosmaster."""
    poochan = roster("s2-dks2-18", drop_powers=True)
    units = [
        unit("A1", "A", poochan, "e5"),
        unit("A2", "A", FRIEND, "e4"),
        unit("A3", "A", BOSS_FRIEND, "d5"),
    ]
    out = cast(units, [poochan, FRIEND, BOSS_FRIEND], "A1", "Karcham", "e7", choices=("unit:A2",))
    assert cell(out, "A2") == "e7" and out.state.unit("A2").injuries == 1
    out = cast(units, [poochan, FRIEND, BOSS_FRIEND], "A1", "Karcham", "e7", choices=("unit:A3",))
    assert cell(out, "A3") == "e7"
    printed = replace(game(units, "A1"), rulings=Rulings.of({"boss-type": "printed"}))
    with pytest.raises(RuleViolation):
        cast(units, [poochan, FRIEND, BOSS_FRIEND], "A1", "Karcham", "e7", choices=("unit:A3",),
             state=printed)  # fmt: skip


def test_group_transfer_4_18_5_theo_and_adjacent_krosmasters_keep_their_arrangement() -> None:
    theo = roster("s2-dks2-24", drop_powers=True)
    units = [
        unit("A1", "A", theo, "e5"),
        unit("A2", "A", FRIEND, "e4"),
        unit("B1", "B", FOE, "f5"),
        unit("B2", "B", FOE, "g7"),  # holds B1's place next to the target
    ]
    out = cast(units, [theo, FRIEND, FOE], "A1", "Group Transfer", "f7")
    assert (cell(out, "A1"), cell(out, "A2"), cell(out, "B1")) == ("f7", "f6", "f5")


def test_wrong_move_7_2_4_qilby_steps_next_to_himself_and_gains_an_ap_marker() -> None:
    qilby = roster("s2-exf2-1", drop_powers=True)
    units = [unit("A1", "A", qilby, "e5"), unit("B1", "B", FOE, "e7")]
    out = cast(units, [qilby, FOE], "A1", "Wrong move", "e7", choices=("cell:d5",))
    assert cell(out, "A1") == "d5" and out.state.unit("A1").markers.ap == 1
    assert out.state.unit("B1").injuries == 4
    with pytest.raises(RuleViolation):
        cast(units, [qilby, FOE], "A1", "Wrong move", "e7", choices=("cell:c5",))


def test_jump_the_gun_7_2_4_remington_to_a_free_cell_next_to_him() -> None:
    remington = roster("s4-oav-3", drop_powers=True)
    units = [unit("A1", "A", remington, "e5"), unit("B1", "B", FOE, "e8")]
    out = cast(units, [remington, FOE], "A1", "Jump the Gun", "e8", choices=("cell:f5",))
    assert cell(out, "A1") == "f5"


def test_tumble_7_2_4_cleophee_next_to_the_targeted_opposing_character() -> None:
    cleophee = roster("s2-exf2-5", drop_powers=True)
    units = [unit("A1", "A", cleophee, "e5"), unit("B1", "B", FOE, "e6")]
    out = cast(units, [cleophee, FOE], "A1", "Tumble", "e6", choices=("cell:e7",))
    assert cell(out, "A1") == "e7"


def test_exfiltration_7_2_4_next_to_the_targeted_ally_then_mp_emptied() -> None:
    sphincter = roster("s4-cpk-2", drop_powers=True)
    units = [unit("A1", "A", sphincter, "e5", mp=3), unit("A2", "A", FRIEND, "e7")]
    out = cast(units, [sphincter, FRIEND], "A1", "Exfiltration", "e7", choices=("cell:e8",))
    assert cell(out, "A1") == "e8" and out.state.unit("A1").mp == 0


def test_fangtastic_7_2_4_next_to_the_targeted_krosmaster() -> None:
    vampire = roster("s4-cpk-6", drop_powers=True)
    units = [unit("A1", "A", vampire, "e5"), unit("B1", "B", FOE, "e8")]
    out = cast(units, [vampire, FOE], "A1", "Fangtastic", "e8", choices=("cell:d8",))
    assert cell(out, "A1") == "d8" and out.state.unit("B1").injuries == 1


def test_dribble_7_2_4_next_to_the_targeted_gobbowl_ball() -> None:
    franky = roster("s5-bouf-4", drop_powers=True)
    units = [unit("A1", "A", franky, "e5"), token("A5", "A", "A1", BALL, "e7")]
    out = cast(units, [franky], "A1", "Dribble", "e7", choices=("cell:f7",))
    assert cell(out, "A1") == "f7"


def test_pirouette_7_2_4_next_to_the_targeted_character() -> None:
    arno = roster("s5-bouf-10", drop_powers=True)
    units = [unit("A1", "A", arno, "e5"), unit("B1", "B", FOE, "e6")]
    out = cast(units, [arno, FOE], "A1", "Pirouette", "e6", choices=("cell:e7",))
    assert cell(out, "A1") == "e7" and out.state.unit("B1").injuries == 1


def test_assault_disc_4_10_6_yugo_moves_then_hurts_every_adjacent_character() -> None:
    yugo = roster("s2-exf2-2", drop_powers=True)
    units = [
        unit("A1", "A", yugo, "e5"),
        unit("B1", "B", FOE, "e8"),
        unit("A2", "A", FRIEND, "d7"),
        unit("B2", "B", FOE, "h9"),
    ]
    out = cast(units, [yugo, FOE, FRIEND], "A1", "Assault Disc", "e7")
    assert cell(out, "A1") == "e7"
    assert [out.state.unit(u).injuries for u in ("B1", "A2", "B2")] == [1, 1, 0]


def test_diving_tackle_7_2_4_jason_to_the_cell_and_one_self_inflicted_injury() -> None:
    jason = roster("s5-bouf-1", drop_powers=True)
    units = [unit("A1", "A", jason, "e5")]
    out = cast(units, [jason], "A1", "Diving Tackle", "e7")
    assert cell(out, "A1") == "e7" and out.state.unit("A1").injuries == 1


def test_happy_tunnel_7_5_11_attract_then_persee_to_the_freed_cell() -> None:
    persee = roster("s4-cpk-5", drop_powers=True)
    units = [unit("A1", "A", persee, "e5"), unit("B1", "B", FOE, "e8")]
    out = cast(units, [persee, FOE], "A1", "Happy Tunnel", "e8")
    assert (cell(out, "B1"), cell(out, "A1")) == ("e7", "e8")


def test_wakfu_canon_7_2_4_the_targeted_character_to_a_cell_next_to_itself() -> None:
    yugo = roster("s4-oav-4", drop_powers=True)
    units = [unit("A1", "A", yugo, "e5"), unit("B1", "B", FOE, "e7")]
    out = cast(units, [yugo, FOE], "A1", "Wakfu Canon", "e7", choices=("cell:f7",))
    assert cell(out, "B1") == "f7"


def test_wanderlust_7_5_1_ap_to_a_summon_and_the_ally_steps_next_to_itself() -> None:
    preacher = roster("s4-cpk-13", drop_powers=True)
    mob = summon_card("Mob", hp=3, ap=3, mp=3)
    units = [unit("A1", "A", preacher, "e5"), token("A5", "A", "A1", mob, "e7")]
    out = cast(units, [preacher], "A1", "Wanderlust", "e7", choices=("cell:f7",))
    assert cell(out, "A5") == "f7" and out.state.unit("A5").markers.ap == 2


def test_double_portals_4_9_14_two_targeted_characters_swap_places() -> None:
    yugo = roster("s4-oav-4", drop_powers=True)
    units = [unit("A1", "A", yugo, "e5"), unit("B1", "B", FOE, "e6"), unit("A2", "A", FRIEND, "f5")]
    out = cast(
        units, [yugo, FOE, FRIEND], "A1", "Double Portals", "e6", choices=("unit:B1", "unit:A2")
    )
    assert (cell(out, "B1"), cell(out, "A2")) == ("f5", "e6")
    with pytest.raises(RuleViolation):
        cast(units, [yugo, FOE, FRIEND], "A1", "Double Portals", "e6", choices=("unit:B1",))


def test_right_in_the_face_7_2_4_summon_to_the_cell_then_opponents_next_to_it_hurt() -> None:
    chabal = roster("s5-bouf-2", drop_powers=True)
    mob = summon_card("Mob", hp=3, ap=3, mp=3)
    units = [
        unit("A1", "A", chabal, "e5"),
        token("A5", "A", "A1", mob, "e4"),
        unit("B1", "B", FOE, "e9"),
    ]
    out = cast(units, [chabal, FOE], "A1", "Right in the Face!", "e8", choices=("unit:A5",))
    assert cell(out, "A5") == "e8"
    assert out.state.unit("B1").injuries == 1 and out.state.unit("B1").markers.mp == -1


def test_disengage_7_2_4_the_ball_to_the_cell_then_adjacent_opponents_lose_ap() -> None:
    fabine = roster("s5-bouf-3", drop_powers=True)
    units = [
        unit("A1", "A", fabine, "e5"),
        token("A5", "A", "A1", BALL, "e4"),
        unit("B1", "B", FOE, "e9"),
    ]
    out = cast(units, [fabine, FOE], "A1", "Disengage", "e8", choices=("unit:A5",))
    assert cell(out, "A5") == "e8"
    assert out.state.unit("B1").injuries == 1 and out.state.unit("B1").markers.ap == -1


def test_one_two_7_2_4_the_ally_to_the_cell_then_marty_next_to_him() -> None:
    marty = roster("s5-bouf-8", drop_powers=True)
    units = [unit("A1", "A", marty, "e5"), unit("A2", "A", FRIEND, "d5")]
    out = cast(units, [marty, FRIEND], "A1", "One-Two", "e7", choices=("unit:A2", "cell:e8"))
    assert (cell(out, "A2"), cell(out, "A1")) == ("e7", "e8")


def test_cold_chain_4_15_1_a_krosmaster_two_cells_from_the_target_gets_markers() -> None:
    freezz = roster("s5-wild-14", drop_powers=True)
    units = [unit("A1", "A", freezz, "e5"), unit("B1", "B", FOE, "e9"), unit("B2", "B", FOE, "f10")]
    out = cast(units, [freezz, FOE], "A1", "Cold Chain", "e9", choices=("unit:B2",))
    assert out.state.unit("B2").markers.ap == -2 and out.state.unit("B2").markers.mp == -1
    assert out.state.unit("B1").injuries == 2


def test_meteorite_7_5_10_pushes_only_an_immature_dreggon() -> None:
    dreggoog = roster("s3-dks3-7", drop_powers=True)
    units = [unit("A1", "A", dreggoog, "e5"), token("A5", "A", "A1", DREGGON, "e7")]
    out = cast(units, [dreggoog], "A1", "Meteorite", "e7", summons=[DREGGON])
    assert cell(out, "A5") == "e8"
    foe = [unit("A1", "A", dreggoog, "e5"), unit("B1", "B", FOE, "e7")]
    assert cell(cast(foe, [dreggoog, FOE], "A1", "Meteorite", "e7"), "B1") == "e7"


def test_dragorlotage_7_5_10_pushes_an_immature_dreggon_two_cells() -> None:
    dragostess = roster("s3-dks3-9", drop_powers=True)
    units = [unit("A1", "A", dragostess, "e5"), token("A5", "A", "A1", DREGGON, "e7")]
    out = cast(units, [dragostess], "A1", "Dragorlotage", "e7")
    assert cell(out, "A5") == "e9"


def test_pampering_7_2_4_switches_with_an_immature_dreggon_only() -> None:
    nag = roster("s3-dks3-8", drop_powers=True)
    units = [unit("A1", "A", nag, "e5"), token("A5", "A", "A1", DREGGON, "e7")]
    out = cast(units, [nag], "A1", "Pampering", "e7")
    assert (cell(out, "A1"), cell(out, "A5")) == ("e7", "e5")


def test_controlled_slide_7_5_21_closer_then_pushes_a_gobbowler_only() -> None:
    kriss = roster("s3-dark-3", drop_powers=True)
    units = [unit("A1", "A", kriss, "e5"), unit("B1", "B", GOBBOWLER, "e7")]
    out = cast(units, [kriss, GOBBOWLER], "A1", "Controlled Slide", "e7")
    assert (cell(out, "A1"), cell(out, "B1")) == ("e6", "e8")


def test_tcheese_7_5_21_moves_two_closer_when_yugo_is_next_to_the_target() -> None:
    adamai, yugo = roster("s2-exf2-3", drop_powers=True), roster("s1-exf-7", drop_powers=True)
    units = [unit("A1", "A", adamai, "e5"), unit("B1", "B", FOE, "e8")]
    alone = cast(units, [adamai, FOE], "A1", "Tcheese", "e8")
    assert cell(alone, "A1") == "e5"
    near = cast([*units, unit("A2", "A", yugo, "f8")], [adamai, FOE, yugo], "A1", "Tcheese", "e8")
    assert cell(near, "A1") == "e7"


def test_draconian_crisis_7_5_10_three_more_when_the_target_was_not_pushed() -> None:
    joris = roster("s4-ks4-5", drop_powers=True)
    free = [unit("A1", "A", joris, "e5"), unit("B1", "B", FOE, "e6")]
    out = cast(free, [joris, FOE], "A1", "Draconian Crisis", "e6")
    assert cell(out, "B1") == "e8" and out.state.unit("B1").injuries == 1
    stuck = [*free, unit("B2", "B", FOE, "e7")]
    out = cast(stuck, [joris, FOE], "A1", "Draconian Crisis", "e6")
    assert cell(out, "B1") == "e6" and out.state.unit("B1").injuries == 4


def test_night_terror_7_5_10_secondary_targets_pushed_away_from_the_main_target() -> None:
    salar = roster("s5-wild-15", drop_powers=True)
    units = [
        unit("A1", "A", salar, "e5"),
        unit("B1", "B", FOE, "e8"),
        unit("B2", "B", FOE, "e9"),
        unit("B3", "B", FOE, "f8"),
    ]
    out = cast(units, [salar, FOE], "A1", "Night Terror", "e8")
    assert (cell(out, "B1"), cell(out, "B2"), cell(out, "B3")) == ("e8", "e10", "g8")


def test_whirlwind_7_5_21_after_moving_closer_one_injury_on_other_targets() -> None:
    bworker = roster("s5-wild-3", drop_powers=True)
    units = [unit("A1", "A", bworker, "e5"), unit("B1", "B", FOE, "e6"), unit("B2", "B", FOE, "f6")]
    out = cast(units, [bworker, FOE], "A1", "Whirlwind", "e6")
    # adjacent already: Move Closer cannot move him, so nobody is hurt
    assert cell(out, "A1") == "e5" and out.state.unit("B1").injuries == 0


def test_shoot_7_5_10_pushes_the_allied_ball_then_hurts_opponents_next_to_it() -> None:
    franky = roster("s5-bouf-4", drop_powers=True)
    units = [
        unit("A1", "A", franky, "e5"),
        token("A5", "A", "A1", BALL, "e6"),
        unit("B1", "B", FOE, "f8"),
    ]
    out = cast(units, [franky, FOE], "A1", "Shoot", "e6", armour={"A5": "lock"})
    assert cell(out, "A5") == "e8" and out.state.unit("B1").injuries == 2


def test_pump_action_bow_7_5_25_track_push_then_retreat_from_a_krosmaster() -> None:
    archer = roster("s5-wild-1", drop_powers=True)
    units = [unit("A1", "A", archer, "e5"), unit("B1", "B", FOE, "e8")]
    out = cast(units, [archer, FOE], "A1", "Pump-Action Bow", "e8")
    assert (cell(out, "B1"), cell(out, "A1")) == ("e9", "e3")
    mob = summon_card("Mob", hp=3, ap=3, mp=3)
    summon = [unit("A1", "A", archer, "e5"), token("B5", "B", "B9", mob, "e8")]
    out = cast(summon, [archer], "A1", "Pump-Action Bow", "e8")
    assert cell(out, "A1") == "e5"
