"""Card audit, round 4 (session 11): the 28 Season-legal profiles that no earlier card audit
(test_card_audit.py, test_card_audit_round2.py, test_card_audit_round3.py) covers, chosen for
wording a reader can get wrong: effects that name a kind of unit ("targeted Turret", "the
targeted mob", "the targeted Krosmaster", "IMMATURE DREGGON", an allied GOBBOWL BALL), summons
put on a cell that a push or a move has just freed, areas around the caster's own cell, Multiple
Targets that reach allies and enemies alike, continuous effects that pick their units when they
start (Turt Hell), costs in Injuries that knock the caster out, summon limits (control values,
Strength), and the obsolete Wisdom; with the Grenado and Sinistro tokens built as what they are.

Each outcome was worked out by hand from the card text and the 4.1 rules it relies on before
the engine was run (docs/rules-examples.md, "Card audit round 4 (session 11)"). The roster has
no summon figures: every summon is an inline token (`cards.token`) whose name, category (a Mob
has MP, a Mechanism none, 4.19.1.f) and Strength are what the scenario reads.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.replay import trace
from tests.matchlogs.audit import gun, kros
from tests.matchlogs.cards import (
    DUMMIES,
    GRENADO,
    MIKE_LOCKE,
    SINISTRO,
    TENSION,
    TOMBSTONE,
    _at,
    _cast,
    _error,
    _game,
    _header,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _turn,
    _walk,
    token,
)
from tests.matchlogs.conftest import ev, verify

DI_CUREY, KO_FANG = DUMMIES
ROYAL_TOFU = "s3-qst-1"


# The summons the roster lacks (4.19: their figures are on the tokens, not in the data). A
# Turret is written without its Type: 4.19.2.c makes it one by its name.
CRACKSTONE = token("token-crackstone", "Crackstone", "s2", strength=3, hp=4)  # 4.19.9.d example
CROBAK = token("token-crobak", "Crobak", "s3", bite="Peck", element="air", types=["Crobak"])
HARPOONER = token("token-harpooner", "Harpooner", "s2", mp=None, hp=3, ap=3)
TACTURRET = token("token-tacturret", "Tacturret", "s2", mp=None, hp=3, ap=3)
LIFESAVER = token("token-lifesaver", "Lifesaver", "s2", mp=None, hp=3, ap=3)
LIVING_SHOVEL = token("token-living-shovel", "Living Shovel", "s2")
PRESPIC = token("token-prespic", "Prespic", "s2", hp=4)
TOFU = token("token-tofu", "Tofu", "s3", bite="Peck", element="air", hp=2)
IMMATURE_DREGGON = token("token-immature-dreggon", "Immature Dreggon", "s3", mp=None, ap=2)
FLEEFLEE = token("token-fleeflee", "Fleeflee", "s4", hp=3)
GOBBOWL_BALL = token("token-gobbowl-ball", "Gobbowl Ball", "s5", mp=None, ap=None, hp=3)
MINT_JELLY = token("token-mint-jelly", "Mint Jelly", "s5", hp=4, types=["Jelly"])
REAPER = token("token-reaper", "Reaper", "s6", hp=2)


# -- Elogio: a Square around the principal target, a Square around himself, Strength ----------


def test_4_16_1_elogio_crackstone_punch_plus_two_on_the_principal_target_only(catalog, roster):
    """Crackstone Punch (6 AP, 1 EARTH, 1-3 in line, Square) from d8 on Di Curey (d11), Ko-Fang
    on e12 in the Square: the +2 EARTH is for the principal target (4.16.1: the main target),
    so 1 + 2 = 3 and 1."""
    punch = _cast("Crackstone Punch", "d11", rolls=_rolls("B1", "B2"))
    state = _last(_game(roster, "s2-dks2-1", 8, punch, cells={"B2": "e12"}), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (3, 1)
    assert _at(state, "A1")[2] == 1


def test_4_9_7_a_elogio_in_his_own_square_resists_it(catalog, roster) -> None:
    """From d9 on the empty d10: the Square of d10 holds Elogio himself (d9) and Di Curey (d11),
    both targets (7.2.3.b). Di Curey is not the principal target: 1. Elogio: 1 - 1 (EARTH
    Resistance, 4.9.7.a) = 0."""
    punch = _cast("Crackstone Punch", "d10", rolls=_rolls("A1", "B1"))
    state = _last(_game(roster, "s2-dks2-1", 9, punch), catalog)
    assert (state.unit("A1").injuries, state.unit("B1").injuries) == (0, 1)


def test_4_19_9_d_elogio_and_black_crow_the_rules_own_strength_example(catalog, roster) -> None:
    """4.19.9.d's example: a Crackstone (Strength 3) and a Crobak (1) in play, Elogio cannot
    summon another Crackstone (7 > 6) though his control value (2) is not reached. Black Crow
    (c2 to c8) puts a Crobak next to Di Curey (Crobak Nosedive, 0 AIR), Elogio a Crackstone on
    d3; in A's next turn, a Crackstone on e2 is refused."""
    crow = _inline(roster, "s3-dark-4", mp=9)
    head = _header(("s2-dks2-1", "s3-dark-4"), DUMMIES, crow, CRACKSTONE, CROBAK)
    dive = _cast("Crobak Nosedive (3)", "d11", "A2", rolls=_rolls("B1"), choices=["cell:c11"])
    lines = [
        head,
        *_places(A2="c2"),
        *_turn("A2", *_walk("A2", "c", 2, 8), dive),
        *_turn("A2/crobak-1"),
        *_turn("A1", _cast("Summon Crackstone (2)", "d3")),
        *_turn("A1/crackstone-1"),
        TENSION,
        *_turn("B2"),
        *_turn("B1"),
        TENSION,
        *_turn("A2"),
        *_turn("A2/crobak-1"),
        ev("activate", unit="A1"),
        _cast("Summon Crackstone (2)", "e2"),
    ]
    assert _error(lines, catalog) == (len(lines), "4.19.9.d")


# -- Turrets: "+2 AP to targeted Turret", "+1 max Range to targeted Turrets" -------------------


def test_4_19_2_c_chrissy_entrinch_pilfer_gives_her_harpooner_two_ap_markers(catalog, roster):
    """Place Harpooner (2) on d4, then Pilfer (1 AIR, Pierces Armour) on it: a Harpooner is a
    Turret (4.19.2.c, though its token here names no Type): 1 Injury (no Armour die: 1 - 1) and
    two +1 AP markers (7.5.3.a; it is not the active unit, 4.11.4). Chrissy: 6 - 3 - 3 = 0 AP."""
    pilfer = _cast("Pilfer", "d4", rolls={"critical": ["lock"]})
    lines = _game(roster, "s2-dks2-10", 2, _cast("Place Harpooner (2)", "d4"), pilfer,
                  extra=(HARPOONER,))  # fmt: skip
    state = _last(lines, catalog)
    harpooner = state.unit("A1/harpooner-1")
    assert (harpooner.injuries, harpooner.markers.ap, state.unit("A1").ap) == (1, 2, 0)


def test_4_9_28_a_chrissy_entrinch_wisdom_is_obsolete_no_gg_more_for_a_boss(catalog, roster):
    """Pilfer from d8 knocks out a 1 HP Royal Tofu (Level 3; a Boss on its card): A takes the
    Wild GG and steals 2 (4.6.2): 9. Wisdom's extra GG is obsolete (4.9.28.a)."""
    tofu = _inline(roster, ROYAL_TOFU, hp=1, initiative=0)
    pilfer = _cast("Pilfer", "d11", rolls={"critical": ["lock"]})
    lines = _game(roster, "s2-dks2-10", 8, pilfer, b=(ROYAL_TOFU, KO_FANG), extra=(tofu,))
    state = _last(lines, catalog)
    assert state.unit("B1").cell is None
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (9, 4)


def test_7_5_20_a_anne_gupp_vapour_retreats_and_gives_a_krosmaster_no_ap(catalog, roster):
    """Vapour (2 FIRE, 1-4 in line) from d8 on Di Curey: 2 Injuries, Anne retreats 1 away from
    him (d7); the +2 AP is for a targeted Turret only: Di Curey gets no marker."""
    vapour = _cast("Vapour", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s2-dks2-11", 8, vapour), catalog)
    assert _at(state, "A1")[0] == "d7"
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (2, 0)


def test_4_12_anne_gupp_froth_range_marker_on_a_tacturret_in_the_cross(catalog, roster) -> None:
    """Place Tacturret (2) on d4, then Froth (1 WATER, Cross) on d5: the Tacturret, in the Cross,
    is one of the targeted Turrets (7.2.3.b): 1 Injury and a +1 Range marker (4.12)."""
    froth = _cast("Froth", "d5", rolls=_rolls("A1/tacturret-1"))
    lines = _game(roster, "s2-dks2-11", 2, _cast("Place Tacturret (2)", "d4"), froth,
                  extra=(TACTURRET,))  # fmt: skip
    tacturret = _last(lines, catalog).unit("A1/tacturret-1")
    assert (tacturret.injuries, tacturret.markers.range) == (1, 1)


def _steamy(roster, *events: dict[str, Any], **fields: Any) -> list[dict[str, Any]]:
    """Steamy Wonder (Initiative 0) and Mike Locke (2) against Di Curey (0) and Ko-Fang (2): the
    same Initiatives on both sides, so the log names the first player (1.3.1.c); Mike Locke
    plays before Steamy, who then walks from d2 (an inline copy with 9 MP)."""
    steamy = _inline(roster, "s2-dks2-12", mp=9)
    head = _header(("s2-dks2-12", MIKE_LOCKE), DUMMIES, steamy, LIFESAVER, first_player="A")
    head.update(fields)
    return [head, *_places(), *_turn("A2"), ev("activate", unit="A1"), *events]


@pytest.mark.parametrize(("critical", "injuries"), [("lock", 0), ("critical", 1)])
def test_4_9_7_a_steamy_wonder_torrent_on_the_raspberry_king(catalog, roster, critical, injuries):
    """Torrent (1 WATER, 1-3 in line) from d8 on the Raspberry King (WATER Resistance): 1 - 1 =
    0, no Injury (7.2.8.b); with a Critical success, 1 + 1 - 1 = 1."""
    king = _inline(roster, "s5-wild-10", initiative=0)
    torrent = _cast("Torrent", "d11", rolls={"critical": [critical], "armour": {"B1": ["lock"]}})
    lines = _steamy(roster, *_walk("A1", "d", 2, 8), torrent)
    lines[0]["players"]["B"]["team"][0]["profile"] = "s5-wild-10"
    lines[0]["profiles"].append(king)
    assert _last(lines, catalog).unit("B1").injuries == injuries


def test_4_19_9_c_steamy_wonder_a_second_lifesaver_while_the_first_is_in_play(catalog, roster):
    """Place Lifesaver (1) on d4 in A's first turn; in A's next turn, with the Lifesaver still in
    play, another one on c2 is refused: the control value 1 is reached (4.19.9.c)."""
    lines = _steamy(roster, _cast("Place Lifesaver (1)", "d4"), ev("end", unit="A1"))
    lines += [*_turn("A1/lifesaver-1"), TENSION, *_turn("B2"), *_turn("B1"), TENSION]
    lines += [*_turn("A2"), ev("activate", unit="A1"), _cast("Place Lifesaver (1)", "c2")]
    assert _error(lines, catalog) == (len(lines), "4.19.9.c")


# -- Diver Birel, Ira Tayte: a -1 MP marker, once per game, "the targeted mob" -------------------


def test_7_5_2_a_diver_birel_shovel_of_judgment_minus_one_mp_marker(catalog, roster) -> None:
    """Shovel of Judgment (2 WATER, 1-4) from d8 on Di Curey: 2 Injuries and a -1 MP marker."""
    shovel = _cast("Shovel of Judgment", "d11", rolls=_rolls("B1"))
    target = _last(_game(roster, "s2-dks2-13", 8, shovel), catalog).unit("B1")
    assert (target.injuries, target.markers.mp) == (2, -1)


def test_7_1_3_c_diver_birel_living_shovel_once_per_game_even_after_its_ko(catalog, roster):
    """Summon Living Shovel (1) (once per game) on d3; Mike Locke's Temporal Dust (1 FIRE,
    Square, 3-4) from f1 knocks the 1 HP Shovel out (and hits Diver, d2, in the Square). In A's
    next turn the control value would allow a new Shovel, but the spell was cast this game:
    refused (7.1.3.c)."""
    dust = _cast("Temporal Dust", "d3", "A2", rolls=_rolls("A1/living-shovel-1", "A1"))
    lines = _game(roster, "s2-dks2-13", 2, _cast("Summon Living Shovel (1)", "d3"),
                  ev("end", unit="A1"), extra=(LIVING_SHOVEL,))  # fmt: skip
    lines += [*_turn("A1/living-shovel-1"), *_turn("A2", dust), TENSION]
    lines += [*_turn("B2"), *_turn("B1"), TENSION, ev("activate", unit="A1")]
    assert _last(lines, catalog).unit("A1/living-shovel-1").cell is None
    lines.append(_cast("Summon Living Shovel (1)", "d3"))
    assert _error(lines, catalog) == (len(lines), "7.1.3.c")


def test_4_19_1_f_ira_tayte_whip_no_bonus_on_a_turret(catalog, roster) -> None:
    """Chrissy Entrinch (e1, Initiative 3) places a Harpooner on e3; Ira Tayte (d2) steps to d3
    and Whips it (1 EARTH): a Turret is a Mechanism, not a Mob (4.19.1.e-f), so the +2 EARTH
    "on the targeted mob" does not apply: 1 Injury."""
    head = _header(("s2-dks2-2", "s2-dks2-10"), DUMMIES, HARPOONER)
    whip = _cast("Whip", "e3", rolls=_rolls("A2/harpooner-1"))
    lines = [
        head,
        *_places(A2="e1"),
        *_turn("A2", _cast("Place Harpooner (2)", "e3", "A2")),
        *_turn("A2/harpooner-1"),
        ev("activate", unit="A1"),
        ev("move", unit="A1", to="d3"),
        whip,
    ]
    assert _last(lines, catalog).unit("A2/harpooner-1").injuries == 1


def test_4_19_4_ira_tayte_whip_plus_two_on_her_prespic(catalog, roster) -> None:
    """Summon Prespic (1) on d3 (an inline Ira with 9 AP), then Whip on it: a Prespic is a Mob
    (it has MP, 4.19.4): 1 + 2 = 3 Injuries."""
    ira = _inline(roster, "s2-dks2-2", ap=9)
    head = _header(("s2-dks2-2", MIKE_LOCKE), DUMMIES, ira, PRESPIC, first_player="A")
    whip = _cast("Whip", "d3", rolls=_rolls("A1/prespic-1"))
    lines = [head, *_places(), *_turn("A2"), ev("activate", unit="A1"),
             _cast("Summon Prespic (1)", "d3"), whip]  # fmt: skip
    assert _last(lines, catalog).unit("A1/prespic-1").injuries == 3


# -- Eliatropes: moves to the targeted empty cell, with and without line of sight --------------


def test_7_2_4_ayan_wakfu_tunnel_moves_him_and_spends_no_mp(catalog, roster) -> None:
    """Wakfu Tunnel (3 AP, 1-4 in line) on d6: Ayan goes there; 3 AP and his 3 MP left."""
    state = _last(_game(roster, "s2-dks2-22", 2, _cast("Wakfu Tunnel", "d6"), mp=3), catalog)
    assert _at(state, "A1") == ("d6", 0, 3, 3)


def test_7_1_6_ayan_wakfu_tunnel_needs_a_line_of_sight(catalog, roster) -> None:
    """Ayan on d1, Mike Locke on d2: the Tunnel to d4 passes a Krosmaster (4.15.9.a); a move
    spell with line of sight is still refused (7.1.6)."""
    lines = _game(
        roster, "s2-dks2-22", 2, _cast("Wakfu Tunnel", "d4"), cells={"A1": "d1", "A2": "d2"}
    )
    assert _error(lines, catalog) == (len(lines), "7.1.6")


def _kivin(*events: dict[str, Any]) -> list[dict[str, Any]]:
    """Kivin (Initiative 0, d1) and Mike Locke (2, d2): the first player named (1.3.1.c), Mike
    Locke plays first."""
    head = _header(("s2-dks2-23", MIKE_LOCKE), first_player="A")
    return [head, *_places(A1="d1", A2="d2"), *_turn("A2"), ev("activate", unit="A1"), *events]


def test_7_1_6_a_kivin_wakfu_leak_over_a_krosmaster_for_0_ap(catalog) -> None:
    """Wakfu Leak (0 AP, 1-3, without line of sight) from d1 on d4, over Mike Locke: Kivin on
    d4, 5 AP and 3 MP left."""
    assert _at(_last(_kivin(_cast("Wakfu Leak", "d4")), catalog), "A1") == ("d4", 0, 5, 3)


def test_7_1_3_c_kivin_wakfu_leak_once_per_game(catalog) -> None:
    """A second Wakfu Leak, on d5: the spell is cast once per game (7.1.3.c, 4.8.4)."""
    lines = _kivin(_cast("Wakfu Leak", "d4"), _cast("Wakfu Leak", "d5"))
    assert _error(lines, catalog) == (len(lines), "7.1.3.c")


def test_4_9_28_a_kivin_knocked_out_by_a_boss_gives_no_gg_more(catalog, roster) -> None:
    """B plays first (Initiative 7 + 2 against 0 + 2): the Royal Tofu (a Boss on its card; an
    inline copy with 9 MP) walks d11 to d5 and Royal Pecks (1 AIR, 1-3; Critical Hit: 2 dice) a
    1 HP Kivin on d2. B takes the Wild GG for Kivin's Level 1 (4.6.2): 7 and 6; Wisdom's extra
    GG is obsolete (4.9.28.a)."""
    kivin = _inline(roster, "s2-dks2-23", hp=1)
    tofu = _inline(roster, ROYAL_TOFU, mp=9)
    peck = _cast("Royal Peck", "d2", "B1", rolls=_rolls("A1", critical=2))
    lines = [
        _header(("s2-dks2-23", MIKE_LOCKE), (ROYAL_TOFU, KO_FANG), kivin, tofu),
        *_places(first="B"),
        ev("activate", unit="B1"),
        *_walk("B1", "d", 11, 5),
        peck,
    ]
    state = _last(lines, catalog)
    assert state.unit("A1").cell is None
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (6, 7)


# -- Stealing health past a KO, a spell without line of sight against Armour -------------------


def test_4_10_4_mil_kluva_melancholy_steals_only_the_injury_placed(catalog, roster) -> None:
    """A gunner (Initiative 9) hits Mil Kluva for 2. Mil (d2 to d9) casts Melancholy (2 AIR,
    Steals Health, 1-2 in line) on a 1 HP Di Curey: one Injury is placed, the second is lost
    (4.10.4, its own example), so Mil heals 1: 1 Injury left; A gains 1 GG."""
    gunner = kros("ta1", initiative=9, spells=[gun(damage=2)])
    head = _header(("ta1", "s2-junior-3"), DUMMIES, gunner, _inline(roster, "s2-junior-3", mp=9),
                   _inline(roster, DI_CUREY, hp=1))  # fmt: skip
    melancholy = _cast("Melancholy", "d11", "A2", rolls=_rolls("B1"))
    lines = [
        head,
        *_places(A1="c1", A2="d2"),
        *_turn("A1", _cast("Gun", "d2", rolls=_rolls("A2"))),
        ev("activate", unit="A2"),
        *_walk("A2", "d", 2, 9),
        melancholy,
    ]
    state = _last(lines, catalog)
    assert state.unit("B1").cell is None
    assert (state.unit("A2").injuries, _stock(state, "A")[0]) == (1, 7)


@pytest.mark.parametrize(("die", "injuries"), [("lock", 1), ("armour", 0)])
def test_7_2_6_c_kip_agau_charity_over_a_krosmaster_against_armour(catalog, roster, die, injuries):
    """Charity (1 EARTH, 2-4, no line of sight, Pierces Armour) from d9 on Chrissy Entrinch
    (Armour) on d12, behind Di Curey (d11): legal without sight (7.1.6.a); Chrissy rolls
    1 + 1 - 1 = 1 Armour die (7.2.6.b-c): 1 Injury, or none with an Armour success."""
    chrissy = _inline(roster, "s2-dks2-10", initiative=0)
    charity = _cast("Charity", "d12", rolls={"critical": ["lock"], "armour": {"B2": [die]}})
    ties = {"timeline_ties": {"A": ["A1", "A2"], "B": ["B1", "B2"]}}
    lines = _game(roster, "s2-junior-4", 9, charity, b=(DI_CUREY, "s2-dks2-10"), extra=(chrissy,),
                  cells={"B2": "d12"}, header=ties)  # fmt: skip
    assert _last(lines, catalog).unit("B2").injuries == injuries


# -- Buck Anear: Immune for the allies there when Turt Hell starts -----------------------------


def test_4_9_8_buck_anear_turt_hell_then_wave_of_lies_on_allies_and_enemies(catalog, roster):
    """An ally (Initiative 10) walks to e8; Buck (d9) casts Turt Hell, then Wave of Lies (3
    WATER, 1-3, Multiple Targets) on Di Curey (d11): every cell in range is a target (7.2.3.c):
    the ally (e8), Di Curey and Ko-Fang (e11). The enemies take 3; the ally is Immune to EFWA
    (4.9.8): 0. All three get -1 AP and +1 MP markers (7.5.2-7.5.4)."""
    ally = kros("ta2", initiative=10, mp=9)
    head = _header(("s3-dks3-13", "ta2"), DUMMIES, _inline(roster, "s3-dks3-13", mp=9), ally)
    wave = _cast("Wave of Lies", "d11", rolls=_rolls("A2", "B1", "B2"))
    lines = [
        head,
        *_places(B2="e11"),
        *_turn("A2", *_walk("A2", "f", 1, 8), ev("move", unit="A2", to="e8")),
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 9),
        _cast("Turt Hell", "d9"),
        wave,
    ]
    state = _last(lines, catalog)
    assert [state.unit(u).injuries for u in ("A2", "B1", "B2")] == [0, 3, 3]
    for unit in ("A2", "B1", "B2"):
        assert (state.unit(unit).markers.ap, state.unit(unit).markers.mp) == (-1, 1), unit
    assert _at(state, "A1")[2] == 7 - 1 - 4


def test_4_18_4_b_turt_hell_spares_a_summon_put_in_later(catalog, roster) -> None:
    """Buck casts Turt Hell (allied characters Immune until the end of the player's turn); then
    Grampy - Protector puts a Fleeflee (a Mob, a character) on f2, steps to e1 and casts
    Gahfeld (1 WATER, 2-3, -2 AP) on it: the units are chosen when the effect starts (4.18.4.b,
    its own example), so the Fleeflee takes 1, and two -1 AP markers."""
    head = _header(("s3-dks3-13", "s4-ks4-4"), DUMMIES, FLEEFLEE)
    gahfeld = _cast("Gahfeld", "f2", "A2", rolls=_rolls("A2/fleeflee-1"))
    lines = [
        head,
        *_places(),
        *_turn("A1", _cast("Turt Hell", "d2")),
        ev("activate", unit="A2"),
        _cast("Summoning of Fleeflee (1)", "f2", "A2"),
        ev("move", unit="A2", to="e1"),
        gahfeld,
    ]
    state = _last(lines, catalog)
    fleeflee = state.unit("A2/fleeflee-1")
    assert (fleeflee.injuries, fleeflee.markers.ap) == (1, -2)


def test_4_9_8_turt_hell_lasts_the_players_turn_mike_lockes_dust_spares_buck(catalog, roster):
    """ "Until the end of your turn" is the player's turn (4.18.2.a example): Buck (d2) casts
    Turt Hell and ends; Mike Locke's Temporal Dust (1 FIRE, Square, 3-4) from f1 on e3 has Buck
    in its Square: Immune, 0 Injury, and a -1 AP marker (the effect is no damage)."""
    dust = _cast("Temporal Dust", "e3", "A2", rolls=_rolls("A1"))
    turt_hell = _turn("A1", _cast("Turt Hell", "d2"))
    lines = [_header(("s3-dks3-13", MIKE_LOCKE)), *_places(), *turt_hell, ev("activate", unit="A2"),
             dust]  # fmt: skip
    buck = _last(lines, catalog).unit("A1")
    assert (buck.injuries, buck.markers.ap) == (0, -1)


def test_4_19_6_a_turt_hell_gives_no_immune_to_an_allied_turret(catalog, roster) -> None:
    """ "Allied characters gain Immune": Chrissy's Harpooner, placed in A's first turn, is in play
    when Turt Hell starts but is no character (4.19.6.a): her Pilfer (1 AIR) in A's next turn
    still injures it."""
    harpooner = "A2/harpooner-1"
    lines = [
        _header(("s3-dks3-13", "s2-dks2-10"), DUMMIES, HARPOONER),
        *_places(A2="e1"),
        *_turn("A1"),
        *_turn("A2", _cast("Place Harpooner (2)", "e3", "A2")),
        *_turn(harpooner),
        *[TENSION, *_turn("B2"), *_turn("B1"), TENSION],
        *_turn("A1", _cast("Turt Hell", "d2")),
        ev("activate", unit="A2"),
        _cast("Pilfer", "e3", "A2", rolls={"critical": ["lock"]}),
    ]
    assert _last(lines, catalog).unit(harpooner).injuries == 1


# -- Minotoror: a Tofu on the freed cell is no target; Magic Seeds heals every character -------


def _tofu_throwing(roster, *after: dict[str, Any]) -> list[dict[str, Any]]:
    """Minotoror (an inline copy with 9 MP and 9 AP) walks to d8 and throws a Tofu (1 AIR, 1-3
    in line, Pushes 2) at Di Curey (d11). Totor: Minotoror is an allied Minotor himself, so the
    spell Pierces Armour (ruling `totor-allied-minotor`): Di Curey rolls no Armour die."""
    throw = _cast("Tofu Throwing (2)", "d11", rolls={"critical": ["lock"]})
    return _game(roster, "s3-dks3-15", 8, throw, *after, extra=(TOFU,), ap=9)


def test_7_2_3_a_minotoror_tofu_throwing_the_tofu_on_the_freed_cell_is_no_target(catalog, roster):
    """Step 3: Di Curey is pushed to d12 (the board's edge stops the second cell, 7.5.10.b) and
    a Tofu comes on the freed d11. The targets were fixed in Step 2 (7.2.3.a): Di Curey takes
    1 AIR on d12; the Tofu, not a target, rolls no Armour and takes nothing."""
    state = _last(_tofu_throwing(roster), catalog)
    assert _at(state, "B1")[:2] == ("d12", 1)
    assert _at(state, "A1/tofu-1")[:2] == ("d11", 0)


def test_7_2_3_c_minotoror_magic_seeds_heals_every_character_in_range(catalog, roster) -> None:
    """Then Minotoror steps to d9 and casts Magic Seeds (Multiple Targets, 1-3, no line of
    sight) on d12: every character in range is healed of 1, the enemy Di Curey too: 0."""
    seeds = _cast("Magic Seeds", "d12")
    state = _last(_tofu_throwing(roster, ev("move", unit="A1", to="d9"), seeds), catalog)
    assert state.unit("B1").injuries == 0
    assert _at(state, "A1")[2] == 9 - 3 - 4


def test_4_18_5_minotoror_tofu_throwing_nothing_freed_no_tofu(catalog, roster) -> None:
    """From d9 on Di Curey standing on the edge (d12): the Push moves him 0 cells, no cell is
    freed, so no Tofu comes (4.18.5: as much as possible); 1 AIR lands."""
    throw = _cast("Tofu Throwing (2)", "d12", rolls={"critical": ["lock"]})
    lines = _game(roster, "s3-dks3-15", 9, throw, extra=(TOFU,), cells={"B1": "d12", "B2": "f11"})
    state = _last(lines, catalog)
    assert _at(state, "B1")[:2] == ("d12", 1)
    assert not [u for u in state.units if u.summoner == "A1"]


def test_4_9_14_a_minotoror_tofu_throwing_at_unfazed_julith_no_tofu(catalog, roster) -> None:
    """At Julith (Unfazed) on d11: Minotoror's spell cannot move her (4.9.14.a), no cell is
    freed, no Tofu comes; the 1 AIR lands."""
    julith = _inline(roster, "s4-ks4-1", initiative=0)
    throw = _cast("Tofu Throwing (2)", "d11", rolls={"critical": ["lock"]})
    lines = _game(roster, "s3-dks3-15", 8, throw, b=("s4-ks4-1", KO_FANG), extra=(julith, TOFU))
    state = _last(lines, catalog)
    assert _at(state, "B1")[:2] == ("d11", 1)
    assert not [u for u in state.units if u.summoner == "A1"]


def test_4_18_9_royal_tofunator_reaches_minotorors_tofu(catalog, roster) -> None:
    """ "All allied Tofu" means every allied summon named Tofu (4.18.9), whoever summoned it: with
    the Royal Tofu in the team (Initiative 7, after Minotoror), the Tofu Minotoror threw on d11
    rolls 2 Critical dice when it Pecks Di Curey (d12): one success, 1 + 1 = 2 more."""
    mino = _inline(roster, "s3-dks3-15", mp=9)
    head = _header(("s3-dks3-15", ROYAL_TOFU), DUMMIES, mino, TOFU,
                   timeline_ties={"A": ["A1", "A2"]})  # fmt: skip
    throw = _cast("Tofu Throwing (2)", "d11", rolls={"critical": ["lock"]})
    peck = _cast("Peck", "d12", "A1/tofu-1",
                 rolls={"critical": ["critical", "lock"], "armour": {"B1": ["lock"]}})  # fmt: skip
    lines = [head, *_places(A2="e1"), ev("activate", unit="A1"), *_walk("A1", "d", 2, 8), throw,
             ev("end", unit="A1"), ev("activate", unit="A1/tofu-1"), peck]  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 1 + 2


def test_4_19_6_a_minotoror_magic_seeds_heals_no_turret(catalog, roster) -> None:
    """ "Each targeted character is healed": a Turret is a Mechanism, not a character (4.19.6.a).
    B plays first (an inline Chrissy Entrinch of Initiative 10): she places a Harpooner on d9
    and Pilfers it (1 Injury). Minotoror (d2 to d7) casts Magic Seeds on d9: the Harpooner, a
    target, keeps its Injury."""
    chrissy = _inline(roster, "s2-dks2-10", initiative=10)
    seeds = _cast("Magic Seeds", "d9")
    lines = _game(roster, "s3-dks3-15", 7, seeds, b=("s2-dks2-10", KO_FANG),
                  extra=(chrissy, HARPOONER))  # fmt: skip
    harpooner = "B1/harpooner-1"
    b_turn = [
        *_places(first="B"),
        *_turn("B1", _cast("Place Harpooner (2)", "d9", "B1"),
               _cast("Pilfer", "d9", "B1", rolls={"critical": ["lock"]})),
        *_turn(harpooner),
        *_turn("B2"),
        TENSION,
    ]  # fmt: skip
    lines[1:5] = b_turn
    state = _last(lines, catalog)
    assert _at(state, harpooner)[:2] == ("d9", 1)


# -- Kanniball Thierry: Wild Range counts the holder --------------------------------------------


def _snack(roster, ally: str) -> list[dict[str, Any]]:
    """Thierry (d2 to d7) casts Snack (1 EARTH, 2-3 in line, Square, Pierces Armour) on Di Curey
    (d11, 4 cells), Ko-Fang on e12; his ally is `ally`."""
    head = _header(("s3-dks3-4", ally), DUMMIES, _inline(roster, "s3-dks3-4", mp=9),
                   timeline_ties={"A": ["A1", "A2"]})  # fmt: skip
    snack = _cast("Snack", "d11", rolls={"critical": ["lock"]})
    return [head, *_places(B2="e12"), ev("activate", unit="A1"), *_walk("A1", "d", 2, 7), snack]


def test_4_4_3_kanniball_thierry_wild_range_with_kanniball_archer(catalog, roster) -> None:
    """With Kanniball Archer, 2 Wild allies (Thierry counts, 4.4.3): +1 max Range, Snack
    reaches 4; the Square hits Ko-Fang too: 1 each, no Armour die (1 - 1)."""
    state = _last(_snack(roster, "s3-dks3-1"), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 1)


def test_7_1_5_kanniball_thierry_one_wild_ally_is_not_two(catalog, roster) -> None:
    """With Mike Locke (no Wild): Thierry is 1 Wild ally, no bonus: 4 cells is out of range."""
    lines = _snack(roster, MIKE_LOCKE)
    assert _error(lines, catalog) == (len(lines), "7.1.5")


# -- Dreggons: spells that name the Immature Dreggon --------------------------------------------


def _nag(roster, *events: dict[str, Any]) -> list[dict[str, Any]]:
    """Dragossiper the Nag lays an Immature Dreggon towards d3 (Moves 1 closer into the empty
    cell, the Dreggon on the freed d2), walks to d5, then the events."""
    lay = _cast("Lay Immature Dreggon (1)", "d3")
    walk = [ev("move", unit="A1", to="d4"), ev("move", unit="A1", to="d5")]
    return _game(roster, "s3-dks3-8", 2, lay, *walk, *events, extra=(IMMATURE_DREGGON,), mp=3)


def test_7_2_4_dragossiper_pampering_switches_with_her_dreggon_3_cells_away(catalog, roster):
    """Pampering (3 AP, 1-3, no line of sight) on the Dreggon (d2): they switch, the Nag on d2,
    the Dreggon on d5; 7 - 3 - 3 = 1 AP."""
    state = _last(_nag(roster, _cast("Pampering", "d2")), catalog)
    assert _at(state, "A1")[:3] == ("d2", 0, 1)
    assert _at(state, "A1/immature-dreggon-1")[0] == "d5"


def test_7_1_2_dragossiper_pampering_needs_an_immature_dreggon(catalog, roster) -> None:
    """Pampering on Mike Locke (f1, 3 cells away): the spell switches with "target IMMATURE
    DREGGON" and with nothing else: refused (7.1.2)."""
    lines = _game(roster, "s3-dks3-8", 2, _cast("Pampering", "f1"), mp=3)
    assert _error(lines, catalog) == (len(lines), "7.1.2")


def test_4_18_5_dragossiper_lay_towards_an_occupied_cell_lays_nothing(catalog, roster) -> None:
    """Lay Immature Dreggon on Mike Locke's c2, next to her: she cannot move closer, so there is
    no cell she "moved from" and no Dreggon comes (4.18.5); 7 - 3 = 4 AP."""
    lines = _game(roster, "s3-dks3-8", 2, _cast("Lay Immature Dreggon (1)", "c2"),
                  extra=(IMMATURE_DREGGON,), cells={"A2": "c2"}, mp=3)  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1") == ("d2", 0, 4, 3)
    assert not [u for u in state.units if u.summoner == "A1"]


def test_7_5_10_a_dragostess_dragorlotage_pushes_her_dreggon_two_cells(catalog, roster) -> None:
    """Dragostess (d2 to d4) lays a Dreggon towards d5 (she goes to d5, the Dreggon on d4),
    steps e5, e4 and casts Dragorlotage (Pushes 2 the target Immature Dreggon) on d4: pushed
    away from her, c4 then b4. 6 - 3 - 3 = 0 AP, 0 MP."""
    lay = _cast("Lay Immature Dreggon (1)", "d5")
    steps = [ev("move", unit="A1", to="e5"), ev("move", unit="A1", to="e4")]
    lines = _game(roster, "s3-dks3-9", 4, lay, *steps, _cast("Dragorlotage", "d4"),
                  extra=(IMMATURE_DREGGON,), mp=4)  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1/immature-dreggon-1")[0] == "b4"
    assert _at(state, "A1") == ("e4", 0, 0, 0)


def test_7_2_5_b_dragostess_dragostessing_agility_two_dice_then_attract(catalog, roster) -> None:
    """Dragostessing (1 AIR, 1-6 in line, Attracts 1) from d5 on Di Curey: Agility rolls 2
    Critical dice for an AIR spell (7.2.5.b), one success: 1 + 1 = 2; Di Curey comes to d10."""
    rolls = {"critical": ["critical", "lock"], "armour": {"B1": ["lock"]}}
    state = _last(
        _game(roster, "s3-dks3-9", 5, _cast("Dragostessing", "d11", rolls=rolls)), catalog
    )
    assert _at(state, "B1")[:2] == ("d10", 2)


# -- Royal Tofu: Royal Tofunator reaches his Tofu ------------------------------------------------


def _royal_tofu(critical: list[str]) -> list[dict[str, Any]]:
    """The Royal Tofu (d2 to d9) puts a Tofu on d10; in its turn the Tofu Pecks Di Curey (d11)."""
    peck = _cast("Peck", "d11", "A1/tofu-1",
                 rolls={"critical": critical, "armour": {"B1": ["lock"]}})  # fmt: skip
    return [
        ev("cast", unit="A1", spell="Royal Summons: Tofu (4)", target="d10"),
        ev("end", unit="A1"),
        ev("activate", unit="A1/tofu-1"),
        peck,
    ]


def test_4_18_9_royal_tofu_royal_tofunator_gives_his_tofu_critical_hit(catalog, roster) -> None:
    """While the Royal Tofu is in play, allied Tofu have Critical Hit: the Tofu rolls 2 Critical
    dice (7.2.5.b), one success: 1 + 1 = 2 Injuries."""
    lines = _game(roster, ROYAL_TOFU, 9, *_royal_tofu(["critical", "lock"]), extra=(TOFU,))
    assert _last(lines, catalog).unit("B1").injuries == 2


def test_4_9_3_royal_tofu_his_tofu_rolling_one_die_is_refused(catalog, roster) -> None:
    """The same log with one Critical die for the Tofu: it must roll two (7.2.5.b); the die
    missing is the one Critical Hit adds (4.9.3), the rule cited (round 5)."""
    lines = _game(roster, ROYAL_TOFU, 9, *_royal_tofu(["critical"]), extra=(TOFU,))
    assert _error(lines, catalog) == (len(lines), "4.9.3.a")


# -- Friar Tubs: a Staff, and a heal with a Square around himself ------------------------------


def _tubs(*after: dict[str, Any]) -> list[dict[str, Any]]:
    """Friar Tubs (d2 to d9) casts Sceptricism (2 EARTH, 1-2 in line, Staff) on Di Curey (d11);
    Ko-Fang on e11."""
    return [_cast("Sceptricism", "d11", rolls=_rolls("B1", "B2")), *after]


def test_4_16_3_friar_tubs_sceptricism_staff_hits_the_side_cell(catalog, roster) -> None:
    """The Staff adds the cells left and right of the target (c11, e11): 2 and 2."""
    state = _last(_game(roster, "s4-cpk-15", 9, *_tubs(), cells={"B2": "e11"}), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 2)


def test_7_3_friar_tubs_sharpening_heals_and_marks_every_unit_in_the_square(catalog, roster):
    """Then Tubs steps to d10 and casts Sharpening (a heal of 1 on himself, Square, +1 MP): a
    Healing spell heals every target, enemies too (7.3.2): Di Curey and Ko-Fang 2 - 1 = 1; every
    target, Tubs included, gets a +1 MP marker (7.5.1.a), not MP now. 7 - 4 - 3 = 0 AP."""
    sharpening = _cast("Sharpening", "d10", rolls={"critical": ["lock"]})
    lines = _game(roster, "s4-cpk-15", 9, *_tubs(ev("move", unit="A1", to="d10"), sharpening),
                  cells={"B2": "e11"})  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 1)
    assert [state.unit(u).markers.mp for u in ("A1", "B1", "B2")] == [1, 1, 1]
    assert _at(state, "A1")[2:] == (0, 9 - 8)


# -- The Nun: Tombstones, Profanation, Pressure Buttomb ----------------------------------------


def _fatebook(roster, *events: dict[str, Any], **fields: Any) -> list[dict[str, Any]]:
    """The Nun (d2; Mike Locke on c2, next to her) casts Fatebook (4) on d5 (exactly 3, in line)."""
    book = _cast("Fatebook (4)", "d5", **fields)
    return _game(roster, "s4-cpk-4", 2, book, *events, extra=(TOMBSTONE,), cells={"A2": "c2"}, mp=2)


def test_4_19_8_c_the_nun_fatebook_onto_her_tombstone_profanation(catalog, roster) -> None:
    """A Tombstone on d5, then the Nun moves onto it (a free cell, 4.19.8.b): a Krosmaster moved
    onto a Tombstone puts an Injury on it (Profanation, 4.19.8.c). 8 - 2 = 6 AP, MP unspent."""
    state = _last(_fatebook(roster), catalog)
    assert _at(state, "A1") == ("d5", 0, 6, 2)
    assert _at(state, "A1/tombstone-1")[:2] == ("d5", 1)


def test_4_18_2_c_the_nun_fatebook_moves_the_chosen_adjacent_ally(catalog, roster) -> None:
    """With `unit:A2`: Mike Locke, next to her, goes onto the Tombstone instead (4.18.2.c, its
    own example); the Nun stays on d2."""
    state = _last(_fatebook(roster, choices=["unit:A2"]), catalog)
    assert (_at(state, "A1")[0], _at(state, "A2")[0]) == ("d2", "d5")
    assert state.unit("A1/tombstone-1").injuries == 1


def test_7_5_19_the_nun_pressure_buttomb_gains_now_for_each_tombstone(catalog, roster) -> None:
    """Pressure Buttomb (0 AP): her Tombstone is knocked out, and she "immediately gains" +1 MP
    and +1 AP (7.5.18-7.5.19: in her gauges): 7 AP, 3 MP. A summon gives no GG (4.19.1.c); no
    Tombstone is left for Cryptophilia at the end of her turn, so the next piece may play."""
    buttomb = _cast("Pressure Buttomb", "d5")
    state = _last(_fatebook(roster, buttomb), catalog)
    assert _at(state, "A1") == ("d5", 0, 7, 3)
    assert state.unit("A1/tombstone-1").cell is None
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (6, 6)
    _last(_fatebook(roster, buttomb, ev("end", unit="A1"), ev("activate", unit="A2")), catalog)


# -- Julith, Bakara: Breath, her own move, Krosmasters only -------------------------------------


def test_4_16_3_julith_hupperkap_breath_plus_one_on_the_main_target(catalog, roster) -> None:
    """Hupperkap (1 AIR, melee, Breath) from d10 on Di Curey: the cone behind d11 (c12, d12,
    e12) holds Ko-Fang on e12. Critical Hit: 2 dice. 1 + 1 (the main target) = 2, and 1."""
    kap = _cast("Hupperkap", "d11", rolls=_rolls("B1", "B2", critical=2))
    state = _last(_game(roster, "s4-ks4-1", 10, kap, cells={"B2": "e12"}), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 1)


def test_4_9_14_a_julith_escapade_moves_her_though_she_is_unfazed(catalog, roster) -> None:
    """Escapade (1 AP, 1-2, no line of sight) on d4: her own spell moves her (Unfazed stops only
    the spells and powers of others, 4.9.14.a): d4, 6 AP, 3 MP; a second one refused (7.1.3.a)."""
    escape = _cast("Escapade", "d4")
    assert _at(_last(_game(roster, "s4-ks4-1", 2, escape, mp=3), catalog), "A1") == ("d4", 0, 6, 3)
    lines = _game(roster, "s4-ks4-1", 2, escape, _cast("Escapade", "d5"), mp=3)
    assert _error(lines, catalog) == (len(lines), "7.1.3.a")


def test_7_5_4_a_grampy_protector_gahfeld_minus_two_ap_markers(catalog, roster) -> None:
    """Gahfeld (1 WATER, 2-3, Steals Health, -2 AP) from d8 on Di Curey: 1 Injury, two -1 AP
    markers; Grampy has no Injury to heal."""
    gahfeld = _cast("Gahfeld", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s4-ks4-4", 8, gahfeld), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (1, -2)
    assert state.unit("A1").injuries == 0


def test_4_19_6_a_grampy_protector_gahfeld_no_ap_markers_on_a_turret(catalog, roster) -> None:
    """ "-2 AP to targeted character": a Turret is not a character (4.19.6.a), so Gahfeld from d7
    on B's Harpooner (d9; B plays first, an inline Chrissy Entrinch of Initiative 10 places it)
    deals its 1 WATER and puts no marker. Found by this audit: the engine read "character" as
    any target and put two -1 AP markers on the Harpooner."""
    chrissy = _inline(roster, "s2-dks2-10", initiative=10)
    harpooner = "B1/harpooner-1"
    gahfeld = _cast("Gahfeld", "d9", rolls=_rolls(harpooner))
    lines = _game(roster, "s4-ks4-4", 7, gahfeld, b=("s2-dks2-10", KO_FANG),
                  extra=(chrissy, HARPOONER))  # fmt: skip
    lines[1:5] = [
        *_places(first="B"),
        *_turn("B1", _cast("Place Harpooner (2)", "d9", "B1")),
        *_turn(harpooner),
        *_turn("B2"),
        TENSION,
    ]
    turret = _last(lines, catalog).unit(harpooner)
    assert (turret.injuries, turret.markers.ap) == (1, 0)


def test_7_2_4_grampy_protector_nunchacoup_switches_with_a_krosmaster(catalog, roster) -> None:
    """Nunchacoup (1 EARTH, 1-3 in line) from d8 on Di Curey: they switch in Step 3 (Grampy d11,
    Di Curey d8), then 1 Injury on Di Curey."""
    nunchacoup = _cast("Nunchacoup", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s4-ks4-4", 8, nunchacoup), catalog)
    assert (_at(state, "A1")[0], _at(state, "B1")[:2]) == ("d11", ("d8", 1))


def _nunchacoup_fleeflee(roster, reading: str) -> list[dict[str, Any]]:
    """Grampy (d2) puts his Fleeflee on d3 and casts Nunchacoup on it, under `switch-target`."""
    fleeflee = "A1/fleeflee-1"
    summon = _cast("Summoning of Fleeflee (1)", "d3")
    hit = _cast("Nunchacoup", "d3", rolls=_rolls(fleeflee))
    return _game(roster, "s4-ks4-4", 2, summon, hit, extra=(FLEEFLEE,),
                 header={"rulings": {"switch-target": reading}})  # fmt: skip


def test_7_1_7_grampy_protector_nunchacoup_on_his_fleeflee_required(catalog, roster) -> None:
    """ "Switches position with the targeted Krosmaster" read as a prerequisite (ruling
    `switch-target: required`, the default): a Fleeflee is no Krosmaster, the cast is refused
    (7.1.2)."""
    lines = _nunchacoup_fleeflee(roster, "required")
    assert _error(lines, catalog) == (len(lines), "7.1.2")


def test_7_2_4_c_grampy_protector_nunchacoup_on_his_fleeflee_effect_only(catalog, roster) -> None:
    """Read as a limit on the switch only (`effect-only`, 7.2.4.c): 1 EARTH on the Fleeflee,
    nobody switched."""
    state = _last(_nunchacoup_fleeflee(roster, "effect-only"), catalog)
    assert (_at(state, "A1")[0], _at(state, "A1/fleeflee-1")[:2]) == ("d2", ("d3", 1))


def test_7_5_20_a_bakara_hupperkut_retreats_and_marks_a_krosmaster(catalog, roster) -> None:
    """HupperKut (2 WATER, melee, Retreats 1, -1 MP to targeted Krosmaster) from d10 on Di
    Curey: 2 Injuries and a -1 MP marker; Bakara retreats to d9."""
    kut = _cast("HupperKut", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s4-ks4-8", 10, kut), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (2, -1)
    assert _at(state, "A1")[0] == "d9"


def test_7_2_4_c_bakara_hupperkut_no_mp_marker_on_a_mob(catalog, roster) -> None:
    """The Mint King (Initiative 9) puts a Mint Jelly on d4; Bakara (f1 to e4) HupperKuts it: 2
    Injuries, Bakara retreats to f4, and no -1 MP marker: the Jelly is no Krosmaster."""
    head = _header(("s5-wild-12", "s4-ks4-8"), DUMMIES, _inline(roster, "s4-ks4-8", mp=9),
                   MINT_JELLY)  # fmt: skip
    kut = _cast("HupperKut", "d4", "A2", rolls=_rolls("A1/mint-jelly-1"))
    lines = [
        head,
        *_places(),
        *_turn("A1", _cast("Invocation Menthe (2)", "d4")),
        *_turn("A1/mint-jelly-1"),
        ev("activate", unit="A2"),
        *_walk("A2", "f", 1, 4),
        ev("move", unit="A2", to="e4"),
        kut,
    ]
    state = _last(lines, catalog)
    jelly = state.unit("A1/mint-jelly-1")
    assert (jelly.injuries, jelly.markers.mp, _at(state, "A2")[0]) == (2, 0, "f4")


# -- Maskemane - Psychopath: a Shovel, and an Injury cost that knocks him out -------------------


def test_4_16_3_maskemane_psychopath_delirium_shovel_and_its_cost(catalog, roster) -> None:
    """Delirium (1 HP + 5 AP, 2 EARTH, melee, Shovel) from d10 on Di Curey, Ko-Fang behind on
    d12: 2 and 2; Maskemane places 1 Injury for the cost (7.2.2.a)."""
    delirium = _cast("Delirium", "d11", rolls=_rolls("B1", "B2"))
    state = _last(_game(roster, "s4-oav-5", 10, delirium, cells={"B2": "d12"}), catalog)
    assert [state.unit(u).injuries for u in ("A1", "B1", "B2")] == [1, 2, 2]


def test_7_2_2_b_maskemane_psychopath_knocked_out_by_the_cost_delirium_resolves(catalog, roster):
    """A 1 HP Maskemane can take the 1 Injury (7.1.4.c): KO'd at the end of Step 1, B takes the
    Wild GG (Level 1), nobody wins, and the spell resolves normally (7.2.2.b): 2 and 2."""
    delirium = _cast("Delirium", "d11", rolls=_rolls("B1", "B2"))
    lines = _game(roster, "s4-oav-5", 10, delirium, cells={"B2": "d12"}, hp=1)
    state = _last(lines, catalog)
    assert state.unit("A1").cell is None and _stock(state, "B")[0] == 7
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 2)


# -- Gobbowlers: an allied Gobbowl Ball moved, then the opponents next to it -------------------


def test_7_2_3_a_fabine_berthaz_disengage_the_ball_moves_the_opponent_suffers(catalog, roster):
    """Fabine (d2 to d7) puts a Gobbowl Ball on d8 and casts Disengage (1 WATER, 3-4) on the
    free d10 (the Ball blocks no sight, 4.19.1.g): the adjacent allied Ball goes to d10, and Di
    Curey, next to it, gets -1 AP and 1 Injury. The targeted cell held nobody in Step 2: the
    Ball that arrives is no target of the WATER damage (7.2.3.a). 6 - 2 - 4 = 0 AP."""
    ball = "A1/gobbowl-ball-1"
    disengage = _cast("Disengage", "d10", rolls={"critical": ["lock", "lock"]},
                      choices=[f"unit:{ball}"])  # fmt: skip
    lines = _game(roster, "s5-bouf-3", 7, _cast("New Gobbowl Ball (1)", "d8"), disengage,
                  extra=(GOBBOWL_BALL,))  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, ball)[:2] == ("d10", 0)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (1, -1)


def test_7_2_4_e_franky_bery_shoot_then_the_opponents_next_to_the_pushed_ball(catalog, roster):
    """Franky (d2 to d7) puts a Ball on d8 and Shoots it (1 EARTH, melee): Pushes 2 first (d10,
    next to Di Curey), then 2 Injuries on the opponents adjacent to the Ball where it now is
    (7.2.4.e: printed order); the Ball, the target, takes 1. 7 - 2 - 3 = 2 AP."""
    ball = "A1/gobbowl-ball-1"
    shoot = _cast("Shoot", "d8", rolls=_rolls(ball))
    lines = _game(roster, "s5-bouf-4", 7, _cast("New Gobbowl Ball (1)", "d8"), shoot,
                  extra=(GOBBOWL_BALL,))  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, ball)[:2] == ("d10", 1)
    assert state.unit("B1").injuries == 2 and _at(state, "A1")[2] == 2


def test_7_2_4_franky_bery_dribble_to_a_cell_next_to_his_ball(catalog, roster) -> None:
    """A Ball on d4, then Dribble (1 AP, 1-2, no line of sight) on it with `cell:e4`: Franky
    there, MP unspent: 7 - 2 - 1 = 4 AP, 3 MP."""
    dribble = _cast("Dribble", "d4", choices=["cell:e4"])
    lines = _game(roster, "s5-bouf-4", 2, _cast("New Gobbowl Ball (1)", "d4"), dribble,
                  extra=(GOBBOWL_BALL,), mp=3)  # fmt: skip
    assert _at(_last(lines, catalog), "A1") == ("e4", 0, 4, 3)


# -- Mint King: Mintetized --------------------------------------------------------------------


def test_4_18_3_a_mint_king_mintetized_into_the_cell_his_jelly_freed(catalog, roster) -> None:
    """The King steps to d3 and puts a Mint Jelly on d4; in its turn the Jelly walks to d5 with
    its MP: a Krosmaster who was next to it (the King) is moved to the freed d4 (`unit:A1`)."""
    jelly = "A1/mint-jelly-1"
    lines = _game(roster, "s5-wild-12", 3, _cast("Invocation Menthe (2)", "d4"),
                  ev("end", unit="A1"), ev("activate", unit=jelly),
                  ev("move", unit=jelly, to="d5"),
                  ev("resolve", source="mintetized:A1", choices=["unit:A1"]),
                  extra=(MINT_JELLY,))  # fmt: skip
    state = _last(lines, catalog)
    assert (_at(state, "A1")[0], _at(state, jelly)[0]) == ("d4", "d5")


def test_4_18_5_mint_king_mintetized_nobody_next_to_the_jelly(catalog, roster) -> None:
    """The King stays on d2 and puts a Mint Jelly on d4; the Jelly walks to d5, then d6, with no
    Krosmaster next to the cells it leaves: nobody to move (4.18.5), nothing waits for the log.
    Found by this audit: each step left Mintetized on standby asking for a unit among none, so
    the Jelly's next step was refused (7.2.1.a) and no `resolve` could be written."""
    jelly = "A1/mint-jelly-1"
    steps = [ev("move", unit=jelly, to="d5"), ev("move", unit=jelly, to="d6")]
    lines = _game(roster, "s5-wild-12", 2, _cast("Invocation Menthe (2)", "d4"),
                  ev("end", unit="A1"), ev("activate", unit=jelly), *steps, ev("end", unit=jelly),
                  extra=(MINT_JELLY,))  # fmt: skip
    state = _last(lines, catalog)
    assert (_at(state, "A1")[0], _at(state, jelly)[0]) == ("d2", "d6")


def test_4_18_3_e_mint_king_mintetized_on_unfazed_julith_she_stays(catalog) -> None:
    """The King (e1) puts a Mint Jelly on d1, next to Julith (d2, Unfazed) and himself; the
    Jelly steps to c1 and the player chooses Julith: the choice is made without checking
    (4.18.3.e), and a power not hers cannot move her (4.9.14.a): she stays on d2, and the trace
    says so. Found by this audit: the trace said she moved to d1."""
    jelly = "A2/mint-jelly-1"
    lines = [
        _header(("s4-ks4-1", "s5-wild-12"), DUMMIES, MINT_JELLY),
        *_places(A1="d2", A2="e1"),
        *_turn("A1"),
        *_turn("A2", _cast("Invocation Menthe (2)", "d1", "A2")),
        ev("activate", unit=jelly),
        ev("move", unit=jelly, to="c1"),
        ev("resolve", source="mintetized:A2", choices=["unit:A1"]),
    ]
    report = verify(lines, catalog)
    assert _at(report.states[-1], "A1")[0] == "d2"
    assert [s.rule for s in trace(report, len(lines)).steps] == ["4.9.14"]


# -- Emily O'Nair: the control value X is the one of the cast --------------------------------


def test_4_19_9_c_emily_onair_reaping_1_a_second_cast_hits_without_a_reaper(catalog, roster):
    """Emily picks up the Kama on d3 (1 AP), pays it for Come to Mama... (X = 1: Reaping (1)
    this turn), walks to d8 and Reaps Di Curey twice (1 WATER, 2-4; Critical Hit: 2 dice): a
    Reaper next to him (d10) the first time; the second time the control value 1 is reached, so
    the spell only hits (4.19.9.c): 2 Injuries, one Reaper. The log still names a cell for the
    second Reaper: a choice is made without checking that the effect can apply (4.18.3.e).
    11 - 1 - 5 - 5 = 0 AP."""
    reap = _cast("Reaping (0)", "d11", rolls=_rolls("B1", critical=2))
    lines = _game(
        roster, "s6-botf-4", 3,
        ev("pick_kama", unit="A1"),
        _cast("Come to Mama...", "d3", choices=["x:1"]),
        *_walk("A1", "d", 3, 8),
        {**reap, "choices": ["cell:d10"]},
        {**reap, "choices": ["cell:c11"]},
        extra=(REAPER,), ap=11,
    )  # fmt: skip
    lines[0]["arena"]["kamas"] = {"d3": 1}
    state = _last(lines, catalog)
    reapers = [u.cell.name for u in state.units if u.summoner == "A1" and u.cell]
    assert (state.unit("B1").injuries, reapers, state.unit("A1").ap) == (2, ["d10"], 0)


def test_4_19_6_a_emily_onair_reaping_a_turret_asks_for_no_cell(catalog, roster) -> None:
    """Reaping (0) puts a Reaper "adjacent to a targeted character": on Chrissy Entrinch's
    Harpooner (e3, placed first; a Turret is no character, 4.19.6.a) it deals its 1 WATER and no
    cell is asked of the log (none could be chosen)."""
    harpooner = "A2/harpooner-1"
    head = _header(("s6-botf-4", "s2-dks2-10"), DUMMIES, HARPOONER, REAPER,
                   timeline_ties={"A": ["A2", "A1"]})  # fmt: skip
    reap = _cast("Reaping (0)", "e3", rolls=_rolls(harpooner, critical=2))
    lines = [head, *_places(A2="e1"), *_turn("A2", _cast("Place Harpooner (2)", "e3", "A2")),
             *_turn(harpooner), ev("activate", unit="A1"), reap]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit(harpooner).injuries == 1
    assert not [u for u in state.units if u.summoner == "A1"]


# -- Anesthesia: markers without line of sight, AIR Resistance --------------------------------


def test_7_5_4_anesthesia_disorientation_markers_without_sight(catalog, roster) -> None:
    """Disorientation (5 AP, 3-4, no line of sight) from d8 on Ko-Fang (d12), behind Di Curey
    (d11): legal without sight (7.1.6.a); -1 AP and -1 MP markers, no roll (a Special spell,
    7.4.2)."""
    lines = _game(roster, "s6-botf-5", 8, _cast("Disorientation", "d12"), cells={"B2": "d12"})
    marks = _last(lines, catalog).unit("B2").markers
    assert (marks.ap, marks.mp) == (-1, -1)


def test_4_9_7_a_anesthesia_air_resistance_against_wounding_word(catalog, roster) -> None:
    """Anesthesia ends her turn on d8; in B's turn Di Curey's Wounding Word (1 AIR, 1-3) on her:
    1 - 1 (AIR Resistance) = 0, no Injury."""
    word = _cast("Wounding Word", "d8", "B1", rolls=_rolls("A1"))
    lines = _game(roster, "s6-botf-5", 8, ev("end", unit="A1"), *_turn("A2"), TENSION,
                  *_turn("B2"), ev("activate", unit="B1"), word)  # fmt: skip
    assert _last(lines, catalog).unit("A1").injuries == 0


# -- The Boss Type no longer exists (1.1.1.g) ---------------------------------------------------


@pytest.mark.parametrize(("reading", "injuries"), [("not-printed", 1), ("printed", 2)])
def test_1_1_1_g_percedal_slap_on_the_royal_tofu_no_boss_bonus(catalog, roster, reading, injuries):
    """Percedal - Percylax (d2 to d10) Slaps the Royal Tofu (Boss printed on its card; Strength:
    2 Critical dice): "+1 EARTH extra on Bosses" no longer applies, the Boss Type being
    considered as not printed (1.1.1.g): 1 Injury. Under `boss-type: printed` (the example of
    2.2.2 reads it so): 2."""
    tofu = _inline(roster, ROYAL_TOFU, initiative=0)
    slap = _cast("Slap", "d11", rolls=_rolls("B1", critical=2))
    lines = _game(roster, "s2-exf2-6", 10, slap, b=(ROYAL_TOFU, KO_FANG), extra=(tofu,),
                  header={"rulings": {"boss-type": reading}})  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == injuries


# -- The Grenado and the Sinistro, built as what they are -------------------------------------


def test_4_19_5_c_boo_ming_grenado_explodes_into_its_square(catalog, roster) -> None:
    """Boo Ming (d2 to d8) throws a Grenado on d10 (1-3, no sight). At the start of his next
    turn it suffers 1 Damage, is KO'd and explodes (4.19.5.c): the Square around d10 holds Di
    Curey (d11): 1 FIRE; the Grenado has left the arena."""
    boo = _inline(roster, "s1-dks1-1", mp=9)
    head = _header(("s1-dks1-1", MIKE_LOCKE), DUMMIES, boo, GRENADO,
                   timeline_ties={"A": ["A1", "A2"]})  # fmt: skip
    lines = [
        head,
        *_places(),
        *_turn("A1", *_walk("A1", "d", 2, 8), _cast("Grenado Throw (2)", "d10")),
        *_turn("A1/grenado-1"),
        *_turn("A2"),
        TENSION,
        *_turn("B2"),
        *_turn("B1"),
        TENSION,
        ev("activate", unit="A1"),
        ev("resolve", source="explosion:A1/grenado-1", rolls=_rolls("B1")),
    ]
    state = _last(lines, catalog)
    assert state.unit("A1/grenado-1").cell is None
    assert state.unit("B1").injuries == 1


def test_4_10_6_b_count_harebourg_pendulum_when_ko_fang_hurts_his_sinistro(catalog, roster):
    """Harebourg (d2 to d8) calls a Sinistro on d9. In B's turn Ko-Fang (f12 to f10) casts
    Smithereens (1 EARTH, 2-3, +2 if the targeted opponent has no Injury) on it: 3 Injuries.
    Pendulum: an opposing Krosmaster injured an allied Sinistro, so Harebourg suffers 1 and
    gains +1 AP, a marker outside his turn (4.11.4)."""
    harebourg = _inline(roster, "s1-frig-1", mp=9)
    head = _header(("s1-frig-1", MIKE_LOCKE), DUMMIES, harebourg, SINISTRO)
    smithereens = _cast("Smithereens", "d9", "B2", rolls=_rolls("A1/sinistro-1"))
    lines = [
        head,
        *_places(),
        *_turn("A1", *_walk("A1", "d", 2, 8), _cast("Call of the Sinistro (3)", "d9")),
        *_turn("A1/sinistro-1"),
        *_turn("A2"),
        TENSION,
        ev("activate", unit="B2"),
        *_walk("B2", "f", 12, 10),
        smithereens,
    ]
    state = _last(lines, catalog)
    assert state.unit("A1/sinistro-1").injuries == 3
    assert (state.unit("A1").injuries, state.unit("A1").markers.ap) == (1, 1)
