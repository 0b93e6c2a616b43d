"""The Cast Check and Ongoing Spells of the d20 skirmish game's Cast Phase.

Sections cited are the fragment's headings: "Cast Phase", "Casting Spells", "Cast Difficulty
Modifiers", "Basic Spells", "Ongoing Spells" and "Cast Attacks".

Our readings where the fragment is open (docs/game-systems.md): the Cast Check is a d20 (the
fragment speaks of "a roll of 20"); Engaged and Running add +2 once when either applies, and
`stack=True` adds +2 for each (the fragment's "in either of these cases" allows both readings).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.systems.phase import PhaseError, Step

S_PHASE = "Cast Phase"
S_CASTING = "Casting Spells"
S_MODIFIERS = "Cast Difficulty Modifiers"
S_BASIC = "Basic Spells"
S_ONGOING = "Ongoing Spells"
S_ATTACK = "Cast Attacks"
DIE = 20
PENALTY = 2


class CastError(PhaseError):
    """The cast is not allowed; `rule` names the fragment's section."""


@dataclass(frozen=True, slots=True)
class Spell:
    """A spell: its Cast Difficulty and type (`basic`, `ongoing`, `cast_attack` or None)."""

    name: str
    difficulty: int
    kind: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.difficulty, int) or isinstance(self.difficulty, bool):
            raise ValueError(f"{self.name}: Cast Difficulty is a whole number")
        if self.kind not in (None, "basic", "ongoing", "cast_attack"):
            raise ValueError(f"{self.name}: spell type basic, ongoing or cast_attack")


@dataclass
class Caster:
    """A unit that may cast, with what matters this turn."""

    name: str
    spells: tuple[str, ...] = ()  # spells known (the Basic Spell need not be listed)
    basic_spell: str | None = None  # its Arcane list's Basic Spell
    divine: bool = False
    stunned: bool = False
    dazed: bool = False
    incapacitated: bool = False
    engaged: bool = False
    ran: bool = False
    engaged_with: tuple[str, ...] = ()  # the melee combat it is in, by unit names
    ongoing: list[str] = field(default_factory=list)
    attempted: bool = False
    shot: bool = False

    def knows(self, spell: Spell) -> bool:
        if spell.name in self.spells:
            return True
        return spell.name == self.basic_spell and not self.divine


@dataclass(frozen=True)
class CastResult:
    """The Cast Check worked out: difficulty, roll, success, and the trace."""

    caster: str
    spell: str
    difficulty: int
    roll: int
    success: bool
    steps: list[Step]
    injury_roll: int | None = None  # a Cast Attack's roll, used again for the Injury Check

    def to_dict(self) -> dict[str, object]:
        return {
            "caster": self.caster,
            "spell": self.spell,
            "difficulty": self.difficulty,
            "roll": self.roll,
            "success": self.success,
            "injury_roll": self.injury_roll,
            "steps": [s.to_dict() for s in self.steps],
        }


def cast_check(
    caster: Caster,
    spell: Spell,
    roll: int,
    *,
    target_in_melee_with: tuple[str, ...] = (),
    first_turn_of_first_player: bool = False,
    stack: bool = False,
) -> CastResult:
    """One attempt to cast; raises `CastError` when the attempt itself is not allowed. Marks
    the caster as having attempted (so it may not Shoot) and adds a cast Ongoing Spell."""
    steps: list[Step] = []
    if first_turn_of_first_player:
        raise CastError(S_PHASE, "the first player's first turn has no Cast Phase")
    if caster.attempted:
        raise CastError(S_PHASE, f"{caster.name} has attempted a spell this turn already")
    if caster.stunned or caster.dazed:
        state = "Stunned" if caster.stunned else "Dazed"
        raise CastError(S_CASTING, f"{caster.name} is {state} and cannot cast")
    if not caster.knows(spell):
        rule = S_BASIC if spell.kind == "basic" else S_CASTING
        why = "Divine Casters gain no Basic Spells" if caster.divine else "it does not know it"
        raise CastError(rule, f"{caster.name} cannot cast {spell.name}: {why}")
    if spell.kind == "ongoing" and spell.name in caster.ongoing:
        raise CastError(S_ONGOING, f"{spell.name} is in effect already: one instance at a time")
    outside = set(target_in_melee_with) - {caster.name, *caster.engaged_with}
    if spell.kind == "cast_attack" and target_in_melee_with and outside:
        raise CastError(S_ATTACK, "no Cast Attack into a melee combat the caster is not in")
    if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= DIE:
        raise CastError(S_CASTING, f"a d{DIE} shows 1 to {DIE}, not {roll}")
    if caster.shot:
        raise CastError(S_CASTING, f"{caster.name} has shot this turn and cannot cast")
    caster.attempted = True
    difficulty = spell.difficulty
    steps.append(Step("Difficulty", S_CASTING, f"{spell.name}: Cast Difficulty {difficulty}"))
    reasons = [why for why, on in (("Engaged", caster.engaged), ("Ran", caster.ran)) if on]
    if reasons:
        extra = PENALTY * (len(reasons) if stack else 1)
        difficulty += extra
        steps.append(Step("Modifier", S_MODIFIERS, f"{' and '.join(reasons)}: +{extra}"))
    if roll == DIE:
        success = True
        steps.append(Step("Cast Check", S_MODIFIERS, f"a 20 always succeeds (needs {difficulty})"))
    else:
        success = roll >= difficulty
        steps.append(
            Step(
                "Cast Check",
                S_CASTING,
                f"rolls {roll} against {difficulty}: {'success' if success else 'failure'}",
            )
        )
    steps.append(
        Step("No shooting", S_CASTING, f"{caster.name} attempted a spell: no Shoot this turn")
    )
    injury = None
    if success:
        steps.append(Step("Resolve", S_CASTING, f"{spell.name} resolves as described"))
        if spell.kind == "ongoing":
            caster.ongoing.append(spell.name)
            steps.append(Step("Ongoing", S_ONGOING, f"{spell.name} stays in effect"))
        if spell.kind == "cast_attack":
            injury = roll
            steps.append(
                Step("Injury Check", S_ATTACK, f"the roll {roll} is the Injury Check; the target "
                     "makes a Defence Check")
            )  # fmt: skip
    else:
        steps.append(Step("Nothing", S_CASTING, "the Cast Check failed: nothing happens"))
    return CastResult(caster.name, spell.name, difficulty, roll, success, steps, injury)


def upkeep(caster: Caster, morale: dict[str, bool]) -> list[Step]:
    """Start of the caster's player's turn: each Ongoing Spell needs a passed Morale Check
    (`morale[spell]`; the fragment does not say how it is rolled); Stunned or Incapacitated
    casters lose them all at once."""
    steps: list[Step] = []
    if caster.stunned or caster.incapacitated:
        for name in caster.ongoing:
            steps.append(Step("Ends", S_ONGOING, f"{caster.name} is Stunned or Incapacitated: "
                              f"{name} ends"))  # fmt: skip
        caster.ongoing.clear()
        return steps
    for name in list(caster.ongoing):
        if name not in morale:
            raise CastError(S_ONGOING, f"{name} needs a Morale Check at the start of the turn")
        if morale[name]:
            steps.append(Step("Morale", S_ONGOING, f"{name}: Morale Check passed, it remains"))
        else:
            caster.ongoing.remove(name)
            steps.append(Step("Morale", S_ONGOING, f"{name}: Morale Check failed, it ends"))
    return steps
