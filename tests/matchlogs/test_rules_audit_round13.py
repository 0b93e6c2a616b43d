"""Thirteenth rules audit (session 13): exact citations (the sub-rule an event breaks, never its
heading), the moment and numbers of 2.7 in traces and in the named rulings, and the 4.1 rule
numbers no test cited that a log can show. Each verdict was worked out from the rules text
first, then the smallest log built and the engine run (listed in docs/rules-examples.md, "Rules
audit round 13 (session 13)")."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.casting import FANMADE, OFFICIAL
from rules.engine.replay import trace
from rules.engine.rulings import named
from tests.matchlogs.audit import (
    A1,
    NO_DOUBLE,
    PLACES,
    RULESETS,
    agrees,
    cast,
    game,
    gun,
    kros,
    plain_hit,
    refused,
    round_trip,
    side_a,
    side_b,
    spell,
    turn,
)
from tests.matchlogs.cards import token
from tests.matchlogs.conftest import ARENA, ev, verify
from tests.matchlogs.test_rules_audit_moves import UP_TO_D11, _header, _leave
from tests.matchlogs.test_rules_audit_round12 import _BLOB, _TURRET, _summoner

# -- 4.9.3.a, 4.9.4.a: a power's missing die cites the sub-rule saying what the power adds -------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    ("a1", "b2", "crit", "armour", "rule"),
    [
        (("critical-hit",), (), 1, 1, "4.9.3.a"),
        ((), ("armour",), 1, 1, "4.9.4.a"),
        (("critical-hit",), ("armour",), 2, 2, None),
    ],
    ids=["critical-hit-short", "armour-short", "both-rolled"],
)
def test_4_9_4_a_a_missing_power_die_cites_the_powers_sub_rule(
    catalog, ruleset: str, a1, b2, crit: int, armour: int, rule: str | None
) -> None:
    """A1 with Critical Hit rolls one Critical die, B2 with Armour one Armour die. 4.9.3 and
    4.9.4 are headings (the power's name); what each power adds, one more die in Step 4 or Step
    5, is 4.9.3.a and 4.9.4.a (restated for the procedure by 7.2.5.b and 7.2.6.b, which
    name Critical Hit and Armour with the elemental powers). Chapter 4 is 4.1's under 2.7 too.
    The refusal cited the headings before this round."""
    header = game(side_a(powers=a1), side_b(powers=b2), ruleset=ruleset)
    hit = cast("A1", "d12", crit=["lock"] * crit, armour={"B2": ["lock"] * armour})
    lines = [header, *PLACES, A1, hit]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(("dice", "rule"), [(2, None), (1, "4.9.3.a")])
def test_4_18_4_f_a_power_gained_applies_at_once(catalog, dice: int, rule: str | None) -> None:
    """In turn 3 A puts its Critical Tension die on A1 (Inspiration: the Critical Hit power,
    5.3.1.a). A continuous effect applies as soon as the power is gained (4.18.4.f), so A1's Gun
    right after needs 2 Critical dice; one is short of the power's die (4.9.3.a)."""
    inspired = [ev("tension", dice=["critical", "armour"]), ev("inspire", die=0, unit="A1"), A1]
    hit = cast("A1", "d12", crit=["lock"] * dice, armour={"B2": ["lock"]})
    lines = [game(side_a(), side_b()), *PLACES, *turn("A1"), *turn("A2"), NO_DOUBLE]
    lines += [*turn("B1"), *turn("B2"), *inspired, hit]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, len(lines), rule)


# -- 7.5.22.a (2.7: 7.5.18.a): Steals Health's moment in the trace -------------------------------

_CON = gun("Con", effects="Steals Health.")


@pytest.mark.parametrize(
    ("ruleset", "lines_of"),
    [
        (RULESETS[0], [("Step 3", "7.5.22.a"), ("Step 8", "7.5.22.a")]),
        (RULESETS[1], [("Step 8", "7.5.18.a"), ("Step 8", "7.5.18.a")]),
    ],
)
def test_7_5_22_a_steals_health_waits_from_the_rulesets_step(
    catalog, ruleset: str, lines_of: list[tuple[str, str]]
) -> None:
    """4.1 puts Steals Health on standby in Step 3 and applies it in Step 8 (7.5.22.a); 2.7
    applies it in Step 8, where it becomes an Effect on Standby, instead of Step 3 (its
    7.5.18.a; its Step 7 example 4 has it trigger as the Injuries are placed). The steps are
    numbered alike in both (7.2.1: Step 1 is 7.2.2, ... Step 8 7.2.9). Under 2.7 the trace said
    Step 3 before this round; its standby line now follows the Step 7 lines."""
    lines = [game(side_a(spells=[_CON]), side_b(), ruleset=ruleset), *PLACES, A1]
    lines.append(cast("A1", "d12", "Con", crit=["lock"], armour={"B2": ["lock"]}))
    steps = trace(verify(lines, catalog), len(lines)).steps
    ours = [(s.step, s.rule) for s in steps if s.key.startswith("steals_health")]
    assert ours == lines_of
    standby = next(i for i, s in enumerate(steps) if s.key == "steals_health_standby")
    placed = next(i for i, s in enumerate(steps) if s.step == "Step 7")
    assert (standby > placed) is (ruleset == RULESETS[1])


@pytest.mark.parametrize(("ruleset", "waited"), [(RULESETS[0], True), (RULESETS[1], False)])
def test_7_2_8_c_a_game_won_in_step_7_never_reaches_2_7s_standby(
    catalog, ruleset: str, waited: bool
) -> None:
    """B's only Krosmaster is KO'd by Con in Step 7: A wins and Step 8 does not resolve
    (7.2.8.c). Under 4.1 Steals Health went on standby in Step 3 (7.5.22.a); under 2.7 it would
    have become one only in Step 8, so the trace names no standby at all."""
    deadly = gun("Con", damage=5, effects="Steals Health.")
    header = game(side_a(spells=[deadly]), [kros("tb1", hp=5, initiative=2)], ruleset=ruleset)
    lines = [header, *PLACES[:3], A1, plain_hit("A1", "c12", "B1", "Con")]
    report = verify(lines, catalog)
    assert report.result is not None and report.result.winner == "A"
    keys = [s.key for s in trace(report, len(lines)).steps]
    assert ("steals_health_standby" in keys) is waited


# -- Named rulings: the rule in the game's ruleset ----------------------------------------------


@pytest.mark.parametrize(
    ("name", "fanmade", "official"),
    [
        ("pump-action-bow", "7.5.20", "7.5.16"),
        ("move-closer-empty-cell", "7.5.21", "7.5.17"),
        ("next-to-itself", "7.2.4.c", "7.2.4.c"),
        ("line-of-sight", "4.15.9", "4.15.9"),
    ],
)
def test_7_5_16_named_rulings_give_the_rulesets_rule(name: str, fanmade: str, official) -> None:
    """A ruling's rule in a 2.7 game's numbers: Retreat is 4.1's 7.5.20 and 2.7's 7.5.16, Move
    Closer 7.5.21 and 7.5.17 (2.7 lacks +X NEUTRAL, Steal Range and the Kama effects); 7.2 and
    chapter 4 keep theirs. The listing gave 4.1's numbers for every game before this round."""
    ruling = named(name)
    assert ruling.to_dict()["rule"] == fanmade
    assert ruling.to_dict(cite=FANMADE.cite)["rule"] == fanmade
    assert ruling.to_dict(cite=OFFICIAL.cite)["rule"] == official


# -- 6.3.5: a spell the caster's card lacks ------------------------------------------------------


_SHOVE = spell("Shove", element=None, effects="Pushes 1.")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("name", ["Fireball", "Shove"], ids=["nobodys", "the-allys"])
def test_6_3_5_a_spell_the_card_lacks_breaks_6_3_5(catalog, ruleset: str, name: str) -> None:
    """A1 casts Fireball (no card has it) or Shove (A2's): each Game Piece has its own spells
    (6.3.5), the Cast a Spell action of the Activation Phase. 7.1's prerequisites (limits,
    costs, range, sight, extra prerequisites) all presuppose the caster's spell, and none says
    the caster must have it: the refusal cited 7.1.1 before this round."""
    a = [kros("ta1", initiative=9), kros("ta2", initiative=8, spells=[_SHOVE])]
    lines = [game(a, side_b(), ruleset=ruleset), *PLACES, A1, plain_hit("A1", "d12", "B2", name)]
    refused(lines, catalog, len(lines), "6.3.5")


def test_5_5_2_acting_before_the_preliminary_phase(catalog) -> None:
    """A1, next in the Timeline, moves before its activate event: a piece's turn is its
    Preliminary, Activation and End of Activation Phases in that order (5.5.2), and its actions
    belong to the Activation Phase (6.3.1: "Then"). The refusal cited the heading 6.2."""
    lines = [game(side_a(), side_b()), *PLACES, ev("move", unit="A1", to="d2")]
    refused(lines, catalog, len(lines), "5.5.2")


# -- 4.1.1, 4.1.2, 4.6.1: whose GG a purchase takes ------------------------------------------------


def test_4_6_1_the_wild_gg_first_then_4_1_2_the_opponents(catalog) -> None:
    """Both players start with 6 GG and the Wild GG is beside the arena (4.6.1). A1 buys a GG
    in A's turn: the Wild GG (A 7, B 6). B1 then buys one in B's turn: B is the active player
    (4.1.1) and steals its GG from its opponent (4.1.2, 6.3.4): A 6, B 7."""
    a = [kros("ta1", initiative=9, ap=20), kros("ta2", initiative=8)]
    b = [kros("tb1", hp=5, initiative=2, ap=20), kros("tb2", initiative=1)]
    header = game(a, b, arena={**ARENA, "kamas": {"d2": 30, "d11": 30}})
    shop = [ev("pick_kama", unit="A1", count=12), ev("buy_gg", unit="A1")]
    lines = [header, *PLACES, A1, ev("move", unit="A1", to="d2"), *shop]
    lines.append(ev("checkpoint", gg={"A": 7, "B": 6, "wild": False}))
    lines += [ev("end", unit="A1"), *turn("A2"), NO_DOUBLE, ev("activate", unit="B1")]
    lines += [ev("move", unit="B1", to="c11"), ev("move", unit="B1", to="d11")]
    lines += [ev("pick_kama", unit="B1", count=12), ev("buy_gg", unit="B1")]
    agrees([*lines, ev("checkpoint", gg={"A": 6, "B": 7, "wild": False})], catalog)


# -- 4.3.3-4.3.5, 4.19.6: what a summon is --------------------------------------------------------

_BLOB_ID = "A1/blob-1"


def test_4_3_5_b_a_summon_of_an_allied_unit_is_an_ally(catalog) -> None:
    """A1 summons a Blob on d2, next to itself, then steps to e1. A unit put into play by an
    allied unit is an allied unit (4.3.5.b; ally or opposing, never both, 4.3.5, and relative
    to the player, 4.3.5.a): only enemies Lock (4.14.1), so the step needs no Block roll."""
    lines = [_summoner(_BLOB), *PLACES, A1, cast("A1", "d2", "Summon Blob (3)")]
    lines.append(ev("move", unit="A1", to="e1"))
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": "e1", "mp": 2}})], catalog)


@pytest.mark.parametrize("who", ["krosmaster", "summon"])
def test_4_3_3_b_a_summon_is_no_krosmaster_and_collects_no_kama(catalog, who: str) -> None:
    """A1 summons a Blob on d2. A unit is a Krosmaster or a summon, never both (4.3.3): a
    Krosmaster was chosen for the team and has a Level (4.3.3.a), a summon is put into play
    during the game and has none (4.3.3.b, 4.2.3). Only a Krosmaster collects Kamas (6.3.3):
    A1 walking to e2 picks one of its 2 Kamas; the Blob, in its turn on c2, may not."""
    lines = [_summoner(_BLOB), *PLACES, A1, cast("A1", "d2", "Summon Blob (3)")]
    if who == "krosmaster":
        walk = [ev("move", unit="A1", to="e1"), ev("move", unit="A1", to="e2")]
        agrees([*lines, *walk, ev("pick_kama", unit="A1", count=1)], catalog)
    else:
        lines += [ev("end", unit="A1"), ev("activate", unit=_BLOB_ID)]
        lines += [ev("move", unit=_BLOB_ID, to="c2"), ev("pick_kama", unit=_BLOB_ID, count=1)]
        refused(lines, catalog, len(lines), "6.3.3")


_TURRET_ID = "A1/tacturret-1"


def test_4_19_6_a_turret_has_hp_but_no_mp(catalog) -> None:
    """A1 summons a Tacturret on d2 and hits it with Gun: a Turret has an HP characteristic
    (4.19.6), so it rolls for Armour (7.2.6.a) and takes the Injury. In its turn it cannot
    step: it has no MP characteristic, so it is no character (4.3.4.a) and cannot move
    (6.3.2)."""
    summon = cast("A1", "d2", "Summon Tacturret (3)")
    lines = [_summoner(_TURRET, gun()), *PLACES, A1, summon, plain_hit("A1", "d2", _TURRET_ID)]
    agrees([*lines, ev("checkpoint", units={_TURRET_ID: {"injuries": 1}})], catalog)
    lines += [ev("end", unit="A1"), ev("activate", unit=_TURRET_ID)]
    lines.append(ev("move", unit=_TURRET_ID, to="d3"))
    refused(lines, catalog, len(lines), "6.3.2")


# -- 4.11.9, 5.1.1: every MP again each turn, the turns alternate ---------------------------------


def test_4_11_9_a_character_moves_with_all_its_mp_each_turn(catalog) -> None:
    """A1 spends its 3 MP in turn 1. The players alternate turns (5.1.1): after B's turn 2,
    A1 has all its 3 MP again in turn 3 (4.11.9) and steps 3 more cells."""
    walk = [ev("move", unit="A1", to=f"d{i}") for i in (2, 3, 4)]
    again = [ev("move", unit="A1", to=f"d{i}") for i in (5, 6, 7)]
    lines = [game(side_a(), side_b()), *PLACES, A1, *walk, ev("end", unit="A1"), *round_trip()]
    lines += [A1, ev("checkpoint", units={"A1": {"mp": 3}}), *again]
    agrees([*lines, ev("checkpoint", units={"A1": {"cell": "d7", "mp": 0}})], catalog)


@pytest.mark.parametrize(("events", "rule"), [([A1], "5.2.1"), ([NO_DOUBLE, A1], "5.5.1")])
def test_5_1_1_the_opponent_plays_the_next_turn(catalog, events, rule: str) -> None:
    """Once A's pieces have played, B's turn follows (5.1.1): A1 cannot start again. B's Roll
    for Tension opens B's turn (5.2.1), and after it B plays the pieces of its own Timeline
    (5.5.1: B1 is next, not A1)."""
    lines = [game(side_a(), side_b()), *PLACES, *turn("A1"), *turn("A2"), *events]
    refused(lines, catalog, len(lines), rule)


# -- 4.2.5, 4.8.6: what a cast on a Kama, an attack, a heal and a special spell roll --------------


def test_4_2_5_a_kama_has_no_characteristic(catalog) -> None:
    """Gun on c2, where only 2 Kamas lie: a Kama has no characteristic (4.2.5), no HP, so
    nobody rolls for Armour (7.2.6.a); the Critical roll alone is legal."""
    lines = [game(side_a(), side_b()), *PLACES, A1, cast("A1", "c2", crit=["lock"])]
    agrees(lines, catalog)


_CURE = spell("Cure", kind="ranged", rmin=0, rmax=12, los=False, element="heal", damage=1)


@pytest.mark.parametrize(
    ("name", "rolls", "rule"),
    [
        ("Gun", {"crit": ["lock"], "armour": {"B2": ["lock"]}}, None),
        ("Gun", {"crit": ["lock"]}, "7.2.6.a"),
        ("Cure", {"crit": ["lock"]}, None),
        ("Cure", {"crit": ["lock"], "armour": {"B2": ["lock"]}}, "7.3.2.a"),
        ("Shove", {}, None),
        ("Shove", {"crit": ["lock"]}, "7.4.2"),
    ],
    ids=["attack", "attack-no-armour", "heal", "heal-armour", "special", "special-dice"],
)
def test_4_8_6_a_spells_class_decides_its_rolls(
    catalog, name: str, rolls: dict[str, Any], rule: str | None
) -> None:
    """A spell is an Attack, Healing or Special spell (4.8.6): an Attack spell inflicts Damage
    (4.8.6.a) and its target rolls for Armour (7.2.6.a); a Healing spell's does not (4.8.6.b,
    7.3.2.a); a Special spell neither damages nor heals (4.8.6.c) and rolls no dice (7.4.2).
    A1 casts each on B2 (d12)."""
    shove = gun("Shove", element=None, effects="Pushes 1.")
    header = game(side_a(spells=[gun(), _CURE, shove]), side_b())
    lines = [header, *PLACES, A1, cast("A1", "d12", name, **rolls)]
    agrees(lines, catalog) if rule is None else refused(lines, catalog, len(lines), rule)


# -- 4.7.11.a, 4.9.5.a: one face-up Equipment per type; the Lock power's two dice -----------------


def _revealed(kind: str) -> list[dict[str, Any]]:
    """A1 (Level 3) buys two Equipment of type `kind` face down in turn 1 and reveals the first;
    it reveals the second in turn 3 (one reveal a turn, 4.7.10)."""
    rewards = [
        {"id": f"r{n}", "rank": "granite", "kind": "equipment", "equipment_type": kind}
        for n in (1, 2)
    ]
    a = [kros("ta1", level=3, initiative=9, ap=20), kros("ta2", initiative=8)]
    header = game(a, side_b(), arena={**ARENA, "kamas": {"d2": 40}}, rewards=rewards)
    buy = [
        ev("buy_reward", unit="A1", rank="granite", reward=r, assign_to="A1") for r in ("r1", "r2")
    ]
    lines = [
        header,
        *PLACES,
        A1,
        ev("move", unit="A1", to="d2"),
        ev("pick_kama", unit="A1", count=6),
    ]
    lines += [*buy, ev("reveal_reward", unit="A1", reward="r1"), ev("end", unit="A1")]
    return [*lines, *round_trip(), A1, ev("reveal_reward", unit="A1", reward="r2")]


@pytest.mark.parametrize(("kind", "rule"), [("weapon", "4.7.11.b"), ("technique", None)])
def test_4_7_11_a_one_face_up_equipment_of_each_type(catalog, kind: str, rule) -> None:
    """A Krosmaster has at most one face-up Equipment of each type, Techniques excepted
    (4.7.11.a): revealing a second Weapon is refused (4.7.11.b, the rule for the reveal); a
    second Technique is revealed."""
    lines = _revealed(kind)
    agrees(lines, catalog) if rule is None else refused(lines, catalog, len(lines), rule)


@pytest.mark.parametrize(("lock", "rule"), [(["lock", "lock"], None), (["lock"], "4.14.5")])
def test_4_9_5_a_the_lock_power_rolls_two_dice(catalog, lock: list[str], rule) -> None:
    """A1 leaves d11, next to B2 (Lock): B2 rolls 2 dice to Lock (4.9.5.a, Step 2 of the Block
    procedure; 4.14.5): 2 Lock successes against no Dodge, A1 is Locked and stays; one die is
    refused under 4.14.5, the Block rule saying the same."""
    lines = [_header(b2_powers=("lock",)), *PLACES, *UP_TO_D11, _leave(lock, ["armour"])]
    if rule is None:
        agrees([*lines, ev("checkpoint", units={"A1": {"cell": "d11"}})], catalog)
    else:
        refused(lines, catalog, len(lines), rule)


# -- 4.18.4.e: a continuous effect applies as soon as its condition is met ----------------------


def test_4_18_4_e_stain_takes_slippery_away_once_next_to_it(catalog) -> None:
    """A1 (Slippery) walks up the d column to d11, next to B2 (Stain). Stain makes a continuous
    static effect (4.18.4.a), applied the moment its condition is met (4.18.4.e): A1 has no
    power next to B2, so leaving d11 needs the Block roll Slippery would have spared it
    (4.14.7, 4.14.2.e)."""
    lines = [_header(a1_powers=("slippery",), b2_powers=("stain",)), *PLACES, *UP_TO_D11]
    lines.append(ev("move", unit="A1", to="e11"))
    refused(lines, catalog, len(lines), "4.14.2.e")


# -- 4.19.2.f, 4.19.2.g: the families of a Tofu and of an Atooin -----------------------------------


@pytest.mark.parametrize(
    ("summon", "family", "injuries"),
    [("Tofu", "Tofu", 2), ("Donatella", "Atooin", 2), ("Donatella", "Tofu", 1)],
    ids=["tofu-is-a-tofu", "donatella-is-an-atooin", "donatella-is-no-tofu"],
)
def test_4_19_2_g_a_summon_belongs_to_its_listed_family(
    catalog, summon: str, family: str, injuries: int
) -> None:
    """A1 summons a Tofu or a Donatella (tokens printed with no Type) on d11, next to B2, then
    hits B2 with a spell inflicting +1 per `family` adjacent to the target. 4.19.2 lists the
    families: a Tofu is of the Tofu family (4.19.2.f), a Donatella of the Atooin family
    (4.19.2.g), so each counts for its own family only: 1 + 1, or 1."""
    slug = summon.lower()
    summoning = gun(
        f"Summon {summon} (2)",
        element=None,
        effects=f"Summons a {summon.upper()} on the targeted free cell.",
    )
    strike = gun("Strike", effects=f"Inflicts +1 {{E}} per {family} adjacent to the target.")
    a = [kros("ta1", initiative=9, spells=[summoning, strike]), kros("ta2", initiative=8)]
    header = game(a, side_b(), extra_profiles=(token(f"token-{slug}", summon, "s1"),))
    lines = [header, *PLACES, A1, cast("A1", "d11", f"Summon {summon} (2)")]
    lines.append(plain_hit("A1", "d12", "B2", "Strike"))
    agrees([*lines, ev("checkpoint", units={"B2": {"injuries": injuries}})], catalog)


# -- 4.9.27.a: Revenge, an obsolete power --------------------------------------------------------


def test_4_9_27_a_revenge_is_read_as_not_printed(catalog) -> None:
    """B2 has Revenge 1, an obsolete power: it has no effect and is read as not printed
    (4.9.27.a). A1's Gun on B2 deals its Injury and nothing comes back to A1."""
    lines = [game(side_a(), side_b(powers=("revenge",))), *PLACES, A1, plain_hit("A1", "d12", "B2")]
    checkpoint = ev("checkpoint", units={"B2": {"injuries": 1}, "A1": {"injuries": 0}})
    agrees([*lines, checkpoint], catalog)
