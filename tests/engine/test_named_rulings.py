"""The named rulings where the rules text is silent about who KOs, in what order powers' effects
resolve and who is "targeted" (docs/engine-spells.md, "Rulings decided here"): each scenario is
played under its default reading and under the other one an event may choose.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine.casting import ResolveAction, apply_resolve
from rules.engine.errors import RuleViolation
from rules.engine.injuries import injure, ko_source
from rules.engine.reactions import on_turn_start, settle
from rules.engine.rulings import Rulings, named
from rules.engine.state import GameState
from tests.engine.card_casts import FOE, cast, roster
from tests.engine.casting_builders import (
    bar,
    book,
    card,
    game,
    rolls,
    summon_card,
    token,
    unit,
)

BOOM = bar("Explosion", "fire", 1, kind="self")
BOMB = summon_card("Firebomb", [BOOM], hp=1, families=["bomb"])


def _ruled(state: GameState, **chosen: str) -> GameState:
    return replace(state, rulings=Rulings.of({k.replace("_", "-"): v for k, v in chosen.items()}))


def test_rulings_are_registered_with_their_rule_and_default() -> None:
    expected = {
        "ko-credit": ("4.10.6.b", "injury-source"),
        "standby-order": ("4.18.3.b", "trigger-order"),
        "targeted-units": ("7.2.3", "every-target"),
        "prerequisite-targets": ("7.1.2", "main-target"),
    }
    for name, (rule, default) in expected.items():
        ruling = named(name)
        assert (ruling.rule, ruling.default) == (rule, default)
        assert len(ruling.readings) == 2


# -- ko-credit (4.10.6.b, 4.9.21) -----------------------------------------------------------------


def _bomb_kills(**chosen: str) -> GameState:
    """Moe Lawr (Prospecting) summoned a Bomb whose Explosion puts the last Injury on B1."""
    moe = roster("s2-dks2-14")
    units = [
        unit("A1", "A", moe, "c3"),
        token("A1/firebomb-1", "A", "A1", BOMB, "e5"),
        unit("B1", "B", FOE, "e6", injuries=19),
    ]
    state = _ruled(game(units, "A1"), **chosen)
    state = injure(state, "B1", 1, source="A1/firebomb-1")
    return settle(state)[0]


def test_4_10_6_b_ko_credit_default_the_bomb_kos_and_prospecting_waits_for_a_krosmaster() -> None:
    state = _bomb_kills()
    assert state.unit("B1").cell is None
    assert state.player("A").kamas == 0  # 4.9.21: a Bomb is not a Krosmaster
    assert state.player("A").gg == 6 + 2  # the GG go to the opponent whoever KOs


def test_4_10_6_b_ko_credit_summoner_credits_the_krosmaster_who_summoned_the_bomb() -> None:
    state = _bomb_kills(ko_credit="summoner")
    assert state.player("A").kamas == 1  # Moe Lawr KO'd B1 through his Bomb
    assert state.player("A").gg == 6 + 2


def test_4_10_6_b_ko_credit_summoner_leaves_a_krosmasters_own_ko_alone() -> None:
    units = [unit("A1", "A", FOE, "c3"), unit("B1", "B", FOE, "c4", injuries=5)]
    state = _ruled(game(units, "A1"), ko_credit="summoner")
    state, _ = settle(injure(state, "B1", 1, source="A1"))
    assert ko_source(state, "B1") == "A1"


def test_4_10_6_b_ko_credit_a_trap_click_is_credited_like_a_bomb() -> None:
    click = bar("Click", "fire", 2, kind="self")
    trap = summon_card("Trap", [click], hp=None, families=["trap"])
    units = [
        unit("A1", "A", FOE, "c3"),
        token("A1/trap-1", "A", "A1", trap, "h8"),
        unit("B1", "B", FOE, "c4", injuries=5),
    ]
    state = injure(game(units, "A1"), "B1", 1, source="A1/trap-1")
    assert ko_source(state, "B1") == "A1/trap-1"
    state = _ruled(game(units, "A1"), ko_credit="summoner")
    state = injure(state, "B1", 1, source="A1/trap-1")
    assert ko_source(state, "B1") == "A1"


# -- standby-order (4.18.3.b) ---------------------------------------------------------------------


def _two_prospectors_punch(**chosen: str):
    moe = roster("s2-dks2-14")
    units = [
        unit("A1", "A", moe, "c3"),
        unit("A2", "A", moe, "h1"),
        unit("B1", "B", FOE, "c4", injuries=19),
    ]
    state = _ruled(game(units, "A1"), **chosen)
    return cast(units, [moe, FOE], "A1", "Punch", "c4", state=state), [moe, FOE]


def test_4_18_3_b_standby_order_default_powers_resolve_in_the_order_they_triggered() -> None:
    out, _ = _two_prospectors_punch()
    assert out.state.player("A").kamas == 2 and not out.state.pending


def test_4_18_3_b_standby_order_active_player_orders_waits_for_resolve_events() -> None:
    out, profiles = _two_prospectors_punch(standby_order="active-player-orders")
    labels = [p.label for p in out.state.pending]
    assert len(labels) == 2 and out.state.player("A").kamas == 0
    assert any("waiting for the active player's order" in t.text for t in out.trace)
    # the log names one; the last one has nothing left to order and resolves with it
    resolved = apply_resolve(out.state, ResolveAction(labels[1], rolls()), book(profiles))
    assert resolved.state.player("A").kamas == 2 and not resolved.state.pending


def test_4_18_3_b_standby_order_active_player_orders_also_outside_a_spell() -> None:
    moe = roster("s2-dks2-14")
    units = [
        unit("A1", "A", moe, "c3"),
        unit("A2", "A", moe, "h1"),
        unit("B1", "B", FOE, "c4", injuries=19),
    ]
    state = injure(game(units, "A1"), "B1", 1, source="A1")
    assert settle(state)[0].player("A").kamas == 2
    waiting = settle(_ruled(state, standby_order="active-player-orders"))[0]
    assert waiting.player("A").kamas == 0 and len(waiting.pending) == 2


# -- targeted-units (7.2.3) -----------------------------------------------------------------------

CROSS = bar("Wakfu Blast", "air", 1, low=1, high=4, effects='"Cross" area of effect.')
THEO = card("theo-test", "Theo", [CROSS], hp=10, powers=("wakfu-recycling",))


def _blast_next_to_an_enemy(**chosen: str):
    """Theo's Cross-area spell hits a free cell c5; the enemy Krosmaster on c6 is only an
    additional target (7.2.3.b)."""
    units = [
        unit("A1", "A", THEO, "c3", injuries=3),
        unit("B1", "B", FOE, "d5"),
    ]
    state = _ruled(game(units, "A1"), **chosen)
    return cast(units, [THEO, FOE], "A1", "Wakfu Blast", "c5", armour={"B1": "lock"}, state=state)


def test_7_2_3_targeted_units_default_every_target_of_the_area_triggers_wakfu_recycling() -> None:
    out = _blast_next_to_an_enemy()
    assert out.state.unit("B1").injuries > 0
    assert out.state.unit("A1").injuries == 2  # healed of 1


def test_7_2_3_targeted_units_main_target_ignores_the_additional_targets() -> None:
    out = _blast_next_to_an_enemy(targeted_units="main-target")
    assert out.state.unit("B1").injuries > 0
    assert out.state.unit("A1").injuries == 3  # nobody stood on the targeted cell


def test_7_2_3_targeted_units_main_target_still_triggers_on_the_targeted_cell() -> None:
    units = [unit("A1", "A", THEO, "c3", injuries=3), unit("B1", "B", FOE, "c5")]
    state = _ruled(game(units, "A1"), targeted_units="main-target")
    out = cast(units, [THEO, FOE], "A1", "Wakfu Blast", "c5", state=state)
    assert out.state.unit("A1").injuries == 2


@pytest.mark.parametrize(
    "name", ["ko-credit", "standby-order", "targeted-units", "prerequisite-targets"]
)
def test_an_unknown_reading_is_refused_naming_the_readings(name: str) -> None:
    from rules.engine.rulings import RulingError

    with pytest.raises(RulingError, match=name):
        Rulings.of({name: "whatever"})


# -- prerequisite-targets (7.1.2) -----------------------------------------------------------------

BLASTER = card("blaster", "Blaster", [CROSS], hp=20)


def _blast_lou_in_the_area(**chosen: str):
    """B1 started its turn next to Lou (Sit!) and casts a Cross-area spell on b4: Lou on c4 is
    an additional target only (7.2.3.b)."""
    lou = roster("s2-kerub-4")
    units = [unit("A1", "A", lou, "c4"), unit("B1", "B", BLASTER, "c3")]
    state = on_turn_start(_ruled(game(units, "B1"), **chosen), "B1")
    return cast(
        units, [lou, BLASTER], "B1", "Wakfu Blast", "b4", armour={"A1": "lock"}, state=state
    )


def test_7_1_2_prerequisite_targets_default_sit_stay_only_forbids_aiming_at_lou() -> None:
    out = _blast_lou_in_the_area()
    assert out.state.unit("A1").injuries > 0


def test_7_1_2_prerequisite_targets_every_target_sit_stay_forbids_catching_lou() -> None:
    with pytest.raises(RuleViolation, match="Sit") as refused:
        _blast_lou_in_the_area(prerequisite_targets="every-target")
    assert refused.value.rule == "7.1.7"  # the power's prerequisite; 7.1.2 names the targets


def test_7_1_2_prerequisite_targets_every_target_purple_claws_accepts_phaeris_in_the_area() -> None:
    phaeris = roster("s2-exf2-4")
    units = [unit("A1", "A", phaeris, "c4"), unit("B1", "B", BLASTER, "c3")]
    state = on_turn_start(_ruled(game(units, "B1"), prerequisite_targets="every-target"), "B1")
    out = cast(
        units, [phaeris, BLASTER], "B1", "Wakfu Blast", "b4", armour={"A1": "lock"}, state=state
    )
    assert out.state.unit("A1").injuries > 0  # he is among the targets
    default = on_turn_start(game(units, "B1"), "B1")
    with pytest.raises(RuleViolation, match="Purple Claws"):
        cast(units, [phaeris, BLASTER], "B1", "Wakfu Blast", "b4", state=default)


def test_docs_engine_spells_lists_every_named_ruling_with_its_rule_and_default() -> None:
    """Issue 13: docs/engine-spells.md lists every ruling with the setting that switches it, its
    rule in 4.1's numbers and in 2.7's (`=` when alike; rules audit round 13)."""
    from rules.engine.casting import OFFICIAL
    from rules.engine.rulings import registered
    from tests.engine.roster_data import REPO_ROOT

    docs = (REPO_ROOT / "docs" / "engine-spells.md").read_text()
    for ruling in registered():
        others = ", ".join(f"`{r}`" for r in ruling.readings if r != ruling.default)
        official = OFFICIAL.cite(ruling.rule)
        two = "=" if official == ruling.rule else official
        row = f"| `{ruling.name}` | {ruling.rule} | {two} | `{ruling.default}` | {others} |"
        assert row in docs, row
