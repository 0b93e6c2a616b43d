"""`rules.engine.options`: what a scoresheet may offer, computed by the engine's own rules.

Uses the community roster (KROSMASTER_DATA) and the match-log corpus; see tests/matchlogs.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine import options
from rules.engine.cells import Cell
from rules.engine.errors import RuleViolation
from rules.engine.logevents import Cast, Checkpoint, Result, Ruling
from rules.engine.replay import Status, dispatch
from rules.matchlog.verify import verify_log_text, with_inline_profiles
from tests.matchlogs.conftest import CORPUS, catalog, ev, header, placed, verify  # noqa: F401

GAMES = ("game-ko-win.jsonl", "game-gg-win.jsonl", "game-counter-resolve.jsonl")


@pytest.mark.parametrize("name", GAMES)
def test_apply_event_gives_the_replays_states(name, catalog):  # noqa: F811
    """One event at a time, the scoresheet's step reaches exactly the replay's states."""
    report = verify_log_text((CORPUS / name).read_text(), catalog)
    assert report.status is Status.VALID
    profiles = with_inline_profiles(catalog, report.log.header.profiles)
    context = dispatch.context(report.log, profiles)
    state = report.initial
    for event, expected in zip(report.log.events, report.states, strict=False):
        if isinstance(event, Checkpoint | Result | Ruling):
            continue
        if event.__class__.__name__ == "Concede":
            continue
        state = options.apply_event(state, event, context).state
        assert state == expected, (name, event)


def _game(catalog, events):  # noqa: F811
    report = verify([header(), *placed(), *events], catalog)
    assert not report.errors or report.errors[0].rule is None, report.to_dict()
    return report.states[-1], dispatch.context(report.log, catalog)


def test_6_3_2_moves_within_mp_and_4_14_block_dice_with_lock_power(catalog):  # noqa: F811
    # Anna Tommy (A1) walks up to Mil Kluva (B1, Lock power) and must then roll to leave.
    state, context = _game(catalog, [ev("activate", unit="A1"), ev("move", unit="A1", to="c2")])
    free = options.move_options(state, state.unit("A1"), context)
    assert free and all(m.mp <= state.unit("A1").mp for m in free)
    assert all(not m.blocks for m in free)
    near = state.with_unit(replace(state.unit("B1"), cell=Cell.parse("c3")))
    blocked = options.move_options(near, near.unit("A1"), context)
    assert blocked and all(m.mp == 1 for m in blocked)  # one step at a time once blocked
    need = blocked[0].blocks[0]
    assert need.by == "B1" and need.lock.count == 2 and "4.14.5" in " ".join(need.lock.reasons)
    assert need.dodge.count == 1 and need.dodge.rule == "4.14.2.c"


def test_7_2_5_and_7_2_6_dice_asked_for_a_cast(catalog):  # noqa: F811
    text = (CORPUS / "game-ko-win.jsonl").read_text().splitlines()
    report = verify_log_text("\n".join(text[:7]), catalog)
    state = report.states[-1]
    context = dispatch.context(report.log, catalog)
    needs = options.cast_needs(state, Cast(0, "A1", "Plaguing Arrow", Cell.parse("c12")), context)
    asked = [(d.roll, d.who, d.count, d.rule) for d in needs.dice]
    assert asked == [("critical", "A1", 1, "7.2.5.a"), ("armour", "B1", 1, "7.2.6.a")]
    with pytest.raises(RuleViolation) as refused:
        options.cast_needs(state, Cast(0, "A1", "Plaguing Arrow", Cell.parse("l1")), context)
    assert refused.value.rule.startswith("7.1")
    spells = {s.name: s for s in options.spell_options(state, state.unit("A1"), context)}
    arrow = spells["Plaguing Arrow"]
    assert "c12" in {t.cell for t in arrow.targets} and arrow.ap == 3


def test_prompt_follows_the_turn_structure(catalog):  # noqa: F811
    state, _ = _game(catalog, [])
    assert options.prompt(state).step == "activate"  # 5.2.4: no Tension on turn 1
    state, _ = _game(catalog, [ev("activate", unit="A1"), ev("end", unit="A1")])
    assert options.prompt(state).step == "activate"  # A2 next in the Timeline (5.5.1)
    turn = [ev(e, unit=u) for u in ("A1", "A2") for e in ("activate", "end")]
    state, _ = _game(catalog, turn)
    prompt = options.prompt(state)
    assert (prompt.step, prompt.side, prompt.rule) == ("tension", "B", "5.2.1")


def test_7_1_4_a_spells_refused_for_every_cell_when_ap_runs_out(catalog):  # noqa: F811
    text = (CORPUS / "game-ko-win.jsonl").read_text().splitlines()
    report = verify_log_text("\n".join(text[:7]), catalog)
    state = report.states[-1]
    tired = state.with_unit(replace(state.unit("A1"), ap=0))
    context = dispatch.context(report.log, catalog)
    spells = options.spell_options(tired, tired.unit("A1"), context)
    assert spells and all(not s.targets and s.rule == "7.1.4.a" for s in spells)


def test_7_2_9_effects_on_standby_and_their_dice(catalog):  # noqa: F811
    text = (CORPUS / "game-counter-resolve.jsonl").read_text().splitlines()
    cast = next(i for i, line in enumerate(text) if '"Decoy"' in line)
    report = verify_log_text("\n".join(text[: cast + 1]), catalog)
    state = report.states[-1]
    profiles = with_inline_profiles(catalog, report.log.header.profiles)
    context = dispatch.context(report.log, profiles)
    prompt = options.prompt(state)
    assert prompt.step == "resolve" and "counter:B1" in prompt.data["pending"]
    assert options.resolve_needs(state, "counter:B1", context).dice == ()  # a Counter: no dice
    with pytest.raises(RuleViolation) as refused:
        options.resolve_needs(state, "click:B1/trap-1", context)
    assert refused.value.rule == "7.2.9.a"


def _started(catalog, a1: str, activate: bool = True):  # noqa: F811
    """`a1` alone against Di Curey (Initiative 0, so A plays first), placed on e1 and e12, A1
    about to play (or playing)."""
    from rules.engine.logevents import Activate, Place

    teams = {"A": [("A1", a1)], "B": [("B1", "s1-dks1-12")]}
    report = verify([header(teams)], catalog)
    if report.initial is None:  # a tie on every count (1.3.1.c)
        report = verify([header(teams, first_player="A")], catalog)
    state, context = report.initial, dispatch.context(report.log, catalog)
    for unit, cell in (("A1", "e1"), ("B1", "e12")):
        state = options.apply_event(state, Place(0, unit, Cell.parse(cell)), context).state
    if activate:
        state = options.apply_event(state, Activate(0, "A1"), context).state
    return state, context


def test_8_6_2_interior_fire_asks_which_marker_when_the_turn_starts(catalog):  # noqa: F811
    from rules.engine.state import Markers

    state, context = _started(catalog, "s1-exf-9", activate=False)  # Count Frigost
    assert options.activate_choice(state, "A1", context) is None  # no marker: nothing to ask
    slowed = state.with_unit(replace(state.unit("A1"), markers=Markers(ap=-1, mp=-1)))
    asked = options.activate_choice(slowed, "A1", context)
    assert asked is not None and asked.key == "marker" and asked.values == ("ap", "mp")
    assert asked.rule == "4.9.15.a"
    with pytest.raises(RuleViolation) as refused:  # not the piece the Timeline calls
        options.activate_choice(slowed, "B1", context)
    assert refused.value.rule == "5.5.1"


def test_4_18_3_e_kerub_bazaar_asks_the_coin_and_a_cast_asks_x(catalog):  # noqa: F811
    state, context = _started(catalog, "s2-kerub-1")  # Grampy: Kerub Bazaar at his turn's start
    assert [p.label for p in state.pending] == ["kerub-bazaar:A1"]
    needs = options.resolve_needs(state, "kerub-bazaar:A1", context)
    assert needs.choice.key == "coin" and needs.choice.values == ("heads", "tails")
    assert needs.choice.rule == "4.18.3.e" and needs.dice == ()
    assert (
        options.resolve_needs(state, "kerub-bazaar:A1", context, choices=("coin:tails",)).choice
        is None
    )
    with pytest.raises(RuleViolation):
        options.resolve_needs(state, "kerub-bazaar:A1", context, choices=("coin:edge",))
    emily, context = _started(catalog, "s6-botf-4")  # Come to Mama...: a cost of X Kamas
    emily = emily.with_player(replace(emily.player("A"), kamas=2))
    spell = next(
        s
        for s in options.spell_options(emily, emily.unit("A1"), context)
        if s.name == "Come to Mama..."
    )
    assert spell.targets and spell.targets[0].choice == "x"
    needs = options.cast_needs(
        emily, Cast(0, "A1", spell.name, Cell.parse(spell.targets[0].cell)), context
    )
    assert needs.choice.rule == "7.1.4" and needs.choice.values == ("0", "1", "2")  # X ≤ Kamas


def test_4_18_3_e_masquerade_offers_the_other_forms_of_the_same_level(catalog):  # noqa: F811
    state, context = _started(catalog, "s4-exf4-1")  # Maskemane, his first turn
    needs = options.resolve_needs(state, "masquerade:A1", context)
    assert needs.choice.key == "profile" and "s4-exf4-2" in needs.choice.values
    assert "s4-exf4-1" not in needs.choice.values  # not his own form
