"""Long generated games for the verification benchmark: many casts, powers and summons.

`generate(seed, catalog)` plays a whole game through the engine itself and returns its log as
`kml/1` text: four Krosmasters a side drawn from the profiles whose spells and powers are all
modelled (summoners first, so that summons come into play), every action chosen at random among
those the rules accept (a candidate the engine refuses is simply not written), every die rolled
at random in the number the rules ask for, a checkpoint now and then and the claimed result at
the end. So the log is valid by construction, and it exercises what real games do: spells with
Critical and Armour rolls, additional effects, summons (as inline profiles of the header, the
roster having none), powers, Blocks, standby effects and their `resolve` events, KOs and GG.

`passive=True` plays a long game without spells (moves, Kamas, ends of turn), for the memory
figure of a log near the 5 MB size limit. Nothing here is timed: `bench/verify.py` times the
verification of the generated text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine.cards import parse_spell
from rules.engine.casting import ArmourRollsError, Rolls
from rules.engine.cells import Cell, all_cells
from rules.engine.dice import TURNS, DiceCountError, Die, Face, Roll
from rules.engine.effects import SummonEffect
from rules.engine.errors import RuleViolation, Unsupported
from rules.engine.logevents import (
    Activate,
    Cast,
    Concede,
    End,
    Event,
    Move,
    PickKama,
    Place,
    Resolve,
    Tension,
)
from rules.engine.movement import BlockRoll, blockers
from rules.engine.powers import is_modelled
from rules.engine.replay.claims import computed_value
from rules.engine.replay.dispatch import apply_event, context, teams
from rules.engine.roster import Profile
from rules.engine.state import GameState, Phase
from rules.engine.summons import FAMILIES_4_19_2
from rules.engine.turn import new_game
from rules.matchlog.parse import parse_log
from rules.matchlog.verify import with_inline_profiles

ARENA: dict[str, Any] = {
    "name": "Generated Glade",
    "trees": ["f6", "g7", "c8", "j4"],
    "bushes": ["e9", "h3"],
    "crates": ["b6"],
    "demon_cells": ["d2", "i11"],
    "kamas": {"c2": 2, "e3": 2, "h2": 2, "e10": 2, "h11": 2, "j10": 2, "f5": 1, "g8": 1},
    "start_cells": {
        "A": ["c1", "d1", "e1", "f1", "g1", "h1"],
        "B": ["e12", "f12", "g12", "h12", "i12", "j12"],
    },
}
FACES = tuple(Face)
#: The most Kamas a checkpoint may claim (the `kml/1` schema's bound).
MAX_CLAIMED_KAMAS = 999
#: Steps in a row that write nothing after which the game is conceded (a power's effect on
#: standby asks for a choice, e.g. Mintetized's Krosmaster, which the generator never makes).
STALL_LIMIT = 500
DIRECTIONS = ("north", "south", "east", "west", "left", "right")


def playable_profiles(catalog: Mapping[str, Profile]) -> tuple[list[Profile], dict[str, str]]:
    """Profiles whose every spell and power the engine models, and the summon names they use."""
    out, summons = [], {}
    for profile in catalog.values():
        if not all(is_modelled(p.slug) for p in profile.powers) or profile.level is None:
            continue
        try:
            models = [parse_spell(profile, spell) for spell in profile.spells]
        except (Unsupported, RuleViolation, ValueError):
            continue
        names = [e.name for m in models for e in m.flat() if isinstance(e, SummonEffect)]
        summons.update((n.lower(), n) for n in names)
        out.append(profile)
    return sorted(out, key=lambda p: p.id), summons


#: A Bomb's Explosion (4.19.5.d): a Personal spell with a Square Area of Effect, no cost.
_EXPLOSION = {
    "name": "Explosion",
    "cost": {},
    "range_kind": "self",
    "range_min": None,
    "range_max": None,
    "range_modifiable": False,
    "range_line": False,
    "range_los": False,
    "element": "fire",
    "base_damage": 1,
    "limit": "unlimited",
    "effects": '"Square" area of effect.',
}


def _summon_profile(name: str) -> dict[str, Any]:
    """A summon of our own making (the roster has none): a small mob with one melee spell, or,
    for a member of 4.19.2's Bomb family (Boo Ming's Grenado), a Bomb: a Mechanism with 1 HP
    and its Explosion (4.19.5), which the engine makes explode at its summoner's turn start."""
    ident = "gen-" + "-".join(name.lower().replace("'", "").split())
    family = FAMILIES_4_19_2.get(name.lower())
    if family == "bomb":
        bomb = {"mp": None, "hp": 1, "ap": None, "types": ["Bomb"], "spells": [_EXPLOSION]}
        return {**_mob(ident, name), **bomb}
    return _mob(ident, name) | ({"types": [family.title()]} if family else {})


def _mob(ident: str, name: str) -> dict[str, Any]:
    return {
        "id": ident,
        "name": name.title(),
        "name_colour": "white",
        "level": 0,
        "initiative": 0,
        "mp": 3,
        "hp": 3,
        "ap": 4,
        "types": [],
        "season": "s0",
        "edition": "generated",
        "strength": 1,
        "spells": [
            {
                "name": "Nibble",
                "cost": {"ap": 3},
                "range_kind": "melee",
                "range_min": 1,
                "range_max": 1,
                "range_modifiable": False,
                "range_line": False,
                "range_los": True,
                "element": "earth",
                "base_damage": 1,
                "limit": "unlimited",
                "effects": "",
            }
        ],
        "powers": [],
    }


def _die(rng: random.Random) -> Die:
    face = rng.choice(FACES)
    return Die(face, rng.choice(TURNS.get(face, (face,))))


def _dice(rng: random.Random, count: int) -> tuple[Die, ...]:
    return tuple(_die(rng) for _ in range(count))


def _notes(dice: tuple[Die, ...]) -> list[str]:
    return [d.notation for d in dice]


def _rolls_json(rolls: Rolls) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rolls.critical:
        out["critical"] = _notes(rolls.critical)
    if rolls.armour:
        out["armour"] = {u: _notes(d) for u, d in rolls.armour.items()}
    if rolls.coins:
        out["coins"] = list(rolls.coins)
    return out


@dataclass
class _Game:
    rng: random.Random
    state: GameState
    ctx: Any
    lines: list[dict[str, Any]] = field(default_factory=list)

    def play(self, event: Event, line: dict[str, Any]) -> bool:
        """Apply one candidate; write it to the log when the rules accept it."""
        try:
            state = apply_event(self.state, event, self.ctx)
        except (RuleViolation, Unsupported):
            return False
        self.state = state
        self.lines.append(line)
        return True

    @property
    def number(self) -> int:
        return len(self.lines) + 2  # the header is line 1

    # -- spells --------------------------------------------------------------------------------

    def cast(self, unit: str, spell: str, target: Cell) -> bool:
        """Find the dice, coins and direction the rules ask for, by asking the rules."""
        critical: tuple[Die, ...] = ()
        armour: dict[str, tuple[Die, ...]] = {}
        coins: tuple[str, ...] = ()
        direction: str | None = None
        for _ in range(8):
            rolls = Rolls(critical, dict(armour), coins)
            event = Cast(self.number, unit, spell, target, direction, rolls=rolls)
            try:
                self.state = apply_event(self.state, event, self.ctx)
            except (DiceCountError, ArmourRollsError) as wrong:
                critical, armour = self._dice_asked(wrong, critical, armour)
                continue
            except RuleViolation as refused:
                if refused.rule == "7.2.4" and not coins:
                    coins = tuple(self.rng.choice(("heads", "tails")) for _ in range(6))
                    continue
                if refused.rule == "7.2.3.b" and direction is None:
                    direction = self.rng.choice(DIRECTIONS)
                    continue
                return False
            except Unsupported:
                return False
            line: dict[str, Any] = {
                "e": "cast",
                "unit": unit,
                "spell": spell,
                "target": target.name,
            }
            if direction:
                line["direction"] = direction
            if event.rolls != Rolls():
                line["rolls"] = _rolls_json(event.rolls)
            self.lines.append(line)
            self.settle_standby()
            return True
        return False

    def _dice_asked(
        self,
        wrong: DiceCountError | ArmourRollsError,
        critical: tuple[Die, ...],
        armour: dict[str, tuple[Die, ...]],
    ) -> tuple[tuple[Die, ...], dict[str, tuple[Die, ...]]]:
        """A cast's or a resolution's dice with those the engine refused them for drawn afresh:
        the Critical roll or one target's Armour roll of the count it names, or an Armour roll
        for each target it expects that has none."""
        if isinstance(wrong, ArmourRollsError):
            return critical, {u: armour.get(u, _dice(self.rng, 1)) for u in sorted(wrong.expected)}
        dice = _dice(self.rng, wrong.due.count)
        if wrong.due.roll is Roll.CRITICAL:
            return dice, armour
        return critical, {**armour, wrong.who: dice}

    def settle_standby(self) -> None:
        """`resolve` events for what waits on standby (an order, or dice: Explosions, Clicks)."""
        for _ in range(12):
            if not self.state.pending or self.state.phase is Phase.OVER:
                return
            label = self.state.pending[0].label
            critical: tuple[Die, ...] = ()
            armour: dict[str, tuple[Die, ...]] = {}
            for _ in range(8):
                rolls = Rolls(critical, dict(armour))
                event = Resolve(self.number, label, rolls)
                try:
                    self.state = apply_event(self.state, event, self.ctx)
                except (DiceCountError, ArmourRollsError) as wrong:
                    critical, armour = self._dice_asked(wrong, critical, armour)
                    continue
                except (RuleViolation, Unsupported):
                    return
                line: dict[str, Any] = {"e": "resolve", "source": label}
                if rolls != Rolls():
                    line["rolls"] = _rolls_json(rolls)
                self.lines.append(line)
                break
            else:
                return

    # -- moves ---------------------------------------------------------------------------------

    def move(self, unit_id: str, to: Cell) -> bool:
        unit = self.state.unit(unit_id)
        enemies = [e.id for e in blockers(self.state, unit)]
        counts = {e: [1, 1] for e in enemies}
        for _ in range(6):
            rolls = {
                e: (_dice(self.rng, lock), _dice(self.rng, dodge))
                for e, (lock, dodge) in counts.items()
            }
            blocks = tuple(BlockRoll(e, lock, dodge) for e, (lock, dodge) in rolls.items())
            try:
                self.state = apply_event(
                    self.state, Move(self.number, unit_id, to, blocks), self.ctx
                )
            except DiceCountError as wrong:
                slot = 0 if wrong.due.roll is Roll.LOCK else 1
                for enemy in counts:
                    if slot == 1 or enemy == wrong.who:
                        counts[enemy][slot] = wrong.due.count
                continue
            except (RuleViolation, Unsupported):
                return False
            line: dict[str, Any] = {"e": "move", "unit": unit_id, "to": to.name}
            if blocks:
                line["block"] = [
                    {"by": b.by, "lock": _notes(b.lock), "dodge": _notes(b.dodge)} for b in blocks
                ]
            self.lines.append(line)
            self.settle_standby()
            return True
        return False


def _header(teams_: dict[str, list[Profile]], summons: dict[str, str]) -> dict[str, Any]:
    players = {
        side: {
            "name": f"Player {side}",
            "team": [{"unit": f"{side}{i + 1}", "profile": p.id} for i, p in enumerate(members)],
        }
        for side, members in teams_.items()
    }
    return {
        "format": "kml/1",
        "ruleset": "fanmade-4.1",
        "catalog": "krosfinder-2019",
        "arena": ARENA,
        "players": players,
        "profiles": [_summon_profile(name) for name in sorted(summons.values())][:64],
        "event": {"tournament": "generated", "round": 1, "table": 1},
    }


def _teams(
    rng: random.Random, profiles: list[Profile], summoners: set[str]
) -> dict[str, list[Profile]]:
    """Four a side with distinct names (1.1.3) and Initiatives, summoners first, Levels at
    most 12."""
    pool = list(profiles)
    rng.shuffle(pool)
    pool.sort(key=lambda p: p.id not in summoners)
    out: dict[str, list[Profile]] = {"A": [], "B": []}
    used: set[str] = set()
    for side in ("A", "B"):
        for profile in pool:
            if len(out[side]) == 4:
                break
            level = sum(p.level or 0 for p in out[side])
            initiatives = {p.initiative for p in out[side]}
            if profile.base_name in used or level + (profile.level or 0) > 12:
                continue
            if profile.initiative in initiatives:  # no tie to settle (2.4.3.b)
                continue
            used.add(profile.base_name)
            out[side].append(profile)
    return out


def generate(
    seed: int, catalog: Mapping[str, Profile], *, max_events: int = 2500, passive: bool = False
) -> str:
    """One complete valid game as `kml/1` text (see the module docstring)."""
    rng = random.Random(seed)
    profiles, _ = playable_profiles(catalog)
    summoners: set[str] = set()
    names: dict[str, str] = {}
    for profile in profiles:
        found = [
            e.name
            for s in profile.spells
            for e in parse_spell(profile, s).flat()
            if isinstance(e, SummonEffect)
        ]
        if found:
            summoners.add(profile.id)
            names.update((n.lower(), n) for n in found)
    chosen = _teams(rng, profiles, summoners)
    wanted = {
        n.lower(): n
        for p in chosen["A"] + chosen["B"]
        for s in p.spells
        for e in parse_spell(p, s).flat()
        if isinstance(e, SummonEffect)
        for n in (e.name,)
    }
    header = _header(chosen, wanted)
    log = parse_log(json.dumps(header) + "\n")
    merged = with_inline_profiles(catalog, log.header.profiles)
    ctx = context(log, merged)
    try:
        state = new_game(log.header.arena, teams(log, merged))
    except RuleViolation as tie:  # the teams tie on every count (1.3.1.c): the header names A
        if tie.rule != "1.3.1.c":
            raise
        header["first_player"] = "A"
        state = new_game(log.header.arena, teams(log, merged), first_player_claim="A")
    game = _Game(rng, state, ctx)
    _place(game)
    stalled = 0
    while game.state.phase is not Phase.OVER and len(game.lines) < max_events:
        written = len(game.lines)
        _step(game, passive)
        stalled = stalled + 1 if len(game.lines) == written else 0
        if stalled > STALL_LIMIT:  # an effect waits for a choice the generator cannot make
            break
    if game.state.phase is not Phase.OVER:
        game.play(Concede(game.number, "B"), {"e": "concede", "player": "B"})
    final = game.state
    result = {
        "e": "result",
        "winner": final.winner,
        "reason": final.over_reason,
        "gg": {s: final.player(s).gg for s in ("A", "B")},
    }
    lines = [header, *game.lines, result]
    return "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines)


def _place(game: _Game) -> None:
    cells = {side: [Cell.parse(c) for c in ARENA["start_cells"][side]] for side in ("A", "B")}
    while game.state.phase is Phase.SETUP:
        unplaced = [u for u in game.state.units if u.cell is None]
        done = False
        for unit in unplaced:
            for cell in game.rng.sample(cells[unit.side], len(cells[unit.side])):
                if game.play(
                    Place(game.number, unit.id, cell),
                    {"e": "place", "unit": unit.id, "cell": cell.name},
                ):
                    done = True
                    break
            if done:
                break
        if not done:
            raise RuntimeError("no placement is accepted")


def _step(game: _Game, passive: bool) -> None:
    state, rng = game.state, game.rng
    if state.phase is Phase.TENSION:
        first = rng.choice(("critical", "armour", "lock", "dodge"))
        double = rng.random() < 0.02 and not passive  # a long passive game must not end
        second = (
            first
            if double
            else rng.choice([f for f in ("critical", "armour", "lock", "dodge") if f != first])
        )
        dice = (Die(Face(first), Face(first)), Die(Face(second), Face(second)))
        game.play(Tension(game.number, dice), {"e": "tension", "dice": [first, second]})
        return
    if state.active_unit is None:
        for unit_id in state.timeline(state.active_side or "A"):
            if game.play(Activate(game.number, unit_id), {"e": "activate", "unit": unit_id}):
                game.settle_standby()  # a Bomb exploding at its summoner's turn start (6.2.1.d)
                return
        raise RuntimeError(f"nobody can be activated: {state.phase} turn {state.turn}")
    _act(game, state.active_unit, passive)
    if len(game.lines) % 40 == 0 and game.state.phase is not Phase.OVER:
        gg, kamas = computed_value(game.state, "gg.A"), computed_value(game.state, "kamas.B")
        line: dict[str, Any] = {"e": "checkpoint", "gg": {"A": gg}}
        if kamas <= MAX_CLAIMED_KAMAS:  # a long passive game's hoard outgrows the schema
            line["kamas"] = {"B": kamas}
        game.lines.append(line)


def _act(game: _Game, unit_id: str, passive: bool) -> None:
    """One action of the active unit, or the end of its turn."""
    state, rng = game.state, game.rng
    unit = state.unit(unit_id)
    if unit.cell is None or rng.random() < 0.12:
        game.play(End(game.number, unit_id), {"e": "end", "unit": unit_id})
        return
    if not passive and unit.ap > 0 and rng.random() < 0.65:
        spells = list(game.ctx.book.spells_of(unit))
        units = [u for u in state.in_arena()]
        near = [c for c in all_cells() if c.distance(unit.cell) <= 4]
        for _ in range(6):
            spell = rng.choice(spells)
            target = rng.choice(units).cell if rng.random() < 0.7 else rng.choice(near)
            if target is not None and game.cast(unit_id, spell.name, target):
                return
    if (
        state.kamas_at(unit.cell)
        and unit.ap > 0
        and rng.random() < 0.5
        and game.play(
            PickKama(game.number, unit_id, 1), {"e": "pick_kama", "unit": unit_id, "count": 1}
        )
    ):
        return
    if unit.mp > 0:
        enemies = [u.cell for u in state.in_arena() if u.side != unit.side and u.cell is not None]
        steps = list(unit.cell.neighbours())
        rng.shuffle(steps)
        if enemies and not passive and rng.random() < 0.7:
            steps.sort(key=lambda c: min(c.distance(e) for e in enemies))
        for cell in steps[:3]:
            if game.move(unit_id, cell):
                return
    game.play(End(game.number, unit_id), {"e": "end", "unit": unit_id})


def main() -> None:
    """Write generated games: `python -m bench.games OUT [--games N] [--events N]` (repo root)."""
    import argparse
    import os
    import sys
    from pathlib import Path

    from rules.engine.roster import load_roster

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    data = Path(os.environ.get("KROSMASTER_DATA", "../shared/data/krosmaster"))
    catalog = load_roster(data / "krosmasters_normalized.json").catalog()
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first_seed, args.first_seed + args.games):
        target = args.out / f"generated-{seed}.jsonl"
        target.write_text(generate(seed, catalog, max_events=args.events))
        print(target, file=sys.stderr)


if __name__ == "__main__":
    main()
