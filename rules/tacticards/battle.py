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

from rules.systems.phase import PhaseError, Step

S_PHASE = "Battle Phase"
S_RESOLUTION = "Battle Resolution"
S_COUNTER = "Counter Attack conditions"
S_LIFE = "Attacking Life Points"
S_RANGE = "Battle Phase: In Range"
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
            raise ValueError(f"{self.name}: attack type {self.kind!r}, one of {', '.join(KINDS)}")
        for name in ("attack", "health", "row", "col", "armour", "attack_range"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{self.name}: {name} is a whole number, not {value!r}")
        if self.owner not in ("A", "B") or not isinstance(self.name, str):
            raise ValueError(f"{self.name!r}: a named unit of player A or B")


@dataclass(frozen=True, slots=True)
class Board:
    """The grid: its number of rows and how distance is counted (the fragment does not say)."""

    rows: int = 5
    metric: str = "chebyshev"

    def __post_init__(self) -> None:
        if not isinstance(self.rows, int) or isinstance(self.rows, bool) or self.rows < 1:
            raise ValueError(f"board rows: a whole number of rows, not {self.rows!r}")
        if self.metric not in ("chebyshev", "manhattan"):
            raise ValueError(f"board metric: chebyshev or manhattan, not {self.metric!r}")

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
        return distance == 1, f"melee reaches adjacent squares only; distance {distance}"
    if unit.kind == "ranged" and distance == 1:
        return False, "a ranged unit cannot attack an adjacent unit"
    return distance <= unit.attack_range, (
        f"distance {distance}, attack range {unit.attack_range}; obstacles do not block"
    )


def damage_after_armour(attacker: Unit, defender: Unit) -> tuple[int, str]:
    """Melee and ranged damage is reduced by armour; magical damage is not."""
    if attacker.kind == "magical":
        return attacker.attack, f"magic ignores armour: {attacker.attack}"
    dealt = max(attacker.attack - defender.armour, 0)
    return dealt, f"{attacker.attack} less armour {defender.armour}: {dealt}"


def _counter(board: Board, defender: Unit, attacker: Unit) -> tuple[bool, str]:
    """Whether the attacked unit strikes back (Counter Attack conditions)."""
    distance = board.distance(_pos(defender), _pos(attacker))
    if defender.kind == "magical":
        return False, "magical units do not counter-attack"
    if defender.kind == "melee":
        return distance == 1, (
            "attacked from an adjacent square: it counter-attacks"
            if distance == 1
            else "a melee unit counters only attacks from an adjacent square"
        )
    ok, why = can_reach(board, defender, _pos(attacker))
    return ok, ("the attacker is In Range: it counter-attacks" if ok else why)


def resolve_attack(board: Board, attacker: Unit, defender: Unit) -> Resolution:
    """One attack with its counter-attack, both at the same time; raises `BattleError`."""
    steps: list[Step] = []
    if attacker.owner == defender.owner:
        raise BattleError(S_PHASE, f"{attacker.name} cannot attack its own side's unit")
    if attacker.health <= 0 or defender.health <= 0:
        raise BattleError(S_RESOLUTION, "destroyed units neither attack nor are attacked")
    ok, why = can_reach(board, attacker, _pos(defender))
    if not ok:
        raise BattleError(S_PHASE, f"{attacker.name} cannot reach {defender.name}: {why}")
    steps.append(Step("Reach", S_PHASE, f"{attacker.name} ({attacker.kind}) reaches: {why}"))
    damage, how = damage_after_armour(attacker, defender)
    steps.append(Step("Damage", S_PHASE, f"{attacker.name} deals {how}"))
    countering, reason = _counter(board, defender, attacker)
    counter = 0
    if countering:
        counter, how_back = damage_after_armour(defender, attacker)
        steps.append(Step("Counter attack", S_COUNTER, f"{defender.name}: {reason}; {how_back}"))
    else:
        steps.append(Step("No counter attack", S_COUNTER, f"{defender.name}: {reason}"))
    after_a = replace(attacker, health=attacker.health - counter)
    after_d = replace(defender, health=defender.health - damage)
    steps.append(
        Step(
            "Simultaneous",
            S_RESOLUTION,
            f"both at once: {defender.name} {defender.health}->{after_d.health}, "
            f"{attacker.name} {attacker.health}->{after_a.health}",
        )
    )
    for unit in (after_d, after_a):
        if unit.health <= 0:
            steps.append(Step("Destroyed", S_RESOLUTION, f"{unit.name} has no health left"))
    return Resolution(after_a, after_d, damage, counter, steps=steps)


def attack_life_points(board: Board, attacker: Unit) -> Resolution:
    """An attack on the opponent's Life Points (Attacking Life Points); armour plays no part,
    since no unit stands in the way."""
    steps: list[Step] = []
    if attacker.health <= 0:
        raise BattleError(S_RESOLUTION, "a destroyed unit cannot attack")
    last = board.last_row(attacker.owner)
    if attacker.kind == "melee":
        if attacker.row != last:
            raise BattleError(
                S_LIFE, f"a melee unit attacks Life Points from its last row ({last})"
            )
        steps.append(Step("Reach", S_LIFE, f"{attacker.name} stands in its last row ({last})"))
    else:
        distance = abs(board.extra_row(attacker.owner) - attacker.row)
        in_range = distance <= attacker.attack_range
        if not in_range:
            raise BattleError(
                S_LIFE,
                f"the Life Points row is {distance} away, attack range {attacker.attack_range}",
            )
        note = " (from its last row)" if attacker.row == last else ""
        steps.append(
            Step(
                "Reach",
                S_LIFE,
                f"{attacker.name} ({attacker.kind}) has the Life Points row In Range{note}",
            )
        )
    steps.append(Step("Damage", S_LIFE, f"the opponent loses {attacker.attack} Life Points"))
    return Resolution(attacker, None, 0, 0, life_damage=attacker.attack, steps=steps)
