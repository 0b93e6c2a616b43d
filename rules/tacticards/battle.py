"""Attacks of the TactiCards Battle Phase: reach, armour, counter-attacks, Life Points.

Sections cited are the fragment's headings: "Battle Phase" (attack types), "Battle Resolution",
"Counter Attack conditions" and "Attacking Life Points".

Our readings where the fragment is silent (docs/game-systems.md):
* distance on the grid is a parameter of the `Board`: king moves ("chebyshev", the default, so
  diagonal squares are adjacent) or orthogonal steps ("manhattan");
* damage reduced by armour is the attack less the armour, never below 0 (the "Damage section"
  the fragment refers to is not part of it);
* a unit whose health reaches 0 is destroyed;
* rows are numbered 1 to `rows` from player A's side: A's last row (B's first) is `rows`,
  B's last row (A's first) is 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules.systems.phase import PhaseError, Step, Unreadable, said

S_PHASE = "Battle Phase"
S_RESOLUTION = "Battle Resolution"
S_COUNTER = "Counter Attack conditions"
S_LIFE = "Attacking Life Points"
KINDS = ("melee", "ranged", "magical")


class BattleError(PhaseError):
    """The attack is not allowed; `rule` names the fragment's section."""


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit card on the grid: its attack type, attack stat, health, armour and range."""

    name: str
    owner: str  # "A" or "B"
    kind: str
    attack: int
    health: int
    row: int
    col: int
    armour: int = 0
    attack_range: int = 1

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise Unreadable(
                "ph_attack_type_one", name=self.name, kind=self.kind, kinds=", ".join(KINDS)
            )
        for name in ("attack", "health", "row", "col", "armour", "attack_range"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise Unreadable("ph_whole_number_not", name=self.name, name2=name, value=value)
        if self.owner not in ("A", "B") or not isinstance(self.name, str):
            raise Unreadable("ph_named_unit_player_b", name=self.name)


@dataclass(frozen=True, slots=True)
class Board:
    """The grid: its number of rows and how distance is counted (the fragment does not say)."""

    rows: int = 5
    metric: str = "chebyshev"

    def __post_init__(self) -> None:
        if not isinstance(self.rows, int) or isinstance(self.rows, bool) or self.rows < 1:
            raise Unreadable("ph_board_rows_whole_number", rows=self.rows)
        if self.metric not in ("chebyshev", "manhattan"):
            raise Unreadable("ph_board_metric_chebyshev_manhattan", metric=self.metric)

    def distance(self, a: tuple[int, int], b: tuple[int, int]) -> int:
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        return dr + dc if self.metric == "manhattan" else max(dr, dc)

    def last_row(self, owner: str) -> int:
        """The owner's last row, the opponent's first."""
        return self.rows if owner == "A" else 1

    def extra_row(self, owner: str) -> int:
        """The row beyond the opponent's first one, where their Life Points stand."""
        return self.rows + 1 if owner == "A" else 0


@dataclass(frozen=True)
class Resolution:
    """The outcome: damage each way, health after, and the trace."""

    attacker: Unit
    defender: Unit | None
    damage: int
    counter_damage: int
    life_damage: int = 0
    steps: list[Step] = field(default_factory=list)

    @property
    def countered(self) -> bool:
        return self.counter_damage > 0 or any(s.step == "Counter attack" for s in self.steps)

    def to_dict(self) -> dict[str, object]:
        return {
            "attacker": self.attacker.name,
            "defender": self.defender.name if self.defender else None,
            "damage": self.damage,
            "counter_damage": self.counter_damage,
            "life_damage": self.life_damage,
            "attacker_health": self.attacker.health,
            "defender_health": self.defender.health if self.defender else None,
            "steps": [s.to_dict() for s in self.steps],
        }


def _pos(unit: Unit) -> tuple[int, int]:
    return unit.row, unit.col


def can_reach(board: Board, unit: Unit, target: tuple[int, int]) -> tuple[bool, str]:
    """Whether `unit` may attack a square: melee adjacent only, ranged within range but not
    adjacent, magical within range, adjacent included; obstacles never matter."""
    distance = board.distance(_pos(unit), target)
    if unit.kind == "melee":
        return distance == 1, said("ph_melee_reach", distance=distance)
    if unit.kind == "ranged" and distance == 1:
        return False, said("ph_ranged_not_adjacent")
    return distance <= unit.attack_range, said(
        "ph_in_range", distance=distance, range=unit.attack_range
    )


def damage_after_armour(attacker: Unit, defender: Unit) -> tuple[int, str]:
    """Melee and ranged damage is reduced by armour; magical damage is not."""
    if attacker.kind == "magical":
        return attacker.attack, said("ph_magic_ignores_armour", attack=attacker.attack)
    dealt = max(attacker.attack - defender.armour, 0)
    return dealt, said(
        "ph_less_armour", attack=attacker.attack, armour=defender.armour, dealt=dealt
    )


def _counter(board: Board, defender: Unit, attacker: Unit) -> tuple[bool, str]:
    """Whether the attacked unit strikes back (Counter Attack conditions)."""
    distance = board.distance(_pos(defender), _pos(attacker))
    if defender.kind == "magical":
        return False, said("ph_magic_no_counter")
    if defender.kind == "melee":
        return distance == 1, (
            said("ph_adjacent_counter") if distance == 1 else said("ph_melee_counters_adjacent")
        )
    ok, why = can_reach(board, defender, _pos(attacker))
    return ok, (said("ph_in_range_counter") if ok else why)


def resolve_attack(board: Board, attacker: Unit, defender: Unit) -> Resolution:
    """One attack with its counter-attack, both at the same time; raises `BattleError`."""
    steps: list[Step] = []
    if attacker.owner == defender.owner:
        raise BattleError(S_PHASE, "ph_cannot_attack_own_side", attacker=attacker.name)
    if attacker.health <= 0 or defender.health <= 0:
        raise BattleError(S_RESOLUTION, "ph_destroyed_units_neither_attack")
    ok, why = can_reach(board, attacker, _pos(defender))
    if not ok:
        raise BattleError(
            S_PHASE, "ph_cannot_reach", attacker=attacker.name, defender=defender.name, why=why
        )
    steps.append(
        Step.said(
            "Reach", S_PHASE, "ph_reaches", attacker=attacker.name, kind=attacker.kind, why=why
        )
    )
    damage, how = damage_after_armour(attacker, defender)
    steps.append(Step.said("Damage", S_PHASE, "ph_deals", attacker=attacker.name, how=how))
    countering, reason = _counter(board, defender, attacker)
    counter = 0
    if countering:
        counter, how_back = damage_after_armour(defender, attacker)
        steps.append(
            Step.said(
                "Counter attack",
                S_COUNTER,
                "ph_counter_attack",
                defender=defender.name,
                reason=reason,
                how_back=how_back,
            )
        )
    else:
        steps.append(
            Step.said(
                "No counter attack",
                S_COUNTER,
                "ph_no_counter_attack",
                defender=defender.name,
                reason=reason,
            )
        )
    after_a = replace(attacker, health=attacker.health - counter)
    after_d = replace(defender, health=defender.health - damage)
    steps.append(
        Step.said(
            "Simultaneous",
            S_RESOLUTION,
            "ph_both_at_once",
            defender=defender.name,
            defender_before=defender.health,
            defender_after=after_d.health,
            attacker=attacker.name,
            attacker_before=attacker.health,
            attacker_after=after_a.health,
        )
    )
    for unit in (after_d, after_a):
        if unit.health <= 0:
            steps.append(Step.said("Destroyed", S_RESOLUTION, "ph_no_health_left", unit=unit.name))
    return Resolution(after_a, after_d, damage, counter, steps=steps)


def attack_life_points(board: Board, attacker: Unit) -> Resolution:
    """An attack on the opponent's Life Points (Attacking Life Points); armour plays no part,
    since no unit stands in the way."""
    steps: list[Step] = []
    if attacker.health <= 0:
        raise BattleError(S_RESOLUTION, "ph_destroyed_unit_cannot_attack")
    last = board.last_row(attacker.owner)
    if attacker.kind == "melee":
        if attacker.row != last:
            raise BattleError(S_LIFE, "ph_melee_unit_attacks_life", last=last)
        steps.append(
            Step.said("Reach", S_LIFE, "ph_stands_last_row", attacker=attacker.name, last=last)
        )
    else:
        distance = abs(board.extra_row(attacker.owner) - attacker.row)
        in_range = distance <= attacker.attack_range
        if not in_range:
            raise BattleError(
                S_LIFE,
                "ph_life_points_row_away",
                distance=distance,
                range=attacker.attack_range,
            )
        note = said("ph_from_last_row") if attacker.row == last else ""
        steps.append(
            Step.said(
                "Reach",
                S_LIFE,
                "ph_life_points_row_range",
                attacker=attacker.name,
                kind=attacker.kind,
                note=note,
            )
        )
    steps.append(
        Step.said("Damage", S_LIFE, "ph_opponent_loses_life_points", attack=attacker.attack)
    )
    return Resolution(attacker, None, 0, 0, life_damage=attacker.attack, steps=steps)
