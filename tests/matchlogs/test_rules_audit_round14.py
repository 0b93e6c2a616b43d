"""Fourteenth rules audit (session 14): the last refusals citing a heading (6.4, 7.2.4) and
4.1 numbers no test cited that a log can show. Each verdict was worked out from the rules text
first, then the smallest log built and the engine run (docs/rules-examples.md, "Rules audit
round 14 (session 14)")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.matchlogs.audit import (
    A1,
    PLACES,
    RULESETS,
    agrees,
    cast,
    game,
    gun,
    kros,
    refused,
    side_a,
    side_b,
)
from tests.matchlogs.cards import _last
from tests.matchlogs.conftest import ARENA, ev, verify
from tests.matchlogs.test_card_audit_round3 import _sanctification
from tests.matchlogs.test_rules_audit_round13 import _SHOVE

# -- 6.4.2: an effect ended the piece's turn ---------------------------------------------------


@pytest.mark.parametrize(
    "after",
    [
        ev("move", unit="A1", to="c9"),
        ev("pick_kama", unit="A1", count=1),
        ev("cast", unit="A1", spell="Sanctification", target="d11"),
    ],
    ids=["move", "pick-kama", "cast"],
)
def test_6_4_2_after_an_effect_ends_the_turn_no_action_follows(catalog, roster, after) -> None:
    """Felonious Monk's Sanctification ends his turn (Step 3). 6.4 only names the End of
    Activation Phase; its rules are 6.4.1 (the effects lasting "this turn" go) and 6.4.2 (once
    they are resolved, the active piece's turn ends and the next piece's starts). An action
    after the effect is one in a turn that has ended: 6.4.2, the rule a second action of a
    piece that already played breaks too (`turn_over`). It cited the heading 6.4 before."""
    lines = _sanctification(roster, after)
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule, error.key) == (len(lines), "6.4.2", "turn_ended_by")


# -- 7.2.4.a: a choice the spell does not offer --------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("choice", ["cell:c6", "unit:B1", "effect:push"])
def test_7_2_4_a_a_choice_no_additional_effect_asks_is_refused(
    catalog, ruleset: str, choice: str
) -> None:
    """Gun has no Additional Effect: Step 3 applies the Additional Effects written in the spell
    bar (7.2.4.a, the same in 2.7), and none asks for a cell, a unit or an effect, so a cast
    naming one is refused under 7.2.4.a, as a coin the spell never flips already was. It cited
    the heading 7.2.4 before."""
    header = game(side_a(), side_b(), ruleset=ruleset)
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]}, choices=[choice])
    lines = [header, *PLACES, A1, hit]
    error = verify(lines, catalog).errors[0]
    assert (error.line, error.rule, error.key) == (len(lines), "7.2.4.a", "no_choice_asked")


# -- 4.18.7: a card's text naming its own card ---------------------------------------------------

_BOOST = gun("Boost", element=None, effects="Ta1 immediately gains 1 {AP}.")


@pytest.mark.parametrize("target", ["d12", "c12"], ids=["namesake-targeted", "other-targeted"])
def test_4_18_7_an_effect_naming_its_card_is_not_about_a_namesake(catalog, target: str) -> None:
    """A1 (Ta1, 6 AP) casts Boost (1 AP, "Ta1 immediately gains 1 AP"); B's B2 is another card
    named Ta1. The name in the text refers only to the card it is printed on (4.18.7): A1 ends
    with 6 AP, B2 with none gained, whether B2 is the spell's target or not."""
    namesake = kros("tb2", initiative=1) | {"name": "Ta1"}
    header = game(side_a(spells=[_BOOST]), [kros("tb1", hp=5, initiative=2), namesake])
    lines = [header, *PLACES, A1, cast("A1", target, "Boost")]
    state = _last(lines, catalog)
    assert (state.unit("A1").ap, state.unit("B2").ap) == (6, 0)


# -- 4.17.5.a: only an effect naming the Scenery moves it ----------------------------------------


def test_4_17_5_a_a_push_does_not_move_scenery(catalog) -> None:
    """An Ice Cube on b1; A1 (d1) casts Shove (Pushes 1) on A2 (c1), toward the cube. Scenery
    has Unfazed unless stated (4.17.5) and only effects naming its type move it (4.17.5.a; Push
    Ice Cube names it, 4.17.7.c): A2 is stopped by the cube (7.2.4.b: as much as possible,
    here nothing), and the cube stays on b1."""
    arena: dict[str, Any] = {**ARENA, "scenery": {"b1": "ice cube"}}
    header = game(side_a(spells=[_SHOVE]), side_b(), arena=arena)
    lines = [header, *PLACES, A1, cast("A1", "c1", "Shove")]
    agrees(lines, catalog)
    state = _last(lines, catalog)
    assert state.unit("A2").cell.name == "c1"
    assert {cell.name: piece for cell, piece in state.arena.scenery.items()} == {"b1": "ice cube"}


def test_4_17_5_a_the_effect_naming_the_cube_moves_it(catalog) -> None:
    """A2 (c1) next to the cube on b1 casts Push Ice Cube (X = 1, 2 AP): the effect names the
    Scenery's type, so it moves: to a1 (4.17.5.a, 4.17.7.c), a cell A2 cannot enter (4.17.3)."""
    arena: dict[str, Any] = {**ARENA, "scenery": {"b1": "ice cube"}}
    header = game(side_a(), side_b(), arena=arena)
    push = ev("cast", unit="A2", spell="Push Ice Cube", target="b1", choices=["x:1"])
    lines = [header, *PLACES, A1, ev("end", unit="A1"), ev("activate", unit="A2"), push]
    state = _last(lines, catalog)
    assert {cell.name: piece for cell, piece in state.arena.scenery.items()} == {"a1": "ice cube"}
    refused(
        [*lines, ev("move", unit="A2", to="b1"), ev("move", unit="A2", to="a1")],
        catalog,
        len(lines) + 2,
        "4.17.3",
    )


# -- 4.9.28.a: Wisdom, an obsolete power ---------------------------------------------------------


@pytest.mark.parametrize("holder", ["inline", "catalog"])
def test_4_9_28_a_wisdom_is_read_as_not_printed(catalog, holder: str) -> None:
    """Wisdom has no effect and counts as not printed (4.9.28.a): A1 with Wisdom hits B2, which
    has it too (inline, or the roster's Chrissy Entrinch, whose card prints it with Armour):
    one Critical die and one Armour die (two for Chrissy's Armour, 4.9.4.a), as without it
    (7.2.5.a, 7.2.6.a), 1 Injury, and the game is judged, not `unsupported`."""
    header = game(side_a(powers=("wisdom",)), side_b(powers=("wisdom",)))
    if holder == "catalog":
        header["players"]["B"]["team"][1]["profile"] = "s2-dks2-10"
        header["profiles"] = [p for p in header["profiles"] if p["id"] != "tb2"]
    armour = ["lock"] * (2 if holder == "catalog" else 1)
    lines = [header, *PLACES, A1, cast("A1", "d12", crit=["lock"], armour={"B2": armour})]
    agrees(lines, catalog)
    assert _last(lines, catalog).unit("B2").injuries == 1


# -- 4.11.1: the printed AP is the MAX AP --------------------------------------------------------


def test_4_11_1_the_printed_ap_is_the_gauge_s_max(catalog) -> None:
    """A1 prints 2 AP: its gauge fills to 2 (4.11.1, 6.2.1.b), so two 1-AP Guns pass and a
    third is refused for want of AP (7.1.4.a)."""
    hit = cast("A1", "d12", crit=["lock"], armour={"B2": ["lock"]})
    lines = [game(side_a(ap=2), side_b()), *PLACES, A1, hit, hit, hit]
    refused(lines, catalog, len(lines), "7.1.4.a")
    agrees(lines[:-1], catalog)
