"""Verify a recorded BATTLES ONE game: every roll, every Hit Point, the winner.

A record (`b1r/1`, docs/battlesone.md) is JSON lines: a header with both players' lists, then
one event per line: `setup` (Melee Points), `round`, `go`, `initiative`, `attack`, `ability`,
`recover` and `end`. The verdict uses the statuses of Krosmaster match logs: `valid`, `invalid`
(an event breaks a rule: the first one stops the check), `mismatch` (a figure the record claims,
such as a hit, Hit Points left or the winner, differs from what the rules give), `unsupported`
(the record uses what the engine does not model, e.g. the Pirate Battles variant),
`incomplete` (the record stops before the game is decided) and `unreadable`. Every step of the
trace names the rulebook section behind it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.battlesone.abilities import EFFECTS, LOOKS_BACK, PARTY_DEF, PARTY_EASING, Effect
from rules.battlesone.catalog import Ability, Catalog, slugify
from rules.battlesone.elements import Elements
from rules.battlesone.legality import ListError, check_list
from rules.battlesone.reactions import Reactions
from rules.battlesone.rounds import RoundRules
from rules.battlesone.sections import (
    S_ALMANAC,
    S_ATTACK,
    S_DAMAGE,
    S_DECLARE,
    S_END_PHASE,
    S_END_ROUND,
    S_GO,
    S_HACKED,
    S_HP,
    S_ICONS,
    S_INITIATIVE,
    S_MELEE,
    S_PLAY,
    S_ROUND,
    S_SETUP,
    S_STRENGTH,
    S_TURN,
    S_TURN_ACTION,
    S_USAGE,
    S_VC,
    S_WIN,
)
from rules.battlesone.state import (
    ACTIVE,
    BUSY,
    DEAD,
    FALLOW,
    INACTIVE,
    SIDES,
    STUCK,
    ZONES,
    GameState,
    MobState,
    other,
)
from rules.battlesone.texts import ListSaid, said
from rules.battlesone.verdict import NotModelled, RuleBroken, Step, Verdict, error_entry

FORMAT = "b1r/1"
_decode = json.JSONDecoder().decode  # one decoder for every line (json.loads builds a call chain)


class _Game(Reactions, Elements, RoundRules):
    """Applies events one by one to a `GameState`, writing the trace and the mismatches."""

    effects = EFFECTS

    def __init__(self, state: GameState, verdict: Verdict) -> None:
        self.state, self.verdict, self.line = state, verdict, 0
        self.trace_append = verdict.trace.append
        self.able: dict[str, tuple[MobState, ...]] = {}
        for m in state.mobs.values():  # who could hold what: a Mob's abilities never change
            for found in m.mob.abilities:
                self.able[found.slug] = (*self.able.get(found.slug, ()), m)
        self.current: Mapping[str, Any] | None = None  # the event being applied
        self.before_current: GameState | None = None  # the state before it
        self.prev: Mapping[str, Any] | None = None  # the event before (what reactions answer)
        self.before_prev: GameState | None = None
        self.quiet = False  # a replayed event's claims were checked when it was first applied
        self.free_lp = False  # ECHO: the repeated action spends no LP
        self.spent = 0  # LP declared before the VC roll (STEAL)

    def begin(self, ev: Mapping[str, Any], answered: bool) -> None:
        """Remember the event about to be applied and, when the next event may undo it
        (`answered`), the state before it."""
        self.prev, self.before_prev = self.current, self.before_current
        self.current, self.before_current = ev, self.state.save() if answered else None
        s = self.state
        s.damage_before, s.damage_now = s.damage_now, {}
        s.healed_before, s.healed_now = s.healed_now, {}

    def replay(self, ev: Mapping[str, Any]) -> None:
        """Apply an event again (DISGUISE), its claims already checked."""
        self.quiet = True
        try:
            HANDLERS[str(ev.get("event"))](self, ev)
        finally:
            self.quiet = False

    def targets(self, ev: Mapping[str, Any]) -> list[MobState]:
        raw = ev.get("targets", [])
        if not isinstance(raw, list):
            raise RuleBroken(S_DECLARE, "b1_targets_list_mobs_such")
        return [self.mob(ref, "target") for ref in raw]

    # -- helpers ---------------------------------------------------------------------------

    def step(self, step: str, rule: str, key: str, /, **params: Any) -> None:
        """A trace line: `TEXTS[key]` with its facts, keeping both to word it again."""
        self.trace_append(Step(self.line, step, rule, key, params))

    def claim(self, field_name: str, claimed: Any, computed: Any, rule: str) -> None:
        if claimed is not None and claimed != computed and not self.quiet:
            self.verdict.mismatches.append(
                {
                    "line": self.line,
                    "field": field_name,
                    "claimed": claimed,
                    "computed": computed,
                    "rule": rule,
                }
            )

    def mob(self, ref: Any, what: str = "mob") -> MobState:
        found = self.state.mobs.get(str(ref))
        if found is None:
            raise RuleBroken(S_SETUP, "b1_not_mob_this_game", what=what, ref=ref)
        return found

    @staticmethod
    def roll(value: Any, faces: int, what: str, rule: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= faces:
            raise RuleBroken(rule, "b1_die_faces", what=what, faces=faces, value=value)
        return value

    def dice(self, values: Any, count: int, faces: int, rule: str) -> int:
        if not isinstance(values, list) or len(values) != count:
            raise RuleBroken(rule, "b1_dice_count", count=count, faces=faces, values=values)
        return sum(self.roll(v, faces, "damage die", rule) for v in values)

    # -- set-up, rounds, initiative ----------------------------------------------------------

    def setup(self, ev: Mapping[str, Any]) -> None:
        if self.state.phase != "setup":
            raise RuleBroken(S_SETUP, "b1_melee_points_are_rolled")
        m = self.mob(ev.get("mob"))
        rolled = self.roll(ev.get("roll"), 6, "Melee Points", S_MELEE)
        att, dfn = ev.get("att", 0), ev.get("def", 0)
        if not (isinstance(att, int) and isinstance(dfn, int) and att >= 0 and dfn >= 0):
            raise RuleBroken(S_MELEE, "b1_att_def_take_whole")
        if att + dfn != rolled:
            raise RuleBroken(
                S_MELEE, "b1_melee_points_placed_d6", mob=m.ref, att=att, dfn=dfn, rolled=rolled
            )
        if m.set_up:
            raise RuleBroken(S_MELEE, "b1_has_melee_points_already", mob=m.ref)
        m.att_melee, m.def_melee, m.set_up = att, dfn, True
        self.step(
            "Set-up",
            S_MELEE,
            "b1_melee_points",
            mob=m.ref,
            mob_name=m.mob.name,
            rolled=rolled,
            att=att,
            dfn=dfn,
        )

    def new_round(self, ev: Mapping[str, Any]) -> None:
        if self.state.phase in ("go", "action"):
            self.end_round_by_aura()  # else the check below refuses the early start
        if self.state.phase == "setup":
            missing = [m.ref for m in self.state.mobs.values() if not m.set_up]
            if missing:
                raise RuleBroken(S_MELEE, "b1_no_melee_points_rolled", mobs=", ".join(missing))
        elif self.state.phase != "ended_round" and self.state.round:
            raise RuleBroken(S_END_ROUND, "b1_round_starts_after_end")
        self.state.round += 1
        self.state.phase = "go"
        self.new_round_effects()
        self.state.first = self.state.to_act = self.state.icon = None
        self.step("Round", S_ROUND, "b1_round_go_actions_then", round=self.state.round)

    def initiative(self, ev: Mapping[str, Any]) -> None:
        if self.state.phase != "go":
            raise RuleBroken(S_INITIATIVE, "b1_initiative_rolled_at_end")
        self.refuse_after_aura()
        charging = [side for side in SIDES if self.holding("charge", side)]
        faces = 20 if len(charging) == 2 else 6  # CHARGE on both sides: a d20 each
        a = self.roll(ev.get("A"), faces, "initiative of A", S_INITIATIVE)
        b = self.roll(ev.get("B"), faces, "initiative of B", S_INITIATIVE)
        decided = charging if len(charging) == 1 else list(self.state.charge_failed)
        if len(decided) == 1:
            first = decided[0] if charging else other(decided[0])
            self.claim("first", ev.get("first"), first, S_ALMANAC)
            self.state.first = self.state.to_act = first
            self.state.phase = "action"
            self.open_icon()
            self.step("Initiative", S_ALMANAC, "b1_charge_decides_initiative_first", first=first)
            return
        if a == b:
            self.step("Initiative", S_INITIATIVE, "b1_initiative_tie", a=a)
            return
        first = "A" if a > b else "B"
        self.claim("first", ev.get("first"), first, S_INITIATIVE)
        self.state.first = self.state.to_act = first
        self.state.phase = "action"
        self.open_icon()
        self.step("Initiative", S_INITIATIVE, "b1_initiative_rolled", a=a, b=b, first=first)

    def recover(self, ev: Mapping[str, Any]) -> None:
        if self.state.phase in ("go", "action") and self.end_round_by_aura():
            return
        if self.state.phase != "action":
            raise RuleBroken(S_END_ROUND, "b1_end_round_action_ends")
        if self.state.can_act("A") or self.state.can_act("B"):
            left = [m.ref for m in self.state.mobs.values() if m.position == ACTIVE or m.owes_turn]
            raise RuleBroken(S_END_ROUND, "b1_mobs_have_not_played", mobs=", ".join(left))
        for m in self.state.mobs.values():
            m.element = None  # an element is prepared for one round
            if m.stance and EFFECTS[m.stance].lasting:
                continue  # BALLS stays where it is until it ends
            if m.position == STUCK:
                m.position = INACTIVE  # STUCK Mobs miss the next round
            elif m.position in (INACTIVE, BUSY) and not m.stance:
                m.position = ACTIVE
            elif m.position == BUSY:  # Busy lasts the round (icon "Busy")
                m.position, m.stance = ACTIVE, None
        self.state.phase = "ended_round"
        self.step("End Round", S_END_ROUND, "b1_stuck_mobs_go_inactive")

    # -- turns ---------------------------------------------------------------------------------

    def check_turn(self, m: MobState, out_of_turn: bool) -> None:
        if self.state.phase == "over":
            raise RuleBroken(S_WIN, "b1_game_over")
        if self.state.phase != "action":
            raise RuleBroken(S_TURN_ACTION, "b1_turn_actions_are_played")
        if not m.alive:
            raise RuleBroken(S_WIN, "b1_dead_can_do_nothing", mob=m.ref)
        if out_of_turn:
            return
        if m.controller != self.state.to_act:
            raise RuleBroken(
                S_TURN, "b1_not_your_turn", side=self.state.to_act, controller=m.controller
            )
        self.turn_taken(m.controller)

    def settle(self) -> None:
        """After each event: an element the Wizard no longer stands in is no longer prepared
        (a stale one must not come back when the Wizard is made Active again)."""
        for m in self.able.get("elemental-blast", ()):
            if m.element is not None and not m.prepared:
                m.element = None

    def end_turn(self, side: str) -> None:
        self.check_winner()
        if self.state.phase == "over":
            return
        nxt = other(side)
        self.state.to_act = nxt if self.state.can_act(nxt) else side

    def check_winner(self) -> None:
        standing = {m.controller for m in self.state.mobs.values() if m.position != DEAD}
        for side in SIDES:
            if side not in standing:
                self.state.winner, self.state.phase = other(side), "over"
                owned = [m for m in self.state.mobs.values() if m.owner == side]
                taken = any(m.alive and m.controller != side for m in owned)
                self.state.reason = "control" if taken else "killed"
                self.step(
                    "Game over",
                    S_WIN,
                    "b1_has_no_mob_left",
                    side=side,
                    winner=other(side),
                )
                return

    # -- attacks ---------------------------------------------------------------------------

    def strength(self, attacker: MobState, target: MobState, negate: bool) -> tuple[int, int]:
        """(STR, the DEF in it): ATT + DEF (none when STUCK or negated) with the target's stance
        bonus (HIDE, PROPERSTANCE) and its side's PROTECTION, less the easing of the attacker's
        side's ENCHANTMENT."""
        dfn = 0 if negate or target.position == STUCK else target.mob.defence + target.def_melee
        if target.stance:
            dfn += EFFECTS[target.stance].def_bonus
        easing = 0
        for slug in PARTY_DEF:
            for m in self.holders_of(slug, target.controller):
                dfn += 1 + m.lp(slug)
        for slug in PARTY_EASING:
            for m in self.holders_of(slug, attacker.controller):
                easing += 1 + m.lp(slug)
        return attacker.att + dfn - easing, dfn

    def hit_roll(
        self, attacker: MobState, target: MobState, roll: Any, negate: bool
    ) -> tuple[bool, int]:
        """(hit, roll) for one d20 attack roll; a 1 misses and sticks the attacker."""
        if target.stance == "fly":
            raise RuleBroken(S_ALMANAC, "b1_flying_out_reach_attack", target=target.ref)
        value = self.roll(roll, 20, "attack roll", S_ATTACK)
        str_, dfn = self.strength(attacker, target, negate)
        needed = min(max(str_, 1), 20)
        if value == 1:
            self.step("Action Phase", S_ATTACK, "b1_rolls_1_miss_stuck", attacker=attacker.ref)
            return False, value
        hit = value == 20 or value >= needed
        self.step(
            "Action Phase",
            S_STRENGTH,
            "b1_str_att_def_needs",
            att=attacker.att,
            dfn=dfn,
            needed=needed,
            value=value,
            negated=", DEF negated" if negate else "",
            outcome="hit" if hit else "miss",
            strength=str_,
        )
        return hit, value

    def deal(self, target: MobState, amount: int, source: str, rule: str = S_DAMAGE) -> None:
        if target.mob.ability("absorbtion") is not None:
            armour = max(3 + target.lp("absorbtion") - target.absorb_used, 0)
            if armour and amount > 0:
                taken = min(armour, amount)
                amount -= taken
                target.absorb_used += 1
                self.step(
                    "Absorb", S_ALMANAC, "b1_absorbtion_takes_off", target=target.ref, taken=taken
                )
        target.hp -= amount
        self.state.damage_now[target.ref] = self.state.damage_now.get(target.ref, 0) + amount
        self.step(
            "Damage Phase",
            rule,
            "b1_deals_hp_left",
            source=source,
            amount=amount,
            target=target.ref,
            hp=max(target.hp, 0),
        )
        if amount > 0 and self.spirit_walk(target):
            return
        if amount > 0 and target.stance == "charge":
            self.halt_charge(target)
        if target.hp <= 0:
            target.hp, target.position, target.stance = 0, DEAD, None
            self.step("Dead", S_HP, "b1_has_lost_all_hit", target=target.ref)
            self.release_control(target)
        elif target.stance == "sneak-attack":
            self.step("Not Hacked", S_ALMANAC, "b1_stays_busy_sneak_attack", target=target.ref)
        elif target.position in (FALLOW, BUSY) or (
            target.stance and EFFECTS[target.stance].lasting
        ):
            if target.stance == "fireball":
                raise NotModelled("fireball-explosion", "b1_charged_fireball_hacked_3d6")
            if target.stance in ("time-slip", "peace-pipe"):
                target.barred.add(target.stance)
            target.position, target.stance = INACTIVE, None
            self.step(
                "Hacked",
                S_HACKED,
                "b1_damaged_while_inactive",
                target=target.ref,
                position=target.position,
            )

    def release_control(self, dead: MobState) -> None:
        """A dead Mob under another player's control goes to its owner's Mausoleum (GUISE)."""
        dead.controller = dead.owner

    def attack(self, ev: Mapping[str, Any]) -> None:
        m = self.mob(ev.get("mob"))
        charge = m.stance == "charge"  # the Cavalier's last attack needs no Turn of its own
        self.check_turn(m, out_of_turn=charge)
        held = m.stance is not None and EFFECTS[m.stance].attacks_held
        if m.position != ACTIVE and not held:
            raise RuleBroken(S_ATTACK, "b1_only_active_mobs_attack", mob=m.ref, position=m.position)
        target = self.mob(ev.get("target"), "target")
        if not target.alive or target.controller == m.controller:
            raise RuleBroken(S_ATTACK, "b1_not_opposing_mob_alive", target=target.ref)
        self.guard_target(m, target)
        self.check_called(m, "attack", None)
        if charge and any(a.position == ACTIVE for a in self.state.side(m.controller)):
            raise RuleBroken(S_ALMANAC, "b1_charge_cavalier_attacks_after")
        self.step(
            "Declare Phase",
            S_DECLARE,
            "b1_declares_attack",
            mob=m.ref,
            mob_name=m.mob.name,
            target=target.ref,
        )
        hit, value = self.hit_roll(m, target, ev.get("roll"), negate=charge)
        self.claim("hit", ev.get("hit"), hit, S_ATTACK)
        if value == 1:
            m.position = STUCK
        elif hit:
            amount = self.dice(ev.get("damage"), 1, m.mob.damage_die, S_DAMAGE)
            if value == 20:
                amount *= 2
                self.step("Critical", S_ATTACK, "b1_20_always_hits_doubles")
            if charge:
                amount *= 2
                self.step("CHARGE", S_ALMANAC, "b1_cavalier_charge_def_negated")
            if any(a.stance == "howl" and a.alive for a in self.state.side(m.controller)):
                amount *= 2
                self.step("HOWL", S_ALMANAC, "b1_barbarian_howl_doubles_damage")
            if m.mob.slug == "warrior" and m.bonus:
                amount += m.bonus
                self.step("Bonus", S_ALMANAC, "b1_bonus_damage_adds", bonus=m.bonus)
            self.deal(target, amount, m.ref)
            if m.mob.slug == "warrior":
                m.bonus = min(m.bonus + 1, 3 + m.lp("bonus-damage"))
            self.claim("hp", ev.get("hp"), target.hp, S_HP)
        if m.stance in ("howl", "charge"):  # both end with the first attack
            m.position, m.stance = INACTIVE, None
            self.step("Stance ends", S_ALMANAC, "b1_has_attacked_stance_ends", mob=m.ref)
        elif m.stance == "spirit-walk" and m.position == FALLOW:  # 1+LP attacks, 1 LP each
            left = m.pools.setdefault("spirit-walk", 1 + m.lp("spirit-walk")) - 1
            m.pools["spirit-walk"] = left
            if left <= 0:
                m.position, m.stance = INACTIVE, None
        if hit and m.position == ACTIVE and target.alive and m.mob.ability("sneak-attack"):
            m.position, m.stance, m.sneak_target = BUSY, "sneak-attack", target.ref
            self.step(
                "SNEAK ATTACK", S_ALMANAC, "b1_has_hit_busy_marked", mob=m.ref, target=target.ref
            )
        if m.position == ACTIVE:
            m.position = INACTIVE
        if charge:
            self.check_winner()
            return
        self.step("End Phase", S_END_PHASE, "b1_turn_passes", mob=m.ref, position=m.position)
        self.end_turn(m.controller)

    # -- abilities -----------------------------------------------------------------------

    def vc(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> bool:
        """The Visceral roll: at or under base + LP (less what it has quipped down, a zero
        counting as one); a 1 always works, a 20 botches (STUCK)."""
        lp = m.lp(ability.slug)
        if ability.slug == "plead":  # the Stock LP pleaded with take the place of LP
            lp = ev.get("lp")
            if not isinstance(lp, int) or not 1 <= lp <= m.stock:
                raise RuleBroken(S_ALMANAC, "b1_plead_uses_1_stock", stock=m.stock, lp=lp)
            m.stock -= lp
        target = ability.vc_target(lp)
        if (ability.slug == "delay" and ev.get("all")) or (
            ability.slug == "karma" and ev.get("doubles") == "damage"
        ):  # the text's other "(N+LP) VC": DELAY's last use, KARMA on damage
            target = ability.vc_bases[-1] + lp
        effect = EFFECTS[ability.slug]
        if (
            target is None
            or (effect.vc_on_go and self.state.phase != "go")
            or (effect.charges and m.stance == ability.slug)
        ):
            return True
        if ability.fixed_vc is None:
            target = max(target - m.quips.get(ability.slug, 0) - self.penalty(m), 1)
        value = self.roll(ev.get("vc"), 20, said("b1_vc_roll", ability=ability.name), S_VC)
        if value == 20:
            self.step(
                "VC", S_VC, "b1_vc_rolls_20_botch", ability=ability.name, target=target, mob=m.ref
            )
            m.position, m.stance, m.element = STUCK, None, None
            return False
        ok = value == 1 or value <= max(target, 1)
        self.step(
            "VC",
            S_VC,
            "b1_vc_rolls",
            ability=ability.name,
            target=target,
            value=value,
            outcome="success" if ok else "failure",
        )
        self.claim("success", ev.get("success"), ok, S_VC)
        return ok

    def spend(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> int:
        """LP (dice) used this time, checked against the ability's usage and what is left."""
        base = ability.dice.base if ability.dice else (ability.pool_base or 0)
        base = EFFECTS[ability.slug].pool_base or base
        pool = m.pools.setdefault(ability.slug, max(base + m.lp(ability.slug), 1))
        used = ev.get("lp", pool if ability.usage in (None, "all-or-none", "permanent") else None)
        if not isinstance(used, int) or used < 1:
            raise RuleBroken(S_TURN_ACTION, "b1_declare_lp_used_declare", ability=ability.name)
        if self.free_lp:  # ECHO: the repeated action spends nothing
            return used
        amplified = self.state.amplify.pop(m.controller, 0) if ability.slug != "amplify" else 0
        if amplified:  # AMPLIFY: more LP, no #-or-some limit, nothing more spent
            if used > pool:
                raise RuleBroken(
                    S_USAGE, "b1_has_lp_left_declared", ability=ability.name, pool=pool, used=used
                )
            m.pools[ability.slug] = pool - used
            self.step(
                "AMPLIFY", S_ALMANAC, "b1_gets_more_lp", ability=ability.name, amplified=amplified
            )
            return max(used + amplified - self.penalty(m), 1)
        if ability.usage == "all-or-none" and used != pool:
            raise RuleBroken(S_USAGE, "b1_all_none_all_lp", ability=ability.name, pool=pool)
        if ability.usage == "n-or-some" and used > (ability.or_some or used):
            raise RuleBroken(S_USAGE, "b1_n_or_some", ability=ability.name, or_some=ability.or_some)
        if used > pool:
            raise RuleBroken(
                S_USAGE, "b1_has_lp_left_declared", ability=ability.name, pool=pool, used=used
            )
        if ability.usage in ("all-or-none", "all-or-some", "n-or-some"):
            m.pools[ability.slug] = pool - used
        return max(used - self.penalty(m), 1)  # ATTENTUATION; a zero total counts as one

    def ability(self, ev: Mapping[str, Any]) -> None:
        m = self.mob(ev.get("mob"))
        name = slugify(str(ev.get("ability", "")))
        ability = m.mob.ability(name)
        if ability is None:
            raise RuleBroken(S_ALMANAC, "b1_has_no_ability", mob_name=m.mob.name, name=name)
        effect = EFFECTS[ability.slug]
        if effect.kind == "passive":
            raise RuleBroken(S_ICONS, "b1_passive_always_never_played", ability=ability.name)
        go = self.state.phase == "go"
        if go and not ability.has("go"):
            raise RuleBroken(S_GO, "b1_has_no_go_icon", ability=ability.name)
        if not go and not (ability.has("turn") or ability.has("out_of_turn")):
            raise RuleBroken(S_ICONS, "b1_played_go_action_only", ability=ability.name)
        as_turn = ev.get("as_turn", False)
        out_of_turn = go or effect.reacts or (ability.has("out_of_turn") and not as_turn)
        if go:
            if not m.alive or m.position != ACTIVE:
                raise RuleBroken(S_GO, "b1_go_actions_are_for", mob=m.ref, position=m.position)
            self.refuse_after_aura()
        else:
            self.check_turn(m, out_of_turn=out_of_turn)
            iced = m.position == STUCK and ability.slug == "elemental-blast" and m.prepared
            if not out_of_turn and m.position in (INACTIVE, STUCK) and not iced:
                raise RuleBroken(S_TURN_ACTION, "b1_cannot_act", mob=m.ref, position=m.position)
        if m.position in effect.not_from:
            raise RuleBroken(
                S_ALMANAC, "b1_no_from_there", mob=m.ref, position=m.position, ability=ability.name
            )
        targets = self.targets(ev)
        if len(targets) > 1:  # AURA: an action on several Mobs spares the protected ones
            targets = self.unprotected(m, targets)
        for t in targets:
            self.guard_target(m, t)
        self.guard_ability(m, ability, go)
        self.guard_element(m, ability, go, ev)
        if ability.slug == "sneak-attack" and (
            m.stance != "sneak-attack" or [t.ref for t in targets] != [m.sneak_target]
        ):
            raise RuleBroken(
                S_ALMANAC,
                "b1_sneak_attack_strikes_again",
                mob=m.ref,
                marked=m.sneak_target or "none",
            )
        if not out_of_turn:
            self.check_called(m, ability.slug, ev.get("lp"))
        self.step(
            "Declare Phase",
            S_GO if go else S_DECLARE,
            "b1_mob_plays",
            mob=m.ref,
            mob_name=m.mob.name,
            ability=ability.name,
        )
        if effect.spend_first:  # STEAL: the LP declared are spent even if the VC fails
            self.spent = self.spend(m, ability, ev)
        if self.vc(m, ability, ev):
            worked = self.resolve(m, ability, effect, targets, ev, out_of_turn)
        else:
            worked = False
            if ability.slug == "prank":  # the would-be attacker hits the Joker instead
                self.need_targets(targets, effect, m)
                source = self.prank_source(m, targets[0], ev)
                self.deal(
                    m, source.mob.damage_die, said("b1_pranked", source=source.ref), S_ALMANAC
                )
            if ability.slug == "dissension":
                self.dissension_backfires(m, targets, ev)
            if ability.slug == "balls" and ability.dice:  # all of its D6 on the Dark Mage
                count = ability.dice.count(m.lp(ability.slug))
                m.pools[ability.slug] = 0
                self.deal(m, self.dice(ev.get("dice"), count, 6, S_DAMAGE), "BALLS", S_ALMANAC)
            if ability.slug == "charge":
                self.state.charge_failed.add(m.controller)
            if ability.slug in ("time-slip", "peace-pipe", "sneak-attack"):
                m.barred.add(ability.slug)
            if m.position != STUCK:
                m.position, m.stance = effect.fail_position, None
        quip = effect.quip_success if worked else effect.quip_failure
        if quip:
            m.quips[ability.slug] = m.quips.get(ability.slug, 0) + quip
            self.step("Quip", S_USAGE, "b1_vc_quips_down", ability=ability.name, quip=quip)
        if not out_of_turn:
            self.step("End Phase", S_END_PHASE, "b1_turn_passes", mob=m.ref, position=m.position)
            self.end_turn(m.controller)
        else:
            self.check_winner()

    def resolve(
        self,
        m: MobState,
        ability: Ability,
        effect: Effect,
        targets: list[MobState],
        ev: Mapping[str, Any],
        out_of_turn: bool = False,
    ) -> bool:
        """Apply the effect; False when it did not come off (an ATT roll that missed). A Turn
        Action leaves an Active Mob Inactive; an Out-of-turn or Defense Mode play does not."""
        kind = effect.kind
        if effect.after_hit and m.ref not in self.state.damage_before:
            raise RuleBroken(
                S_ALMANAC, "b1_answers_hit_just_taken", ability=ability.name, mob=m.ref
            )
        handler = getattr(self, f"do_{kind}")
        worked = handler(m, ability, effect, targets, ev) is not False
        if m.position not in (STUCK, DEAD) and effect.self_after:
            m.position = effect.self_after
        elif (
            m.position == ACTIVE
            and kind != "stance"
            and self.state.phase != "go"
            and not (out_of_turn)
        ):
            m.position = INACTIVE
        return worked

    def need_targets(self, targets: list[MobState], effect: Effect, m: MobState) -> None:
        if effect.target in ("self", "any", "allies") and not targets:
            return
        if not targets:
            raise RuleBroken(S_TURN_ACTION, "b1_name_target_declare_phase")
        for t in targets:
            if effect.target in ("enemy", "enemies") and t.controller == m.controller:
                raise RuleBroken(S_ALMANAC, "b1_not_opposing_mob", target=t.ref)
            if effect.target in ("ally", "allies") and t.controller != m.controller:
                raise RuleBroken(S_ALMANAC, "b1_not_friendly_mob", target=t.ref)
            if effect.target == "dead" and t.alive:
                raise RuleBroken(S_ALMANAC, "b1_not_dead", target=t.ref)
            if effect.target != "dead" and not t.alive:
                raise RuleBroken(S_WIN, "b1_target_dead", target=t.ref)
            if effect.zone and t.position not in ZONES[effect.zone]:
                raise RuleBroken(
                    S_ALMANAC, "b1_not_in_zone", target=t.ref, position=t.position, zone=effect.zone
                )
        if effect.target in ("enemy", "ally", "dead") and len(targets) != 1:
            raise RuleBroken(S_ALMANAC, "b1_this_ability_has_one")

    def do_damage(self, m, ability, effect, targets, ev) -> None:
        self.need_targets(targets, effect, m)
        multiplier = effect.multiplier
        if effect.attack_roll:
            rolls = ev.get("rolls") if ability.slug == "berserk" else [ev.get("roll")]
            if ability.slug == "berserk":
                extra = self.spend(m, ability, ev) if ev.get("lp") else 0
                if not isinstance(rolls, list) or len(rolls) != 1 + extra:
                    raise RuleBroken(S_ALMANAC, "b1_berserk_rolls_attacks", count=1 + extra)
            hits = 0
            for roll in rolls or [None]:
                hit, value = self.hit_roll(m, targets[0], roll, effect.negate_def)
                if value == 1:
                    m.position, m.stance = STUCK, None
                    self.claim("hit", ev.get("hit"), False, S_ATTACK)
                    return
                hits += hit
                if value == 20 and ability.slug != "berserk":
                    multiplier += 1 if ability.slug == "backstab" else multiplier
            self.claim("hit", ev.get("hit"), hits > 0, S_ATTACK)
            if not hits:
                return
            if ability.slug == "backstab":
                multiplier = min(multiplier + self.spend(m, ability, ev), 4 + (multiplier > 2))
            if ability.slug == "grapple":  # the hold itself deals LP damage, no dice
                amount = max(m.lp(ability.slug), 1)
            else:
                if ability.dice:  # a spell's own dice (ICE BOLT, AIR BOLT), from its pool
                    count, faces = self.spend(m, ability, ev), ability.dice.faces
                else:  # the weapon's die, once per hit
                    count, faces = hits, m.mob.damage_die
                amount = self.dice(ev.get("dice"), count, faces, S_DAMAGE) * multiplier
        elif ability.slug == "demon-attack":
            amount = m.thp
            self.deal(m, m.lp(ability.slug) + 1, said("b1_own_demon_attack", mob=m.ref), S_ALMANAC)
        elif ability.slug == "prank":
            source = self.prank_source(m, targets[0], ev)
            amount = source.mob.damage_die
            source.position = INACTIVE  # after hitting its friend
        elif effect.max_die:
            amount = targets[0].mob.damage_die
        elif ability.slug == "magic-missile":
            amount = self.magic_missile(m, ability, ev)
        elif ability.slug == "swordsing":
            amount = self.dice(ev.get("dice"), 1, m.mob.damage_die, S_DAMAGE) * 2
        elif ability.dice:
            amount = self.dice(
                ev.get("dice"), self.spend(m, ability, ev), ability.dice.faces, S_DAMAGE
            )
        else:
            amount = self.dice(ev.get("dice"), 1, m.mob.damage_die, S_DAMAGE)
        for t in targets:
            self.deal(t, amount, said("b1_mob_ability", mob=m.ref, ability=ability.name), S_ALMANAC)
            if ability.slug == "swordsing" and t.alive:
                t.position = INACTIVE
        if len(targets) == 1:
            self.claim("hp", ev.get("hp"), targets[0].hp, S_HP)

    def prank_source(self, m: MobState, target: MobState, ev: Mapping[str, Any]) -> MobState:
        """PRANK: the Active opponent made to hit its friend (`source`)."""
        source = self.mob(ev.get("source"), "source")
        if source.controller == m.controller or source is target or source.position != ACTIVE:
            raise RuleBroken(S_ALMANAC, "b1_prank_active_opponent_source")
        return source

    def magic_missile(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> int:
        """MAGIC MISSILE: (2+LP) D4 that quip down one each use; out of turn one D4 is rolled,
        as a Turn Action (`as_turn`) the dice left do their maximum and the Evoker is STUCK."""
        lp = m.lp(ability.slug)
        left = m.pools.setdefault(
            ability.slug, max(ability.dice.count(lp) if ability.dice else lp, 1)
        )
        m.pools[ability.slug] = max(left - 1, 1)  # a total of zero counts as one
        if not ev.get("as_turn"):
            return self.dice(ev.get("dice"), 1, 4, S_DAMAGE)
        m.position = STUCK
        self.step("MAGIC MISSILE", S_ALMANAC, "b1_d4_maximum", left=left, mob=m.ref)
        return left * 4

    def dissension_backfires(
        self, m: MobState, targets: list[MobState], ev: Mapping[str, Any]
    ) -> None:
        """DISSENSION missed: up to as many of the Dark Mage's own Mobs as it chose opponents
        (`own`, named in the record) become Inactive."""
        own = [self.mob(ref, "own Mob") for ref in ev.get("own") or []]
        if len(own) > len(targets) or any(t.controller != m.controller or not t.alive for t in own):
            raise RuleBroken(S_ALMANAC, "b1_dissension_missed_up_own", count=len(targets))
        for t in own:
            t.position, t.stance = INACTIVE, None
            self.step("Inactive", S_ALMANAC, "b1_dissension_turns_inactive", target=t.ref)

    def do_sneak(self, m, ability, effect, targets, ev) -> None:
        """SNEAK ATTACK (its (12+LP) VC made): the Busy Rogue attacks the Mob it hit again; a
        hit keeps it Busy for another, a miss ends it (Inactive), a 1 sticks it."""
        self.need_targets(targets, effect, m)
        hit, value = self.hit_roll(m, targets[0], ev.get("roll"), False)
        self.claim("hit", ev.get("hit"), hit, S_ATTACK)
        if value == 1:
            m.position, m.stance = STUCK, None
        elif hit:
            amount = self.dice(ev.get("dice"), 1, m.mob.damage_die, S_DAMAGE)
            self.deal(
                targets[0], amount * (2 if value == 20 else 1), said("b1_sneak_attack", mob=m.ref)
            )
            self.claim("hp", ev.get("hp"), targets[0].hp, S_HP)
        else:
            m.position, m.stance = INACTIVE, None

    def do_fireball(self, m, ability, effect, targets, ev) -> None:
        """FIREBALL: its VC made, the Fire Mage is Busy, charged; on a later Turn of the round
        it unleashes, with no roll, 3-or-some D6 (from (2+LP)) rolled once on every opposing
        Mob in the `zone` it names (`portal`, `stage` or `umbra`), then is Inactive."""
        if m.stance != ability.slug:
            self.enter_stance(m, BUSY, ability.slug)
            return
        zone = ev.get("zone")
        if zone not in ZONES:
            raise RuleBroken(S_ALMANAC, "b1_fireball_name_zone_one", zones=", ".join(ZONES))
        hit = [
            t
            for t in self.state.side(other(m.controller))
            if t.position in ZONES[zone] and not self.protected(m, t)
        ]
        amount = self.dice(ev.get("dice"), self.spend(m, ability, ev), 6, S_DAMAGE)
        m.position, m.stance = INACTIVE, None
        self.step("FIREBALL", S_ALMANAC, "b1_unleashed_each_mob_there", zone=zone, amount=amount)
        for t in hit:
            self.deal(t, amount, said("b1_mob_fireball", mob=m.ref), S_ALMANAC)

    def do_arena(self, m, ability, effect, targets, ev) -> None:
        """ARENA: 1 to (2+LP) victims, each Active or Inactive with 10 HP or more, fought in the
        order named (`bouts`: `{"roll", "dice"}` each, and `"back": {"roll", "dice"}` when the
        victim strikes back after a miss): a hit deals the Gladiator's die and sends the victim
        Inactive; after a miss the victim may strike back, then is Active; a 1 ends the arena."""
        self.need_targets(targets, effect, m)
        most = 2 + m.lp(ability.slug)
        bouts = ev.get("bouts")
        if len(targets) > most or not isinstance(bouts, list) or len(bouts) != len(targets):
            raise RuleBroken(S_ALMANAC, "b1_arena_1_victims_one", most=most)
        for t in targets:
            if t.position not in (ACTIVE, INACTIVE) or t.hp < 10:
                raise RuleBroken(S_ALMANAC, "b1_arena_not_active_inactive", target=t.ref)
        for victim, bout in zip(targets, bouts, strict=True):
            hit, value = self.hit_roll(m, victim, bout.get("roll"), False)
            if value == 1:
                m.position, m.stance = STUCK, None
                return
            if hit:
                amount = self.dice(bout.get("dice"), 1, m.mob.damage_die, S_DAMAGE)
                self.deal(
                    victim, amount * (2 if value == 20 else 1), said("b1_in_arena", mob=m.ref)
                )
                if victim.alive:
                    victim.position = INACTIVE
                continue
            back = bout.get("back")
            if isinstance(back, Mapping):
                struck, rolled = self.hit_roll(victim, m, back.get("roll"), False)
                if struck:
                    amount = self.dice(back.get("dice"), 1, victim.mob.damage_die, S_DAMAGE)
                    self.deal(
                        m,
                        amount * (2 if rolled == 20 else 1),
                        said("b1_strikes_back", ref=victim.ref),
                    )
            victim.position = ACTIVE
            if not m.alive:
                return

    def do_heal(self, m, ability, effect, targets, ev) -> None:
        if not targets:
            targets = [t for t in self.state.side(m.controller) if t.alive]
        self.need_targets(targets, effect, m)
        count = self.spend(m, ability, ev) if ability.dice else 1
        amount = self.dice(
            ev.get("dice"), count, ability.dice.faces if ability.dice else 4, S_DAMAGE
        )
        for t in targets:
            self.heal(t, amount)
        if len(targets) == 1:
            self.claim("hp", ev.get("hp"), targets[0].hp, S_HP)

    def do_kill(self, m, ability, effect, targets, ev) -> bool:
        self.need_targets(targets, effect, m)
        hit, value = self.hit_roll(m, targets[0], ev.get("roll"), effect.negate_def)
        self.claim("hit", ev.get("hit"), hit, S_ATTACK)
        if value == 1:
            m.position = STUCK
        if hit:
            targets[0].hp, targets[0].position = 0, DEAD
            self.step("Dead", S_ALMANAC, "b1_assassinated", target=targets[0].ref)
            self.release_control(targets[0])
        return hit

    def do_undo(self, m, ability, effect, targets, ev) -> None:
        """DODGE: the attack that just hit the Fighter misses after all."""
        restored = self.state.damage_before.get(m.ref, 0)
        m.hp = min(m.thp, m.hp + restored)
        self.step("Dodge", S_ALMANAC, "b1_steps_aside_damage_undone", mob=m.ref, restored=restored)
        self.claim("hp", ev.get("hp"), m.hp, S_HP)

    def do_stuck(self, m, ability, effect, targets, ev) -> None:
        self.need_targets(targets, effect, m)
        if targets[0].position == STUCK:
            raise RuleBroken(S_ALMANAC, "b1_stuck_already", target=targets[0].ref)
        targets[0].position = STUCK
        self.step("STUCK", S_ALMANAC, "b1_now_stuck", target=targets[0].ref)
        if ability.has("fallow"):
            self.enter_stance(m, FALLOW, ability.slug)

    def do_inactive(self, m, ability, effect, targets, ev) -> None:
        if ability.slug == "earthquake":
            for t in self.state.mobs.values():
                if t is m or not t.alive or self.protected(m, t):
                    continue
                if t.position in (FALLOW, BUSY):
                    t.position, t.stance = INACTIVE, None
                elif t.position in (ACTIVE, INACTIVE):
                    t.position = INACTIVE if t.position == ACTIVE else ACTIVE
            self.step("EARTHQUAKE", S_ALMANAC, "b1_active_inactive_mobs_swap")
            return
        self.need_targets(targets, effect, m)
        for t in targets:
            t.position, t.stance = INACTIVE, None
            self.step("Inactive", S_ALMANAC, "b1_becomes_inactive", target=t.ref)
        if ability.slug == "dissension":  # its VC quips down one per Mob it reached
            m.quips[ability.slug] = m.quips.get(ability.slug, 0) + len(targets)
            self.step("Quip", S_USAGE, "b1_dissension_vc_quips_down", count=len(targets))

    def do_control(self, m, ability, effect, targets, ev) -> None:
        self.need_targets(targets, effect, m)
        t = targets[0]
        t.controller = m.controller
        t.position = STUCK if ability.slug == "flower" else INACTIVE
        self.step("Control", S_ALMANAC, "b1_now_plays_for", target=t.ref, controller=m.controller)
        if ability.slug == "guise":
            self.enter_stance(m, FALLOW, ability.slug)
        if ability.slug == "charm":
            t.controller = t.owner  # one action only: the record's next events show it

    def do_revive(self, m, ability, effect, targets, ev) -> None:
        self.need_targets(targets, effect, m)
        t = targets[0]
        t.hp = 20 if effect.revive_hp == "20" else max(4 * m.lp(ability.slug), 1)
        t.position, t.revived = INACTIVE, True
        if ability.slug == "summon-dead":
            t.controller = m.controller
        self.step("Revive", S_ALMANAC, "b1_returns_inactive_with_hp", target=t.ref, hp=t.hp)

    def do_stance(self, m, ability, effect, targets, ev) -> None:
        if effect.lasting:  # where it sits: BALLS rolls a d6, FIREWALL is placed by choice
            if ability.slug == "balls":  # 1-2 STUCK, 3-4 Fallow, 5-6 Busy
                rolled = self.roll(ev.get("position"), 6, "BALLS position", S_ALMANAC)
                position = STUCK if rolled <= 2 else FALLOW if rolled <= 4 else BUSY
            else:
                position = ev.get("position")
                if position not in (STUCK, FALLOW, BUSY):
                    raise RuleBroken(
                        S_ALMANAC, "b1_position_stuck_fallow_busy", ability=ability.name
                    )
            if position == STUCK:
                m.position, m.stance = STUCK, ability.slug
                self.step("Stance", S_USAGE, "b1_stuck_with", mob=m.ref, slug=ability.slug)
            else:
                self.enter_stance(m, position, ability.slug)
            return
        self.enter_stance(m, FALLOW if ability.has("fallow") else BUSY, ability.slug)

    def effect(self, ev: Mapping[str, Any]) -> None:
        """A Fallow or Busy ability firing on someone else's action (Play Phase): the Mob must
        hold that ability now."""
        m = self.mob(ev.get("mob"))
        ability = m.mob.ability(slugify(str(ev.get("ability", ""))))
        held = ability is not None and m.stance == ability.slug
        if ability is not None and EFFECTS[ability.slug].fires in ("absorb", "circle"):
            before = self.before_prev.mobs[m.ref] if self.before_prev else None
            held = held or (before is not None and before.stance == ability.slug)
        if ability is None or not held or not m.alive:
            raise RuleBroken(
                S_PLAY,
                "b1_not_holding_fallow_busy",
                mob=m.ref,
                ability=ev.get("ability"),
            )
        if self.state.phase not in ("action", "go"):
            raise RuleBroken(S_PLAY, "b1_fallow_busy_abilities_take")
        self.step("Play Phase", S_PLAY, "b1_takes_effect", mob=m.ref, ability=ability.name)
        effect = EFFECTS[ability.slug]
        if effect.fires is None:
            raise RuleBroken(S_PLAY, "b1_never_fires_engine_applies", ability=ability.name)
        if effect.fires in ("absorb", "circle", "touch", "balls"):
            getattr(self, f"fire_{effect.fires}")(m, ability, ev)
        else:
            self.fire(m, ability, effect, ev)
        self.check_winner()

    # -- the end --------------------------------------------------------------------------

    def fire(self, m: MobState, ability: Ability, effect: Effect, ev: Mapping[str, Any]) -> None:
        """A held ability firing, resolved: its own VC roll if the Almanac gives one, then
        Inactive, damage or a heal on the one Mob it fires at."""
        raw = ev.get("targets")
        if not isinstance(raw, list) or len(raw) != 1:
            raise RuleBroken(S_PLAY, "b1_fires_at_one_mob", ability=ability.name)
        target = self.mob(raw[0], "target")
        if not target.alive:
            raise RuleBroken(S_WIN, "b1_target_dead", target=target.ref)
        if effect.fire_vc is not None and not self.fire_vc(m, ability, ev, effect.fire_vc):
            return
        amount = self.fire_amount(m, ability, effect, ev)
        if effect.fires == "retribution":
            ally = self.mob(ev.get("ally"), "ally")
            amount = self.state.damage_before.get(ally.ref, 0)
            if ally.controller != m.controller or not amount:
                raise RuleBroken(S_PLAY, "b1_retribution_answers_damage_has", ally=ally.ref)
        if effect.fires == "inactive_or_damage":
            choice = ev.get("choice")
            if choice not in ("inactive", "damage"):
                raise RuleBroken(S_PLAY, "b1_target_chooses_inactive_damage", ability=ability.name)
            if choice == "inactive":
                target.position, target.stance = INACTIVE, None
                self.step("Inactive", S_ALMANAC, "b1_chooses_go_inactive", target=target.ref)
                return
        if effect.fires == "inactive":
            target.position, target.stance = INACTIVE, None
            self.step("Inactive", S_ALMANAC, "b1_becomes_inactive", target=target.ref)
        elif effect.fires == "heal":
            self.heal(target, amount)
        else:
            self.deal(
                target, amount, said("b1_mob_ability", mob=m.ref, ability=ability.name), S_ALMANAC
            )
            if effect.fires == "damage_inactive" and target.alive:
                target.position, target.stance = INACTIVE, None
        self.claim("hp", ev.get("hp"), target.hp, S_HP)

    def fire_amount(
        self, m: MobState, ability: Ability, effect: Effect, ev: Mapping[str, Any]
    ) -> int:
        lp = m.lp(ability.slug)
        fixed = {"lp2": 2 * lp, "lp3": 3 * lp, "2+lp": 2 + lp}
        if effect.fire_amount in fixed:
            return max(fixed[effect.fire_amount], 1)  # a zero total counts as one
        if effect.fire_amount == "3d4":
            return self.dice(ev.get("dice"), 3, 4, S_DAMAGE)
        if effect.fire_amount == "dice" and ability.dice is not None:
            if ability.usage in ("all-or-some", "n-or-some", "all-or-none"):
                count = self.spend(m, ability, ev)
            else:  # the dice quip down one each time it strikes
                count = m.pools.setdefault(ability.slug, max(ability.dice.count(lp), 1))
                m.pools[ability.slug] = max(count - 1, 0 if effect.lasting else 1)
                if not m.pools[ability.slug]:  # FIREWALL: no wall left
                    m.position, m.stance = INACTIVE, None
                    self.step("FIREWALL", S_ALMANAC, "b1_firewall_spent_inactive", mob=m.ref)
            return self.dice(ev.get("dice"), count, ability.dice.faces, S_DAMAGE)
        return 0

    def end(self, ev: Mapping[str, Any]) -> None:
        claimed = ev.get("winner")
        if self.state.phase == "over":
            self.claim("winner", claimed, self.state.winner, S_WIN)
            return
        reason = ev.get("reason")
        if reason in ("concession", "time"):
            self.state.winner, self.state.reason = claimed, reason
            self.state.phase = "over"
            self.step(
                "End", S_WIN, "b1_game_ends_by_winner", reason=reason, winner=claimed or "none"
            )
            return
        self.claim("winner", claimed, None, S_WIN)


HANDLERS = {
    "setup": _Game.setup,
    "round": _Game.new_round,
    "initiative": _Game.initiative,
    "go": _Game.ability,
    "ability": _Game.ability,
    "attack": _Game.attack,
    "recover": _Game.recover,
    "effect": _Game.effect,
    "end": _Game.end,
}


def _start(header: Mapping[str, Any], catalog: Catalog) -> GameState:
    mobs: dict[str, MobState] = {}
    players = header.get("players")
    if not isinstance(players, Mapping) or set(players) != set(SIDES):
        raise RuleBroken(S_SETUP, "b1_header_lists_both_players")
    for side in SIDES:
        try:
            report = check_list(players[side], catalog)
        except ListError as error:
            raise RuleBroken(
                S_SETUP, "b1_list_unreadable", side=side, error=ListSaid(error.key, error.params)
            ) from error
        if not report.legal:
            first = report.problems[0]
            said_first = ListSaid(first.key, first.params) if first.key else first.message
            raise RuleBroken(first.section, "b1_list_problem", side=side, message=said_first)
        for i, entry in enumerate(report.entries):
            mob = catalog.mobs[entry.mob]
            ref = f"{side}{i}"
            thp = report.total_hp[i]
            mobs[ref] = MobState(ref, side, mob, entry, thp, thp, side)
    return GameState(mobs)


def _looks_back(ev: Mapping[str, Any]) -> bool:
    """Whether `ev` is an answer that may put back the state before the event it follows."""
    return ev.get("event") in ("ability", "go", "effect") and (
        slugify(str(ev.get("ability", ""))) in LOOKS_BACK
    )


def verify_record(lines: Sequence[Mapping[str, Any]], catalog: Catalog) -> Verdict:
    """Check a parsed record (header first); never raises for a bad record."""
    verdict = Verdict("valid")
    if not lines:
        return Verdict("unreadable", errors=[error_entry(1, None, "b1_empty_record")])
    header = lines[0]
    if header.get("format") != FORMAT:
        return Verdict(
            "unreadable", errors=[error_entry(1, None, "b1_header_format", format=FORMAT)]
        )
    if header.get("variant"):
        verdict.status = "unsupported"
        verdict.unsupported.append(
            NotModelled(f"variant:{header['variant']}", "b1_variant_not_modelled").entry(1)
        )
        return verdict
    try:
        state = _start(header, catalog)
    except RuleBroken as error:
        return Verdict("invalid", errors=[error.entry(1)])
    verdict.lists = {
        side: {
            "rank": slugify(str(header["players"][side].get("rank", ""))),
            "mobs": [m.entry.to_dict() for m in state.mobs.values() if m.owner == side],
        }
        for side in SIDES
    }
    game = _Game(state, verdict)
    for number, ev in enumerate(lines[1:], start=2):
        game.line = number
        handler = HANDLERS.get(str(ev.get("event")))
        game.begin(ev, number < len(lines) and _looks_back(lines[number]))
        try:
            if handler is None:
                raise NotModelled(f"event:{ev.get('event')}", "b1_event_engine_does_not")
            handler(game, ev)
            game.settle()
        except RuleBroken as error:
            verdict.status = "invalid"
            verdict.errors.append(error.entry(number))
            game.step("Refused", error.rule, error.key, **error.params)
            break
        except (TypeError, ValueError, AttributeError, KeyError) as malformed:
            # A field of the wrong shape: the record cannot be read past this line.
            verdict.status = "unreadable"
            verdict.errors.append(error_entry(number, None, "b1_malformed_event", error=malformed))
            break
        except NotModelled as gap:
            verdict.status = "unsupported"
            verdict.unsupported.append(gap.entry(number))
            break
        verdict.events_checked += 1
    if verdict.status == "valid":
        if verdict.mismatches:
            verdict.status = "mismatch"
        elif state.phase != "over":
            verdict.status = "incomplete"
    verdict.result = {
        "winner": state.winner,
        "reason": state.reason,
        "mobs_left": {side: state.mobs_left(side) for side in SIDES},
    }
    verdict.mobs = [m.snapshot() for m in state.mobs.values()]
    return verdict


def verify_text(text: str | bytes, catalog: Catalog) -> Verdict:
    """Read JSON lines and check them; a line that is not a JSON object makes it unreadable."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    lines: list[Mapping[str, Any]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            value = _decode(raw)
        except (ValueError, RecursionError) as error:  # and huge integers, deep nesting
            return Verdict(
                "unreadable", errors=[error_entry(number, None, "b1_line_not_json", error=error)]
            )
        if not isinstance(value, dict):
            return Verdict("unreadable", errors=[error_entry(number, None, "b1_line_not_object")])
        lines.append(value)
    return verify_record(lines, catalog)
