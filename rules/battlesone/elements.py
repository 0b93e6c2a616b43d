"""The Wizard's elements (Almanac: Wizard): ELEMENTAL BLAST prepared on the GO Action and cast
on a Turn, and COUNTER BALANCE escaping an action into the next element.

ELEMENTAL BLAST's GO Action rolls its (7+LP) VC and names the element (`"element"`): Earth
leaves the Wizard Active, Air Fallow, Ice STUCK (with the Ice counter), Fire Busy; a missed
roll leaves it STUCK. On a later Turn it casts the blast of that element, with no VC (Air's
second (7+LP) VC excepted): Fire (LP)D6+LP on one opponent; Air (LP)D6 on one, and (LP)D6 more
(`more_dice`) after a successful `vc`; Ice (LP)D6 on one, who is STUCK; Earth (LP)D6 on every
Mob, the Wizard's side included, and every opposing Active Mob goes Inactive. Then the Wizard
is Inactive.

COUNTER BALANCE answers an opposing action on the Wizard while it holds its element: its (7+LP)
VC undoes the action and moves the Wizard to the next element (Earth, Air, Ice, Fire, Earth...;
`"stay": true` keeps it where it is); a miss leaves it Inactive, its Turn and its element lost.
Four moves in a row bring it round the whole circle, through every element: it wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.battlesone.sections import S_ALMANAC, S_DAMAGE, S_HP, S_PLAY
from rules.battlesone.state import (
    ACTIVE,
    BUSY,
    ELEMENT_POSITIONS,
    ELEMENTS,
    FALLOW,
    INACTIVE,
    STUCK,
    MobState,
    other,
)
from rules.battlesone.texts import said
from rules.battlesone.verdict import RuleBroken

if TYPE_CHECKING:
    from rules.battlesone.catalog import Ability
    from rules.battlesone.state import GameState

BLAST, BALANCE = "elemental-blast", "counter-balance"


class Elements:
    """Resolvers for the Wizard (mixed into the engine's game, like `Reactions`)."""

    state: GameState
    before_prev: GameState | None

    def guard_element(self, m: MobState, ability: Ability, go: bool, ev: Mapping[str, Any]) -> None:
        """Before any roll: the blast is cast on a Turn only from a prepared element, and
        COUNTER BALANCE protects only a Wizard that held its element when the action it
        answers began (the answer is recorded after the action, which may have Hacked it)."""
        if ability.slug == BLAST and not go and not m.prepared:
            raise RuleBroken(
                S_ALMANAC,
                "b1_has_no_element_prepared",
                mob=m.ref,
            )
        if go and ability.slug == BLAST and ev_element(ev) is None:
            raise RuleBroken(
                S_ALMANAC, "b1_elemental_blast_element_one", elements=", ".join(ELEMENTS)
            )
        if ability.slug != BALANCE:
            return
        before = self.before_prev.mobs.get(m.ref) if self.before_prev else None
        if before is None or not before.prepared:
            raise RuleBroken(
                S_ALMANAC,
                "b1_counter_balance_protected_only",
                mob=m.ref,
            )

    def enter_element(self, m: MobState, element: str) -> None:
        """Put the Wizard where the element says; Fallow and Busy hold the blast as a stance
        (so PEACE PIPE keeps it from Air, and a Hack ends it)."""
        position = ELEMENT_POSITIONS[element]
        if position in (FALLOW, BUSY):
            self.enter_stance(m, position, BLAST)
        else:
            m.position, m.stance = position, None
        m.element = element
        self.step(
            "Element",
            S_ALMANAC,
            "b1_stands_in_element",
            mob=m.ref,
            element=element,
            position=position,
        )

    def do_element(self, m, ability, effect, targets, ev) -> None:
        """ELEMENTAL BLAST: on the GO Action the element is prepared; on a Turn it is cast."""
        if self.state.phase == "go":
            m.escapes = 0
            self.enter_element(m, str(ev_element(ev)))
            return
        element, lp = m.element, m.lp(ability.slug)
        if element == "earth":
            hit = [t for t in self.state.mobs.values() if t.alive]
            hit = [t for t in hit if not self.protected(m, t)]
        else:
            self.need_targets(targets, effect, m)
            hit = targets
        count = self.spend(m, ability, ev)
        amount = self.dice(ev.get("dice"), count, 6, S_DAMAGE)
        if element == "fire":
            amount += lp
        m.position, m.stance, m.element = INACTIVE, None, None  # cast: Inactive
        self.step(
            "ELEMENTAL BLAST",
            S_ALMANAC,
            "b1_casts_damage",
            mob=m.ref,
            element=element,
            amount=amount,
        )
        for t in hit:
            self.deal(t, amount, said("b1_element_blast", mob=m.ref, element=element), S_ALMANAC)
        if element == "air" and ev.get("vc") is not None and hit[0].alive:
            if self.fire_vc(m, ability, ev, 1):
                more = self.dice(ev.get("more_dice"), count, 6, S_DAMAGE)
                self.deal(hit[0], more, said("b1_second_air_blast", mob=m.ref), S_ALMANAC)
            elif m.alive:
                m.position = STUCK  # a missed roll leaves the Wizard STUCK
        if element == "ice" and hit[0].alive:
            hit[0].position, hit[0].stance = STUCK, None
            self.step("STUCK", S_ALMANAC, "b1_stuck_ice", target=hit[0].ref)
        if element == "earth":
            for t in self.state.side(other(m.controller)):
                if t.position == ACTIVE and not self.protected(m, t):
                    t.position = INACTIVE
            self.step("Earth", S_ALMANAC, "b1_every_opposing_active_mob")
        if len(hit) == 1:
            self.claim("hp", ev.get("hp"), hit[0].hp, S_HP)

    def do_balance(self, m, ability, effect, targets, ev) -> None:
        """COUNTER BALANCE (its VC made): the action on the Wizard is undone, and it moves to
        the next element unless `stay`; four moves in a row win the game."""
        actor = self.prev_actor(m, ("ability", "go", "attack", "effect"), ability.name)
        if m.ref not in self.prev_targets():
            raise RuleBroken(S_PLAY, "b1_answers_action_itself", ability=ability.name, mob=m.ref)
        self.undo_prev(keep=actor)  # the Wizard is back as it was, in its element
        element = m.element
        if ev.get("stay"):
            self.step("Element", S_ALMANAC, "b1_safe_stays", mob=m.ref, element=element)
            return
        m.escapes += 1
        self.enter_element(m, ELEMENTS[(ELEMENTS.index(str(element)) + 1) % len(ELEMENTS)])
        if m.escapes >= len(ELEMENTS):
            self.state.winner, self.state.reason = m.controller, "counter-balance"
            self.state.phase = "over"
            self.step(
                "Game over",
                S_ALMANAC,
                "b1_has_gone_through_every",
                mob=m.ref,
                controller=m.controller,
            )


def ev_element(ev: Mapping[str, Any] | None) -> str | None:
    """The element an ELEMENTAL BLAST GO Action names, if it is one of the four."""
    element = (ev or {}).get("element")
    return element if element in ELEMENTS else None
