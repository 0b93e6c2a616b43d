"""Card audit, round 3 (session 10): Season-legal profiles that neither earlier audit
(test_card_audit.py, test_card_audit_round2.py) covers, chosen for powers that react to other
units' actions (a KO, a Bandit's earlier hit), auras on characteristics (Plumage's Range), once
per turn limits (Laid Low, the first Feather Tornado, Loliperc's next spell), caps on Injuries
(Haziness), Kamas (Prospecting, Farmer, a Kama cost) and conditional damage (Ruse, Tickles).

Each outcome was worked out by hand from the card text and the 4.1 rules it relies on before
the engine was run (docs/rules-examples.md, "Card audit round 3 (session 10)").
"""

from __future__ import annotations

from typing import Any

from rules.engine.powers import max_ap, max_hp, powers_of
from tests.matchlogs.audit import game, gun, kros
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
    TENSION,
    _approach,
    _at,
    _header,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _walk,
    token,
)
from tests.matchlogs.conftest import ev, verify

DI_CUREY, KO_FANG = DUMMIES


def _cast(spell: str, target: str, **fields: Any) -> dict[str, Any]:
    return ev("cast", unit="A1", spell=spell, target=target, **fields)


def _game(
    roster,
    pid: str,
    stop: int,
    *events: dict[str, Any],
    b: tuple[str, ...] = DUMMIES,
    inline: tuple[dict, ...] = (),
    cells: dict | None = None,
    mp: int = 9,
    **fields: Any,
) -> list[dict[str, Any]]:
    """`pid` as A1 (an inline copy with `mp` MP; Mike Locke its ally) walks d2 to d`stop`, then
    the events; side B is `b` (B1 on d11, B2 on f12 unless `cells` says otherwise); `fields` go
    to the header."""
    header = _header((pid, MIKE_LOCKE), b, _inline(roster, pid, mp=mp), *inline, **fields)
    return [header, *_approach(stop, **(cells or {})), *events]


def _frail(roster, pid: str = DI_CUREY) -> dict[str, Any]:
    """A 1 HP copy of a side B profile: any hit KOs it."""
    return _inline(roster, pid, hp=1)


# -- Powers reacting to a KO ---------------------------------------------------------------


def test_4_9_21_a_harry_sah_prospecting_kama_for_a_ko(catalog, roster) -> None:
    """Crow (1 FIRE, 2-4) from d8 KOs a 1 HP Di Curey: A takes 1 GG (his Level, 4.10.2.a) and,
    by Prospecting, 1 Kama from the reserve (4.9.21.a)."""
    lines = _game(roster, "s2-dks2-3", 8, _cast("Crow", "d11", rolls=_rolls("B1")),
                  inline=(_frail(roster),))  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("B1").cell is None
    assert _stock(state, "A") == (6 + 1, 1)


def test_4_9_23_a_harry_sah_farmer_ignores_the_prospecting_kama(catalog, roster) -> None:
    """Farmer pays when the Krosmaster picked up a Kama in his turn (4.9.23.a); picking up is
    taking a Kama from a cell (6.3.3), and Prospecting's Kama comes from the reserve: at the end
    of Harry's turn A still has 1 Kama, not 2."""
    lines = _game(roster, "s2-dks2-3", 8, _cast("Crow", "d11", rolls=_rolls("B1")),
                  ev("end", unit="A1"), inline=(_frail(roster),))  # fmt: skip
    assert _stock(_last(lines, catalog), "A") == (6 + 1, 1)


def test_4_11_5_skidmonk_laid_low_markers_for_every_allied_krosmaster(catalog, roster) -> None:
    """Backspin (1 WATER, melee) from d10 KOs a 1 HP Di Curey in A's turn: the first KO of an
    opposing Krosmaster by a Monk this turn; Laid Low's "+1 AP and +1 MP" (no "immediately",
    4.18/7.5.1-7.5.3) are markers on every allied Krosmaster (4.11.5): Skidmonk and Mike Locke."""
    lines = _game(roster, "s4-cpk-14", 10, _cast("Backspin", "d11", rolls=_rolls("B1")),
                  inline=(_frail(roster),))  # fmt: skip
    state = _last(lines, catalog)
    for unit in ("A1", "A2"):
        marks = state.unit(unit).markers
        assert (marks.ap, marks.mp) == (1, 1), unit


def test_4_18_2_a_skidmonk_laid_low_only_the_first_ko_of_the_turn(catalog, roster) -> None:
    """A second KO by the Monk in the same turn (a 1 HP Ko-Fang on e11, Backspin from e10; an
    inline Skidmonk with 12 MP) gives nothing more (4.18.2.a): still one marker of each."""
    lines = _game(
        roster, "s4-cpk-14", 10,
        _cast("Backspin", "d11", rolls=_rolls("B1")),
        ev("move", unit="A1", to="e9"), ev("move", unit="A1", to="e10"),
        _cast("Backspin", "e11", rolls=_rolls("B2")),
        inline=(_frail(roster), _frail(roster, KO_FANG)), cells={"B2": "e11"}, mp=12,
    )  # fmt: skip
    report = verify(lines, catalog)  # both of B's Krosmasters KO'd: A wins (1.4)
    assert report.result is not None and report.result.winner == "A", report.to_dict()
    assert (report.states[-1].unit("A2").markers.ap, report.states[-1].unit("A2").markers.mp) == (
        1,
        1,
    )


# -- Caps and conditions on the damage -----------------------------------------------------


def test_4_9_2_invisible_chafer_haziness_nobody_adjacent(catalog, roster) -> None:
    """Frostbite (1 WATER, 3-6) from d6 on the Invisible Chafer (d11), no character next to
    him: Haziness, "does not suffer any Injury" (4.9.2: the card explains it): 0 Injuries."""
    lines = _game(roster, "s2-junior-1", 6, _cast("Frostbite", "d11", rolls=_rolls("B1")),
                  b=("s4-cpk-11", KO_FANG))  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 0


def test_4_9_2_invisible_chafer_haziness_an_ally_adjacent(catalog, roster) -> None:
    """The same with Ko-Fang (his own ally) on d12: a character is adjacent, the Injury lands."""
    lines = _game(roster, "s2-junior-1", 6, _cast("Frostbite", "d11", rolls=_rolls("B1")),
                  b=("s4-cpk-11", KO_FANG), cells={"B2": "d12"})  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 1


def test_7_2_6_brakmar_riktus_ruse_alone_deals_nothing(catalog, roster) -> None:
    """Ruse (0 FIRE) on Di Curey, not damaged by a Bandit this turn: 0 damage, 0 Injuries."""
    lines = _game(roster, "s2-dks2-31", 10, _cast("Ruse", "d11", rolls=_rolls("B1", critical=2)))
    assert _last(lines, catalog).unit("B1").injuries == 0


def test_7_2_6_brakmar_riktus_axe_then_ruse_plus_one(catalog, roster) -> None:
    """Brakmarian Axe (2 FIRE; Brakmar Riktus is a Bandit) then Ruse on the same Di Curey: the
    target was damaged by a Bandit this turn, Ruse deals 0 + 1: 2 + 1 = 3 Injuries."""
    lines = _game(roster, "s2-dks2-31", 10,
                  _cast("Brakmarian Axe", "d11", rolls=_rolls("B1", critical=2)),
                  _cast("Ruse", "d11", rolls=_rolls("B1", critical=2)))  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 3


def test_7_2_6_joris_tickles_on_a_bandit(catalog, roster) -> None:
    """Tickles (1 NEUTRAL, melee) on Brakmar Riktus, a Bandit: +2 NEUTRAL, 3 Injuries."""
    lines = _game(roster, "s2-kerub-2", 10, _cast("Tickles", "d11", rolls=_rolls("B1")),
                  b=("s2-dks2-31", KO_FANG))  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == 3


def test_7_2_6_joris_tickles_on_someone_else(catalog, roster) -> None:
    """Tickles on Di Curey (an Eniripsa): the base damage only, 1 Injury."""
    lines = _game(roster, "s2-kerub-2", 10, _cast("Tickles", "d11", rolls=_rolls("B1")))
    assert _last(lines, catalog).unit("B1").injuries == 1


def test_7_2_6_percimol_loliperc_next_spell_only(catalog, roster) -> None:
    """Loliperc (2 AP): +2 MP in the gauge at once (7.5.19.a), and the next spell this turn
    deals +1 WATER. Two Hammerings (1 WATER, Pierces Armour) on Di Curey from d10 (an inline
    Percimol with 9 AP): 2, then 1: 3 Injuries; MP 9 - 8 + 2 = 3."""
    lines = [
        _header(
            ("s4-oav-1", MIKE_LOCKE),
            DUMMIES,
            _inline(roster, "s4-oav-1", mp=9, ap=9),
            timeline_ties={"A": ["A1", "A2"]},
        ),
        *_approach(10),
        _cast("Loliperc", "d10"),
        _cast("Hammering", "d11", rolls={"critical": ["lock"] * 2}),  # Chance (WATER)
        _cast("Hammering", "d11", rolls={"critical": ["lock"] * 2}),
    ]
    state = _last(lines, catalog)
    assert state.unit("B1").injuries == 3
    assert state.unit("A1").mp == 3


# -- Auras on Range, the first cast of the turn ------------------------------------------------


# The roster has no Crobak token: an inline one (its name and Type are what Plumage reads).
CROBAK = token("token-crobak", "Crobak", "s4", bite="Peck", element="air", ap=3, types=["Crobak"])


def _crow(stop: int, roster) -> list[dict[str, Any]]:
    """Lord Crow (d2 to d6) sends a Crobak next to Di Curey (Crobak Dive, 4-6: c11), walks up to
    d`stop` and casts Feather Tornado (1 EARTH, 1-4, alterable Range) on him."""
    return [
        _header(("s4-cpk-1", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-cpk-1", mp=9), CROBAK),
        *_approach(6),
        _cast("Crobak Dive (3)", "d11", choices=["cell:c11"]),
        *[ev("move", unit="A1", to=f"d{r}") for r in range(7, stop + 1)],
        _cast("Feather Tornado", "d11", rolls=_rolls("B1")),
    ]


def test_7_1_5_lord_crow_plumage_one_crobak_one_range_less(catalog, roster) -> None:
    """One allied Crobak in play: Plumage, -1 max Range (alterable spell, 4.15.7): Feather
    Tornado reaches 1-3, Di Curey 4 cells away is out of Range (7.1.5)."""
    error = verify(_crow(7, roster), catalog).errors[0]
    assert (error.line, error.rule) == (len(_crow(7, roster)), "7.1.5")


def test_7_2_6_lord_crow_first_feather_tornado_plus_one_per_crobak(catalog, roster) -> None:
    """From d8 (3 cells): the first Feather Tornado of the turn, one allied Crobak in play:
    1 + 1 = 2 Injuries."""
    assert _last(_crow(8, roster), catalog).unit("B1").injuries == 2


# -- Kamas as a cost -------------------------------------------------------------------------


def test_7_1_4_d_simone_etary_frivolous_spending_without_a_kama(catalog, roster) -> None:
    """Frivolous Spending costs 1 Kama and 5 AP (range exactly 4, from d7 on d11); A's stock is
    empty: the Kama cost cannot be paid, the cast is refused (7.1.4.d)."""
    lines = _game(
        roster,
        "s6-botf-1",
        7,
        _cast("Frivolous Spending", "d11", rolls=_rolls("B1")),
        timeline_ties={"A": ["A1", "A2"]},
    )
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.4.d")


def test_6_3_3_simone_etary_frivolous_spending_with_a_picked_up_kama(catalog, roster) -> None:
    """A Kama on d7 collected for 1 AP (6.3.3; an inline Simone with 6 AP) pays it: 2 FIRE on
    Di Curey, A's stock back to 0."""
    spend = _cast("Frivolous Spending", "d11", rolls=_rolls("B1"))
    lines = _game(roster, "s6-botf-1", 7, ev("pick_kama", unit="A1"), spend,
                  timeline_ties={"A": ["A1", "A2"]})  # fmt: skip
    lines[0]["profiles"][0]["ap"] = 6
    lines[0]["arena"]["kamas"] = {"d7": 1}
    state = _last(lines, catalog)
    assert state.unit("B1").injuries == 2 and _stock(state, "A")[1] == 0


# -- Powers reacting to Injuries, markers changing the dice ------------------------------------


def _brethren(*shots: tuple[str, str]) -> list[dict[str, Any]]:
    """An inline A1 with two guns (2 and 1 EARTH, the whole board, no line of sight) shoots
    from d2, in order, at B's Piwates: Hazwonarm (B1, d11) and Boomba (B2, f12), both holding
    Brethren of the Coast."""
    a1 = kros("ta1", initiative=9, ap=12, spells=[gun("Gun", 2), gun("Pea", 1)])
    header = game([a1, kros("ta2", initiative=8)], [], extra_profiles=())
    header["players"]["B"]["team"] = [
        {"unit": "B1", "profile": "s3-dks3-11"},
        {"unit": "B2", "profile": "s3-dks3-12"},
    ]
    header["arena"] = _header(DUMMIES)["arena"]
    casts = [
        _cast(spell, target, rolls=_rolls("B1" if target == "d11" else "B2"))
        for spell, target in shots
    ]
    return [header, *_places(), ev("activate", unit="A1"), *casts]


def test_4_10_6_a_hazwonarm_brethren_of_the_coast_heals_the_other_piwate(catalog) -> None:
    """Boomba suffers 2 (his Brethren heals Hazwonarm of nothing: 0 Injuries, 4.10.5), then
    Hazwonarm suffers 2: his Brethren heals the other allied Piwate, Boomba, of 1: 2 and 1."""
    state = _last(_brethren(("Gun", "f12"), ("Gun", "d11")), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 1)


def test_4_9_2_hazwonarm_brethren_of_the_coast_not_for_one_injury(catalog) -> None:
    """Boomba suffers 2, Hazwonarm then suffers only 1 (Pea): fewer than 2, nobody is healed."""
    state = _last(_brethren(("Gun", "f12"), ("Pea", "d11")), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (1, 2)


def _tally_ho(armour: list[str]) -> Any:
    """Medor Thraki (d2 to d7) puts Hunted on Di Curey with Tally-Ho (3-5), walks to d9 and
    casts Macetication (2 FIRE, 2-3; Invasion: d9 is in B's half, 4.20.1) on him."""
    return [
        *_approach(7),
        _cast("Tally-Ho", "d11"),
        *[ev("move", unit="A1", to="d8"), ev("move", unit="A1", to="d9")],
        _cast("Macetication", "d11", rolls={"critical": ["lock"], "armour": {"B1": armour}}),
    ]


def test_7_2_6_medor_thraki_driving_hunted_rolls_no_armour_die(catalog, roster) -> None:
    """Hunted: Di Curey (no power, 1 Armour die, 7.2.6.a) rolls one die fewer (Driving): none.
    Macetication deals 2 + 1 (Invasion, 7.5.26.a): 3 Injuries."""
    header = _header(("s5-wild-9", MIKE_LOCKE), DUMMIES, _inline(roster, "s5-wild-9", mp=9))
    state = _last([header, *_tally_ho([])], catalog)
    assert state.unit("B1").injuries == 3


def test_7_2_6_a_medor_thraki_driving_one_armour_die_is_refused(catalog, roster) -> None:
    """The same log with one Armour die rolled for Di Curey: a die the rules never roll."""
    header = _header(("s5-wild-9", MIKE_LOCKE), DUMMIES, _inline(roster, "s5-wild-9", mp=9))
    lines = [header, *_tally_ho(["lock"])]
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.2.6.a")


# -- Auras of the opponent's territory, summons next to the target -----------------------------


def test_4_20_1_boowolf_lupine_invasion_hp_in_the_opponents_half(catalog, roster) -> None:
    """Boowolf (7 HP) on d7, in B's first six rows (4.20.1): +2 HP MAX and Lock; on d6: 7."""
    lines = _game(roster, "s5-wild-5", 7)
    state = _last(lines, catalog)
    assert max_hp(state, state.unit("A1")) == 9
    assert "lock" in powers_of(state, state.unit("A1"))
    state = _last(_game(roster, "s5-wild-5", 6), catalog)
    assert max_hp(state, state.unit("A1")) == 7
    assert "lock" not in powers_of(state, state.unit("A1"))


# The roster has no jelly token: an inline Strawberry Jelly (its name is what the cards read).
STRAWBERRY_JELLY = {
    **CROBAK, "id": "token-strawberry-jelly", "name": "Strawberry Jelly", "types": ["Jelly"],
}  # fmt: skip


def _jammy(jelly_cell: str, roster) -> list[dict[str, Any]]:
    """The Strawberry King (d2 to d9) puts a Strawberry Jelly on `jelly_cell` (Strawberry
    Summoning, 1-2 in a line), walks e9-e10-e11 and casts Jammy Defeat (1 FIRE, melee) on Di
    Curey (d11)."""
    king = _inline(roster, "s5-wild-13", mp=12)
    return [
        _header(("s5-wild-13", MIKE_LOCKE), DUMMIES, king, STRAWBERRY_JELLY),
        *_approach(9),
        _cast("Strawberry Summoning (1)", jelly_cell),
        *[ev("move", unit="A1", to=cell) for cell in ("e9", "e10", "e11")],
        _cast("Jammy Defeat", "d11", rolls=_rolls("B1")),
    ]


def test_7_2_6_strawberry_king_jammy_defeat_jelly_next_to_the_target(catalog, roster) -> None:
    """The Jelly on d10, next to Di Curey: 1 + 2 = 3 Injuries."""
    assert _last(_jammy("d10", roster), catalog).unit("B1").injuries == 3


def test_7_2_6_strawberry_king_jammy_defeat_jelly_elsewhere(catalog, roster) -> None:
    """The Jelly on c9, not next to Di Curey: 1 Injury."""
    assert _last(_jammy("c9", roster), catalog).unit("B1").injuries == 1


# -- "+1 {EFWA}" on a Neutral attack (ruling `efwa-bonus`) -------------------------------------


def _dinner_lines(roster, **fields: Any) -> list[dict[str, Any]]:
    """Kanniball Andchain (A1, d2 to d8) casts Dinner's readdddy! and then Andchain Staff
    (2 NEUTRAL, 2-3) on Di Curey (d11); Kanniball Jav (A2, same player's turn) walks f1 to f9
    and casts Javelin (1 WATER, 2-3, Pierces Armour) on Ko-Fang (f12)."""
    andchain, jav = (_inline(roster, pid, mp=9) for pid in ("s3-dks3-5", "s3-dks3-3"))
    return [
        _header(("s3-dks3-5", "s3-dks3-3"), DUMMIES, andchain, jav, **fields),
        *_approach(8),
        _cast("Dinner's readdddy!", "d8"),
        _cast("Andchain Staff", "d11", rolls=_rolls("B1")),
        *[ev("end", unit="A1"), ev("activate", unit="A2")],
        *[ev("move", unit="A2", to=f"f{r}") for r in range(2, 10)],
        ev("cast", unit="A2", spell="Javelin", target="f12", rolls={"critical": ["lock"]}),
    ]


def test_4_9_8_kanniball_andchain_dinners_readdddy_elemental_attacks_only(catalog, roster) -> None:
    """{EFWA} is the icon of the four elements (4.9.8 defines Immune with it and leaves
    Neutral out; a Neutral spell has no element, 4.10.3.b): Andchain Staff deals its 2 only,
    Javelin of the allied Kanniball Jav (later in the same player's turn) 1 + 1 = 2. Found by
    this audit: the engine added the +1 to Neutral attacks too."""
    state = _last(_dinner_lines(roster), catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (2, 2)


def test_4_9_8_kanniball_andchain_dinners_readdddy_every_attack_ruling(catalog, roster) -> None:
    """Ruling `efwa-bonus: every-attack` ("their attack spells inflict +1"): the Staff too."""
    lines = _dinner_lines(roster, rulings={"efwa-bonus": "every-attack"})
    state = _last(lines, catalog)
    assert (state.unit("B1").injuries, state.unit("B2").injuries) == (3, 2)


# -- End of turn auras, a whole gauge lost, a characteristic that counts KOs ------------------


def _gelatinous(row: int, roster) -> list[dict[str, Any]]:
    """The Strawberry King walks d2 to d`row`, puts a Strawberry Jelly on the next cell up
    (Strawberry Summoning, 1-2 in a line) and ends his turn."""
    king = _inline(roster, "s5-wild-13", mp=9)
    return [
        _header(("s5-wild-13", MIKE_LOCKE), DUMMIES, king, STRAWBERRY_JELLY),
        *_approach(row),
        _cast("Strawberry Summoning (1)", f"d{row + 1}"),
        ev("end", unit="A1"),
    ]


def test_4_20_1_strawberry_king_gelatinous_invasion_in_the_opponents_half(catalog, roster) -> None:
    """The King ends his turn on d7, in B's first six rows (4.20.1): the Strawberry Jelly
    receives +1 MP, a marker (4.11.5; it is not the active unit, 4.11.4)."""
    jelly = _last(_gelatinous(7, roster), catalog).unit("A1/strawberry-jelly-1")
    assert jelly.cell is not None and jelly.markers.mp == 1


def test_4_10_2_strawberry_king_gelatinous_invasion_at_home(catalog, roster) -> None:
    """The King ends his turn on d6, in his own half: the Jelly (on d7) is KO'd."""
    state = _last(_gelatinous(6, roster), catalog)
    assert state.unit("A1/strawberry-jelly-1").cell is None


def _exfiltration(*after: dict[str, Any]) -> list[dict[str, Any]]:
    """Sphincter Cell (d2) casts Exfiltration (1 MP, 1-2) on Mike Locke (e2) and goes to e3."""
    return [
        _header(("s4-cpk-2", MIKE_LOCKE)),
        *_places(A2="e2"),
        ev("activate", unit="A1"),
        _cast("Exfiltration", "e2", choices=["cell:e3"]),
        *after,
    ]


def test_7_1_4_b_sphincter_cell_exfiltration_loses_every_mp(catalog) -> None:
    """1 MP paid (7.1.4.b), Sphincter Cell moved next to Mike Locke, then "loses his MP": the
    gauge is empty (3 - 1 - 2 = 0)."""
    state = _last(_exfiltration(), catalog)
    assert (state.unit("A1").cell.name, state.unit("A1").mp) == ("e3", 0)


def test_6_3_2_sphincter_cell_no_step_after_exfiltration(catalog) -> None:
    """A step after it needs 1 MP that is not there (6.3.2, 4.11.3)."""
    lines = _exfiltration(ev("move", unit="A1", to="e4"))
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "6.3.2")


def test_4_11_2_elite_chafer_massacre_max_ap_after_an_ally_ko(catalog, roster) -> None:
    """B's gunner KOs Mike Locke (1 HP copy) in B's turn: B takes his Level in GG (4.10.2.a);
    one allied Krosmaster KO'd, so Elite Chafer has +1 AP MAX (6 + 1) and fills his gauge with 7
    at his next Activation (4.11.2)."""
    gunner = kros("tb1", hp=5, initiative=2)
    lines = [
        _header(("s4-cpk-12", MIKE_LOCKE), ("tb1", KO_FANG), _inline(roster, MIKE_LOCKE, hp=1),
                gunner, timeline_ties={"B": ["B1", "B2"]}),
        *_places(),
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        ev("activate", unit="B1"),
        ev("cast", unit="B1", spell="Gun", target="f1", rolls=_rolls("A2")),
        *[ev("end", unit="B1"), ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        ev("activate", unit="A1"),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("A2").cell is None and _stock(state, "B")[0] == 6 + 1
    assert (max_ap(state, state.unit("A1")), state.unit("A1").ap) == (7, 7)


# -- A power adding a prerequisite, a KO that a power avoids ------------------------------------


def _servant(spell: str, roster) -> list[dict[str, Any]]:
    """The Master Vampire (d2 to d9; an inline copy with 9 MP) puts the Servant marker on Di
    Curey with Enslavement (2 NEUTRAL, 1-2, Steals Health); in B's turn Di Curey casts `spell`
    on d9, the Vampire."""
    return [
        _header(("s4-cpk-6", MIKE_LOCKE), DUMMIES, _inline(roster, "s4-cpk-6", mp=9)),
        *_approach(9),
        _cast("Enslavement", "d11", rolls=_rolls("B1")),
        *[ev("end", unit="A1"), ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), ev("activate", unit="B1")],
        ev("cast", unit="B1", spell=spell, target="d9", rolls=_rolls("A1")),
    ]


def test_7_1_7_master_vampire_seduction_servant_cannot_target_him(catalog, roster) -> None:
    """Seduction adds a prerequisite to the Servant's casts (7.1.7): Wounding Word (1-3) on the
    Vampire two cells away is refused."""
    lines = _servant("Wounding Word", roster)
    assert _last(lines[:-1], catalog).unit("B1").injuries == 2
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.7")


def _moon(pid: str, spell: str, stop: int, roster) -> list[dict[str, Any]]:
    """`pid` walks d2 to d`stop` and casts `spell` on Moon (B1, d11; a 1 HP copy)."""
    moon = _inline(roster, "s3-dks3-6", hp=1)
    hit = _cast(spell, "d11", rolls=_rolls("B1"))
    return _game(roster, pid, stop, hit, b=("s3-dks3-6", KO_FANG), inline=(moon,))


def test_4_10_9_moon_hammer_no_laid_low(catalog, roster) -> None:
    """Skidmonk's Backspin gives Moon his 1 Injury: A takes 5 GG (4.10.2.a, as Moon Hammer
    says), Moon stays, healed; the KO did not remove him, so Laid Low does not act (4.10.9, its
    own example): no marker on A's Krosmasters."""
    state = _last(_moon("s4-cpk-14", "Backspin", 10, roster), catalog)
    assert (state.unit("B1").cell.name, state.unit("B1").injuries) == ("d11", 0)
    assert _stock(state, "A")[0] == 6 + 5
    assert (state.unit("A1").markers.ap, state.unit("A2").markers.mp) == (0, 0)


def test_4_10_9_moon_hammer_no_prospecting(catalog, roster) -> None:
    """Harry Sah's Crow on the 1 HP Moon: GG but no Prospecting Kama (4.10.9)."""
    state = _last(_moon("s2-dks2-3", "Crow", 8, roster), catalog)
    assert _stock(state, "A") == (6 + 5, 0)


# -- Summons helped by their summoner's team, a KO worth fewer GG, a spell ending the turn ------

# The roster has no Pink Dragoone token: an inline Mob (a summon with HP, 4.19.4).
PINK_DRAGOONE = {**CROBAK, "id": "token-pink-dragoone", "name": "Pink Dragoone", "types": []}


def _dragoone(roster) -> list[dict[str, Any]]:
    """Harry Sah (d2 to d6) puts a Pink Dragoone on d8 (Summon Pink Dragoone, 1-2) and casts
    High-Energy Shot (a heal, 1-3) on it."""
    harry = _inline(roster, "s2-dks2-3", mp=9)
    return [
        _header(("s2-dks2-3", MIKE_LOCKE), DUMMIES, harry, PINK_DRAGOONE),
        *_approach(6),
        _cast("Summon Pink Dragoone (1)", "d8"),
        _cast("High-Energy Shot", "d8", rolls={"critical": ["lock"]}),
    ]


def test_7_5_3_harry_sah_high_energy_shot_on_a_mob(catalog, roster) -> None:
    """+1 AP to the target, +2 AP more to a targeted Mob: the Dragoone (a Mob, 4.19.4) gets
    three +1 AP markers (7.5.3; it is not the active unit, 4.11.4)."""
    state = _last(_dragoone(roster), catalog)
    assert state.unit("A1/pink-dragoone-1").markers.ap == 3


def test_4_19_4_harry_sah_natural_defense_mob_gains_armour(catalog, roster) -> None:
    """While Harry Sah is in play, the allied Mob has Armour (one more Armour die, 4.9.4)."""
    state = _last(_dragoone(roster), catalog)
    assert "armour" in powers_of(state, state.unit("A1/pink-dragoone-1"))
    assert "armour" not in powers_of(state, state.unit("A2"))


def test_4_6_2_darkli_moon_shadow_of_the_jungle_first_wild_ko(catalog, roster) -> None:
    """B's gunner KOs Kanniball Jav (Level 2, Wild; a 1 HP copy), Darkli Moon's ally: the
    first such KO counts him 2 Levels lower, never under 1: B takes 1 GG, not 2."""
    gunner = kros("tb1", hp=5, initiative=2)
    lines = [
        _header(("s3-exf3-8", "s3-dks3-3"), ("tb1", KO_FANG),
                _inline(roster, "s3-dks3-3", hp=1), gunner,
                timeline_ties={"A": ["A1", "A2"], "B": ["B1", "B2"]}),
        *_places(),
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        ev("activate", unit="B1"),
        ev("cast", unit="B1", spell="Gun", target="f1", rolls=_rolls("A2")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("A2").cell is None and _stock(state, "B")[0] == 6 + 1


def _sanctification(roster, *after: dict[str, Any]) -> list[dict[str, Any]]:
    """Felonious Monk (d2 to d9; 9 MP) casts Sanctification (2 EARTH, 1-3, Hand; Critical Hit:
    2 dice) on Di Curey, then the events."""
    monk = _inline(roster, "s4-cpk-16", mp=9)
    hit = _cast("Sanctification", "d11", rolls=_rolls("B1", critical=2))
    return [_header(("s4-cpk-16", MIKE_LOCKE), DUMMIES, monk), *_approach(9), hit, *after]


def test_6_4_1_felonious_monk_sanctification_ends_his_turn(catalog, roster) -> None:
    """2 Injuries on Di Curey, and the Monk's turn is over: his End of Activation (6.4), then
    Mike Locke plays."""
    lines = _sanctification(roster, ev("end", unit="A1"), ev("activate", unit="A2"))
    assert _last(lines, catalog).unit("B1").injuries == 2


def test_6_4_1_felonious_monk_no_step_after_sanctification(catalog, roster) -> None:
    """A step of the Monk after it: his turn is over, only its End may follow (6.4.2)."""
    lines = _sanctification(roster, ev("move", unit="A1", to="c9"))
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule, error.key) == (len(lines), "6.4.2", "turn_ended_by")


# -- Prospecting when a summon KOs (ruling `prospecting-killer`) --------------------------------


def _dragoone_kills(roster, **fields: Any) -> list[dict[str, Any]]:
    """Harry Sah (d2 to d6) puts a Pink Dragoone on d8 and ends his turn; the Dragoone (its
    turn right after him, 4.19.1.h) walks to d10 and Pecks (1 AIR) a 1 HP Di Curey: KO'd."""
    harry = _inline(roster, "s2-dks2-3", mp=9)
    dragoone = "A1/pink-dragoone-1"
    return [
        _header(("s2-dks2-3", MIKE_LOCKE), DUMMIES, harry, PINK_DRAGOONE, _frail(roster),
                **fields),
        *_approach(6),
        _cast("Summon Pink Dragoone (1)", "d8"),
        *[ev("end", unit="A1"), ev("activate", unit=dragoone)],
        *[ev("move", unit=dragoone, to="d9"), ev("move", unit=dragoone, to="d10")],
        ev("cast", unit=dragoone, spell="Peck", target="d11", rolls=_rolls("B1")),
    ]  # fmt: skip


def test_4_9_21_a_harry_sah_prospecting_not_for_a_summons_ko(catalog, roster) -> None:
    """4.9.21.a pays when "one of your Krosmasters" KOs an opposing Krosmaster; the Dragoone
    is a summon: A takes the GG (4.10.2.a), no Kama."""
    state = _last(_dragoone_kills(roster), catalog)
    assert state.unit("B1").cell is None and _stock(state, "A") == (6 + 1, 0)


def test_4_9_21_a_harry_sah_prospecting_card_reading_any_character(catalog, roster) -> None:
    """Ruling `prospecting-killer: any-character` follows the card ("an allied character
    defeats an enemy Krosmaster"): the Dragoone's KO pays 1 Kama."""
    lines = _dragoone_kills(roster, rulings={"prospecting-killer": "any-character"})
    assert _stock(_last(lines, catalog), "A") == (6 + 1, 1)


# -- Counting summons, chosen effects, a switch with an Unfazed unit, start-of-turn markers -----

# The roster has no Immature Dreggon token: an inline Mechanism (no MP, 4.19.1.f) with AP.
IMMATURE_DREGGON = {
    **CROBAK, "id": "token-immature-dreggon", "name": "Immature Dreggon", "types": [],
    "mp": None, "ap": 2,
}  # fmt: skip


def test_7_2_6_crocabulia_crocrocabulia_one_immature_dreggon(catalog, roster) -> None:
    """Crocabulia (d9; an inline copy with 10 AP) lays a Royal Immature Dreggon towards d10
    (Moves 1 closer into the empty cell, ruling `move-closer-empty-cell: enter`; the Dreggon on
    the freed d9), then Crocrocabulia (1 FIRE, melee; Intelligence: 2 critical dice) on Di
    Curey: +1 per allied Immature Dreggon in game: 2 Injuries."""
    croc = _inline(roster, "s3-dks3-10", mp=9, ap=10)
    lines = [
        _header(("s3-dks3-10", MIKE_LOCKE), DUMMIES, croc, IMMATURE_DREGGON),
        *_approach(9),
        _cast("Lay Royal Immature Dreggon (2)", "d10"),
        _cast("Crocrocabulia", "d11", rolls=_rolls("B1", critical=2)),
    ]
    state = _last(lines, catalog)
    assert state.unit("A1/immature-dreggon-1").cell.name == "d9"
    assert state.unit("B1").injuries == 2


def test_7_2_6_flopin_diy_two_effects_on_every_tactical_arrow(catalog, roster) -> None:
    """DIY (0 AP) with -1 AP and +1 AIR: both Tactical Arrows (0 AIR, 1-4, from d7) of the turn
    deal 1 and put a -1 AP marker: 2 Injuries, two -1 AP markers on Di Curey."""
    arrow = _cast("Tactical Arrow", "d11", rolls=_rolls("B1"))
    diy = _cast("DIY", "d7", choices=["effect:ap", "effect:damage"])
    state = _last(_game(roster, "s6-botf-2", 7, diy, arrow, arrow), catalog)
    assert (state.unit("B1").injuries, state.unit("B1").markers.ap) == (2, -2)


def test_4_9_14_a_mopy_king_hideous_tower_cannot_switch_unfazed_joris(catalog, roster) -> None:
    """The Hideous Tower (1 FIRE, 1-2) from d9 on Joris (Unfazed, Immune to EFWA): 0 Injuries
    (4.9.8), and a spell not his cannot move Joris (4.9.14.a), so there is no switch: both stay
    (the rest of the spell applies, the 4.9.14 example). 7 - 3 = 4 AP left."""
    lines = _game(roster, "s4-cpk-3", 9, _cast("The Hideous Tower", "d11", rolls=_rolls("B1")),
                  b=("s2-kerub-2", KO_FANG), first_player="A")  # fmt: skip
    state = _last(lines, catalog)
    assert _at(state, "A1")[:3] == ("d9", 0, 4)
    assert _at(state, "B1")[:2] == ("d11", 0)


def test_4_11_5_dreggoog_brooding_ap_markers_at_the_start_of_his_turn(catalog, roster) -> None:
    """Dreggoog lays an Immature Dreggon (into d3, the Dreggon on d2); a round later, at the
    start of his turn, Brooding gives it +2 AP: markers, as it is not the active unit
    (4.11.4); at its own Activation its gauge fills to 2 + 2 (4.11.5.a)."""
    dreggon = "A1/immature-dreggon-1"
    lines = [
        _header(("s3-dks3-7", MIKE_LOCKE), DUMMIES, IMMATURE_DREGGON),
        *_places(),
        ev("activate", unit="A1"),
        _cast("Lay Immature Dreggon (1)", "d3"),
        *[ev("end", unit="A1"), ev("activate", unit=dreggon), ev("end", unit=dreggon)],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev("activate", unit="B2"), ev("end", unit="B2")],
        *[ev("activate", unit="B1"), ev("end", unit="B1"), TENSION],
        ev("activate", unit="A1"),
    ]
    state = _last(lines, catalog)
    assert state.unit(dreggon).markers.ap == 2
    state = _last([*lines, ev("end", unit="A1"), ev("activate", unit=dreggon)], catalog)
    assert (state.unit(dreggon).ap, state.unit(dreggon).markers.ap) == (4, 0)


# -- Costs in Injuries and MP, markers restricted to a Type ------------------------------------


def test_4_10_6_c_arthur_bine_frenzy_cost_then_stowage_heals_it(catalog, roster) -> None:
    """Frenzy (1 HP + 2 AP, 1 WATER, Pierces Armour: Di Curey rolls 1 - 1 = 0 Armour dice,
    7.2.6.c) from d8: Arthur places 1 Injury as a cost (neither inflicted nor suffered,
    4.10.6.c), Di Curey 1. Stowage (2 MP, a heal on himself; no Armour roll, 7.3.2.a) removes
    it and gives him a +1 MP marker (7.5.1): gauge 9 - 6 - 2 = 1."""
    lines = _game(
        roster, "s2-exf2-7", 8,
        _cast("Frenzy", "d11", rolls={"critical": ["lock"], "armour": {"B1": []}}),
        _cast("Stowage", "d8", rolls={"critical": ["lock"]}),
    )  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("A1").injuries, state.unit("A1").mp, state.unit("A1").markers.mp) == (
        0, 1, 1,
    )  # fmt: skip
    assert state.unit("B1").injuries == 1


def _putrid(target: str) -> list[dict[str, Any]]:
    """Hazwonarm (d2) casts Strength of the Putrid Souls (0-3) on `target`: himself (a Chafer)
    or Mike Locke (e2, a Xelor)."""
    return [
        _header(("s3-dks3-11", MIKE_LOCKE), timeline_ties={"A": ["A1", "A2"]}),
        *_places(A2="e2"),
        ev("activate", unit="A1"),
        _cast("Strenght of the Putrid Souls", target),
    ]


def test_7_5_3_hazwonarm_putrid_souls_on_a_chafer(catalog) -> None:
    """On himself: +1 AP for any target, +1 MP for a Chafer: one marker of each (7.5.1, 7.5.3)."""
    marks = _last(_putrid("d2"), catalog).unit("A1").markers
    assert (marks.ap, marks.mp) == (1, 1)


def test_7_5_3_hazwonarm_putrid_souls_on_someone_else(catalog) -> None:
    """On Mike Locke (no Chafer): the +1 AP marker only."""
    marks = _last(_putrid("e2"), catalog).unit("A2").markers
    assert (marks.ap, marks.mp) == (1, 0)


# -- A summon that blocks sight only for its neighbours -----------------------------------------

LEMON_JELLY = {**CROBAK, "id": "token-lemon-jelly", "name": "Lemon Jelly", "types": ["Jelly"]}


def _zest(roster, *events: dict[str, Any]) -> list[dict[str, Any]]:
    """The Lemon King (d2 to d7), then the events, then Acidity (1 AIR, 2-3) on Di Curey."""
    king = _inline(roster, "s5-wild-11", mp=9)
    acid = _cast("Acidity", "d11", rolls=_rolls("B1"))
    return [_header(("s5-wild-11", MIKE_LOCKE), DUMMIES, king, LEMON_JELLY), *_approach(7),
            *events, acid]  # fmt: skip


def test_4_15_nice_zest_own_lemon_jelly_blocks_the_kings_sight(catalog, roster) -> None:
    """A Lemon Jelly on d9 and the King on d8, next to it: the Jelly blocks his lines of sight
    (Nice Zest; a Mob blocks none otherwise, 4.19.4.a): Acidity through d9 is refused (7.1.6)."""
    lines = _zest(roster, _cast("Lemon Summoning (2)", "d9"), ev("move", unit="A1", to="d8"))
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "7.1.6")


def test_4_19_4_a_nice_zest_lemon_jelly_off_the_line(catalog, roster) -> None:
    """The Jelly on c8, beside the King on d8 and off the line to d11: Acidity lands, 1."""
    lines = _zest(roster, ev("move", unit="A1", to="d8"), _cast("Lemon Summoning (2)", "c8"))
    assert _last(lines, catalog).unit("B1").injuries == 1


# -- A bonus for hitting one's own summon, a heritage of a KO'd Chafer ----------------------------

MINT_JELLY = {**CROBAK, "id": "token-mint-jelly", "name": "Mint Jelly", "types": ["Jelly"], "hp": 4}


def test_7_5_25_a_emperor_jellix_imperial_decree_on_his_own_jelly(catalog) -> None:
    """Imperial Guard (3) puts a Mint Jelly on d4 (the choice `summon:`); Imperial Decree
    (1 NEUTRAL, 1-3) on it, aligned (Track, 7.5.25.a: Square area): +1 NEUTRAL as the principal
    target is an allied summon: 2 Injuries on the Jelly; the Emperor (d2) is outside the Square.
    """
    jelly = "A1/mint-jelly-1"
    lines = [
        _header(("s5-exf5-1", MIKE_LOCKE), DUMMIES, MINT_JELLY),
        *_places(),
        ev("activate", unit="A1"),
        ev(
            "cast",
            unit="A1",
            spell="Imperial Guard (3)",
            target="d4",
            choices=["summon:mint jelly"],
        ),
        _cast("Imperial Decree", "d4", rolls=_rolls(jelly)),
    ]
    state = _last(lines, catalog)
    assert (state.unit(jelly).injuries, state.unit("A1").injuries) == (2, 0)


def test_4_10_1_chafer_lancer_vigorous_heritage_hp_for_the_next_ally(catalog, roster) -> None:
    """B's gunner KOs the Chafer Lancer (a 1 HP copy): while he is KO'd, the first non-Boss
    allied Krosmaster playing after him, Mike Locke, has +2 HP MAX: 4 + 2."""
    gunner = kros("tb1", hp=5, initiative=2)
    lines = [
        _header(("s4-cpk-10", MIKE_LOCKE), ("tb1", KO_FANG), _inline(roster, "s4-cpk-10", hp=1),
                gunner, timeline_ties={"B": ["B1", "B2"]}),
        *_places(),
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        ev("activate", unit="B1"),
        ev("cast", unit="B1", spell="Gun", target="d2", rolls=_rolls("A1")),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("A1").cell is None
    assert max_hp(state, state.unit("A2")) == 4 + 2


# -- A piece changing card at the start of its first turn ---------------------------------------


def _masquerade(*after: dict[str, Any]) -> list[dict[str, Any]]:
    """Maskemane - Classic (AP 6, MP 3) becomes Maskemane - Coward (Level 1 too; AP 5, MP 4) at
    the start of his first turn (a `resolve` of `masquerade:A1`; Mike Locke plays first), then
    the events."""
    return [
        _header(("s4-exf4-1", MIKE_LOCKE)),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        ev("resolve", source="masquerade:A1", choices=["profile:s4-exf4-2"]),
        *after,
    ]


def test_6_2_1_d_maskemane_masquerade_keeps_the_gauges_filled_before(catalog) -> None:
    """The gauges were filled (6.2.1.b) before the start-of-turn effects (6.2.1.d): Maskemane
    is now the Coward and keeps this turn's 6 AP and 3 MP."""
    state = _last(_masquerade(), catalog)
    unit = state.unit("A1")
    assert (unit.profile.id, unit.ap, unit.mp) == ("s4-exf4-2", 6, 3)


def test_4_18_3_e_maskemane_masquerade_casts_the_new_forms_spells(catalog) -> None:
    """The new card's spells only: Reciteal (the Coward's heal, 0-3) on himself is cast; Cross
    Pressing (the Classic's) is refused: he has no such spell now (6.3.5)."""
    heal = _cast("Reciteal", "d2", rolls={"critical": ["lock"]})
    assert _last(_masquerade(heal), catalog).unit("A1").ap == 6 - 5
    lines = _masquerade(_cast("Cross Pressing", "d5", rolls={"critical": ["lock"]}))
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule, error.key) == (len(lines), "6.3.5", "no_such_spell")


# -- A heritage feeding a dice power ----------------------------------------------------------


def _vorpal(dice: int, roster) -> list[dict[str, Any]]:
    """B's gunner KOs the Chafer Foot Soldier (a 1 HP copy); in A's next turn Dragon Pig (an
    inline copy with Initiative 1, so that he plays after the Foot Soldier, and 9 MP) walks f1
    to f10 and casts Skewering (2 FIRE, 1-2) on Ko-Fang (f12) with `dice` Critical Hit dice."""
    gunner = kros("tb1", hp=5, initiative=2)
    skewer = ev(
        "cast",
        unit="A2",
        spell="Skewering",
        target="f12",
        rolls={"critical": ["lock"] * dice, "armour": {"B2": ["lock"]}},
    )
    return [
        _header(("s4-cpk-9", "s5-wild-16"), ("tb1", KO_FANG), _inline(roster, "s4-cpk-9", hp=1),
                _inline(roster, "s5-wild-16", initiative=1, mp=9), gunner,
                timeline_ties={"B": ["B1", "B2"]}),
        *_places(),
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        ev("activate", unit="B1"),
        ev("cast", unit="B1", spell="Gun", target="d2", rolls=_rolls("A1")),
        *[ev("end", unit="B1"), ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        ev("activate", unit="A2"),
        *_walk("A2", "f", 1, 10),
        skewer,
    ]  # fmt: skip


def test_4_18_10_dragon_pig_piggy_business_after_vorpal_heritage(catalog, roster) -> None:
    """The Foot Soldier KO'd, Dragon Pig is the first non-Boss ally playing after him: he gains
    Critical Hit (4.9.3.a): 1 + 1 = 2 Critical Hit dice, and Piggy-Business, checked after the
    modifiers (4.18.10, its Dragon Pig example), makes it 3: a log with 3 dice is accepted."""
    state = _last(_vorpal(3, roster), catalog)
    assert state.unit("B2").injuries == 2


def test_4_18_10_dragon_pig_two_critical_dice_refused(catalog, roster) -> None:
    """The same log with 2 Critical Hit dice: the third die, Piggy-Business's, is missing."""
    lines = _vorpal(2, roster)
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule) == (len(lines), "4.18.10")


# -- Moves in the printed order ------------------------------------------------------------------


def test_7_2_4_persee_phore_happy_tunnel_attract_then_into_the_freed_cell(catalog, roster) -> None:
    """Happy Tunnel (1 EARTH, 1-3) from d8 on Di Curey (d11): Attracts 1 pulls him to d10, then
    Persee Phore moves to the cell it freed, d11 (the effects in the printed order, 7.2.4)."""
    lines = _game(roster, "s4-cpk-5", 8, _cast("Happy Tunnel", "d11", rolls=_rolls("B1")))
    state = _last(lines, catalog)
    assert (_at(state, "B1")[:2], _at(state, "A1")[0]) == (("d10", 1), "d11")


def test_7_2_4_moon_walk_retreat_then_attract(catalog, roster) -> None:
    """Moon Walk (1 NEUTRAL, melee) from d10 on Di Curey: Moon retreats 1 (d9), then attracts
    Di Curey 1 (d10): they end adjacent again, one cell further down. (An inline Moon with
    Initiative 5, so that he plays before Mike Locke, and 9 MP.)"""
    moon = _inline(roster, "s3-dks3-6", mp=9, initiative=5)
    walk = _cast("Moon Walk", "d11", rolls=_rolls("B1"))
    lines = [_header(("s3-dks3-6", MIKE_LOCKE), DUMMIES, moon), *_approach(10), walk]
    state = _last(lines, catalog)
    assert (_at(state, "A1")[0], _at(state, "B1")[:2]) == ("d9", ("d10", 1))
