"""The state of a BATTLES ONE game as the engine tracks it: each Mob's position, Hit Points,
controller, ability pools and the lasting effects of its stance.

Positions are those of the rulebook's eight (section "Positions"): Active, Inactive, Fallow,
Busy, Mobile, Defense Mode, STUCK and Dead; Mobile and Defense Mode last only while an action
resolves, so the engine never leaves a Mob in them between events.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypeVar

from rules.battlesone.catalog import Mob
from rules.battlesone.legality import MobEntry

ACTIVE, INACTIVE, FALLOW, BUSY, STUCK, DEAD = (
    "active",
    "inactive",
    "fallow",
    "busy",
    "stuck",
    "dead",
)
POSITIONS = (ACTIVE, INACTIVE, FALLOW, BUSY, STUCK, DEAD)
SIDES = ("A", "B")
ZONES = {"portal": (ACTIVE, STUCK), "stage": (FALLOW,), "umbra": (INACTIVE, BUSY)}
"""Where each position stands on the playing field (Positions): Active and STUCK Mobs in the
Portal, Fallow ones on the Stage, Inactive and Busy ones in the Umbra."""
ELEMENTS = ("earth", "air", "ice", "fire")
"""ELEMENTAL BLAST's elements in COUNTER BALANCE's order (fire leads back to earth)."""
ELEMENT_POSITIONS = {"earth": ACTIVE, "air": FALLOW, "ice": STUCK, "fire": BUSY}
"""Where the element a Wizard has prepared puts it (Ice is marked by a counter, not STUCK)."""
T = TypeVar("T")


def _shallow(found: T) -> T:
    """A shallow copy, faster than `copy.copy` (a snapshot is taken before every event)."""
    twin = object.__new__(type(found))
    twin.__dict__.update(found.__dict__)
    return twin


def other(side: str) -> str:
    return "B" if side == "A" else "A"


@dataclass
class MobState:
    """One Mob in play; `ref` is how records name it ("A0": side A's first Mob)."""

    ref: str
    owner: str
    mob: Mob
    entry: MobEntry
    thp: int
    hp: int
    controller: str
    position: str = ACTIVE
    att_melee: int = 0  # Melee Points taken off ATT (Set Up 3)
    def_melee: int = 0  # Melee Points added to DEF
    set_up: bool = False
    pools: dict[str, int] = field(default_factory=dict)  # ability slug -> LP left to spend
    quips: dict[str, int] = field(default_factory=dict)  # ability slug -> VC quipped down
    stance: str | None = None  # the ability keeping the Mob Fallow or Busy
    absorb_used: int = 0  # assaults absorbed so far (ABSORBTION)
    bonus: int = 0  # BONUS DAMAGE built up so far
    revived: bool = False
    extra_lp: dict[str, int] = field(default_factory=dict)  # Total column changes (AID, STEAL)
    stock: int = 0  # Stock LP begged (BEG), spent on PLEAD
    element: str | None = None  # the element ELEMENTAL BLAST prepared (the Wizard)
    sneak_target: str | None = None  # whom SNEAK ATTACK strikes again (the Rogue's last hit)
    escapes: int = 0  # elements moved on by COUNTER BALANCE since it was prepared
    barred: set[str] = field(default_factory=set)  # abilities it may not use until next round

    @property
    def alive(self) -> bool:
        return self.position != DEAD

    @property
    def owes_turn(self) -> bool:
        """Holding a Turn Action still to play this round: a prepared ELEMENTAL BLAST or a
        charged FIREBALL (released "sometime that round")."""
        return self.stance == "fireball" or (self.element is not None and self.prepared)

    @property
    def prepared(self) -> bool:
        """A Wizard holding the element its GO Action chose: anything that moves it out of
        that element's position (Hacked, made Inactive, killed) ends the preparation."""
        return self.element is not None and self.position == ELEMENT_POSITIONS[self.element]

    def lp(self, ability: str) -> int:
        """The ability's Total LP: what the list put into it (0 if none), plus what AID, DIVVY
        or STEAL have moved since."""
        return self.entry.ability_lp.get(ability, 0) + self.extra_lp.get(ability, 0)

    def copy(self) -> MobState:
        """A copy whose mutable parts are its own, for undoing an event (DANCE, DELAY...)."""
        twin = _shallow(self)
        twin.pools, twin.quips = dict(self.pools), dict(self.quips)
        twin.extra_lp, twin.barred = dict(self.extra_lp), set(self.barred)
        return twin

    def restore(self, saved: MobState) -> None:
        """Take back every field of `saved` (a `copy()`), keeping this object's identity."""
        self.__dict__.update(saved.copy().__dict__)

    @property
    def att(self) -> int:
        return self.mob.att - self.att_melee

    def snapshot(self) -> dict[str, object]:
        return {
            "ref": self.ref,
            "mob": self.mob.slug,
            "hp": self.hp,
            "thp": self.thp,
            "position": self.position,
            "controller": self.controller,
            "stance": self.stance,
            "element": self.element,
        }


@dataclass
class GameState:
    """Every Mob of both sides, the round, whose turn it is, and how the game ended."""

    mobs: dict[str, MobState]
    round: int = 0
    phase: str = "setup"  # setup, go, action, over
    first: str | None = None
    to_act: str | None = None
    winner: str | None = None
    reason: str | None = None
    awaiting_reroll: bool = False
    damage_now: dict[str, int] = field(default_factory=dict)  # Mob -> HP lost in this event
    damage_before: dict[str, int] = field(default_factory=dict)  # ... in the event before
    healed_now: dict[str, int] = field(default_factory=dict)  # Mob -> HP healed in this event
    healed_before: dict[str, int] = field(default_factory=dict)  # ... in the event before
    order: dict[str, list[str]] = field(default_factory=dict)  # side -> FORECAST order
    called: dict[str, dict[str, object]] = field(default_factory=dict)  # side -> CALL
    amplify: dict[str, int] = field(default_factory=dict)  # side -> LP AMPLIFY adds once
    charge_failed: set[str] = field(default_factory=set)  # sides whose CHARGE roll missed
    icon: str | None = None  # ICON OF IMPULSE's touch this round: "first", "second" or None

    def save(self) -> GameState:
        """A copy to go back to: before an event that a later reaction may undo."""
        twin = _shallow(self)  # the scalars; then its own Mobs and containers
        twin.mobs = {ref: m.copy() for ref, m in self.mobs.items()}
        twin._copy_containers()
        return twin

    def _copy_containers(self) -> None:
        self.damage_now, self.damage_before = dict(self.damage_now), dict(self.damage_before)
        self.healed_now, self.healed_before = dict(self.healed_now), dict(self.healed_before)
        self.order = {side: list(refs) for side, refs in self.order.items()}
        self.called = {side: dict(call) for side, call in self.called.items()}
        self.amplify, self.charge_failed = dict(self.amplify), set(self.charge_failed)

    def restore(self, saved: GameState, mobs: Iterable[str] | None = None) -> None:
        """Go back to `saved`: only the Mobs named in `mobs`, or everything when None."""
        for ref in self.mobs if mobs is None else mobs:
            self.mobs[ref].restore(saved.mobs[ref])
        if mobs is None:
            for name in self.__dataclass_fields__:
                if name != "mobs":
                    setattr(self, name, getattr(saved, name))
            self._copy_containers()

    def side(self, side: str) -> list[MobState]:
        """The Mobs a side controls now (its own and any it has taken over)."""
        return [m for m in self.mobs.values() if m.controller == side]

    def mobs_left(self, side: str) -> int:
        return sum(1 for m in self.mobs.values() if m.controller == side and m.position != DEAD)

    def can_act(self, side: str) -> bool:
        """Whether the side has a Turn Action left: an Active Mob, or one that owes one."""
        return any(
            (m.position == ACTIVE or m.owes_turn) and m.controller == side
            for m in self.mobs.values()
        )
