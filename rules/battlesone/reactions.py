"""The Almanac's answers to other Mobs' actions and its Level Point transfers, resolved.

These abilities act on the event just before them in the record (a Play Phase answer is
recorded after what it answers): they undo it (DANCE, PLEAD, DELAY, SUMMON DEMON, MAGIC
CIRCLE; COUNTER BALANCE is in elements.py), play it again (ECHO, DISGUISE), take its blow
(VIGILANTE), double it (KARMA) or follow it (LEAP); or they move LP between Total columns (AID,
STEAL, DIVVY, BEG, AMPLIFY) or set who acts next (FORECAST, CALL). `_Game` (engine.py) mixes
this class in; the readings where the Almanac is vague are in docs/battlesone.md, "Our readings
of the Almanac".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.battlesone.sections import S_ALMANAC, S_DAMAGE, S_HP, S_PLAY, S_USAGE, S_VC
from rules.battlesone.state import (
    ACTIVE,
    BUSY,
    DEAD,
    FALLOW,
    INACTIVE,
    STUCK,
    ZONES,
    MobState,
    other,
)
from rules.battlesone.texts import said
from rules.battlesone.verdict import RuleBroken

if TYPE_CHECKING:
    from rules.battlesone.catalog import Ability
    from rules.battlesone.state import GameState


class Reactions:
    """Resolvers for the Almanac's reactions and LP transfers (mixed into the engine's game)."""

    state: GameState
    prev: Mapping[str, Any] | None
    before_prev: GameState | None
    able: dict[str, tuple[MobState, ...]]  # ability slug -> the game's Mobs that have it

    def holders_of(self, slug: str, side: str | None = None) -> list[MobState]:
        """The living Mobs holding `slug` in the Fallow or Busy position (of `side` if given).
        Only the Mobs that have the ability are looked at: most games have none."""
        return [
            m
            for m in self.able.get(slug, ())
            if m.stance == slug and m.position != DEAD and (side is None or m.controller == side)
        ]

    # -- what the event just before was --------------------------------------------------------

    def prev_targets(self) -> set[str]:
        ev = self.prev or {}
        found = {str(ev["target"])} if ev.get("target") is not None else set()
        raw = ev.get("targets")
        return found | ({str(r) for r in raw} if isinstance(raw, list) else set())

    def prev_actor(self, m: MobState, kinds: tuple[str, ...], what: str) -> MobState:
        """The opposing Mob whose `kinds` event came just before; else the record breaks the
        Play Phase (a reaction answers the action it follows)."""
        ev = self.prev or {}
        actor = self.state.mobs.get(str(ev.get("mob")))
        if ev.get("event") not in kinds or actor is None or actor.controller == m.controller:
            raise RuleBroken(
                S_PLAY, "b1_answers_opposing_just_before", what=what, kinds=" or ".join(kinds)
            )
        return actor

    def undo_prev(self, keep: MobState, whole: bool = False) -> None:
        """Put back what the event just before did: to every Mob but `keep` (the LP and the
        position the actor spent stay spent), or to everything, turn order included."""
        if self.before_prev is None:
            raise RuleBroken(S_PLAY, "b1_there_no_action_answer")
        refs = None if whole else [ref for ref in self.state.mobs if ref != keep.ref]
        self.state.restore(self.before_prev, refs)
        self.step("Undone", S_PLAY, "b1_action_line_undone", line=self.line - 1)

    def total(self, m: MobState, slug: str) -> int:
        """What an ability's Total column holds now (its pool once used, else base + LP)."""
        ability = m.mob.ability(slug)
        if ability is None:
            raise RuleBroken(S_ALMANAC, "b1_has_no_ability_hp", mob_name=m.mob.name, slug=slug)
        if slug in m.pools:
            return m.pools[slug]
        base = ability.dice.base if ability.dice else (ability.pool_base or 0)
        return base + m.lp(slug)

    def move_lp(self, t: MobState, slug: str, amount: int) -> None:
        """Add (or, negative, take) LP to the Total column of `t`'s ability `slug`."""
        self.total(t, slug)
        t.extra_lp[slug] = t.extra_lp.get(slug, 0) + amount
        if slug in t.pools:
            t.pools[slug] += amount
        self.step(
            "LP",
            S_ALMANAC,
            "b1_total_changed",
            target=t.ref,
            slug=slug,
            amount=amount,
            sign="+" if amount >= 0 else "",
        )

    # -- LP transfers ---------------------------------------------------------------------------

    def do_give(self, m, ability, effect, targets, ev) -> None:
        """AID: (3+LP), All-or-some, into another friendly Mob's ability Total (never HP)."""
        self.need_targets(targets, effect, m)
        if targets[0] is m:
            raise RuleBroken(S_ALMANAC, "b1_never_used_own_mob", ability=ability.name)
        self.move_lp(targets[0], str(ev.get("to")), self.spend(m, ability, ev))

    def do_steal(self, m, ability, effect, targets, ev) -> None:
        """STEAL: the LP declared were spent before the VC (engine); on success they leave the
        target's named Total for DIVVY, as far as that Total holds them."""
        self.need_targets(targets, effect, m)
        t, slug = targets[0], str(ev.get("from"))
        taken = min(self.spent, max(self.total(t, slug), 0))
        self.move_lp(t, slug, -taken)
        self.move_lp(m, "divvy", taken)

    def do_divvy(self, m, ability, effect, targets, ev) -> None:
        """DIVVY: hand LP out of the DIVVY Total to friendly Mobs' ability Totals."""
        gifts = ev.get("gifts")
        if not isinstance(gifts, list) or not gifts:
            raise RuleBroken(S_ALMANAC, "b1_divvy_names_gifts")
        lp = sum(int(g.get("lp", 0)) for g in gifts)
        self.spend(m, ability, {**ev, "lp": lp})
        for gift in gifts:
            t = self.mob(gift.get("mob"), "gift to")
            if t.controller != m.controller or not t.alive:
                raise RuleBroken(S_ALMANAC, "b1_not_living_friendly_mob", target=t.ref)
            self.move_lp(t, str(gift.get("ability")), int(gift["lp"]))

    def do_beg(self, m, ability, effect, targets, ev) -> None:
        """BEG: after the VC, the opponent asks 1-6 LP per friend and rolls that many d6, once
        per living Mob of the Beggar's side; a roll at or under the ask gives its total."""
        self.need_targets(targets, effect, m)
        t, slug = targets[0], str(ev.get("from"))
        attempts = ev.get("attempts")
        friends = sum(1 for f in self.state.side(m.controller) if f.alive)
        if not isinstance(attempts, list) or not 1 <= len(attempts) <= friends:
            raise RuleBroken(S_ALMANAC, "b1_beg_1_attempts_one", friends=friends)
        given = 0
        for n, attempt in enumerate(attempts, start=1):
            ask = attempt.get("ask")
            if not isinstance(ask, int) or not n <= ask <= 6 * n:
                raise RuleBroken(S_ALMANAC, "b1_beg_attempt_ask", n=n, high=6 * n)
            rolled = self.dice(attempt.get("dice"), n, 6, S_ALMANAC)
            if rolled <= ask:
                if n != len(attempts):
                    raise RuleBroken(S_ALMANAC, "b1_beg_attempt_gave_lp", n=n)
                given = min(rolled, max(self.total(t, slug), 0))
            elif n == len(attempts) and n < friends:
                raise RuleBroken(S_ALMANAC, "b1_beg_attempt_failed_friend", n=n)
        if given:
            self.move_lp(t, slug, -given)
        m.stock += given
        self.step("BEG", S_ALMANAC, "b1_gets_stock_lp_stock", mob=m.ref, given=given, stock=m.stock)

    def do_amplify(self, m, ability, effect, targets, ev) -> None:
        """AMPLIFY: during its own party's Turn, adds the LP spent to the next ally's LP use."""
        if self.state.to_act != m.controller:
            raise RuleBroken(S_ALMANAC, "b1_amplify_cast_during_own")
        added = self.spend(m, ability, ev)
        self.state.amplify[m.controller] = added
        self.step("AMPLIFY", S_ALMANAC, "b1_next_lp_ally_uses", added=added)

    # -- who acts next ---------------------------------------------------------------------------

    def do_forecast(self, m, ability, effect, targets, ev) -> None:
        """FORECAST: the order the opposing Active Mobs take their Turn Actions this round."""
        order = ev.get("order")
        foes = {f.ref for f in self.state.side(other(m.controller)) if f.alive}
        if not isinstance(order, list) or not order or not set(map(str, order)) <= foes:
            raise RuleBroken(S_ALMANAC, "b1_forecast_orders_opposing_mobs", mobs=sorted(foes))
        self.state.order[other(m.controller)] = [str(ref) for ref in order]
        self.step("FORECAST", S_ALMANAC, "b1_acts_order", order=order, side=other(m.controller))

    def do_call(self, m, ability, effect, targets, ev) -> None:
        """CALL: names the next opposing Mob to act and what it does (and its LP)."""
        call = ev.get("next")
        if not isinstance(call, dict) or "action" not in call:
            raise RuleBroken(S_ALMANAC, "b1_call_names")
        t = self.mob(call.get("mob"), "called Mob")
        if t.controller == m.controller or not t.alive:
            raise RuleBroken(S_ALMANAC, "b1_not_opposing_mob_alive", target=t.ref)
        self.state.called[t.controller] = dict(call)
        self.step("CALL", S_ALMANAC, "b1_must_play_next", target=t.ref, action=call["action"])

    def check_called(self, m: MobState, action: str, lp: Any) -> None:
        """FORECAST and CALL bind the side's next Turn Actions."""
        call = self.state.called.pop(m.controller, None)
        if call is not None and (
            call.get("mob") != m.ref or call.get("action") != action or call.get("lp", lp) != lp
        ):
            raise RuleBroken(
                S_ALMANAC, "b1_call_named_for_next", call=call, controller=m.controller
            )
        order = self.state.order.get(m.controller)
        if order and m.ref in order:
            waiting = [r for r in order if self.state.mobs[r].position == ACTIVE]
            if waiting and waiting[0] != m.ref:
                raise RuleBroken(
                    S_ALMANAC, "b1_forecast_acts_before", waiting=waiting[0], mob=m.ref
                )

    # -- answers to the action just before -----------------------------------------------------

    def do_cancel(self, m, ability, effect, targets, ev) -> None:
        """DANCE (an opposing spell or ability) and PLEAD (an action on the Mob itself): the
        action's effects are undone; its user keeps what it spent."""
        kinds = ("ability", "go") if ability.slug == "dance" else ("ability", "go", "attack")
        actor = self.prev_actor(m, kinds, ability.name)
        if ability.slug != "dance" and m.ref not in self.prev_targets():
            raise RuleBroken(S_PLAY, "b1_answers_action_itself", ability=ability.name, mob=m.ref)
        self.undo_prev(keep=actor)

    def do_delay(self, m, ability, effect, targets, ev) -> None:
        """DELAY: as a Turn Action the Abjurer goes Fallow; while Fallow, out of turn, an
        opposing spell or ability is skipped (nothing spent, the Turn lost); with `"all"` once
        its side has played, (6+LP) VC ends every opposing action of the round."""
        if m.stance != ability.slug:
            if not ev.get("as_turn"):
                raise RuleBroken(S_PLAY, "b1_delay_answers_only_while")
            self.enter_stance(m, FALLOW, ability.slug)
            return
        if ev.get("all"):
            for foe in self.state.side(other(m.controller)):
                if foe.position == ACTIVE:
                    foe.position = INACTIVE
            m.position, m.stance = INACTIVE, None
            self.step("DELAY", S_ALMANAC, "b1_every_opposing_action_this")
            return
        actor = self.prev_actor(m, ("ability",), ability.name)
        self.undo_prev(keep=m, whole=True)
        actor.position, actor.stance = INACTIVE, None
        self.step("DELAY", S_ALMANAC, "b1_action_delayed_turn_lost", ref=actor.ref)
        self.end_turn(actor.controller)

    def do_shield(self, m, ability, effect, targets, ev) -> None:
        """VIGILANTE: the Cavalier takes the blow an ally has just taken; (LP x 2) of it in all
        the game is prevented, the Cavalier takes the rest."""
        self.need_targets(targets, effect, m)
        ally = targets[0]
        if ally is m or m.position == STUCK:
            raise RuleBroken(S_ALMANAC, "b1_vigilante_never_itself_never")
        blow = self.state.damage_before.get(ally.ref, 0)
        if not blow or self.before_prev is None:
            raise RuleBroken(S_PLAY, "b1_vigilante_answers_damage_has", ally=ally.ref)
        self.state.restore(self.before_prev, [ally.ref])
        left = m.pools.setdefault(ability.slug, 2 * m.lp(ability.slug))
        prevented = min(blow, left)
        m.pools[ability.slug] = left - prevented
        self.step(
            "VIGILANTE",
            S_ALMANAC,
            "b1_takes_blow_prevented",
            mob=m.ref,
            ally=ally.ref,
            prevented=prevented,
        )
        if blow > prevented:
            self.deal(m, blow - prevented, said("b1_ally_blow", ally=ally.ref), S_ALMANAC)

    def do_redirect(self, m, ability, effect, targets, ev) -> None:
        """DISGUISE: the opposing action just played on a friendly Mob is played again, as
        recorded, on another friendly Mob instead."""
        if m.position != ACTIVE:
            raise RuleBroken(S_ALMANAC, "b1_disguise_cast_while_illusionist")
        self.need_targets(targets, effect, m)
        self.prev_actor(m, ("ability", "attack"), ability.name)
        hit = self.prev_targets()
        if not hit or any(self.state.mobs[r].controller != m.controller for r in hit):
            raise RuleBroken(S_PLAY, "b1_disguise_answers_action_friendly")
        again = dict(self.prev or {})
        if "target" in again:
            again["target"] = targets[0].ref
        else:
            again["targets"] = [targets[0].ref]
        self.undo_prev(keep=m, whole=True)
        self.replay(again)

    def do_echo(self, m, ability, effect, targets, ev) -> None:
        """ECHO: the Turn Action spell or ability just played is played again, spending no LP;
        `repeat` gives its new rolls and, if its target is gone, a new target."""
        prev = self.prev or {}
        actor = self.state.mobs.get(str(prev.get("mob")))
        if prev.get("event") != "ability" or actor is None:
            raise RuleBroken(S_PLAY, "b1_echo_repeats_turn_action")
        again = {**prev, **(ev.get("repeat") or {})}
        echoed = actor.mob.ability(str(prev.get("ability")))
        if echoed is None or not echoed.has("turn"):
            raise RuleBroken(S_ALMANAC, "b1_echo_only_repeats_turn")
        self.step("ECHO", S_ALMANAC, "b1_played_again", ref=actor.ref, name=echoed.name)
        self.free_lp = True
        try:
            self.resolve(actor, echoed, self.effects[echoed.slug], self.targets(again), again, True)
        finally:
            self.free_lp = False

    def do_karma(self, m, ability, effect, targets, ev) -> None:
        """KARMA: the damage (`"doubles": "damage"`, the (6+LP) VC) or the healing (the (7+LP)
        VC) of the event just before happens once more."""
        if any(f.stance == "curse" for f in self.state.side(m.controller)):
            raise RuleBroken(S_ALMANAC, "b1_karma_not_cast_while")
        damage = self.doubles(ev) == "damage"
        done = self.state.damage_before if damage else self.state.healed_before
        if not done:
            raise RuleBroken(S_PLAY, "b1_karma_doubles_event_just", doubles=self.doubles(ev))
        for ref, amount in done.items():
            t = self.state.mobs[ref]
            if not t.alive:
                continue
            if damage:
                self.deal(t, amount, "KARMA", S_ALMANAC)
            else:
                self.heal(t, amount)

    @staticmethod
    def doubles(ev: Mapping[str, Any]) -> str:
        what = ev.get("doubles")
        if what not in ("damage", "heal"):
            raise RuleBroken(S_ALMANAC, "b1_karma_names_what_doubles")
        return str(what)

    def do_leap(self, m, ability, effect, targets, ev) -> None:
        """LEAP: after its own normal Attack that hit, the Gladiator is Active again (LP
        times in the game); a missed roll leaves it STUCK (engine)."""
        prev = self.prev or {}
        hit = prev.get("event") == "attack" and prev.get("mob") == m.ref
        if not hit or not self.state.damage_before:
            raise RuleBroken(S_PLAY, "b1_leap_follows_gladiator_own")
        left = m.pools.setdefault(ability.slug, m.lp(ability.slug))
        if left < 1:
            raise RuleBroken(S_USAGE, "b1_has_leapt_lp_times", mob=m.ref)
        m.pools[ability.slug] = left - 1
        m.position = ACTIVE
        self.step("LEAP", S_ALMANAC, "b1_leaps_back_portal_active", mob=m.ref)

    def do_timeslip(self, m, ability, effect, targets, ev) -> None:
        """TIME SLIP: first Fallow; then, as Turn Actions, (8+LP) VC makes an Inactive Mob
        Active: once from Fallow (the Time Mage goes Busy), once more from Busy (then it is
        Inactive)."""
        if m.stance != ability.slug:
            self.enter_stance(m, FALLOW, ability.slug)
            return
        self.need_targets(targets, effect, m)
        if targets[0].position != INACTIVE:
            raise RuleBroken(S_ALMANAC, "b1_not_inactive", target=targets[0].ref)
        targets[0].position = ACTIVE
        self.step("TIME SLIP", S_ALMANAC, "b1_active_again", target=targets[0].ref)
        if m.position == FALLOW:
            m.position = BUSY
        else:
            m.position, m.stance = INACTIVE, None

    # -- held abilities that fire on others' actions -------------------------------------------

    def fire_absorb(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> None:
        """SUMMON DEMON: after an attack on or an action at the Warlock, (8+LP) VC: the demon
        absorbs it (the Warlock is put back, then Hacked); missed: STUCK and the DEMON ATTACK
        damage (its LP + 1)."""
        self.prev_actor(m, ("ability", "attack", "go"), ability.name)
        if m.ref not in self.prev_targets():
            raise RuleBroken(S_PLAY, "b1_demon_answers_action_warlock")
        if self.fire_vc(m, ability, ev, 1):
            self.state.restore(self.before_prev, [m.ref])  # type: ignore[arg-type]
            m.position, m.stance = INACTIVE, None
            self.step("Demon", S_ALMANAC, "b1_demon_absorbs_hacked_inactive", mob=m.ref)
        else:
            m.position, m.stance = STUCK, None
            self.deal(m, m.lp("demon-attack") + 1, said("b1_the_demon"), S_ALMANAC)
            if m.alive:
                m.position = STUCK

    def fire_circle(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> None:
        """MAGIC CIRCLE: a spell cast at the Runecaster is cancelled and its caster takes
        (the circle's LP) D4; the LP quips down every GO Action (engine)."""
        actor = self.prev_actor(m, ("ability", "go"), ability.name)
        prev = self.prev or {}
        cast = actor.mob.ability(str(prev.get("ability")))
        if cast is None or cast.kind == "ability" or m.ref not in self.prev_targets():
            raise RuleBroken(S_PLAY, "b1_magic_circle_answers_spell")
        self.undo_prev(keep=actor)
        faces = ability.dice.faces if ability.dice else 4
        count = m.pools.setdefault(ability.slug, max(m.lp(ability.slug), 1))
        self.deal(actor, self.dice(ev.get("dice"), count, faces, S_ALMANAC), "MAGIC CIRCLE")

    def fire_touch(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> None:
        """ICON OF IMPULSE: the Mob of the player on Turn that touches the Icon (a Turn Action,
        when `rounds.RoundRules.turn_taken` allows it) goes Inactive, ending its Turn; the
        pigeon flies (the Conjurere holds PIGEON, Busy)."""
        raw = ev.get("targets")
        toucher = self.mob(raw[0] if isinstance(raw, list) and raw else None, "toucher")
        if toucher.controller != self.state.to_act or toucher.position != ACTIVE:
            raise RuleBroken(S_ALMANAC, "b1_active_mob_player_turn")
        self.turn_taken(toucher.controller, touching=True)
        toucher.position = INACTIVE
        m.position, m.stance = BUSY, "pigeon"
        self.step("Icon", S_ALMANAC, "b1_touches_icon_inactive_pigeon", ref=toucher.ref)
        self.end_turn(toucher.controller)

    def fire_balls(self, m: MobState, ability: Ability, ev: Mapping[str, Any]) -> None:
        """BALLS: an opposing Mob in the zone the Dark Mage sits in, (10+LP) VC: it takes
        (1+LP) D6, All-or-some, and BALLS is over (the Dark Mage Inactive)."""
        raw = ev.get("targets")
        target = self.mob(raw[0] if isinstance(raw, list) and len(raw) == 1 else None, "target")
        zone = next(name for name, held in ZONES.items() if m.position in held)
        if target.controller == m.controller or target.position not in ZONES[zone]:
            raise RuleBroken(S_ALMANAC, "b1_balls_strikes_opposing_mob", zone=zone)
        if not self.fire_vc(m, ability, ev, 1):
            return
        self.deal(target, self.dice(ev.get("dice"), self.spend(m, ability, ev), 6, S_DAMAGE),
                  said("b1_mob_balls", mob=m.ref), S_ALMANAC)  # fmt: skip
        m.position, m.stance = INACTIVE, None
        self.step("BALLS", S_ALMANAC, "b1_mob_has_been_damaged", mob=m.ref)
        self.claim("hp", ev.get("hp"), target.hp, S_HP)

    def fire_vc(self, m: MobState, ability: Ability, ev: Mapping[str, Any], which: int) -> bool:
        """A firing's own VC roll: the `which`-th "(N+LP) VC" of the text; a 20 misses."""
        bases = ability.vc_bases or ((ability.vc_base,) if ability.vc_base is not None else (0,))
        needed = bases[min(which, len(bases) - 1)] + m.lp(ability.slug) - self.penalty(m)
        value = self.roll(ev.get("vc"), 20, said("b1_vc_roll", ability=ability.name), S_VC)
        hit = value != 20 and (value == 1 or value <= needed)
        outcome = "it takes" if hit else "it misses"
        self.step(
            "VC", S_VC, "b1_fires_vc_rolls", ability=ability.name, needed=needed, value=value,
            outcome=outcome,
        )  # fmt: skip
        self.claim("success", ev.get("success"), hit, S_VC)
        return hit

    # -- lasting guards of held abilities ------------------------------------------------------

    def penalty(self, m: MobState) -> int:
        """ATTENTUATION: opposing Thaumaturgists holding it take their LP off this Mob's LP."""
        foes = self.holders_of("attentuation", other(m.controller))
        return sum(f.lp("attentuation") for f in foes) if foes else 0

    def enter_stance(self, m: MobState, position: str, slug: str) -> None:
        """Into Fallow or Busy with an ability; PEACE PIPE keeps opposing Mobs from Fallow."""
        if position == FALLOW and self.holding("peace-pipe", other(m.controller)):
            raise RuleBroken(S_ALMANAC, "b1_peace_pipe_cannot_become", mob=m.ref)
        if slug in m.barred:
            raise RuleBroken(S_ALMANAC, "b1_cannot_use_again_until", mob=m.ref, slug=slug)
        m.position, m.stance = position, slug
        self.step("Stance", S_USAGE, "b1_position_with", mob=m.ref, position=position, slug=slug)
        if slug == "peace-pipe":
            for foe in self.state.side(other(m.controller)):
                if foe.position == FALLOW:
                    foe.position, foe.stance = INACTIVE, None
                    self.step("PEACE PIPE", S_ALMANAC, "b1_leaves_fallow_inactive", ref=foe.ref)
        if slug == "aura":
            for ward in self.state.mobs.values():
                if ward.owner == m.controller and ward.controller != ward.owner and ward.alive:
                    ward.controller, ward.position = ward.owner, INACTIVE
                    self.step("AURA", S_ALMANAC, "b1_goes_back_owner_inactive", ref=ward.ref)

    def holding(self, slug: str, side: str) -> bool:
        return bool(self.holders_of(slug, side))

    def protected(self, actor: MobState, target: MobState) -> bool:
        """AURA: while the Light Mage holds it (Busy), an opponent may not work it or its
        side's Mobs in the Umbra (Inactive or Busy)."""
        if actor.controller == target.controller or target.position not in (INACTIVE, BUSY):
            return False
        return bool(self.holders_of("aura", target.controller))

    def guard_target(self, actor: MobState, target: MobState) -> None:
        if self.protected(actor, target):
            raise RuleBroken(S_ALMANAC, "b1_aura_cannot_be_worked", target=target.ref)

    def unprotected(self, actor: MobState, targets: list[MobState]) -> list[MobState]:
        """AURA: an action on several Mobs affects only those it does not protect."""
        spared = [t for t in targets if self.protected(actor, t)]
        if not spared:
            return targets
        names = ", ".join(t.ref for t in spared)
        if len(spared) == len(targets):
            raise RuleBroken(S_ALMANAC, "b1_aura_cannot_be_worked_2", names=names)
        self.step("AURA", S_ALMANAC, "b1_umbra_spared_by_aura", names=names)
        return [t for t in targets if t not in spared]

    def guard_ability(self, m: MobState, ability: Ability, go: bool) -> None:
        """NEW: opposing Mobs only attack (GO Actions and Fallow Mobs excepted)."""
        if not go and m.position != FALLOW and self.holding("new", other(m.controller)):
            raise RuleBroken(S_ALMANAC, "b1_new_may_only_attack", mob=m.ref)
        if ability.slug in m.barred:
            raise RuleBroken(S_ALMANAC, "b1_cannot_use_until_next", mob=m.ref, ability=ability.name)
        if ability.slug == "pigeon" and m.stance != "pigeon":
            raise RuleBroken(S_ALMANAC, "b1_pigeon_flies_only_once")

    def spirit_walk(self, target: MobState) -> bool:
        """SPIRIT WALK: a damaged walking Monk joins its spirit, Active, and cannot die of it."""
        if target.stance != "spirit-walk":
            return False
        target.hp = max(target.hp, 1)
        target.position, target.stance = ACTIVE, None
        self.step("Spirit", S_ALMANAC, "b1_joins_spirit_active_hp", target=target.ref, hp=target.hp)
        return True

    def halt_charge(self, target: MobState) -> None:
        """CHARGE: a Hacked Cavalier halts the charge; its party's Active Mobs go Inactive."""
        for ally in self.state.side(target.controller):
            if ally.position == ACTIVE:
                ally.position = INACTIVE
        self.step("Charge", S_ALMANAC, "b1_charge_halts_charging_party")

    def new_round_effects(self) -> None:
        """At each round: MAGIC CIRCLE's LP quip down (the circle ends at none), bars lift."""
        for m in self.state.mobs.values():
            m.barred.clear()
            if m.stance == "magic-circle":
                left = m.pools.get("magic-circle", max(m.lp("magic-circle"), 1)) - 1
                m.pools["magic-circle"] = left
                if left <= 0:
                    m.position, m.stance = INACTIVE, None
                    self.step("Circle", S_ALMANAC, "b1_magic_circle_has_run", mob=m.ref)
        self.state.order.clear()
        self.state.called.clear()
        self.state.charge_failed.clear()

    def heal(self, t: MobState, amount: int) -> None:
        """Heal up to the Total Hit Points, noting it for KARMA."""
        before = t.hp
        t.hp = min(t.thp, t.hp + amount)
        self.state.healed_now[t.ref] = self.state.healed_now.get(t.ref, 0) + t.hp - before
        self.step("Heal", S_HP, "b1_heals_thp_cap", target=t.ref, thp=t.thp, amount=t.hp - before)
