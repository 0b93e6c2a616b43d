"""What each ability and spell of the Almanac does, in our own words, as the engine applies it.

The catalog reader gives the numbers (icons, VC base, dice); this table gives the effect, one
entry per ability, so the coverage report can say which ones are modelled. Every kind is one
the engine resolves itself (`RESOLVED`): damage, heal, kill, stuck, inactive, control, revive,
stance (the Mob goes Fallow or Busy and a lasting modifier holds while it stays there), passive,
undo, the answers and LP transfers of `reactions.py` (give, steal, divvy, beg, amplify,
forecast, call, cancel, delay, shield, redirect, echo, karma, leap, timeslip) and the Wizard's
elements (`elements.py`: element, balance). No outcome is taken from the record.
"""

from __future__ import annotations

from dataclasses import dataclass

RESOLVED = frozenset(
    {
        "damage",
        "heal",
        "kill",
        "stuck",
        "inactive",
        "control",
        "revive",
        "stance",
        "passive",
        "undo",
        "give",
        "steal",
        "divvy",
        "beg",
        "amplify",
        "forecast",
        "call",
        "cancel",
        "delay",
        "shield",
        "redirect",
        "echo",
        "karma",
        "leap",
        "timeslip",
        "element",
        "balance",
        "arena",
        "fireball",
        "sneak",
    }
)
FIRES = frozenset(
    {
        "inactive",
        "damage",
        "damage_inactive",
        "heal",
        "inactive_or_damage",
        "retribution",
        "absorb",
        "circle",
        "touch",
        "balls",
    }
)
"""What a resolved firing does: to its target Inactive, damage (then Inactive), a heal;
SUMMON DEMON's absorbing, MAGIC CIRCLE's cancelling, the Icon's touch (reactions.py)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """How the engine applies one ability: what it does and to whom, in our words."""

    kind: str
    target: str = "enemy"  # self, enemy, ally, enemies, allies, any, dead
    summary: str = ""
    attack_roll: bool = False  # an ATT roll must hit as well
    negate_def: bool = False  # the target's DEF is not added to STR
    multiplier: int = 1  # damage multiplier on a hit
    self_after: str | None = None  # the user's position after success (else by its icons)
    revive_hp: str | None = None  # "20" or "lp4" for revive
    def_bonus: int = 0  # a stance's DEF bonus for the user (HIDE, PROPERSTANCE)
    ally_def_bonus_lp: bool = False  # PROTECTION: allies gain 1+LP DEF
    ally_att_bonus_lp: bool = False  # ENCHANTMENT: allies' STR eases by 1+LP
    absorb: bool = False  # ABSORBTION
    bonus_damage: bool = False  # BONUS DAMAGE
    max_die: bool = False  # the damage is the maximum of a die (JOKE, PRANK)
    after_hit: bool = False  # only right after the Mob itself was damaged (COUNTER, DODGE)
    attacks_held: bool = False  # the Mob may still attack while it holds this (HOWL...)
    quip_success: int = 0  # how far its VC quips down after a use that worked
    quip_failure: int = 0  # ... after a use that failed (ASSASSINATE: 1 and 2)
    trigger: bool = False  # a stance whose lasting effect fires on others' actions
    fires: str | None = None  # what a firing does when the engine resolves it (`FIRES`)
    fire_vc: int | None = None  # which "(N+LP) VC" of the text the firing rolls (None: none)
    fire_amount: str = ""  # "dice" (the ability's dice), "lp2", "lp3", "2+lp", "3d4"
    reacts: bool = False  # always an answer out of the Turn (PLEAD), whatever its icons
    spend_first: bool = False  # the LP declared are spent before the VC roll (STEAL)
    fail_position: str = "inactive"  # where a missed VC roll leaves the Mob (LEAP: stuck)
    pool_base: int | None = None  # the N of an "(N+LP)" pool the catalog does not print
    looks_back: bool = False  # puts back state from before the event it answers (undoes it)
    vc_on_go: bool = False  # its VC is rolled on the GO Action only (ELEMENTAL BLAST)
    charges: bool = False  # its VC charges it (Busy); it is unleashed later, with no roll
    lasting: bool = False  # held across rounds, whatever the position, until it ends (BALLS)
    zone: str | None = None  # where its targets must stand (`state.ZONES`), if the text says
    not_from: tuple[str, ...] = ()  # positions its user may not play it from (ENTROPY)

    @property
    def resolved(self) -> bool:
        """Applied by the engine itself, down to what a held ability does when it fires."""
        return self.kind in RESOLVED and (not self.trigger or self.fires is not None)


E = Effect
EFFECTS: dict[str, Effect] = {
    # Warrior
    "absorbtion": E(
        "passive",
        "self",
        "armour takes (3+LP) off each hit, wearing down by 1 after each assault",
        absorb=True,
    ),
    "bonus-damage": E(
        "passive",
        "self",
        "each successful attack adds 1 to a bonus, up to (3+LP), added to later damage",
        bonus_damage=True,
    ),
    # Barbarian
    "berserk": E(
        "damage",
        "enemy",
        "1 attack plus up to 3 more from the pool on one foe; a 1 "
        "cancels all and sticks the Barbarian, a 20 does not double",
        attack_roll=True,
    ),
    "howl": E(
        "stance",
        "allies",
        "while Busy, allies' attacks do double damage until the Barbarian's first attack",
        attacks_held=True,
    ),
    # Paladin
    "holy-light": E("heal", "allies", "one roll of the dice heals every ally"),
    "aid": E("give", "ally", "gives (3+LP), All-or-some, to another friendly Mob's ability Total"),
    # Ranger
    "counter": E(
        "damage",
        "enemy",
        "after being hit, strikes back with its own attack roll",
        attack_roll=True,
        after_hit=True,
    ),
    "called-shot": E(
        "damage",
        "enemy",
        "VC, then an attack ignoring DEF for triple damage",
        attack_roll=True,
        negate_def=True,
        multiplier=3,
    ),
    # Cavalier
    "vigilante": E(
        "shield",
        "ally",
        "takes the blow an ally just took, LP x2 of it prevented",
        looks_back=True,
    ),
    "charge": E(
        "stance",
        "self",
        "Busy: the party wins Initiative; last, the Cavalier attacks DEF negated for x2",
        attacks_held=True,
    ),
    # Thief
    "steal": E(
        "steal", "enemy", "takes LP from an opponent's ability Total into DIVVY", spend_first=True
    ),
    "divvy": E("divvy", "allies", "hands DIVVY LP out to allies' ability Totals"),
    # Thug
    "hide": E(
        "stance", "self", "Busy and hidden: +4 DEF, no spells without attack rolls", def_bonus=4
    ),
    "backstab": E(
        "damage",
        "enemy",
        "an attack ignoring DEF with a x2 to x4 multiplier",
        attack_roll=True,
        negate_def=True,
        multiplier=2,
    ),
    # Assassin
    "assassinate": E(
        "kill",
        "enemy",
        "VC and an attack ignoring DEF kill the target",
        attack_roll=True,
        negate_def=True,
        quip_success=1,
        quip_failure=2,
    ),
    "guise": E(
        "control", "enemy", "takes control of an opposing Mob while the Assassin stays Fallow"
    ),
    # Rogue
    "sneak-attack": E(
        "sneak",
        "enemy",
        "Busy after the Rogue's hit; on a Turn, a VC gives another attack on the same target",
    ),
    "trap": E(
        "stance",
        "enemies",
        "while Fallow, opposing Mobs taking turns may be made Inactive",
        trigger=True,
        fires="inactive",
        fire_vc=1,
    ),
    # Joker
    "joke": E("damage", "enemy", "the target takes its own weapon's maximum damage", max_die=True),
    "prank": E(
        "damage",
        "enemy",
        "an Active opponent hits a friend for maximum damage; missed, it hits the Joker",
        max_die=True,
    ),
    # Fire Mage
    "fireball": E(
        "fireball",
        "enemies",
        "charged on a VC (Busy), unleashed on a later Turn: D6s on every Mob of one opposing zone",
        charges=True,
    ),
    "firewall": E(
        "stance",
        "enemies",
        "Mobs crossing the wall take D6s automatically, one die fewer each time, to none",
        trigger=True,
        fires="damage",
        fire_amount="dice",
        lasting=True,
    ),
    # Ice Mage
    "ice-bolt": E(
        "damage", "enemy", "an attack ignoring DEF, then D6s", attack_roll=True, negate_def=True
    ),
    "freeze": E("stuck", "enemy", "makes an opposing Mob STUCK until next round"),
    # Air Mage
    "fly": E("stance", "self", "Busy in the air: out of reach of attack rolls"),
    "air-bolt": E(
        "damage",
        "enemy",
        "D8s; an attack ignoring DEF unless flying",
        attack_roll=True,
        negate_def=True,
    ),
    # Earth Mage
    "earthquake": E("inactive", "any", "Active Mobs become Inactive and Inactive ones Active"),
    "meteor-shower": E(
        "stance",
        "any",
        "while Busy, Mobs taking turns may be hit by D6s",
        trigger=True,
        fires="damage_inactive",
        fire_vc=0,
        fire_amount="dice",
    ),
    # Mystic
    "light": E(
        "stance",
        "allies",
        "while Fallow, allies heal LP x3 when they act",
        trigger=True,
        fires="heal",
        fire_amount="lp3",
    ),
    "shadows": E(
        "stance",
        "enemies",
        "while Busy, acting opponents go Inactive or take LP x2",
        trigger=True,
        fires="inactive_or_damage",
        fire_amount="lp2",
    ),
    # Shaman
    "peace-pipe": E(
        "stance", "enemies", "Fallow: opposing Fallow Mobs go Inactive, none may go Fallow"
    ),
    "dance": E(
        "cancel", "enemy", "undoes the opposing spell or ability just played", looks_back=True
    ),
    # Theurgist
    "retribution": E(
        "stance",
        "allies",
        "while Busy, whoever hurts an ally takes the same",
        trigger=True,
        fires="retribution",
    ),
    "protection": E(
        "stance",
        "allies",
        "while Fallow, every friendly Mob gains 1+LP DEF",
        ally_def_bonus_lp=True,
    ),
    # Necromancer
    "summon-dead": E(
        "revive",
        "dead",
        "raises a dead Mob of either side with LP x4 HP, under the Necromancer's control",
        revive_hp="lp4",
    ),
    "disintegration": E(
        "damage",
        "enemies",
        "one roll of D4s on every opponent in the Umbra; the Necromancer is STUCK after",
        self_after="stuck",
        zone="umbra",
    ),
    # Cleric
    "ressurect": E("revive", "dead", "raises a dead Mob at 20 HP", revive_hp="20"),
    "heal": E("heal", "ally", "D8s heal one party member"),
    # Druid
    "wall-of-thorns": E(
        "stance",
        "allies",
        "while Fallow, attacks on allies may fail",
        trigger=True,
        fires="damage",
        fire_vc=1,
        fire_amount="lp2",
    ),
    "summon-wolf": E(
        "stance",
        "enemies",
        "while Busy, a wolf may bite after allies' hits",
        trigger=True,
        fires="damage",
        fire_vc=1,
        fire_amount="dice",
    ),
    # Warlock
    "summon-demon": E(
        "stance",
        "self",
        "while Busy, a demon may absorb what targets the Warlock",
        trigger=True,
        fires="absorb",
        looks_back=True,
    ),
    "demon-attack": E("damage", "enemy", "the demon deals damage equal to the Warlock's THP"),
    # Light Mage
    "aura": E("stance", "allies", "while Busy, the Light Mage and its Umbra cannot be worked"),
    "new": E("stance", "enemies", "while Fallow, opponents may only attack"),
    # Illusionist
    "disguise": E(
        "redirect",
        "ally",
        "plays the opposing action just played again on another ally",
        quip_success=1,
        quip_failure=1,
        looks_back=True,
    ),
    "flower": E(
        "control",
        "enemy",
        "an opponent comes over STUCK, staring at a flower",
        self_after="inactive",
    ),
    # Fighter
    "grapple": E(
        "damage", "enemy", "VC and a hit deal LP damage; allies get free attacks", attack_roll=True
    ),
    "dodge": E("undo", "self", "steps aside from the attack that just hit", after_hit=True),
    # Gladiator
    "arena": E("arena", "enemies", "fights up to 2+LP victims one by one; they may strike back"),
    "leap": E("leap", "self", "after its hit, back to the Portal Active", fail_position="stuck"),
    # Evoker
    "lightning-strike": E(
        "damage", "enemy", "D6s without a roll; the Evoker is STUCK after", self_after="stuck"
    ),
    "magic-missile": E(
        "damage",
        "enemy",
        "one D4 out of turn; as a Turn Action the dice left at their maximum, then STUCK",
    ),
    # Time Mage
    "entropy": E("inactive", "any", "makes any Mob Inactive", not_from=("inactive", "stuck")),
    "time-slip": E("timeslip", "any", "while Fallow then Busy, makes Inactive Mobs Active"),
    # Dark Mage
    "dissension": E(
        "inactive", "enemies", "chosen opponents in the Portal become Inactive", zone="portal"
    ),
    "balls": E(
        "stance",
        "enemies",
        "a d6 puts it in an opposing zone; a Mob there may take D6s, then BALLS is over",
        trigger=True,
        fires="balls",
        lasting=True,
    ),
    # Samurai
    "swordsing": E(
        "damage", "enemy", "a thrown weapon: double damage, target Inactive", multiplier=2
    ),
    "properstance": E(
        "stance",
        "self",
        "Busy: +2 DEF, stores LP for later attacks",
        def_bonus=2,
        attacks_held=True,
    ),
    # Monk
    "spirit-walk": E(
        "stance",
        "self",
        "Fallow: protected from death, 1+LP attacks",
        attacks_held=True,
    ),
    "spirit-healing": E(
        "stance",
        "allies",
        "while Busy, Mobs entering the Umbra heal 3D4",
        trigger=True,
        fires="heal",
        fire_amount="3d4",
    ),
    # Conjurere
    "icon-of-impulse": E(
        "stance",
        "any",
        "an icon: who touches it goes Inactive and a pigeon flies",
        trigger=True,
        fires="touch",
    ),
    "pigeon": E("damage", "enemies", "D4s on each play phase while the pigeon flies"),
    # Enchanter
    "enchantment": E(
        "stance", "allies", "while Busy, allies' attacks ease by 1+LP", ally_att_bonus_lp=True
    ),
    "sleep": E("stuck", "enemy", "an opponent sleeps STUCK while the Enchanter is Fallow"),
    # Soothsayer
    "herb": E("heal", "ally", "D4s heal one Mob"),
    "charm": E("control", "enemy", "an opponent acts against its allies for one turn"),
    # Diviner
    "forecast": E("forecast", "enemies", "sets the order opponents act in this round"),
    "call": E("call", "enemy", "chooses the next opposing Mob and its action"),
    # Thaumaturgist
    "amplify": E(
        "amplify",
        "allies",
        "adds (1+LP), All-or-some, to what the next ally spends",
        self_after="inactive",
        pool_base=1,
    ),
    "attentuation": E("stance", "enemies", "while Busy, opponents' LP count LP less"),
    # Beggar
    "beg": E("beg", "enemy", "begs LP from an opponent into Stock LP"),
    "plead": E(
        "cancel",
        "self",
        "spends Stock LP to stop an action on it",
        reacts=True,
        looks_back=True,
    ),
    # Abjurer
    "echo": E("echo", "any", "repeats the Turn Action spell or ability just played"),
    "delay": E(
        "delay", "enemy", "Fallow, then skips an incoming spell or ability", looks_back=True
    ),
    # Wizard
    "elemental-blast": E(
        "element",
        "enemy",
        "prepared on the GO Action in an element, cast on a Turn: LP D6s of that element",
        fail_position="stuck",
        vc_on_go=True,
    ),
    "counter-balance": E(
        "balance",
        "self",
        "while the Wizard holds its element, escapes an action into the next element",
        looks_back=True,
    ),
    # Runecaster
    "runecast": E("damage", "enemies", "rune D4s on every opponent"),
    "magic-circle": E(
        "stance",
        "self",
        "Fallow: spells on the Runecaster are cancelled, their caster takes LP D4",
        trigger=True,
        fires="circle",
        looks_back=True,
    ),
    # Witch
    "curse": E(
        "stance",
        "enemies",
        "while Busy, spellcasters against the party take 2+LP",
        trigger=True,
        fires="damage",
        fire_amount="2+lp",
    ),
    "karma": E("karma", "any", "the damage or healing just done happens once more"),
}

LOOKS_BACK = frozenset(slug for slug, effect in EFFECTS.items() if effect.looks_back)
"""Answers that need the state from before the event they answer: the engine keeps a copy of
the state before an event only when the next event is one of these (copies are its main cost)."""
PARTY_DEF = tuple(slug for slug, effect in EFFECTS.items() if effect.ally_def_bonus_lp)
"""Held abilities that add 1+LP to their party's DEF (PROTECTION)."""
PARTY_EASING = tuple(slug for slug, effect in EFFECTS.items() if effect.ally_att_bonus_lp)
"""Held abilities that lower their party's STR by 1+LP (ENCHANTMENT)."""
