"""Every worked example of chapter 7 (rules 4.1 and 2.7), 4.10 and 4.19 as a scenario.

Cards are built here with only what each example needs; names follow the examples.
"""

from __future__ import annotations

import sys

import pytest

from rules.engine.casting import (
    FANMADE,
    OFFICIAL,
    CastAction,
    ResolveAction,
    apply_cast,
    apply_resolve,
)
from rules.engine.dice import DiceCountError
from rules.engine.errors import RuleViolation
from rules.engine.injuries import knock_out
from rules.engine.roster import Cost
from rules.engine.state import Lasting, Phase
from tests.engine.casting_builders import (
    bar,
    book,
    c,
    card,
    game,
    rolls,
    summon_card,
    token,
    unit,
)

TARGET = card("target", "Target", hp=10, level=2)


#: The rules `_cast` and `_resolve` apply: 4.1's, or each ruleset in turn for a test marked
#: `BOTH` (chapter 7's examples are in 2.7 too, with the same outcomes).
_RULES = FANMADE


@pytest.fixture(params=[FANMADE, OFFICIAL], ids=["4.1", "2.7"])
def _both_rulesets(request, monkeypatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "_RULES", request.param)


BOTH = pytest.mark.usefixtures("_both_rulesets")


def _cast(state, spellbook, caster, spell, target, **kw):
    return apply_cast(state, CastAction(caster, spell, c(target), **kw), spellbook, _RULES)


def _resolve(state, action, spellbook):
    return apply_resolve(state, action, spellbook, _RULES)


# -- 7.1.4.c, 7.2.2.b: costs in Injuries --

PUNITION = bar("Punition", "fire", 2, kind="melee", cost=Cost(ap=2, hp=1))
COA = card("coa", "Coa Gulary", [PUNITION], hp=7, level=1)


@BOTH
def test_7_2_2_b_ko_paying_the_cost_then_the_spell_resolves() -> None:
    state = game([unit("A1", "A", COA, "c3", injuries=6), unit("B1", "B", TARGET, "c4")], "A1")
    out = _cast(state, book([COA, TARGET]), "A1", "Punition", "c4", rolls=rolls("lock", B1="lock"))
    assert out.state.unit("A1").cell is None
    assert (out.state.player("B").gg, out.state.wild_gg) == (7, False)
    assert out.state.unit("B1").injuries == 2  # the following steps are performed normally


@BOTH
def test_7_2_2_b_ko_paying_the_cost_ends_the_game_and_the_spell() -> None:
    units = [unit("A1", "A", COA, "c3", injuries=6), unit("B1", "B", TARGET, "c4")]
    state = game(units, "A1", gg=(1, 11), wild=False)
    out = _cast(state, book([COA, TARGET]), "A1", "Punition", "c4")
    assert (out.state.phase, out.state.winner) == (Phase.OVER, "B")
    assert out.state.unit("B1").injuries == 0
    with pytest.raises(RuleViolation) as refused:  # Punition does not resolve: no dice rolled
        _cast(state, book([COA, TARGET]), "A1", "Punition", "c4", rolls=rolls("lock", B1="lock"))
    assert refused.value.rule == "7.2.2.b"


@BOTH
def test_7_1_4_c_goultard_cannot_receive_two_more_injuries() -> None:
    goultard = card("goultard", "Goultard", [bar("Black Steam", cost=Cost(ap=2, hp=2))], hp=25)
    state = game(
        [unit("A1", "A", goultard, "c3", injuries=24), unit("B1", "B", TARGET, "c5")], "A1"
    )
    with pytest.raises(RuleViolation) as refused:
        _cast(state, book([goultard, TARGET]), "A1", "Black Steam", "c5")
    assert refused.value.rule == "7.1.4.c"


# -- 7.2.4.d: Quentin Flush's Lottery --


def _quentin(gg: tuple[int, int], wild: bool):
    lottery = bar("Lottery", "water", 1, effects="(handled by the card registry)")
    quentin = card("s1-dks1-22", "Quentin Flush", [lottery], hp=6, level=1)
    units = [unit("A1", "A", quentin, "c3", injuries=4), unit("B1", "B", TARGET, "c5")]
    return game(units, "A1", gg=gg, wild=wild), book([quentin, TARGET])


@BOTH
def test_7_2_4_d_lottery_ko_at_end_of_step_3_and_spell_goes_on() -> None:
    state, spells = _quentin((6, 6), True)
    out = _cast(
        state, spells, "A1", "Lottery", "c5", rolls=rolls("lock", "heads tails tails", B1="lock")
    )
    assert out.state.unit("A1").cell is None and out.state.player("B").gg == 7
    assert out.state.unit("B1").injuries == 2  # 1 base + 1 for the heads


@BOTH
def test_7_2_4_d_lottery_ko_wins_the_game_and_the_spell_stops() -> None:
    state, spells = _quentin((1, 11), False)
    out = _cast(state, spells, "A1", "Lottery", "c5", rolls=rolls("", "heads tails tails"))
    assert out.state.winner == "B" and out.state.unit("B1").injuries == 0


# -- 7.2.6.c: Argon Gass' Armour dice --

DEVIOUSNESS = bar("Deviousness", "water", 2, effects="Pierces Armour .")
OSCAR = card(
    "oscar",
    "Oscar Kass",
    [DEVIOUSNESS, bar("Con", "water", 2, kind="melee", effects="Steals Health .")],
    hp=10,
    level=3,
)


@BOTH
def test_7_2_6_c_argon_gass_rolls_one_armour_die() -> None:
    argon = card("argon", "Argon Gass", powers=["armour"])
    state = game([unit("A1", "A", OSCAR, "c3"), unit("B1", "B", argon, "c6")], "A1")
    spells = book([OSCAR, argon])
    with pytest.raises(DiceCountError) as wrong:
        _cast(state, spells, "A1", "Deviousness", "c6", rolls=rolls("lock", B1="lock lock"))
    assert wrong.value.due.count == 1
    out = _cast(state, spells, "A1", "Deviousness", "c6", rolls=rolls("lock", B1="lock"))
    assert out.state.unit("B1").injuries == 2


# -- 7.2.7.c: the Queen of the Tofus' 4 AIR damage --


@BOTH
def test_7_2_7_c_dan_to_fu_deals_4_air_damage() -> None:
    dan = bar(
        "Dan To Fu",
        "air",
        1,
        low=1,
        high=3,
        effects="Inflicts +1 {A} per TOFU adjacent to the target.",
    )
    queen = card("queen", "Queen of the Tofus", [dan])
    knight = card("cloud", "Cloud Knight", powers=["air-resistance"])
    tofu = summon_card("tofu", ap=3, mp=4, hp=1, families=["tofu"])
    units = [
        unit("A1", "A", queen, "c3"),
        unit("B1", "B", knight, "c5"),
        token("T1", "A", "A1", tofu, "b5"),
        token("T2", "A", "A1", tofu, "d5"),
    ]
    state = game(units, "A1")
    boost = Lasting("damage", "A1", "Aero Boost", state.turn, 2, "air")
    state = state.__class__(**{**state.__dict__, "lasting": (boost,)})
    out = _cast(
        state,
        book([queen, knight], [tofu]),
        "A1",
        "Dan To Fu",
        "c5",
        rolls=rolls("critical", B1="armour"),
    )
    assert out.state.unit("B1").injuries == 4
    step6 = next(t for t in out.trace if t.step == "Step 6")
    assert step6.rule == "7.2.7.c" and step6.text.endswith("= 4 AIR damage")
    assert "2 adjacent tofu" in step6.text and "Aero Boost" in step6.text
    assert "Resistance AIR" in step6.text


# -- 7.2.8 / 7.2.9 Example 1: the Celestial Sword chain of Bomb explosions --

EXPLOSION_W = bar("Explosion", "water", 1, kind="self", cost=Cost())
EXPLOSION_F = bar("Explosion", "fire", 2, kind="self", cost=Cost())
WATER_BOMB = summon_card("Water Bomb", [EXPLOSION_W], families=["bomb"])
FIRE_BOMB = summon_card("Firebomb", [EXPLOSION_F], families=["bomb"])


@BOTH
def test_7_2_9_a_celestial_sword_chain_of_explosions_in_the_players_order() -> None:
    sword = bar("Celestial Sword", "water", 1, low=2, high=3, effects='"Cross" area of effect.')
    goultard = card("goultard", "Goultard", [sword], hp=25)
    bomber = card("bomber", "Bomber")
    units = [
        unit("A1", "A", goultard, "d1"),
        unit("B1", "B", bomber, "k11"),
        token("W1", "B", "B1", WATER_BOMB, "d4"),
        token("W2", "B", "B1", WATER_BOMB, "e4"),
        token("F1", "B", "B1", FIRE_BOMB, "c5"),
        token("F2", "B", "B1", FIRE_BOMB, "c3"),
    ]
    spells = book([goultard, bomber], [WATER_BOMB, FIRE_BOMB])
    out = _cast(
        game(units, "A1"),
        spells,
        "A1",
        "Celestial Sword",
        "d4",
        rolls=rolls("lock", W1="lock", W2="lock"),
    )
    assert [p.label for p in out.state.pending] == ["explosion:W1", "explosion:W2"]
    assert out.trace[-1].rule == "7.2.9.a"  # waiting for the active player's order
    out = _resolve(
        out.state, ResolveAction("explosion:W1", rolls("lock", F1="lock", F2="lock")), spells
    )
    assert [p.label for p in out.state.pending] == ["explosion:W2", "explosion:F1", "explosion:F2"]
    for label in ("explosion:F2", "explosion:W2", "explosion:F1"):
        out = _resolve(out.state, ResolveAction(label, rolls("lock")), spells)
    assert out.state.pending == ()


# -- 7.2.8 / 7.2.9 Example 2: Bad Aboum's Retreat Shot onto a Lethal Trap --

CLICK = bar("Click", "fire", 3, kind="self", cost=Cost())
LETHAL_TRAP = summon_card("Lethal Trap", [CLICK], hp=None, families=["trap"])


def _aboum(gg: tuple[int, int], wild: bool):
    shot = bar("Retreat Shot", "air", 1, low=1, high=4, effects="Retreats 1 .")
    aboum = card("aboum", "Bad Aboum", [shot], hp=8)
    fraktor = card("fraktor", "Fraktor", hp=12, level=4)
    units = [
        unit("A1", "A", aboum, "c3"),
        unit("B1", "B", fraktor, "c6", injuries=11),
        token("T1", "B", "B1", LETHAL_TRAP, "c2"),
    ]
    return game(units, "A1", gg=gg, wild=wild), book([aboum, fraktor], [LETHAL_TRAP])


@BOTH
def test_7_2_8_c_ko_after_step_7_ends_the_game_before_the_click() -> None:
    state, spells = _aboum((2, 3), False)
    out = _cast(state, spells, "A1", "Retreat Shot", "c6", rolls=rolls("lock", B1="lock"))
    assert out.state.unit("A1").cell == c("c2") and out.state.unit("T1").cell is None
    assert out.state.winner == "A" and out.state.unit("A1").injuries == 0


@BOTH
def test_7_2_9_click_resolves_in_step_8_when_nobody_won() -> None:
    state, spells = _aboum((6, 6), True)
    out = _cast(
        state,
        spells,
        "A1",
        "Retreat Shot",
        "c6",
        rolls=rolls("lock", B1="lock"),
        standby_rolls={"click:T1": rolls("lock", A1="lock")},
    )
    assert out.state.unit("B1").cell is None and out.state.player("A").gg == 10
    assert out.state.unit("A1").injuries == 3  # poor Bad Aboum
    assert out.state.pending == ()


# -- 7.2.8 / 7.2.9 Example 3: Maskun John's Counter and the GG count --


@BOTH
def test_7_2_9_maskun_john_counter_ends_the_game() -> None:
    arrow = bar("Blazing Arrow", "fire", 2, low=1, high=5)
    jems = card("jems", "Jems Blond", [arrow], hp=8, level=4)
    maskun = card("maskun", "Maskun John", hp=13, level=2, powers=["counter"])
    units = [unit("A1", "A", jems, "c3", injuries=7), unit("B1", "B", maskun, "c6", injuries=11)]
    state = game(units, "A1", gg=(2, 2), wild=True)
    out = _cast(
        state, book([jems, maskun]), "A1", "Blazing Arrow", "c6", rolls=rolls("lock", B1="lock")
    )
    ko = [t.text for t in out.trace if t.step == "Step 7"]
    assert "B1 is KO'd" in ko and any("Counter goes on standby" in t for t in ko)
    assert out.state.unit("A1").cell is None  # the Counter KO'd Jems Blond in Step 8
    assert (out.state.player("A").gg, out.state.player("B").gg) == (0, 5)
    assert out.state.winner == "B"


@BOTH
def test_7_2_8_c_maskun_john_ko_gives_4_to_1_not_a_win() -> None:
    arrow = bar("Blazing Arrow", "fire", 2, low=1, high=5)
    jems = card("jems", "Jems Blond", [arrow], hp=8, level=4)
    maskun = card("maskun", "Maskun John", hp=13, level=2)
    units = [unit("A1", "A", jems, "c3", injuries=7), unit("B1", "B", maskun, "c6", injuries=11)]
    out = _cast(
        game(units, "A1", gg=(2, 2)),
        book([jems, maskun]),
        "A1",
        "Blazing Arrow",
        "c6",
        rolls=rolls("lock", B1="lock"),
    )
    assert (out.state.player("A").gg, out.state.player("B").gg, out.state.wild_gg) == (4, 1, False)
    assert out.state.phase is Phase.PIECES


# -- 7.2.8 / 7.2.9 Example 4: Oscar Kass and the Fire Bomb, in both orders --


def _oscar_bomb():
    units = [
        unit("A1", "A", OSCAR, "c3", injuries=8),
        unit("B1", "B", TARGET, "k11"),
        token("F1", "B", "B1", FIRE_BOMB, "c4"),
    ]
    spells = book([OSCAR, TARGET], [FIRE_BOMB])
    out = _cast(game(units, "A1"), spells, "A1", "Con", "c4", rolls=rolls("critical", F1="lock"))
    assert [p.label for p in out.state.pending] == ["steals-health:A1", "explosion:F1"]
    return out.state, spells


@BOTH
def test_7_2_9_b_explosion_first_kos_oscar_and_steals_health_is_dropped() -> None:
    state, spells = _oscar_bomb()
    out = _resolve(state, ResolveAction("explosion:F1", rolls("lock", A1="lock")), spells)
    assert out.state.unit("A1").cell is None and out.state.pending == ()
    assert any(t.rule == "7.2.9.b" for t in out.trace)


@BOTH
def test_7_2_9_a_steals_health_first_saves_oscar() -> None:
    state, spells = _oscar_bomb()
    out = _resolve(
        state,
        ResolveAction(
            "steals-health:A1",
            order=("explosion:F1",),
            standby_rolls={"explosion:F1": rolls("lock", A1="lock")},
        ),
        spells,
    )
    assert out.state.unit("A1").injuries == 9 and out.state.pending == ()


# -- 7.2.8.d: Merkator's Krowsome with Steals Health; 4.10.4 and 4.10.5 --


@BOTH
@pytest.mark.parametrize(("power", "placed"), [("krobust", 3), ("krowsome", 2)])
def test_7_2_8_d_injury_cap_and_steals_health(power: str, placed: int) -> None:
    con = bar("Con", "water", 4, kind="melee", effects="Steals Health .")
    oscar = card("oscar", "Oscar Kass", [con], hp=10)
    merkator = card("merkator", "Merkator", hp=17, powers=[power])
    units = [unit("A1", "A", oscar, "c3", injuries=5), unit("B1", "B", merkator, "c4")]
    out = _cast(
        game(units, "A1"),
        book([oscar, merkator]),
        "A1",
        "Con",
        "c4",
        rolls=rolls("critical", B1="lock"),
    )  # 5 damage
    assert out.state.unit("B1").injuries == placed
    assert out.state.unit("A1").injuries == 5 - placed


def test_4_10_4_con_on_bill_tell_excess_damage_is_lost() -> None:
    con = bar("Con", "water", 1, kind="melee", effects="Steals Health .")
    oscar = card("oscar", "Oscar Kass", [con], hp=10)
    bill = card("bill", "Bill Tell", hp=6)
    units = [unit("A1", "A", oscar, "c3", injuries=2), unit("B1", "B", bill, "c4", injuries=5)]
    out = _cast(
        game(units, "A1"),
        book([oscar, bill]),
        "A1",
        "Con",
        "c4",
        rolls=rolls("critical", B1="lock"),
    )
    assert out.state.unit("B1").cell is None and out.state.unit("A1").injuries == 1


def test_4_10_5_foggone_conclusion_heals_only_the_injuries_there() -> None:
    fog = bar("Foggone Conclusion", "heal", 1, kind="self", cost=Cost(ap=2))
    merkator = card("merkator", "Merkator", [fog], hp=17)
    units = [unit("A1", "A", merkator, "c3", injuries=1), unit("B1", "B", TARGET, "k11")]
    out = _cast(
        game(units, "A1"),
        book([merkator, TARGET]),
        "A1",
        "Foggone Conclusion",
        "c3",
        rolls=rolls("critical"),
    )
    assert out.state.unit("A1").injuries == 0
    assert "= 2 heal" in next(t.text for t in out.trace if t.step == "Step 6")


# -- 4.19: summons --

TOFU = summon_card("Tofu", ap=3, mp=4, hp=1, families=["tofu"], strength=1)
SUMMON_TOFU = bar(
    "Summoning of Tofu (3)",
    None,
    kind="melee",
    effects="Summons a TOFU on the targeted empty cell.",
)
QUEEN = card("queen", "Queen of the Tofus", [SUMMON_TOFU])


def test_4_19_9_e_queen_summons_again_after_a_tofu_is_removed() -> None:
    units = [unit("A1", "A", QUEEN, "c3", ap=12), unit("B1", "B", TARGET, "k11")]
    spells = book([QUEEN, TARGET], [TOFU])
    state = game(units, "A1")
    for cell in ("c4", "b3", "d3"):
        state = _cast(state, spells, "A1", "Summoning of Tofu (3)", cell).state
    assert state.timeline("A")[:4] == ("A1", "A1/tofu-1", "A1/tofu-2", "A1/tofu-3")  # 4.19.1.h
    with pytest.raises(RuleViolation) as refused:
        _cast(state, spells, "A1", "Summoning of Tofu (3)", "c2")
    assert refused.value.rule == "4.19.9.c"
    state = knock_out(state, "A1/tofu-2")
    state = _cast(state, spells, "A1", "Summoning of Tofu (3)", "c2").state
    assert state.unit("A1/tofu-2").cell == c("c2")


def test_4_19_9_d_team_strength_limit_of_6() -> None:
    crackstone = summon_card("Crackstone", ap=4, mp=3, hp=4, strength=3)
    crobak = summon_card("Crobak", ap=4, mp=4, hp=2, strength=1)
    elogio = card(
        "elogio",
        "Elogio",
        [
            bar(
                "Summon Crackstone (2)",
                None,
                kind="melee",
                effects="Places a CRACKSTONE in play on the targeted free cell.",
            )
        ],
    )
    crow = card(
        "crow",
        "Black Crow",
        [
            bar(
                "Summon Crobak (3)",
                None,
                kind="melee",
                effects="Put a CROBAK into play in the targeted free cell.",
            )
        ],
    )
    units = [
        unit("A1", "A", elogio, "c3"),
        unit("A2", "A", crow, "h3", ap=9),
        unit("B1", "B", TARGET, "k11"),
        token("A1/crackstone-1", "A", "A1", crackstone, "a1"),
        token("A2/crobak-1", "A", "A2", crobak, "l1"),
    ]
    spells = book([elogio, crow, TARGET], [crackstone, crobak])
    with pytest.raises(RuleViolation) as refused:
        _cast(game(units, "A1"), spells, "A1", "Summon Crackstone (2)", "c4")
    assert refused.value.rule == "4.19.9.d"
    state = _cast(game(units, "A2"), spells, "A2", "Summon Crobak (3)", "h4").state
    state = _cast(state, spells, "A2", "Summon Crobak (3)", "g3").state
    assert sum(1 for u in state.in_arena() if u.summoner == "A2") == 3


def test_4_19_5_c_bomb_explodes_at_the_start_of_its_summoners_turn() -> None:
    from rules.engine.turn import apply_activate

    units = [
        unit("A1", "A", TARGET, "c3"),
        unit("B1", "B", TARGET, "k11"),
        token("W1", "A", "A1", WATER_BOMB, "c4"),
    ]
    state = game(units, "A1")
    state = state.__class__(**{**state.__dict__, "active_unit": None})
    state = apply_activate(state, "A1")
    assert [p.label for p in state.pending] == ["explosion:W1"]
    out = apply_resolve(
        state, ResolveAction("explosion:W1", rolls("lock", A1="lock")), book([TARGET], [WATER_BOMB])
    )
    assert out.state.unit("A1").injuries == 1 and out.state.pending == ()


# -- 8.3.1: Neutral spells and the official rules 2.7 --


def test_8_3_1_neutral_armour_is_one_die_in_4_1_but_not_in_2_7() -> None:
    armoured = card("armoured", "Armoured", powers=["armour"])
    puncher = card("puncher", "Puncher")
    units = [unit("A1", "A", puncher, "c3"), unit("B1", "B", armoured, "c4")]
    state, spells = game(units, "A1"), book([puncher, armoured])
    action = CastAction("A1", "Punch", c("c4"), rolls("lock", B1="lock lock"))
    with pytest.raises(DiceCountError):
        apply_cast(state, action, spells)
    out = apply_cast(state, action, spells, OFFICIAL)
    assert out.state.unit("B1").injuries == 1
