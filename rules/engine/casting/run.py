"""`CastRun`: the working state of one spell while its steps run; card hooks read and change it.

Every Injury, heal and marker a step or a card hook applies goes through its methods, which go
through `rules.engine.injuries` and `turn.apply_markers`: one path for the whole engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.engine.casting.actions import CastAction, Rules, TraceStep
from rules.engine.cells import Cell
from rules.engine.dice import Die
from rules.engine.effects import (
    ExtraDamage,
    SpellModel,
    TargetFilter,
)
from rules.engine.errors import RuleViolation
from rules.engine.injuries import (
    heal,
    place_injuries,
)
from rules.engine.powers import (
    families_of,
)
from rules.engine.roster import Spell
from rules.engine.state import (
    GAME_OVER,
    GameState,
    Lasting,
    Unit,
)
from rules.engine.summons import Spellbook
from rules.engine.turn import apply_markers


class CastRun:
    """The working state of one spell while its steps run; card hooks read and change it."""

    def __init__(
        self,
        state: GameState,
        book: Spellbook,
        rules: Rules,
        caster: Unit,
        spell: Spell,
        model: SpellModel,
        main: Cell,
        origin: Cell,
        action: CastAction,
        trace: list[TraceStep] | None,
    ) -> None:
        self.state = state
        self.book = book
        self.rules = rules
        self.caster_id = caster.id
        self.side = caster.side
        self.spell = spell
        self.model = model
        self.main = main
        self.origin = origin
        self.action = action
        self.trace = trace
        #: Whether the cast writes its trace: a step whose words cost work to make skips them
        #: when nobody will read them (the replay loop, `casting.apply_cast`).
        self.traced = trace is not None
        self.element = spell.element or "neutral"
        self.cells: frozenset[Cell] = frozenset((main,))
        self.targets: tuple[str, ...] = ()
        #: the units on the targeted cell (7.2.3.a), read once: for the record of the cast in
        #: Step 1 (`steps.pay`) and as the area's units in Step 2 (`steps.choose_targets`)
        self.main_targets: tuple[str, ...] = units_on(state, main)
        self.pierce = 0
        self.extra: list[ExtraDamage] = []
        self.coins: Iterator[str] = iter(action.rolls.coins)
        self.critical = 0
        self.placed: dict[str, int] = {}
        #: Step 6's records of damage dealt (`steps.compute_damage`), not yet in the state:
        #: Step 7 adds them in the copy that places the first Injuries (`steps.place_damage`)
        self.damaged: tuple[Lasting, ...] = ()
        self.notes: dict[str, int] = {}  # what a card hook remembers from Step 3 to Step 6
        self.stopped = "Step 7"  # the step whose KOs won the game, if one did (`log`)
        #: the state `caster` last read, and the caster in it (`caster` is the state's own unit,
        #: as `prerequisites.check_caster` and `standby` look it up)
        self._caster: tuple[GameState, Unit] = (state, caster)
        #: the state and targets `in_play` last read, and the units it found
        self._in_play: tuple[GameState | None, tuple[str, ...], tuple[Unit, ...]] = (None, (), ())

    @property
    def caster(self) -> Unit:
        """The caster as the current state has it, looked up once per state (each step asks)."""
        state = self.state
        seen = self._caster
        if seen[0] is not state:
            seen = self._caster = (state, state.unit(self.caster_id))
        return seen[1]

    @property
    def over(self) -> bool:
        return self.state.phase is GAME_OVER

    def log(self, step: str, rule: str, text: str) -> None:
        """A trace line. A KO that wins the game says so under 1.4 (`steps.knock_outs`): the
        step is kept, traced or not, as a refusal of the dice of a stopped spell names it."""
        if rule == "1.4":
            self.stopped = step
        if self.trace is not None:
            self.trace.append(TraceStep(step, rule, text))

    def say(self, step: str, rule: str, key: str, /, **facts: Any) -> None:
        """A trace line worded by its key (`rules.engine.trace_texts.TRACE`); none when the
        cast is not traced (`trace` None: the replay loop keeps only the states)."""
        if self.trace is not None:
            self.trace.append(TraceStep.said(step, rule, key, **facts))

    def matches(self, unit: Unit, who: TargetFilter) -> bool:
        if who.main and unit.id not in self.main_targets:
            return False
        checks = (
            (who.ally, unit.side == self.side),
            (who.summon, not unit.is_krosmaster),
            (who.mob, not unit.is_krosmaster and unit.is_character),
            (who.character, unit.is_character),
            (who.krosmaster, unit.is_krosmaster),
            (who.boss, "boss" in families_of(self.state, unit)),
        )
        if any(want is not None and want != have for want, have in checks):
            return False
        named = not unit.is_krosmaster and unit.profile.name.lower() == who.family  # 4.18.9
        if who.family is not None and not named and who.family not in families_of(self.state, unit):
            return False
        level = unit.profile.level or 0
        if who.min_level is not None and level < who.min_level:
            return False
        return who.max_level is None or level <= who.max_level

    def in_play(self, who: TargetFilter | None = None) -> tuple[Unit, ...]:
        """The targets still in the arena, those `who` names when given. Read once per state
        and targets (`_in_play`): Steps 4, 5 and 6 each ask, and most card effects of Step 3,
        while most leave the state as it was."""
        state, targets = self.state, self.targets
        seen = self._in_play
        if seen[0] is not state or seen[1] is not targets:
            # a plain loop: two comprehensions cost more than the one or two targets
            found: list[Unit] = []
            for target in targets:
                unit = state.unit(target)
                if unit.cell is not None:
                    found.append(unit)
            seen = self._in_play = (state, targets, tuple(found))
        if who is None:
            return seen[2]
        return tuple([u for u in seen[2] if self.matches(u, who)])

    def place_injuries(
        self, unit_id: str, count: int, *, source: str | None = None, suffered: bool = True
    ) -> int:
        """Injury markers placed by a cost, a step or a card hook; the KO waits for the end of
        the step (7.2.2.b, 7.2.4.d, 7.2.8.c). The one path is `injuries.place_injuries`: a
        `source` inflicts them (4.10.6.b), a cost is not `suffered` (4.10.6.c). Step 6's
        records waiting (`damaged`) go into the state with the first Injuries inflicted."""
        damaged = self.damaged if source is not None else ()
        self.state, placed = place_injuries(
            self.state, unit_id, count, source=source, suffered=suffered, damaged=damaged
        )
        if placed and damaged:
            self.damaged = ()
        return placed

    def heal(self, target: Unit, amount: int, step: str, healer: Unit) -> int:
        """Remove Injuries from `target` through `injuries.heal` and say so in the trace."""
        self.state, healed, blocked = heal(self.state, target.id, amount, healer=healer.id)
        if blocked:
            self.log(step, "4.13.4", blocked)
        self.say(step, "4.10.5", "healed", unit=target.id, healed=healed)
        return healed

    def markers(self, unit: Unit, ap: int, mp: int, rng: int, rule: str) -> None:
        """Markers on a unit; a piece without the gauge takes none (4.11.6)."""
        ap = ap if unit.max_ap is not None else 0
        mp = mp if unit.max_mp is not None else 0
        self.state = apply_markers(self.state, unit.id, ap=ap, mp=mp, range=rng)
        self.say(
            "Step 3", rule, "markers", unit=unit.id, ap=f"{ap:+d}", mp=f"{mp:+d}", range=f"{rng:+d}"
        )

    def ruling(self, name: str) -> str:
        """The reading of a named ruling in force for this game (`rules.engine.rulings`)."""
        return self.state.rulings.reading(name)

    def coin(self) -> str:
        try:
            side = next(self.coins).lower()
        except StopIteration:
            raise RuleViolation.because(
                "7.2.4", "coin_flip_missing", spell=self.spell.name
            ) from None
        if side not in ("heads", "tails"):
            raise RuleViolation.because("7.2.4", "coin_side", side=side)
        return side


def units_on(state: GameState, cell: Cell) -> tuple[str, ...]:
    """The ids of the units on `cell`, in the order of `units`. The main targets of a cast do
    not change from its start to Step 2 (`CastRun.main_targets`): paying moves no piece, and a
    KO at the end of Step 1, the only one that could, makes `steps.pay` read them again."""
    x, y = cell.x, cell.y  # `GameState.units_at`, the ids taken in the same pass
    found: list[str] = []  # a plain loop: a comprehension's own call costs more than its loop
    for unit in state.units:
        if (c := unit.cell) is not None and c.x == x and c.y == y:
            found.append(unit.id)
    return tuple(found)


def faces(dice: tuple[Die, ...]) -> str:
    return ", ".join(d.notation for d in dice) or "no dice"
