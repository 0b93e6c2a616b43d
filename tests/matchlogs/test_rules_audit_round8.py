"""Eighth rules audit (session 11): the end of a turn that a spell ends (6.4.2), Counters of
several opponents on standby (7.2.9.a-b, 4.10.6.b, 1.7.1), Masquerade's gauges and Injuries
(6.2.1, 7.5.23), the Chafers' Heritages across game turns, Shadow of the Jungle, the Boss Type
of 1.1.1.g, and rules no audit had covered (listed in docs/rules-examples.md, "Rules audit
round 8 (session 11)"). Each verdict was worked out by hand from the 4.1 text and the card text
before the engine was run."""

from __future__ import annotations

from typing import Any

import pytest

from rules.engine.options import prompt
from rules.engine.powers import max_hp
from tests.matchlogs.audit import NO_DOUBLE, PLACES, cast, game, gun, kros, refused, spell
from tests.matchlogs.cards import (
    DUMMIES,
    MIKE_LOCKE,
    TENSION,
    _approach,
    _header,
    _inline,
    _last,
    _places,
    _rolls,
    _stock,
    _walk,
)
from tests.matchlogs.conftest import ev, verify

DI_CUREY, KO_FANG = DUMMIES
MONK = "s4-cpk-16"  # Felonious Monk: Sanctification ends his turn


def _monk_turn(roster, *after: dict[str, Any], farmer: bool = False, **changes: Any):
    """Felonious Monk (an inline copy with 9 MP, and Farmer if asked) walks d2 to d9, picking
    up the Kama of d3 first when he is a Farmer, and casts Sanctification (2 EARTH, Hand) on Di
    Curey (d11): 2 Injuries, and his turn is over. Then the events."""
    powers = [{"slug": "farmer", "name": "Farmer"}] if farmer else []
    monk = _inline(roster, MONK, mp=9, **changes)
    monk["powers"] = [*monk["powers"], *powers]
    header = _header((MONK, MIKE_LOCKE), DUMMIES, monk)
    header["arena"]["kamas"] = {"d3": 1}
    walk = [*_walk("A1", "d", 2, 3), ev("pick_kama", unit="A1"), *_walk("A1", "d", 3, 9)]
    hit = ev("cast", unit="A1", spell="Sanctification", target="d11",
             rolls=_rolls("B1", critical=2))  # fmt: skip
    opening = [*_places(), ev("activate", unit="A1"), *(walk if farmer else _walk("A1", "d", 2, 9))]
    return [header, *opening, hit, *after]


# -- 6.4.2: the end of a turn that a spell ended -------------------------------------------------


def test_6_4_2_sanctification_the_next_piece_plays_without_the_monks_end(catalog, roster) -> None:
    """Sanctification ended the Monk's turn (the card, 6.4); the rules do not say how a log
    marks that end: Mike Locke's `activate` written straight after it is his turn (6.4.2)."""
    state = _last(_monk_turn(roster, ev("activate", unit="A2")), catalog)
    assert (state.active_unit, state.activated) == ("A2", ("A1",))
    assert (state.unit("B1").injuries, state.unit("A1").ap, state.unit("A1").mp) == (2, 0, 0)


def test_6_4_2_sanctification_the_end_written_or_not_gives_the_same_game(catalog, roster) -> None:
    """With or without the Monk's `end`, the state once Mike Locke is active is the same."""
    written = _last(_monk_turn(roster, ev("end", unit="A1"), ev("activate", unit="A2")), catalog)
    left_out = _last(_monk_turn(roster, ev("activate", unit="A2")), catalog)
    assert written == left_out


def test_6_4_1_farmer_pays_when_the_turn_a_spell_ended_closes(catalog, roster) -> None:
    """A Farmer Monk picks up the Kama of d3, then Sanctification ends his turn: his End of
    Activation still comes (6.4.1), so Farmer pays 1 Kama (4.9.23.a), end written or not."""
    for after in ([ev("activate", unit="A2")], [ev("end", unit="A1"), ev("activate", unit="A2")]):
        state = _last(_monk_turn(roster, *after, farmer=True), catalog)
        assert _stock(state, "A") == (6, 1 + 1), after


def test_6_4_2_a_checkpoint_after_sanctification_sees_the_turn_over(catalog, roster) -> None:
    """Once Sanctification has ended the Farmer Monk's turn, his gauges are empty (4.11.3) and
    Farmer has paid (4.9.23.a), `end` written or not: a checkpoint saying so agrees."""
    claim = ev("checkpoint", kamas={"A": 2}, units={"A1": {"ap": 0, "mp": 0}})
    for tail in ([claim], [claim, ev("end", unit="A1")], [ev("end", unit="A1"), claim]):
        report = verify(_monk_turn(roster, *tail, farmer=True), catalog)
        assert report.status.value == "incomplete", (tail, report.to_dict()["errors"])


def test_6_4_2_sanctification_by_the_last_piece_the_opponents_tension(catalog, roster) -> None:
    """The Monk (Initiative 1 here) plays after Mike Locke: the next event after Sanctification
    may be B's Roll for Tension (5.6.1), which starts B's turn."""
    monk = _inline(roster, MONK, mp=9, initiative=1)
    lines = [
        _header((MONK, MIKE_LOCKE), DUMMIES, monk),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        *_walk("A1", "d", 2, 9),
        ev("cast", unit="A1", spell="Sanctification", target="d11", rolls=_rolls("B1", critical=2)),
        TENSION,
    ]
    state = _last(lines, catalog)
    assert (state.active_side, state.turn, state.active_unit) == ("B", 2, None)


def test_6_4_sanctification_a_step_before_the_next_piece_still_refused(catalog, roster) -> None:
    """Leaving the `end` out changes nothing else: the Monk's own step after the spell is still
    refused (6.4.2, the card ended his turn; 6.4 before session 14)."""
    lines = _monk_turn(roster, ev("move", unit="A1", to="c9"), ev("activate", unit="A2"))
    refused(lines, catalog, len(lines) - 1, "6.4.2")


def test_6_4_2_mocalisation_no_end_and_the_markers_count_at_his_next_turn(catalog) -> None:
    """Captain Amakna's Mocalisation (+2 MP markers on himself, then his turn ends) with Mike
    Locke's `activate` straight after it: accepted (6.4.2). At his next turn the markers fill
    his gauge (4.11.5.b): 4 + 2 MP; Kronice gives "his allies" +1 MP, not him (4.4.4)."""
    lines = [
        _header(("s1-duel-1", MIKE_LOCKE)),
        *_places(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Mocalisation", target="d2"),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), TENSION],
        *[ev(e, unit=u) for u in ("B2", "B1") for e in ("activate", "end")],
        *[TENSION, ev("activate", unit="A1")],
    ]
    assert _last(lines[:7], catalog).unit("A1").markers.mp == 2  # after the cast
    assert _last(lines, catalog).unit("A1").mp == 4 + 2


def _krommendable(roster, *after: dict[str, Any]) -> list[dict[str, Any]]:
    """Captain Amakna (an inline copy with Krommendable, the Eternal print's power: at the end
    of his turn, with 2 Vigilantes in the team, another non-Boss ally of his player's choice
    gets +1 MP and +1 AP, +2 AP more for a Vigilante) casts Mocalisation; Lumino (Vigilante,
    6 AP, 4 MP) is A2. Then the events."""
    captain = _inline(roster, "s1-duel-1")
    captain["powers"] = [*captain["powers"], {"slug": "krommendable", "name": "Krommendable"}]
    return [
        _header(("s1-duel-1", "s1-multi-1"), DUMMIES, captain),
        *_places(),
        ev("activate", unit="A1"),
        ev("cast", unit="A1", spell="Mocalisation", target="d2"),
        *after,
    ]


_KROMMENDABLE = ev("resolve", source="krommendable:A1", choices=["unit:A2"])


def test_6_4_2_an_end_of_activation_choice_resolved_without_the_end(catalog, roster) -> None:
    """Mocalisation ended the Captain's turn; his End of Activation triggers Krommendable, which
    the log resolves (Lumino) without writing the `end`: Lumino's turn then starts with 6 + 3 AP
    and 4 + 1 MP (4.11.5), as with the `end` written."""
    for head in ([], [ev("end", unit="A1")]):
        lines = _krommendable(roster, *head, _KROMMENDABLE, ev("activate", unit="A2"))
        a2 = _last(lines, catalog).unit("A2")
        assert (a2.ap, a2.mp) == (9, 5), head


def test_6_4_2_the_next_piece_waits_for_the_end_of_activation_effects(catalog, roster) -> None:
    """A piece's turn ends once the effects its End of Activation triggered are resolved
    (6.4.2): Lumino activated while Krommendable still waits for its choice is refused, `end`
    written or not. Before this audit the activation was accepted (and Krommendable's markers
    came after Lumino's gauges were filled)."""
    for head in ([], [ev("end", unit="A1")]):
        lines = _krommendable(roster, *head, ev("activate", unit="A2"))
        refused(lines, catalog, len(lines), "6.4.2")


def test_7_2_8_b_no_injury_no_counter(catalog) -> None:
    """B2's Armour success takes the Gun's 1 Damage to 0: no Injury is placed (7.2.8.b), so B2's
    Counter, which needs Injuries inflicted (4.9.12.a), does not trigger: nothing waits."""
    a = [kros("ta1", initiative=9), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["armour"]})
    state = _last([game(a, b), *PLACES, ev("activate", unit="A1"), hit], catalog)
    assert (state.pending, state.unit("B2").injuries, state.unit("A1").injuries) == ((), 0, 0)


# -- 7.2.9.a, 4.10.6.b: Counters of several opponents on standby -------------------------------

_BLAST = spell(
    "Blast", kind="ranged", rmin=1, rmax=12, los=False, effects='"Cross" area of effect.'
)


def _counters(
    hp: int, b1: tuple[str, ...] = ("counter",), order: list[str] | None = None, **fields: Any
) -> list[dict[str, Any]]:
    """A1 (`hp` HP, Blast: 1 EARTH, Cross, any range) hits c12: B1 (c12; powers `b1`) and B2
    (d12, Counter) each take 1 Injury, so both Counters wait in Step 8, each for 1 Injury on A1
    (4.9.12.a); `order` is the cast's, if any."""
    a = [kros("ta1", initiative=9, hp=hp, spells=[_BLAST]), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", hp=5, initiative=2, powers=b1), kros("tb2", initiative=1, powers=("counter",))]
    hit = cast("A1", "c12", "Blast", crit=["lock"], armour={"B1": ["lock"], "B2": ["lock"]})
    if order is not None:
        hit["order"] = order
    return [game(a, b, **fields), *PLACES, ev("activate", unit="A1"), hit]


@pytest.mark.parametrize(("hp", "injuries"), [(10, 2), (2, 0), (1, 0)])
def test_7_2_9_a_two_counters_need_no_order(catalog, hp: int, injuries: int) -> None:
    """10 HP: 2 Injuries in either order. 2 HP: the second Counter KOs A1; 1 HP: the first one
    does and the other cannot resolve (7.2.9.b). Either way B takes the wild GG for A1's Level 1
    (4.6.2), whichever Counter KO'd him (4.10.6.b): no order changes the outcome (1.7.1), so
    nothing waits for one."""
    state = _last(_counters(hp), catalog)
    assert not state.pending
    a1 = state.unit("A1")
    assert (a1.injuries, a1.cell is None) == (injuries, hp <= 2)
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == ((6, 7) if hp <= 2 else (6, 6))


def test_7_2_9_a_two_counters_an_order_written_is_still_followed(catalog) -> None:
    """A log may still give the order (7.2.9.a): B2's Counter first, the same outcome."""
    lines = _counters(2, order=["counter:B2", "counter:B1"])
    state = _last(lines, catalog)
    assert (state.unit("A1").cell, _stock(state, "B")[0]) == (None, 7)


def test_7_2_9_a_two_counters_and_prospecting_need_no_order(catalog) -> None:
    """B1 also has Prospecting (4.9.21.a): a Krosmaster of B KOs A1 whichever Counter does it,
    so B takes 1 Kama either way and nothing waits."""
    state = _last(_counters(2, ("counter", "prospecting")), catalog)
    assert not state.pending and _stock(state, "B") == (7, 1)


def test_7_2_9_a_two_counters_wait_when_the_killer_heals(catalog) -> None:
    """B1 also has Goultarminator (having KO'd a Krosmaster, he heals 3): if B1's Counter KOs A1
    (B2's first), B1 heals his 1 Injury; if B2's does (B1's first), B1 keeps it. The order
    changes the outcome, so both wait for the active player's (7.2.9.a, 1.7.1)."""
    state = _last(_counters(2, ("counter", "goultarminator")), catalog)
    assert {p.label for p in state.pending} == {"counter:B1", "counter:B2"}
    assert prompt(state).step == "resolve"
    for order, left in ((["counter:B2", "counter:B1"], 0), (["counter:B1", "counter:B2"], 1)):
        state = _last(_counters(2, ("counter", "goultarminator"), order), catalog)
        assert (state.unit("A1").cell, state.unit("B1").injuries) == (None, left), order


def test_7_2_9_a_a_counter_and_another_opponents_heal_need_no_order(catalog) -> None:
    """A 2-damage Cross on two Piwates: B1 (Brethren of the Coast) suffers 2, so the other
    allied Piwates heal 1; B2 (Counter) suffers 2 and counters A1. The heal touches only B2's
    Injuries and the Counter only A1's: in either order B2 has 1 and A1 has 1 (1.7.1), so
    nothing waits. Before this audit both waited for an `order`."""
    blast = {**_BLAST, "base_damage": 2}
    a = [kros("ta1", initiative=9, spells=[blast]), kros("ta2", level=2, initiative=8)]
    b = [
        kros("tb1", hp=5, initiative=2, powers=("brethren-of-the-coast",), types=["Piwate"]),
        kros("tb2", initiative=1, powers=("counter",), types=["Piwate"]),
    ]
    hit = cast("A1", "c12", "Blast", crit=["lock"], armour={"B1": ["lock"], "B2": ["lock"]})
    state = _last([game(a, b), *PLACES, ev("activate", unit="A1"), hit], catalog)
    assert not state.pending
    assert [state.unit(u).injuries for u in ("A1", "B1", "B2")] == [1, 2, 1]


def _leech_on_a_counter(cost: int) -> list[dict[str, Any]]:
    """A1 (10 HP) pays `cost` Injuries (Blood), then Leech (2 FIRE, Steals Health) hits B2
    (Counter): Steals Health (heal A1 2) and the Counter (1 Injury on A1) wait together."""
    spells = [
        gun("Leech", damage=2, element="fire", effects="Steals Health."),
        spell("Blood", kind="self", element=None, cost={"ap": 1, "hp": cost}),
    ]
    a = [kros("ta1", initiative=9, spells=spells), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1, powers=("counter",))]
    leech = cast("A1", "d12", "Leech", crit=["lock"], armour={"B2": ["lock"]})
    blood = [cast("A1", "d1", "Blood")] if cost else []
    return [game(a, b), *PLACES, ev("activate", unit="A1"), *blood, leech]


def test_7_2_9_a_steals_health_and_a_counter_commute_on_a_hurt_caster(catalog) -> None:
    """With 3 Injuries, A1 ends with 3 - 2 + 1 = 2 whether the heal or the Counter comes
    first: the order cannot change the outcome (1.7.1) and nothing waits. Before this audit the
    log had to write an `order` (7.2.1.a refused the next event)."""
    state = _last(_leech_on_a_counter(3), catalog)
    assert (state.pending, state.unit("A1").injuries) == ((), 2)


def test_7_2_9_a_steals_health_and_a_counter_wait_on_an_unhurt_caster(catalog) -> None:
    """With no Injury, the heal first finds nothing to heal (A1 ends with 1), the Counter first
    leaves it 2 to heal (A1 ends with 0): the order matters, both wait (7.2.9.a)."""
    state = _last(_leech_on_a_counter(0), catalog)
    assert {p.label for p in state.pending} == {"steals-health:A1", "counter:B2"}


def test_4_18_3_b_ruling_active_player_orders_two_counters_wait(catalog) -> None:
    """Under `standby-order` = `active-player-orders` the powers' effects (Counter is a power,
    4.9.12) wait for the log whenever more than one does."""
    lines = _counters(10, rulings={"standby-order": "active-player-orders"})
    assert {p.label for p in _last(lines, catalog).pending} == {"counter:B1", "counter:B2"}


# -- Masquerade: the gauges of the next turn, the Injuries carried over ---------------------------


def _masquerade_first_turn(*after: dict[str, Any]) -> list[dict[str, Any]]:
    """Maskemane - Classic (A1; AP 6, MP 3, 5 HP) becomes Maskemane - Coward (AP 5, MP 4, 4 HP)
    at the start of his first turn (Mike Locke plays first), then the events."""
    return [
        _header(("s4-exf4-1", MIKE_LOCKE)),
        *_places(),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        ev("resolve", source="masquerade:A1", choices=["profile:s4-exf4-2"]),
        *after,
    ]


def test_4_11_2_masquerade_the_next_turn_fills_the_new_forms_gauges(catalog) -> None:
    """At his next turn Maskemane is the Coward: his gauges fill with the Coward's AP and MP
    (4.11.2, 6.2.1.b), 5 and 4, and Masquerade (his first turn only) asks nothing."""
    lines = _masquerade_first_turn(
        ev("end", unit="A1"),
        TENSION,
        *[ev("activate", unit="B2"), ev("end", unit="B2")],
        *[ev("activate", unit="B1"), ev("end", unit="B1"), TENSION],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
    )
    state = _last(lines, catalog)
    a1 = state.unit("A1")
    assert (a1.profile.id, a1.ap, a1.mp, state.pending) == ("s4-exf4-2", 5, 4, ())


def test_7_5_23_a_masquerade_onto_fewer_hp_than_the_injuries_is_a_ko(catalog) -> None:
    """B plays first and guns the Classic (5 HP) four times. At his first turn he becomes the
    Coward (4 HP): the Injuries come with him (7.5.23.a), as many as his HP, so he is KO'd at
    once (4.10.2, checked continuously): B takes the wild GG (Level 1)."""
    gunner = kros("tb1", hp=5, initiative=9)
    guns = [ev("cast", unit="B1", spell="Gun", target="d2", rolls=_rolls("A1"))] * 4
    lines = [
        _header(("s4-exf4-1", MIKE_LOCKE), ("tb1", KO_FANG), gunner),
        *_places(first="B"),
        ev("activate", unit="B1"),
        *guns,
        *[ev("end", unit="B1"), ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        ev("resolve", source="masquerade:A1", choices=["profile:s4-exf4-2"]),
    ]
    state = _last(lines, catalog)
    assert state.unit("A1").cell is None
    assert (_stock(state, "A")[0], _stock(state, "B")[0], state.wild_gg) == (6, 7, False)


# -- The Chafers' Heritages across game turns -----------------------------------------------------


def _lancer(roster, *b_turn: dict[str, Any]) -> list[dict[str, Any]]:
    """A: the Chafer Lancer (a 1 HP copy, Initiative 3), Mike Locke (2), Di Curey (0); B: a
    gunner (12 AP) and Ko-Fang. A's turn 1 passes, then B's gunner acts (`b_turn`)."""
    gunner = kros("tb1", hp=5, initiative=2, ap=12)
    return [
        _header(("s4-cpk-10", MIKE_LOCKE, DI_CUREY), ("tb1", KO_FANG),
                _inline(roster, "s4-cpk-10", hp=1), gunner, timeline_ties={"B": ["B1", "B2"]}),
        *_places(A3="e1"),
        *[ev(e, unit=u) for u in ("A1", "A2", "A3") for e in ("activate", "end")],
        TENSION,
        ev("activate", unit="B1"),
        *b_turn,
    ]  # fmt: skip


def _gun(target: str, victim: str, times: int = 1) -> list[dict[str, Any]]:
    return [ev("cast", unit="B1", spell="Gun", target=target, rolls=_rolls(victim))] * times


def test_4_10_2_b_vigorous_heritage_passes_to_the_next_ally_when_the_heir_is_kod(
    catalog, roster
) -> None:
    """The Lancer KO'd: Mike Locke, the first non-Boss ally playing after him, has 4 + 2 HP, so
    5 Injuries leave him in play; a 6th KOs him, and the heritage goes to Di Curey (5 + 2),
    the first one playing after the Lancer now. B: the wild GG, then 1 stolen (4.6.2)."""
    five = _last(_lancer(roster, *_gun("d2", "A1"), *_gun("f1", "A2", 5)), catalog)
    assert (five.unit("A2").injuries, max_hp(five, five.unit("A2"))) == (5, 6)
    state = _last(_lancer(roster, *_gun("d2", "A1"), *_gun("f1", "A2", 6)), catalog)
    assert state.unit("A2").cell is None
    assert max_hp(state, state.unit("A3")) == 5 + 2
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (5, 8)


def test_4_10_1_vigorous_heritage_lasts_into_the_next_game_turns(catalog, roster) -> None:
    """The heritage lasts as long as the Lancer is KO'd: at A's next turn Mike Locke, active,
    still has 6 HP."""
    lines = _lancer(
        roster,
        *_gun("d2", "A1"),
        *[ev("end", unit="B1"), ev("activate", unit="B2"), ev("end", unit="B2"), TENSION],
        ev("activate", unit="A2"),
    )
    state = _last(lines, catalog)
    assert (state.active_unit, max_hp(state, state.unit("A2"))) == ("A2", 6)


def _oscult(*a_turn: dict[str, Any], roster) -> list[dict[str, Any]]:
    """B's gunner KOs the Invisible Chafer (a 1 HP copy without Haziness, which would cap the
    Injuries of a lone Chafer at 0) in B's turn 2; in A's turn 3 Mike Locke, his heir, plays
    with the events."""
    gunner = kros("tb1", hp=5, initiative=2)
    heritage = [{"slug": "oscult-heritage", "name": "Oscult Heritage"}]
    chafer = _inline(roster, "s4-cpk-11", hp=1, powers=heritage)
    return [
        _header(("s4-cpk-11", MIKE_LOCKE), ("tb1", KO_FANG), chafer, gunner,
                timeline_ties={"B": ["B1", "B2"]}),
        *_places(),
        *[ev(e, unit=u) for u in ("A1", "A2") for e in ("activate", "end")],
        TENSION,
        *[ev("activate", unit="B1"), *_gun("d2", "A1"), ev("end", unit="B1")],
        *[ev("activate", unit="B2"), ev("end", unit="B2"), TENSION, ev("activate", unit="A2")],
        *a_turn,
    ]  # fmt: skip


def test_4_11_2_oscult_heritage_one_more_mp_at_the_heirs_next_activation(catalog, roster) -> None:
    """The Invisible Chafer KO'd in B's turn, Mike Locke (2 MP) fills his MP gauge with 2 + 1 at
    his next activation (4.11.2): three steps are taken, a fourth is refused (6.3.2)."""
    assert _last(_oscult(*_walk("A2", "f", 1, 4), roster=roster), catalog).unit("A2").mp == 0
    lines = _oscult(*_walk("A2", "f", 1, 5), roster=roster)
    refused(lines, catalog, len(lines), "6.3.2")


# -- Darkli Moon's Shadow of the Jungle -----------------------------------------------------------


def _jungle(roster, *targets: tuple[str, str]) -> list[dict[str, Any]]:
    """A: Darkli Moon (A1; Level 2, Wild), Kanniball Jav (A2; Level 2, Wild), a Level 1 Wild
    (A3), all 1 HP copies, and Mike Locke (A4, who keeps A in the game); B's gunner KOs the
    units on `targets` in B's turn 2, in order."""
    wild = kros("twild", hp=1, initiative=1, types=["Wild"])
    gunner = kros("tb1", hp=5, initiative=2)
    return [
        _header(("s3-exf3-8", "s3-dks3-3", "twild", MIKE_LOCKE), ("tb1", KO_FANG),
                _inline(roster, "s3-exf3-8", hp=1), _inline(roster, "s3-dks3-3", hp=1), wild,
                gunner, timeline_ties={"A": ["A1", "A2"], "B": ["B1", "B2"]}),
        *_places(A3="e1", A4="f2"),
        *[ev(e, unit=u) for u in ("A1", "A2", "A4", "A3") for e in ("activate", "end")],
        TENSION,
        ev("activate", unit="B1"),
        *[g for cell, unit in targets for g in _gun(cell, unit)],
    ]  # fmt: skip


def test_4_4_3_shadow_of_the_jungle_darkli_moon_counts_herself(catalog, roster) -> None:
    """Darkli Moon is a Wild ally of her own (4.4.3) and still holds her power when B takes the
    GG, the first step of her KO (4.10.2.a): she counts as Level 1, B takes the wild GG only."""
    state = _last(_jungle(roster, ("d2", "A1")), catalog)
    assert state.unit("A1").cell is None
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (6, 7)


def test_4_18_2_a_shadow_of_the_jungle_a_level_1_ko_leaves_it_for_the_first_level_2(
    catalog, roster
) -> None:
    """A Level 1 Wild KO'd first is no Level 2 Wild (B takes the wild GG); Kanniball Jav then is
    the first one and counts as Level 1 (1 stolen); Darkli Moon, the second, counts her full
    Level 2 (2 stolen): B 10, A 3."""
    state = _last(_jungle(roster, ("e1", "A3"), ("f1", "A2"), ("d2", "A1")), catalog)
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (3, 10)


def test_4_18_2_a_shadow_of_the_jungle_the_first_time_comes_once_even_stained(
    catalog, roster
) -> None:
    """Malee Buhrum (Stain; a 9 MP copy) walks next to Darkli Moon, who loses her powers: the
    gunner KOs Kanniball Jav, the first Level 2 Wild KO of the fight, at his full Level 2. In
    B's next turn Malee steps away (Caught, 0 against 0) and the gunner KOs Darkli Moon, her
    power back: it is not the first time any more (4.18.2.a), so she counts 2 as well. Before
    this audit the engine waited for a KO with the power active: B 9, A 4."""
    wild = kros("twild", hp=1, initiative=1, types=["Wild"])
    gunner = kros("tb1", hp=5, initiative=2)
    malee = _inline(roster, "s2-dks2-17", mp=9)
    away = ev("move", unit="B2", to="d4", block=[{"by": "A1", "lock": ["armour"],
                                                   "dodge": ["armour"]}])  # fmt: skip
    lines = [
        _header(("s3-exf3-8", "s3-dks3-3", "twild", MIKE_LOCKE), ("tb1", "s2-dks2-17"),
                _inline(roster, "s3-exf3-8", hp=1), _inline(roster, "s3-dks3-3", hp=1), wild,
                gunner, malee, timeline_ties={"A": ["A1", "A2"]}),
        *_places(A3="e1", A4="f2", B1="f12", B2="d11"),
        *[ev(e, unit=u) for u in ("A1", "A2", "A4", "A3") for e in ("activate", "end")],
        TENSION,
        *[ev("activate", unit="B2"), *_walk("B2", "d", 11, 3), ev("end", unit="B2")],
        *[ev("activate", unit="B1"), *_gun("f1", "A2"), ev("end", unit="B1"), TENSION],
        *[ev(e, unit=u) for u in ("A1", "A4", "A3") for e in ("activate", "end")],
        TENSION,
        *[ev("activate", unit="B2"), away, ev("end", unit="B2")],
        *[ev("activate", unit="B1"), *_gun("d2", "A1")],
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert state.unit("A1").cell is None
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (3, 10)


# -- 1.1.1.g: the Boss Type counts as not printed -------------------------------------------------


def _krosmo_lightning(roster, **fields: Any) -> list[dict[str, Any]]:
    """Goldenrod Terminatot (9 MP copy) casts Krosmo-Lightning (2 FIRE; +2 on a Terminatot, +2
    on a Boss) on the Stasis Terminatot (a Terminatot, printed Boss) from d9, dice scoring
    nothing (Critical Hit: 2 dice)."""
    hit = ev("cast", unit="A1", spell="Krosmo-Lightning", target="d11",
             rolls=_rolls("B1", critical=2))  # fmt: skip
    return [
        _header(("s2-term-3", MIKE_LOCKE), ("s2-term-2", KO_FANG),
                _inline(roster, "s2-term-3", mp=9), _inline(roster, "s2-term-2", initiative=0),
                **fields),
        *_approach(9),
        hit,
    ]  # fmt: skip


def test_1_1_1_g_krosmo_lightning_no_boss_bonus(catalog, roster) -> None:
    """The Boss Type is considered not printed and effects limited to Bosses no longer apply
    (1.1.1.g): 2 + 2 (Terminatot) = 4 Injuries."""
    assert _last(_krosmo_lightning(roster), catalog).unit("B1").injuries == 4


def test_1_1_1_g_ruling_boss_type_printed_follows_the_2_2_2_example(catalog, roster) -> None:
    """Under `boss-type` = `printed` (2.2.2's example, +4 on the Stasis Terminatot) and under
    the official rules 2.7 (no 1.1.1.g), 2 + 2 + 2 = 6."""
    printed = _krosmo_lightning(roster, rulings={"boss-type": "printed"})
    assert _last(printed, catalog).unit("B1").injuries == 6
    official = _krosmo_lightning(roster, ruleset="official-2.7")
    report = verify(official, catalog)
    assert report.states[-1].unit("B1").injuries == 6
    assert report.to_dict()["rulings"]["boss-type"] == "printed"


@pytest.mark.parametrize(("reading", "injuries"), [("not-printed", 1), ("printed", 2)])
def test_1_1_1_g_slap_no_extra_on_a_boss_typed_target(catalog, roster, reading, injuries) -> None:
    """Percedal - Percylax (a 9 MP copy; Strength: 2 Critical Hit dice on an EARTH spell)
    slaps the Stasis Terminatot (printed Boss): Slap's "+1 extra on Bosses" no longer applies
    (1.1.1.g), 1 Injury; under `boss-type` = `printed`, 1 + 1."""
    slap = ev("cast", unit="A1", spell="Slap", target="d11", rolls=_rolls("B1", critical=2))
    lines = [
        _header(("s2-exf2-6", MIKE_LOCKE), ("s2-term-2", KO_FANG),
                _inline(roster, "s2-exf2-6", mp=9), _inline(roster, "s2-term-2", initiative=0),
                rulings={"boss-type": reading}),
        *_approach(10),
        slap,
    ]  # fmt: skip
    assert _last(lines, catalog).unit("B1").injuries == injuries


def _karcham(**fields: Any) -> list[dict[str, Any]]:
    """Poochan (d2; Karcham: an adjacent non-Boss ally to the targeted empty cell, +1 Injury)
    with Wakfu Terminatot (printed Boss, plays first) on d1, chosen for d5."""
    return [
        _header(("s2-dks2-18", "s2-term-1"), **fields),
        *_places(A1="d2", A2="d1"),
        *[ev("activate", unit="A2"), ev("end", unit="A2"), ev("activate", unit="A1")],
        ev("cast", unit="A1", spell="Karcham", target="d5", choices=["unit:A2"]),
    ]


def test_1_1_1_g_karcham_moves_a_boss_typed_ally(catalog) -> None:
    """An effect limited to non-Boss Krosmasters applies to any Krosmaster (1.1.1.g): Wakfu
    Terminatot goes to d5 and suffers 1 Injury; under `printed` the choice is refused (7.2.4)."""
    state = _last(_karcham(), catalog)
    assert (state.unit("A2").cell.name, state.unit("A2").injuries) == ("d5", 1)
    lines = _karcham(rulings={"boss-type": "printed"})
    refused(lines, catalog, len(lines), "7.2.4")


# -- Powers reacting to a KO in the other player's turn ------------------------------------------


def test_4_18_2_d_laid_low_a_monks_counter_ko_in_the_opponents_turn(catalog) -> None:
    """A1 (1 HP) guns B2, a Monk with Counter: the Counter KOs A1 in A's turn. Laid Low acts
    "during your turn" only (4.18.2.a, its 4.18.2.d example), so B's Krosmasters get no marker;
    B takes the wild GG (4.6.2)."""
    a = [kros("ta1", initiative=9, hp=1), kros("ta2", level=2, initiative=8)]
    monk = kros("tb2", initiative=1, powers=("counter", "laid-low"), types=["Monk"])
    b = [kros("tb1", hp=5, initiative=2), monk]
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]})
    state = _last([game(a, b), *PLACES, ev("activate", unit="A1"), hit], catalog)
    assert (state.unit("A1").cell, _stock(state, "B")[0]) == (None, 7)
    assert [state.unit(u).markers.ap for u in ("B1", "B2")] == [0, 0]


def test_4_18_2_a_laid_low_a_first_ko_while_stained_is_still_the_first(catalog, roster) -> None:
    """Felonious Monk (a copy with Initiative 9, 12 AP, 11 MP) stops next to Malee Buhrum
    (Stain: no power, no Critical Hit) and KOs a 1 HP Ko-Fang with Amenek: the first time in
    A's turn a Monk KOs an opposing Krosmaster, and Laid Low gives nothing. He steps away
    (Caught, 0 against 0), has his powers back and KOs the second Ko-Fang (2 Critical Hit
    dice): not the first time (4.18.2.a, "during your turn"), so no marker either. Before this
    audit the second KO gave every allied Krosmaster +1 AP and +1 MP markers."""
    monk = _inline(roster, MONK, initiative=9, ap=12, mp=11)
    away = ev("move", unit="A1", to="c10", block=[{"by": "B1", "lock": ["armour"],
                                                   "dodge": ["armour"]}])  # fmt: skip
    lines = [
        _header((MONK, MIKE_LOCKE), ("s2-dks2-17", KO_FANG, KO_FANG), monk,
                _inline(roster, KO_FANG, hp=1), timeline_ties={"B": ["B2", "B3"]}),
        *_places(B3="c12"),
        ev("activate", unit="A1"),
        *_walk("A1", "d", 2, 10),
        ev("cast", unit="A1", spell="Amenek", target="f12", rolls=_rolls("B2")),
        away,
        ev("move", unit="A1", to="c9"),
        ev("cast", unit="A1", spell="Amenek", target="c12", rolls=_rolls("B3", critical=2)),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("B2").cell, state.unit("B3").cell) == (None, None)
    assert [state.unit(u).markers.ap for u in ("A1", "A2")] == [0, 0]
    assert (_stock(state, "A")[0], _stock(state, "B")[0]) == (8, 5)


def test_4_9_24_loot_and_prospecting_for_a_counter_ko_in_the_opponents_turn(catalog) -> None:
    """In B's turn B1 (1 HP, Loot 2) guns A2 (Counter); A2's Counter KOs B1. Neither power
    names a turn: Loot pays A 2 Kamas (4.9.24.a, a Game Piece of A KO'd the holder) and A1's
    Prospecting 1 (4.9.21.a, a Krosmaster of A KO'd an opposing Krosmaster); A takes the wild
    GG (4.6.2)."""
    a = [
        kros("ta1", initiative=9, powers=("prospecting",)),
        kros("ta2", level=2, initiative=8, powers=("counter",)),
    ]
    b = [kros("tb1", hp=1, initiative=2, powers=("loot-2",)), kros("tb2", initiative=1)]
    lines = [
        game(a, b),
        *PLACES,
        *[ev(e, unit=u) for u in ("A1", "A2") for e in ("activate", "end")],
        NO_DOUBLE,
        ev("activate", unit="B1"),
        cast("B1", "c1", crit=["lock"], armour={"A2": ["lock"]}),
    ]  # fmt: skip
    state = _last(lines, catalog)
    assert (state.unit("B1").cell, state.pending) == (None, ())
    assert _stock(state, "A") == (7, 2 + 1)


# -- Tournament matters the rules leave open: a concession while effects wait ---------------------


def test_1_4_a_concession_while_counters_wait_for_the_order(catalog) -> None:
    """The two Counters wait for A's order (Goultarminator, above); B concedes at that moment:
    the tournament's concession ends the game at once (docs/match-log.md, "Concede and time"),
    nothing waits any more for a player to order it, and A wins."""
    lines = [*_counters(2, ("counter", "goultarminator")), ev("concede", player="B")]
    report = verify(lines, catalog)
    assert report.to_dict()["result"]["winner"] == "A"
    assert report.states[-1].phase.value == "over"


# -- 4.15.9: a line of sight touching a Tree's corner ---------------------------------------------


@pytest.mark.parametrize(("reading", "seen"), [("exact", True), ("strict-corners", False)])
def test_4_15_9_a_line_touching_a_trees_corner(catalog, reading: str, seen: bool) -> None:
    """From d1 to g2 the line passes through the corner shared by e1, f1, e2 and f2 and cuts
    e1 and f2 only: a Tree on e2 is touched at a corner, not cut (4.15.9), so A1 sees g2; under
    `line-of-sight` = `strict-corners` the touch blocks (7.1.6)."""
    shot = spell("Shot", kind="ranged", rmin=1, rmax=6, element="fire")
    a = [kros("ta1", initiative=9, spells=[shot]), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1)]
    arena = {"name": "Corner", "trees": ["e2"], "start_cells": {
        "A": ["c1", "d1"], "B": ["c12", "d12"]}}  # fmt: skip
    lines = [
        game(a, b, arena=arena, rulings={"line-of-sight": reading}),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "g2", "Shot", crit=["lock"]),
    ]
    if seen:
        assert _last(lines, catalog).unit("A1").ap == 6 - 1
    else:
        refused(lines, catalog, len(lines), "7.1.6")


# -- 4.10.6.c: a KO by an Injury cost is by nobody -------------------------------------------------


def test_4_10_6_c_a_ko_by_an_injury_cost_after_a_counter_pays_no_prospecting(catalog) -> None:
    """A1 (3 HP) guns B2 (Counter, Prospecting): the Counter inflicts 1 Injury on A1. Then A1
    pays Bleed's 2 Injuries and is KO'd (7.2.2.b). Those Injuries are neither inflicted nor
    suffered (4.10.6.c): no Krosmaster of B KO'd him, so Prospecting pays nothing (4.9.21.a);
    B still takes the wild GG for his Level (4.6.2). B2's second Counter (Bleed hit him) has
    nobody to injure and is dropped (7.2.9.b), so nothing waits. Before this audit the KO was
    credited to B2, whose Counter had placed the last Injury inflicted on A1 this turn (and
    the Counter and Prospecting waited for an order)."""
    bleed = spell("Bleed", kind="ranged", rmin=1, rmax=12, los=False, cost={"ap": 1, "hp": 2})
    a = [kros("ta1", initiative=9, hp=3, spells=[gun(), bleed]), kros("ta2", level=2)]
    b = [
        kros("tb1", hp=5, initiative=2),
        kros("tb2", initiative=1, powers=("counter", "prospecting")),
    ]
    lines = [
        game(a, b),
        *PLACES,
        ev("activate", unit="A1"),
        cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]}),
        cast("A1", "d12", "Bleed", crit=["lock"], armour={"B2": ["lock"]}),
    ]
    state = _last(lines, catalog)
    assert (state.unit("A1").cell, state.unit("B2").injuries, state.pending) == (None, 2, ())
    assert _stock(state, "B") == (7, 0)


# -- Time called (the tournament's equal-turns-draw) and a turn over without its `end` ------------


def test_6_4_2_time_the_round_ends_with_the_last_piece_kod_in_its_turn(catalog) -> None:
    """Time is called in B's turn 2 (equal-turns-draw: the game ends with the second player's
    turn). B2, B's last piece, pays Bleed's Injury with 1 HP and is KO'd (7.2.2.b): his turn is
    over (6.4.2) and so is the round, without an `end`. A took the wild GG: 7 to 6, a draw."""
    bleed = spell("Bleed", kind="ranged", rmin=1, rmax=12, los=False, cost={"ap": 1, "hp": 1})
    a = [kros("ta1", initiative=9), kros("ta2", level=2, initiative=8)]
    b = [kros("tb1", hp=5, initiative=2), kros("tb2", initiative=1, hp=1, spells=[bleed])]
    claim = ev("result", winner=None, gg={"A": 7, "B": 6}, reason="time")
    lines = [
        game(a, b),
        *PLACES,
        *[ev(e, unit=u) for u in ("A1", "A2") for e in ("activate", "end")],
        NO_DOUBLE,
        *[ev("activate", unit="B1"), ev("time"), ev("end", unit="B1"), ev("activate", unit="B2")],
        cast("B2", "d1", "Bleed", crit=["lock"], armour={"A1": ["lock"]}),
        claim,
    ]
    report = verify(lines, catalog)
    assert report.status.value == "valid", report.to_dict()
