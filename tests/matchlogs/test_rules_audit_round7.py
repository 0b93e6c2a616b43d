"""Seventh rules audit (session 10): the standby list when effects of different sources wait
together (7.2.9.a-b, 4.18.3.b) or at the start of a turn (6.2.1.d), asking the log for an order
only when the order can change the outcome, and never choosing one for the active player. Each
verdict was worked out by hand from the 4.1 text and the card text before running the engine
(docs/rules-examples.md, "Rules audit round 7 (session 10)")."""

from __future__ import annotations

from typing import Any

from rules.engine.options import prompt
from tests.matchlogs.audit import NO_DOUBLE, PLACES, cast, game, kros, plain_hit, refused, spell
from tests.matchlogs.cards import _header, _last, _places, _rolls, _stock
from tests.matchlogs.conftest import ev
from tests.matchlogs.test_rules_audit_mechanisms import EXPLOSION

# -- Bloody Saber's Steals Health with Hoist High (7.2.9.a, 7.5.22.a, 4.11.5) -------------------

_SABER = ev("cast", unit="A2", spell="Bloody Saber", target="d2", rolls=_rolls("A1"))


def _saber(**fields: Any) -> list[dict[str, Any]]:
    """Le Chouque (A2, 3 Injuries of Total Iopism) casts Bloody Saber on his ally Dark Vlad -
    Karnated (A1, d2): 2 Injuries on A1, so Steals Health (heal Le Chouque 2) and his Hoist High
    (an ally suffered: a +1 AP marker on him) wait together in Step 8."""
    return [
        _header(("s3-exf3-1", "s3-piwate-1"), **fields),
        *_places(A1="d2", A2="d1"),
        *[ev("activate", unit="A1"), ev("end", unit="A1"), ev("activate", unit="A2")],
    ]


def test_7_2_9_a_steals_health_and_hoist_high_resolve_without_an_order(catalog) -> None:
    """The heal touches only Le Chouque's Injuries, the marker only his AP markers: no order
    can change the outcome, so the log need not give one (7.2.9.a) and nothing is left waiting."""
    state = _last([*_saber(), _SABER], catalog)
    assert not state.pending
    assert (state.unit("A1").injuries, state.unit("A2").injuries) == (5, 1)
    assert state.unit("A2").markers.ap == 1


def test_7_2_9_a_ruling_active_player_orders_hoist_high_still_waits(catalog) -> None:
    """Under `standby-order` = `active-player-orders` a power's effect waits for the log as soon
    as another effect waits (4.18.3.b); a `resolve` event then names the first one."""
    lines = [*_saber(rulings={"standby-order": "active-player-orders"}), _SABER]
    state = _last(lines, catalog)
    assert {p.label for p in state.pending} == {"steals-health:A2", "hoist-high:A2"}
    state = _last([*lines, ev("resolve", source="hoist-high:A2")], catalog)
    assert not state.pending
    assert (state.unit("A2").injuries, state.unit("A2").markers.ap) == (1, 1)


_LEECH = spell(
    "Leech", kind="ranged", rmin=1, rmax=12, los=False, element="fire", effects="Steals Health."
)


def _leech(target: str, victim: str, b2: tuple[str, ...] = (), a3: tuple[str, ...] = ()):
    """A1 (Leech: 1 FIRE at any range, Steals Health) hits `victim` on `target`; B2 and a third
    A unit A3 (on e1) carry the powers given."""
    a = [kros("ta1", initiative=9, spells=[_LEECH]), kros("ta2", level=2, initiative=8)]
    a.append(kros("ta3", initiative=7, powers=a3))
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=b2)]
    return [
        game(a, b),
        *PLACES[:2],
        ev("place", unit="A3", cell="e1"),
        *PLACES[2:],
        ev("activate", unit="A1"),
        plain_hit("A1", target, victim, "Leech"),
    ]


def test_7_2_9_a_steals_health_and_an_allys_hoist_high_need_no_order(catalog) -> None:
    """Leech on the ally A2: Steals Health (A1) and A3's Hoist High (another allied character
    suffered: a +1 AP marker on A3) cannot change each other: nothing waits (7.2.9.a)."""
    state = _last(_leech("c1", "A2", a3=("hoist-high",)), catalog)
    assert not state.pending
    assert (state.unit("A2").injuries, state.unit("A3").markers.ap) == (1, 1)


def test_7_2_9_a_steals_health_and_the_victims_born_to_tun_need_no_order(catalog) -> None:
    """Leech on B2 (Born to Tun: Injuries from an opposing character, +1 MP and -1 AP markers on
    B2): the markers and the heal commute, so Step 8 resolves both without an order."""
    state = _last(_leech("d12", "B2", b2=("born-to-tun",)), catalog)
    assert not state.pending
    assert (state.unit("B2").markers.ap, state.unit("B2").markers.mp) == (-1, 1)


def test_7_2_9_a_steals_health_and_adrenaline_need_no_order(catalog) -> None:
    """Leech on B2 (Adrenaline: opponents next to him get a -1 AP marker; nobody is): nothing
    the heal changes, nothing waits."""
    state = _last(_leech("d12", "B2", b2=("adrenaline",)), catalog)
    assert not state.pending


# -- A Counter with powers' effects (7.2.9.a, 4.9.12, 7.2.9 Example 3) ----------------------


def _counter(b1: tuple[str, ...], *events: dict[str, Any], a1: tuple[str, ...] = ()):
    """A1's Gun hits B2 (Counter): B2's Counter (1 Injury on A1, 4.9.12) waits in Step 8 with
    whatever B1's powers (`b1`) or A1's (`a1`) put on standby."""
    a = [kros("ta1", initiative=9, powers=a1), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", initiative=2, powers=b1), kros("tb2", initiative=1, powers=("counter",))]
    return [game(a, b), *PLACES, ev("activate", unit="A1"), plain_hit("A1", "d12", "B2"), *events]


def test_7_2_9_a_counter_and_an_allys_hoist_high_need_no_order(catalog) -> None:
    """Counter injures A1 only; B1's Hoist High puts a marker on B1 only: whatever the order,
    A1 has 1 Injury and B1 a +1 AP marker, so nothing waits for the log (7.2.9.a)."""
    state = _last(_counter(("hoist-high",)), catalog)
    assert not state.pending
    assert (state.unit("A1").injuries, state.unit("B1").markers.ap) == (1, 1)


def test_7_2_9_example_3_eliacube_master_marks_the_enemy_even_once_its_holder_is_kod(
    catalog,
) -> None:
    """A1 (1 HP, Eliacube Master: the enemy he injured gets a -1 AP marker) guns B2 (Counter).
    Counter first KOs A1; as Example 3 resolves the Counter of a KO'd Maskun John, a KO does not
    take A1's power away, so B2 still gets the marker. Either order gives the same outcome: the
    log need not give one (7.2.9.a)."""
    state = _last(_counter((), a1=("eliacube-master",)), catalog)
    assert not state.pending
    assert (state.unit("A1").injuries, state.unit("B2").markers.ap) == (1, -1)
    a = [kros("ta1", initiative=9, hp=1, powers=("eliacube-master",)), kros("ta2", level=2)]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    hit = plain_hit("A1", "d12", "B2")
    for order in (["counter:B2", "eliacube-master:A1"], ["eliacube-master:A1", "counter:B2"]):
        lines = [game(a, b), *PLACES, ev("activate", unit="A1"), {**hit, "order": order}]
        state = _last(lines, catalog)
        assert (state.unit("A1").cell, state.unit("B2").markers.ap) == (None, -1), order


def test_7_2_9_a_counter_and_magot_sacre_wait_together_for_the_order(catalog) -> None:
    """A1 (Magot Sacrè: having injured an enemy Krosmaster, heal 1 when his player has no fewer
    Kamas) guns B2 (Counter): heal first or Counter first may decide a KO, so both wait for the
    active player's order (7.2.9.a, 4.18.3.b); the power does not resolve ahead of the Counter."""
    state = _last(_counter((), a1=("magot-sacrè",)), catalog)
    assert {p.label for p in state.pending} == {"counter:B2", "magot-sacrè:A1"}
    assert prompt(state).step == "resolve"


def _adrenaline(order: list[str] | None = None) -> list[dict[str, Any]]:
    """A1 (2 HP, Adrenaline: when he suffers Injuries, the opponents next to him get a -1 AP
    marker) walks to d11 and casts a Cross on B2 (d12, Counter): A1 in the area takes 1 (7.2.3.b),
    so his Adrenaline and B2's Counter (which KOs him) wait together."""
    cross = spell("Cross", kind="ranged", rmin=1, rmax=1, effects='"Cross" area of effect.')
    a = [
        kros("ta1", initiative=9, hp=2, mp=12, spells=[cross], powers=("adrenaline",)),
        kros("ta2", level=2, initiative=8),
    ]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    hit = cast(
        "A1", "d12", "Cross", crit=["lock"], armour={u: ["lock"] for u in ("A1", "B1", "B2")}
    )
    walk = [ev("move", unit="A1", to=f"d{row}") for row in range(2, 12)]
    return [
        game(a, b),
        *PLACES,
        ev("activate", unit="A1"),
        *walk,
        {**hit, "order": order} if order else hit,
    ]


def test_7_2_9_a_counter_kos_the_adrenaline_holder_so_the_order_matters(catalog) -> None:
    """Adrenaline first: B2 (next to A1) gets a -1 AP marker, then the Counter KOs A1; Counter
    first: A1 is out of the arena, nobody is next to him and his Adrenaline puts no marker. The
    outcome differs, so Step 8 waits for the active player's order (7.2.9.a)."""
    state = _last(_adrenaline(), catalog)
    assert {p.label for p in state.pending} == {"adrenaline:A1", "counter:B2"}
    first = _last(_adrenaline(["adrenaline:A1", "counter:B2"]), catalog)
    assert (first.unit("A1").cell, first.unit("B2").markers.ap) == (None, -1)
    last = _last(_adrenaline(["counter:B2", "adrenaline:A1"]), catalog)
    assert (last.unit("A1").cell, last.unit("B2").markers.ap) == (None, 0)


# -- 7.2.9 Example 4: Steals Health and an Explosion, where the order decides a KO ---------------

_CON = spell("Con", element="fire", effects="Steals Health.")
_BOMB = kros(
    "token-firebomb", level=0, hp=1, ap=None, mp=None, initiative=0, strength=1,
    spells=[{**EXPLOSION, "base_damage": 2}],
) | {"name": "Firebomb", "types": ["Bomb"]}  # fmt: skip
_SUMMON = spell(
    "Summon Firebomb (2)",
    kind="ranged",
    rmin=1,
    rmax=12,
    los=False,
    element=None,
    effects="Summons a FIREBOMB on the targeted free cell.",
)
BOMB_ID = "B1/firebomb-1"


def _explodes(bomb: str) -> dict[str, Any]:
    """`bomb`'s Explosion resolved from the standby list, no Critical and no Armour for A1, A2."""
    return ev(
        "resolve",
        source=f"explosion:{bomb}",
        rolls={"critical": ["lock"], "armour": {"A1": ["lock"], "A2": ["lock"]}},
    )


_EXPLODES = _explodes(BOMB_ID)


def _con() -> list[dict[str, Any]]:
    """A1 (3 HP, Con: 1 FIRE, Steals Health) has 1 Injury from B2's Gun; B1's Firebomb (1 HP,
    a 2 FIRE Explosion in a Square) stands on d2 next to it. A1 hits the Bomb with Con: 1
    Injury on it, KO'd (4.19.5), so its Explosion and Steals Health (heal 1) wait together."""
    a = [kros("ta1", initiative=9, hp=3, spells=[_CON]), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", initiative=2, spells=[_SUMMON]), kros("tb2", initiative=1)]
    return [
        game(a, b, extra_profiles=(_BOMB,)),
        *PLACES,
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2")],
        NO_DOUBLE,
        ev("activate", unit="B1"),
        cast("B1", "d2", "Summon Firebomb (2)"),
        ev("end", unit="B1"),
        *[ev("activate", unit=BOMB_ID), ev("end", unit=BOMB_ID)],
        ev("activate", unit="B2"),
        plain_hit("B2", "d1", "A1"),
        ev("end", unit="B2"),
        NO_DOUBLE,
        ev("activate", unit="A1"),
        cast("A1", "d2", "Con", crit=["lock"], armour={BOMB_ID: ["lock"]}),
    ]


def test_7_2_9_example_4_steals_health_and_an_explosion_wait_for_the_order(catalog) -> None:
    """The order decides whether A1 is KO'd: Step 8 waits for the active player's choice
    (7.2.9.a), and the scoresheet asks for it (4.18.3.a)."""
    state = _last(_con(), catalog)
    assert {p.label for p in state.pending} == {"steals-health:A1", f"explosion:{BOMB_ID}"}
    assert prompt(state).step == "resolve"
    assert state.unit("A1").injuries == 1


def test_7_2_9_b_explosion_first_kos_the_caster_and_steals_health_disappears(catalog) -> None:
    """Explosion first: A1 1 + 2 = 3 Injuries, KO'd; Steals Health cannot resolve any more and
    leaves the list (7.2.9.b), as in Example 4. A2 on c1 (diagonal to d2) takes 2."""
    state = _last([*_con(), _EXPLODES], catalog)
    assert state.unit("A1").cell is None
    assert not state.pending
    assert state.unit("A2").injuries == 2


def test_7_2_9_example_4_steals_health_first_the_caster_survives(catalog) -> None:
    """Steals Health first: A1 goes down to 0 Injuries, then up to 2 after the Explosion."""
    lines = [*_con(), ev("resolve", source="steals-health:A1"), _EXPLODES]
    state = _last(lines, catalog)
    assert (state.unit("A1").cell is not None, state.unit("A1").injuries) == (True, 2)


def test_7_2_5_a_an_explosion_named_without_its_dice_is_refused(catalog) -> None:
    """A `resolve` naming the Explosion must carry its Critical Hit die: the spell on standby
    goes through Steps 1 to 7 (7.2.9.d), and its 1 base die is rolled (7.2.5.a)."""
    lines = [*_con(), ev("resolve", source=f"explosion:{BOMB_ID}")]
    refused(lines, catalog, len(lines), "7.2.5.a")


def _chain() -> list[dict[str, Any]]:
    """Example 1's chain with Steals Health: B1 summons two Firebombs (2 FIRE, Square) on d2 and
    d3; A1 (5 HP, 1 Injury) hits the one on d2 with Con."""
    a = [kros("ta1", initiative=9, hp=5, spells=[_CON]), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", initiative=2, spells=[_SUMMON]), kros("tb2", initiative=1)]
    second = "B1/firebomb-2"
    return [
        game(a, b, extra_profiles=(_BOMB,)),
        *PLACES,
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        *[ev("activate", unit="A2"), ev("end", unit="A2")],
        NO_DOUBLE,
        ev("activate", unit="B1"),
        cast("B1", "d2", "Summon Firebomb (2)"),
        cast("B1", "d3", "Summon Firebomb (2)"),
        ev("end", unit="B1"),
        *[ev("activate", unit=BOMB_ID), ev("end", unit=BOMB_ID)],
        *[ev("activate", unit=second), ev("end", unit=second)],
        ev("activate", unit="B2"),
        plain_hit("B2", "d1", "A1"),
        ev("end", unit="B2"),
        NO_DOUBLE,
        ev("activate", unit="A1"),
        cast("A1", "d2", "Con", crit=["lock"], armour={BOMB_ID: ["lock"]}),
        ev(
            "resolve",
            source=f"explosion:{BOMB_ID}",
            rolls={
                "critical": ["lock"],
                "armour": {"A1": ["lock"], "A2": ["lock"], second: ["lock"]},
            },
        ),
    ]


def test_7_2_9_c_a_chained_explosion_joins_steals_health_and_waits_for_the_order(
    catalog,
) -> None:
    """The first Explosion (A1 1 + 2 = 3 Injuries) KOs the second Bomb: its Explosion joins the
    same list as Steals Health (7.2.9.c, 7.2.9.d) and the active player chooses again which
    comes first (7.2.9.a): both wait."""
    state = _last(_chain(), catalog)
    assert {p.label for p in state.pending} == {"steals-health:A1", "explosion:B1/firebomb-2"}
    assert state.unit("A1").injuries == 3
    boom = ev("resolve", source="explosion:B1/firebomb-2", rolls={"critical": ["lock"]})
    state = _last([*_chain(), ev("resolve", source="steals-health:A1"), boom], catalog)
    assert (state.unit("A1").injuries, state.pending) == (2, ())


# -- 6.2.1.d: a Bomb's Explosion and a start-of-turn power, where the order decides ------------

_BLESS_BOMB = {**_BOMB, "spells": [EXPLOSION]}  # 1 FIRE in a Square
BLESSED_BOMB = "A1/firebomb-1"
_BOOM = _explodes(BLESSED_BOMB)


def _blessing() -> list[dict[str, Any]]:
    """A1 (Sadida Blessing: at the start of his turn an ally of the Brotherhood of the Tofu is
    healed of 2) summons a Firebomb on c2, next to A2 (Brotherhood, the only candidate); B2's
    Gun gives A2 1 Injury. At A1's next turn the Bomb explodes (1 FIRE on A1 and A2) and the
    Blessing triggers at the same time."""
    a = [
        kros("ta1", initiative=9, spells=[_SUMMON], powers=("sadida-blessing",)),
        kros("ta2", level=2, initiative=8, types=["Brotherhood of the Tofu"]),
    ]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1)]
    return [
        game(a, b, extra_profiles=(_BLESS_BOMB,)),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "c2", "Summon Firebomb (2)"),
        ev("end", unit="A1"),
        *[ev("activate", unit=BLESSED_BOMB), ev("end", unit=BLESSED_BOMB)],
        *[ev("activate", unit="A2"), ev("end", unit="A2")],
        NO_DOUBLE,
        *[ev("activate", unit="B1"), ev("end", unit="B1")],
        ev("activate", unit="B2"),
        plain_hit("B2", "c1", "A2"),
        ev("end", unit="B2"),
        NO_DOUBLE,
        ev("activate", unit="A1"),
    ]


def test_6_2_1_d_an_explosion_and_sadida_blessing_wait_for_the_order(catalog) -> None:
    """Heal first, A2 ends with 1 Injury; Explosion first, with 0: the active player chooses
    (6.2.1.d), so the Blessing does not resolve ahead of the Explosion by itself."""
    state = _last(_blessing(), catalog)
    assert {p.label for p in state.pending} == {
        f"explosion:{BLESSED_BOMB}",
        "sadida-blessing:A1",
    }
    assert state.unit("A2").injuries == 1
    lines = [*_blessing(), ev("move", unit="A1", to="e2")]
    refused(lines, catalog, len(lines), "6.2.1.d")  # the Preliminary Phase is not over


def test_6_2_1_d_the_order_written_decides_a2s_injuries(catalog) -> None:
    bless = ev("resolve", source="sadida-blessing:A1")
    state = _last([*_blessing(), bless, _BOOM], catalog)
    assert state.unit("A2").injuries == 1
    state = _last([*_blessing(), _BOOM], catalog)  # the Blessing left alone resolves by itself
    assert (state.unit("A2").injuries, state.pending) == (0, ())


# -- 4.9.23.a: Farmer when its holder is KO'd in its own turn (ruling `farmer-knocked-out`) ------


def _farmer(**fields: Any) -> list[dict[str, Any]]:
    """A2 (1 HP, Farmer) steps onto c2, picks up 1 Kama and guns B2, whose Counter KOs him: his
    turn is over (6.4.2), A's turn with it."""
    a = [kros("ta1", initiative=9), kros("ta2", level=2, hp=1, initiative=8, powers=("farmer",))]
    b = [kros("tb1", initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    return [
        game(a, b, **fields),
        *PLACES,
        *[ev("activate", unit="A1"), ev("end", unit="A1")],
        ev("activate", unit="A2"),
        ev("move", unit="A2", to="c2"),
        ev("pick_kama", unit="A2", count=1),
        plain_hit("A2", "d12", "B2"),
        NO_DOUBLE,  # B's Roll for Tension: A2's End of Activation came before it
    ]


def test_4_9_23_a_ruling_farmer_knocked_out_in_its_own_turn(catalog) -> None:
    """By default the KO'd holder's End of Activation pays nothing (4.18.6: out of play): A keeps
    the 1 Kama picked up; under `farmer-knocked-out` = `kama` the player takes 1 more."""
    state = _last(_farmer(), catalog)
    assert (state.unit("A2").cell, _stock(state, "A")[1]) == (None, 1)
    state = _last(_farmer(rulings={"farmer-knocked-out": "kama"}), catalog)
    assert _stock(state, "A")[1] == 2
