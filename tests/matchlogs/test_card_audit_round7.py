"""Card audit, round 7 (session 12): the roster ids no earlier card audit names. Most are Eternal
reprints (or the first prints of audited Eternal cards): each test here exercises a bar whose
numbers or wording differ from the audited print (range, cost, limit, element, "extra damage",
"the targeted allied character", "Put ... into play in the targeted free cell"), and the
summoners of Traps and Dolls with inline tokens (4.19.7, 4.19.2.h, 4.19.4).

Each outcome was worked out by hand from the card text and the 4.1 rules it relies on before
the engine was run (docs/rules-examples.md, "Card audit round 7 (session 12)").
"""

from __future__ import annotations

from typing import Any

from tests.matchlogs.audit import spell
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
    TENSION,
    _at,
    _cast,
    _error,
    _game,
    _header,
    _hit,
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
HEAL = {"rolls": {"critical": ["lock"]}}
LUMINO = "s1-multi-1"  # a Vigilante and a Multiman, Initiative 6
TRANK = "s1-multi-4"  # a Vigilante
EVANGELYNE = "s1-exf-3"  # Brotherhood of the Tofu, Initiative 8
FRAKTOR, FRAKTOR_ETERNAL = "s1-dks1-15", "s1-et1-32"

# Tokens the roster lacks (4.19.3): only what each scenario reads. A Lethal Trap is a Trap by its
# name (4.19.2.b: a Mechanism without HP, AP or MP) with a Click of the audit's: 2 EARTH. The
# Dolls are Mobs (they have MP, 4.19.1.f) of the Doll family by their names (4.19.2.h).
CLICK = spell("Click", kind="self", element="earth", damage=2, cost={})
LETHAL_TRAP = token(
    "token-lethal-trap", "Lethal Trap", "s1", mp=None, ap=None, hp=None, spells=[CLICK]
)
MADOLL = token("token-madoll", "Madoll", "s1", hp=2)
BLOCK_DOLL = token("token-block-doll", "Block Doll", "s1", hp=3, ap=0, spells=[])
SACRIFICIAL_DOLL = token("token-sacrificial-doll", "Sacrificial Doll", "s1", hp=3)
EXPLOSION = spell(
    "Explosion", kind="self", element="water", cost={}, effects='"Square" area of effect.'
)
WATER_BOMB = token("token-water-bomb", "Water Bomb", "s1", mp=None, ap=None, spells=[EXPLOSION])
FIREBOMB = token("token-firebomb", "Firebomb", "s1", mp=None, ap=None, spells=[EXPLOSION])
TOFU = token("token-tofu", "Tofu", "s1", bite="Peck", element="air", hp=2)
GOBBALL = token("token-gobball", "Gobball", "s1")  # a Gobball by its name (4.19.2.e)


# -- Ranges, costs, limits and elements that differ from the audited print --------------------


def test_7_1_5_lil_healey_healing_word_range_zero_reaches_himself(catalog, roster) -> None:
    """The first Healing Word (3 AP, heal 1, range 0-3) may target Lil Healey's own cell; the
    Eternal one (1-4) may not (7.1.5). The first print has no per-target limit: twice on Di
    Curey from d8 is cast (6 AP)."""
    _last(_game(roster, "s1-dks1-10", 2, _cast("Healing Word", "d2", **HEAL)), catalog)
    lines = _game(roster, "s1-et1-9", 2, _cast("Healing Word", "d2", **HEAL))
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    twice = [_cast("Healing Word", "d11", **HEAL)] * 2
    assert _at(_last(_game(roster, "s1-dks1-10", 8, *twice), catalog), "A1")[2] == 0


def test_7_1_5_oscar_kass_deviousness_range_two_no_damage_no_kama(catalog, roster) -> None:
    """The first Deviousness (0 EARTH, 2-3, Pierces Armour; no Steal) from d9: Di Curey takes 0
    and no Kama changes hands; no Armour die (7.2.6.c). The Eternal one (min range 3) from d9
    is out of range (7.1.5)."""
    base = _last(_game(roster, "s1-dks1-14", 9), catalog)
    devious = _cast("Deviousness", "d11", rolls={"critical": ["lock"]})
    state = _last(_game(roster, "s1-dks1-14", 9, devious), catalog)
    assert state.unit("B1").injuries == 0
    assert (_stock(state, "A"), _stock(state, "B")) == (_stock(base, "A"), _stock(base, "B"))
    lines = _game(roster, "s1-et1-12", 9, _hit("Deviousness"))
    assert _error(lines, catalog) == (len(lines), "7.1.5")


def _coa_first(roster) -> list[dict[str, Any]]:
    """The first Coa Gulary and Mike Locke pass; Di Curey (9 MP) walks to d7; in A's next turn
    Coa walks to d6 (her own half, 4.20.1) and casts Punishment on her."""
    coa, curey = _inline(roster, "s1-dks1-16", mp=9), _inline(roster, DI_CUREY, mp=9)
    head = _header(("s1-dks1-16", MIKE_LOCKE), DUMMIES, coa, curey)
    return [
        head, *_places(), *_turn("A1"), *_turn("A2"), TENSION, *_turn("B2"),
        *_turn("B1", *_walk("B1", "d", 11, 7)), TENSION, ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 6), _hit("Punishment", "d7"),
    ]  # fmt: skip


def test_7_2_2_coa_gulary_first_punishment_three_fire_anywhere(catalog, roster) -> None:
    """The first Punishment (1 Injury + 5 AP, 3 FIRE, no condition) from d6 in Coa's own half:
    3 Injuries on Di Curey, 1 on Coa (the cost, 7.2.2). The Eternal card dealt 1 there."""
    state = _last(_coa_first(roster), catalog)
    assert (state.unit("B1").injuries, state.unit("A1").injuries) == (3, 1)


def test_7_5_11_bad_aboum_retreat_shot_and_two_water_bombs(catalog, roster) -> None:
    """Retreat Shot (3 AP, 1 WATER, 1-3 in line, Retreats 1) from d8: 1 Injury, Bad Aboum on
    d7. Water Bomb Throw (2) (3 AP, 1-3, no sight needed), both prints: two Water Bombs (d9, e8),
    a Bomb each by its name (4.19.2.a); the control value is 2 (4.19.9.c)."""
    state = _last(_game(roster, "s1-dks1-2", 8, _hit("Retreat Shot")), catalog)
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d7", 1)
    for pid in ("s1-dks1-2", "s1-et1-10"):
        bombs = (_cast("Water Bomb Throw (2)", "d9"), _cast("Water Bomb Throw (2)", "e8"))
        state = _last(_game(roster, pid, 8, *bombs, extra=(WATER_BOMB,)), catalog)
        assert [_at(state, f"A1/water-bomb-{n}")[0] for n in (1, 2)] == ["d9", "e8"]
        assert "bomb" in state.unit("A1/water-bomb-1").profile.families


def test_7_5_makum_bah_sylvan_power_loses_everything_on_the_first_print(catalog, roster) -> None:
    """Sylvan Power (2 AP, heals Makum Bah by 2, once per turn): the first print adds "loses all
    her MP and AP" (0 and 0 after it); the Eternal one does not (7 - 2 = 5 AP, 9 MP)."""
    sylvan = _cast("Sylvan Power", "d2", rolls={"critical": ["lock"] * 2})  # Critical Hit
    assert _at(_last(_game(roster, "s1-dks1-20", 2, sylvan), catalog), "A1")[2:] == (0, 0)
    assert _at(_last(_game(roster, "s1-et1-30", 2, sylvan), catalog), "A1")[2:] == (5, 9)


def test_7_1_5_fern_sockem_spines_range_three_or_four(catalog, roster) -> None:
    """Spines (5 AP, 1 EARTH, in line): 1-3 on the first print, 1-4 on the Eternal one. From d7
    on Di Curey (4 away): refused (7.1.5), and 1 Injury."""
    lines = _game(roster, "s1-dks1-21", 7, _hit("Spines"))
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    assert _last(_game(roster, "s1-et1-29", 7, _hit("Spines")), catalog).unit("B1").injuries == 1


def test_7_1_2_anna_tommy_eternal_transposition_targeted_allied_character(catalog, roster):
    """ "Switches position with the targeted allied character": from d2 on Mike Locke (f1, 3
    away): they switch. From d8 on Di Curey: refused (7.1.2, `switch-target: required`)."""
    state = _last(_game(roster, "s1-et1-11", 2, _cast("Transposition", "f1")), catalog)
    assert (_at(state, "A1")[0], _at(state, "A2")[0]) == ("f1", "d2")
    lines = _game(roster, "s1-et1-11", 8, _cast("Transposition", "d11"))
    assert _error(lines, catalog) == (len(lines), "7.1.2")


def test_7_1_3_c_kassius_kaos_eternal_puff_and_sting(catalog, roster) -> None:
    """The Eternal Puff (1 AP, 2 AIR, 1-3 in line, Pushes 2, once per game) from d8: Di Curey
    is pushed to the edge (d12, as far as possible) with 2 Injuries; the Eternal Irritating
    Sting (5 AP, 2 FIRE, 1-5) then deals 2 more: 4. A second Puff is refused (7.1.3.c)."""
    puff_sting = (_hit("Puff", crit=2), _hit("Irritating Sting", "d12", crit=2))  # Critical Hit
    state = _last(_game(roster, "s1-et1-13", 8, *puff_sting), catalog)
    assert _at(state, "B1")[:2] == ("d12", 4)
    lines = _game(roster, "s1-et1-13", 9, _hit("Puff", crit=2), _hit("Puff", "d12", crit=2))
    assert _error(lines, catalog) == (len(lines), "7.1.3.c")


def test_7_2_7_queen_of_the_tofus_eternal_extra_damage_per_tofu(catalog, roster) -> None:
    """The Eternal Summon Tofu (3) reaches 1-2 cells: from d8 a Tofu on d10, next to Di Curey;
    Dan To Fu ("+1 AIR extra damage per TOFU adjacent to the target"; Critical Hit: 2 dice)
    deals 1 + 1 = 2."""
    summon = _cast("Summon Tofu (3)", "d10")
    lines = _game(roster, "s1-et1-14", 8, summon, _hit("Dan To Fu", crit=2), extra=(TOFU,))
    assert _last(lines, catalog).unit("B1").injuries == 2


def test_7_1_3_b_luk_ylook_eternal_frozen_arrow_once_per_turn_per_target(catalog, roster):
    """The Eternal Frozen Arrow (3 AP, 2-3) is once per turn per target: twice on Di Curey from
    d8 is refused (7.1.3.b); the first print (unlimited) casts it twice."""
    twice = (_hit("Frozen Arrow"), _hit("Frozen Arrow"))
    lines = _game(roster, "s1-et1-17", 8, *twice)
    assert _error(lines, catalog) == (len(lines), "7.1.3.b")
    assert _last(_game(roster, "s1-dks1-9", 8, *twice), catalog).unit("B1").injuries == 2


def test_7_1_5_amalia_eternal_brambles_and_attachment(catalog, roster) -> None:
    """The Eternal Defensive Brambles reaches 2-3 (the first print 1-2): from d10 on Di Curey
    refused (7.1.5). "Attracts 1 the targeted ally" from d8 on Di Curey: cast, nobody moves
    (the effect cannot apply, 4.18.5); from d4 on Mike Locke (d1): he comes to d2."""
    lines = _game(roster, "s1-et1-2", 10, _hit("Defensive Brambles"))
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    state = _last(_game(roster, "s1-et1-2", 8, _cast("Attachment", "d11")), catalog)
    assert _at(state, "B1")[0] == "d11"
    attach = _cast("Attachment", "d1")
    state = _last(_game(roster, "s1-et1-2", 4, attach, cells={"A2": "d1"}), catalog)
    assert _at(state, "A2")[0] == "d2"


# The card audits' arena with a Demon cell on d3, and a Granite Equipment (+1 MP) of the audit's.
DEMON_ARENA = {
    "name": "Card audit", "demon_cells": ["d3"],
    "start_cells": {
        "A": ["c1", "d1", "e1", "f1", "c2", "d2", "e2", "f2"],
        "B": ["c11", "d11", "e11", "f11", "c12", "d12", "e12", "f12"],
    },
}  # fmt: skip
BOOTS = {"id": "audit-granite-boots", "rank": "granite", "kind": "equipment",
         "equipment_type": "set", "mp": 1}  # fmt: skip


def test_4_7_10_amalia_eternal_present_opening_with_a_brotherhood_ally(catalog, roster) -> None:
    """Present Opening: with another Brotherhood ally in play (Percedal), revealing a Demonic
    Reward gives Amalia's next spell this turn +1 EARTH. At A's second turn (3 Kamas from the
    sold dice, 5.4.1) she buys the Boots on d3 (4.7.6), reveals them (4.7.10), walks to d8 and
    casts Defensive Brambles (1 EARTH) on Di Curey: 2 Injuries; with Mike Locke, 1."""
    buy = ev("buy_reward", unit="A1", rank="granite", reward=BOOTS["id"], assign_to="A1")
    reveal = ev("reveal_reward", unit="A1", reward=BOOTS["id"])
    for ally, injuries in (("s1-exf-6", 2), (MIKE_LOCKE, 1)):
        head = {"arena": DEMON_ARENA, "rewards": [BOOTS]}
        lines = _game(roster, "s1-et1-2", 2, ev("end", unit="A1"), ally=ally, header=head)
        lines += [*_turn("A2"), TENSION, *_turn("B2"), *_turn("B1"), TENSION,
                  ev("activate", unit="A1"), ev("move", unit="A1", to="d3"), buy, reveal,
                  *_walk("A1", "d", 3, 8), _hit("Defensive Brambles")]  # fmt: skip
        assert _last(lines, catalog).unit("B1").injuries == injuries, ally


def test_7_1_5_di_curey_eternal_wounding_word_four_sweet_nothings_not_herself(catalog, roster):
    """The Eternal Di Curey: Wounding Word reaches 4 (from d7: 1 Injury; the first print's 3
    is out of range, 7.1.5); Sweet Nothings is 1-4, so not on her own cell (7.1.5; the first
    print's 0-4 may)."""
    state = _last(_game(roster, "s1-et1-22", 7, _hit("Wounding Word")), catalog)
    assert state.unit("B1").injuries == 1
    lines = _game(roster, DI_CUREY, 7, _hit("Wounding Word"))
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    lines = _game(roster, "s1-et1-22", 2, _cast("Sweet Nothings", "d2", **HEAL))
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    _last(_game(roster, DI_CUREY, 2, _cast("Sweet Nothings", "d2", **HEAL)), catalog)


def test_4_19_9_c_remington_eternal_firebombs_for_two_ap(catalog, roster) -> None:
    """The Eternal Throw: Firebomb (2) costs 2 AP: two Firebombs (d9, e8), a third refused by
    the control value (4.19.9.c, a Special spell); the Eternal Pulsar (2 MP + 4 AP) from d8
    (1 MP and 3 AP left after it): 4 Injuries."""
    throws = [_cast("Throw: Firebomb (2)", c) for c in ("d9", "e8", "c8")]
    lines = _game(roster, "s1-et1-24", 8, *throws, extra=(FIREBOMB,))
    assert _error(lines, catalog) == (len(lines), "4.19.9.c")
    state = _last(_game(roster, "s1-et1-24", 8, _hit("Pulsar")), catalog)
    assert (state.unit("B1").injuries, *_at(state, "A1")[2:]) == (4, 0, 0)


def test_7_2_3_klor_ofil_eternal_manifold_bramble_cross(catalog, roster) -> None:
    """The Eternal Manifold Bramble has a Cross (the first print a Square): from d8 on Di Curey
    (d11), Ko-Fang on e12 is outside it (1 Injury and -1 MP on Di Curey only); on e11 he is in
    it."""
    bramble = _cast("Manifold Bramble", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s1-et1-28", 8, bramble, cells={"B2": "e12"}), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 0)
    bramble = _cast("Manifold Bramble", "d11", rolls=_rolls("B1", "B2"))
    state = _last(_game(roster, "s1-et1-28", 8, bramble, cells={"B2": "e11"}), catalog)
    assert (state.unit("B2").injuries, state.unit("B2").markers.mp) == (1, -1)


def test_4_9_air_resistance_srammy_eternal_tricky_blow_is_neutral(catalog, roster) -> None:
    """The Eternal Tricky Blow is NEUTRAL (the first print AIR): on Fraktor (AIR Resistance) it
    deals 1 (the first print 0) and pushes him to the edge, d12."""
    b = (FRAKTOR, KO_FANG)
    blow = _cast("Tricky Blow", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s1-et1-31", 10, blow, b=b), catalog)
    assert _at(state, "B1")[:2] == ("d12", 1)
    state = _last(_game(roster, "s1-dks1-13", 10, blow, b=b), catalog)
    assert _at(state, "B1")[:2] == ("d12", 0)


def test_7_1_5_fraktor_lethal_attack_melee_or_range_two(catalog, roster) -> None:
    """Lethal Attack (6 AP, 4 EARTH): melee on the first print, 1-2 on the Eternal one. From d9
    on Di Curey: refused (7.1.5), and 4 Injuries. Fear (1 AP, Pushes 1, no damage) from d10:
    Di Curey to d12, no dice."""
    lines = _game(roster, FRAKTOR, 9, _hit("Lethal Attack"))
    assert _error(lines, catalog) == (len(lines), "7.1.5")
    state = _last(_game(roster, FRAKTOR_ETERNAL, 9, _hit("Lethal Attack")), catalog)
    assert state.unit("B1").injuries == 4
    state = _last(_game(roster, FRAKTOR, 10, _cast("Fear", "d11")), catalog)
    assert _at(state, "B1")[:2] == ("d12", 0)


def test_7_5_victor_don_voom_eternal_furia_reaches_three(catalog, roster) -> None:
    """The Eternal Furia (2 AP, 1 AIR, 1-3 in line, moves 1 closer) from d8: 1 Injury, Victor
    on d9; the first print (1-2) is out of range (7.1.5)."""
    state = _last(_game(roster, "s1-et1-34", 8, _hit("Furia", crit=2)), catalog)  # Critical Hit
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d9", 1)
    lines = _game(roster, "s1-dks1-6", 8, _hit("Furia", crit=2))
    assert _error(lines, catalog) == (len(lines), "7.1.5")


def test_7_5_percimol_eternal_stopator_moves_closer(catalog, roster) -> None:
    """The Eternal Stopator (5 AP, 1 WATER, 1-3 in line; moves 1 closer, -1 MP, -1 AP) from d8:
    Percimol on d9, Di Curey 1 Injury and a -1 MP and a -1 AP marker; Puddlage gives Percimol
    Critical Hit against Di Curey (she casts no WATER spell: no, 1 die)."""
    state = _last(_game(roster, "s1-et1-35", 8, _hit("Stopator")), catalog)
    b1 = state.unit("B1")
    assert (_at(state, "A1")[0], b1.injuries, b1.markers.mp, b1.markers.ap) == ("d9", 1, -1, -1)


def test_4_4_1_cloud_knight_eternal_on_the_run_two_ap(catalog, roster) -> None:
    """The Eternal On The Run costs 2 AP (the first print 3): the Cloud Knight is an allied
    Knight in play himself (4.4.1), +2 MP now: 6 - 2 = 4 AP, 9 + 2 = 11 MP."""
    state = _last(_game(roster, "s1-et1-38", 2, _cast("On The Run", "d2")), catalog)
    assert _at(state, "A1")[2:] == (4, 11)


def test_7_1_3_a_leaf_knight_eternal_toadaby_once_per_turn(catalog, roster) -> None:
    """The Eternal Toadaby (2 AP, 0 EARTH, once per turn) from d8: no Injury, a -1 MP marker (no
    other allied Knight); a second one is refused (7.1.3.a)."""
    state = _last(_game(roster, "s1-et1-41", 8, _hit("Toadaby")), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.mp) == (0, -1)
    lines = _game(roster, "s1-et1-41", 8, _hit("Toadaby"), _hit("Toadaby"))
    assert _error(lines, catalog) == (len(lines), "7.1.3.a")


def test_7_2_2_goultard_the_barbarian_eternal_black_steam_one_ap(catalog, roster) -> None:
    """The Eternal Black Steam costs 2 Injuries and 1 AP (the first print 2 AP): from d7 on Di
    Curey (d11) she is attracted 2 to d9; Goultard at 8 - 1 = 7 AP with 2 Injuries."""
    state = _last(_game(roster, "s1-et1-42", 7, _hit("Black Steam")), catalog)
    assert (_at(state, "B1")[0], *_at(state, "A1")[1:3]) == ("d9", 2, 7)


def test_7_1_2_krobax_eternal_switch_only_a_multiman(catalog, roster) -> None:
    """The Eternal Switch (3 AP, 1-3): with Lumino (a Multiman) on f1 Krobax switches places
    from d2; with Mike Locke there it is refused (7.1.2). The Eternal Nimbo Stratus has no
    Prosecution: -1 MP with one Vigilante."""
    state = _last(_game(roster, "s1-et1-47", 2, _cast("Switch", "f1"), ally=LUMINO), catalog)
    assert (_at(state, "A1")[0], _at(state, "A2")[0]) == ("f1", "d2")
    lines = _game(roster, "s1-et1-47", 2, _cast("Switch", "f1"))
    assert _error(lines, catalog) == (len(lines), "7.1.2")
    state = _last(_game(roster, "s1-et1-47", 8, _hit("Nimbo Stratus")), catalog)
    assert state.unit("B1").markers.mp == -1


def test_7_5_3_a_beelzebug_eternal_scorification_markers_on_a_multiman(catalog, roster) -> None:
    """Scorification (2 Injuries + 5 AP, +3 AP to targeted Multiman) on Lumino (f1, 3 away):
    three +1 AP markers (7.5.3.a, no "immediately"); Beelzebug 2 Injuries. Bitumen Burst (1
    Injury + 3 AP, 1 FIRE, -1 AP) from d8: Di Curey 1 Injury and a -1 AP marker."""
    state = _last(_game(roster, "s1-et1-48", 2, _cast("Scorification", "f1"), ally=LUMINO),
                  catalog)  # fmt: skip
    assert (state.unit("A2").markers.ap, state.unit("A1").injuries) == (3, 2)
    state = _last(_game(roster, "s1-et1-48", 8, _hit("Bitumen Burst")), catalog)
    b1 = state.unit("B1")
    assert (b1.injuries, b1.markers.ap, state.unit("A1").injuries) == (1, -1, 1)


def test_4_9_3_percedal_fire_of_rubilax_critical_hit_with_a_brotherhood_ally(catalog, roster):
    """Fire of Rubilax: with Evangelyne (Brotherhood of the Tofu) in play Percedal has Critical Hit
    (4.9.3: 2 Critical dice) and Lock; with Mike Locke, one die. Shushu Sword (4 AP, 3 FIRE)
    from d10, both prints; the Eternal one Pierces Armour (no Armour die)."""
    for pid in ("s1-exf-6", "s1-et1-6"):
        pierces = pid == "s1-et1-6"
        roll = (
            {"rolls": {"critical": ["lock"] * 2}}
            if pierces
            else {"rolls": _rolls("B1", critical=2)}
        )
        lines = _game(roster, pid, 10, _cast("Shushu Sword", "d11", **roll), ally=EVANGELYNE)
        assert _last(lines, catalog).unit("B1").injuries == 3
        one = {"critical": ["lock"]} if pierces else _rolls("B1")
        lines = _game(roster, pid, 10, _cast("Shushu Sword", "d11", rolls=one), ally=EVANGELYNE)
        assert _error(lines, catalog) == (len(lines), "4.9.3.a")
        _last(_game(roster, pid, 10, _cast("Shushu Sword", "d11", rolls=one)), catalog)


def _leaves_percedal(roster, ally: str, lock: int) -> list[dict[str, Any]]:
    """Percedal (first print) waits on d10; in B's turn Di Curey leaves d11 for e11, Percedal
    rolling `lock` Lock dice (no success) against her one Dodge die."""
    lines = _game(roster, "s1-exf-6", 10, ev("end", unit="A1"), ally=ally)
    block = [{"by": "A1", "lock": ["armour"] * lock, "dodge": ["armour"]}]
    lead = [] if ally == EVANGELYNE else _turn("A2")  # Evangelyne played before Percedal
    return [*lines, *lead, TENSION, *_turn("B2"), ev("activate", unit="B1"),
            ev("move", unit="B1", to="e11", block=block)]  # fmt: skip


def test_4_14_5_percedal_fire_of_rubilax_lock_with_a_brotherhood_ally(catalog, roster) -> None:
    """Fire of Rubilax's Lock: with Evangelyne in play Percedal rolls 2 Lock dice (4.14.5), one
    die is refused citing it; with Mike Locke, one die, two refused (4.14.2.b)."""
    lines = _leaves_percedal(roster, EVANGELYNE, 1)
    assert _error(lines, catalog) == (len(lines), "4.14.5")
    _last(_leaves_percedal(roster, EVANGELYNE, 2), catalog)
    _last(_leaves_percedal(roster, MIKE_LOCKE, 1), catalog)
    lines = _leaves_percedal(roster, MIKE_LOCKE, 2)
    assert _error(lines, catalog) == (len(lines), "4.14.2.b")


def test_4_9_16_a_skale_and_trank_first_prints_prosecution_with_one_vigilante(catalog, roster):
    """Thalasso (6 AP, 3 WATER, 1-4 in line, "Prosecution 3: moves 3 closer") from d7 with one
    Vigilante: 3 Injuries and Skale stays on d7 (4.9.16.a). Uproot (1 MP + 5 AP, +2 MP to
    targeted Multiman, melee) on Lumino (d1): two +1 MP markers on him (7.5.3.a)."""
    state = _last(_game(roster, "s1-multi-3", 7, _hit("Thalasso")), catalog)
    assert (_at(state, "A1")[0], state.unit("B1").injuries) == ("d7", 3)
    uproot = _cast("Uproot", "d1")
    state = _last(_game(roster, "s1-multi-4", 2, uproot, ally=LUMINO, cells={"A2": "d1"}), catalog)
    assert state.unit("A2").markers.mp == 2


def test_7_2_7_king_of_the_gobballs_eternal_extra_damage_with_a_gobball_next_to_the_target(
    catalog, roster
) -> None:
    """The Eternal King walks to d10 and puts a Gobball on c10 (Summon Gobball (1), 4 AP,
    melee); the Gobball steps to c11, next to Di Curey; at the King's next turn Gobbolob ("+2
    EARTH extra damage when a GOBBALL is adjacent to the target of this spell") deals 3."""
    summon = _cast("Summon Gobball (1)", "c10")
    lines = _game(roster, "s1-et1-15", 10, summon, ev("end", unit="A1"), extra=(GOBBALL,))
    lines += [*_turn("A1/gobball-1", ev("move", unit="A1/gobball-1", to="c11")), *_turn("A2"),
              TENSION, *_turn("B2"), *_turn("B1"), TENSION, ev("activate", unit="A1"),
              _hit("Gobbolob")]  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 3


def test_4_9_16_a_lumino_eternal_kazam_retribution_four_with_one_vigilante(catalog, roster):
    """The Eternal Kazam (4 AP, 1 NEUTRAL, 2-4; "Retribution 4: Cross, Pierces Armour") with
    Lumino the only Vigilante: neither applies (4.9.16.a). From d8 on Di Curey: she rolls her
    Armour die (no Pierce), Ko-Fang on e11 is outside the spell: 1 Injury on her only."""
    kazam = _cast("Kazam", "d11", rolls=_rolls("B1"))
    state = _last(_game(roster, "s1-et1-51", 8, kazam, cells={"B2": "e11"}), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 0)


def _vigilantes(roster, fourth: str, *events: dict[str, Any]) -> list[dict[str, Any]]:
    """The Eternal Krobax (A1) and Lumino (A2, 9 MP here), Skale and `fourth` (Trank: four
    Vigilantes; Mike Locke: three). Lumino (Initiative 6) plays first; then the events."""
    lumino = _inline(roster, "s1-et1-51", mp=9)
    ties = {"A": ["A1", "A3", "A4"] if fourth == TRANK else ["A1", "A3"]}
    head = _header(("s1-et1-47", "s1-et1-51", "s1-multi-3", fourth), DUMMIES, lumino,
                   timeline_ties=ties)  # fmt: skip
    return [head, *_places(A3="c1", A4="e1", B2="e11"), ev("activate", unit="A2"), *events]


def test_4_9_16_a_krobax_and_lumino_eternal_retribution_four_with_four_vigilantes(
    catalog, roster
) -> None:
    """Retribution 4 (4.9.16.a) with four Vigilantes in the team: Crow Blood gives Krobax 3 max
    AP (5 + 3 = 8 at his activation), and the Eternal Kazam from f9 on Di Curey has its Cross
    and Pierces Armour (Ko-Fang on e11 hit too, no Armour die: 1 each). With three, 5 AP and
    the plain Kazam (one target, her Armour die)."""
    walk, krobax = _walk("A2", "f", 1, 9), [ev("end", unit="A2"), ev("activate", unit="A1")]
    kazam = _cast("Kazam", "d11", unit="A2", rolls={"critical": ["lock"]})
    state = _last(_vigilantes(roster, TRANK, *walk, kazam, *krobax), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries, _at(state, "A1")[2]) == (1, 1, 8)
    kazam = _cast("Kazam", "d11", unit="A2", rolls=_rolls("B1"))
    state = _last(_vigilantes(roster, MIKE_LOCKE, *walk, kazam, *krobax), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries, _at(state, "A1")[2]) == (1, 0, 5)


# -- Summoners of Traps and Dolls: the summon, the token's behaviour, what is not modelled -----


def _trap_laid(roster, pid: str = FRAKTOR) -> list[dict[str, Any]]:
    """Fraktor walks to d9 and lays his Lethal Trap (1) (6 AP, melee) on d10; the Trap and Mike
    Locke play their turns (4.19.1.h); B's turn opens, Ko-Fang passes, Di Curey is active."""
    lay = _cast("Lethal Trap (1)", "d10")
    lines = _game(roster, pid, 9, lay, ev("end", unit="A1"), extra=(LETHAL_TRAP,))
    return [*lines, *_turn("A1/lethal-trap-1"), *_turn("A2"), TENSION, *_turn("B2"),
            ev("activate", unit="B1")]  # fmt: skip


CLICK_ON_B1 = ev("resolve", source="click:A1/lethal-trap-1", rolls=_rolls("B1"))


def test_4_19_7_c_fraktor_lethal_trap_clicks_for_the_character_walking_on_it(catalog, roster):
    """Both Fraktors: the Trap's cell is free (4.19.7.b); Di Curey walks onto it, it clicks
    (4.19.7.c: 2 EARTH, the audit's) and leaves the arena (4.19.7.e). Her next step before the
    Click is resolved is refused (4.19.7.c)."""
    for pid in (FRAKTOR, FRAKTOR_ETERNAL):
        lines = [*_trap_laid(roster, pid), ev("move", unit="B1", to="d10")]
        state = _last([*lines, CLICK_ON_B1], catalog)
        assert _at(state, "B1")[:2] == ("d10", 2)
        assert _at(state, "A1/lethal-trap-1")[0] is None
        assert "trap" in state.unit("A1/lethal-trap-1").profile.families
        step = ev("move", unit="B1", to="d9")
        assert _error([*lines, step], catalog) == (len(lines) + 1, "4.19.7.c")


def test_7_1_3_c_fraktor_lethal_trap_once_per_game(catalog, roster) -> None:
    """Lethal Trap (1) is once per game on both prints: after the Click removed it, Fraktor's
    next turn casts it again: refused (7.1.3.c), though the control value allows it (4.19.9.e)."""
    lines = [*_trap_laid(roster), ev("move", unit="B1", to="d10"), CLICK_ON_B1,
             ev("end", unit="B1"), TENSION, ev("activate", unit="A1"),
             _cast("Lethal Trap (1)", "c9")]  # fmt: skip
    assert _error(lines, catalog) == (len(lines), "7.1.3.c")


def _pushed_over(roster, trap: str) -> list[dict[str, Any]]:
    """4.19.7.d's example with Luk Ylook (Eternal, B; B plays first: 8 Initiative against 6).
    Fraktor lays his Trap on `trap` from d2 and walks round it to d5; Luk walks to d9 and casts
    Repelling Arrow (Pushes 2) on him."""
    fraktor, luk = _inline(roster, FRAKTOR, mp=9), _inline(roster, "s1-et1-17")
    head = _header((FRAKTOR, MIKE_LOCKE), ("s1-et1-17", KO_FANG), fraktor, luk, LETHAL_TRAP)
    walk = [ev("move", unit="A1", to=c) for c in ("c2", "c3", "c4", "c5", "d5")]
    if trap == "d4":
        walk = _walk("A1", "d", 2, 5)
    lay = _cast("Lethal Trap (1)", "d3" if trap == "d3" else "d4")
    opening = [lay, *walk] if trap == "d3" else [*walk, lay]
    arrow = _cast("Repelling Arrow", "d5", unit="B1", rolls=_rolls("A1"))
    return [head, *_places("B"), *_turn("B1"), *_turn("B2"), TENSION,
            *_turn("A1", *opening), *_turn("A1/lethal-trap-1"), *_turn("A2"), TENSION,
            ev("activate", unit="B1"), *_walk("B1", "d", 11, 9), arrow]  # fmt: skip


def test_4_19_7_d_oscar_kass_example_pushed_over_a_trap_it_does_not_click(catalog, roster):
    """4.19.7.d's example: Fraktor on d5, his Trap on d4 behind him; Repelling Arrow pushes him
    2 cells, over the Trap to d3: no Click, the Trap stays and Luk may end his turn. With the
    Trap on d3, the push ends exactly on it: it clicks (4.19.7.c), on Fraktor (2 Injuries)."""
    state = _last([*_pushed_over(roster, "d4"), ev("end", unit="B1")], catalog)
    assert (_at(state, "A1")[:2], _at(state, "A1/lethal-trap-1")[0]) == (("d3", 0), "d4")
    click = ev("resolve", source="click:A1/lethal-trap-1", rolls=_rolls("A1"))
    state = _last([*_pushed_over(roster, "d3"), click], catalog)
    assert (_at(state, "A1")[:2], _at(state, "A1/lethal-trap-1")[0]) == (("d3", 2), None)


def test_4_19_7_c_naz_rael_eternal_feline_leap_onto_a_trap_clicks(catalog, roster) -> None:
    """Fraktor (B; B plays first, 6 Initiative against 5) lays his Lethal Trap on d10. The
    Eternal Naz Rael walks to d9 and Feline Leaps "in the targeted free cell" d10: a Trap's cell
    is free (4.19.7.b), and a move by a spell's effect ending exactly on it clicks (4.19.7.c):
    2 Injuries on Naz, the Trap gone."""
    naz = _inline(roster, "s1-et1-19", mp=9)
    head = _header(("s1-et1-19", MIKE_LOCKE), (FRAKTOR, KO_FANG), naz, LETHAL_TRAP)
    lay = _cast("Lethal Trap (1)", "d10", unit="B1")
    leap = _cast("Feline Leap", "d10")
    click = ev("resolve", source="click:B1/lethal-trap-1", rolls=_rolls("A1"))
    lines = [head, *_places("B"), *_turn("B1", lay), *_turn("B1/lethal-trap-1"), *_turn("B2"),
             TENSION, ev("activate", unit="A1"), *_walk("A1", "d", 2, 9), leap, click]  # fmt: skip
    state = _last(lines, catalog)
    assert (_at(state, "A1")[:2], _at(state, "B1/lethal-trap-1")[0]) == (("d10", 2), None)


def _block_doll(roster, *events: dict[str, Any]) -> list[dict[str, Any]]:
    """The Eternal Fern Sock'em walks to d9 and puts a Block Doll on d10 (Block Seed (1): 1-2
    in line); the Doll and Mike Locke pass; B's turn: Ko-Fang passes, Di Curey (d11) acts."""
    seed = _cast("Block Seed (1)", "d10")
    lines = _game(roster, "s1-et1-29", 9, seed, ev("end", unit="A1"), extra=(BLOCK_DOLL,))
    return [*lines, *_turn("A1/block-doll-1"), *_turn("A2"), TENSION, *_turn("B2"),
            ev("activate", unit="B1"), *events]  # fmt: skip


def test_4_14_3_fern_sockem_block_doll_only_catches(catalog, roster) -> None:
    """A Doll is a Mob (it has MP), so a character (4.19.4) that Locks: Di Curey leaving d11 for
    e11 rolls against it. Lock 1 success, Dodge 0 would be Locked, but from a summon it is only
    Caught (4.14.3): -1 MP and -1 AP, then the step: 5 - 1 = 4 AP, 3 - 1 - 1 = 1 MP."""
    block = [{"by": "A1/block-doll-1", "lock": ["lock"], "dodge": ["armour"]}]
    state = _last(_block_doll(roster, ev("move", unit="B1", to="e11", block=block)), catalog)
    assert _at(state, "B1") == ("e11", 0, 4, 1)
    assert "doll" in state.unit("A1/block-doll-1").profile.families


def test_4_19_4_c_fern_sockem_block_doll_is_impassable(catalog, roster) -> None:
    """A Mob is an obstacle (4.19.4.c): Di Curey cannot step onto the Doll's cell d10, not a
    free cell (4.17.3). Leaving d11 for e11 without a Block by the Doll is refused (4.14.2.e:
    each adjacent enemy character Locks)."""
    lines = _block_doll(roster, ev("move", unit="B1", to="d10"))
    assert _error(lines, catalog) == (len(lines), "4.17.3")
    lines = _block_doll(roster, ev("move", unit="B1", to="e11"))
    assert _error(lines, catalog) == (len(lines), "4.14.2.e")


def _madoll(roster, pid: str) -> list[dict[str, Any]]:
    """Klor Ofil (`pid`) walks to d9 and puts a Madoll (1 HP here) on d10; Di Curey's Wounding
    Word KOs it in B's turn; A's next turn Klor casts Madoll Seed (1) on d10 again."""
    madoll = {**MADOLL, "hp": 1}
    seed = _cast("Madoll Seed (1)", "d10")
    word = _cast("Wounding Word", "d10", unit="B1", rolls=_rolls("A1/madoll-1"))
    lines = _game(roster, pid, 9, seed, ev("end", unit="A1"), extra=(madoll,))
    return [*lines, *_turn("A1/madoll-1"), *_turn("A2"), TENSION, *_turn("B2"),
            *_turn("B1", word), TENSION, ev("activate", unit="A1"), seed]  # fmt: skip


def test_7_1_3_c_klor_ofil_eternal_madoll_seed_once_per_game(catalog, roster) -> None:
    """The Eternal Madoll Seed (1) is once per game: after its Madoll was KO'd (no GG for a
    summon, 4.19.1.c), casting it again is refused (7.1.3.c); the first print (unlimited) may,
    the control value allowing it again (4.19.9.e)."""
    lines = _madoll(roster, "s1-et1-28")
    assert _error(lines, catalog) == (len(lines), "7.1.3.c")
    state = _last(lines[:-2], catalog)
    assert (_at(state, "A1/madoll-1")[0], _stock(state, "B")[0]) == (None, 6)
    state = _last(_madoll(roster, "s1-dks1-19"), catalog)
    assert _at(state, "A1/madoll-1")[0] == "d10"


def test_fraktor_4_19_lethal_trap_without_a_token_names_the_caster_and_card(
    catalog, roster
) -> None:
    """The roster has no Trap or Doll figures: a Lethal Trap (1), a Sacrificial Seed (2) or a
    Block Seed (1) cast with no token in the log is not modelled (the report says which summon),
    and the report names the caster and its card and the event (`cast`), as for a power."""
    for pid, bar, summon in (
        (FRAKTOR, "Lethal Trap (1)", "summon:lethal-trap"),
        ("s1-dks1-20", "Sacrificial Seed (2)", "summon:sacrificial-doll"),
        ("s1-dks1-21", "Block Seed (1)", "summon:block-doll"),
    ):
        lines = _game(roster, pid, 9, _cast(bar, "d10"))
        missing = verify(lines, catalog).unsupported[0]
        facts = (missing.line, missing.feature, missing.unit, missing.card, missing.event)
        assert facts == (len(lines), summon, "A1", roster[pid]["name"].strip(), "cast")


def test_4_19_sacrificial_doll_unmodelled_power_is_named(catalog, roster) -> None:
    """A Sacrificial Doll token carrying a power the engine does not model ("sacrifice", the
    audit's name): put into play by Makum Bah, then a cast next to it is not modelled, the
    report naming the Doll, its card and the event."""
    doll = {**SACRIFICIAL_DOLL, "powers": [{"slug": "sacrifice", "name": "Sacrifice"}]}
    seed = _cast("Sacrificial Seed (2)", "d9")
    lines = _game(roster, "s1-dks1-20", 8, seed, ev("end", unit="A1"), extra=(doll,))
    word = _cast("Wounding Word", "d9", unit="B1", rolls=_rolls("A1/sacrificial-doll-1"))
    lines += [*_turn("A1/sacrificial-doll-1"), *_turn("A2"), TENSION, *_turn("B2"),
              ev("activate", unit="B1"), word]  # fmt: skip
    missing = verify(lines, catalog).unsupported[0]
    facts = (missing.line, missing.feature, missing.unit, missing.card, missing.event)
    assert facts == (len(lines), "power:sacrifice", "A1/sacrificial-doll-1", "Sacrificial Doll",
                     "cast")  # fmt: skip


# -- Left open in session 11: the Eternal Captain Amakna's second Mocalisation bar -------------


def test_captain_amakna_7_1_1_eternal_second_mocalisation_bar_reached_by_its_target(
    catalog, roster
) -> None:
    """The Eternal card prints two bars named Mocalisation (the roster's): a Fire attack (4 AP,
    1-3, no sight needed) and a Personal spell (1 MP + 2 AP: +2 MP, ends his turn). A `cast`
    names a spell by its name, and the target tells the two apart: a Personal spell targets
    only its caster's cell (4.15.6), the attack reaches 1-3 cells. On d2: two +1 MP markers and
    his turn is over (6.4.2: a step is refused); from d8 on Di Curey: 1 Injury (the attack)."""
    personal = _cast("Mocalisation", "d2")
    state = _last(_game(roster, "s1-et1-45", 2, personal), catalog)
    assert (state.unit("A1").markers.mp, *_at(state, "A1")[2:]) == (2, 9 - 2, 9 - 1)
    lines = _game(roster, "s1-et1-45", 2, personal, ev("move", unit="A1", to="d3"))
    assert _error(lines, catalog) == (len(lines), "6.4.2")
    state = _last(_game(roster, "s1-et1-45", 8, _hit("Mocalisation")), catalog)
    assert state.unit("B1").injuries == 1


def test_captain_amakna_7_1_3_a_eternal_mocalisation_limits_count_each_bar(catalog, roster):
    """The two bars are two spells: the attack (unlimited) cast from d8, then the Personal
    one (once per turn) on d8 in the same turn is cast (it was refused, 7.1.3.a, as if the
    attack had used it up); the attack twice is cast too."""
    both = (_hit("Mocalisation"), _cast("Mocalisation", "d8"))
    assert _last(_game(roster, "s1-et1-45", 8, *both), catalog).unit("A1").markers.mp == 2
    twice = (_hit("Mocalisation"), _hit("Mocalisation"))
    assert _last(_game(roster, "s1-et1-45", 8, *twice), catalog).unit("B1").injuries == 2
