"""Summoning spells placing their summons their own way, Costs of X, and Ghoulification's
summon on standby (rules/engine/cards/summoning.py).

Each test is named after the card and cites its rules: 4.19.1.a-b (a free cell without units),
4.19.9.c (control value, as many as possible), 4.19.9.e (a Special summoning spell at its control
value cannot be cast), 4.8.1/7.1.4 (a cost of X), 7.2.1.c/7.2.9 (an effect on standby), 4.19.8.c
(Profanation), 7.5.21 (Move Closer), 7.2.4 (choices the log carries).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.errors import RuleViolation
from rules.engine.rulings import Rulings
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import game, summon_card, token, unit

CROBAK = summon_card("Crobak", hp=3, ap=3, mp=3)
TOMBSTONE = summon_card("Tombstone", hp=3, families=["tombstone"], powers=["profanation"])
REAPER = summon_card("Reaper", hp=3, ap=3, mp=3)
SINISTRO = summon_card("Sinistro", hp=3, ap=3, mp=3)
FLEEFLEE = summon_card("Fleeflee", hp=3, ap=3, mp=3)
JELLIES = [summon_card(n, hp=3, ap=3, mp=3) for n in ("Strawberry Jelly", "Lemon Jelly")]
DREGGON = summon_card("Immature Dreggon", hp=2)
ATOOIN = summon_card("Atooin", hp=3, ap=3, mp=3)
TOFU = summon_card("Tofu", hp=3, ap=3, mp=3)
GHOUL = summon_card("Ghoul", hp=3, ap=3, mp=3)


def summons_of(out, name: str) -> list[str]:
    return sorted(
        u.cell.name for u in out.state.in_arena() if u.profile.name == name and u.cell is not None
    )


@pytest.mark.parametrize(
    ("profile_id", "name"),
    [
        ("s3-dark-4", "Crobak Nosedive (3)"),
        ("s4-cpk-1", "Crobak Dive (3)"),
    ],
)
def test_crobak_nosedive_4_19_1_a_crobak_next_to_the_targeted_opponent(profile_id, name) -> None:
    crow = roster(profile_id, drop_powers=True)
    spell = next(s for s in crow.spells if s.name == name)
    target = f"e{5 + (spell.range_min or 1)}"
    units = [unit("A1", "A", crow, "e5"), unit("B1", "B", FOE, target)]
    beside = f"f{5 + (spell.range_min or 1)}"
    out = cast(
        units, [crow, FOE], "A1", name, target, choices=(f"cell:{beside}",), summons=[CROBAK]
    )
    assert summons_of(out, "Crobak") == [beside]
    with pytest.raises(RuleViolation):
        cast(units, [crow, FOE], "A1", name, target, choices=("cell:a1",), summons=[CROBAK])


def test_death_hand_4_19_8_a_tombstone_next_to_the_target() -> None:
    chafer = roster("s4-cpk-12", drop_powers=True)
    units = [unit("A1", "A", chafer, "e5"), unit("B1", "B", FOE, "e7")]
    out = cast(
        units,
        [chafer, FOE],
        "A1",
        "Death Hand (4)",
        "e7",
        choices=("cell:e8",),
        summons=[TOMBSTONE],
    )
    assert summons_of(out, "Tombstone") == ["e8"] and out.state.unit("B1").injuries == 1


def test_come_to_mama_4_8_1_a_cost_of_x_sets_reapings_control_value_for_the_turn() -> None:
    emily = roster("s6-botf-4", drop_powers=True)
    units = [unit("A1", "A", emily, "e5", ap=12), unit("B1", "B", FOE, "e8")]
    with pytest.raises(RuleViolation) as no_x:
        cast(units, [emily], "A1", "Come to Mama...", "e5", kamas=(3, 0))
    assert no_x.value.rule == "7.1.4"
    with pytest.raises(RuleViolation) as poor:
        cast(units, [emily], "A1", "Come to Mama...", "e5", kamas=(1, 0), choices=("x:2",))
    assert poor.value.rule == "7.1.4.d"
    mama = cast(units, [emily], "A1", "Come to Mama...", "e5", kamas=(3, 0), choices=("x:2",))
    assert mama.state.player("A").kamas == 1
    reap = cast(
        units,
        [emily, FOE],
        "A1",
        "Reaping (0)",
        "e8",
        choices=("cell:f8",),
        state=mama.state,
        summons=[REAPER],
    )
    assert summons_of(reap, "Reaper") == ["f8"]


def test_reaping_4_19_9_c_control_value_zero_puts_no_reaper_but_still_hits() -> None:
    emily = roster("s6-botf-4", drop_powers=True)
    units = [unit("A1", "A", emily, "e5"), unit("B1", "B", FOE, "e8")]
    out = cast(
        units, [emily, FOE], "A1", "Reaping (0)", "e8", choices=("cell:f8",), summons=[REAPER]
    )
    assert summons_of(out, "Reaper") == [] and out.state.unit("B1").injuries == 1


@pytest.mark.parametrize("profile_id", ["s1-exf-9", "s1-et1-44"])
def test_bubotron_tournament_4_19_9_c_sinistros_on_free_cells_up_to_four(profile_id) -> None:
    frigost = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", frigost, "e5", ap=12), unit("B1", "B", FOE, "e6")]
    free = _free_hammer_cells(units)
    out = cast(units, [frigost, FOE], "A1", "Bubotron Tournament (4)", "e6", summons=[SINISTRO])
    assert summons_of(out, "Sinistro") == free[:4] and len(free) <= 4
    two = [
        *units,
        token("A1/sinistro-1", "A", "A1", SINISTRO, "h8"),
        token("A1/sinistro-2", "A", "A1", SINISTRO, "h9"),
    ]
    with pytest.raises(RuleViolation) as which:
        cast(two, [frigost, FOE], "A1", "Bubotron Tournament (4)", "e6", summons=[SINISTRO])
    assert "cell:" in str(which.value)
    picked = tuple(f"cell:{c}" for c in free[:2])
    out = cast(
        two,
        [frigost, FOE],
        "A1",
        "Bubotron Tournament (4)",
        "e6",
        summons=[SINISTRO],
        choices=picked,
    )
    assert summons_of(out, "Sinistro") == sorted([*free[:2], "h8", "h9"])


def _free_hammer_cells(units) -> list[str]:
    from rules.engine.areas import Shape, area_cells
    from tests.engine.casting_builders import c

    cells = area_cells(Shape.HAMMER, c("e5"), c("e6"))
    taken = {u.cell for u in units}
    return sorted(x.name for x in cells if x not in taken)


def test_summoning_of_fleeflee_4_19_1_a_fleeflee_on_the_targeted_cell() -> None:
    grampy = roster("s4-ks4-4", drop_powers=True)
    units = [unit("A1", "A", grampy, "e5")]
    out = cast(units, [grampy], "A1", "Summoning of Fleeflee (1)", "e6", summons=[FLEEFLEE])
    assert summons_of(out, "Fleeflee") == ["e6"]
    with pytest.raises(RuleViolation) as full:
        state = replace(out.state, spell_uses=())  # a later turn
        cast(
            units,
            [grampy],
            "A1",
            "Summoning of Fleeflee (1)",
            "d5",
            state=state,
            summons=[FLEEFLEE],
        )
    assert full.value.rule == "4.19.9.c"


def test_imperial_guard_7_2_4_the_jelly_of_the_players_choosing() -> None:
    jellix = roster("s5-exf5-1", drop_powers=True)
    units = [unit("A1", "A", jellix, "e5")]
    out = cast(
        units,
        [jellix],
        "A1",
        "Imperial Guard (3)",
        "e6",
        choices=("summon:Lemon Jelly",),
        summons=JELLIES,
    )
    assert summons_of(out, "Lemon Jelly") == ["e6"]
    with pytest.raises(RuleViolation):
        cast(
            units,
            [jellix],
            "A1",
            "Imperial Guard (3)",
            "e6",
            choices=("summon:Tofu",),
            summons=JELLIES,
        )


def test_imperial_guard_ruling_all_jellies_counts_every_jelly() -> None:
    jellix = roster("s5-exf5-1", drop_powers=True)
    straw = JELLIES[0]
    units = [
        unit("A1", "A", jellix, "e5"),
        token("A1/strawberry-jelly-1", "A", "A1", straw, "h8"),
        token("A1/strawberry-jelly-2", "A", "A1", straw, "h9"),
        token("A1/strawberry-jelly-3", "A", "A1", straw, "h10"),
    ]
    per_name = cast(
        units,
        [jellix],
        "A1",
        "Imperial Guard (3)",
        "e6",
        choices=("summon:Lemon Jelly",),
        summons=JELLIES,
    )
    assert summons_of(per_name, "Lemon Jelly") == ["e6"]
    state = replace(
        game(units, "A1"), rulings=Rulings.of({"imperial-guard-control": "all-jellies"})
    )
    with pytest.raises(RuleViolation) as full:
        cast(
            units,
            [jellix],
            "A1",
            "Imperial Guard (3)",
            "e6",
            state=state,
            choices=("summon:Lemon Jelly",),
            summons=JELLIES,
        )
    assert full.value.rule == "4.19.9.c"


def test_fatebook_4_19_8_c_a_tombstone_then_the_nun_or_an_adjacent_ally_onto_it() -> None:
    nun = roster("s4-cpk-4", drop_powers=True)
    units = [unit("A1", "A", nun, "e5"), unit("A2", "A", FRIEND, "d5")]
    herself = cast(units, [nun, FRIEND], "A1", "Fatebook (4)", "e8", summons=[TOMBSTONE])
    assert herself.state.unit("A1").cell.name == "e8"
    ally = cast(
        units, [nun, FRIEND], "A1", "Fatebook (4)", "e8", choices=("unit:A2",), summons=[TOMBSTONE]
    )
    assert ally.state.unit("A2").cell.name == "e8" and summons_of(ally, "Tombstone") == ["e8"]


@pytest.mark.parametrize(
    ("profile_id", "name"),
    [
        ("s3-dks3-7", "Lay Immature Dreggon (1)"),
        ("s3-dks3-8", "Lay Immature Dreggon (1)"),
        ("s3-dks3-9", "Lay Immature Dreggon (1)"),
        ("s3-dks3-10", "Lay Royal Immature Dreggon (2)"),
    ],
)
def test_lay_immature_dreggon_7_5_21_into_the_empty_cell_and_an_egg_behind(
    profile_id, name
) -> None:
    dreggon = roster(profile_id, drop_powers=True)
    units = [unit("A1", "A", dreggon, "e5")]
    out = cast(units, [dreggon], "A1", name, "e6", summons=[DREGGON])
    assert out.state.unit("A1").cell.name == "e6" and summons_of(out, "Immature Dreggon") == ["e5"]
    state = replace(game(units, "A1"), rulings=Rulings.of({"move-closer-empty-cell": "stay"}))
    stay = cast(units, [dreggon], "A1", name, "e6", state=state, summons=[DREGGON])
    assert stay.state.unit("A1").cell.name == "e5" and summons_of(stay, "Immature Dreggon") == []


def test_turtle_formation_7_5_20_retreat_then_an_atooin_on_the_freed_cell() -> None:
    cell_ = roster("s4-cpk-2", drop_powers=True)
    units = [unit("A1", "A", cell_, "e5"), unit("B1", "B", FOE, "e6")]
    out = cast(units, [cell_, FOE], "A1", "Turtle Formation (1)", "e6", summons=[ATOOIN])
    assert out.state.unit("A1").cell.name == "e4" and summons_of(out, "Atooin") == ["e5"]


def test_tofu_throwing_7_5_10_push_then_a_tofu_on_the_freed_cell() -> None:
    mino = roster("s3-dks3-15", drop_powers=True)
    units = [unit("A1", "A", mino, "e5"), unit("B1", "B", FOE, "e7")]
    out = cast(units, [mino, FOE], "A1", "Tofu Throwing (2)", "e7", summons=[TOFU])
    assert out.state.unit("B1").cell.name == "e9" and summons_of(out, "Tofu") == ["e7"]


def test_ghoulification_7_2_1_c_a_ghoul_on_standby_comes_only_after_a_ko() -> None:
    """Steals Health and the Ghoul wait on standby together; their order cannot change anything
    (7.2.9.a), so Step 8 resolves both without asking: no KO, no Ghoul (the caster healed 2);
    a KO, a Ghoul on the target's cell."""
    vampyro = roster("s3-dark-5", drop_powers=True)
    alive = [unit("A1", "A", vampyro, "e5", injuries=3), unit("B1", "B", FOE, "e6")]
    out = cast(alive, [vampyro, FOE], "A1", "Ghoulification (4)", "e6", summons=[GHOUL])
    assert not out.state.pending and summons_of(out, "Ghoul") == []
    assert out.state.unit("A1").injuries == 1
    dying = [unit("A1", "A", vampyro, "e5"), unit("B1", "B", FOE, "e6", injuries=18)]
    out = cast(dying, [vampyro, FOE], "A1", "Ghoulification (4)", "e6", summons=[GHOUL])
    assert not out.state.pending and summons_of(out, "Ghoul") == ["e6"]


def test_pressure_buttomb_4_10_2_the_nuns_tombstones_kod_and_her_gauges_grow() -> None:
    nun = roster("s4-cpk-4", drop_powers=True)
    units = [
        unit("A1", "A", nun, "e5", ap=6, mp=3),
        token("A1/tombstone-1", "A", "A1", TOMBSTONE, "h8"),
        token("A1/tombstone-2", "A", "A1", TOMBSTONE, "h9"),
    ]
    out = cast(units, [nun], "A1", "Pressure Buttomb", "e5")
    assert summons_of(out, "Tombstone") == []
    assert (out.state.unit("A1").ap, out.state.unit("A1").mp) == (8, 5)
