"""The Chafers' heritage powers (s4-cpk-8 to s4-cpk-11): while the holder is KO'd, the next
allied non-Boss Krosmaster in the Timeline gets the bonus (rules/engine/powers.py,
`heritages_of`). The Chafers are read from the shared roster at run time."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from rules.engine.casting import CastAction, apply_cast
from rules.engine.coverage import coverage
from rules.engine.dice import DiceCountError
from rules.engine.injuries import knock_out
from rules.engine.powers import heritages_of, max_hp, max_mp, powers_of, range_modifiers
from rules.engine.roster import Catalog, Profile, parse_roster
from rules.engine.rulings import Rulings
from rules.engine.state import Phase
from rules.engine.turn import apply_activate
from tests.engine.casting_builders import bar, book, c, card, game, rolls, unit
from tests.engine.roster_data import load_json


@cache
def _catalog() -> Catalog:
    return parse_roster(load_json()).catalog()


def roster(profile_id: str) -> Profile:
    try:
        return _catalog()[profile_id]
    except FileNotFoundError as missing:
        pytest.skip(str(missing))


ARCHER, FOOT_SOLDIER, LANCER, INVISIBLE = "s4-cpk-8", "s4-cpk-9", "s4-cpk-10", "s4-cpk-11"
ALLY = card("ally", "Ally", hp=8, mp=3)
BOSS = card("boss", "Big Boss", hp=8, types=["Boss"])
FOE = card("foe", "Foe", hp=20)
BOSS_PRINTED = Rulings.of({"boss-type": "printed"})


def _team(chafer_id: str, *others):
    """Player A's Timeline: the Chafer (KO'd, off the board), then `others` in order; the Boss
    Type counts (ruling `boss-type` = `printed`; 1.1.1.g leaves it out by default)."""
    chafer = unit("A1", "A", roster(chafer_id), None)
    units = [chafer, *others, unit("B1", "B", FOE, "k10")]
    return replace(game(units, "B1", bystanders=False), rulings=BOSS_PRINTED)


def test_heritage_goes_to_the_next_non_boss_krosmaster_in_the_timeline() -> None:
    """Under the ruling `boss-type: printed`; by default the Boss Type is not printed
    (1.1.1.g), and the heir is the next allied Krosmaster, Boss card or not."""
    team = (unit("A2", "A", BOSS, "c3"), unit("A3", "A", ALLY, "d3"), unit("A4", "A", ALLY, "e3"))
    state = replace(_team(LANCER, *team), rulings=Rulings.of({}))  # the default reading
    assert heritages_of(state, state.unit("A2")) == (("vigorous-heritage", "A1"),)
    state = _team(LANCER, *team)
    assert [heritages_of(state, state.unit(u)) for u in ("A2", "A3", "A4")] == [
        (),
        (("vigorous-heritage", "A1"),),
        (),
    ]
    # The heir KO'd: the next one inherits.
    state = replace(
        state, units=tuple(replace(u, cell=None) if u.id == "A3" else u for u in state.units)
    )
    assert heritages_of(state, state.unit("A4")) == (("vigorous-heritage", "A1"),)


def test_heritage_goes_round_the_timeline() -> None:
    chafer = unit("A3", "A", roster(ARCHER), None)
    units = [
        unit("A1", "A", ALLY, "c3"),
        unit("A2", "A", ALLY, "d3"),
        chafer,
        unit("B1", "B", FOE, "k10"),
    ]
    state = game(units, "B1", bystanders=False)
    assert heritages_of(state, state.unit("A1")) == (("distant-heritage", "A3"),)


def test_no_heritage_while_the_chafer_is_in_play_or_during_set_up() -> None:
    state = _team(LANCER, unit("A2", "A", ALLY, "c3"))
    placed = replace(
        state, units=tuple(replace(u, cell=c("b3")) if u.id == "A1" else u for u in state.units)
    )
    assert heritages_of(placed, placed.unit("A2")) == ()
    assert heritages_of(replace(state, phase=Phase.SETUP), state.unit("A2")) == ()


def test_vigorous_heritage_two_more_hp() -> None:
    state = _team(LANCER, unit("A2", "A", ALLY, "c3", injuries=9))
    assert max_hp(state, state.unit("A2")) == 10  # 8 + 2: 9 Injuries do not KO


def test_oscult_heritage_one_more_mp_max_at_activation() -> None:
    state = _team(INVISIBLE, unit("A2", "A", ALLY, "c3"))
    assert max_mp(state, state.unit("A2")) == 4
    state = replace(state, active_side="A", active_unit=None, activated=())
    assert apply_activate(state, "A2").unit("A2").mp == 4


def test_distant_heritage_one_more_max_range() -> None:
    state = _team(ARCHER, unit("A2", "A", ALLY, "c3"))
    assert range_modifiers(state, state.unit("A2")) == [(1, "Distant Heritage of A1, KO'd")]


def test_vorpal_heritage_gives_critical_hit_to_the_heir() -> None:
    shot = bar("Shot", "fire", 1)
    heir_card = card("heir", "Heir", [shot], hp=8)
    state = _team(FOOT_SOLDIER, unit("A2", "A", heir_card, "c3"), unit("A3", "A", ALLY, "d3"))
    assert "critical-hit" in powers_of(state, state.unit("A2"))
    assert "critical-hit" not in powers_of(state, state.unit("A3"))
    # One more die for the Critical Hit roll (4.9.3): two dice are due.
    state = replace(state, active_side="A", active_unit="A2")
    state = state.with_unit(replace(state.unit("B1"), cell=c("c5")))
    spells = book([heir_card, FOE, roster(FOOT_SOLDIER), ALLY])
    one = CastAction("A2", "Shot", c("c5"), rolls=rolls("lock", B1="lock"))
    with pytest.raises(DiceCountError):
        apply_cast(state, one, spells)
    two = CastAction("A2", "Shot", c("c5"), rolls=rolls("critical lock", B1="lock"))
    assert apply_cast(state, two, spells).state.unit("B1").injuries == 2


def test_a_chafer_knocked_out_in_play_passes_its_heritage_on() -> None:
    lancer = unit("A1", "A", roster(LANCER), "b3")
    units = [lancer, unit("A2", "A", ALLY, "c3", injuries=7), unit("A9", "A", ALLY, "l1")]
    state = game([*units, unit("B1", "B", FOE, "k10")], "B1", bystanders=False)
    assert max_hp(state, state.unit("A2")) == 8
    state = knock_out(state, "A1")
    assert max_hp(state, state.unit("A2")) == 10


def test_heritage_powers_are_modelled() -> None:
    report = coverage(parse_roster(load_json()).profiles)["powers"]["unsupported"]
    for power in ("distant-heritage", "oscult-heritage", "vigorous-heritage", "vorpal-heritage"):
        assert f"power:{power}" not in report


def test_1_1_1_g_a_boss_typed_krosmaster_is_an_heir_by_default() -> None:
    """Under 1.1.1.g (the default reading of `boss-type`) the Boss Type counts as not printed:
    a non-Boss effect applies to any Krosmaster, so the Boss-typed A2 inherits."""
    state = _team(LANCER, unit("A2", "A", BOSS, "c3"), unit("A3", "A", ALLY, "d3"))
    state = replace(state, rulings=Rulings())
    assert heritages_of(state, state.unit("A2")) == (("vigorous-heritage", "A1"),)
    assert heritages_of(state, state.unit("A3")) == ()
