"""The roster's own powers the engine models beyond 4.9: one test per power, named after the
card that prints it. Card texts are read from the shared data, never copied here."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import CastAction, apply_cast
from rules.engine.injuries import knock_out, record_inflicted, settle_hp
from rules.engine.powers import (
    MODELLED,
    brotherhood_ally,
    damage_modifiers,
    families_of,
    max_ap,
    max_hp,
    max_mp,
    powers_of,
)
from rules.engine.state import Markers
from rules.engine.triggers import Moment, fire, handler, start_of_fight
from rules.engine.turn import apply_activate, apply_end, apply_move
from tests.engine.casting_builders import bar, book, c, card, game, rolls, unit
from tests.engine.test_state_builders import board, krosmaster, summon

BRO = "brotherhood of the tofu"


def _vigilantes(n: int, side: str = "A") -> list:
    """n different Vigilante Krosmasters of `side`, out of the arena (KO'd still counts)."""
    return [krosmaster(f"{side}V{i}", side, None, families=("vigilante",)) for i in range(n)]


# -- powers_of: Prosecution grants, Bububble, Wakardor, Lupine Invasion -----------------------


@pytest.mark.parametrize(
    ("power", "needed", "granted"),
    [
        ("firefoux-blood", 6, {"armour", "counter", "fire-resistance", "water-resistance"}),
        ("treechnid-blood", 5, {"unfazed", "armour", "lock"}),
    ],
)
def test_prosecution_powers_grant_with_enough_vigilantes(power, needed, granted) -> None:
    # Lumino's Firefoux Blood (Prosecution 6) and Trank's Treechnid Blood (Prosecution 5).
    short = board(krosmaster("A1", "A", "c3", powers=(power,)), *_vigilantes(needed - 1))
    enough = board(krosmaster("A1", "A", "c3", powers=(power,)), *_vigilantes(needed))
    assert not granted & powers_of(short, short.unit("A1"))
    assert granted <= powers_of(enough, enough.unit("A1"))


def test_bububble_unfazed_in_the_opponents_turn_only() -> None:
    # Arty: he and adjacent allied Krosmasters are Unfazed while the other player plays.
    state = board(
        krosmaster("A1", "A", "c3", powers=("bububble",)),
        krosmaster("A2", "A", "c4"),
        krosmaster("A3", "A", "c7"),
        krosmaster("B1", "B", "h8"),
    )
    theirs = replace(state, active_side="B")
    assert "unfazed" in powers_of(theirs, theirs.unit("A2"))
    assert "unfazed" in powers_of(theirs, theirs.unit("A1"))
    assert "unfazed" not in powers_of(theirs, theirs.unit("A3"))
    assert "unfazed" not in powers_of(state, state.unit("A2"))


def test_wakardor_counter_and_one_more_mp_below_six_injuries() -> None:
    # Yugo - Young King.
    state = board(krosmaster("A1", "A", "c3", powers=("wakardor",), mp=3))
    yugo = state.unit("A1")
    assert "counter" in powers_of(state, yugo) and max_mp(state, yugo) == 4
    hurt = replace(yugo, injuries=6)
    assert "counter" not in powers_of(state, hurt) and max_mp(state, hurt) == 3


def test_lupine_invasion_lock_and_two_hp_in_opponents_territory() -> None:
    # Boowolf.
    state = board(krosmaster("A1", "A", "c7", powers=("lupine-invasion",), hp=8))
    wolf = state.unit("A1")
    assert "lock" in powers_of(state, wolf) and max_hp(state, wolf) == 10
    home = replace(wolf, cell=c("c3"))
    assert "lock" not in powers_of(state, home) and max_hp(state, home) == 8


# -- families: Buzzed, Dragonshifting ----------------------------------------------------------


def test_buzzed_makes_the_team_brotherhood_of_the_tofu() -> None:
    # Qilby: while he is in play, his team's Krosmasters are Brotherhood of the Tofu.
    state = board(
        krosmaster("A1", "A", "c3", powers=("buzzed",)),
        krosmaster("A2", "A", "c5", powers=("old-timer",)),
        krosmaster("B1", "B", "h8"),
    )
    assert BRO in families_of(state, state.unit("A2"))
    assert BRO not in families_of(state, state.unit("B1"))
    assert brotherhood_ally(state, state.unit("A2"))
    assert {"dodge", "armour"} <= powers_of(state, state.unit("A2"))  # Old Timer now applies


def test_dragonshifting_takes_every_type_in_play() -> None:
    # Grougaloragran - Old.
    state = board(
        krosmaster("A1", "A", "c3", powers=("dragonshifting",), families=("dragon",)),
        krosmaster("B1", "B", "h8", families=("iop", "vigilante")),
    )
    assert {"dragon", "iop", "vigilante"} <= families_of(state, state.unit("A1"))


# -- damage: Kralove Blood, Compulsion, Cribbling -----------------------------------------------


def test_kralove_blood_one_more_water_damage_with_prosecution_5() -> None:
    # Skale.
    state = board(
        krosmaster("A1", "A", "c3", powers=("kralove-blood",)),
        krosmaster("B1", "B", "c5"),
        *_vigilantes(5),
    )
    a, b = state.unit("A1"), state.unit("B1")
    assert [n for n, _ in damage_modifiers(state, a, b, "water")] == [1]
    assert damage_modifiers(state, a, b, "fire") == []


def test_compulsion_first_attack_spell_of_the_turn_only() -> None:
    # Emma Sacre.
    sword = bar("Sword", "air", 1)
    emma = card("emma", "Emma Sacre", [sword], powers=["compulsion"])
    foe = card("foe", "Foe", hp=20)
    spells = book([emma, foe])
    state = game([unit("A1", "A", emma, "c3", ap=12), unit("B1", "B", foe, "c5")], "A1")
    action = CastAction("A1", "Sword", c("c5"), rolls=rolls("lock", B1="lock"))
    first = apply_cast(state, action, spells).state
    assert first.unit("B1").injuries == 2
    assert apply_cast(first, action, spells).state.unit("B1").injuries == 3


def test_cribbling_bonus_when_a_target_has_a_spell_of_that_element() -> None:
    # Anathar.
    maw = bar("Maw", "air", 1)
    anathar = card("anathar", "Anathar", [maw], powers=["cribbling"])
    airy = card("airy", "Airy", [bar("Gust", "air", 1)], hp=20)
    earthy = card("earthy", "Earthy", [bar("Rock", "earth", 1)], hp=20)
    for foe, injuries in ((airy, 2), (earthy, 1)):
        state = game([unit("A1", "A", anathar, "c3"), unit("B1", "B", foe, "c5")], "A1")
        action = CastAction("A1", "Maw", c("c5"), rolls=rolls("lock", B1="lock"))
        assert apply_cast(state, action, book([anathar, foe])).state.unit("B1").injuries == injuries


# -- characteristics: AP, MP and HP MAX --------------------------------------------------------


@pytest.mark.parametrize("power", ["crobak-blood", "crow-blood"])
def test_krobax_bloods_three_more_ap_with_four_vigilantes(power) -> None:
    state = board(krosmaster("A1", "A", "c3", powers=(power,), ap=6), *_vigilantes(4))
    assert max_ap(state, state.unit("A1")) == 9
    fewer = board(krosmaster("A1", "A", "c3", powers=(power,), ap=6), *_vigilantes(3))
    assert max_ap(fewer, fewer.unit("A1")) == 6


def test_massacre_one_ap_per_kod_ally() -> None:
    # Elite Chafer: every allied Krosmaster out of the arena after set-up counts.
    state = board(
        krosmaster("A1", "A", "c3", powers=("massacre",), ap=6),
        krosmaster("A2", "A", None),
        krosmaster("A3", "A", None),
    )
    assert max_ap(state, state.unit("A1")) == 8


def test_dragon_trick_and_draconic_support_for_other_brotherhood_allies() -> None:
    # Adamai: other Brotherhood allies get +1 AP MAX and +2 HP while he is in play.
    state = board(
        krosmaster("A1", "A", "c3", powers=("dragon-trick", "draconic-support"), families=(BRO,)),
        krosmaster("A2", "A", "c5", families=(BRO,), ap=6, hp=10),
        krosmaster("A3", "A", "c7", ap=6, hp=10),
    )
    assert (max_ap(state, state.unit("A2")), max_hp(state, state.unit("A2"))) == (7, 12)
    assert (max_ap(state, state.unit("A3")), max_hp(state, state.unit("A3"))) == (6, 10)
    assert max_ap(state, state.unit("A1")) == 6  # "other" allies only (4.4.4)


def test_kronice_bonuses_for_captain_amaknas_allies() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("kronice",), level=4, ap=6, mp=3, hp=10),
        krosmaster("A2", "A", "c5", families=("vigilante",), level=1, hp=10),
        krosmaster("A3", "A", "c7", level=3, ap=6, mp=3),
    )
    assert max_hp(state, state.unit("A2")) == 11
    assert (max_ap(state, state.unit("A3")), max_mp(state, state.unit("A3"))) == (7, 4)
    assert max_ap(state, state.unit("A1")) == 6


def test_darkness_blood_seven_hp_with_prosecution_7() -> None:
    # Shadow.
    state = board(krosmaster("A1", "A", "c3", powers=("darkness-blood",), hp=8), *_vigilantes(7))
    assert max_hp(state, state.unit("A1")) == 15


def test_katarsik_link_four_hp_per_allied_offspring() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("katarsik-link",), hp=10),
        replace(
            summon("S1", "A", "A1", "c4"),
            profile=replace(summon("S1", "A", "A1", "c4").profile, name="Katar's Offspring"),
        ),
    )
    assert max_hp(state, state.unit("A1")) == 14


def test_4_10_2_losing_a_raised_hp_knocks_out_at_once() -> None:
    # Adamai is KO'd: his ally with 11 Injuries on 10+2 HP falls to 10 HP and is KO'd too.
    state = board(
        krosmaster("A1", "A", "c3", powers=("draconic-support",), families=(BRO,)),
        replace(krosmaster("A2", "A", "c5", families=(BRO,), hp=10), injuries=11),
        krosmaster("B1", "B", "h8"),
    )
    assert settle_hp(state).unit("A2").cell is not None
    state = settle_hp(knock_out(state, "A1"))
    assert state.unit("A2").cell is None


def test_activation_fills_the_gauges_to_the_raised_maximums() -> None:
    state = board(krosmaster("A1", "A", "c3", powers=("wakardor",), ap=6, mp=3))
    state = apply_activate(state, "A1")
    assert (state.unit("A1").ap, state.unit("A1").mp) == (6, 4)


# -- start of the fight (1.3.10) ----------------------------------------------------------------


def _fight(*units):
    state = board(*units)
    return start_of_fight(replace(state, turn=0, active_side=None))


def test_heartbreak_and_inveterate_cheater_markers() -> None:
    # Katar and Kriss Krass.
    state = _fight(
        krosmaster("A1", "A", "c3", powers=("heartbreak",)),
        krosmaster("A2", "A", "c5", powers=("inveterate-cheater",)),
    )
    assert state.unit("A1").markers == Markers(ap=4)
    assert state.unit("A2").markers == Markers(ap=3, mp=1)


@pytest.mark.parametrize(("power", "injuries"), [("iopism", 2), ("total-iopism", 3)])
def test_iopism_injures_the_holders_team_holder_included(power, injuries) -> None:
    # Dark Vlad and Dark Vlad - Karnated.
    state = _fight(
        krosmaster("A1", "A", "c3", powers=(power,)),
        krosmaster("A2", "A", "c5"),
        krosmaster("B1", "B", "h8"),
    )
    assert [state.unit(u).injuries for u in ("A1", "A2", "B1")] == [injuries, injuries, 0]


def test_black_crows_laugh_markers_on_opposing_krosmasters() -> None:
    state = _fight(
        krosmaster("A1", "A", "c3", powers=("the-black-crow-laugh",)),
        krosmaster("B1", "B", "h8", level=6),
        krosmaster("B2", "B", "h9", level=2),
    )
    assert state.unit("B1").markers == Markers(ap=-1, mp=-1, range=-1)
    assert state.unit("B2").markers == Markers(ap=-1)


# -- start of a piece's turn (6.2.1.d) ----------------------------------------------------------


def test_brooding_gives_the_holders_immature_dreggons_two_ap_markers() -> None:
    dreggon = summon("D1", "A", "A1", "c4", families=("immature dreggon",), mp=None)
    state = board(krosmaster("A1", "A", "c3", powers=("brooding",)), dreggon)
    assert apply_activate(state, "A1").unit("D1").markers.ap == 2


def test_tortuous_kos_allied_atooins() -> None:
    atooin = summon("T1", "A", "A1", "c4", families=("atooin",))
    state = board(
        krosmaster("A1", "A", "c3", powers=("tortuous",)), atooin, krosmaster("B1", "B", "h8")
    )
    assert apply_activate(state, "A1").unit("T1").cell is None


def test_scaraleaf_blood_heals_one_with_prosecution_4() -> None:
    beelzebug = replace(krosmaster("A1", "A", "c3", powers=("scaraleaf-blood",)), injuries=3)
    assert apply_activate(board(beelzebug, *_vigilantes(4)), "A1").unit("A1").injuries == 2
    assert apply_activate(board(beelzebug, *_vigilantes(3)), "A1").unit("A1").injuries == 3


def test_rapine_occulte_compares_kamas_stocks() -> None:
    queen = krosmaster("A1", "A", "c3", powers=("rapine-occulte",), mp=3)
    state = board(queen, krosmaster("B1", "B", "h8"))
    rich = apply_activate(state, "A1")
    assert rich.unit("A1").mp == 5 and rich.lasting == ()
    poorer = state.with_player(replace(state.player("B"), kamas=2))
    poor = apply_activate(poorer, "A1")
    assert poor.unit("A1").mp == 3 and [e.kind for e in poor.lasting] == ["damage"]


# -- end of a piece's turn (6.4.1) ---------------------------------------------------------------


def test_motivation_and_speedy_aura_markers_on_adjacent_allied_krosmasters() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("motivation", "speedy-aura")),
        krosmaster("A2", "A", "c4"),
        krosmaster("A3", "A", "c6"),
        krosmaster("B1", "B", "h8"),
        active="A1",
    )
    state = apply_end(state, "A1")
    assert state.unit("A2").markers == Markers(ap=1, mp=1)
    assert state.unit("A3").markers == Markers()


def test_flea_fleece_steals_from_adjacent_opposing_krosmasters() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("flea-fleece",)),
        krosmaster("B1", "B", "c4"),
        krosmaster("B2", "B", "h8"),
        active="A1",
    )
    state = apply_end(state, "A1")
    assert state.unit("B1").markers == Markers(ap=-2, mp=-1)
    assert state.unit("A1").markers == Markers(ap=2, mp=1)


def test_gelatinous_invasion_strawberry_jellies() -> None:
    def jelly(cell):
        base = summon("J1", "A", "A1", cell)
        return replace(base, profile=replace(base.profile, name="Strawberry Jelly"))

    king = krosmaster("A1", "A", "c7", powers=("gelatinous-invasion",))
    state = board(king, jelly("c8"), krosmaster("B1", "B", "h8"), active="A1")
    assert apply_end(state, "A1").unit("J1").markers.mp == 1
    home = board(replace(king, cell=c("c3")), jelly("c4"), krosmaster("B1", "B", "h8"), active="A1")
    assert apply_end(home, "A1").unit("J1").cell is None


def test_cravings_heals_all_unless_it_inflicted_injuries() -> None:
    ogrest = replace(krosmaster("A1", "A", "c3", powers=("cravings",)), injuries=4)
    state = board(ogrest, krosmaster("B1", "B", "h8"), active="A1")
    assert apply_end(state, "A1").unit("A1").injuries == 0
    hit = record_inflicted(state, "A1", "B1", 1)
    assert apply_end(hit, "A1").unit("A1").injuries == 4


def test_shushus_a_gogo_heals_or_hurts() -> None:
    remington = replace(krosmaster("A1", "A", "c3", powers=("shushus-a-gogo",)), injuries=2)
    state = board(remington, krosmaster("B1", "B", "h8"), active="A1")
    assert apply_end(state, "A1").unit("A1").injuries == 3
    hit = record_inflicted(state, "A1", "B1", 2)
    assert apply_end(hit, "A1").unit("A1").injuries == 1


def test_injuries_a_spell_places_are_recorded_as_inflicted() -> None:
    bolt = bar("Bolt", "fire", 1)
    mage = card("mage", "Mage", [bolt])
    foe = card("foe", "Foe")
    state = game([unit("A1", "A", mage, "c3"), unit("B1", "B", foe, "c5")], "A1")
    out = apply_cast(
        state, CastAction("A1", "Bolt", c("c5"), rolls=rolls("lock", B1="lock")), book([mage, foe])
    )
    assert [(e.kind, e.unit, e.source, e.amount) for e in out.state.lasting] == [
        ("damaged", "A1", "B1", 1),  # Step 6 (7.2.7), for the spells asking "damaged"
        ("inflicted", "A1", "B1", 1),
    ]


def test_a_stained_holder_triggers_nothing() -> None:
    state = board(
        krosmaster("A1", "A", "c3", powers=("motivation",)),
        krosmaster("A2", "A", "b3"),
        krosmaster("B1", "B", "c4", powers=("stain",)),
        active="A1",
    )
    assert fire(state, Moment.END_OF_TURN, "A1").unit("A2").markers == Markers()


def test_every_triggered_power_has_a_handler_and_every_handler_a_docstring() -> None:
    for slug, where in MODELLED.items():
        if where.startswith("triggers"):
            phrases = {
                "start of the fight": Moment.START_OF_FIGHT,
                "start of turn": Moment.START_OF_TURN,
                "end of turn": Moment.END_OF_TURN,
            }
            moment = next(m for phrase, m in phrases.items() if phrase in where)
            assert handler(moment, slug) is not None and handler(moment, slug).__doc__


def test_apply_move_settles_hp_when_a_raised_hp_drops() -> None:
    # Boowolf leaves opponent's territory with 9 Injuries on 8+2 HP: back to 8 HP, KO'd.
    wolf = replace(krosmaster("A1", "A", "c7", powers=("lupine-invasion",), hp=8), injuries=9)
    state = board(wolf, krosmaster("A2", "A", "a1"), krosmaster("B1", "B", "h10"), active="A1")
    assert apply_move(state, "A1", c("c6")).unit("A1").cell is None
