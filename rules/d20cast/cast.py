"""The Cast Check and Ongoing Spells of the d20 skirmish game's Cast Phase.

Sections cited are the fragment's headings: "Cast Phase", "Casting Spells", "Cast Difficulty
Modifiers", "Basic Spells", "Ongoing Spells" and "Cast Attacks".

Our readings where the fragment is open (docs/game-systems.md): the Cast Check is a d20 (the
fragment speaks of "a roll of 20"); Engaged and Running add +2 once when either applies, and
`stack=True` adds +2 for each (the fragment's "in either of these cases" allows both readings).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.refusals import Joined
from rules.systems.phase import PhaseError, Step, Unreadable, said

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
            raise Unreadable("ph_cast_difficulty_whole_number", name=self.name)
        if self.kind not in (None, "basic", "ongoing", "cast_attack"):
            raise Unreadable("ph_spell_type_basic_ongoing", name=self.name)


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
        raise CastError(S_PHASE, "ph_first_player_first_turn")
    if caster.attempted:
        raise CastError(S_PHASE, "ph_attempted_spell_turn_already", caster=caster.name)
    if caster.stunned or caster.dazed:
        state = "Stunned" if caster.stunned else "Dazed"
        raise CastError(S_CASTING, "ph_cannot_cast", caster=caster.name, state=state)
    if not caster.knows(spell):
        rule = S_BASIC if spell.kind == "basic" else S_CASTING
        why = said("ph_divine_no_basic") if caster.divine else said("ph_does_not_know")
        raise CastError(rule, "ph_cannot_cast_2", caster=caster.name, spell=spell.name, why=why)
    if spell.kind == "ongoing" and spell.name in caster.ongoing:
        raise CastError(S_ONGOING, "ph_effect_already_one_instance", spell=spell.name)
    outside = set(target_in_melee_with) - {caster.name, *caster.engaged_with}
    if spell.kind == "cast_attack" and target_in_melee_with and outside:
        raise CastError(S_ATTACK, "ph_no_cast_attack_into")
    if not isinstance(roll, int) or isinstance(roll, bool) or not 1 <= roll <= DIE:
        raise CastError(S_CASTING, "ph_d_shows_1_not", faces=DIE, roll=roll)
    if caster.shot:
        raise CastError(S_CASTING, "ph_shot_turn_cannot_cast", caster=caster.name)
    caster.attempted = True
    difficulty = spell.difficulty
    steps.append(
        Step.said(
            "Difficulty", S_CASTING, "ph_cast_difficulty", spell=spell.name, difficulty=difficulty
        )
    )
    reasons = [why for why, on in (("Engaged", caster.engaged), ("Ran", caster.ran)) if on]
    if reasons:
        extra = PENALTY * (len(reasons) if stack else 1)
        difficulty += extra
        steps.append(
            Step.said(
                "Modifier",
                S_MODIFIERS,
                "ph_modifier",
                reasons=Joined(tuple(reasons), ", ", " and "),
                extra=extra,
            )
        )
    if roll == DIE:
        success = True
        steps.append(
            Step.said(
                "Cast Check", S_MODIFIERS, "ph_20_always_succeeds_needs", difficulty=difficulty
            )
        )
    else:
        success = roll >= difficulty
        steps.append(
            Step.said(
                "Cast Check",
                S_CASTING,
                "ph_rolls_against",
                roll=roll,
                difficulty=difficulty,
                outcome="success" if success else "failure",
            )
        )
    steps.append(
        Step.said("No shooting", S_CASTING, "ph_attempted_spell_no_shoot", caster=caster.name)
    )
    injury = None
    if success:
        steps.append(Step.said("Resolve", S_CASTING, "ph_resolves_as_described", spell=spell.name))
        if spell.kind == "ongoing":
            caster.ongoing.append(spell.name)
            steps.append(Step.said("Ongoing", S_ONGOING, "ph_stays_effect", spell=spell.name))
        if spell.kind == "cast_attack":
            injury = roll
            steps.append(
                Step.said("Injury Check", S_ATTACK, "ph_roll_injury_check_target", roll=roll)
            )  # fmt: skip
    else:
        steps.append(Step.said("Nothing", S_CASTING, "ph_cast_check_failed_nothing"))
    return CastResult(caster.name, spell.name, difficulty, roll, success, steps, injury)


def upkeep(caster: Caster, morale: dict[str, bool]) -> list[Step]:
    """Start of the caster's player's turn: each Ongoing Spell needs a passed Morale Check
    (`morale[spell]`; the fragment does not say how it is rolled); Stunned or Incapacitated
    casters lose them all at once."""
    steps: list[Step] = []
    if caster.stunned or caster.incapacitated:
        for name in caster.ongoing:
            steps.append(
                Step.said("Ends", S_ONGOING, "ph_stunned_incapacitated_ends", caster=caster.name,
                          name=name)
            )  # fmt: skip
        caster.ongoing.clear()
        return steps
    for name in list(caster.ongoing):
        if name not in morale:
            raise CastError(S_ONGOING, "ph_needs_morale_check_at", name=name)
        if morale[name]:
            steps.append(
                Step.said("Morale", S_ONGOING, "ph_morale_check_passed_remains", name=name)
            )
        else:
            caster.ongoing.remove(name)
            steps.append(Step.said("Morale", S_ONGOING, "ph_morale_check_failed_ends", name=name))
    return steps
