"""Sixth rules audit (session 10): dice the rules say are never rolled (7.3.2.a, 7.4.2), costs of
X (7.1.4, 4.19.9), Prosecution (4.9.16), Demonic Rewards beyond AP/MP/Range/powers and the
timing of a reveal (4.7.5.a, 4.7.10, 7.2.7.c), Push Ice Cube (4.17.7.c, 8.8.1.a), tackle- and
sight-changing powers, KO- and Injury-triggered powers, Ghoulification's two effects on standby
and Backlash. Each verdict was worked out by hand from the 4.1 text and the card text before
running the engine (docs/rules-examples.md, "Rules audit (session 10)")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.matchlogs.audit import (
    NO_DOUBLE,
    PLACES,
    agrees,
    cast,
    game,
    gun,
    kros,
    plain_hit,
    refused,
    side_a,
    side_b,
    spell,
    turn,
)
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
    _approach,
    _at,
    _header,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _walk,
)
from tests.matchlogs.conftest import ARENA, ev
from tests.matchlogs.test_card_audit import (
    _ghoulification,
)
from tests.matchlogs.test_rules_audit_dice import _BLANK, _CURE, _a1
from tests.matchlogs.test_rules_audit_mechanisms import EXPLOSION
from tests.matchlogs.test_rules_audit_round5 import _NOVA, BLOB, SUMMON_BLOB

A1 = ev("activate", unit="A1")
BLOB_ID = "B2/blob-1"


# -- Dice the rules say are never rolled (7.3.2.a, 7.4.2) -----------------------------------------


def test_7_3_2_a_the_target_of_a_healing_spell_never_rolls_armour(catalog) -> None:
    """Cure (a Healing spell) on A2: an Armour roll for A2 is refused under the rule that says it
    is never rolled, not accepted and ignored."""
    lines = [*_a1(_CURE), cast("A1", "c1", "Cure", crit=["lock"], armour={"A2": ["lock"]})]
    refused(lines, catalog, 7, "7.3.2.a")


def test_7_4_2_a_special_spell_rolls_no_armour(catalog) -> None:
    lines = [*_a1(_BLANK), cast("A1", "d12", "Blank", armour={"B2": ["lock"]})]
    refused(lines, catalog, 7, "7.4.2")


def test_7_4_2_push_ice_cube_is_a_special_spell_and_rolls_no_dice(catalog) -> None:
    """Push Ice Cube (4.17.7.c example, 8.8.1.a) is a Special spell: a Critical Hit die given
    for it is refused (7.4.2), and 2X AP must be payable (7.1.4.a)."""
    arena = {**ARENA, "scenery": {"d2": "ice cube"}}
    lines = [game(side_a(), side_b(), arena=arena), *PLACES, A1]
    push = ev("cast", unit="A1", spell="Push Ice Cube", target="d2", choices=["x:2"])
    refused([*lines, {**push, "rolls": {"critical": ["lock"]}}], catalog, 7, "7.4.2")
    refused([*lines, {**push, "choices": ["x:4"]}], catalog, 7, "7.1.4.a")
    agrees([*lines, push, ev("checkpoint", units={"A1": {"ap": 2}})], catalog)


# -- Costs of X (7.1.4.d, 4.19.9.e): Come to Mama... and Reaping (0) ------------------------------

REAPER = kros("token-reaper", level=0, hp=2, ap=3, mp=3, initiative=0, strength=1) | {
    "name": "Reaper"
}
_EMILY_PLACES = [
    ev("place", unit="A1", cell="d1"),
    ev("place", unit="A2", cell="f1"),
    ev("place", unit="B1", cell="c12"),
    ev("place", unit="B2", cell="d12"),
]


def _emily(roster: dict[str, Any], *events: dict[str, Any]) -> list[dict[str, Any]]:
    """Emily O'Nair (A1, 12 AP, Initiative 9 to play first) walks to the Kama cell c2 and picks
    up its 2 Kamas; A2 on f1, 4 cells away, is the character Reaping will target."""
    emily = _inline(roster, "s6-botf-4", ap=12, initiative=9)
    opening = [A1, ev("move", unit="A1", to="d2"), ev("move", unit="A1", to="c2")]
    pick = ev("pick_kama", unit="A1", count=2)
    return [
        game([emily, kros("ta2", initiative=8)], side_b(), extra_profiles=(REAPER,)),
        *_EMILY_PLACES,
        *opening,
        pick,
        *events,
    ]


_REAPING = cast(
    "A1", "f1", "Reaping (0)", crit=["lock", "lock"], armour={"A2": ["lock"]}, choices=["cell:f2"]
)


def test_7_1_4_d_a_cost_of_x_kamas_must_be_payable(catalog, roster) -> None:
    """X = 3 Kamas with 2 in the stock: 7.1.4.d; X = 2 empties the stock."""
    mama = ev("cast", unit="A1", spell="Come to Mama...", target="c2", choices=["x:3"])
    lines = _emily(roster, mama)
    refused(lines, catalog, len(lines), "7.1.4.d")
    paid = _emily(roster, {**mama, "choices": ["x:2"]}, ev("checkpoint", kamas={"A": 0}))
    agrees(paid, catalog)


def test_4_19_9_e_reaping_0_still_hits_but_summons_nobody(catalog, roster) -> None:
    """Reaping (0) is an Attack spell with control value 0: it resolves (1 WATER on A2) and no
    Reaper comes (4.19.9.e, the Crobak example)."""
    state = _last(_emily(roster, _REAPING), catalog)
    assert state.unit("A2").injuries == 1
    assert not [u for u in state.units if u.summoner == "A1"]


def test_4_19_9_c_come_to_mama_x_1_lets_one_reaper_come(catalog, roster) -> None:
    mama = ev("cast", unit="A1", spell="Come to Mama...", target="c2", choices=["x:1"])
    state = _last(_emily(roster, mama, _REAPING), catalog)
    reapers = [(u.cell.name, u.summoner) for u in state.units if u.summoner == "A1"]
    assert reapers == [("f2", "A1")]
    assert _stock(state, "A")[1] == 1


# -- Demonic Rewards beyond AP/MP/Range/powers (4.7.5.a, 7.2.7.c) ---------------------------------

_BOOSTS = [
    {"id": "dmg", "rank": "granite", "kind": "boost", "damage": 2},
    {"id": "heal", "rank": "granite", "kind": "boost", "heal": 3},
    {"id": "purse", "rank": "granite", "kind": "boost", "kamas": 4},
    {"id": "held", "rank": "granite", "kind": "boost", "ap": 1},
    {"id": "aero", "rank": "granite", "kind": "boost", "damage": 2, "damage_element": "air"},
]
_AIR_GUN = gun("Air Gun", element="air")
_BLEED = spell("Bleed", kind="self", element=None, cost={"ap": 1, "hp": 2}, effects="+1 {MP}.")


def _shop(*events: dict[str, Any], rewards=_BOOSTS) -> list[dict[str, Any]]:
    """A1 (Level 3, 20 AP, Gun, Blank, Bleed) on the Demon cell d2 with 12 Kamas."""
    a = [
        kros("ta1", level=3, ap=20, initiative=9, spells=[gun(), _AIR_GUN, _BLANK, _BLEED]),
        kros("ta2", level=2, initiative=8),
    ]
    return [
        game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=rewards),
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=12),
        *events,
    ]


def _buy(reward: str, to: str = "A1") -> dict[str, Any]:
    return ev("buy_reward", unit="A1", rank="granite", reward=reward, assign_to=to)


B1_ACTIVE = ev("activate", unit="B1")


def _reveal(reward: str, unit: str = "A1") -> dict[str, Any]:
    return ev("reveal_reward", unit=unit, reward=reward)


def test_4_7_5_a_a_damage_boost_is_spent_by_the_next_spell_even_a_special_one(catalog) -> None:
    """Boost +2 damage, then Blank (a Special spell, no damage), then Gun: the bonus was
    consumed by Blank, so Gun deals its 1."""
    lines = _shop(_buy("dmg"), _reveal("dmg"), cast("A1", "d12", "Blank"))
    lines += [plain_hit("A1", "d12", "B2"), ev("checkpoint", units={"B2": {"injuries": 1}})]
    agrees(lines, catalog)
    straight = _shop(_buy("dmg"), _reveal("dmg"), plain_hit("A1", "d12", "B2"))
    agrees([*straight, ev("checkpoint", units={"B2": {"injuries": 3}})], catalog)


@pytest.mark.parametrize(
    ("spells", "injuries"),
    [(["Air Gun"], 3), (["Gun"], 1), (["Gun", "Air Gun"], 2)],
    ids=["air-spell", "earth-spell", "spent-by-the-earth-spell"],
)
def test_7_2_7_c_an_elemental_damage_boost_adds_only_to_its_element(catalog, spells, injuries):
    """The Aero Boost of the 7.2.7.c example adds +2 to an AIR spell; an EARTH spell gains
    nothing and still consumes it (4.7.5.a), so an AIR spell after it deals its 1."""
    hits = [plain_hit("A1", "d12", "B2", name) for name in spells]
    lines = _shop(_buy("aero"), _reveal("aero"), *hits)
    agrees([*lines, ev("checkpoint", units={"B2": {"injuries": injuries}})], catalog)


def test_4_10_5_a_healing_boost_removes_no_more_injuries_than_there_are(catalog) -> None:
    """Bleed costs 2 Injuries; the Boost heals 3: A1 has 0 left, not -1."""
    lines = _shop(cast("A1", "d2", "Bleed"), _buy("heal"), _reveal("heal"))
    agrees([*lines, ev("checkpoint", units={"A1": {"injuries": 0}})], catalog)


def test_4_7_5_a_a_kamas_boost_adds_to_the_players_stock(catalog) -> None:
    """12 Kamas picked, 3 paid for a granite Reward (4.7.6), 4 from the Boost."""
    lines = _shop(_buy("purse"), _reveal("purse"))
    agrees([*lines, ev("checkpoint", kamas={"A": 12 - 3 + 4})], catalog)


@pytest.mark.parametrize(
    "events",
    [
        [_buy("held", to="A2"), _reveal("held", unit="A2")],
        [_buy("held"), ev("end", unit="A1"), ev("activate", unit="A2"), _reveal("held")],
        [_buy("held"), ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, B1_ACTIVE, _reveal("held")],
        [_buy("held"), ev("end", unit="A1"), *turn("A2"), _reveal("held")],
    ],
    ids=["another-piece-is-active", "its-turn-is-over", "opponents-turn", "before-a-tension"],
)
def test_4_7_10_a_reward_is_revealed_only_in_its_holders_activation_phase(catalog, events):
    """4.7.10 is the rule saying when a Krosmaster may reveal: during his own Activation Phase.
    A2 revealing in A1's turn, A1 after its turn ended, in B's turn or before B's Roll for
    Tension breaks it (not 6.3.1 / 6.4.2 / 5.5.1 / 5.2.1, the rules of every action, which the
    engine cited)."""
    lines = _shop(*events)
    refused(lines, catalog, len(lines), "4.7.10")


# -- Prosecution X (4.9.16.a): Lumino's Kazam -----------------------------------------------------

_KAZAM = ev("cast", unit="A1", spell="Kazam", target="d11", rolls={"critical": ["lock"]})
_SIX_VIGILANTES = ("s1-multi-1", "s1-multi-2", "s1-multi-3", "s1-multi-4", "s1-multi-5")


def _lumino(roster, team: tuple[str, ...], kazam: dict[str, Any], **fields: Any) -> list[dict]:
    """Lumino (A1, 9 MP) walks d2 to d7 and casts Kazam (2-4, no sight needed) on Di Curey
    (d11); Ko-Fang stands on e11, in the Cross around her."""
    cells = ["c1", "e1", "c2", "e2"]
    extra = [ev("place", unit=f"A{i}", cell=c) for i, c in enumerate(cells, 3)]
    return [
        _header(team, DUMMIES, _inline(roster, "s1-multi-1", mp=9), **fields),
        *_approach(7, B2="e11")[:2],
        *extra[: len(team) - 2],
        *_approach(7, B2="e11")[2:],
        kazam,
    ]


def test_4_9_16_a_prosecution_6_not_met_kazam_hits_the_main_target_only(catalog, roster):
    """One Vigilante in the team (Lumino): no Cross, no Pierces Armour. Di Curey rolls Armour
    (1 die) and takes 1; Ko-Fang is no target, so an Armour roll for it is refused (7.2.6.a)."""
    kazam = {**_KAZAM, "rolls": _rolls("B1")}
    state = _last(_lumino(roster, ("s1-multi-1", MIKE_LOCKE), kazam), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 0)
    both = {**_KAZAM, "rolls": _rolls("B1", "B2")}
    lines = _lumino(roster, ("s1-multi-1", MIKE_LOCKE), both)
    refused(lines, catalog, len(lines), "7.2.6.a")
    bare = _lumino(roster, ("s1-multi-1", MIKE_LOCKE), _KAZAM)
    refused(bare, catalog, len(bare), "7.2.6.a")  # B1's Armour roll is due


def test_4_9_16_a_prosecution_6_met_cross_and_pierces_armour(catalog, roster) -> None:
    """Six different Vigilantes: the Cross takes Ko-Fang too, and Pierces Armour leaves each
    plain target 0 Armour dice (7.2.6.c): 1 NEUTRAL each; an Armour die given is refused."""
    team = (*_SIX_VIGILANTES, "s4-duel3-2")
    ties = {"timeline_ties": {"A": ["A2", "A3", "A4", "A5", "A6"]}}
    state = _last(_lumino(roster, team, _KAZAM, **ties), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 1)
    lines = _lumino(roster, team, {**_KAZAM, "rolls": _rolls("B1")}, **ties)
    refused(lines, catalog, len(lines), "7.2.6.c")


# -- Ghoulification: two effects of one spell whose order cannot matter (7.2.9.a) -----------------


def test_7_2_9_a_ghoulifications_own_two_effects_resolve_without_an_order(catalog, roster):
    """Steals Health heals Vampyro; the Ghoul needs the target KO'd and its cell free. Neither
    changes what the other does, so no order is asked: the `end` is legal and the Ghoul is on
    b11 (docs/engine-spells.md, "Ghoulification")."""
    lines = _ghoulification(roster, ev("end", unit="A2"), rolls=_rolls("B1"))
    state = _last(lines, catalog)
    ghouls = sorted(u.cell.name for u in state.units if u.summoner == "A2" and u.cell)
    assert ghouls == ["a2", "b11"] and not state.pending


# -- Backlash (1.5.1, 4.18.3.d): a named ruling ---------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "injuries"),
    [(None, 1 + 2 + 3), ("each-other-spell", 1 + 2 + 3), ("next-backlash", 1 + 2 + 2)],
    ids=["default", "each-other-spell", "next-backlash"],
)
def test_1_5_1_three_backlashes_add_up_by_the_card_4_18_3_d_reads_the_next(
    catalog, roster, reading, injuries
) -> None:
    """Doo Rex (9 AP) casts Backlash three times on a 10-HP Di Curey. The card (every earlier
    cast of the turn boosts each later spell; the Golden Rule 1.5.1) gives the third +2; the
    4.18.3.d example (an effect on the following Backlash only) gives it +1: the ruling
    `backlash`."""
    fields = {"rulings": {"backlash": reading}} if reading else {}
    backlash = ev("cast", unit="A1", spell="Backlash", target="d11", rolls=_rolls("B1"))
    lines = [
        _header(
            ("s2-dks2-21", MIKE_LOCKE),
            DUMMIES,
            _inline(roster, "s2-dks2-21", mp=9, ap=9),
            _inline(roster, "s1-dks1-12", hp=10),
            **fields,
        ),
        *_approach(10),
        *[backlash] * 3,
    ]
    assert _last(lines, catalog).unit("B1").injuries == injuries


# -- Tackle- and sight-changing powers: Claw Attack (4.14.2), Invisibility ------------------------


def _facing(
    b1: dict[str, Any], *events: dict[str, Any], a_spells: list | None = None
) -> list[dict]:
    """A1 (a plain Krosmaster) steps to d2 in turn 1; in turn 2 the roster's B1 (9 MP) walks
    from d12 down to d3, right in front of it; the events come in A's turn 3."""
    header = game(side_a(spells=a_spells), [{**b1, "mp": 9}, kros("tb2", initiative=0)])
    places = [*PLACES[:2], ev("place", unit="B1", cell="d12"), ev("place", unit="B2", cell="c12")]
    walk = [ev("move", unit="B1", to=f"d{r}") for r in range(11, 2, -1)]
    b_turn = [*turn("B1", *walk), *turn("B2"), NO_DOUBLE]
    opening = [*turn("A1", ev("move", unit="A1", to="d2")), *turn("A2"), NO_DOUBLE, *b_turn]
    return [header, *places, *opening, A1, *events]


@pytest.mark.parametrize(
    ("lock", "dodge", "cell", "mp"),
    [(["armour"], ["dodge"], "c2", 2), (["lock"], ["armour"], "d2", 0)],
    ids=["dodged", "locked"],
)
def test_4_14_2_claw_attack_hurts_whatever_the_lock_roll_gives(
    catalog, roster, lock, dodge, cell, mp
) -> None:
    """Naz Rael's Claw Attack: each Lock roll he makes against an enemy inflicts 1 Injury, the
    enemy dodging (it moves, 2 MP left) or Locked (-3 MP -3 AP, 4.14.2.d: it stays)."""
    block = [{"by": "B1", "lock": lock, "dodge": dodge}]
    lines = _facing(_inline(roster, "s1-dks1-24"), ev("move", unit="A1", to="c2", block=block))
    assert _at(_last(lines, catalog), "A1")[:2] == (cell, 1)
    assert _last(lines, catalog).unit("A1").mp == mp


def test_invisibility_srammy_takes_no_injury_from_a_character_not_adjacent(catalog, roster):
    """Srammy (B1 on d3, next to A1) takes the Gun's 1 from A1; A2 on c1 is not adjacent to
    him and its Gun leaves him without Injury (he still rolls Armour as a target, 7.2.6)."""
    near = _facing(_inline(roster, "s1-dks1-13"), plain_hit("A1", "d3", "B1"))
    assert _last(near, catalog).unit("B1").injuries == 1
    far = _facing(
        _inline(roster, "s1-dks1-13"),
        ev("end", unit="A1"),
        ev("activate", unit="A2"),
        plain_hit("A2", "d3", "B1"),
    )
    assert _last(far, catalog).unit("B1").injuries == 0


# -- KO- and Injury-triggered powers --------------------------------------------------------------


def test_4_6_2_moon_hammer_moon_stays_healed_and_the_gg_still_go(catalog, roster) -> None:
    """Moon (Level 5, a 1-HP copy) KO'd by A1's Gun: he is not removed and heals all his
    Injuries; A takes the wild GG and steals 4 (4.6.2)."""
    lines = _facing(_inline(roster, "s3-dks3-6", hp=1), plain_hit("A1", "d3", "B1"))
    after = {"B1": {"cell": "d3", "injuries": 0}}
    agrees([*lines, ev("checkpoint", gg={"A": 11, "B": 2, "wild": False}, units=after)], catalog)


def test_goultarminator_heals_3_on_each_krosmaster_he_kos(catalog, roster) -> None:
    """Goultard (an inline copy with a 1 AP / 2 Injury spell, Bleed, to start hurt) Bleeds
    twice (4 Injuries), then his Celestial Sword KOs a 1-HP Di Curey: he heals 3, 1 left."""
    goultard = _inline(roster, "s1-dks1-27", mp=9)
    goultard["spells"] = [*goultard["spells"], _BLEED]
    sword = ev(
        "cast", unit="A1", spell="Celestial Sword", target="d11", rolls=_rolls("B1", critical=2)
    )
    lines = [
        _header(("s1-dks1-27", MIKE_LOCKE), DUMMIES, goultard, _inline(roster, "s1-dks1-12", hp=1)),
        *_approach(8),
        cast("A1", "d8", "Bleed"),
        cast("A1", "d8", "Bleed"),
        sword,
    ]
    state = _last(lines, catalog)
    assert state.unit("B1").cell is None and state.unit("A1").injuries == 1


def test_brethren_of_the_coast_two_injuries_heal_the_other_piwates(catalog, roster) -> None:
    """Hazwonarm takes 1 (no trigger: fewer than 2), then Boomba takes 2: Hazwonarm, the other
    allied Piwate, heals 1; Boomba heals nothing from his own trigger."""
    a = side_a(spells=[gun(), gun("Big", damage=2)])
    header = game(a, [_inline(roster, "s3-dks3-12"), _inline(roster, "s3-dks3-11")])
    lines = [header, *PLACES, A1, plain_hit("A1", "d12", "B2"), plain_hit("A1", "c12", "B1", "Big")]
    agrees(
        [*lines, ev("checkpoint", units={"B1": {"injuries": 2}, "B2": {"injuries": 0}})], catalog
    )


# -- Summons of the roster: a Grenado is a Bomb (4.19.2.a, 4.19.5.c) ------------------------------

# As a log may write Boo Ming's token: no MP (a Mechanism, 4.19.1.f), 1 HP, its Explosion, and
# no Type given.
GRENADO = kros(
    "token-grenado", level=0, hp=1, ap=None, mp=None, initiative=0, strength=1,
    spells=[EXPLOSION],
) | {"name": "Grenado"}  # fmt: skip


def test_4_19_2_a_a_grenado_is_a_bomb_and_explodes_at_its_summoners_turn(catalog, roster):
    """4.19.2.a lists the Grenado in the Bomb family (a family is a Type, 4.19.2): at the start
    of Boo Ming's next turn it explodes (4.19.5.c), so his move before the Explosion is
    resolved is refused (6.2.1.d); resolved, the Grenado has left the arena."""
    boo = _inline(roster, "s1-dks1-1", initiative=9)
    header = game([boo, kros("ta2", initiative=8)], side_b(), extra_profiles=(GRENADO,))
    throw = ev("cast", unit="A1", spell="Grenado Throw (2)", target="d3")
    lines = [header, *PLACES, *turn("A1", throw), *turn("A1/grenado-1"), *turn("A2"), NO_DOUBLE]
    lines += [*turn("B1"), *turn("B2"), NO_DOUBLE, A1]
    moving = [*lines, ev("move", unit="A1", to="d2")]
    refused(moving, catalog, len(moving), "6.2.1.d")
    boom = ev("resolve", source="explosion:A1/grenado-1", rolls={"critical": ["lock"]})
    gone = ev("checkpoint", units={"A1/grenado-1": {"cell": None}})
    agrees([*lines, boom, gone, ev("move", unit="A1", to="d2")], catalog)


# -- Healing (7.3.2.b) and adjacency for Invisibility (4.17.2) ------------------------------------


def test_7_3_2_b_a_heal_gains_1_for_any_critical_success_not_per_success(catalog) -> None:
    """A1 (Critical Hit) hurts A2 with a 3-damage Gun (3 Injuries), then Cure (Heal 1) rolls 2
    Critical successes: 1 + 1 = 2 healed, A2 keeps 1 (no Armour comparison for a heal)."""
    a = [
        kros("ta1", initiative=9, spells=[gun("Maul", damage=3), _CURE], powers=("critical-hit",)),
        kros("ta2", level=2, initiative=8),
    ]
    maul = cast("A1", "c1", "Maul", crit=["lock", "lock"], armour={"A2": ["lock"]})
    cure = cast("A1", "c1", "Cure", crit=["critical", "critical"])
    lines = [game(a, side_b()), *PLACES, A1, maul, cure]
    agrees([*lines, ev("checkpoint", units={"A2": {"injuries": 1}})], catalog)


def test_4_17_2_srammy_diagonal_to_the_caster_is_not_adjacent_and_takes_nothing(catalog, roster):
    """A1 leaves d2 (Srammy's Lock roll fails) for c2, diagonal to Srammy on d3, and casts
    Nova (a Square around itself): Srammy is a target and rolls Armour, but two cells are
    adjacent only with a side in common (4.17.2), so Invisibility leaves him unhurt; A2 (c1),
    in the Square too, takes 1."""
    nova = cast(
        "A1", "c2", "Nova", crit=["lock"], armour={"A1": ["lock"], "A2": ["lock"], "B1": ["lock"]}
    )
    block = [{"by": "B1", "lock": ["armour"], "dodge": ["dodge"]}]
    leave = ev("move", unit="A1", to="c2", block=block)
    lines = _facing(_inline(roster, "s1-dks1-13"), leave, nova, a_spells=[gun(), _NOVA])
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("A2").injuries) == (0, 1)


@pytest.mark.parametrize(
    ("critical", "hazwonarm", "boomba"),
    [(["lock"], 3 + 1, 1), (["critical"], 3 + 2, 0)],
    ids=["one-suffered", "two-suffered"],
)
def test_4_10_7_injuries_exchanged_are_not_suffered_for_brethren_of_the_coast(
    catalog, roster, critical, hazwonarm, boomba
) -> None:
    """Total Iopism gives Djaul 3 Injuries; Dark Vlad's Sword gives Boomba 1. Black Humour moves
    Djaul's 3 onto Hazwonarm: moved, not suffered (4.10.7), so Brethren of the Coast waits for
    the spell's damage: 1 suffered heals nobody, 2 (a Critical success) heal Boomba 1."""
    sword = ev(
        "cast", unit="A1", spell="Vlad's Sword", target="f11", rolls=_rolls("B2", critical=2)
    )
    humour = ev("cast", unit="A2", spell="Black Humour", target="d11")
    humour["rolls"] = {"critical": critical, "armour": {"B1": ["lock"]}}
    lines = [
        _header(
            ("s3-exf3-1", "s3-dark-1"),
            ("s3-dks3-11", "s3-dks3-12"),
            _inline(roster, "s3-exf3-1", mp=9),
            _inline(roster, "s3-dark-1", mp=9),
        ),
        *_places(A1="f1", A2="d2", B2="f11"),
        *[A1, *_walk("A1", "f", 1, 10), sword, ev("end", unit="A1")],
        *[ev("activate", unit="A2"), *_walk("A2", "d", 2, 10), humour],
    ]
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (hazwonarm, boomba)


def test_goultarminator_a_summon_kod_is_no_krosmaster_defeated(catalog, roster) -> None:
    """B2 summons a 1-HP Blob on h9; Goultard (Bleed twice: 4 Injuries) KOs it with Celestial
    Sword from e9: no GG (4.19.1.c) and no heal, a Blob being no Krosmaster."""
    goultard = _inline(roster, "s1-dks1-27", mp=9, initiative=9)
    goultard["spells"] = [*goultard["spells"], _BLEED]
    b2 = kros("tb2", initiative=1, spells=[SUMMON_BLOB])
    header = game([goultard, kros("ta2", initiative=8)], [kros("tb1", initiative=2), b2])
    header["profiles"].append(BLOB)
    sword = cast("A1", "h9", "Celestial Sword", crit=["lock", "lock"], armour={BLOB_ID: ["lock"]})
    walk = [ev("move", unit="A1", to=f"d{r}") for r in range(2, 10)] + [
        ev("move", unit="A1", to="e9")
    ]
    lines = [header, *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE, *turn("B1")]
    lines += [*turn("B2", cast("B2", "h9", "Summon Blob (2)")), *turn(BLOB_ID), NO_DOUBLE]
    lines += [A1, cast("A1", "d1", "Bleed"), cast("A1", "d1", "Bleed")]
    lines += [*walk, sword]
    check = ev(
        "checkpoint", gg={"A": 6, "B": 6}, units={"A1": {"injuries": 4}, BLOB_ID: {"cell": None}}
    )
    agrees([*lines, check], catalog)
