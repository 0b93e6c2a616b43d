"""Card audit, round 6 (session 11): the items round 5 left open. Which rule a Block or Armour
roll short of a power's die breaks (4.14.5, 4.14.6, 4.9.4 after Pierce Armour), a Tombstone token
without a spell (4.19.8), and Merkator's Button Snap / Pressure-Cooker bonus of two elements.

Each outcome was worked out by hand from the card text and the 4.1 rules it relies on before
the engine was run (docs/rules-examples.md, "Card audit round 6 (session 11)").
"""

from __future__ import annotations

from typing import Any

from tests.matchlogs.audit import PLACES, cast, game, gun, kros, refused
from tests.matchlogs.cards import (
    TENSION,
    TOMBSTONE,
    _at,
    _cast,
    _error,
    _game,
    _hit,
    _inline,
    _last,
    _rolls,
    _turn,
)
from tests.matchlogs.conftest import ev

UP_TO_D11 = [ev("activate", unit="A1"), *[ev("move", unit="A1", to=f"d{i}") for i in range(2, 12)]]


def _block(a1: tuple[str, ...], b2: tuple[str, ...], lock: int, dodge: int) -> list[dict]:
    """A1 (powers `a1`) walks to d11 next to B2 (powers `b2`) on d12, then steps to e11 with
    `lock` Lock dice by B2 and `dodge` Dodge dice."""
    header = game([kros("ta1", mp=12, initiative=9, powers=a1), kros("ta2", initiative=8)],
                  [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=b2)])  # fmt: skip
    block = {"by": "B2", "lock": ["armour"] * lock, "dodge": ["armour"] * dodge}
    return [header, *PLACES, *UP_TO_D11, ev("move", unit="A1", to="e11", block=[block])]


def test_4_14_5_a_lock_roll_short_of_the_lock_powers_die(catalog) -> None:
    """With Lock, B2 rolls one additional die (4.14.5): 1 die misses that die, so the log
    breaks 4.14.5 (it cited 4.14.2.b); no die at all misses the Step 2 roll itself (4.14.2.b)."""
    refused(_block((), ("lock",), 1, 1), catalog, 17, "4.14.5")
    refused(_block((), ("lock",), 0, 1), catalog, 17, "4.14.2.b")


def test_4_14_6_a_dodge_roll_short_of_the_dodge_powers_die(catalog) -> None:
    """With Dodge, A1 rolls one additional die (4.14.6): 1 die breaks 4.14.6, none 4.14.2.c."""
    refused(_block(("dodge",), (), 1, 1), catalog, 17, "4.14.6")
    refused(_block(("dodge",), (), 1, 0), catalog, 17, "4.14.2.c")


def _pierced(b2: tuple[str, ...], dice: int) -> list[dict[str, Any]]:
    """A1 casts a 1 EARTH Gun with Pierces Armour at B2 (powers `b2`) with `dice` Armour dice."""
    piercing = gun(effects="Pierces Armour.")
    header = game([kros("ta1", initiative=9, spells=[piercing]), kros("ta2", initiative=8)],
                  [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=b2)])  # fmt: skip
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"] * dice})
    return [header, *PLACES, ev("activate", unit="A1"), hit]


def test_7_2_6_c_armour_and_pierce_armour_leave_the_armour_powers_die(catalog) -> None:
    """Armour adds a die (4.9.4), Pierce Armour takes one away (7.2.6.c): 1 die, 1 Injury. No
    die breaks 4.9.4: without the power no die would be due at all, so the die left is the
    power's (it cited 7.2.6.a). With Strength too, 2 dice; 1 misses Strength's (7.2.6.b)."""
    assert _last(_pierced(("armour",), 1), catalog).unit("B2").injuries == 1
    refused(_pierced(("armour",), 0), catalog, 7, "4.9.4.a")
    refused(_pierced(("armour", "strength"), 1), catalog, 7, "7.2.6.b")
    refused(_pierced(("armour", "strength"), 0), catalog, 7, "4.9.4.a")


def test_4_19_8_c_a_tombstone_token_without_a_spell_is_read(catalog, roster) -> None:
    """4.19.8 prints no spell for a Tombstone, only Profanation (4.19.8.c): the Nun's Fatebook
    (4) puts a Tombstone token listing no spell on d5 and she is moved onto it: 1 Injury."""
    bare = {**TOMBSTONE, "spells": []}
    book = _cast("Fatebook (4)", "d5")
    lines = _game(roster, "s4-cpk-4", 2, book, extra=(bare,), cells={"A2": "c2"}, mp=2)
    state = _last(lines, catalog)
    assert _at(state, "A1/tombstone-1")[:2] == ("d5", 1)


def _snap(
    roster, stop: int, *events: dict[str, Any], pid: str = "s1-duel-2", **changes: Any
) -> list[dict[str, Any]]:
    """Merkator (`pid`) walks to d`stop` (Di Curey on d11), casts Button Snap on himself (the
    Eternal card's Pressure-Cooker), then `events`."""
    snap = _cast("Pressure-Cooker" if pid == "s1-et1-46" else "Button Snap", f"d{stop}")
    return _game(roster, pid, stop, snap, *events, **changes)


def test_7_2_7_c_merkator_button_snap_bonus_of_the_spells_own_element(catalog, roster) -> None:
    """ "+1 AIR and +1 WATER": 7.2.7.c's example adds Aero Boost's AIR bonus because Dan To Fu
    is an AIR spell, so each bonus reaches only the spells of its element, one per spell.
    Pulverisation (3 AIR) deals 4; Steamtrooper (1 WATER, 2-3, Cross) from d9 deals 2; a 1 EARTH Gun
    given to Merkator here deals 1."""
    state = _last(_snap(roster, 10, _hit("Pulverisation")), catalog)
    assert state.unit("B1").injuries == 4
    steam = _cast("Steamtrooper", "d11", rolls={"critical": ["lock"]})  # Pierces: no Armour die
    state = _last(_snap(roster, 9, steam), catalog)
    assert state.unit("B1").injuries == 2
    spells = [*_inline(roster, "s1-duel-2")["spells"], gun()]
    state = _last(_snap(roster, 10, _hit("Gun"), spells=spells), catalog)
    assert state.unit("B1").injuries == 1


def test_7_1_4_a_count_frigost_bubotron_tournament_costs_more_than_his_gauge(
    catalog, roster
) -> None:
    """Bubotron Tournament costs 12 AP (11 on the Eternal card) and Count Frigost has 10 AP: from
    a full gauge and nothing added, it is never affordable (7.1.4.a), on either card."""
    for pid in ("s1-exf-9", "s1-et1-44"):
        lines = _game(roster, pid, 2, _cast("Bubotron Tournament (4)", "d3"))
        assert _error(lines, catalog) == (len(lines), "7.1.4.a")


def test_4_10_5_goultard_goultarminator_heals_after_a_ko(catalog, roster) -> None:
    """Goultarminator: each time Goultard KOs another Krosmaster he heals himself by 3 (4.10.5,
    never below 0 Injuries). Goultard waits on d10; Di Curey (1 HP here) gives him 1 Injury with
    Wounding Word; his Supercut (2 AIR; 2 Critical dice, 4.9.3) KOs her: the Injury is healed."""
    di_curey = {**_inline(roster, "s1-dks1-12"), "hp": 1}
    word = _cast("Wounding Word", "d10", unit="B1", rolls=_rolls("A1"))
    lines = _game(roster, "s1-dks1-27", 10, ev("end", unit="A1"), extra=(di_curey,))
    lines += [*_turn("A2"), TENSION, *_turn("B2"), *_turn("B1", word), TENSION]
    assert _last(lines, catalog).unit("A1").injuries == 1
    state = _last([*lines, *_turn("A1", _hit("Supercut", crit=2))], catalog)
    assert state.unit("B1").cell is None
    assert state.unit("A1").injuries == 0


def test_6_4_bad_guy_nemesis_samurai_moves_an_ally_only_after_standing_still(
    catalog, roster
) -> None:
    """Bad Guy: at the end of his turn, if Nemesis Samurai stood still and used no AP or MP, an
    allied Krosmaster moves to a free cell next to an opposing Krosmaster: Mike Locke to c11,
    next to Di Curey (d11). After one step (1 MP used) nothing is on standby to resolve."""
    move = ev("resolve", source="bad-guy:A1", choices=["unit:A2", "cell:c11"])
    state = _last(_game(roster, "s3-exf3-10", 2, ev("end", unit="A1"), move), catalog)
    assert _at(state, "A2")[0] == "c11"
    lines = _game(roster, "s3-exf3-10", 3, ev("end", unit="A1"), move)
    assert _error(lines, catalog) == (len(lines), "7.2.9.a")  # nothing on standby


def test_7_2_7_c_eternal_merkator_pressure_cooker_bonus_of_the_spells_own_element(
    catalog, roster
) -> None:
    """The Eternal rewrite ("cast by Merkator this turn"), same reading: Pulverisation (3 AIR)
    deals 4, Clout of Fog (1 WATER, Cross, Pierces Armour) from d9 deals 2."""
    state = _last(_snap(roster, 10, _hit("Pulverisation"), pid="s1-et1-46"), catalog)
    assert state.unit("B1").injuries == 4
    fog = _cast("Clout of Fog", "d11", rolls={"critical": ["lock"]})
    state = _last(_snap(roster, 9, fog, pid="s1-et1-46"), catalog)
    assert state.unit("B1").injuries == 2


def test_4_14_2_b_naz_rael_claw_attack_injures_whom_he_rolls_lock_against(catalog, roster) -> None:
    """Claw Attack: when Naz Rael makes a Lock roll against an enemy (4.14.2.b), it suffers +1
    Injury, whatever the roll. Naz waits on d10; Di Curey leaves d11 for e11: no success each
    (Caught, 4.14.2.d), 1 Injury on her."""
    leave = ev(
        "move", unit="B1", to="e11", block=[{"by": "A1", "lock": ["armour"], "dodge": ["armour"]}]
    )
    lines = _game(roster, "s1-dks1-24", 10, ev("end", unit="A1"))
    lines += [*_turn("A2"), TENSION, *_turn("B2"), ev("activate", unit="B1"), leave]
    state = _last(lines, catalog)
    assert (_at(state, "B1")[:2], state.unit("A1").injuries) == (("e11", 1), 0)


def test_7_5_10_luk_ylook_repelling_arrow_pushes_as_far_as_it_can(catalog, roster) -> None:
    """Repelling Arrow (0 EARTH, 1-5 in line, Pushes 2) from d8 on Di Curey (d11): the edge is
    one cell behind her, so she is pushed to d12 only (7.2.4's own example: as much as
    possible), with no Injury (0 damage, one success each, 7.2.7.b)."""
    state = _last(_game(roster, "s1-dks1-9", 8, _hit("Repelling Arrow")), catalog)
    assert _at(state, "B1")[:2] == ("d12", 0)
