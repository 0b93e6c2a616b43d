"""Forms, special markers of other powers and Funerary Song (rules/engine/cards/forms.py,
markers.py, summoning.py).

Each test is named after the card and cites its rules: 7.2.4 (Step 3 and the choices a log
carries), 7.2.4.d (a KO at the end of Step 3), 4.4.3 (an ally), 4.13.1-4.13.2 (special markers),
7.2.1.c and 7.2.9 (effects on standby).
"""

from __future__ import annotations

import pytest

from rules.engine.errors import RuleViolation
from rules.engine.rulings import Rulings
from rules.engine.summons import Spellbook
from tests.engine.card_casts import FOE, FRIEND, cast, roster
from tests.engine.casting_builders import card, game, summon_card, token, unit

BOSS = card("boss", "Big Foe", hp=20, types=["Boss"])


@pytest.mark.parametrize(
    ("profile_id", "other"), [("s2-dks2-26", "s2-exf2-3"), ("s2-exf2-3", "s2-dks2-26")]
)
def test_metamorphosis_7_2_4_adamai_becomes_his_other_form(profile_id, other) -> None:
    adamai, form = roster(profile_id, drop_powers=True), roster(other, drop_powers=True)
    units = [unit("A1", "A", adamai, "e5", injuries=2)]
    out = cast(units, [adamai, form], "A1", "Metamorphosis", "e5", choices=(f"form:{other}",))
    now = out.state.unit("A1")
    assert (now.profile.id, now.cell.name, now.injuries) == (other, "e5", 2)
    names = {s.name for s in Spellbook.build({p.id: p for p in (adamai, form)}).spells_of(now)}
    assert names == {s.name for s in form.spells} | {"Punch"}
    with pytest.raises(RuleViolation) as wrong:
        cast(units, [adamai, form], "A1", "Metamorphosis", "e5", choices=(f"form:{profile_id}",))
    assert wrong.value.rule == "7.2.4"


def test_treason_4_4_3_qilby_turns_traitor_only_as_his_teams_only_unit() -> None:
    qilby, traitor = roster("s2-dks2-27", drop_powers=True), roster("s2-exf2-1", drop_powers=True)
    alone = [unit("A1", "A", qilby, "e5", injuries=8), unit("B1", "B", FOE, "h9")]
    state = game(alone, "A1", bystanders=False)
    out = cast(
        alone,
        [qilby, traitor, FOE],
        "A1",
        "Treason",
        "e5",
        state=state,
        choices=("form:s2-exf2-1",),
    )
    assert out.state.unit("A1").profile.id == "s2-exf2-1"
    assert out.state.unit("A1").injuries == 8 - 5
    crowd = [*alone, unit("A2", "A", FRIEND, "h8")]
    state = game(crowd, "A1", bystanders=False)
    profiles = [qilby, traitor, FOE, FRIEND]
    out = cast(crowd, profiles, "A1", "Treason", "e5", state=state)
    assert out.state.unit("A1").profile.id == "s2-dks2-27"
    with pytest.raises(RuleViolation) as unasked:  # no replacement, so no form to name
        cast(crowd, profiles, "A1", "Treason", "e5", state=state, choices=("form:s2-exf2-1",))
    assert unasked.value.rule == "7.2.4.a"


def test_fire_guardian_4_13_1_will_o_the_wisp_on_a_non_boss_opposing_krosmaster() -> None:
    burnzz = roster("s5-exf5-2", drop_powers=True)
    units = [unit("A1", "A", burnzz, "e5"), unit("B1", "B", FOE, "e7"), unit("B2", "B", BOSS, "f5")]
    spell = next(s for s in burnzz.spells if s.name == "Fire Guardian")
    target = "e7" if (spell.range_max or 0) >= 2 else "f5"
    printed = Rulings.of({"boss-type": "printed"})  # by default 1.1.1.g: no Boss Type
    out = cast(units, [burnzz, FOE, BOSS], "A1", "Fire Guardian", target, rulings=printed)
    marked = [m.name for m in out.state.unit("B1" if target == "e7" else "B2").special_markers]
    assert marked == (["will-o'-the-wisp"] if target == "e7" else [])


def test_ice_chest_4_13_2_icy_armor_on_an_allied_non_boss_krosmaster() -> None:
    freezz = roster("s5-wild-14", drop_powers=True)
    units = [unit("A1", "A", freezz, "e5"), unit("A2", "A", FRIEND, "e6")]
    out = cast(units, [freezz, FRIEND], "A1", "Ice Chest", "e6")
    assert [m.name for m in out.state.unit("A2").special_markers] == ["icy armor"]


def test_funerary_song_7_2_1_c_allied_tombstones_in_the_square_cast_fright_on_standby() -> None:
    chafer = roster("s4-cpk-12", drop_powers=True)
    tomb = summon_card("Tombstone", hp=3, families=["tombstone"], powers=["profanation"])
    units = [
        unit("A1", "A", chafer, "e5"),
        unit("B1", "B", FOE, "e8"),
        token("A1/tombstone-1", "A", "A1", tomb, "e7"),
        token("A1/tombstone-2", "A", "A1", tomb, "h10"),
    ]
    armour = {"B1": "lock", "A1/tombstone-1": "lock"}
    out = cast(units, [chafer, FOE], "A1", "Funerary Song", "e8", armour=armour)
    assert [p.label for p in out.state.pending] == ["fright:A1/tombstone-1"]
